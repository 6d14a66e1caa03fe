/**
 * The search core behind every server edge (HTTP routes, /retrieve, /mcp): worlds, sessions and tool
 * calls, behind one interface. Routes call a `SearchCore` and nothing else; they never reach into its
 * world pool or session store. There is one implementation, `createLocalCore`, running in this thread
 * (a search is about 0.1 ms); serving more than one process's worth is replicas behind a proxy.
 *
 * A target is a live session (`?session=`) or a fresh session over a world (`?world=`), which is what a
 * CLI call is: no task, seed 0, no perturbation, so no guard.
 */
import type { Difficulty } from '../tasks/certificate/schema.js';
import { setMaxListeners } from 'node:events';
import { FictionError } from '../errors.js';
import type { Renderer } from '../render/renderer.js';
import { callTool, type ToolResult } from '../search/call-tool.js';
import { createSession } from '../compose.js';
import type { Session } from '../search/session.js';
import type { ToolCall } from '../search/tool-args.js';
import type { SearchWorld } from '../search/world-index.js';
import type { Task } from '../world/types.js';
import { checkCallLimits, type ServerLimits } from './limits.js';
import type { Logger } from './log.js';
import { retrieveAt, type RetrievedQuery } from './retrieve.js';
import { checkSessionId, SessionStore, type SessionDescription, type SessionSpec, type StoredSession } from './session-store.js';
import { checkWorldId, WorldPool, type WorldSummary } from './world-pool.js';

export interface TargetSpec {
  session?: string | undefined;
  world?: string | undefined;
}

/** Check that a target names a session or a world, and that its id is well formed (no lookup). */
export function checkTargetForm(spec: TargetSpec): void {
  if (spec.session !== undefined && spec.world !== undefined) throw new FictionError('BAD_INPUT', 'name a session or a world, not both');
  if (spec.session !== undefined) checkSessionId(spec.session);
  else if (spec.world !== undefined) checkWorldId(spec.world);
  else throw new FictionError('BAD_INPUT', 'name a world (?world=<id>) or a session (?session=<id>)');
}

/** A task as the admin listing shows it (no answer). */
export interface TaskSummary {
  id: string;
  kind: string;
  question: string;
  answerType: string;
  difficulty: Difficulty;
}

export interface CoreStats {
  /** Live sessions. */
  sessions: number;
  /** Open world handles (idle and in use). */
  openWorlds: number;
  /** World files opened, and handles closed, since start. */
  opens: number;
  closes: number;
}

export type SessionEndReason = 'closed' | 'expired' | 'shutdown';

export interface SearchCore {
  /** The folder of worlds served. */
  readonly worldsDir: string;
  /** The renderer's name (template, or a world model). */
  readonly rendererName: string;
  /** The worlds of the folder. */
  listWorlds(): WorldSummary[];
  /** A world's tasks without their answers; and one task with its answer (NOT_FOUND when absent). */
  worldTasks(world: unknown): { world: string; tasks: TaskSummary[] };
  worldTask(world: unknown, task: string): { world: string; task: Task };
  createSession(spec: SessionSpec): SessionDescription;
  describeSession(id: unknown): SessionDescription;
  /** False when there was no such session. */
  closeSession(id: unknown): boolean;
  /** The session's kept history as JSONL. */
  trajectory(id: unknown): string;
  /** Check a target's ids and that they exist, opening nothing. */
  checkTarget(spec: TargetSpec): void;
  /** One tool call at a target (edge limits first). */
  call(spec: TargetSpec, call: ToolCall): Promise<ToolResult>;
  /** One Search-R1 query at a target: `topk` documents over as many result pages as it takes. */
  retrieve(spec: TargetSpec, query: string, topk: number): Promise<RetrievedQuery>;
  stats(): CoreStats;
  /** End sessions unused past their TTL; returns how many. */
  sweep(): number;
  /** End the calls still asleep in simulated latency, close every session and world handle. Idempotent. */
  close(): void;
}

export interface LocalCoreOptions {
  worlds: string;
  renderer: Renderer;
  limits: ServerLimits;
  log: Logger;
  /** Clock for session expiry (ms). */
  now?: () => number;
  /** This replica's id, which leads every session id it mints. */
  replicaId?: string | undefined;
  /** Told of every answered tool call and every ended session (metrics). */
  onCall?: (r: ToolResult) => void;
  onSessionEnd?: (reason: SessionEndReason) => void;
}

interface OpenTarget {
  readonly session: Session;
  release(): void;
}

