/** The set cover over the provenance: exact where greedy is not, deterministic ties, unstated facts reported. */
import { describe, expect, it } from 'vitest';
import { coverEvidence, type Provenance } from '../../../src/tasks/certificate/cover.js';

const pages = (...sets: number[][]): Provenance => sets.map((facts, i) => ({ url: `https://p${i}.example/`, facts: new Set(facts) }));

describe('coverEvidence', () => {
  it('finds the two pages where greedy takes three', () => {
    // greedy takes p0 (four facts), then needs p1 and p2 for 5 and 6; p1 and p2 alone cover all six
    const p = pages([1, 2, 3, 4], [1, 3, 5], [2, 4, 6]);
    const c = coverEvidence(p, [1, 2, 3, 4, 5, 6]);
    expect(c.pages).toEqual(['https://p1.example/', 'https://p2.example/']);
    expect(c.exact).toBe(true);
    expect(c.unstated).toEqual([]);
  });

  it('takes the earlier of two equal pages, and one page when one states everything', () => {
    expect(coverEvidence(pages([1, 2], [1, 2], [1]), [1, 2]).pages).toEqual(['https://p0.example/']);
    expect(coverEvidence(pages([3], [1, 2, 3], [1]), [1, 3, 3]).pages).toEqual(['https://p1.example/']);
  });

  it('reports evidence no page states and covers the rest', () => {
    const c = coverEvidence(pages([1], [2]), [1, 2, 9]);
    expect(c.unstated).toEqual([9]);
    expect(c.pages).toHaveLength(2);
  });

  it('is minimal on a larger instance (checked against brute force)', () => {
    // 12 facts over 10 pages drawn by a fixed rule; brute force over every subset of pages
    const sets = Array.from({ length: 10 }, (_, i) => Array.from({ length: 12 }, (_, f) => f).filter((f) => (f * 7 + i * 5) % 10 < 3));
    const p = pages(...sets);
    const evidence = Array.from({ length: 12 }, (_, f) => f).filter((f) => sets.some((s) => s.includes(f)));
    let best = Number.POSITIVE_INFINITY;
    for (let mask = 1; mask < 1 << sets.length; mask++) {
      const covered = new Set(sets.filter((_, i) => mask & (1 << i)).flat());
      if (evidence.every((f) => covered.has(f))) best = Math.min(best, mask.toString(2).replace(/0/g, '').length);
    }
    const c = coverEvidence(p, evidence);
    expect(c.pages.length).toBe(best);
    const covered = new Set(c.pages.flatMap((u) => [...p.find((x) => x.url === u)!.facts]));
    for (const f of evidence) expect(covered.has(f)).toBe(true);
  });
});
