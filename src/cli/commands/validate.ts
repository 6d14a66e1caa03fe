/** `validate DIR`: re-check every world file, print each problem, exit non-zero if any. */
import type { Command } from 'commander';
import { FictionError } from '../../errors.js';
import { validateDir } from '../../world/validate.js';
import type { Io } from '../main.js';

export function registerValidate(program: Command, io: Io): void {
  program
    .command('validate')
    .description('re-check world files on disk and list every problem')
    .argument('<dir>', 'folder of worlds')
    .option('--json', 'print the report as JSON', false)
    .action((dir: string, o) => {
      const report = validateDir(dir);
      const worlds = report.files.filter((f) => f.file.endsWith('.sqlite')).length;
      if (o.json) io.out(`${JSON.stringify(report, null, 2)}\n`);
      else {
        for (const f of report.files) for (const p of f.problems) io.out(`${f.file}: ${p}\n`);
        io.out(`${worlds} worlds checked, ${report.problems} problems\n`);
      }
      if (report.problems > 0) throw new FictionError('INCONSISTENT', `${report.problems} problems in ${dir}`);
    });
}
