/**
 * A session: one agent's conversation with the search tool over one world. It holds the world, the
 * task it may be bound to, the seed and perturbation profile that make its faults replayable, the
 * renderer and optional guard, a call counter, and a bounded history of calls and observations
 * (which a world-model renderer reads to stay consistent, and which dumps as a JSONL trajectory).
 */
import { writeFileSync } from 'node:fs';
import { FictionError } from '../errors.js';
import { NO_PERTURBATION, parseProfile, type PerturbationProfile } from '../perturb/profile.js';
import { createRenderer, type Renderer } from '../render/renderer.js';
import type { SearchGuard } from './guard-hook.js';
import { createLeakGuard } from '../leakage/guard.js';
import type { SearchWorld } from './world-index.js';
import { KeptHistory, type HistoryEntry, type KeptText } from './kept-history.js';

export type { HistoryEntry } from './kept-history.js';

export const DEFAULT_HISTORY_LIMIT = 64;

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

/** What a renderer reads of a session's history: snapshots, valid after later calls. */
export interface HistoryReader {
  /** The last `calls` calls, oldest first. */
  recentHistory(calls: number): readonly HistoryEntry[];
}

export class Session implements HistoryReader {
  readonly world: SearchWorld;
  readonly taskId: string | null;
  readonly seed: number;
  readonly profile: Readonly<PerturbationProfile>;
  readonly renderer: Renderer;
  readonly guard: SearchGuard | undefined;
  readonly historyLimit: number;
  private calls = 0;
  private readonly kept: KeptHistory;

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
    this.kept = new KeptHistory(limit);
    if (taskId !== null) this.guard?.prepare?.(world, taskId);
  }

  /** Calls made so far (also the index the next call gets). */
  get callCount(): number {
    return this.calls;
  }

  /** Claim the next call index (the perturbation draws are seeded by it). */
  nextCallIndex(): number {
    return this.calls++;
  }

  /** The most recent calls, oldest first (at most `historyLimit`): a snapshot, each text decoded. */
  get history(): readonly HistoryEntry[] {
    return this.kept.recent(Infinity);
  }

  recentHistory(calls: number): readonly HistoryEntry[] {
    return this.kept.recent(calls);
  }

  /**
   * Keep a call (src/search/kept-history.ts). Returns a handle on its text's UTF-8 while the session
   * keeps it (undefined with a history limit of 0).
   */
  record(entry: HistoryEntry): KeptText | undefined {
    return this.kept.push(entry);
  }

  /** Let go of the kept history (a server session closing or expiring): its memory goes back to the pool, and later calls are not kept. */
  close(): void {
    this.kept.close();
  }

  /** The kept history as JSONL: one line per call, with no timings (replays dump byte-identically). */
  trajectoryJsonl(): string {
    return this.history
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
