/**
 * Choosing a world's tasks among its certified candidates: `tasksPerWorld` of them at the difficulty
 * asked (`mix`: about a quarter easy, half medium, a quarter hard), kinds taking turns within a tier and
 * none taking more than a fifth of the world while others have candidates,
 * and at most a tenth of a mixed world's tasks with all their evidence on one page (unless nothing else
 * is left to fill the world). Deterministic: the
 * candidates' order decides every tie.
 */
import { FictionError } from '../errors.js';
import { DIFFICULTIES, type Difficulty } from '../tasks/certificate/schema.js';
import type { CertifiedTask } from '../tasks/certificate/certify.js';

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

/**
 * The tasks to keep, in candidate order, among `candidates` (`excluded`: those already found unsolvable).
 * Fewer than `n` when the candidates run out; a mixed world fills a short tier from the others.
 */
export function selectTasks(
  candidates: readonly CertifiedTask[],
  mode: DifficultyMode,
  n: number,
  excluded: ReadonlySet<CertifiedTask> = new Set(),
): CertifiedTask[] {
  const open = candidates.filter((t) => !excluded.has(t));
  const targets = tierTargets(mode, n);
  const maxOnePage = mode === 'mix' ? Math.floor(n / 10) : n;
  const chosen = new Set<CertifiedTask>();
  let onePages = 0;
  // Tiers take kinds in turns; a short tier is filled from the others with no kind taking more than a
  // fifth of the world (at least 2) while other kinds have candidates.
  const perKind = new Map<string, number>();
  let kindCap = n;
  const take = (t: CertifiedTask, force = false) => {
    if (chosen.has(t) || (onePage(t) && onePages >= maxOnePage && !force) || (perKind.get(t.kind) ?? 0) >= kindCap) return false;
    chosen.add(t);
    perKind.set(t.kind, (perKind.get(t.kind) ?? 0) + 1);
    if (onePage(t)) onePages++;
    return true;
  };
  const tiers = new Map(DIFFICULTIES.map((d) => [d, interleave(open.filter((t) => t.difficulty === d))]));
  for (const d of DIFFICULTIES) {
    let got = 0;
    for (const t of tiers.get(d)!) if (got < targets[d] && take(t)) got++;
  }
  // A mixed world short of a tier takes the other tiers' spare candidates (medium first): first with no
  // kind above its share, then any kind, and only when nothing else is left, one-page tasks beyond the
  // tenth (the report shows it: the families are short). One difficulty fills from its own tier only.
  const share = Math.max(2, Math.ceil(n / 5));
  const order = mode === 'mix' ? (['medium', 'hard', 'easy'] as const) : ([mode] as const);
  for (const force of mode === 'mix' ? [false, true] : [false])
    for (const cap of [share, n]) {
      kindCap = cap;
      for (const d of order)
        for (const t of tiers.get(d)!) {
          if (chosen.size >= n) break;
          take(t, force);
        }
    }
  return open.filter((t) => chosen.has(t));
}
