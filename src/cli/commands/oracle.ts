/**
 * `oracle --worlds DIR [--sample N] [--json] [--profile …]`: solvability of a batch, measured by the
 * oracle searcher (guard on); perturbation flags measure it under simulated faults.
 */
import type { Command } from 'commander';
import { solveBatch } from '../../oracle/batch.js';
import { formatSolvability } from '../../oracle/report.js';
import type { Io } from '../main.js';
import { nonNegativeInt, positiveInt } from '../options.js';
import { addPerturbationOptions, profileFromOptions } from '../perturb-options.js';

export function registerOracle(program: Command, io: Io): void {
  const cmd = program
    .command('oracle')
    .description('solve every task of a batch with the oracle searcher (web_search and web_extractor only, guard on) and report solvability')
    .option('--worlds <dir>', 'folder of worlds', 'worlds')
    .option('--sample <n>', 'only the first N worlds in file order', positiveInt('--sample'))
    .option('--json', 'print the report as JSON', false)
    .option('--session-seed <n>', 'seed of the perturbation draws', nonNegativeInt('--session-seed'), 0);
  addPerturbationOptions(cmd).action(async (o) => {
    const profile = profileFromOptions(o);
    const report = await solveBatch(o.worlds, {
      sessionSeed: o.sessionSeed,
      ...(o.sample !== undefined ? { sample: o.sample } : {}),
      ...(profile ? { profile } : {}),
    });
    io.out(o.json ? `${JSON.stringify(report, null, 2)}\n` : formatSolvability(report, profile ? 'on' : 'off'));
  });
}
