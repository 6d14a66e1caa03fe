/** Small text helpers shared by generation, checks, scoring and rendering. */

const WORD_CHAR = /^[\p{L}\p{N}]$/u;

/** Is the code point `cp` a letter or a digit (Unicode L or N)? ASCII without a regular expression. */
export function isLetterOrDigit(cp: number): boolean {
  if (cp < 128) return (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122);
  return WORD_CHAR.test(String.fromCodePoint(cp));
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && isLetterOrDigit(ch.charCodeAt(0));
}

/** Does `text` contain `phrase` on token boundaries, case-insensitively? ("12" is not in "2012".) */
export function mentions(text: string, phrase: string): boolean {
  if (phrase.length === 0) return false;
  const t = text.toLowerCase();
  const p = phrase.toLowerCase();
  for (let i = t.indexOf(p); i !== -1; i = t.indexOf(p, i + 1)) {
    if (isWordChar(p[0]) && isWordChar(t[i - 1])) continue;
    if (isWordChar(p[p.length - 1]) && isWordChar(t[i + p.length])) continue;
    return true;
  }
  return false;
}

/** A run of two or more white-space characters, or a single one that is not a plain space. */
const LOOSE_SPACE = /\s{2,}|[^\S ]/g;

/**
 * Every run of white space as one space (`s.replace(/\s+/g, ' ')`, faster on long texts: a run that is
 * already a single space is left alone instead of being replaced by itself).
 */
export function collapseSpaces(s: string): string {
  return s.replace(LOOSE_SPACE, ' ');
}
