/** `tasks export DIR [--format parquet|json|jsonl] [--out FILE] [--split …]` and `tasks report DIR`: trainer records and the batch report. */
import type { Command } from 'commander';
import { exportTasks, type ExportSummary } from '../../tasks/export.js';
import { EXPORT_FORMATS, exportTarget } from '../../tasks/record-writer.js';
import { solveBatch } from '../../oracle/batch.js';
import { formatSolvability } from '../../oracle/report.js';
import { formatTaskReport, reportTasks } from '../../tasks/report.js';
import { parseSplit } from '../../tasks/split.js';
import { FictionError } from '../../errors.js';
import type { Io } from '../main.js';
import { createProgress, worldProgress } from '../progress.js';
import { addSampleOption, checkSample } from '../sample.js';
import { declareCommand } from './table.js';

function formatExport(s: ExportSummary): string {
  const lines = s.files.map((f) => `wrote ${f.records} records from ${f.worlds} worlds to ${f.path}`);
  for (const o of s.overlap)
    lines.push(
      `entity-name overlap ${o.a}/${o.b}: ${o.shared} shared names (${(o.share * 100).toFixed(1)}% of the smaller split)${o.examples.length ? `, e.g. ${o.examples.join(', ')}` : ''}`,
    );
  return `${lines.join('\n')}\n`;
}

export function registerTasks(program: Command, io: Io): void {
  const tasks = declareCommand(program, 'tasks');
  tasks
    .command('export')
    .description('write one trainer record per task (veRL field names) as Parquet, JSON or JSONL, optionally split by world')
    .argument('<dir>', 'folder of worlds')
    .option('--format <format>', `${EXPORT_FORMATS.join(', ')} (default: the extension of --out, else parquet)`)
    .option('--out <file>', 'output file (default tasks.<format>; with --split: <out>.<name>.<ext> per split)')
    .option('--split <spec>', 'split by a hash of the world id, e.g. train=0.9,eval=0.1')
    .option('--data-source <name>', 'data_source of every record (default fictionworld)')
    .option('--json', 'print the summary as JSON', false)
    .option('--quiet', 'no progress bar', false)
    .action((dir: string, o) => {
      const split = o.split !== undefined ? parseSplit(o.split) : undefined;
      const onProgress = o.quiet ? undefined : createProgress(io.err, Boolean(process.stderr.isTTY));
      const { format, out } = exportTarget(o);
      if (o.dataSource !== undefined && !/^[\w./-]{1,100}$/.test(o.dataSource))
        throw new FictionError('BAD_INPUT', '--data-source must be 1 to 100 letters, digits, _ . / -');
      const summary = exportTasks({ dir, out, format, split, dataSource: o.dataSource, onProgress });
      io.out(o.json ? `${JSON.stringify(summary, null, 2)}\n` : formatExport(summary));
    });
  const report = tasks
    .command('report')
    .description('task kinds, hops, answer types and the blind check for a batch')
    .argument('<dir>', 'folder of worlds')
    .option('--json', 'print as JSON', false)
    .option('--oracle', 'measure solvability: run the oracle searcher on every task (guard on)', false);
  addSampleOption(report, 'with --oracle: ')
    .option('--quiet', 'no progress on stderr', false)
    .action(async (dir: string, o) => {
      if (o.sample !== undefined && !o.oracle) throw new FictionError('BAD_INPUT', '--sample applies to --oracle: add --oracle, or leave --sample out');
      const sample = o.oracle ? checkSample(dir, o.sample, io) : undefined;
      const r = reportTasks(dir, { onWorld: worldProgress(io, o.quiet) });
      if (!o.oracle) {
        io.out(o.json ? `${JSON.stringify(r, null, 2)}\n` : formatTaskReport(r));
        return;
      }
      const s = await solveBatch(dir, { ...(sample !== undefined ? { sample } : {}), onWorld: worldProgress(io, o.quiet) });
      const summary = `solvability: ${(s.overall.share * 100).toFixed(1)}% of ${s.overall.tasks} tasks solved by the oracle within budget (target ≥ ${(s.target * 100).toFixed(0)}%): ${s.pass ? 'pass' : 'FAIL'}`;
      const text = formatTaskReport(r);
      const head = /^solvability: .*$/m.test(text) ? text.replace(/^solvability: .*$/m, summary) : `${text}${summary}\n`;
      io.out(o.json ? `${JSON.stringify({ ...r, solvability: s }, null, 2)}\n` : `${head}\n${formatSolvability(s)}`);
    });
}
