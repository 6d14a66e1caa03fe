/** Small text predicates shared by generation, checks and scoring. */

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Does `text` contain `phrase` on token boundaries, case-insensitively? ("12" is not in "2012".) */
export function mentions(text: string, phrase: string): boolean {
  if (phrase.length === 0) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(phrase.toLowerCase())}($|[^\\p{L}\\p{N}])`, 'u').test(text.toLowerCase());
}
