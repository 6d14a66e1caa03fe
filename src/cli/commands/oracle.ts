/**
 * `oracle --worlds DIR [--sample N] [--json] [--profile …]`: solvability of a batch, measured by the
 * oracle searcher (guard on); perturbation flags measure it under simulated faults.
 */
import type { Command } from 'commander';
import { solveBatch } from '../../oracle/batch.js';
import { formatSolvability } from '../../oracle/report.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';
import { nonNegativeInt } from '../options.js';
import { addPerturbationOptions, profileFromOptions } from '../perturb-options.js';
import { worldProgress } from '../progress.js';
import { addSampleOption, checkSample } from '../sample.js';

export function registerOracle(program: Command, io: Io): void {
  const cmd = declareCommand(program, 'oracle').option('--worlds <dir>', 'folder of worlds', 'worlds');
  addSampleOption(cmd)
    .option('--json', 'print the report as JSON', false)
    .option('--quiet', 'no progress on stderr', false)
    .option('--session-seed <n>', 'seed of the perturbation draws', nonNegativeInt('--session-seed'), 0);
  addPerturbationOptions(cmd).action(async (o) => {
    const profile = profileFromOptions(o);
    const sample = checkSample(o.worlds, o.sample, io);
    const report = await solveBatch(o.worlds, {
      sessionSeed: o.sessionSeed,
      ...(sample !== undefined ? { sample } : {}),
      ...(profile ? { profile } : {}),
      onWorld: worldProgress(io, o.quiet),
    });
    io.out(o.json ? `${JSON.stringify(report, null, 2)}\n` : formatSolvability(report, profile ? 'on' : 'off'));
  });
}
