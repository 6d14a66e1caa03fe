/** A task's difficulty, derived from its certificate: the one definition (generation, consistency and validate use it). */
import type { Difficulty, TaskCertificate } from './schema.js';

/** Thresholds of the derivation (exported for the report and the tests). */
export const HARD_PAGES = 5;
export const EASY_MAX_PAGES = 2;
export const HARD_CONSTRAINTS = 4;
export const HARD_HOPS = 2;
export const HARD_WIDTH = 45;

/**
 * How hard a task is, from what its certificate proves it needs, never from its kind:
 * - **hard**: at least 5 pages to read, or at least 4 pages with a long chain of constraints (at least
 *   4 constraints met through at least 2 hops) or a table of at least 45 cells to collect;
 * - **easy**: otherwise, at most 2 pages (a large table on two pages is long work, not a hard search);
 * - **medium**: otherwise (3 or 4 pages).
 * A hard or medium rating whose evidence sits on one page fails the `no_single_page` check instead of
 * being written (src/tasks/certificate/shortcuts.ts): one page is never more than easy.
 */
export function difficultyOf(c: Pick<TaskCertificate, 'pagesNeeded' | 'hops' | 'constraints' | 'width'>): Difficulty {
  const big = (c.constraints >= HARD_CONSTRAINTS && c.hops >= HARD_HOPS) || c.width >= HARD_WIDTH;
  if (c.pagesNeeded >= HARD_PAGES || (big && c.pagesNeeded >= HARD_PAGES - 1)) return 'hard';
  if (c.pagesNeeded <= EASY_MAX_PAGES) return 'easy';
  return 'medium';
}
