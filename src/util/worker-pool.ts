/**
 * The one job pool (world generation, the leak audit): independent jobs run in tinypool worker threads,
 * or in the calling thread for one worker, and their results are handed back in job order, so the output
 * never depends on the number of workers. A task module's default export is `poolTask(fn)`; it returns
 * failures as data, so an error's code survives the thread boundary.
 */
import type { ResourceLimits } from 'node:worker_threads';
import Tinypool from 'tinypool';
import { FictionError, isFictionError, type ErrorCode } from '../errors.js';

type Reply<R> = { ok: true; value: R } | { ok: false; code: ErrorCode; message: string };

async function settle<R>(run: () => R | Promise<R>): Promise<Reply<R>> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    return { ok: false, code: isFictionError(e) ? e.code : 'INTERNAL', message: (e as Error)?.message ?? String(e) };
  }
}

/** The default export of a task module run by `runPool`. */
export function poolTask<J, R>(fn: (job: J) => R | Promise<R>): (job: J) => Promise<Reply<R>> {
  return (job) => settle(() => fn(job));
}

/** A task module beside `base` (the caller's import.meta.url): its .ts source under tsx or vitest, its .js in dist. */
export function taskModule(base: string, name: string): URL {
  return new URL(`${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
}

export interface PoolRun<J, R> {
  jobs: readonly J[];
  workers: number;
  /** For more than one worker: the task module (see `taskModule`), whose default export is `poolTask(fn)`. */
  module: URL;
  /** For one worker: runs a job in the calling thread. */
  local: (job: J) => R | Promise<R>;
  /** Sees every successful result, in job order. */
  onResult: (result: R, index: number) => void;
  /** Names a job in its error message. */
  describe: (job: J) => string;
  /** For more than one worker: each worker thread's V8 heap limits (see node:worker_threads). */
  resourceLimits?: ResourceLimits;
}

/**
 * Run every job; the first failure stops the jobs not yet started, lets the running ones finish (their
 * results are still handed over, in order) and is then thrown, naming its job.
 */
export async function runPool<J, R>(p: PoolRun<J, R>): Promise<void> {
  const replies: (Reply<R> | undefined)[] = new Array(p.jobs.length);
  let next = 0;
  let failure: FictionError | undefined;
  // A result the caller cannot take (its manifest write failed, say) fails the run like a failed job:
  // nothing more starts, the running jobs finish, and the error is thrown at the end.
  const deliver = (value: R, index: number) => {
    try {
      p.onResult(value, index);
    } catch (e) {
      failure ??= isFictionError(e) ? e : new FictionError('INTERNAL', `${p.describe(p.jobs[index]!)}: ${(e as Error)?.message ?? String(e)}`);
    }
  };
  const take = (i: number, reply: Reply<R>) => {
    replies[i] = reply;
    if (!reply.ok) failure ??= new FictionError(reply.code, `${p.describe(p.jobs[i]!)}: ${reply.message}`);
    for (; next < p.jobs.length && replies[next]; next++) {
      const r = replies[next]!;
      replies[next] = undefined;
      if (r.ok) deliver(r.value, next);
    }
  };
  if (p.workers <= 1) {
    for (const [i, job] of p.jobs.entries()) {
      take(i, await settle(() => p.local(job)));
      if (failure) break;
      if (i % 16 === 15) await new Promise((r) => setImmediate(r)); // let timers and signals run
    }
  } else {
    const fromSource = p.module.pathname.endsWith('.ts');
    const pool = new Tinypool({
      filename: fromSource ? new URL('./worker-pool-tsx.mjs', import.meta.url).href : p.module.href,
      workerData: { module: p.module.href },
      minThreads: p.workers,
      maxThreads: p.workers,
      // Workers go back to their event loop between jobs instead of blocking in Atomics.wait: with atomics,
      // 1,000 worlds peaked at 656 MB RSS (memory freed only on event-loop turns piled up), without, 278 MB.
      useAtomics: false,
      ...(p.resourceLimits ? { resourceLimits: p.resourceLimits } : {}),
    });
    try {
      await Promise.all(
        p.jobs.map(async (job, i) => {
          let reply: Reply<R>;
          try {
            reply = (await pool.run(job)) as Reply<R>;
          } catch (e) {
            if (failure) return; // cancelled after the first failure
            reply = { ok: false, code: 'INTERNAL', message: `worker failed: ${(e as Error)?.message ?? String(e)}` };
          }
          take(i, reply);
          if (failure) pool.cancelPendingTasks();
        }),
      );
    } finally {
      await pool.destroy();
    }
  }
  // After a failure: the results that finished beyond the failed or cancelled jobs, still in order.
  for (; next < p.jobs.length; next++) {
    const r = replies[next];
    if (r?.ok) deliver(r.value, next);
  }
  if (failure) throw failure;
}
