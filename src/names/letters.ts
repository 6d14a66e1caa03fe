/**
 * Letter statistics of names against a locale's running-text letter frequencies: the realism report
 * and the naming tests both measure invented names with these. Letters are folded (lower case, accents
 * stripped); characters outside the table are not counted. Counts pool across worlds before measuring.
 */
import { ENGLISH_LETTERS } from './data/en-letters.js';

export { ENGLISH_LETTERS };

export type LetterTable = Record<string, number>;
/** Counts of each letter of a table, to pool several name sets before measuring. */
export type LetterCounts = Map<string, number>;

/** Counts of the table's letters in the names, added to `into` when given. */
export function letterCounts(names: Iterable<string>, table: LetterTable = ENGLISH_LETTERS, into: LetterCounts = new Map()): LetterCounts {
  for (const k of Object.keys(table)) if (!into.has(k)) into.set(k, 0);
  for (const name of names)
    for (const ch of name.normalize('NFD').toLowerCase()) {
      const c = into.get(ch);
      if (c !== undefined) into.set(ch, c + 1);
    }
  return into;
}

const totalOf = (counts: LetterCounts) => [...counts.values()].reduce((a, b) => a + b, 0);

/** The share of the counted letters that are `letter`; null when none was counted. */
export function countsShare(counts: LetterCounts, letter: string): number | null {
  const total = totalOf(counts);
  return total === 0 ? null : (counts.get(letter.toLowerCase()) ?? 0) / total;
}

/** Total-variation distance of the counts from the table: half the sum of absolute differences of the shares, 0 (same) to 1 (disjoint); null when none was counted. */
export function countsDistance(counts: LetterCounts, table: LetterTable = ENGLISH_LETTERS): number | null {
  const total = totalOf(counts);
  if (total === 0) return null;
  const sum = Object.values(table).reduce((a, b) => a + b, 0);
  let tv = 0;
  for (const [k, f] of Object.entries(table)) tv += Math.abs((counts.get(k) ?? 0) / total - f / sum);
  return tv / 2;
}

/** The share of the names' letters that are `letter` (0 when there are no letters). */
export function letterShare(names: Iterable<string>, letter: string, table: LetterTable = ENGLISH_LETTERS): number {
  return countsShare(letterCounts(names, table), letter) ?? 0;
}

/** Total-variation distance between the names' letter distribution and the table's; 1 when the names have no letters. */
export function letterDistance(names: Iterable<string>, table: LetterTable = ENGLISH_LETTERS): number {
  return countsDistance(letterCounts(names, table), table) ?? 1;
}
