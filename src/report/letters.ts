/**
 * How far invented names are from the locale's letters: the total variation distance between the
 * letter distribution of a set of names and English's, and the share of "x" among their letters.
 * Letters are folded to a–z (lower case, accents stripped); anything else is not counted.
 * Names are not running text: faker's real English person names are about 0.18 from this table, as far
 * as today's invented names, so the distance is a figure to watch, not a target; the share of "x" is
 * what tells invented syllable soup ("Traenmasusburg", 2–3% x) from names of the locale (about 0.2%).
 */

/** Relative frequency of each letter a–z in English text, in percent (Lewand, "Cryptological Mathematics"). */
export const ENGLISH_LETTERS: readonly number[] = [
  8.167, 1.492, 2.782, 4.253, 12.702, 2.228, 2.015, 6.094, 6.966, 0.153, 0.772, 4.025, 2.406, 6.749, 7.507, 1.929, 0.095, 5.987, 6.327, 9.056, 2.758, 0.978,
  2.36, 0.15, 1.974, 0.074,
];

const A = 'a'.charCodeAt(0);
const X = 'x'.charCodeAt(0) - A;
const ENGLISH_TOTAL = ENGLISH_LETTERS.reduce((s, p) => s + p, 0);

/** Counts of a–z over `names` (index 0 = a), to pool several worlds before measuring. */
export function letterCounts(names: Iterable<string>, into: number[] = new Array(26).fill(0)): number[] {
  for (const name of names)
    for (const ch of name.normalize('NFD').toLowerCase()) {
      const i = ch.charCodeAt(0) - A;
      if (i >= 0 && i < 26) into[i]! += 1;
    }
  return into;
}

/** Total variation distance (0 = the same letters as English, 1 = none in common) of letter counts from English; null when no letter was counted. */
export function countsDistance(counts: readonly number[]): number | null {
  const total = counts.reduce((s, n) => s + n, 0);
  if (total === 0) return null;
  let d = 0;
  for (let i = 0; i < 26; i++) d += Math.abs((counts[i] ?? 0) / total - ENGLISH_LETTERS[i]! / ENGLISH_TOTAL);
  return d / 2;
}

/** The share of "x" among counted letters; null when none was counted. */
export function countsXShare(counts: readonly number[]): number | null {
  const total = counts.reduce((s, n) => s + n, 0);
  return total === 0 ? null : (counts[X] ?? 0) / total;
}

/** Total variation distance between the letters of `names` and English's (0 for no letters at all). */
export function letterDistance(names: string[]): number {
  return countsDistance(letterCounts(names)) ?? 0;
}

/** The share of "x" among the letters of `names` (0 for no letters at all); English text has about 0.15%. */
export function xShare(names: string[]): number {
  return countsXShare(letterCounts(names)) ?? 0;
}
