/**
 * The fewest pages that state a task's evidence: a set cover over the provenance. A page states a fact
 * when one of its passages lists it in `factIds` (passage_facts: its claims of every form but
 * `erroneous`). Exact (branch and bound) for small instances, greedy beyond; ties go to the page that
 * comes first in the world's page order, so the cover is the same on every run and on the file read back.
 */
import type { Document } from '../../world/types.js';

/** Facts each page states, by page, in page order. */
export type Provenance = { url: string; facts: ReadonlySet<number> }[];

export function provenanceOf(documents: readonly Document[]): Provenance {
  return documents.map((d) => ({ url: d.url, facts: new Set(d.passages.flatMap((p) => p.factIds)) }));
}

export interface Cover {
  /** URLs of the pages chosen, in page order. */
  pages: string[];
  /** Evidence facts no page states (the cover is then of the others; a certificate refuses the task). */
  unstated: number[];
  /** Whether the cover is proved minimal (exact search) or greedy. */
  exact: boolean;
}

/** Search nodes the exact cover may visit before it settles for the greedy cover. */
const EXACT_NODES = 20_000;

export function coverEvidence(provenance: Provenance, evidence: readonly number[]): Cover {
  const universe = [...new Set(evidence)].sort((a, b) => a - b);
  // Only pages stating some evidence matter; each is reduced to the evidence it states.
  const candidates: { at: number; facts: number[] }[] = [];
  for (const [at, p] of provenance.entries()) {
    const facts = universe.filter((f) => p.facts.has(f));
    if (facts.length > 0) candidates.push({ at, facts });
  }
  const stated = new Set(candidates.flatMap((c) => c.facts));
  const unstated = universe.filter((f) => !stated.has(f));
  const need = universe.filter((f) => stated.has(f));
  // A page whose evidence another page states too (all of it) is never needed: drop it (keep the earlier of equals).
  const pages = candidates.filter(
    (c, i) =>
      !candidates.some(
        (o, j) => j !== i && o.facts.length >= c.facts.length && (o.facts.length > c.facts.length || j < i) && c.facts.every((f) => o.facts.includes(f)),
      ),
  );
  const greedy = greedyCover(pages, need);
  const exact = exactCover(pages, need, greedy.length);
  const chosen = exact.better ?? greedy;
  const urls = chosen
    .map((i) => pages[i]!.at)
    .sort((a, b) => a - b)
    .map((at) => provenance[at]!.url);
  return { pages: urls, unstated, exact: exact.proved };
}

/** Indices into `pages`: repeatedly the page stating most uncovered facts (the earlier on a tie). */
function greedyCover(pages: { facts: number[] }[], need: number[]): number[] {
  const left = new Set(need);
  const out: number[] = [];
  while (left.size > 0) {
    let best = -1;
    let gain = 0;
    for (const [i, p] of pages.entries()) {
      const g = p.facts.reduce((n, f) => n + (left.has(f) ? 1 : 0), 0);
      if (g > gain) {
        gain = g;
        best = i;
      }
    }
    if (best < 0) break;
    out.push(best);
    for (const f of pages[best]!.facts) left.delete(f);
  }
  return out;
}

/**
 * A cover with fewer than `bound` pages (the greedy one's size), the smallest found (`better`, null when
 * none is smaller), and whether the search finished (`proved`: no smaller cover exists). Branches on the
 * uncovered fact stated by the fewest pages, trying its pages in order.
 */
function exactCover(pages: { facts: number[] }[], need: number[], bound: number): { better: number[] | null; proved: boolean } {
  if (bound <= 1) return { better: null, proved: true };
  const byFact = new Map<number, number[]>();
  for (const [i, p] of pages.entries()) for (const f of p.facts) (byFact.get(f) ?? byFact.set(f, []).get(f)!).push(i);
  const maxGain = Math.max(...pages.map((p) => p.facts.length));
  let best: number[] | null = null;
  let limit = bound;
  let nodes = 0;
  let exhausted = false;
  const covered = new Map<number, number>();
  const chosen: number[] = [];
  const visit = (leftCount: number): void => {
    if (exhausted) return;
    if (++nodes > EXACT_NODES) {
      exhausted = true;
      return;
    }
    if (leftCount === 0) {
      if (chosen.length < limit) {
        limit = chosen.length;
        best = [...chosen];
      }
      return;
    }
    if (chosen.length + Math.ceil(leftCount / maxGain) >= limit) return;
    let pick = -1;
    let fewest = Number.POSITIVE_INFINITY;
    for (const f of need)
      if (!covered.get(f)) {
        const n = byFact.get(f)!.length;
        if (n < fewest) {
          fewest = n;
          pick = f;
        }
      }
    for (const i of byFact.get(pick)!) {
      let gained = 0;
      for (const f of pages[i]!.facts) {
        if (!covered.get(f)) gained++;
        covered.set(f, (covered.get(f) ?? 0) + 1);
      }
      chosen.push(i);
      visit(leftCount - gained);
      chosen.pop();
      for (const f of pages[i]!.facts) covered.set(f, covered.get(f)! - 1);
    }
  };
  visit(need.length);
  return { better: best, proved: !exhausted };
}
