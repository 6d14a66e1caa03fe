/**
 * Choosing a world's tasks among its certified candidates: `tasksPerWorld` of them at the difficulty
 * asked (`mix`: about a quarter easy, half medium, a quarter hard), kinds taking turns within a tier and
 * none taking more than a fifth of the world (a quarter for fewer than 20 tasks), no two tasks alike (the
 * same kind asking the same attributes of the same table: `likeness`; or the same answer: one task's
 * answer would give the other's away), and at most a tenth of a mixed
 * world's tasks with all their evidence on one page. A world short of candidates gives up these limits
 * one at a time, the likeness last (the world would rather have one kind more than two near-twins).
 * Deterministic: the candidates' order decides every tie.
 */
import { FictionError } from '../errors.js';
import { DIFFICULTIES, type Difficulty } from '../tasks/certificate/schema.js';
import type { CertifiedTask } from '../tasks/certificate/certify.js';
import type { Fact } from './types.js';

export const DIFFICULTY_MODES = [...DIFFICULTIES, 'mix'] as const;
export type DifficultyMode = (typeof DIFFICULTY_MODES)[number];
export const DEFAULT_TASKS_PER_WORLD = 16;
export const DEFAULT_DIFFICULTY: DifficultyMode = 'mix';
/** The largest --tasks-per-world: a world of 300–500 facts has material for about this many distinct tasks. */
export const MAX_TASKS_PER_WORLD = 64;

export function parseDifficulty(text: string): DifficultyMode {
  const t = text.trim();
  if (!(DIFFICULTY_MODES as readonly string[]).includes(t))
    throw new FictionError('BAD_INPUT', `--difficulty must be one of ${DIFFICULTY_MODES.join(', ')}, got "${text}"`);
  return t as DifficultyMode;
}

export function checkTasksPerWorld(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_TASKS_PER_WORLD)
    throw new FictionError('BAD_INPUT', `--tasks-per-world must be an integer from 1 to ${MAX_TASKS_PER_WORLD}, got ${n}`);
  return n;
}

/** How many tasks of each difficulty a world of `n` tasks gets. */
export function tierTargets(mode: DifficultyMode, n: number): Record<Difficulty, number> {
  if (mode !== 'mix') return { easy: 0, medium: 0, hard: 0, [mode]: n };
  const easy = Math.round(n / 4);
  const hard = Math.round(n / 4);
  return { easy, medium: n - easy - hard, hard };
}

/**
 * What makes two tasks alike: the same kind asking the same attributes of the same table (a wide table of
 * the same columns under another threshold, a second chain ending on the same attribute). Read from the
 * answer's facts: their tables and predicates. Selection keeps at most one task per likeness.
 */
export function likeness(t: Pick<CertifiedTask, 'kind' | 'answerFactIds'>, factById: ReadonlyMap<number, Fact>): string {
  const attrs = new Set(t.answerFactIds.map((id) => factById.get(id)).flatMap((f) => (f ? [`${f.sourceTable}.${f.predicate}`] : [])));
  return `${t.kind}:${[...attrs].sort().join('+')}`;
}

/** The most tasks of one kind a world of `n` tasks takes while other kinds have candidates: a fifth, or a quarter below 20 tasks. */
export function kindShare(n: number): number {
  return Math.max(2, n < 20 ? Math.ceil(n / 4) : Math.ceil(n / 5));
}

const onePage = (t: CertifiedTask) => t.certificate.pagesNeeded <= 1;

/** Candidates of one tier, kinds taking turns (each kind's candidates in their order); one-page tasks last. */
function interleave(list: CertifiedTask[]): CertifiedTask[] {
  const byKind = new Map<string, CertifiedTask[]>();
  for (const t of [...list.filter((t) => !onePage(t)), ...list.filter(onePage)]) (byKind.get(t.kind) ?? byKind.set(t.kind, []).get(t.kind)!).push(t);
  const queues = [...byKind.values()];
  const out: CertifiedTask[] = [];
  for (let i = 0; out.length < list.length; i++) for (const q of queues) if (q[i]) out.push(q[i]!);
  return [...out.filter((t) => !onePage(t)), ...out.filter(onePage)];
}

