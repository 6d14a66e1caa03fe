/** `validate DIR`: re-check every world file, print each problem as it is found, exit non-zero if any. */
import type { Command } from 'commander';
import { FictionError } from '../../errors.js';
import { validateDir } from '../../world/validate.js';
import type { Io } from '../main.js';
import { createProgress } from '../progress.js';
import { declareCommand } from './table.js';

export function registerValidate(program: Command, io: Io): void {
  declareCommand(program, 'validate')
    .option('--json', 'print the report as JSON', false)
    .option('--quiet', 'no progress bar', false)
    .action((dir: string, o) => {
      const tty = Boolean(process.stderr.isTTY);
      const bar = o.quiet ? undefined : createProgress(io.err, tty);
      // Problems are printed as each file is checked (a long run shows them early, `| head` stops it early);
      // on a terminal the progress line is cleared first so the two streams do not share a line.
      const print = (f: { file: string; problems: string[] }) => {
        if (f.problems.length > 0 && bar && tty) io.err('\r\x1b[2K');
        for (const p of f.problems) io.out(`${f.file}: ${p}\n`);
      };
      const report = validateDir(dir, o.json ? undefined : print, bar);
      const worlds = report.files.filter((f) => f.file.endsWith('.sqlite')).length;
      if (o.json) io.out(`${JSON.stringify(report, null, 2)}\n`);
      else io.out(`${worlds} worlds checked, ${report.problems} problems\n`);
      if (report.problems > 0) throw new FictionError('INCONSISTENT', `${report.problems} problems in ${dir}`);
    });
}
