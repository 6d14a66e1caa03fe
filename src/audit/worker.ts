/** Worker thread body: audits the world files the main thread hands it, one message per world. */
import { parentPort } from 'node:worker_threads';
import { auditWorld } from './run.js';
import type { WorkerJob } from './parallel.js';

parentPort!.on('message', async (job: WorkerJob | null) => {
  if (job === null) {
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ ok: true, audit: await auditWorld(job.file, job.options) });
  } catch (e) {
    const err = e as { code?: string; message?: string };
    parentPort!.postMessage({ ok: false, file: job.file, code: err.code ?? 'INTERNAL', message: err.message ?? String(e) });
  }
});
