/**
 * People: a first name from the locale's list for the gender, never a title, honorific or common
 * word, and an invented surname (morphology.ts), so no real person is named; in Chinese, a family name
 * of the locale's list and a given name of its lists, never a well-known person's name (the pool checks).
 */
import type { Rng } from '../rng.js';
import type { Gender } from '../themes/spec/parts.js';
import type { LocaleNames } from './data/schema.js';
import { isHan, surname } from './morphology.js';

/**
 * Why a first name is refused, or undefined if it is fine. The rule: a name on the deny-list (titles,
 * honorifics, ranks, kinship words, places), or a common word of the locale that is not an established
 * given name ("Hope" stays, "General" goes).
 */
export function firstNameProblem(name: string, d: LocaleNames): string | undefined {
  const key = name.toLowerCase();
  if (denySet(d).has(key)) return 'deny-list';
  if (commonSet(d).has(key) && !givenSet(d).has(key)) return 'common word';
  if (isHan(d)) return /^\p{Script=Han}{1,2}$/u.test(name) ? undefined : 'not one or two Han characters';
  if (!/^[A-Z][a-z'-]+$/.test(name)) return 'not a plain capitalised name';
  return undefined;
}

const cache = new WeakMap<LocaleNames, { deny: Set<string>; common: Set<string>; given: Set<string>; first: Record<Gender, string[]> }>();
function sets(d: LocaleNames) {
  let c = cache.get(d);
  if (!c) {
    const lower = (xs: string[]) => new Set(xs.map((x) => x.toLowerCase()));
    c = { deny: lower(d.person.denyFirst), common: lower(d.person.commonWords), given: lower(d.person.givenWords), first: { female: [], male: [] } };
    cache.set(d, c);
    for (const g of ['female', 'male'] as const) c.first[g] = [...new Set(d.person.first[g])].filter((n) => firstNameProblem(n, d) === undefined);
  }
  return c;
}
const denySet = (d: LocaleNames) => sets(d).deny;
const commonSet = (d: LocaleNames) => sets(d).common;
const givenSet = (d: LocaleNames) => sets(d).given;

/** The first names a person of this gender may have (the locale's list, filtered). */
export function firstNames(d: LocaleNames, gender: Gender): readonly string[] {
  return sets(d).first[gender];
}

export interface PersonDraw {
  first: string;
  surname: string;
  gender: Gender;
}

/** A person of the given gender (drawn when not given), with an invented surname or the one passed. */
export function drawPerson(rng: Rng, d: LocaleNames, gender?: Gender, family?: string): PersonDraw {
  const g: Gender = gender ?? (rng.chance(0.5) ? 'female' : 'male');
  return { first: rng.pick(firstNames(d, g)), surname: family ?? surname(rng, d), gender: g };
}
