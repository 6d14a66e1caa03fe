/**
 * Han (Chinese) text, for the search core: which characters are Han, and where Chinese text may be cut.
 * Chinese is written without spaces, so a cut may fall between any two Han characters, best just after
 * a clause's punctuation. Text without Han characters is never looked at here (callers test hasHan
 * first), so English behaviour does not depend on this file.
 */

const HAN_RE = /\p{Script=Han}/u;
/** Han characters, CJK punctuation (、。「」…) and full-width forms (，：；！？（）). */
const CJK_RE = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
/** Punctuation that ends a clause or a sentence in Chinese text: a cut just after it reads well. */
const CLAUSE_END_RE = /[。，、；：！？）」』\uff09]/u;

export const hasHan = (text: string): boolean => HAN_RE.test(text);
export const isHanChar = (ch: string | undefined): boolean => ch !== undefined && HAN_RE.test(ch);
const isCjk = (ch: string | undefined): boolean => ch !== undefined && CJK_RE.test(ch);

/** Whether `text` may be cut at `i` (between text[i-1] and text[i]): before a space, or next to a Han character or CJK mark. */
export function isCutPoint(text: string, i: number): boolean {
  return text[i] === ' ' || isCjk(text[i - 1]) || isCjk(text[i]);
}

/**
 * The last cut point at or before `max` (0 when there is none): just after clause punctuation when one
 * lies within `prefer` characters of `max`, else the nearest cut point.
 */
export function lastCutPoint(text: string, max: number, prefer = 30): number {
  const top = Math.min(max, text.length);
  for (let i = top; i > 0 && i >= top - prefer; i--) if (CLAUSE_END_RE.test(text[i - 1]!)) return i;
  for (let i = top; i > 0; i--) if (isCutPoint(text, i)) return i;
  return 0;
}

/** The first cut point at or before `at` where a window may start (0 when there is none). */
export function windowStart(text: string, at: number): number {
  for (let i = at; i > 0; i--) if (text[i - 1] === ' ' || isCjk(text[i - 1]) || isCjk(text[i])) return i;
  return 0;
}