/** The limits a selection keeps; a world short of candidates relaxes them in the order selectTasks lists. */
interface Limits {
  /** Most tasks per kind. */
  kindCap: number;
  /** Most one-page tasks. */
  onePages: number;
  /** Whether two tasks may share a likeness (their signatures). */
  alike: boolean;
}

/**
 * The tasks to keep, in candidate order, among `candidates` (`excluded`: those already found unsolvable).
 * A candidate's `signature` is its likeness (drawCandidates sets it): two alike are not both kept while the
 * world can be filled otherwise. Fewer than `n` when the candidates run out; a mixed world fills a short
 * tier from the others. `strict`: keep every limit, even when the world is left short (drawCandidates asks
 * whether it has drawn enough).
 */
export function selectTasks(
  candidates: readonly CertifiedTask[],
  mode: DifficultyMode,
  n: number,
  excluded: ReadonlySet<CertifiedTask> = new Set(),
  strict = false,
): CertifiedTask[] {
  const open = candidates.filter((t) => !excluded.has(t));
  const targets = tierTargets(mode, n);
  const tenth = mode === 'mix' ? Math.floor(n / 10) : n;
  const share = kindShare(n);
  const chosen = new Set<CertifiedTask>();
  const perKind = new Map<string, number>();
  const likes = new Set<string>();
  const answers = new Set<string>();
  let onePages = 0;
  const take = (t: CertifiedTask, l: Limits) => {
    const alike = likes.has(t.signature) || answers.has(t.answer);
    if (chosen.has(t) || (onePage(t) && onePages >= l.onePages) || (perKind.get(t.kind) ?? 0) >= l.kindCap || (!l.alike && alike)) return false;
    chosen.add(t);
    perKind.set(t.kind, (perKind.get(t.kind) ?? 0) + 1);
    likes.add(t.signature);
    answers.add(t.answer);
    if (onePage(t)) onePages++;
    return true;
  };
  const tiers = new Map(DIFFICULTIES.map((d) => [d, interleave(open.filter((t) => t.difficulty === d))]));
  const first: Limits = { kindCap: share, onePages: tenth, alike: false };
  const loose = Math.min(n, share + 1);
  // Each tier to its target, a kind taking one task past its share if the tier needs it. The scarcest
  // tier (fewest candidates for its target, usually hard) chooses first: a kind whose hard tasks are few
  // must not spend its share on the tiers that have plenty.
  const scarcity = (d: Difficulty) => (targets[d] === 0 ? Number.POSITIVE_INFINITY : tiers.get(d)!.length / targets[d]);
  for (const d of [...DIFFICULTIES].sort((a, b) => scarcity(a) - scarcity(b))) {
    let got = 0;
    for (const l of strict ? [first] : [first, { ...first, kindCap: loose }]) for (const t of tiers.get(d)!) if (got < targets[d] && take(t, l)) got++;
  }
  // A world short of a tier takes the other tiers' spare candidates (medium first, in a mixed world),
  // under every limit; then, only while it is still short: one task more of a kind, one-page tasks past
  // the tenth, then kinds past their share one task at a time, and alike tasks last (the report shows it:
  // the families are short). Kinds stay mixed before one-page tasks are kept out: a world of one-page
  // lookups of many kinds teaches more than one of near-twin tables.
  const order = mode === 'mix' ? (['medium', 'hard', 'easy'] as const) : ([mode] as const);
  const limits: Limits[] = [first];
  if (!strict) {
    limits.push({ ...first, kindCap: loose }, { kindCap: loose, onePages: n, alike: false });
    for (let cap = loose + 1; cap <= n; cap++) limits.push({ kindCap: cap, onePages: n, alike: false });
    limits.push({ kindCap: n, onePages: n, alike: true });
  }
  for (const l of limits)
    for (const d of order)
      for (const t of tiers.get(d)!) {
        if (chosen.size >= n) break;
        take(t, l);
      }
  return open.filter((t) => chosen.has(t));
}
