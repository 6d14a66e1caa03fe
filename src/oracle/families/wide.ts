/** Wide questions: find every member of the kind, check the condition per row, read the columns, answer a Markdown table. */
import type { WideReading } from '../../tasks/families/reading.js';
import { read, searchAhead, select, statedValue, type SolveContext } from '../entities.js';
import { kindOf } from '../vocabulary.js';
import type { FamilyAnswer } from './result.js';

const cell = (s: string) => s.replace(/\|/g, '/').replace(/\s+/g, ' ').trim();
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The table as Markdown: a header, a separator, one line per row. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [`| ${header.map(cell).join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

export async function solveWide(ctx: SolveContext, r: WideReading, columns: readonly string[]): Promise<FamilyAnswer> {
  await searchAhead(ctx, [r.rows]);
  const rows = await select(ctx, r.rows);
  if (rows.length === 0) return { answer: null, note: 'no row meets the condition' };
  await read(ctx, rows, r.columns);
  const missing = rows.reduce((n, name) => n + r.columns.filter((l) => statedValue(ctx, name, l) === undefined).length, 0);
  // A kind whose rows have no name of their own (a weekly gross, a vote count) is listed by its columns alone.
  const named = kindOf(ctx.vocabulary, r.rows.kind)?.named !== false && columns.length !== r.columns.length;
  const header = !named
    ? columns.length === r.columns.length
      ? columns
      : r.columns.map(cap)
    : columns.length === r.columns.length + 1
      ? columns
      : [cap(kindOf(ctx.vocabulary, r.rows.kind)?.kind ?? r.rows.kind), ...r.columns.map(cap)];
  const cells = (name: string) => [...(named ? [name] : []), ...r.columns.map((l) => statedValue(ctx, name, l) ?? '')];
  const body = rows.map(cells).sort((a, b) => {
    const x = a.join('\u0000');
    const y = b.join('\u0000');
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const table = markdownTable(header, body);
  return missing > 0 ? { answer: table, note: `${missing} cells not found` } : { answer: table };
}
