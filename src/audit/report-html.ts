/**
 * The audit as one self-contained HTML page: inline CSS and inline SVG bar charts, no scripts, no
 * fonts or images fetched from anywhere. Charts: raw vs guarded leak rate by theme and by task kind,
 * related share per suite, and guarded vs unguarded mean result count and snippet length.
 */
import type { AuditSummary, Figures } from './figures.js';
import type { AuditReportMeta } from './report-json.js';
import { pct, sideChannelLines, targetValue } from './report-table.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Series {
  name: string;
  color: string;
  values: number[];
}

/** A grouped horizontal bar chart; values in [0, max]. */
function barChart(title: string, labels: string[], series: Series[], max: number, format: (v: number) => string): string {
  const rowH = 14 * series.length + 10;
  const left = 150,
    width = 620,
    plot = width - left - 70;
  const height = 40 + labels.length * rowH + 20;
  const scale = (v: number) => (max > 0 ? Math.max(0, Math.min(1, v / max)) * plot : 0);
  const parts: string[] = [`<text x="0" y="16" class="t">${esc(title)}</text>`];
  series.forEach((s, k) => {
    parts.push(
      `<rect x="${left + k * 150}" y="26" width="10" height="10" fill="${s.color}"/><text x="${left + k * 150 + 14}" y="35" class="l">${esc(s.name)}</text>`,
    );
  });
  labels.forEach((label, i) => {
    const y0 = 44 + i * rowH;
    parts.push(`<text x="${left - 6}" y="${y0 + rowH / 2}" class="l" text-anchor="end">${esc(label)}</text>`);
    series.forEach((s, k) => {
      const v = s.values[i] ?? 0;
      const y = y0 + k * 14;
      parts.push(`<rect x="${left}" y="${y}" width="${scale(v).toFixed(1)}" height="11" fill="${s.color}"/>`);
      parts.push(`<text x="${(left + scale(v) + 4).toFixed(1)}" y="${y + 9}" class="v">${esc(format(v))}</text>`);
    });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(title)}">${parts.join('')}</svg>`;
}

const RAW = '#c0392b',
  GUARDED = '#2e86c1',
  OFF = '#7f8c8d',
  ON = '#27ae60';

function leakChart(title: string, groups: Record<string, Figures>): string {
  const labels = Object.keys(groups);
  const raw = labels.map((k) => groups[k]!.rawLeakRate),
    guarded = labels.map((k) => groups[k]!.guardedLeakRate);
  return barChart(
    title,
    labels,
    [
      { name: 'guard off', color: RAW, values: raw },
      { name: 'guard on', color: GUARDED, values: guarded },
    ],
    Math.max(0.01, ...raw, ...guarded),
    (v) => pct(v, 1),
  );
}

function figuresTable(rows: [string, Figures][]): string {
  const head = [
    '',
    'queries',
    'unrelated',
    'related',
    'raw leak',
    'guarded leak',
    'any label off/on',
    'guard judge',
    'honest off/on',
    'false supp.',
    'reachable',
    'results off/on',
    'snippet off/on',
  ];
  const body = rows.map(([name, f]) => [
    name,
    String(f.queries),
    String(f.unrelatedQueries),
    pct(f.relatedShare, 1),
    pct(f.rawLeakRate),
    `${pct(f.guardedLeakRate)} (${f.guardedLeaks})`,
    `${pct(f.anyLabel.rawLeakRate, 1)} / ${pct(f.anyLabel.guardedLeakRate, 1)}`,
    String(f.guardJudgeLeaks),
    f.honest.on === null ? '—' : `${pct(f.honest.off, 1)} / ${pct(f.honest.on, 1)}`,
    f.honest.falseSuppressionRate === null ? '—' : `${pct(f.honest.falseSuppressionRate, 1)} (${f.honest.falseSuppressed})`,
    f.reachability === null ? '—' : `${pct(f.reachability, 1)} (${f.reachableTasks}/${f.tasks})`,
    `${f.meanResults.off.toFixed(2)} / ${f.meanResults.on.toFixed(2)}`,
    `${f.meanSnippetChars.off.toFixed(0)} / ${f.meanSnippetChars.on.toFixed(0)}`,
  ]);
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${body
    .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th>${esc(c)}</th>` : `<td>${esc(c)}</td>`)).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

export function auditHtml(s: AuditSummary, meta: AuditReportMeta): string {
  const suites = Object.keys(s.bySuite);
  const comparisons = barChart(
    'Guarded vs unguarded: mean results per query and snippet length (÷100 chars)',
    ['results per query', 'snippet length / 100'],
    [
      { name: 'guard off', color: OFF, values: [s.overall.meanResults.off, s.overall.meanSnippetChars.off / 100] },
      { name: 'guard on', color: ON, values: [s.overall.meanResults.on, s.overall.meanSnippetChars.on / 100] },
    ],
    Math.max(1, s.overall.meanResults.off, s.overall.meanResults.on, s.overall.meanSnippetChars.off / 100, s.overall.meanSnippetChars.on / 100),
    (v) => v.toFixed(2),
  );
  const relatedChart = barChart(
    'Share of queries the guard labels related, per suite',
    suites,
    [{ name: 'related', color: GUARDED, values: suites.map((k) => s.bySuite[k]!.relatedShare) }],
    1,
    (v) => pct(v, 1),
  );
  const rows: [string, Figures][] = [
    ['overall', s.overall],
    ...Object.entries(s.bySuite).map(([k, f]) => [`suite ${k}`, f] as [string, Figures]),
    ...Object.entries(s.byFamily).map(([k, f]) => [`family ${k}`, f] as [string, Figures]),
    ...Object.entries(s.byTheme).map(([k, f]) => [`theme ${k}`, f] as [string, Figures]),
    ...Object.entries(s.byKind).map(([k, f]) => [`kind ${k}`, f] as [string, Figures]),
  ];
  const leakRows = (list: AuditSummary['leaks']) =>
    list
      .map(
        (l) =>
          `<tr><td>${esc(l.world)}</td><td>${esc(l.task)}</td><td>${esc(l.suite)}/${esc(l.tag)}</td><td>${esc(l.query.slice(0, 120))}</td><td>[${l.rank}] ${esc(l.url)}<br><b>${esc(l.title)}</b><br>${esc(l.snippet ?? '')}<br>${esc(l.date)}</td><td>${esc(l.detail)}</td></tr>`,
      )
      .join('');
  const leakHead = '<tr><th>world</th><th>task</th><th>suite</th><th>query</th><th>result</th><th>what shows</th></tr>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>fictionworld leak audit</title>
<style>
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:24px;color:#222;max-width:1200px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{border:1px solid #ddd;padding:3px 7px;text-align:right;vertical-align:top}
thead th{background:#f4f6f8}tbody th{text-align:left;font-weight:600}
.leaks td{text-align:left;max-width:420px;word-break:break-word}
.ok{color:#1e8449}.miss{color:#c0392b;font-weight:600}
svg{display:block;margin:10px 0}svg .t{font:600 13px sans-serif}svg .l{font:12px sans-serif}svg .v{font:11px sans-serif;fill:#444}
</style></head><body>
<h1>Leak audit</h1>
<p>${esc(String(s.worlds))} worlds from <code>${esc(meta.folder)}</code>${meta.sample ? ` (sample of ${meta.sample})` : ''}, renderer <code>${esc(meta.renderer)}</code>:
${s.overall.queries} queries, ${s.overall.unrelatedQueries} labelled unrelated (${s.unrelatedAndAdversarialQueries} from the unrelated and adversarial suites), ${s.overall.tasks} tasks.
Leak rates are the independent judge's (built apart from the guard) and count the queries the guard labels unrelated, from every suite and family; "any label" counts every query.</p>
<h2>Targets</h2>
<ul>${s.targets.map((t) => `<li class="${t.ok ? 'ok' : 'miss'}">${t.ok ? '✓' : '✗'} ${esc(t.name)}: ${targetValue(t)} (target ${esc(t.target)})</li>`).join('')}</ul>
<h2>Charts</h2>
${leakChart('Leak rate of unrelated queries by adversarial family (independent judge)', s.byFamily)}
${leakChart('Leak rate of unrelated queries by theme', s.byTheme)}
${leakChart('Leak rate of unrelated queries by task kind', s.byKind)}
${relatedChart}
${comparisons}
<h2>Side channels</h2>
<ul>${sideChannelLines(s)
    .slice(1)
    .map((l) => `<li>${esc(l.trim())}</li>`)
    .join('')}</ul>
<p>${esc(sideChannelLines(s)[0]!)}</p>
<h2>Figures</h2>
${figuresTable(rows)}
<h2>Guarded leaks, independent judge (${s.leakCount} results${s.leakCount > s.leaks.length ? `, the first ${s.leaks.length} listed` : ''})</h2>
${s.leaks.length === 0 ? '<p>None.</p>' : `<table class="leaks">${leakHead}${leakRows(s.leaks)}</table>`}
<h2>Unreachable tasks (${s.unreachable.length})</h2>
${s.unreachable.length === 0 ? '<p>None.</p>' : `<table><tr><th>world</th><th>task</th><th>kind</th><th>answer facts reached</th></tr>${s.unreachable.map((t) => `<tr><td>${esc(t.world)}</td><td>${esc(t.task)}</td><td>${esc(t.kind)}</td><td>${t.reachedFacts}/${t.answerFacts}</td></tr>`).join('')}</table>`}
<h2>What the guard prevents: guard-off examples (${s.rawLeakExamples.length})</h2>
${s.rawLeakExamples.length === 0 ? '<p>None.</p>' : `<table class="leaks">${leakHead}${leakRows(s.rawLeakExamples)}</table>`}
</body></html>
`;
}
