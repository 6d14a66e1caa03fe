/**
 * Invented words from a locale's morphemes: brand-like roots, compounds, surnames and town names.
 * Every invented piece is checked against the locale's real names and common words, so an invented
 * root is never a real brand, place or plain word.
 */
import type { Rng } from '../rng.js';
import type { LocaleNames } from './data/schema.js';

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);
const isVowel = (ch: string | undefined) => ch !== undefined && VOWELS.has(ch);
const HAN = /\p{Script=Han}/u;

export const capitalise = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

/** Whether the locale writes names in Han characters (no spaces, family name first). */
export const isHan = (d: LocaleNames): boolean => d.script === 'han';
/** What stands between the words of a name: a space, or nothing in Han script. */
export const spacer = (d: LocaleNames): string => (isHan(d) ? '' : ' ');
/** Words of a name joined as the locale writes them. */
export const words = (d: LocaleNames, ...parts: string[]): string => parts.join(spacer(d));
/** A person's full name as the locale writes it: "Ada Ashwick", "王伟". */
export const personName = (d: LocaleNames, first: string, family: string): string => (isHan(d) ? `${family}${first}` : `${first} ${family}`);

/**
 * Join morphemes the way English spelling does: a doubled letter at the seam is written once when it
 * would make three in a row, and two vowels meeting at the seam keep only the second's.
 */
export function join(...parts: string[]): string {
  let out = '';
  for (const raw of parts) {
    const p = raw.toLowerCase();
    if (out === '') {
      out = p;
      continue;
    }
    const last = out[out.length - 1];
    // Han characters simply follow each other: the spelling rules below are English ones.
    if (HAN.test(p[0]!) || HAN.test(last!)) {
      out += p;
      continue;
    }
    // "nest" + "te" is "neste", "bel" + "lum" stays "bellum": a doubled consonant after a consonant is written once.
    if (p[0] === last && (out[out.length - 2] === last || (!isVowel(last) && !isVowel(out[out.length - 2])))) out += p.slice(1);
    else if (isVowel(last) && isVowel(p[0]) && last !== 'y' && p[0] !== 'y') out = out.slice(0, -1) + p;
    else out += p;
  }
  return capitalise(out);
}

/** Lower-cased sets of what an invented word must not be; built once per locale data. */
export interface Forbidden {
  /** Real brands, companies, places and drugs. */
  real: Set<string>;
  /** Common words of the locale (an invented root that is a plain word reads as a word). */
  common: Set<string>;
  /** Real surnames (an invented surname must be invented). */
  surnames: Set<string>;
}

const forbiddenCache = new WeakMap<LocaleNames, Forbidden>();
export function forbiddenOf(d: LocaleNames): Forbidden {
  let f = forbiddenCache.get(d);
  if (!f) {
    const lower = (xs: string[]) => new Set(xs.map((x) => x.toLowerCase()));
    f = { real: lower(d.realNames), common: lower(d.person.commonWords), surnames: lower(d.person.realSurnames) };
    forbiddenCache.set(d, f);
  }
  return f;
}

/**
 * Whether an invented word may be used: not real, not a plain word, at most 10 letters, no letter three
 * times running, no two or three letters twice running ("Stenenenne", "Rushshaw", "Winwin") and no doubled
 * letter English does not double ("Oakkins").
 */
export function allowed(word: string, f: Forbidden): boolean {
  const w = word.toLowerCase();
  if (f.real.has(w) || f.common.has(w) || w.length > 10) return false;
  // A Han character twice running ("捷捷") reads as a nickname, not a brand or a place.
  if (/(\p{Script=Han})\1/u.test(w)) return false;
  return !/(.)\1\1|(..)\2|(...)\3|aa|ii|uu|hh|jj|kk|vv|ww|yy/.test(w);
}

/** Draw until `allowed`; the morpheme lists are large, so a handful of tries always suffices. */
function invent(f: Forbidden, make: () => string, extra?: (w: string) => boolean): string {
  for (let i = 0; i < 100; i++) {
    const w = make();
    if (allowed(w, f) && (!extra || extra(w))) return w;
  }
  throw new Error('names: morphemes produced no allowed word in 100 tries');
}

/** A brand-like root: "Corvane", "Halora"; with two syllables a linking syllable between ("Telerant"). */
export function brandRoot(rng: Rng, d: LocaleNames, syllables = 1): string {
  const f = forbiddenOf(d);
  return invent(f, () =>
    syllables >= 2 ? join(rng.pick(d.root.heads), rng.pick(d.root.middles), rng.pick(d.root.tails)) : join(rng.pick(d.root.heads), rng.pick(d.root.tails)),
  );
}

/** A two-part compound root: "Northgate", "Cedarbrook". */
export function compoundRoot(rng: Rng, d: LocaleNames): string {
  return invent(forbiddenOf(d), () => join(rng.pick(d.root.compoundFirst), rng.pick(d.root.compoundSecond)));
}

/**
 * An invented surname from surname morphemes ("Ashwick", "Thornley"), never a real surname of the
 * locale; where the locale's family names are a closed set (Chinese), one of them.
 */
export function surname(rng: Rng, d: LocaleNames): string {
  if (d.person.surnames) return rng.pick(d.person.surnames);
  const f = forbiddenOf(d);
  return invent(
    f,
    () => join(rng.pick(d.person.surnameHeads), rng.pick(d.person.surnameTails)),
    (w) => !f.surnames.has(w.toLowerCase()),
  );
}

/** The one-word stem of a town name: "Elmbury", "Stockmere". */
export function townStem(rng: Rng, d: LocaleNames): string {
  return invent(forbiddenOf(d), () => join(rng.pick(d.place.heads), rng.pick(d.place.tails)));
}

/** A town head alone, for a suffix that ends the word itself ("ton", "ville"): "Elm" → "Elmton". */
export function townHead(rng: Rng, d: LocaleNames, ending: string): string {
  return invent(forbiddenOf(d), () => join(rng.pick(d.place.heads), ending));
}

/** A town name: mostly one word, sometimes with a word before ("Port Elmbury") or after ("Stockmere Falls"). */
export function town(rng: Rng, d: LocaleNames): string {
  const stem = townStem(rng, d);
  const r = rng.next();
  if (r < 0.12) return words(d, rng.pick(d.place.before), stem);
  if (r < 0.22) return `${stem}${rng.pick(d.place.after)}`;
  return stem;
}
