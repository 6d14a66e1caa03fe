/** `report DIR [--sample N] [--json]`: the realism figures of a batch, per theme and overall, beside their targets. */
import type { Command } from 'commander';
import { reportRealism } from '../../report/run.js';
import { formatRealismReport } from '../../report/table.js';
import type { Io } from '../main.js';
import { worldProgress } from '../progress.js';
import { addSampleOption, checkSample } from '../sample.js';
import { declareCommand } from './table.js';

export function registerReport(program: Command, io: Io): void {
  const cmd = declareCommand(program, 'report').option('--json', 'print the report as JSON', false);
  addSampleOption(cmd)
    .option('--quiet', 'no progress on stderr', false)
    .action((dir: string, o) => {
      const sample = checkSample(dir, o.sample, io);
      const r = reportRealism(dir, { ...(sample !== undefined ? { sample } : {}), onWorld: worldProgress(io, o.quiet) });
      io.out(o.json ? `${JSON.stringify(r, null, 2)}\n` : formatRealismReport(r));
    });
}
