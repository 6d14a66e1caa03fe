/**
 * The contract between the prose realizer (src/prose) and the page genres (src/world/pages): a page
 * asks a Writer for sentences; each sentence comes with the facts it gives away and the claims it
 * makes, so provenance stays exact whatever frame, connective or coreference the sentence uses.
 */
import type { DateStyle, NumberStyle } from '../format.js';
import type { Rng } from '../rng.js';
import type { Gender } from '../themes/spec/parts.js';
import type { Rows, ThemeDef } from '../themes/_define.js';
import type { FactIndex } from '../world/facts.js';
import type { Claim, Fact, PageKind } from '../world/types.js';

/** What the realizer may read about the world: the theme's lexicon, the facts, and each person's gender. */
export interface ProseWorld {
  theme: ThemeDef;
  rows: Rows;
  fx: FactIndex;
  /** The world's year (the period its facts are about). */
  year: number;
  /** The gender of a person named in the world, when the naming model drew one. */
  genderOf(name: string): Gender | undefined;
}

/** The page a writer writes for. One writer per page: it tracks what the page has mentioned. */
export interface PageContext {
  rng: Rng;
  /** The page's date (ISO): events after it are written as scheduled, never as done. null = undated. */
  date: string | null;
  num: NumberStyle;
  dateStyle: DateStyle;
  /** The site's display name, for attribution ("according to MobileMetrics"). */
  site: string;
  genre: PageKind;
  /**
   * How often each attribute ("table.column") has been said in each single-fact frame on the pages of
   * this world written so far, shared by all of them: a fact stated on many pages rotates through its
   * frames rather than drawing the same one again. Without it, only the page's own sentences count.
   */
  said?: FrameTally;
}

/** Per attribute ("table.column"), the single-fact frames it has been said in and how often. */
export type FrameTally = Map<string, Map<string, number>>;

/** One sentence (a passage): its text, the facts it gives away, and how it states each. */
export interface Sentence {
  text: string;
  facts: Fact[];
  claims: Claim[];
  /** The frame each fact was said in, aligned with `facts` ("active", "relative", "description", …): for measuring variety. */
  frames?: string[];
}

export interface StateOptions {
  /** A source to attribute the statements to ("according to Polar Insights"); the page's site by default, and then only sometimes. */
  attribution?: string;
  /** At most this many facts per sentence (1 = one fact a sentence, e.g. for a list item); default 3. */
  maxPerSentence?: number;
}

export type FillerRole = 'context' | 'commentary' | 'transition' | 'quote' | 'boilerplate';

export interface Writer {
  /**
   * Sentences stating every given fact once, in varied frames, composed with connectives and
   * coreference (the first mention of a subject on the page is its name). Facts of one subject are
   * best passed together. A fact whose event is after the page's date is stated as scheduled (claim
   * form `scheduled`, the lexicon's `future`). A period figure (a year total, a quarter's result) whose
   * period ends after the page's date is not stated at all: it is left out of the output, so pages
   * should not ask for it. A sentence may also restate a fact the page already gave, when it refers to
   * its subject by a description built from it ("the Korsvik-based maker"); it is listed in `facts`.
   */
  state(facts: Fact[], opts?: StateOptions): Sentence[];
  /** A sentence that states no checkable fact, about the page's subject or domain. */
  filler(role: FillerRole, about?: string): Sentence;
  /**
   * The page wrote a sentence of its own about `subject` (an article's bold opening line): it counts as
   * a mention, so the next sentence may refer to it by pronoun, short name or description.
   */
  mention(subject: string): void;
}

export type CreateWriter = (world: ProseWorld, page: PageContext) => Writer;
