/**
 * Letter statistics of names against a locale's running-text letter frequencies: the realism report
 * and the naming tests both measure invented names with these.
 */
import { ENGLISH_LETTERS } from './data/en-letters.js';

export { ENGLISH_LETTERS };

/** Counts of the table's letters in the names (case-folded, accents stripped); other characters are ignored. */
export function letterCounts(names: Iterable<string>, table: Record<string, number> = ENGLISH_LETTERS): { counts: Map<string, number>; total: number } {
  const counts = new Map<string, number>(Object.keys(table).map((k) => [k, 0]));
  let total = 0;
  for (const name of names)
    for (const ch of name.normalize('NFD').toLowerCase()) {
      const c = counts.get(ch);
      if (c === undefined) continue;
      counts.set(ch, c + 1);
      total++;
    }
  return { counts, total };
}

/** The share of the names' letters that are `letter` (0 when there are no letters). */
export function letterShare(names: Iterable<string>, letter: string, table: Record<string, number> = ENGLISH_LETTERS): number {
  const { counts, total } = letterCounts(names, table);
  return total === 0 ? 0 : (counts.get(letter.toLowerCase()) ?? 0) / total;
}

/**
 * Total-variation distance between the names' letter distribution and the table's: half the sum of
 * absolute differences of the shares, 0 (same) to 1 (disjoint). 1 when the names have no letters.
 */
export function letterDistance(names: Iterable<string>, table: Record<string, number> = ENGLISH_LETTERS): number {
  const { counts, total } = letterCounts(names, table);
  if (total === 0) return 1;
  const sum = Object.values(table).reduce((a, b) => a + b, 0);
  let tv = 0;
  for (const [k, f] of Object.entries(table)) tv += Math.abs((counts.get(k) ?? 0) / total - f / sum);
  return tv / 2;
}
