/**
 * Session ids other stacks mint themselves, bound to ours. DeepDive's rollout names its own
 * (`deepdive-<index>-<ns>`), OpenEnv's reset takes a client `episode_id`; the first request under such
 * an id creates one of our sessions (bound to the world and task it names) and later ones find it here.
 * One of our own ids (`r2.s_…`) is used as it is. Kept per replica, bounded, and forgotten with the
 * session: behind a proxy, requests under a foreign id reach one replica by a hash of it (docs/deploy.md).
 */
import { LRUCache } from 'lru-cache';
import { FictionError } from '../../errors.js';
import type { SessionSpec } from '../session-store.js';
import { SESSION_ID_RE } from '../session-store.js';
import type { ServerContext } from '../context.js';
import { requireAdmin } from '../auth.js';

/** Longest foreign id accepted. */
const MAX_FOREIGN_ID = 200;

export interface Binding {
  /** Our session id. */
  session: string;
  /** What the stack keeps beside it (DeepDive's result links, OpenEnv's done flag). */
  state: Record<string, unknown>;
}

export class ForeignSessions {
  private readonly bound: LRUCache<string, Binding>;
  private readonly ctx: ServerContext;

  constructor(ctx: ServerContext) {
    this.ctx = ctx;
    // Two keys a binding (the foreign id and ours), for as many sessions as the server holds.
    this.bound = new LRUCache({ max: 2 * ctx.limits.maxSessions });
  }

  /** The binding of `id` (ours or foreign), or undefined when a foreign id is not bound yet. */
  find(id: unknown): Binding | undefined {
    const key = checkForeignId(id);
    const hit = this.bound.get(key);
    if (hit) return hit;
    if (!SESSION_ID_RE.test(key)) return undefined;
    this.ctx.core.describeSession(key); // NOT_FOUND for an unknown one of ours
    const binding: Binding = { session: key, state: {} };
    this.bound.set(key, binding);
    return binding;
  }

  /** The binding of `id`, creating our session from `spec` when a foreign id is new (binding a task is an admin action). */
  findOrCreate(id: unknown, spec: SessionSpec, authorization: string | undefined): Binding {
    const hit = this.find(id);
    if (hit) return hit;
    return this.create(id, spec, authorization);
  }

  /** A new session under `id` (a foreign id, or none: then our own id names it). */
  create(id: unknown, spec: SessionSpec, authorization: string | undefined): Binding {
    if (spec.task !== undefined && spec.task !== null) requireAdmin(this.ctx.adminToken, authorization);
    const described = this.ctx.core.createSession(spec);
    this.ctx.metrics.sessionsCreated.inc();
    const binding: Binding = { session: described.session, state: {} };
    this.bound.set(id === undefined || id === null ? described.session : checkForeignId(id), binding);
    if (id !== undefined && id !== null) this.bound.set(described.session, binding);
    return binding;
  }

  /** Close the session `id` names; false when there was none. */
  close(id: unknown): boolean {
    const key = checkForeignId(id);
    const binding = this.bound.get(key) ?? (SESSION_ID_RE.test(key) ? { session: key, state: {} } : undefined);
    if (!binding) return false;
    this.bound.delete(key);
    this.bound.delete(binding.session);
    return this.ctx.core.closeSession(binding.session);
  }
}

function checkForeignId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_FOREIGN_ID)
    throw new FictionError('BAD_INPUT', `a session id must be a string of 1 to ${MAX_FOREIGN_ID} characters`);
  return id;
}
