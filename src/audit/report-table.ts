/** The audit as a plain-text table for the terminal (no colours, no locale formatting). */
import type { AuditSummary, Figures } from './figures.js';

export const pct = (x: number | null, digits = 2) => (x === null ? '—' : `${(x * 100).toFixed(digits)}%`);
const num = (x: number) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const COLUMNS: [string, (f: Figures) => string][] = [
  ['queries', (f) => num(f.queries)],
  ['unrelated', (f) => num(f.unrelatedQueries)],
  ['related', (f) => pct(f.relatedShare, 1)],
  ['raw leak', (f) => pct(f.rawLeakRate)],
  ['guarded leak', (f) => `${pct(f.guardedLeakRate)} (${f.guardedLeaks})`],
  ['changed', (f) => num(f.changedResults)],
  ['false supp.', (f) => `${pct(f.falseSuppressionRate)} (${f.falseSuppressed})`],
  ['reachable', (f) => (f.reachability === null ? '—' : `${pct(f.reachability, 1)} (${f.reachableTasks}/${f.tasks})`)],
  ['results off/on', (f) => `${f.meanResults.off.toFixed(2)}/${f.meanResults.on.toFixed(2)}`],
  ['snippet off/on', (f) => `${f.meanSnippetChars.off.toFixed(0)}/${f.meanSnippetChars.on.toFixed(0)}`],
];

function table(rows: [string, Figures][]): string {
  const cells = [['', ...COLUMNS.map(([h]) => h)], ...rows.map(([name, f]) => [name, ...COLUMNS.map(([, get]) => get(f))])];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  return cells.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

export function formatAuditTable(s: AuditSummary, maxLeaks = 20): string {
  const rows: [string, Figures][] = [['overall', s.overall]];
  for (const [k, f] of Object.entries(s.bySuite)) rows.push([`suite ${k}`, f]);
  for (const [k, f] of Object.entries(s.byTheme)) rows.push([`theme ${k}`, f]);
  for (const [k, f] of Object.entries(s.byKind)) rows.push([`kind ${k}`, f]);
  const lines = [
    `Leak audit: ${num(s.worlds)} worlds, ${num(s.overall.queries)} queries, ${num(s.overall.unrelatedQueries)} labelled unrelated ` +
      `(${num(s.unrelatedAndAdversarialQueries)} from the unrelated and adversarial suites), ${num(s.overall.tasks)} tasks`,
    '',
    table(rows),
    '',
    'Targets:',
    ...s.targets.map((t) => `  ${t.ok ? 'ok  ' : 'MISS'} ${t.name}: ${t.name.includes('/') ? t.value.toFixed(3) : pct(t.value)} (target ${t.target})`),
    '',
    `Guarded leaks: ${s.leaks.length}`,
    ...s.leaks
      .slice(0, maxLeaks)
      .map((l) =>
        `  ${l.world} ${l.task} [${l.suite}] "${l.query.slice(0, 60)}" -> [${l.rank}] ${l.url} ${l.forms.join(', ')} ${l.factIds.length ? `facts ${l.factIds.join(',')}` : ''}`.trimEnd(),
      ),
    ...(s.leaks.length > maxLeaks ? [`  ... ${s.leaks.length - maxLeaks} more (see the JSON report)`] : []),
    `Unreachable tasks: ${s.unreachable.length}`,
    ...s.unreachable.slice(0, maxLeaks).map((t) => `  ${t.world} ${t.task} (${t.kind}): ${t.reachedFacts}/${t.answerFacts} answer facts on surfaced pages`),
  ];
  return `${lines.join('\n')}\n`;
}
