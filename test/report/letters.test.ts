import { describe, expect, it } from 'vitest';
import { ENGLISH_LETTERS, countsDistance, letterCounts, letterDistance, xShare } from '../../src/report/letters.js';

describe('name letters', () => {
  it('the English table is a distribution of 26 letters with x at about 0.15%', () => {
    expect(ENGLISH_LETTERS).toHaveLength(26);
    expect(ENGLISH_LETTERS.reduce((s, p) => s + p, 0)).toBeCloseTo(100, 0);
    expect(ENGLISH_LETTERS[23]).toBe(0.15);
  });

  it('counts a–z only, folding case and accents', () => {
    const c = letterCounts(['Éxa-1', 'xx']);
    expect(c[0]).toBe(1); // a
    expect(c[4]).toBe(1); // é → e
    expect(c[23]).toBe(3); // x
    expect(c.reduce((s, n) => s + n, 0)).toBe(5);
  });

  it('the share of x', () => {
    expect(xShare(['Traenmasusburg', 'Biortriaxsant'])).toBeCloseTo(1 / 27, 6);
    expect(xShare(['Ann'])).toBe(0);
    expect(xShare([])).toBe(0);
  });

  it('total variation distance: 0 for English letters themselves, the mass off English for one letter', () => {
    const english = ENGLISH_LETTERS.map((p) => p * 1000);
    expect(countsDistance(english)).toBeCloseTo(0, 9);
    // All letters "z": the distance is 1 minus English's share of z.
    const total = ENGLISH_LETTERS.reduce((s, p) => s + p, 0);
    expect(letterDistance(['zzz'])).toBeCloseTo(1 - 0.074 / total, 9);
    // x-heavy invented names are further from English than plain English names.
    expect(letterDistance(['Xoxtrix', 'Zaxquox'])).toBeGreaterThan(letterDistance(['Margaret Hill', 'Thomas Reed']));
    expect(countsDistance(new Array(26).fill(0))).toBeNull();
  });
});
