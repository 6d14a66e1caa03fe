/** Worker thread body: builds the worlds the main thread hands it, one message per world. */
import { parentPort } from 'node:worker_threads';
import { buildOne, type BuildJob } from './build-one.js';

parentPort!.on('message', (job: BuildJob | null) => {
  if (job === null) {
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ ok: true, entry: buildOne(job) });
  } catch (e) {
    const err = e as { code?: string; message?: string };
    parentPort!.postMessage({ ok: false, index: job.index, code: err.code ?? 'INTERNAL', message: err.message ?? String(e) });
  }
});
