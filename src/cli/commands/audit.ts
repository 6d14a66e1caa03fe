/** `audit [--worlds DIR] [--sample N] [--json FILE] [--html FILE] [--renderer NAME] [--families LIST] [--workers W]`: the leak audit. */
import type { Command } from 'commander';
import { FAMILIES, type Family } from '../../audit/families.js';
import { auditWorlds } from '../../audit/run.js';
import { FictionError } from '../../errors.js';
import { auditHtml } from '../../audit/report-html.js';
import { auditJson, writeReport } from '../../audit/report-json.js';
import { formatAuditTable } from '../../audit/report-table.js';
import { addLlmOptions, closeRenderer, llmRendererOptions, rendererFromOptions } from '../llm-options.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';
import { positiveInt } from '../options.js';
import { worldProgress } from '../progress.js';
import { addSampleOption, checkSample } from '../sample.js';

function parseFamilies(list: string): Family[] {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = names.find((n) => !(FAMILIES as readonly string[]).includes(n));
  if (bad !== undefined || names.length === 0)
    throw new FictionError('BAD_INPUT', `--families: unknown family ${JSON.stringify(bad ?? '')} (known: ${FAMILIES.join(', ')})`);
  return names as Family[];
}

export function registerAudit(program: Command, io: Io): void {
  const cmd = declareCommand(program, 'audit').option('--worlds <dir>', 'folder of worlds', 'worlds');
  addSampleOption(cmd, 'audit ')
    .option('--json <file>', 'write the JSON report here')
    .option('--html <file>', 'write the self-contained HTML report here')
    .option('--renderer <name>', 'renderer of the results (template, llm)', 'template')
    .option('--families <list>', `adversarial families to run, comma-separated (default all: ${FAMILIES.join(', ')})`);
  addLlmOptions(cmd)
    .option('--workers <w>', 'worker threads', positiveInt('--workers'), 1)
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o) => {
      closeRenderer(await rendererFromOptions(o)); // an unknown renderer or bad settings fail before any world is opened
      const families = o.families === undefined ? undefined : parseFamilies(String(o.families));
      const sample = checkSample(o.worlds, o.sample, io);
      const progress = worldProgress(io, o.quiet);
      const summary = await auditWorlds({
        worlds: o.worlds,
        sample,
        renderer: o.renderer,
        workers: o.workers,
        ...(families ? { families } : {}),
        rendererOptions: o.renderer === 'llm' ? llmRendererOptions(o) : undefined,
        onWorld: progress,
      });
      const meta = { folder: o.worlds, sample: sample ?? null, renderer: o.renderer };
      if (o.json) writeReport(o.json, auditJson(summary, meta));
      if (o.html) writeReport(o.html, auditHtml(summary, meta));
      io.out(formatAuditTable(summary));
    });
}
