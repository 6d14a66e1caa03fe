/**
 * What a sentence that states no fact is built from: the page's domain words (Domain: field, topics,
 * voices), the subject's name when it is about one, and shared parts (openers, hedges). A part never
 * carries a number, a date or a month, so nothing a bank writes can be read as a fact.
 */
import type { Rng } from '../../rng.js';
import { mentions } from '../../text.js';
import type { Domain } from '../../themes/spec/parts.js';

/** The words a page's filler draws on, checked once per page. */
export interface Vocabulary {
  field: string;
  topics: string[];
  voices: string[];
  site: string;
}

export interface VocabularySource {
  domain: Domain | undefined;
  /** The theme's title, for a field when the theme has no Domain yet. */
  title: string;
  /** The site the page is on, for boilerplate and quote attributions. */
  site?: string;
  /** Values of the world (text facts): a domain word that contains one is not used ("public safety" in a world with a "Public safety" department). */
  values?: readonly string[];
}

/** A word that could be read as a date or a number: months, digits, number words. */
export const FACTLIKE =
  /\d|\b(january|february|march|april|may|june|july|august|september|october|november|december|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand|million|billion|dozen|first|second|third|fourth|fifth|half|twice|double|triple|quarter|year|years|annual)\b/i;

const GENERIC_TOPICS = ['pricing pressure', 'competition', 'regulation', 'shifting demand', 'rising costs', 'new entrants'];
const GENERIC_VOICES = ['an industry analyst', 'a longtime observer', 'a consultant who follows the sector'];

/** Whether each word checked so far is usable, per list of world values (a world's pages share one list). */
const usableIn = new WeakMap<readonly string[], Map<string, boolean>>();

export function vocabularyOf(p: VocabularySource): Vocabulary {
  const source = p.values ?? [];
  const known = usableIn.get(source) ?? usableIn.set(source, new Map()).get(source)!;
  let values: string[] | undefined;
  const check = (x: string) => !FACTLIKE.test(x) && !(values ??= source.map((v) => v.toLowerCase())).some((v) => mentions(x, v));
  const usable = (x: string) => known.get(x) ?? known.set(x, check(x)).get(x)!;
  const topics = (p.domain?.topics ?? []).filter(usable);
  const voices = (p.domain?.voices ?? []).filter(usable);
  return {
    field: p.domain?.field && usable(p.domain.field) ? p.domain.field : p.title.toLowerCase(),
    topics: topics.length >= 2 ? topics : GENERIC_TOPICS,
    voices: voices.length > 0 ? voices : GENERIC_VOICES,
    site: p.site && usable(p.site) ? p.site : 'this site',
  };
}

export interface Words {
  field: string;
  /** A topic, different from any this sentence has drawn already. */
  topic(): string;
  /** A second topic: like `topic`, different from those drawn before it, in whichever order a template calls them. */
  topic2(): string;
  voice(): string;
  /** How the sentence names its subject (a name or a short name), or null for one about the domain. */
  about: string | null;
  site: string;
}

export function wordsOf(rng: Rng, v: Vocabulary, about: string | null): Words {
  const drawn = new Set<string>();
  const topic = () => {
    const left = v.topics.filter((t) => !drawn.has(t));
    const t = rng.pick(left.length > 0 ? left : v.topics);
    drawn.add(t);
    return t;
  };
  return {
    field: v.field,
    topic,
    topic2: topic,
    voice: () => rng.pick(v.voices),
    about,
    site: v.site,
  };
}

export type Template = (w: Words) => string;

/** Sentence openers that add no claim. */
export const OPENERS = [
  'In broad terms,',
  'More generally,',
  'For context,',
  'By way of background,',
  'Seen from a distance,',
  'Taken as a whole,',
  'Across the sector,',
  'Over time,',
  'In practice,',
  'Broadly speaking,',
  'As a rule,',
  'Beyond the details,',
  'Stepping back,',
  'For readers new to the subject,',
  'At a broader level,',
  'Put simply,',
];

/** Hedges for commentary: those that can open a clause, and those that can only close one. */
export const HEDGES_BEFORE = [
  'by most accounts',
  'in the view of many observers',
  'on balance',
  'for now',
  'to be fair',
  'all the same',
  'even so',
  'in fairness',
  'as things stand',
  'still',
];
export const HEDGES_AFTER = [
  'by most accounts',
  'in the view of many observers',
  'on balance',
  'for now',
  'at least for the moment',
  'as things stand',
  'some would argue',
  'it seems',
];

export function draw(rng: Rng, templates: readonly Template[], w: Words): string {
  return rng.pick(templates)(w);
}
