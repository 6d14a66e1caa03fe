/** `generate`: build a batch of worlds. */
import type { Command } from 'commander';
import { type BatchProgress, generateBatch, parseShard } from '../../world/batch.js';
import {
  checkTasksPerWorld,
  DEFAULT_DIFFICULTY,
  DEFAULT_TASKS_PER_WORLD,
  DIFFICULTY_MODES,
  MAX_TASKS_PER_WORLD,
  parseDifficulty,
} from '../../world/select-tasks.js';
import { readThemeFile } from '../../themes/spec/file.js';
import type { Io } from '../main.js';
import { nonNegativeInt, positiveInt } from '../options.js';
import { createProgress } from '../progress.js';
import { declareCommand } from './table.js';

const tasksPerWorld = (value: string): number => checkTasksPerWorld(positiveInt('--tasks-per-world')(value));

export function registerGenerate(program: Command, io: Io): void {
  declareCommand(program, 'generate')
    .requiredOption('--count <n>', 'number of worlds', positiveInt('--count'))
    .option('--seed <s>', 'batch seed', nonNegativeInt('--seed'), 7)
    .option('--out <dir>', 'output folder', 'worlds')
    .option('--workers <w>', 'worker threads (default: number of cores)', positiveInt('--workers'))
    .option('--themes <list>', 'comma-separated theme ids (default: all, or the --theme-file themes when given)')
    .option('--theme-file <file>', 'a theme spec file (from `themes draft` or `themes show`), repeatable', (f: string, all: string[]) => [...all, f], [])
    .option('--shard <i/n>', 'build only worlds whose index mod n is i (0-based)')
    .option('--real-brands', 'let real company names own invented products', false)
    .option(
      '--difficulty <d>',
      `task difficulty: ${DIFFICULTY_MODES.join(', ')} (mix: about a quarter easy, half medium, a quarter hard)`,
      parseDifficulty,
      DEFAULT_DIFFICULTY,
    )
    .option('--tasks-per-world <n>', `tasks in each world (1–${MAX_TASKS_PER_WORLD})`, tasksPerWorld, DEFAULT_TASKS_PER_WORLD)
    .option('--quiet', 'no progress bar', false)
    .action(async (o) => {
      const tty = Boolean(process.stderr.isTTY);
      const bar = o.quiet ? undefined : createProgress(io.err, tty);
      let last: BatchProgress | undefined;
      // Ctrl-C: every finished world is already listed in the manifest (a line per world), and the
      // leftovers of the worlds being written are removed by the next run, so the same command resumes.
      const onSigint = () => {
        const state = last ? `${last.done} of ${last.total} worlds complete` : 'no world complete yet';
        io.err(`${bar && tty ? '\n' : ''}interrupted (${state} in ${o.out}): run the same command again to resume\n`);
        process.exit(130);
      };
      process.once('SIGINT', onSigint);
      try {
        const summary = await generateBatch({
          count: o.count,
          seed: o.seed,
          out: o.out,
          workers: o.workers,
          themes: o.themes
            ? String(o.themes)
                .split(',')
                .map((t: string) => t.trim())
                .filter(Boolean)
            : undefined,
          themeSpecs: o.themeFile.length > 0 ? o.themeFile.map(readThemeFile) : undefined,
          shard: o.shard ? parseShard(o.shard) : undefined,
          realBrands: o.realBrands,
          difficulty: o.difficulty,
          tasksPerWorld: o.tasksPerWorld,
          onProgress: (p) => {
            last = p;
            bar?.(p);
          },
          onWarning: (text) => io.err(`warning: ${text}\n`),
        });
        io.out(
          `${summary.worlds} worlds in ${summary.out} (${summary.generated} generated, ${summary.skipped} already complete) · ` +
            `${summary.facts} facts · ${summary.tasks} tasks · ${summary.themes.length} themes · ${summary.seconds.toFixed(1)} s\n`,
        );
      } finally {
        process.off('SIGINT', onSigint);
      }
    });
}