/** The search core in this thread: a world pool, a session store and the one tool entry point, callTool. */
export function createLocalCore(opts: LocalCoreOptions): SearchCore {
  const { limits, log, renderer } = opts;
  const pool = new WorldPool(opts.worlds, limits.maxOpenWorlds, {
    onOpen: (id) => log.debug('world opened', { world: id }),
    onClose: (id) => log.debug('world closed', { world: id }),
  });
  const sessions = new SessionStore(pool, {
    ttlMs: limits.sessionTtlMs,
    maxSessions: limits.maxSessions,
    historyLimit: limits.historyLimit,
    renderer,
    replicaId: opts.replicaId,
    now: opts.now,
    onClose: (s: StoredSession, reason) => {
      opts.onSessionEnd?.(reason);
      log.debug('session ended', { session: s.id, world: s.worldId, reason, calls: s.session.callCount });
    },
  });
  // Aborted by close: a call still asleep in its simulated latency ends then, instead of keeping a
  // stopped server alive. Every such call listens to it: any number at once is expected, not a leak.
  const stopping = new AbortController();
  setMaxListeners(0, stopping.signal);
  const sweeper = setInterval(() => sessions.sweep(), Math.max(1000, Math.min(60_000, limits.sessionTtlMs / 4)));
  sweeper.unref();

  const checkTarget = (spec: TargetSpec): void => {
    checkTargetForm(spec);
    if (spec.session !== undefined) sessions.get(spec.session);
    else pool.require(spec.world);
  };

  let closed = false;
  /** A closed core opens nothing more (a call that outlived the drain would leak what it opens). */
  const refuseIfClosed = (): void => {
    if (closed) throw new FictionError('UNAVAILABLE', 'the server stopped: retry on another replica');
  };

  const open = (spec: TargetSpec): OpenTarget => {
    refuseIfClosed();
    checkTargetForm(spec);
    if (spec.session !== undefined) {
      const stored = sessions.get(spec.session); // the one lookup: NOT_FOUND for an unknown session
      // The call holds its world itself: a session closed or expired while the call runs (asleep in its
      // simulated latency, or waiting on a world model) gives up the session's hold, and the pool must not
      // close the world under the call. While the session lives its hold keeps this the same open world.
      const handle = pool.acquire(stored.worldId);
      return { session: stored.session, release: handle.release };
    }
    const handle = pool.acquire(spec.world);
    try {
      return { session: createSession(handle.world, { renderer, historyLimit: 0 }), release: handle.release };
    } catch (e) {
      handle.release();
      throw e;
    }
  };

  const run = async (target: OpenTarget, call: ToolCall): Promise<ToolResult> => {
    refuseIfClosed();
    checkCallLimits(call, limits);
    const result = await callTool(target.session, call, { signal: stopping.signal });
    opts.onCall?.(result);
    return result;
  };

  const at = async <T>(spec: TargetSpec, fn: (t: OpenTarget) => Promise<T>): Promise<T> => {
    const target = open(spec);
    try {
      return await fn(target);
    } finally {
      target.release();
    }
  };

  const withWorld = <T>(id: unknown, fn: (world: SearchWorld) => T): T => {
    refuseIfClosed();
    const handle = pool.acquire(id);
    try {
      return fn(handle.world);
    } finally {
      handle.release();
    }
  };

  return {
    worldsDir: pool.dir,
    rendererName: renderer.name,
    listWorlds: () => pool.list(),
    worldTasks: (id) =>
      withWorld(id, (world) => ({
        world: world.id,
        tasks: world.taskIds().map((t) => {
          const task = world.task(t)!;
          return { id: task.id, kind: task.kind, question: task.question, answerType: task.answerType, difficulty: task.difficulty };
        }),
      })),
    worldTask: (id, taskId) =>
      withWorld(id, (world) => {
        const task = world.task(taskId.slice(0, 64));
        if (!task) throw new FictionError('NOT_FOUND', `no task ${taskId.slice(0, 40)} in world ${world.id}`);
        return { world: world.id, task };
      }),
    createSession: (spec) => {
      refuseIfClosed();
      return sessions.describe(sessions.create(spec));
    },
    describeSession: (id) => sessions.describe(sessions.get(id)),
    closeSession: (id) => sessions.close(id),
    trajectory: (id) => sessions.get(id).session.trajectoryJsonl(),
    checkTarget,
    call: (spec, call) => at(spec, (t) => run(t, call)),
    retrieve: (spec, query, topk) => at(spec, (t) => retrieveAt((call) => run(t, call), query, topk)),
    stats: () => ({ sessions: sessions.size, openWorlds: pool.openCount, opens: pool.opens, closes: pool.closes }),
    sweep: () => sessions.sweep(),
    close: () => {
      if (closed) return;
      closed = true;
      stopping.abort();
      clearInterval(sweeper);
      sessions.closeAll();
      pool.closeAll();
    },
  };
}
