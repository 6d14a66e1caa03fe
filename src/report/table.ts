/** The realism report as a plain table: one row per measure, its target, the batch's figure and each theme's, each marked ✓ or ✗ against the target. */
import { reportRows } from './rows.js';
import { genreOrder, type RealismReport } from './run.js';

const mark = (pass: boolean | null | undefined) => (pass === true ? ' ✓' : pass === false ? ' ✗' : '');

export function formatRealismReport(r: RealismReport): string {
  const themes = Object.keys(r.themes);
  const scopes = [r.overall, ...themes.map((t) => r.themes[t]!)];
  const head = ['measure', 'target', 'all', ...themes];
  const rows = reportRows(genreOrder(r.overall)).map((row) => [row.label, row.target, ...scopes.map((f) => row.show(f) + mark(row.pass?.(f)))]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((c) => c[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const overall = r.checks.filter((c) => c.scope === 'all');
  const failed = overall.filter((c) => c.pass === false).map((c) => c.label);
  const formats = Object.entries(r.formats)
    .map(([v, n]) => `${v} ${n}`)
    .join(', ');
  return [
    `${r.worlds} worlds in ${r.dir} (format ${formats}); themes: ${themes.map((t) => `${t} ${r.themes[t]!.worlds}`).join(', ')}`,
    '',
    line(head),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    '',
    `targets met (all worlds): ${overall.filter((c) => c.pass === true).length} of ${overall.length}` +
      `${overall.some((c) => c.pass === null) ? ` (${overall.filter((c) => c.pass === null).length} n/a)` : ''}` +
      `${failed.length ? `; missed: ${failed.join('; ')}` : ''}`,
    ...(r.overall.untimedWorlds > 0
      ? [
          `anachronisms: ${r.overall.untimedWorlds} of ${r.worlds} worlds are of themes that declare no time role (when a fact becomes true), so their pages could not be checked`,
        ]
      : []),
    ...(r.overall.anachronismExamples.length ? ['', 'anachronisms, e.g.:', ...r.overall.anachronismExamples.map((a) => `  ${a}`)] : []),
    '',
  ].join('\n');
}
