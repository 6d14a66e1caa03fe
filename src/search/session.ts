/**
 * A session: one agent's conversation with the search tool over one world. It holds the world, the
 * task it may be bound to, the seed and perturbation profile that make its faults replayable, the
 * renderer and optional guard, a call counter, and a bounded history of calls and observations
 * (which a world-model renderer reads to stay consistent, and which dumps as a JSONL trajectory).
 */
import { writeFileSync } from 'node:fs';
import { FictionError } from '../errors.js';
import { NO_PERTURBATION, parseProfile, type PerturbationProfile } from '../perturb/profile.js';
import type { ToolName } from '../tools/definitions.js';
import type { ObservationError } from '../render/observation.js';
import { createRenderer, type Renderer } from '../render/renderer.js';
import type { SearchGuard } from './guard-hook.js';
import { createLeakGuard } from '../leakage/guard.js';
import type { SearchWorld } from './world-index.js';

export const DEFAULT_HISTORY_LIMIT = 64;

export interface HistoryEntry {
  callIndex: number;
  name: ToolName;
  /** The call's arguments as validated (queries normalised, page filled in). */
  arguments: Readonly<Record<string, unknown>>;
  /** The observation as the agent read it. */
  text: string;
  /**
   * For a page that opened (web_extractor without a fault), its URL and title: what a world model is
   * told of an earlier page instead of its content. The observation's JSON is not kept: every session
   * holds up to `historyLimit` entries, and a search's JSON repeats its text as a tree of small objects.
   */
  page?: { url: string; title: string };
  error?: ObservationError;
  renderer: string;
}

export interface SessionOptions {
  /** Bind the session to a task of the world (the guard uses it). */
  taskId?: string | null;
  /** Seed of the perturbation draws (default 0). */
  seed?: number;
  /** Perturbation settings; unset keys are off. */
  profile?: Partial<PerturbationProfile>;
  renderer?: Renderer;
  /** The guard of a bound session: the leakage guard by default; `null` turns it off (audits only). */
  guard?: SearchGuard | null;
  historyLimit?: number;
}

const utf8 = new TextEncoder();

/** `String.prototype.isWellFormed` (Node 20; not in this project's ES2022 library types). */
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * The entry as kept: the same keys in the same order, except that the observation is held as its UTF-8
 * `bytes` outside the JS heap and decoded when `text` is read (a world model's prompt reads the last few
 * entries on each call; a trajectory reads them all). A session keeps up to `historyLimit` observations
 * for seconds to minutes, and as strings each one was copied by every young-generation collection it
 * lived through, then promoted: about half the collector's time in a busy server. `text` stays an own,
 * enumerable property (a getter), so JSON, spreading and cloning still see it. A text that UTF-8 cannot
 * hold exactly (a lone surrogate) is kept as it is.
 */
function kept(entry: HistoryEntry, bytes: Uint8Array | undefined): HistoryEntry {
  const out = {} as Record<string, unknown>;
  for (const key of Object.keys(entry)) {
    if (key === 'text' && bytes) {
      Object.defineProperty(out, 'text', {
        get: () => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
        enumerable: true,
      });
    } else out[key] = (entry as unknown as Record<string, unknown>)[key];
  }
  return out as unknown as HistoryEntry;
}

export class Session {
  readonly world: SearchWorld;
  readonly taskId: string | null;
  readonly seed: number;
  readonly profile: Readonly<PerturbationProfile>;
  readonly renderer: Renderer;
  readonly guard: SearchGuard | undefined;
  readonly historyLimit: number;
  private calls = 0;
  private readonly entries: HistoryEntry[] = [];

  constructor(world: SearchWorld, opts: SessionOptions = {}) {
    const taskId = opts.taskId ?? null;
    if (taskId !== null) {
      if (typeof taskId !== 'string' || taskId.length === 0 || taskId.length > 64) throw new FictionError('BAD_INPUT', 'task id must be a short string');
      if (!world.task(taskId)) throw new FictionError('NOT_FOUND', `task ${taskId} not found in world ${world.id}`);
    }
    const seed = opts.seed ?? 0;
    if (!Number.isSafeInteger(seed)) throw new FictionError('BAD_INPUT', `session seed must be an integer, got ${String(seed).slice(0, 40)}`);
    const limit = opts.historyLimit ?? DEFAULT_HISTORY_LIMIT;
    if (!Number.isInteger(limit) || limit < 0) throw new FictionError('BAD_INPUT', 'history limit must be a non-negative integer');
    this.world = world;
    this.taskId = taskId;
    this.seed = seed;
    this.profile = opts.profile ? parseProfile(opts.profile) : NO_PERTURBATION;
    this.renderer = opts.renderer ?? createRenderer('template');
    this.guard = opts.guard === null ? undefined : (opts.guard ?? (taskId !== null ? createLeakGuard() : undefined));
    this.historyLimit = limit;
  }

  /** Calls made so far (also the index the next call gets). */
  get callCount(): number {
    return this.calls;
  }

  /** Claim the next call index (the perturbation draws are seeded by it). */
  nextCallIndex(): number {
    return this.calls++;
  }

  /** The most recent calls, oldest first (at most `historyLimit`). */
  get history(): readonly HistoryEntry[] {
    return this.entries;
  }

  /**
   * Keep a call. Returns the observation's text as the session keeps it, in UTF-8 (not kept with a
   * history limit of 0, or for a text UTF-8 cannot hold): read it, never change it.
   */
  record(entry: HistoryEntry): Uint8Array | undefined {
    if (this.historyLimit === 0) return undefined;
    const text: unknown = entry.text;
    const bytes = typeof text === 'string' && wellFormed(text) ? utf8.encode(text) : undefined;
    this.entries.push(kept(entry, bytes));
    if (this.entries.length > this.historyLimit) this.entries.splice(0, this.entries.length - this.historyLimit);
    return bytes;
  }

  /** The kept history as JSONL: one line per call, with no timings (replays dump byte-identically). */
  trajectoryJsonl(): string {
    return this.entries
      .map((e) =>
        JSON.stringify({
          world: this.world.id, task: this.taskId, seed: this.seed, call: e.callIndex, tool: e.name, arguments: e.arguments,
          renderer: e.renderer, error: e.error?.type ?? null, observation: e.text,
        }))
      .map((l) => `${l}\n`)
      .join('');
  }

  /** Write the trajectory to a file. */
  dumpTrajectory(path: string): void {
    try {
      writeFileSync(path, this.trajectoryJsonl());
    } catch (e) {
      throw new FictionError('IO', `cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, { cause: e });
    }
  }
}

export function createSession(world: SearchWorld, opts: SessionOptions = {}): Session {
  return new Session(world, opts);
}
