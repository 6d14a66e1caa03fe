/**
 * Server-side sessions: an agent's conversation with one world, created by one call and named in later
 * ones. Each pins its world's handle, expires after `ttlMs` without use, and keeps a bounded history
 * (the core session's). Ids are random and unguessable: knowing one is what lets a caller use it.
 */
import { randomBytes } from 'node:crypto';
import { FictionError } from '../errors.js';
import { PRESETS, parseProfile, type PerturbationProfile } from '../perturb/profile.js';
import type { Renderer } from '../render/renderer.js';
import { createSession, type Session } from '../compose.js';
import { parseOpenPolicy, type OpenPolicy } from '../search/session.js';
import type { WorldPool } from './world-pool.js';

/**
 * A session id: `s_` and 24 random characters, led by the id of the replica that minted it and a dot
 * when the server has one (`r2.s_…`), which is what a proxy routes on (docs/deploy.md).
 */
export const SESSION_ID_RE = /^(?:[a-z0-9][a-z0-9-]{0,31}\.)?s_[A-Za-z0-9_-]{24}$/;
/** A replica id: lower-case letters, digits and dashes (a Kubernetes pod name fits). */
export const REPLICA_ID_RE = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** A replica id from a flag or the environment, checked. */
export function checkReplicaId(id: string): string {
  if (!REPLICA_ID_RE.test(id))
    throw new FictionError('BAD_INPUT', 'a replica id is 1 to 32 lower-case letters, digits and dashes, starting with a letter or digit');
  return id;
}

/** A session id from a request, checked: anything else is a 400. */
export function checkSessionId(id: unknown): string {
  if (typeof id !== 'string' || !SESSION_ID_RE.test(id)) throw new FictionError('BAD_INPUT', 'not a session id');
  return id;
}

export interface SessionSpec {
  world: unknown;
  task?: unknown;
  seed?: unknown;
  /** A perturbation profile object, or a preset name (never a file path: the server reads no files for callers). */
  profile?: unknown;
  /** Which URLs web_extractor opens: "seen" or "any" (OPEN_POLICY_DOC); default seen when bound to a task. */
  open?: unknown;
}

export interface StoredSession {
  readonly id: string;
  readonly worldId: string;
  readonly session: Session;
  readonly createdAt: number;
  lastUsed: number;
}

export interface SessionDescription {
  session: string;
  world: string;
  task: string | null;
  seed: number;
  /** Which URLs web_extractor opens in the session. */
  open: OpenPolicy;
  calls: number;
  createdAt: string;
  expiresAt: string;
}

export interface SessionStoreOptions {
  ttlMs: number;
  maxSessions: number;
  historyLimit: number;
  renderer: Renderer;
  /** The replica's id, put before every id it mints (`<replica>.s_…`). */
  replicaId?: string | undefined;
  now?: () => number;
  onClose?: (s: StoredSession, reason: 'closed' | 'expired' | 'shutdown') => void;
}

interface Slot {
  stored: StoredSession;
  release: () => void;
}

function profileOf(value: unknown): Partial<PerturbationProfile> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const preset = Object.hasOwn(PRESETS, value) ? PRESETS[value] : undefined;
    if (!preset) throw new FictionError('BAD_INPUT', `unknown profile preset "${value.slice(0, 40)}" (known: ${Object.keys(PRESETS).join(', ')})`);
    return parseProfile(preset, `preset ${value}`);
  }
  return parseProfile(value, 'profile');
}

function seedOf(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new FictionError('BAD_INPUT', 'seed must be a non-negative integer');
  return value;
}

function taskOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) throw new FictionError('BAD_INPUT', 'task must be a task id (a short string)');
  return value;
}

/** The answer to a create beyond the session limit. */
function sessionLimitReached(max: number): FictionError {
  return new FictionError('UNAVAILABLE', `the server holds its maximum of ${max} sessions: close some or retry later`);
}

export class SessionStore {
  private readonly slots = new Map<string, Slot>();
  private readonly pool: WorldPool;
  private readonly opts: SessionStoreOptions;
  private readonly now: () => number;

  constructor(pool: WorldPool, opts: SessionStoreOptions) {
    this.pool = pool;
    this.opts = opts;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.slots.size;
  }

  /** A new session, with a random id. */
  create(spec: SessionSpec): StoredSession {
    const id = `${this.opts.replicaId ? `${this.opts.replicaId}.` : ''}s_${randomBytes(18).toString('base64url')}`;
    const seed = seedOf(spec.seed);
    const taskId = taskOf(spec.task);
    const profile = profileOf(spec.profile);
    const open = parseOpenPolicy(spec.open);
    if (this.slots.size >= this.opts.maxSessions) this.sweep();
    if (this.slots.size >= this.opts.maxSessions) throw sessionLimitReached(this.opts.maxSessions);
    const handle = this.pool.acquire(spec.world);
    try {
      const session = createSession(handle.world, {
        taskId,
        seed,
        profile,
        renderer: this.opts.renderer,
        historyLimit: this.opts.historyLimit,
        ...(open ? { open } : {}),
      });
      const t = this.now();
      const stored: StoredSession = { id, worldId: handle.world.id, session, createdAt: t, lastUsed: t };
      this.slots.set(id, { stored, release: handle.release });
      return stored;
    } catch (e) {
      handle.release();
      throw e;
    }
  }

  /** The live session `id` (its expiry restarts), or NOT_FOUND. */
  get(raw: unknown): StoredSession {
    const id = checkSessionId(raw);
    const slot = this.slots.get(id);
    const t = this.now();
    if (!slot || t - slot.stored.lastUsed > this.opts.ttlMs) {
      if (slot) this.drop(id, slot, 'expired');
      throw new FictionError('NOT_FOUND', 'no such session (it may have expired)');
    }
    slot.stored.lastUsed = t;
    return slot.stored;
  }

  expiresAt(s: StoredSession): number {
    return s.lastUsed + this.opts.ttlMs;
  }

  /** What the API says about a session. */
  describe(s: StoredSession): SessionDescription {
    return {
      session: s.id,
      world: s.worldId,
      task: s.session.taskId,
      seed: s.session.seed,
      open: s.session.open,
      calls: s.session.callCount,
      createdAt: new Date(s.createdAt).toISOString(),
      expiresAt: new Date(this.expiresAt(s)).toISOString(),
    };
  }

  /** Close session `id`; false when there was none. */
  close(raw: unknown): boolean {
    const id = checkSessionId(raw);
    const slot = this.slots.get(id);
    if (!slot) return false;
    this.drop(id, slot, 'closed');
    return true;
  }

  /** Drop expired sessions; returns how many. */
  sweep(): number {
    const t = this.now();
    let n = 0;
    for (const [id, slot] of this.slots) {
      if (t - slot.stored.lastUsed > this.opts.ttlMs) {
        this.drop(id, slot, 'expired');
        n++;
      }
    }
    return n;
  }

  closeAll(): void {
    for (const [id, slot] of this.slots) this.drop(id, slot, 'shutdown');
  }

  private drop(id: string, slot: Slot, reason: 'closed' | 'expired' | 'shutdown'): void {
    this.slots.delete(id);
    slot.release();
    this.opts.onClose?.(slot.stored, reason);
    slot.stored.session.close();
  }
}
