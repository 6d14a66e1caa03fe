/** The solvability report as a terminal table (the JSON form is the SolvabilityReport itself). */
import type { SolvabilityReport, SolveGroup } from './batch.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const row = (name: string, g: SolveGroup) => [name, String(g.tasks), String(g.solved), pct(g.share), g.meanCalls.toFixed(2), String(g.maxCalls)];
const HEAD = ['tasks', 'solved', 'share', 'mean calls', 'max calls'];

export function formatSolvability(r: SolvabilityReport, perturbations: 'on' | 'off' = 'off', maxFailures = 10): string {
  const lines = [
    `oracle searcher: ${r.worlds} worlds, ${r.overall.tasks} tasks, leakage guard on, perturbations ${perturbations}; budget 2 × pages needed + 4 calls with a certificate, else 10 (+1 per row for a table)`,
    `solved ${r.overall.solved}/${r.overall.tasks} (${pct(r.overall.share)}) within budget; target ≥ ${pct(r.target)} overall and per kind: ${r.pass ? 'pass' : 'FAIL'}`,
    '',
    table(
      ['kind', ...HEAD],
      Object.entries(r.byKind).map(([k, g]) => row(k, g)),
    ),
    '',
    table(
      ['difficulty', ...HEAD],
      Object.entries(r.byDifficulty).map(([k, g]) => row(k, g)),
    ),
    '',
    table(
      ['share by kind', ...Object.keys(r.byDifficulty)],
      Object.entries(r.byKindDifficulty).map(([kind, ds]) => [kind, ...Object.keys(r.byDifficulty).map((d) => (ds[d] ? pct(ds[d]!.share) : '-'))]),
    ),
    '',
    table(
      ['theme', ...HEAD],
      Object.entries(r.byTheme).map(([k, g]) => row(k, g)),
    ),
    '',
    table(
      ['share by theme', ...Object.keys(r.byKind)],
      Object.entries(r.byThemeKind).map(([theme, kinds]) => [theme, ...Object.keys(r.byKind).map((k) => (kinds[k] ? pct(kinds[k]!.share) : '-'))]),
    ),
    '',
    `calls needed (solved tasks): ${Object.keys(r.callsHistogram)
      .sort((a, b) => Number(a) - Number(b))
      .map((c) => `${c}: ${r.callsHistogram[c]}`)
      .join(', ')}`,
  ];
  if (r.failures.length > 0) {
    lines.push('', `unsolved (${Math.min(maxFailures, r.failures.length)} of ${r.overall.tasks - r.overall.solved}):`);
    for (const f of r.failures.slice(0, maxFailures))
      lines.push(
        `  ${f.worldId} ${f.taskId} ${f.kind} (${f.calls}/${f.budget} calls, reward ${f.reward.toFixed(2)}): ${f.note ?? 'wrong answer'} | ${f.question.length > 120 ? `${f.question.slice(0, 117)}...` : f.question}`,
      );
  }
  return `${lines.join('\n')}\n`;
}
