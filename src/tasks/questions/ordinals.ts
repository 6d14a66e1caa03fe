/**
 * Small words of question English: articles, ordinals ("third-highest"), number words ("two years"),
 * and joining a list of clauses ("a, b and c"). Each has its reader beside it.
 */

/** "a" or "an" for the noun phrase that follows (by its sound: "an electoral district", "a unit"). */
export function article(phrase: string): 'a' | 'an' {
  const w = phrase.trim().toLowerCase();
  if (/^(uni|use|usu|eu|one|once)/.test(w)) return 'a';
  if (/^(hour|honest|honou?r)/.test(w)) return 'an';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

/** "a phone model", "an approval". */
export function withArticle(phrase: string): string {
  return `${article(phrase)} ${phrase}`;
}

const ORDINALS = ['', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
export const MAX_ORDINAL = ORDINALS.length;

/** The prefix of a superlative for rank n: 1 → "", 2 → "second-", 3 → "third-". */
export function ordinalPrefix(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > MAX_ORDINAL) throw new Error(`no ordinal for rank ${n}`);
  return n === 1 ? '' : `${ORDINALS[n - 1]}-`;
}

/** Reads "third-" (or "") back into 3 (or 1); null for anything else. */
export function readOrdinalPrefix(text: string): number | null {
  if (text === '') return 1;
  const i = ORDINALS.indexOf(text.replace(/-$/, ''));
  return text.endsWith('-') && i > 0 ? i + 1 : null;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "one year", "two years", "12 years". */
export function yearsText(n: number): string {
  const word = n < NUMBER_WORDS.length ? NUMBER_WORDS[n]! : String(n);
  return `${word} ${n === 1 ? 'year' : 'years'}`;
}

/** Reads "two years" / "one year" / "12 years" back; null otherwise. */
export function readYears(text: string): number | null {
  const m = /^(\w+) years?$/.exec(text);
  if (!m) return null;
  const i = NUMBER_WORDS.indexOf(m[1]!);
  const n = i >= 0 ? i : /^\d+$/.test(m[1]!) ? Number(m[1]) : null;
  if (n === null || (n === 1) !== text.endsWith('year')) return null;
  return yearsText(n) === text ? n : null;
}

/** "a", "a and b", "a, b and c". */
export function joinClauses(items: readonly string[]): string {
  if (items.length === 0) throw new Error('no clauses to join');
  if (items.length === 1) return items[0]!;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "Which" → "which" at the start of a sentence and back. */
export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
