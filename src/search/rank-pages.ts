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
