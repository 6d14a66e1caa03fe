import { describe, expect, it } from 'vitest';
import { ENGLISH_LETTERS, countsDistance, countsShare, letterCounts, letterDistance, letterShare } from '../../src/names/letters.js';
import { NamePool, inventWord } from '../../src/names/pool.js';
import { Rng } from '../../src/rng.js';
import type { NameKind } from '../../src/themes/spec/parts.js';

/** The invented words of 10,000 names: company/brand roots, surnames, towns, drugs (the kind words are English). */
function inventedWords(): string[] {
  const kinds: NameKind[] = ['company', 'brand', 'person', 'place', 'team', 'drug', 'vehicle', 'mission', 'exchange', 'party'];
  const out: string[] = [];
  for (let w = 0; out.length < 10_000; w++) {
    const pool = new NamePool(new Rng(`letters${w}`));
    for (const kind of kinds) {
      const name = pool.make({ kind });
      const p = pool.partsOf(name)!;
      const word = kind === 'person' ? p.surname : kind === 'drug' ? name : (p.root ?? p.place);
      if (word) out.push(word);
    }
  }
  return out.slice(0, 10_000);
}

describe('letter statistics', () => {
  it('measures shares and total-variation distance', () => {
    expect(letterShare(['xx', 'ab'], 'x')).toBe(0.5);
    expect(letterDistance([])).toBe(1);
    expect(letterDistance(['zzzz'])).toBeGreaterThan(0.99);
    // Text in English proportions is at distance ~0.
    const text = Object.entries(ENGLISH_LETTERS)
      .map(([k, f]) => k.repeat(Math.round(f * 100)))
      .join('');
    expect(letterDistance([text])).toBeLessThan(0.005);
  });

  // Measured: x 0.10% of letters, distance 0.087 (the old grammar: 2.6% and 0.198 over its surnames, roots and towns).
  it('invented words are close to English: "x" at most 0.5% of letters, distance below 0.12', () => {
    const words = inventedWords();
    expect(words.length).toBe(10_000);
    expect(letterShare(words, 'x')).toBeLessThanOrEqual(0.005);
    expect(letterDistance(words)).toBeLessThan(0.12);
  });

  // Measured: x 0%, distance 0.131 (the old inventWord: 2.85% and 0.200).
  it('inventWord too (the old grammar gave 2.9% "x" and a distance of 0.20)', () => {
    const rng = new Rng('iw');
    const words = Array.from({ length: 10_000 }, () => inventWord(rng));
    expect(letterShare(words, 'x')).toBeLessThanOrEqual(0.005);
    expect(letterDistance(words)).toBeLessThan(0.15);
  });

  // Measured: x 0.05%, distance 0.082.
  it('whole names of the common kinds, kind words included, stay within the bound too', () => {
    const names: string[] = [];
    for (let w = 0; names.length < 10_000; w++) {
      const pool = new NamePool(new Rng(`whole${w}`));
      for (const kind of ['company', 'brand', 'person', 'place', 'team', 'party'] as const) names.push(pool.make({ kind }));
    }
    expect(letterShare(names, 'x')).toBeLessThanOrEqual(0.005);
    expect(letterDistance(names)).toBeLessThan(0.12);
  });
});

describe('pooled letter counts (the realism report pools worlds before measuring)', () => {
  it('count the table letters only, folding case and accents, adding to what was counted', () => {
    const c = letterCounts(['Éxa-1', 'xx']);
    expect([c.get('a'), c.get('e'), c.get('x')]).toEqual([1, 1, 3]);
    letterCounts(['a'], ENGLISH_LETTERS, c);
    expect(c.get('a')).toBe(2);
    expect(countsShare(c, 'x')).toBeCloseTo(3 / 6, 9);
  });

  it('distance of pooled counts: 0 for English itself, the mass off English for one letter, null for nothing counted', () => {
    const english = new Map(Object.entries(ENGLISH_LETTERS).map(([k, f]) => [k, f * 1000]));
    expect(countsDistance(english)).toBeCloseTo(0, 9);
    const total = Object.values(ENGLISH_LETTERS).reduce((s, p) => s + p, 0);
    expect(letterDistance(['zzz'])).toBeCloseTo(1 - ENGLISH_LETTERS.z! / total, 9);
    expect(letterDistance(['Xoxtrix', 'Zaxquox'])).toBeGreaterThan(letterDistance(['Margaret Hill', 'Thomas Reed']));
    expect(countsDistance(new Map())).toBeNull();
    expect(countsShare(new Map(), 'x')).toBeNull();
  });
});
