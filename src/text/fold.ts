/**
 * Unicode folding, before any text form is read (by the leak detector, the scorer and the grounding
 * check): every surface trick that leaves a word readable to a model
 * (case, accents, compatibility forms such as full-width digits or mathematical letters, digits of
 * other scripts, zero-width and control characters, look-alike Cyrillic and Greek letters, typographic
 * dashes, quotes and spaces)
 * folds to one plain lowercase form. The readers of numbers and dates work on folded text only; their
 * offsets are offsets into the folded string.
 */
import { memoize } from '../util/bounded-cache.js';

const SUPERSCRIPTS: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁺': '+',
  '⁻': '-',
};

/** Letters that NFD does not decompose, and Cyrillic/Greek letters drawn like Latin ones (lowercase). */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  ŀ: 'l',
  þ: 'th',
  ħ: 'h',
  ŧ: 't',
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ζ: 'z',
  μ: 'u',
};
const LETTER_RE = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu');

const DASHES = /[\u2010-\u2015\u2212\u2043\uFE58\uFE63\uFF0D]/g;
const SINGLE_QUOTES = /[\u2018-\u201B\u2032\u2035\u00B4`\u02BC]/g;
const DOUBLE_QUOTES = /[\u201C-\u201F\u2033\u2036\u00AB\u00BB]/g;
/** Format characters (zero-width, bidi controls, soft hyphen, word joiner) and variation selectors. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: U+034F (combining grapheme joiner) is listed on purpose, to be removed on its own
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\u180B-\u180F]/gu;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const SPACES = /[\s\p{Zs}\u2028\u2029]+/gu;
const MARKS = /\p{M}+/gu;
/** Decimal digits of any script but ASCII's (Arabic-Indic ٤٢, Devanagari ४२, ...): NFKC leaves them. */
const SCRIPT_DIGITS = /[^\P{Nd}0-9]/gu;
/** The Arabic thousands and decimal separators and percent sign, written between such digits. */
const ARABIC_NUMBER_SIGNS: Record<string, string> = { '\u066C': ',', '\u066B': '.', '\u066A': '%' };
const DIGIT = /^\p{Nd}$/u;
const scriptDigits = new Map<string, string>();

/**
 * The ASCII digit for a decimal digit of another script. Unicode keeps each script's digits as a run of
 * ten code points from 0 to 9, so a digit's value is its distance from the start of its run (runs that
 * touch, as in the mathematical digits, are whole tens: the remainder still gives the value).
 */
function asciiDigit(d: string): string {
  let ascii = scriptDigits.get(d);
  if (ascii === undefined) {
    const cp = d.codePointAt(0)!;
    let start = cp;
    while (start > 0 && DIGIT.test(String.fromCodePoint(start - 1))) start--;
    scriptDigits.set(d, (ascii = String((cp - start) % 10)));
  }
  return ascii;
}

/**
 * Fold text for matching: NFKC, lowercase, diacritics and other combining marks removed, invisible and
 * control characters removed, look-alike letters mapped to Latin, digits of every script to ASCII
 * digits, dashes to "-", quotes to ' and ", every run of white space to one space. Superscript digits
 * become "^digits" so "10⁶" reads as "10^6".
 */
export function fold(text: string): string {
  return foldCached(text);
}

/** Recently folded texts (passages are folded again and again by the guard and the audit). */
const foldCached = memoize<string, string>(8192, foldUncached);

/**
 * Printable ASCII (most world and model text) folds to lowercase with ` as ' and runs of spaces as one:
 * every other step is the identity on it. Exactly foldFull's result (a property test holds them equal).
 */
function foldAscii(text: string): string {
  return text.toLowerCase().replace(/`/g, "'").replace(/ {2,}/g, ' ').trim();
}

/** Printable ASCII, with en and em dashes (the dash world pages write): the ASCII fold once the dashes are "-". */
const ASCII_AND_DASHES = /^[\x20-\x7e\u2013\u2014]*$/;
const EN_EM_DASH = /[\u2013\u2014]/g;

function foldUncached(text: string): string {
  return ASCII_AND_DASHES.test(text) ? foldAscii(text.replace(EN_EM_DASH, '-')) : foldFull(text);
}

/** The whole fold, for any text. */
export function foldFull(text: string): string {
  let s = text.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻]+/g, (m) => `^${[...m].map((c) => SUPERSCRIPTS[c]).join('')}`);
  s = s
    .normalize('NFKC')
    .replace(SCRIPT_DIGITS, asciiDigit)
    .replace(/[\u066A-\u066C]/g, (c) => ARABIC_NUMBER_SIGNS[c]!);
  s = s.toLowerCase().normalize('NFD').replace(MARKS, '');
  s = s.replace(INVISIBLE, '').replace(CONTROL, '');
  s = s.replace(LETTER_RE, (c) => LETTERS[c] ?? c);
  s = s.replace(DASHES, '-').replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"').replace(/×/g, 'x');
  return s.replace(SPACES, ' ').trim();
}

/** Letters and digits only, for length checks on a folded name ("Zentria X9" → "zentriax9"). */
export function alnum(folded: string): string {
  return folded.replace(/[^\p{L}\p{N}]+/gu, '');
}
