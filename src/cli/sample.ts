/**
 * `--sample N` of the commands that run over a folder of worlds (audit, oracle, tasks report --oracle),
 * declared once: one meaning (N worlds spread evenly over the folder, deterministic:
 * tasks/sample-worlds.ts) and one check (a sample larger than the folder warns once and takes them all).
 */
import type { Command } from 'commander';
import { listWorldFiles } from '../tasks/batch-tasks.js';
import type { Io } from './main.js';
import { positiveInt } from './options.js';

export function addSampleOption(cmd: Command, prefix = ''): Command {
  return cmd.option(
    '--sample <n>',
    `${prefix}this many worlds, spread evenly over the folder (the same ones every time; default: all)`,
    positiveInt('--sample'),
  );
}

/** The sample to run: `sample`, or undefined (all) when none is given or it exceeds the folder, with one warning line then. */
export function checkSample(dir: string, sample: number | undefined, io: Io): number | undefined {
  if (sample === undefined) return undefined;
  const worlds = listWorldFiles(dir).length;
  if (sample <= worlds) return sample;
  io.err(`warning: --sample ${sample} is more than the ${worlds} worlds in ${dir}: using all ${worlds}\n`);
  return undefined;
}
