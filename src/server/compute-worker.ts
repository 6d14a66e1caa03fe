/**
 * A compute worker of the server's multi-core mode (compute-pool.ts): it holds its own world pool and
 * sessions (a full in-process ServerContext) and answers the main thread's requests (batched, see
 * ComputeReply) through the same functions the in-process mode calls (targets.ts, retrieve.ts). Errors travel as
 * (code, message) and are rethrown as FictionErrors on the main thread; metric counts travel back with
 * the replies, with the worker's session and world counts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FictionError, isFictionError } from '../errors.js';
import type { ToolCall } from '../search/tool-args.js';
import { createServerContext } from './context.js';
import type { ServerLimits } from './limits.js';
import { createLogger, type LogLevel } from './log.js';
import { retrieveOne } from './retrieve.js';
import type { SessionSpec } from './session-store.js';
import { transferList } from './transfer-list.js';
import { checkTarget, observationBody, openTarget, runToolCall, withTarget, type ObservationFormat, type TargetSpec } from './targets.js';

export interface ComputeWorkerData {
  worlds: string;
  renderer: string;
  limits: ServerLimits;
  logLevel: LogLevel;
}

export type ComputeOp =
  | { op: 'create'; id: string; spec: SessionSpec }
  | { op: 'get'; id: unknown }
  | { op: 'close'; id: unknown }
  | { op: 'trajectory'; id: unknown }
  | { op: 'check'; spec: TargetSpec }
  /** With `body`, the reply is the observation's HTTP body as UTF-8 bytes (targets.ts callForBody), else the ToolResult. */
  | { op: 'call'; spec: TargetSpec; call: ToolCall; body?: ObservationFormat }
  | { op: 'retrieve'; spec: TargetSpec; query: string; topk: number }
  | { op: 'stats' }
  | { op: 'shutdown' };

export interface MetricCount {
  name: string;
  help: string;
  labels: Record<string, string>;
  by: number;
}

export interface WorkerStats {
  sessions: number;
  openWorlds: number;
  opens: number;
  closes: number;
}

/** One request as the main thread sends it (several go in one message: compute-pool.ts). */
export type ComputeRequest = ComputeOp & { seq: number };

export type ComputeReplyItem = { seq: number } & ({ ok: true; value: unknown } | { ok: false; code: string; message: string });

/**
 * One message back: the replies finished in this turn of the worker's event loop, the metric counts
 * since the last message and the worker's session and world counts. Batching both ways keeps the
 * thread hop to one message (and one wake-up) per turn instead of one per request.
 */
export interface ComputeReply {
  stats: WorkerStats;
  counts: MetricCount[];
  replies: ComputeReplyItem[];
}

const data = workerData as ComputeWorkerData;
const utf8 = new TextEncoder();
const ctx = createServerContext({ worlds: data.worlds, renderer: data.renderer, limits: data.limits, logger: createLogger(data.logLevel) });
/** Counts since the last message, summed by metric and labels (one entry per series, not per event). */
let counts = new Map<string, MetricCount>();
ctx.metrics.count = (name, help, labels = {}, by = 1) => {
  const key = `${name}\u0000${JSON.stringify(labels)}`;
  const seen = counts.get(key);
  if (seen) seen.by += by;
  else counts.set(key, { name, help, labels, by });
};

/** Set by a shutdown: a request that comes after it is refused, not run over closed sessions and worlds. */
let stopped = false;

async function run(m: ComputeOp): Promise<unknown> {
  if (stopped && m.op !== 'stats' && m.op !== 'shutdown') throw new FictionError('UNAVAILABLE', 'the server is shutting down: retry on another replica');
  switch (m.op) {
    case 'create':
      return ctx.sessions.describe(ctx.sessions.create(m.spec, m.id));
    case 'get':
      return ctx.sessions.describe(ctx.sessions.get(m.id));
    case 'close':
      return ctx.sessions.close(m.id);
    case 'trajectory':
      return ctx.sessions.get(m.id).session.trajectoryJsonl();
    case 'check':
      checkTarget(ctx, m.spec);
      return null;
    case 'call': {
      const result = await withTarget(ctx, m.spec, (t) => runToolCall(ctx, t, m.call));
      if (m.body === 'text') return utf8.encode(result.text);
      return m.body ? utf8.encode(observationBody(result, m.body)) : result;
    }
    case 'retrieve': {
      const target = openTarget(ctx, m.spec);
      try {
        return await retrieveOne(ctx, target, m.query, m.topk);
      } finally {
        target.release();
      }
    }
    case 'stats':
      // The counts come with the reply: expired sessions are not counted.
      ctx.sessions.sweep();
      return null;
    case 'shutdown':
      ctx.close();
      return null;
  }
}

const port = parentPort!;

let outbox: ComputeReplyItem[] = [];
let flushing: NodeJS.Immediate | undefined;

/** Send the queued replies in one message, with the counts gathered since the last one. */
function flush(): void {
  flushing = undefined;
  if (outbox.length === 0) return;
  const stats: WorkerStats = { sessions: ctx.sessions.size, openWorlds: ctx.pool.openCount, opens: ctx.pool.opens, closes: ctx.pool.closes };
  const batch: ComputeReply = { stats, counts: [...counts.values()], replies: outbox };
  counts = new Map();
  outbox = [];
  port.postMessage(batch, transferList(batch.replies));
}

function reply(item: ComputeReplyItem): void {
  outbox.push(item);
  flushing ??= setImmediate(flush);
}

/** Requests started and not yet answered: a shutdown waits for them before it closes anything. */
const inFlight = new Set<Promise<unknown>>();

/** `run`, except that a shutdown first lets every request started before it finish. */
async function runInOrder(msg: ComputeRequest): Promise<unknown> {
  if (msg.op === 'shutdown') {
    // The HTTP thread has waited out its drain timeout before it asks: calls still asleep in simulated
    // latency end now (UNAVAILABLE), the others finish, and requests that come after are refused.
    stopped = true;
    ctx.abandon();
    await Promise.allSettled([...inFlight]);
  }
  const p = run(msg);
  inFlight.add(p);
  try {
    return await p;
  } finally {
    inFlight.delete(p);
  }
}

port.on('message', (batch: ComputeRequest[]) => {
  for (const msg of batch) {
    void runInOrder(msg).then(
      (value) => reply({ seq: msg.seq, ok: true, value }),
      (e: unknown) => {
        if (isFictionError(e) && ['IO', 'INTERNAL', 'UPSTREAM'].includes(e.code)) ctx.log.error('request failed', { code: e.code, error: e.message, cause: (e.cause as Error)?.message });
        if (!isFictionError(e)) ctx.log.error('unexpected error in compute worker', { error: (e as Error)?.message ?? String(e), stack: (e as Error)?.stack });
        const fe = isFictionError(e) ? e : new FictionError('INTERNAL', 'internal error');
        reply({ seq: msg.seq, ok: false, code: fe.code, message: fe.message });
      },
    ).then(() => {
      if (msg.op !== 'shutdown') return;
      if (flushing) clearImmediate(flushing);
      flush();
      port.close();
    });
  }
});
