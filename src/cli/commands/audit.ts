/** `audit --worlds DIR [--sample N] [--json FILE] [--html FILE] [--renderer NAME] [--workers W]`: the leak audit. */
import type { Command } from 'commander';
import { auditWorlds } from '../../audit/run.js';
import { auditHtml } from '../../audit/report-html.js';
import { auditJson, writeReport } from '../../audit/report-json.js';
import { formatAuditTable } from '../../audit/report-table.js';
import { addLlmOptions, closeRenderer, llmRendererOptions, rendererFromOptions } from '../llm-options.js';
import type { Io } from '../main.js';
import { positiveInt } from '../options.js';
import { createProgress } from '../progress.js';

export function registerAudit(program: Command, io: Io): void {
  const cmd = program
    .command('audit')
    .description('measure leak rates: related, unrelated and adversarial query suites, guard off and on')
    .requiredOption('--worlds <dir>', 'folder of worlds')
    .option('--sample <n>', 'audit this many worlds, spread over the folder (default: all)', positiveInt('--sample'))
    .option('--json <file>', 'write the JSON report here')
    .option('--html <file>', 'write the self-contained HTML report here')
    .option('--renderer <name>', 'renderer of the results (template, llm)', 'template');
  addLlmOptions(cmd)
    .option('--workers <w>', 'worker threads (default 1)', positiveInt('--workers'), 1)
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o) => {
      closeRenderer(await rendererFromOptions(o)); // an unknown renderer or bad settings fail before any world is opened
      const started = performance.now();
      const progress = o.quiet ? undefined : createProgress(io.err, Boolean(process.stderr.isTTY));
      const summary = await auditWorlds({
        worlds: o.worlds,
        sample: o.sample,
        renderer: o.renderer,
        workers: o.workers,
        rendererOptions: o.renderer === 'llm' ? llmRendererOptions(o) : undefined,
        onWorld: progress ? (done, total) => progress({ done, total, skipped: 0, elapsedMs: performance.now() - started }) : undefined,
      });
      const meta = { folder: o.worlds, sample: o.sample ?? null, renderer: o.renderer };
      if (o.json) writeReport(o.json, auditJson(summary, meta));
      if (o.html) writeReport(o.html, auditHtml(summary, meta));
      io.out(formatAuditTable(summary));
    });
}
