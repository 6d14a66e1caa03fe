/** `audit [--worlds DIR] [--sample N] [--json FILE] [--html FILE] [--renderer NAME] [--workers W]`: the leak audit. */
import type { Command } from 'commander';
import { auditWorlds } from '../../audit/run.js';
import { auditHtml } from '../../audit/report-html.js';
import { auditJson, writeReport } from '../../audit/report-json.js';
import { formatAuditTable } from '../../audit/report-table.js';
import { addLlmOptions, closeRenderer, llmRendererOptions, rendererFromOptions } from '../llm-options.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';
import { positiveInt } from '../options.js';
import { worldProgress } from '../progress.js';
import { addSampleOption, checkSample } from '../sample.js';

export function registerAudit(program: Command, io: Io): void {
  const cmd = declareCommand(program, 'audit').option('--worlds <dir>', 'folder of worlds', 'worlds');
  addSampleOption(cmd, 'audit ')
    .option('--json <file>', 'write the JSON report here')
    .option('--html <file>', 'write the self-contained HTML report here')
    .option('--renderer <name>', 'renderer of the results (template, llm)', 'template');
  addLlmOptions(cmd)
    .option('--workers <w>', 'worker threads', positiveInt('--workers'), 1)
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o) => {
      closeRenderer(await rendererFromOptions(o)); // an unknown renderer or bad settings fail before any world is opened
      const sample = checkSample(o.worlds, o.sample, io);
      const progress = worldProgress(io, o.quiet);
      const summary = await auditWorlds({
        worlds: o.worlds,
        sample,
        renderer: o.renderer,
        workers: o.workers,
        rendererOptions: o.renderer === 'llm' ? llmRendererOptions(o) : undefined,
        onWorld: progress,
      });
      const meta = { folder: o.worlds, sample: sample ?? null, renderer: o.renderer };
      if (o.json) writeReport(o.json, auditJson(summary, meta));
      if (o.html) writeReport(o.html, auditHtml(summary, meta));
      io.out(formatAuditTable(summary));
    });
}
