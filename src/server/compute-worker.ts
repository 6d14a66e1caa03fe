/**
 * A compute worker of the server's multi-core mode (compute-pool.ts): it holds its own world pool and
 * sessions (a full in-process ServerContext) and answers the main thread's requests, one message each,
 * through the same functions the in-process mode calls (targets.ts, retrieve.ts). Errors travel as
 * (code, message) and are rethrown as FictionErrors on the main thread; metric counts travel back with
 * every reply, with the worker's session and world counts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FictionError, isFictionError } from '../errors.js';
import type { ToolCall } from '../search/tool-args.js';
import { createServerContext } from './context.js';
import type { ServerLimits } from './limits.js';
import { createLogger, type LogLevel } from './log.js';
import { retrieveOne } from './retrieve.js';
import type { SessionSpec } from './session-store.js';
import { checkTarget, openTarget, runToolCall, withTarget, type TargetSpec } from './targets.js';

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
  | { op: 'call'; spec: TargetSpec; call: ToolCall }
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

export type ComputeReply = { seq: number; stats: WorkerStats; counts: MetricCount[] } & ({ ok: true; value: unknown } | { ok: false; code: string; message: string });

const data = workerData as ComputeWorkerData;
const ctx = createServerContext({ worlds: data.worlds, renderer: data.renderer, limits: data.limits, logger: createLogger(data.logLevel) });
let counts: MetricCount[] = [];
ctx.metrics.count = (name, help, labels = {}, by = 1) => void counts.push({ name, help, labels, by });

async function run(m: ComputeOp): Promise<unknown> {
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
    case 'call':
      return withTarget(ctx, m.spec, (t) => runToolCall(ctx, t, m.call));
    case 'retrieve': {
      const target = openTarget(ctx, m.spec);
      try {
        return await retrieveOne(ctx, target, m.query, m.topk);
      } finally {
        target.release();
      }
    }
    case 'stats':
      return null;
    case 'shutdown':
      ctx.close();
      return null;
  }
}

const port = parentPort!;
port.on('message', (msg: ComputeOp & { seq: number }) => {
  void run(msg).then(
    (value) => reply(msg.seq, { ok: true, value }),
    (e: unknown) => {
      if (isFictionError(e) && ['IO', 'INTERNAL', 'UPSTREAM'].includes(e.code)) ctx.log.error('request failed', { code: e.code, error: e.message, cause: (e.cause as Error)?.message });
      if (!isFictionError(e)) ctx.log.error('unexpected error in compute worker', { error: (e as Error)?.message ?? String(e), stack: (e as Error)?.stack });
      const fe = isFictionError(e) ? e : new FictionError('INTERNAL', 'internal error');
      reply(msg.seq, { ok: false, code: fe.code, message: fe.message });
    },
  ).then(() => {
    if (msg.op === 'shutdown') port.close();
  });
});

function reply(seq: number, r: { ok: true; value: unknown } | { ok: false; code: string; message: string }): void {
  const stats: WorkerStats = { sessions: ctx.sessions.size, openWorlds: ctx.pool.openCount, opens: ctx.pool.opens, closes: ctx.pool.closes };
  const out = { seq, stats, counts, ...r } as ComputeReply;
  counts = [];
  port.postMessage(out);
}
