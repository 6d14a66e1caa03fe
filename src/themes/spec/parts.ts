/**
 * The parts of a theme spec that the prose, page, naming and time machinery read. Declared once
 * (zod); the types are derived. The tables/columns/distributions/invariants schema that composes
 * these lives beside it in spec/schema.ts.
 */
import { z } from 'zod';
import { SITE_GENRES } from '../../world/types.js';

/** Locales a spec can be written for. English now; Chinese arrives with a later issue. */
export const Locale = z.enum(['en', 'zh-CN']);
export type Locale = z.infer<typeof Locale>;

/**
 * How an attribute is said. `{s}` is the subject (a name, pronoun, short name or description) and `{v}`
 * the value as written. The realizer (src/prose) builds its syntactic frames from these pieces: active
 * (`verb`), copula over the noun ("{s}'s launch price was {v}"), relative clause ("{s}, which launched at
 * {v}, …"), apposition/fronting (`with`), attribution ("according to …"), value first (`fronted`), and any
 * `more` sentences. Every frame states the same fact with the exact value.
 */
export const Lexicon = z.object({
  /** The attribute as a noun phrase without an article: "launch price". */
  noun: z.string().min(1),
  /**
   * The attribute as a question names it, where `noun` reads badly there ("line-up size" for "line-up"):
   * a noun phrase without an article or unit. Default `noun`. Read by src/tasks/questions/labels.ts.
   */
  ask: z.string().min(1).optional(),
  /** The predicate without its subject, in the tense of a done event or a present state: "launched at {v}", "is headquartered in {v}". */
  verb: z.string().includes('{v}'),
  /** The predicate for an event that has not happened yet at the page's date: "is due to launch on {v}". Event columns only. */
  future: z.string().includes('{v}').optional(),
  /** A prepositional phrase carrying the value: "with a launch price of {v}"; default "with a {noun} of {v}". */
  with: z.string().includes('{v}').optional(),
  /** A whole sentence that puts the value first: "{v} was the launch price of {s}." */
  fronted: z.string().includes('{v}').includes('{s}').optional(),
  /**
   * The value with its unit word, where a frame writes it beside the noun ("X's battery capacity is
   * {v} mAh", "{v} mAh was the battery capacity of X"): "{v} mAh", "{v} kg". Default "{v}".
   */
  amount: z.string().includes('{v}').optional(),
  /**
   * A definite description of the subject from this value, used once the page has stated the value:
   * "the {v}-based maker", "the {v} phone". Only for values that single the subject out.
   */
  describe: z.string().includes('{v}').optional(),
  /** Further whole sentences stating the fact, with {s} and {v}. */
  more: z.array(z.string().includes('{v}').includes('{s}')).default([]),
});
export type Lexicon = z.infer<typeof Lexicon>;

/**
 * When a fact becomes true, for dating pages truthfully:
 * - `event`: the column is a date; the fact is reported as done only on pages dated on or after it
 *   (before it, only as scheduled, via `Lexicon.future`);
 * - `year_end`: a total over the world's year; stated only on pages dated after the year ends;
 * - `{ periodColumn }`: a figure for the row's own period (a "Q2 2031" text or a week-ending date
 *   column); stated only on pages dated after that period ends.
 * A column without a time role is a standing fact (a name, a maker, a headquarters).
 */
export const TimeRole = z.union([z.literal('event'), z.literal('year_end'), z.object({ periodColumn: z.string() })]);
export type TimeRole = z.infer<typeof TimeRole>;

/** Genders a naming model can be asked for; pages use pronouns that agree with the person's. */
export const Gender = z.enum(['female', 'male']);
export type Gender = z.infer<typeof Gender>;

/**
 * How a table's rows are named. Each kind has a morphology of its own (src/names); `suffixes`,
 * `words` and `pattern` carry what is particular to the theme.
 * - person: faker's first names of the locale (never a title or honorific) and a surname;
 * - company / brand / team / party / exchange / place / drug / title (a film or book title);
 * - product: the parent's short name, a line word and a number ("Halvorsen Fjord 7");
 * - pattern: a template over other rows' names and words: "{place} {words}".
 */
export const NameKind = z.enum([
  'person',
  'company',
  'brand',
  'product',
  'place',
  'team',
  'party',
  'drug',
  'title',
  'exchange',
  'mission',
  'vehicle',
  'pattern',
]);
export type NameKind = z.infer<typeof NameKind>;

export const NameModel = z.object({
  kind: NameKind,
  /** Words that end the name ("Mobile", "FC"); one is drawn. */
  suffixes: z.array(z.string()).optional(),
  /** Words the kind draws from ("Fjord", "Aero"), e.g. product lines, title nouns. */
  words: z.array(z.string()).optional(),
  /** For `pattern`: "{root} {suffix}", "{parent} {word} {n}" … ("{tier}": a word of the row's tier, "{word} {tier}"). */
  pattern: z.string().optional(),
  /** A person's gender is drawn per row unless fixed here (a squad of one sex). */
  gender: Gender.optional(),
});
export type NameModel = z.infer<typeof NameModel>;

/**
 * A site of the theme's own trade press or data providers: the generic pools (encyclopedias, wires,
 * forums, registries, blogs) supply the rest of a world's 12+ sites.
 */
export const SiteGenre = z.enum(SITE_GENRES);
export type SiteGenre = z.infer<typeof SiteGenre>;

export const SiteSeed = z.object({
  name: z.string().min(1),
  /** Host under an invented `.example` domain. */
  host: z.string().regex(/^[a-z0-9.-]+\.example$/),
  genres: z.array(SiteGenre).min(1),
});
export type SiteSeed = z.infer<typeof SiteSeed>;

/**
 * Words of the domain the page and prose machinery use for context, commentary and background
 * pages; never values that could be read as facts of the world.
 */
export const Domain = z.object({
  /** "smartphone market", "football league". */
  field: z.string(),
  /** Topics an overview or unrelated background page talks about: "supply chains", "5G rollout". */
  topics: z.array(z.string()).min(4),
  /** Kinds of people quoted: "an industry analyst", "a retail buyer". */
  voices: z.array(z.string()).min(3),
});
export type Domain = z.infer<typeof Domain>;
