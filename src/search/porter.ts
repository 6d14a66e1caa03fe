/**
 * FTS5's porter stemmer (sqlite3.c, `fts5PorterCb`), ported step for step, for tokens of ASCII letters
 * and digits: what `porter unicode61` makes of such a token without asking SQLite (fts-tokens.ts sends
 * every other token to FTS5 itself). SQLite's rules are the original Porter algorithm with its own
 * details, kept here exactly: tokens under 3 or over 64 bytes pass through; each step's rules are tried
 * in order and the first whose suffix matches (and is shorter than the word) decides, whether or not
 * its condition holds; "y" is a vowel after a consonant. test/search/porter.test.ts checks the port
 * against FTS5 on every word of generated worlds and on random tokens.
 */

/** Tokens longer than this (bytes; ASCII here) pass through unstemmed, as in FTS5. */
const MAX_TOKEN = 64;

const isVowel = (c: string, yIsVowel: boolean) => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || (yIsVowel && c === 'y');

/** Past one run of vowels then consonants from the start of w[0, n), or 0 when there is none. */
function gobbleVC(w: string, from: number, n: number, prevCons: boolean): number {
  let cons = prevCons;
  let i = from;
  for (; i < n; i++) {
    cons = !isVowel(w[i]!, cons);
    if (!cons) break;
  }
  for (i++; i < n; i++) {
    cons = !isVowel(w[i]!, cons);
    if (cons) return i + 1;
  }
  return 0;
}

/** m > 0: the stem w[0, n) has at least one vowel-consonant sequence. */
const mGt0 = (w: string, n: number) => gobbleVC(w, 0, n, false) !== 0;

/** m > 1. */
function mGt1(w: string, n: number): boolean {
  const k = gobbleVC(w, 0, n, false);
  return k !== 0 && gobbleVC(w, k, n, true) !== 0;
}

/** m = 1. */
function mEq1(w: string, n: number): boolean {
  const k = gobbleVC(w, 0, n, false);
  return k !== 0 && gobbleVC(w, k, n, true) === 0;
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
function oStar(w: string, n: number): boolean {
  const last = w[n - 1];
  if (last === 'w' || last === 'x' || last === 'y') return false;
  let mask = 0;
  let cons = false;
  for (let i = 0; i < n; i++) {
    cons = !isVowel(w[i]!, cons);
    mask = ((mask << 1) + (cons ? 1 : 0)) | 0;
  }
  return (mask & 7) === 5;
}

/** m > 1 and the stem ends in s or t. */
const mGt1SorT = (w: string, n: number) => (w[n - 1] === 's' || w[n - 1] === 't') && mGt1(w, n);

/** *v*: the stem has a vowel. */
function hasVowel(w: string, n: number): boolean {
  for (let i = 0; i < n; i++) if (isVowel(w[i]!, i > 0)) return true;
  return false;
}

type Cond = ((w: string, n: number) => boolean) | null;
/** One rule: suffix → output when the condition holds of the stem; `flag` is the step's return value then. */
type Rule = readonly [suffix: string, output: string, cond: Cond, flag?: boolean];

/**
 * A step: the first rule whose suffix ends the word (the word longer than the suffix) decides. Returns
 * the new word, and whether a flagged rule applied.
 */
function apply(rules: readonly Rule[], w: string): [string, boolean] {
  for (const [suffix, output, cond, flag] of rules) {
    if (w.length <= suffix.length || !w.endsWith(suffix)) continue;
    const n = w.length - suffix.length;
    if (cond !== null && !cond(w, n)) return [w, false];
    return [w.slice(0, n) + output, flag === true];
  }
  return [w, false];
}

const STEP_1B: readonly Rule[] = [['eed', 'ee', mGt0], ['ed', '', hasVowel, true], ['ing', '', hasVowel, true]];
const STEP_1B2: readonly Rule[] = [['at', 'ate', null, true], ['bl', 'ble', null, true], ['iz', 'ize', null, true]];
const STEP_2: readonly Rule[] = [
  ['ational', 'ate', mGt0], ['tional', 'tion', mGt0], ['enci', 'ence', mGt0], ['anci', 'ance', mGt0], ['izer', 'ize', mGt0],
  ['logi', 'log', mGt0], ['bli', 'ble', mGt0], ['alli', 'al', mGt0], ['entli', 'ent', mGt0], ['eli', 'e', mGt0],
  ['ousli', 'ous', mGt0], ['ization', 'ize', mGt0], ['ation', 'ate', mGt0], ['ator', 'ate', mGt0], ['alism', 'al', mGt0],
  ['iveness', 'ive', mGt0], ['fulness', 'ful', mGt0], ['ousness', 'ous', mGt0], ['aliti', 'al', mGt0], ['iviti', 'ive', mGt0],
  ['biliti', 'ble', mGt0],
];
const STEP_3: readonly Rule[] = [
  ['ical', 'ic', mGt0], ['ness', '', mGt0], ['icate', 'ic', mGt0], ['iciti', 'ic', mGt0], ['ful', '', mGt0], ['ative', '', mGt0],
  ['alize', 'al', mGt0],
];
const STEP_4: readonly Rule[] = [
  ['al', '', mGt1], ['ance', '', mGt1], ['ence', '', mGt1], ['er', '', mGt1], ['ic', '', mGt1], ['able', '', mGt1], ['ible', '', mGt1],
  ['ant', '', mGt1], ['ement', '', mGt1], ['ment', '', mGt1], ['ent', '', mGt1], ['ion', '', mGt1SorT], ['ou', '', mGt1],
  ['ism', '', mGt1], ['ate', '', mGt1], ['iti', '', mGt1], ['ous', '', mGt1], ['ive', '', mGt1], ['ize', '', mGt1],
];

/** FTS5's porter stem of one token of ASCII lower-case letters and digits. */
export function porterStem(token: string): string {
  if (token.length > MAX_TOKEN || token.length < 3) return token;
  let w = token;
  // Step 1a.
  if (w.endsWith('s')) {
    const n = w.length;
    if (w[n - 2] === 'e') w = (n > 4 && w[n - 4] === 's' && w[n - 3] === 's') || (n > 3 && w[n - 3] === 'i') ? w.slice(0, -2) : w.slice(0, -1);
    else if (w[n - 2] !== 's') w = w.slice(0, -1);
  }
  // Step 1b.
  let flagged: boolean;
  [w, flagged] = apply(STEP_1B, w);
  if (flagged) {
    let added: boolean;
    [w, added] = apply(STEP_1B2, w);
    if (!added) {
      const c = w[w.length - 1]!;
      if (!isVowel(c, false) && c !== 'l' && c !== 's' && c !== 'z' && c === w[w.length - 2]) w = w.slice(0, -1);
      else if (mEq1(w, w.length) && oStar(w, w.length)) w += 'e';
    }
  }
  // Step 1c.
  if (w.endsWith('y') && hasVowel(w, w.length - 1)) w = `${w.slice(0, -1)}i`;
  // Steps 2 to 4.
  [w] = apply(STEP_2, w);
  [w] = apply(STEP_3, w);
  [w] = apply(STEP_4, w);
  // Step 5a.
  if (w.endsWith('e') && (mGt1(w, w.length - 1) || (mEq1(w, w.length - 1) && !oStar(w, w.length - 1)))) w = w.slice(0, -1);
  // Step 5b.
  if (w.length > 1 && w.endsWith('ll') && mGt1(w, w.length - 1)) w = w.slice(0, -1);
  return w;
}
