/**
 * The batch report: how many tasks of each kind, how many hops, which answer types, the blind check,
 * and issue 24's measures per family and per difficulty against their targets (measures.ts), as JSON
 * and as terminal tables. (Solvability joins it when the oracle searcher exists.)
 */
import { loadWorld } from '../db/load.js';
import { openWorld, readingWorld } from '../db/open.js';
import { createShaper } from '../report/shapes.js';
import { shapeVocabulary } from '../report/vocabulary.js';
import type { Task, TaskKind } from '../world/types.js';
import { blindCheck, type BlindOptions, type BlindReport } from './blind.js';
import { listWorldFiles } from './batch-tasks.js';
import { tableSizesOf } from './certificate/certify.js';
import { DIFFICULTIES } from './certificate/schema.js';
import { checkWorldOf, namesIn, printedAnswer, isDerivedNumber } from './certificate/shortcuts.js';
import { hopsOf } from './hops.js';
import { formatMeasures, groupsOf, type Measure, type MeasuredTask, measureTasks } from './measures.js';

export interface TaskReport {
  worlds: number;
  tasks: number;
  themes: Record<string, number>;
  kinds: Record<string, number>;
  hops: Record<string, number>;
  answerTypes: Record<string, number>;
  /** Per kind: answer types and mean hops. */
  byKind: { kind: TaskKind; tasks: number; meanHops: number; answerTypes: Record<string, number> }[];
  blind: BlindReport;
  /** Issue 24's measures, per group: 'all', each difficulty, each kind (absent when summarised without worlds). */
  measures?: Measure[];
  /** The groups of `measures`, in print order. */
  groups?: string[];
  /** Share of tasks the oracle searcher solves: not measured yet. */
  solvability: null;
}

/** One world's tasks with what the measures need of the world: its names, facts and page text. */
export function measureWorld(file: string): { worldId: string; theme: string; measured: MeasuredTask[] } {
  const w = openWorld(file);
  try {
    return readingWorld(file, () => {
      const data = loadWorld(w);
      const check = checkWorldOf(data.facts, tableSizesOf(data.theme, data.rows));
      const entityNames = new Set<string>();
      for (const t of data.theme.tables)
        if (t.nameColumn) for (const r of data.rows[t.name] ?? []) if (r[t.nameColumn] != null) entityNames.add(String(r[t.nameColumn]).toLowerCase());
      const shape = createShaper(shapeVocabulary(data));
      const measured = data.tasks.map((task) => ({
        task,
        worldId: data.meta.world_id,
        namesNoEntity: namesIn(task.question, entityNames).length === 0,
        printed: isDerivedNumber(check, task) ? printedAnswer(check, task, task.certificate?.evidenceFactIds ?? task.answerFactIds) !== null : null,
        frame: shape(task.question),
      }));
      return { worldId: data.meta.world_id, theme: data.meta.theme, measured };
    });
  } finally {
    w.db.close();
  }
}

const bump = (m: Record<string, number>, k: string | number) => {
  m[String(k)] = (m[String(k)] ?? 0) + 1;
};

/** The report of the worlds in `dir`; `onWorld` (a progress display) is called after each world is read. */
export function reportTasks(dir: string, opts: BlindOptions & { onWorld?: (done: number, total: number) => void } = {}): TaskReport {
  const themes: Record<string, number> = {};
  const all: (Task & { worldId: string })[] = [];
  const measured: MeasuredTask[] = [];
  const files = listWorldFiles(dir);
  for (const [i, file] of files.entries()) {
    const w = measureWorld(file);
    bump(themes, w.theme);
    for (const m of w.measured) {
      all.push({ ...m.task, worldId: w.worldId });
      measured.push(m);
    }
    opts.onWorld?.(i + 1, files.length);
  }
  const r = summarizeTasks(all, files.length, themes, opts);
  const groups = [...groupsOf(measured).keys()].filter((g) => g === 'all' || (DIFFICULTIES as readonly string[]).includes(g) || r.kinds[g] !== undefined);
  return { ...r, measures: measureTasks(measured, r.blind), groups };
}

export function summarizeTasks(all: (Task & { worldId?: string })[], worlds: number, themes: Record<string, number>, opts: BlindOptions = {}): TaskReport {
  const kinds: Record<string, number> = {};
  const hops: Record<string, number> = {};
  const answerTypes: Record<string, number> = {};
  const per = new Map<TaskKind, { tasks: number; hops: number; answerTypes: Record<string, number> }>();
  for (const t of all) {
    const h = hopsOf(t);
    bump(kinds, t.kind);
    bump(hops, h);
    bump(answerTypes, t.answerType);
    const k = per.get(t.kind) ?? per.set(t.kind, { tasks: 0, hops: 0, answerTypes: {} }).get(t.kind)!;
    k.tasks++;
    k.hops += h;
    bump(k.answerTypes, t.answerType);
  }
  const blind = blindCheck(all, opts);
  const byKind = blind.kinds.map(({ kind }) => {
    const k = per.get(kind)!;
    return { kind, tasks: k.tasks, meanHops: k.hops / k.tasks, answerTypes: k.answerTypes };
  });
  return { worlds, tasks: all.length, themes, kinds, hops, answerTypes, byKind, blind, solvability: null };
}

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

const counts = (m: Record<string, number>) =>
  Object.entries(m)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

export function formatTaskReport(r: TaskReport): string {
  const kindRows = r.byKind.map((k) => {
    const b = r.blind.kinds.find((x) => x.kind === k.kind)!;
    return [
      k.kind,
      String(k.tasks),
      k.meanHops.toFixed(2),
      counts(k.answerTypes),
      `${pct(b.constant.score)} ${!b.judged ? 'too few' : b.pass ? 'ok' : 'FAIL'}`,
      b.heuristic ? `${pct(b.heuristic.score)} (${b.heuristic.name})` : '-',
    ];
  });
  return [
    `${r.worlds} worlds, ${r.tasks} tasks; themes: ${counts(r.themes)}`,
    '',
    table(['kind', 'tasks', 'hops', 'answer types', 'blind (const)', 'guess from question'], kindRows),
    '',
    `hops: ${Object.keys(r.hops)
      .sort((a, b) => Number(a) - Number(b))
      .map((h) => `${h}: ${r.hops[h]}`)
      .join(', ')}`,
    `answer types: ${counts(r.answerTypes)}`,
    `blind check: best constant answer per kind ≤ ${pct(r.blind.limit)}: ${r.blind.pass ? 'pass' : 'FAIL'}`,
    'solvability: not measured yet (needs the oracle searcher)',
    '',
    ...(r.measures && r.groups
      ? [
          'measures by difficulty:',
          formatMeasures(
            r.measures,
            r.groups.filter((g) => g === 'all' || (DIFFICULTIES as readonly string[]).includes(g)),
          ),
          '',
          'measures by family:',
          formatMeasures(
            r.measures,
            r.groups.filter((g) => g !== 'all' && !(DIFFICULTIES as readonly string[]).includes(g)),
          ),
          '',
        ]
      : []),
  ].join('\n');
}
