/**
 * The server's multi-core mode (`serve --threads N`): the search core (world handles, sessions,
 * callTool) runs in N worker threads (compute-worker.ts) while the main thread does HTTP. A call goes to
 * the worker chosen by a stable hash of its session id, or for `?world=` calls of its world id, so a
 * session lives in exactly one worker (its history, seed and guard stay whole) and a world is opened by
 * one worker for one-off calls. A new session goes to the worker with the fewest sessions, under an id
 * drawn until it hashes there (`placeSession`): routing stays a stateless hash, and the load of a
 * trainer's sessions splits evenly instead of as a coin toss per session does (55/45 is typical for 100
 * sessions on two workers, and the busier worker sets the latency of all). Each worker keeps
 * ceil(limit / N) of the session and open-world limits; the HTTP thread holds the session limit as a
 * whole (`heldSessions`).
 * Requests made in one turn of the event loop go to a worker in one message, and its replies come back
 * the same way: a message costs a wake-up of the other thread (a system call), so under load the hop
 * costs one per turn, not one per request.
 */
import { Worker } from 'node:worker_threads';
import { FictionError, type ErrorCode } from '../errors.js';
import { hash32 } from '../rng.js';
import type { ComputeOp, ComputeReply, ComputeRequest, ComputeWorkerData, WorkerStats } from './compute-worker.js';
import type { Metrics } from './metrics.js';
import type { TargetSpec } from './targets.js';

function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./compute-worker-entry.mjs', import.meta.url) : new URL('./compute-worker.js', import.meta.url);
}

interface Pending {
  resolve(value: unknown): void;
  reject(e: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Requests of this turn of the event loop, sent together (one message, one wake-up of the worker). */
  outbox: ComputeRequest[];
  stats: WorkerStats;
  /** Sessions being created here (sent, not yet answered): not in `stats` yet. */
  creating: number;
  dead: Error | undefined;
  exited: Promise<void>;
  /** When this worker started (performance.now()). */
  startedAt: number;
}

/** Sessions a worker holds or is creating, as of its last reply. */
const held = (s: Slot) => s.stats.sessions + s.creating;

export interface ComputePoolOptions {
  /**
   * A worker that stops (an uncaught error, out of memory) is started again after this delay, doubled
   * for each restart before it (at most 30 s), so a worker that cannot start does not spin. Default 250 ms.
   */
  restartDelayMs?: number;
}

export class ComputePool {
  readonly size: number;
  private readonly slots: Slot[];
  private readonly metrics: Metrics;
  private readonly data: ComputeWorkerData;
  private readonly restartDelayMs: number;
  private restarts = 0;
  private seq = 0;
  private closing: Promise<void> | undefined;
  private flushing: NodeJS.Immediate | undefined;

  constructor(n: number, data: ComputeWorkerData, metrics: Metrics, opts: ComputePoolOptions = {}) {
    this.size = n;
    this.metrics = metrics;
    this.data = data;
    this.restartDelayMs = opts.restartDelayMs ?? 250;
    this.slots = Array.from({ length: n }, (_, i) => this.spawn(i));
  }

  /**
   * Start the worker of slot `i`. If it stops while the pool is open, its pending requests fail
   * (INTERNAL) and, after a delay, a new worker takes the slot: the sessions it held are gone (their ids
   * answer 404 from then on, as expired ones do), and everything else is served again.
   */
  private spawn(i: number): Slot {
    const worker = new Worker(workerUrl(), { workerData: this.data });
    const slot: Slot = { worker, pending: new Map(), outbox: [], stats: { sessions: 0, openWorlds: 0, opens: 0, closes: 0 }, creating: 0, dead: undefined, exited: Promise.resolve(), startedAt: performance.now() };
    const fail = (e: Error) => {
      slot.dead ??= e;
      for (const p of slot.pending.values()) p.reject(new FictionError('INTERNAL', 'a compute worker stopped', { cause: e }));
      slot.pending.clear();
    };
    slot.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (batch: ComputeReply) => {
      slot.stats = batch.stats;
      for (const c of batch.counts) this.metrics.count(c.name, c.help, c.labels, c.by);
      for (const r of batch.replies) {
        const p = slot.pending.get(r.seq);
        if (!p) continue;
        slot.pending.delete(r.seq);
        if (r.ok) p.resolve(r.value);
        else p.reject(new FictionError(r.code as ErrorCode, r.message));
      }
    });
    worker.on('error', (e) => fail(e));
    worker.once('exit', (code) => {
      fail(new Error(`compute worker exited (${code})`));
      // A worker that ran a while before it stopped starts the delays over.
      if (performance.now() - slot.startedAt > 60_000) this.restarts = 0;
      if (!this.closing) this.restartLater(i, slot);
    });
    return slot;
  }

