/**
 * `themes [list]`: the registered themes, their tables and the task kinds they yield.
 * `themes show ID`: a theme's spec as JSON (the form `themes draft` writes and `--theme-file` reads).
 * `themes draft --topic TEXT --out FILE --llm-base-url URL --llm-model M`: a language model drafts a spec,
 * checked as every built-in theme is; an accepted one is written to FILE, a refused one is not.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { FictionError } from '../../errors.js';
import type { DraftCheck } from '../../themes/draft/check.js';
import { DEFAULT_DRAFT_SEEDS, DEFAULT_REPAIRS } from '../../themes/draft/defaults.js';
import { getTheme, listThemes } from '../../themes/registry.js';
import { SPEC_OF } from '../../themes/spec/compile.js';
import { themeFileText, writeThemeFile } from '../../themes/spec/file.js';
import type { Io } from '../main.js';
import { nonNegativeInt } from '../options.js';
import { declareCommand } from './table.js';

function listCommand(io: Io, o: { json?: boolean }): void {
  const themes = listThemes().map((t) => ({
    id: t.id,
    title: t.title,
    description: t.description,
    tables: t.tables.map((tb) => ({
      name: tb.name,
      columns: tb.columns.map((c) => c.name),
      references: tb.columns.filter((c) => c.ref).map((c) => c.ref!),
    })),
  }));
  if (o.json) {
    io.out(`${JSON.stringify(themes, null, 2)}\n`);
    return;
  }
  for (const t of themes) {
    io.out(`${t.id.padEnd(14)} ${t.title} — ${t.description}\n`);
    for (const tb of t.tables) io.out(`  ${tb.name.padEnd(20)} ${tb.columns.join(', ')}${tb.references.length ? `  → ${tb.references.join(', ')}` : ''}\n`);
  }
  io.out(`${themes.length} themes; task kinds: lookup, multi_hop, comparison, aggregation, temporal, wide_table\n`);
}

/** "1,2,3" → [1, 2, 3]: the seeds a draft is checked at. */
function seedList(value: string): number[] {
  const seeds = value.split(',').map((s) => nonNegativeInt('--seeds')(s.trim()));
  if (seeds.length < 1 || seeds.length > 10 || new Set(seeds).size !== seeds.length)
    throw new FictionError('BAD_INPUT', '--seeds must be 1 to 10 distinct non-negative integers, e.g. 1,2,3');
  return seeds;
}

function repairCount(value: string): number {
  const n = nonNegativeInt('--repairs')(value);
  if (n > 10) throw new FictionError('BAD_INPUT', `--repairs must be at most 10, got ${n}`);
  return n;
}

/** The out file must be new, in a folder that exists: checked before any model call. */
function checkOut(out: string): void {
  if (existsSync(out)) throw new FictionError('BAD_INPUT', `--out ${out} exists: choose a new file (a spec is never overwritten)`);
  const dir = dirname(out);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new FictionError('BAD_INPUT', `--out ${out}: folder ${dir} does not exist`);
}

const span = (c: DraftCheck) => {
  const facts = c.worlds.map((w) => w.facts);
  return facts.length ? `${Math.min(...facts)}–${Math.max(...facts)} facts` : 'no world';
};

export function registerThemes(program: Command, io: Io): void {
  const themes = declareCommand(program, 'themes');
  themes
    .command('list', { isDefault: true })
    .description('list the registered themes with their tables (the default)')
    .option('--json', 'print as JSON', false)
    .action((o) => listCommand(io, o));
  themes
    .command('show')
    .description("print a theme's spec as JSON: the form of a --theme-file")
    .argument('<id>', 'a theme id (see `themes list`)')
    .action((id: string) => io.out(themeFileText(SPEC_OF.get(getTheme(id))!)));
  themes
    .command('draft')
    .description('draft a theme spec for a topic with a language model; write it only if it passes every check')
    .requiredOption('--topic <text>', 'what the theme is about, e.g. "2031 e-scooter rental market"')
    .requiredOption('--out <file>', 'where the accepted spec is written (a new file)')
    .option('--id <id>', 'the theme id (default: the topic as a slug)')
    .option('--seeds <list>', `seeds the draft is generated and checked at (default ${DEFAULT_DRAFT_SEEDS.join(',')})`, seedList)
    .option('--repairs <n>', `corrections asked of the model after a refusal (default ${DEFAULT_REPAIRS})`, repairCount)
    .option('--llm-base-url <url>', 'OpenAI-compatible endpoint, e.g. http://localhost:8000/v1 (or FICTIONWORLD_LLM_BASE_URL)')
    .option('--llm-model <name>', 'model name (or FICTIONWORLD_LLM_MODEL)')
    .option('--llm-api-key <key>', 'API key (or OPENAI_API_KEY; none needed by most local servers)')
    .option('--json', 'print the result (the checks and the spec) as JSON', false)
    .option('--quiet', 'no progress on stderr', false)
    .action(async (o) => {
      // The draft's machinery (generation, the oracle, the model client) loads only when drafting.
      const [{ agentEndpoint }, { createChatModel }, { draftTheme }] = await Promise.all([
        import('./agent.js'),
        import('../../agent/chat-model.js'),
        import('../../themes/draft/draft.js'),
      ]);
      const endpoint = agentEndpoint(o);
      checkOut(o.out);
      const model = createChatModel({ ...endpoint, temperature: 0.2 });
      try {
        const result = await draftTheme({
          topic: o.topic,
          id: o.id,
          model,
          seeds: o.seeds,
          repairs: o.repairs,
          onAttempt: (a) => {
            if (o.quiet) return;
            io.err(a.ok ? `draft ${a.n}: accepted\n` : `draft ${a.n}: refused\n${a.reasons.map((r) => `  - ${r}\n`).join('')}`);
          },
        });
        if (result.ok) writeThemeFile(o.out, result.spec!);
        if (o.json) io.out(`${JSON.stringify({ ...result, out: result.ok ? o.out : null }, null, 2)}\n`);
        const drafts = `${result.attempts.length} draft${result.attempts.length > 1 ? 's' : ''}`;
        if (!result.ok) throw new FictionError('INCONSISTENT', `theme "${result.id}" refused after ${drafts}: ${result.attempts.at(-1)!.reasons[0]}`);
        const c = result.check!;
        if (!o.json)
          io.out(
            `accepted theme "${result.id}" after ${drafts}: ${c.worlds.length} worlds at seeds ${(o.seeds ?? DEFAULT_DRAFT_SEEDS).join(', ')} ` +
              `(${span(c)}), ${c.solved} of ${c.tasks} tasks solved; wrote ${o.out}\n`,
          );
      } finally {
        model.close?.();
      }
    });
}
