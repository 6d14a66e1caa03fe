/**
 * The audit as a plain-text table for the terminal (no colours, no locale formatting). Leak columns
 * are the independent judge's: over unrelated-labelled queries (raw, guarded), over every query
 * whatever its label (any label, off/on); "guard judge" counts the unrelated queries the guard's own
 * exposure logic says leak; honest off/on: tasks whose honest queries reach the answer.
 */
import type { AuditSummary, Figures } from './figures.js';

export const pct = (x: number | null, digits = 2) => (x === null ? '—' : `${(x * 100).toFixed(digits)}%`);
const num = (x: number) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const COLUMNS: [string, (f: Figures) => string][] = [
  ['queries', (f) => num(f.queries)],
  ['unrelated', (f) => num(f.unrelatedQueries)],
  ['related', (f) => pct(f.relatedShare, 1)],
  ['raw leak', (f) => pct(f.rawLeakRate)],
  ['guarded leak', (f) => `${pct(f.guardedLeakRate)} (${f.guardedLeaks})`],
  ['any label off/on', (f) => `${pct(f.anyLabel.rawLeakRate, 1)}/${pct(f.anyLabel.guardedLeakRate, 1)}`],
  ['guard judge', (f) => num(f.guardJudgeLeaks)],
  ['honest off/on', (f) => (f.honest.on === null ? '—' : `${pct(f.honest.off, 1)}/${pct(f.honest.on, 1)}`)],
  ['false supp.', (f) => (f.honest.falseSuppressionRate === null ? '—' : `${pct(f.honest.falseSuppressionRate, 1)} (${f.honest.falseSuppressed})`)],
  ['reachable', (f) => (f.reachability === null ? '—' : `${pct(f.reachability, 1)} (${f.reachableTasks}/${f.tasks})`)],
  ['results off/on', (f) => `${f.meanResults.off.toFixed(2)}/${f.meanResults.on.toFixed(2)}`],
  ['snippet off/on', (f) => `${f.meanSnippetChars.off.toFixed(0)}/${f.meanSnippetChars.on.toFixed(0)}`],
];

function table(rows: [string, Figures][]): string {
  const cells = [['', ...COLUMNS.map(([h]) => h)], ...rows.map(([name, f]) => [name, ...COLUMNS.map(([, get]) => get(f))])];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  return cells.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

/** A target's value: points and percents as written, shares as percentages. */
export const targetValue = (t: { name: string; value: number }) => (/\((points|%)\)$/.test(t.name) ? t.value.toFixed(1) : pct(t.value));

const signed = (x: number, digits = 1) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

/** The differential side-channel figures, as lines. */
export function sideChannelLines(s: AuditSummary): string[] {
  const c = s.sideChannels;
  return [
    `Side channels (unrelated queries; guarded results the guard changed vs untouched): ${num(c.changed.results)} changed, ${num(c.untouched.results)} untouched`,
    `  ellipses ${pct(c.changed.ellipsisShare, 1)} vs ${pct(c.untouched.ellipsisShare, 1)} (${signed(c.difference.ellipses)} points)`,
    `  snippet length ${c.changed.meanSnippetChars.toFixed(0)} vs ${c.untouched.meanSnippetChars.toFixed(0)} chars (${signed(c.difference.snippetLength)}%)`,
    `  no query word ${pct(c.changed.noQueryWordShare, 1)} vs ${pct(c.untouched.noQueryWordShare, 1)} (${signed(c.difference.noQueryWord)} points)`,
    `  result count of ${num(c.resultCount.changedQueries)} changed queries: ${c.resultCount.on.toFixed(2)} guarded vs ${c.resultCount.off.toFixed(2)} unguarded (${signed(c.resultCount.differencePct)}%)`,
    `  guess and confirm: right guesses flagged ${pct(c.guessConfirm.flaggedRightOn, 1)} of ${num(c.guessConfirm.right)}, wrong ${pct(c.guessConfirm.flaggedWrongOn, 1)} of ${num(c.guessConfirm.wrong)}: advantage ${signed(100 * c.guessConfirm.advantageOn)} points guarded, ${signed(100 * c.guessConfirm.advantageOff)} unguarded`,
    `  batches of candidates: the withheld candidate is the answer in ${pct(c.batchPrediction.rateOn, 1)} of ${num(c.batchPrediction.tasks)} batches guarded, ${pct(c.batchPrediction.rateOff, 1)} unguarded`,
  ];
}

export function formatAuditTable(s: AuditSummary, maxLeaks = 20): string {
  const rows: [string, Figures][] = [['overall', s.overall]];
  for (const [k, f] of Object.entries(s.bySuite)) rows.push([`suite ${k}`, f]);
  for (const [k, f] of Object.entries(s.byFamily)) rows.push([`family ${k}`, f]);
  for (const [k, f] of Object.entries(s.byTheme)) rows.push([`theme ${k}`, f]);
  for (const [k, f] of Object.entries(s.byKind)) rows.push([`kind ${k}`, f]);
  const lines = [
    `Leak audit: ${num(s.worlds)} worlds, ${num(s.overall.queries)} queries, ${num(s.overall.unrelatedQueries)} labelled unrelated ` +
      `(${num(s.unrelatedAndAdversarialQueries)} from the unrelated and adversarial suites), ${num(s.overall.tasks)} tasks`,
    '',
    table(rows),
    '',
    ...sideChannelLines(s),
    '',
    `One-search solves (multi-hop and chain): ${num(s.oneSearch.solved)} of ${num(s.oneSearch.tasks)} tasks (${pct(s.oneSearch.rate, 1)})` +
      Object.entries(s.oneSearch.byKind)
        .map(([k, o]) => `; ${k} ${o.solved}/${o.tasks}`)
        .join(''),
    '',
    'Protected per family (src/leakage/family-policy.ts):',
    ...Object.entries(s.policy).map(([k, p]) => `  ${k}: protects ${p.protects}; the work: ${p.work}`),
    '',
    'Targets:',
    ...s.targets.map((t) => `  ${t.ok ? 'ok  ' : 'MISS'} ${t.name}: ${targetValue(t)} (target ${t.target})`),
    '',
    `Guarded leaks (independent judge): ${num(s.leakCount)} results`,
    ...s.leaks.slice(0, maxLeaks).map((l) => `  ${l.world} ${l.task} [${l.suite}] "${l.query.slice(0, 60)}" -> [${l.rank}] ${l.url} ${l.detail}`),
    ...(s.leakCount > maxLeaks ? [`  ... ${num(s.leakCount - maxLeaks)} more (the JSON report lists ${s.leaks.length})`] : []),
    `Unreachable tasks: ${s.unreachable.length}`,
    ...s.unreachable.slice(0, maxLeaks).map((t) => `  ${t.world} ${t.task} (${t.kind}): ${t.reachedFacts}/${t.answerFacts} answer facts on surfaced pages`),
  ];
  return `${lines.join('\n')}\n`;
}
