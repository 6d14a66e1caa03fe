/** A progress bar on stderr: done/total, rate, ETA. Redraws in place on a TTY, prints lines otherwise. */
import type { BatchProgress } from '../world/batch.js';

export function createProgress(write: (t: string) => void, isTty: boolean): (p: BatchProgress) => void {
  let lastDraw = 0;
  let lastPct = -1;
  return (p) => {
    const now = p.elapsedMs;
    const finished = p.done >= p.total;
    const pct = p.total === 0 ? 100 : Math.floor((p.done / p.total) * 100);
    if (isTty ? !finished && now - lastDraw < 100 : !finished && pct < lastPct + 10) return;
    lastDraw = now;
    lastPct = pct;
    const built = p.done - p.skipped;
    const rate = now > 0 ? (built / now) * 1000 : 0;
    const eta = rate > 0 ? (p.total - p.done) / rate : 0;
    const width = 28;
    const fill = Math.round((pct / 100) * width);
    const line = `[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${p.done}/${p.total} worlds · ${rate.toFixed(0)}/s · ETA ${eta.toFixed(1)}s`;
    if (isTty) write(`\r${line}${finished ? '\n' : ''}`);
    else write(`${line}\n`);
  };
}

/** Progress of a run over worlds, on `io.err`: call it with (worlds done, worlds in all) after each; none when `quiet`. */
export function worldProgress(io: { err: (t: string) => void }, quiet: boolean): ((done: number, total: number) => void) | undefined {
  if (quiet) return undefined;
  const draw = createProgress(io.err, Boolean(process.stderr.isTTY));
  const started = performance.now();
  return (done, total) => draw({ done, total, skipped: 0, elapsedMs: performance.now() - started });
}