  private restartLater(i: number, stopped: Slot): void {
    const delay = Math.min(30_000, this.restartDelayMs * 2 ** Math.min(this.restarts, 10));
    this.restarts++;
    setTimeout(() => {
      if (this.closing || this.slots[i] !== stopped) return;
      this.slots[i] = this.spawn(i);
      this.metrics.count('fictionworld_compute_worker_restarts_total', 'Compute workers started again after one stopped.');
    }, delay).unref();
  }

  /** The worker index for a key (a session id or a world id). */
  indexOf(key: unknown): number {
    return typeof key === 'string' ? hash32(key) % this.size : 0;
  }

  /**
   * Where a new session goes: the live worker with the fewest sessions (live or being created; the first
   * such on a tie), and an id from `draw` redrawn until it hashes to that worker (about `size` draws).
   */
  placeSession(draw: () => string): { id: string; index: number } {
    let index = 0;
    const load = (s: Slot) => (s.dead ? Infinity : held(s));
    for (let i = 1; i < this.size; i++) if (load(this.slots[i]!) < load(this.slots[index]!)) index = i;
    for (;;) {
      const id = draw();
      if (this.indexOf(id) === index) return { id, index };
    }
  }

  /** Create a session at `index` (from `placeSession`), counted there until the worker answers. */
  async create<T>(index: number, op: ComputeOp): Promise<T> {
    const slot = this.slots[index]!;
    slot.creating++;
    try {
      return await this.request<T>(index, op);
    } finally {
      slot.creating--;
    }
  }

  /** The worker that owns a target: its session's, else its world's. */
  indexOfTarget(spec: TargetSpec): number {
    return this.indexOf(spec.session !== undefined ? spec.session : spec.world);
  }

  request<T>(index: number, op: ComputeOp): Promise<T> {
    const slot = this.slots[index]!;
    // A stopped worker of an open pool is being started again: retry shortly (503), unlike a closed pool's.
    if (slot.dead) return Promise.reject(new FictionError(this.closing ? 'INTERNAL' : 'UNAVAILABLE', 'a compute worker stopped: retry shortly', { cause: slot.dead }));
    const seq = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      slot.pending.set(seq, { resolve: resolve as (v: unknown) => void, reject });
      slot.outbox.push({ ...op, seq });
      this.flushing ??= setImmediate(() => this.flush());
    });
  }

  /** Post each worker's queued requests as one message. */
  private flush(): void {
    this.flushing = undefined;
    for (const slot of this.slots) {
      if (slot.outbox.length === 0) continue;
      const batch = slot.outbox;
      slot.outbox = [];
      if (slot.dead) continue;
      try {
        slot.worker.postMessage(batch);
      } catch (e) {
        // A batch that cannot be sent fails its own requests, not the server.
        for (const r of batch) {
          slot.pending.get(r.seq)?.reject(new FictionError('INTERNAL', 'a request could not reach its compute worker', { cause: e }));
          slot.pending.delete(r.seq);
        }
      }
    }
  }

  /** Run `op` at the worker that owns `spec`. */
  at<T>(spec: TargetSpec, op: ComputeOp): Promise<T> {
    return this.request<T>(this.indexOfTarget(spec), op);
  }

  /** Ask every live worker for its counts (so /health and /metrics are current). */
  async refresh(): Promise<void> {
    await Promise.all(this.slots.map((s, i) => (s.dead ? undefined : this.request(i, { op: 'stats' }).catch(() => {}))));
  }

  private sum(k: keyof WorkerStats): number {
    return this.slots.reduce((n, s) => n + s.stats[k], 0);
  }

  get sessions(): number {
    return this.sum('sessions');
  }

  /** Sessions the live workers hold or are creating, as of their last replies. */
  get heldSessions(): number {
    return this.slots.reduce((n, s) => n + (s.dead ? 0 : held(s)), 0);
  }

  get openWorlds(): number {
    return this.sum('openWorlds');
  }

  get opens(): number {
    return this.sum('opens');
  }

  get closes(): number {
    return this.sum('closes');
  }

  /**
   * Close every worker's sessions and worlds and let it exit; a worker not gone `timeoutMs` after the
   * request (still answering it, or stuck) is terminated. Idempotent.
   */
  close(timeoutMs = 5000): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all(
        this.slots.map(async (s, i) => {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<void>((resolve) => {
            timer = setTimeout(() => void s.worker.terminate().then(() => resolve(), () => resolve()), timeoutMs);
          });
          const gone = (async () => {
            if (!s.dead) await this.request(i, { op: 'shutdown' }).catch(() => {});
            await s.exited;
          })();
          await Promise.race([gone, late]);
          clearTimeout(timer);
        }),
      );
    })();
    return this.closing;
  }
}
