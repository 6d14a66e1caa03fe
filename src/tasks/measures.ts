/**
 * The measures of issue 24 over a batch's tasks, per family (kind) and per difficulty, each against its
 * target: tasks whose evidence sits on one page, pages needed, oracle calls, questions that name no
 * entity of the world, derived answers printed outright, distinct question frames, and the blind check
 * (the best constant answer per family; guessing among a question's listed candidates).
 */
import { DIFFICULTIES } from './certificate/schema.js';
import type { Task } from '../world/types.js';
import { MIN_JUDGED, candidatesOf, type BlindReport } from './blind.js';
import { scoreAnswer } from './score.js';

/** One task with what its world told about it (read by report.ts). */
export interface MeasuredTask {
  task: Task;
  worldId: string;
  /** The question names no entity of its world. */
  namesNoEntity: boolean;
  /** For a derived numeric answer: whether another fact prints it; null when the answer is no derived number. */
  printed: boolean | null;
  /** The question with names, numbers, dates and values as placeholders (src/report/shapes.ts). */
  frame: string;
}

export interface Measure {
  id: string;
  label: string;
  /** The target as printed ("≤ 10%"). */
  target: string;
  /** The figure per group ('all', a difficulty, a kind), printed, with pass/fail when a target applies to that group. */
  cells: Record<string, { text: string; pass: boolean | null }>;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Best of guessing the first or the last listed candidate, and the chance level mean(1/k), over tasks with a candidate list. */
export function candidateGuess(tasks: readonly Task[]): { tasks: number; score: number; chance: number } | null {
  const listed = tasks.map((t) => ({ t, c: candidatesOf(t.question) })).filter((x) => x.c.length >= 2);
  if (listed.length === 0) return null;
  const mean = (f: (x: (typeof listed)[number]) => number) => listed.reduce((s, x) => s + f(x), 0) / listed.length;
  const first = mean((x) => scoreAnswer(x.t, x.c[0]!).reward);
  const last = mean((x) => scoreAnswer(x.t, x.c.at(-1)!).reward);
  return { tasks: listed.length, score: Math.max(first, last), chance: mean((x) => 1 / x.c.length) };
}

/** Groups a measure is figured over: the batch, each difficulty, each kind present. */
export function groupsOf(all: readonly MeasuredTask[]): Map<string, MeasuredTask[]> {
  const groups = new Map<string, MeasuredTask[]>([['all', [...all]]]);
  for (const d of DIFFICULTIES)
    groups.set(
      d,
      all.filter((m) => m.task.difficulty === d),
    );
  for (const m of all) (groups.get(m.task.kind) ?? groups.set(m.task.kind, []).get(m.task.kind)!).push(m);
  return groups;
}

export function measureTasks(all: readonly MeasuredTask[], blind: BlindReport): Measure[] {
  const groups = groupsOf(all);
  const isKind = (g: string) => g !== 'all' && !(DIFFICULTIES as readonly string[]).includes(g);
  const row = (
    id: string,
    label: string,
    target: string,
    figure: (ms: MeasuredTask[], group: string) => { value: number; text: string } | null,
    passes: (value: number, group: string) => boolean | null,
  ): Measure => {
    const cells: Measure['cells'] = {};
    for (const [g, ms] of groups) {
      const f = ms.length > 0 ? figure(ms, g) : null;
      cells[g] = f ? { text: f.text, pass: passes(f.value, g) } : { text: '-', pass: null };
    }
    return { id, label, target, cells };
  };
  const share = (ms: MeasuredTask[], p: (m: MeasuredTask) => boolean) => {
    const v = ms.filter(p).length / ms.length;
    return { value: v, text: pct(v) };
  };
  const med = (xs: number[]) => {
    const v = median(xs);
    return v === null ? null : { value: v, text: String(v) };
  };
  return [
    row(
      'one_page',
      'evidence on one page',
      '≤ 10% (0% medium, hard)',
      (ms) => share(ms, (m) => (m.task.certificate?.pagesNeeded ?? 1) <= 1),
      (v, g) => (g === 'all' ? v <= 0.1 : g === 'medium' || g === 'hard' ? v === 0 : null),
    ),
    row(
      'pages',
      'pages needed, median',
      '≥ 3 (≥ 5 hard)',
      (ms) => med(ms.map((m) => m.task.certificate?.pagesNeeded ?? 1)),
      (v, g) => (g === 'all' ? v >= 3 : g === 'hard' ? v >= 5 : null),
    ),
    row(
      'oracle_calls',
      'oracle calls, median',
      '≥ 6',
      (ms) => {
        const proved = ms.filter((m) => (m.task.certificate?.plan.length ?? 0) > 0);
        if (proved.length === 0) return { value: Number.NaN, text: 'not proved' };
        return med(proved.map((m) => m.task.certificate!.plan.length));
      },
      (v, g) => (g === 'all' && !Number.isNaN(v) ? v >= 6 : null),
    ),
    row(
      'no_entity',
      'questions naming no entity',
      '≥ 40%',
      (ms) => share(ms, (m) => m.namesNoEntity),
      (v, g) => (g === 'all' ? v >= 0.4 : null),
    ),
    row(
      'printed',
      'derived answers printed outright',
      '0%',
      (ms) => {
        const derived = ms.filter((m) => m.printed !== null);
        if (derived.length === 0) return { value: Number.NaN, text: 'none derived' };
        const v = derived.filter((m) => m.printed).length / derived.length;
        return { value: v, text: `${pct(v)} of ${derived.length}` };
      },
      (v) => (Number.isNaN(v) ? null : v === 0),
    ),
    row(
      'frames',
      'distinct question frames',
      '≥ 40',
      (ms) => {
        const n = new Set(ms.map((m) => m.frame)).size;
        return { value: n, text: String(n) };
      },
      (v, g) => (g === 'all' ? v >= 40 : null),
    ),
    row(
      'blind_constant',
      'blind: best constant answer',
      '≤ 5% per family',
      (_ms, g) => {
        if (!isKind(g)) return null;
        const k = blind.kinds.find((x) => x.kind === g);
        if (!k) return null;
        // too few tasks to judge (fewer than MIN_JUDGED): shown, not marked
        return { value: k.judged ? k.constant.score : Number.NaN, text: k.judged ? pct(k.constant.score) : `${pct(k.constant.score)} (too few)` };
      },
      (v, g) => (isKind(g) && !Number.isNaN(v) ? v <= blind.limit : null),
    ),
    row(
      'blind_candidates',
      'blind: guess among listed candidates',
      '≤ 1/k + 2 points',
      (ms, g) => {
        if (!isKind(g)) return null;
        const c = candidateGuess(ms.map((m) => m.task));
        if (!c) return null;
        // As for the constant answer: below MIN_JUDGED listed tasks, a lucky task or two is past the line.
        const judged = c.tasks >= MIN_JUDGED;
        const text = `${pct(c.score)} (1/k ${pct(c.chance)})${judged ? '' : ` (too few: ${c.tasks})`}`;
        return { value: judged ? c.score - c.chance : Number.NaN, text };
      },
      (v, g) => (isKind(g) && !Number.isNaN(v) ? v <= 0.02 : null),
    ),
  ];
}

const mark = (pass: boolean | null) => (pass === true ? ' ✓' : pass === false ? ' ✗' : '');

/** The measures as a terminal table: one row per measure, its target, then one column per group. */
export function formatMeasures(measures: readonly Measure[], groups: readonly string[]): string {
  const head = ['measure', 'target', ...groups];
  const rows = measures.map((m) => [m.label, m.target, ...groups.map((g) => `${m.cells[g]?.text ?? '-'}${mark(m.cells[g]?.pass ?? null)}`)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
