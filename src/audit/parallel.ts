/**
 * Auditing worlds in worker threads: each worker takes one world file at a time (dynamic balancing)
 * and sends back its WorldAudit; the main thread accumulates them in file order, so the figures do not
 * depend on the number of workers.
 */
import { Worker } from 'node:worker_threads';
import { FictionError, type ErrorCode } from '../errors.js';
import type { AuditOptions, WorldAudit } from './run.js';

export interface WorkerJob {
  file: string;
  options: Pick<AuditOptions, 'renderer' | 'rendererOptions' | 'sizes' | 'followUps'>;
}

type WorkerReply = { ok: true; audit: WorldAudit } | { ok: false; file: string; code: ErrorCode; message: string };

function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./worker-entry.mjs', import.meta.url) : new URL('./worker.js', import.meta.url);
}

/** Audit `files` in `n` workers; `onAudit` sees the audits in file order. */
export function auditInWorkers(files: readonly string[], n: number, options: WorkerJob['options'], onAudit: (a: WorldAudit, index: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let live = n;
    let emitted = 0;
    let failed: Error | undefined;
    const done = new Map<number, WorldAudit>();
    const flush = () => {
      while (done.has(emitted)) {
        onAudit(done.get(emitted)!, emitted);
        done.delete(emitted++);
      }
    };
    const finish = (w: Worker) => {
      w.postMessage(null);
      if (--live === 0) (failed ? reject(failed) : resolve());
    };
    const feed = (w: Worker, slot: { index: number }) => {
      if (failed || next >= files.length) return finish(w);
      slot.index = next;
      w.postMessage({ file: files[next++]!, options } satisfies WorkerJob);
    };
    for (let k = 0; k < n; k++) {
      const w = new Worker(workerUrl());
      const slot = { index: -1 };
      w.on('message', (msg: WorkerReply) => {
        if (msg.ok) {
          done.set(slot.index, msg.audit);
          flush();
        } else failed ??= new FictionError(msg.code, `${msg.file}: ${msg.message}`);
        feed(w, slot);
      });
      w.on('error', (e) => {
        failed ??= new FictionError('INTERNAL', `audit worker failed: ${e.message}`, { cause: e });
        if (--live === 0) reject(failed);
      });
      feed(w, slot);
    }
  });
}
