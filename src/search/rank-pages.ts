/**
 * From ranked passages to ranked pages. A page scores its best passage's relevance plus a small bonus
 * for further matching passages: `best + 0.15 × (second + third)`. The best passage dominates (a page
 * that says the thing once, clearly, beats a page that mentions a name many times), while among pages
 * with equally good best passages the one with more supporting matches ranks first. Ties go to the
 * lower page id, so the order is total and deterministic.
 */
import type { Candidate, MatchedPassage, PageRecord } from './types.js';

export const SUPPORT_BONUS = 0.15;
const SUPPORTING = 2;

export function rankPages(passages: readonly MatchedPassage[], pages: ReadonlyMap<number, PageRecord>): Candidate[] {
  const byPage = new Map<number, MatchedPassage[]>();
  for (const p of passages) {
    const list = byPage.get(p.documentId);
    if (list) list.push(p);
    else byPage.set(p.documentId, [p]);
  }
  const out: Candidate[] = [];
  for (const [pageId, list] of byPage) {
    const page = pages.get(pageId);
    if (!page) continue;
    // `passages` arrive best first, so each list is already in order.
    let score = list[0]!.score;
    for (let i = 1; i <= SUPPORTING && i < list.length; i++) score += SUPPORT_BONUS * list[i]!.score;
    out.push({ page, score, passages: list });
  }
  out.sort((a, b) => b.score - a.score || a.page.id - b.page.id);
  return out;
}

/**
 * Whether the first `want` pages ranked from a window of passages (the best ones, every passage left
 * out scoring at most `cutoff`) are the first `want` pages, in the same order, that all the matching
 * passages would rank. A page's score from the window is a lower bound; the passages left out could add
 * at most `SUPPORT_BONUS × cutoff` for each supporting passage it lacks, and a page with no passage in
 * the window scores at most `cutoff × (1 + SUPPORTING × SUPPORT_BONUS)`. The prefix is exact when each
 * of its pages scores more than the highest bound of every page after it, so the ranking of a query
 * does not depend on how many results were asked for (page 2 continues page 1).
 */
export function isExactPrefix(ranked: readonly Candidate[], want: number, cutoff: number): boolean {
  if (!(cutoff > 0)) return false;
  const upper = (c: Candidate) => c.score + SUPPORT_BONUS * cutoff * Math.max(0, SUPPORTING + 1 - c.passages.length);
  const n = Math.min(want, ranked.length);
  let above = cutoff * (1 + SUPPORTING * SUPPORT_BONUS);
  for (let i = ranked.length - 1; i >= n; i--) above = Math.max(above, upper(ranked[i]!));
  for (let i = n - 1; i >= 0; i--) {
    if (!(ranked[i]!.score > above)) return false;
    above = Math.max(above, upper(ranked[i]!));
  }
  return true;
}
