/**
 * What a locale's naming data holds: lists and morphemes only, no code. A locale is one data file of
 * this shape (data/en.ts); the generators in src/names read it. Declared once (zod), types derived.
 */
import { z } from 'zod';

const Words = z.array(z.string().min(1)).min(1);

/** A drug name's class stem (INN-like), with the modality it implies and the routes that modality is given by. */
export const DrugStem = z.object({
  /** The stem that ends the name ("mab"; one Han character can be one: "韦"). */
  stem: z.string().min(1),
  /** What the stem says about the drug: "monoclonal antibody", "kinase inhibitor". */
  class: z.string().min(1),
  /** The modality the stem implies, in the words the drug themes use. */
  modality: z.string().min(1),
  /** Routes a drug of this modality is plausibly given by. */
  routes: Words,
});
export type DrugStem = z.infer<typeof DrugStem>;

export const LocaleNames = z.object({
  /**
   * How the locale writes names. 'latin' (the default): words apart, the given name first, invented
   * surnames, short forms of three letters or more. 'han' (Chinese): no spaces between the parts, the
   * family name first and drawn from `person.surnames`, short forms of two characters or more, and a
   * person has no short form (a page says the whole name).
   */
  script: z.enum(['latin', 'han']).optional(),
  /** Letter (for Han, character) frequencies the locale's names are measured against (any scale; normalised when used). */
  letters: z.record(z.string().length(1), z.number().positive()),
  person: z.object({
    /** First names by gender (the locale's lists, before filtering). */
    first: z.object({ female: Words, male: Words }),
    /** Words that are never a first name: titles, honorifics, ranks, kinship and other common nouns. */
    denyFirst: Words,
    /** Common words (any part of speech) a first name must not be, unless it is also in `givenWords`. */
    commonWords: Words,
    /** Established given names that are also common words ("Hope", "Frank"): kept. */
    givenWords: Words,
    /** A closed set of family names drawn as they are (Chinese): when given, surnames are not invented. */
    surnames: Words.optional(),
    /** Real surnames an invented surname must not equal (so the name is invented, not a real family's). */
    realSurnames: Words,
    /** Surname morphemes: a head, and a tail that ends it ("Ash" + "ford"). */
    surnameHeads: Words,
    surnameTails: Words,
  }),
  root: z.object({
    /** An invented brand-like root: a head and a tail ("Cor" + "vane"), with a middle between for two syllables. */
    heads: Words,
    middles: Words,
    tails: Words,
    /** Two-word compounds for company roots ("North" + "gate"). */
    compoundFirst: Words,
    compoundSecond: Words,
  }),
  place: z.object({
    heads: Words,
    tails: Words,
    /** Words before a town name ("Port", "North"). */
    before: Words,
    /** Words after a town name (" Falls", " Bay"). */
    after: Words,
  }),
  /** Real brand, company and place names an invented name (or its first word) must never be. */
  realNames: Words,
  /** Words that end names of each kind when the model gives none. */
  suffixes: z.object({
    company: Words,
    brand: Words,
    team: Words,
    party: Words,
    exchange: Words,
    mission: Words,
    vehicle: Words,
  }),
  team: z.object({ nicknames: Words }),
  party: z.object({ ideologies: Words, causes: Words }),
  drug: z.object({
    /** Stem pieces an invented INN-like stem is built from ("tra" + "lo"). */
    heads: Words,
    middles: Words,
    stems: z.array(DrugStem).min(1),
  }),
  title: z.object({ nouns: Words, adjectives: Words, patterns: Words }),
  mission: z.object({ words: Words }),
  vehicle: z.object({ words: Words }),
  product: z.object({ lines: Words }),
});
export type LocaleNames = z.infer<typeof LocaleNames>;
