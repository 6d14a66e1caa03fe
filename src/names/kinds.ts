/**
 * One generator per entity kind (NameKind in themes/spec/parts.ts): each makes a name with the
 * morphology of its kind from the locale's data, and says what it is made of (NameParts), so a spec
 * can tie other values to it (a team's city, a drug's stem and so its modality and routes).
 */
import type { Rng } from '../rng.js';
import type { Gender, NameKind, NameModel } from '../themes/spec/parts.js';
import type { DrugStem, LocaleNames } from './data/schema.js';
import { brandRoot, capitalise, compoundRoot, isHan, join, personName, surname, town, townHead, townStem, words } from './morphology.js';
import { drawPerson } from './person.js';

export interface NameParts {
  kind: NameKind;
  /** The invented first word a company, brand, vehicle or mission is built on ("Corvane"). */
  root?: string;
  /** The kind word that ends the name ("Mobile", "FC", "Party"). */
  suffix?: string;
  /** The town a team, exchange or place name is built on. */
  place?: string;
  first?: string;
  surname?: string;
  gender?: Gender;
  /** A drug's class stem, with its modality and routes. */
  stem?: DrugStem;
  /** A product's line word ("Fjord"). */
  line?: string;
}
export interface Drawn extends NameParts {
  name: string;
}

export interface KindInput {
  rng: Rng;
  d: LocaleNames;
  model: NameModel;
  /** The display name of the row's parent (a product's maker). */
  parent?: string;
  /** The root the parent's name is built on, when the pool made it ("新星" of "新星科技有限公司"). */
  parentRoot?: string;
  /** A drug's modality, to pick a stem that agrees with it. */
  modality?: string;
  /** Reuse this root (company-like kinds) or surname (person): a near-name of an existing entity. */
  reuse?: string;
}

const pickOr = (rng: Rng, mine: readonly string[] | undefined, fallback: readonly string[]) => rng.pick(mine && mine.length > 0 ? mine : fallback);
const withWord = (d: LocaleNames, base: string, suffix: string) =>
  suffix === '' || isHan(d) ? `${base}${suffix}` : /^[\s-]/.test(suffix) ? `${base}${suffix}` : `${base} ${suffix}`;

/** The word of the parent's name a child's name leads with: its first word, or in Han script the root it was built on. */
function parentWord(input: KindInput): string {
  const { rng, d, parent } = input;
  if (parent === undefined) return brandRoot(rng, d);
  return isHan(d) ? (input.parentRoot ?? parent) : parent.split(' ')[0]!;
}

/** A company root: brand-like ("Corvane"), surname-like ("Halvorsen"), or a compound ("Northgate"); in Han script a brand ("新星") or a compound ("青山"). */
export function companyRoot(rng: Rng, d: LocaleNames): string {
  const r = rng.next();
  if (isHan(d)) return r < 0.7 ? brandRoot(rng, d) : compoundRoot(rng, d);
  if (r < 0.55) return brandRoot(rng, d);
  if (r < 0.8) return surname(rng, d);
  return compoundRoot(rng, d);
}

/** A place name; a suffix that starts with a letter ends the word ("Elm" + "ton"), one with a space follows it. */
export function placeName(rng: Rng, d: LocaleNames, given?: readonly string[]): Drawn {
  // A Chinese place name ends with its kind of place (市, 县, 区) unless the model says otherwise.
  const suffixes = (!given || given.length === 0) && isHan(d) ? d.place.after : given;
  if (!suffixes || suffixes.length === 0) {
    const name = town(rng, d);
    return { kind: 'place', name, place: name };
  }
  const suffix = rng.pick(suffixes);
  if (suffix === '') {
    const name = town(rng, d);
    return { kind: 'place', name, place: name };
  }
  if (/^[a-z]/.test(suffix) && !isHan(d)) {
    const name = townHead(rng, d, suffix);
    return { kind: 'place', name, place: name };
  }
  const stem = townStem(rng, d);
  return { kind: 'place', name: `${stem}${suffix}`, place: stem, suffix: suffix.trim() };
}

/** The stems a drug of this modality may take (all stems when no modality is given). */
export function drugStemsFor(d: LocaleNames, modality?: string): DrugStem[] {
  if (!modality) return d.drug.stems;
  const found = d.drug.stems.filter((s) => s.modality === modality);
  if (found.length === 0)
    throw new Error(`names: no drug stem for modality '${modality}' (known: ${[...new Set(d.drug.stems.map((s) => s.modality))].join(', ')})`);
  return found;
}

function drugName(input: KindInput): Drawn {
  const { rng, d, model } = input;
  const stems = model.suffixes?.length
    ? model.suffixes.map(
        (s) => d.drug.stems.find((x) => x.stem === s) ?? { stem: s, class: 'unclassified', modality: input.modality ?? 'unknown', routes: ['oral'] },
      )
    : drugStemsFor(d, input.modality);
  const stem = rng.pick(stems);
  const pieces = [rng.pick(d.drug.heads), rng.pick(d.drug.middles)];
  if (rng.chance(0.5)) pieces.push(rng.pick(d.drug.middles));
  return { kind: 'drug', name: join(...pieces, stem.stem), stem };
}

function titleName(input: KindInput): Drawn {
  const { rng, d, model } = input;
  const pattern = rng.pick(d.title.patterns);
  const name = fill(pattern, input, {
    noun: () => pickOr(rng, model.words, d.title.nouns),
    adjective: () => rng.pick(d.title.adjectives),
  });
  return { kind: 'title', name };
}

/** Fill `{slot}` placeholders of a template; each slot is drawn afresh where it appears. */
function fill(template: string, input: KindInput, extra: Record<string, () => string> = {}): string {
  const { rng, d, model } = input;
  const slots: Record<string, () => string> = {
    root: () => brandRoot(rng, d),
    compound: () => compoundRoot(rng, d),
    surname: () => surname(rng, d),
    place: () => townStem(rng, d),
    town: () => town(rng, d),
    person: () => {
      const p = drawPerson(rng, d, model.gender);
      return personName(d, p.first, p.surname);
    },
    parent: () => parentWord(input),
    word: () => pickOr(rng, model.words, d.title.nouns),
    words: () => pickOr(rng, model.words, d.title.nouns),
    suffix: () => pickOr(rng, model.suffixes, d.suffixes.company),
    noun: () => rng.pick(d.title.nouns),
    adjective: () => rng.pick(d.title.adjectives),
    numeral: () => rng.pick(d.suffixes.mission),
    n: () => String(rng.int(2, 99)),
    ...extra,
  };
  // A slot that appears twice ("The {noun} and the {noun}") is drawn again rather than repeat itself.
  const seen = new Set<string>();
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    const f = slots[slot];
    if (!f) throw new Error(`names: unknown slot {${slot}} in pattern "${template}" (known: ${Object.keys(slots).join(', ')})`);
    let v = f();
    for (let i = 0; i < 5 && seen.has(v.toLowerCase()); i++) v = f();
    seen.add(v.toLowerCase());
    return v;
  });
}

/** Draw one name of the model's kind (not yet checked for uniqueness: the pool does that). */
export function drawName(input: KindInput): Drawn {
  const { rng, d, model } = input;
  switch (model.kind) {
    case 'person': {
      const p = drawPerson(rng, d, model.gender, input.reuse);
      return { kind: 'person', name: personName(d, p.first, p.surname), first: p.first, surname: p.surname, gender: p.gender };
    }
    case 'company':
    case 'brand': {
      const root = input.reuse ?? companyRoot(rng, d);
      const suffix = pickOr(rng, model.suffixes, model.kind === 'company' ? d.suffixes.company : d.suffixes.brand);
      return { kind: model.kind, name: withWord(d, root, suffix), root, suffix };
    }
    case 'team': {
      const place = input.reuse ?? townStem(rng, d);
      const nick = rng.chance(0.25);
      const suffix = nick ? `${rng.pick(d.team.nicknames)}` : pickOr(rng, model.suffixes, d.suffixes.team);
      return { kind: 'team', name: withWord(d, place, suffix), root: place, place, suffix };
    }
    case 'party': {
      const suffix = pickOr(rng, model.suffixes, d.suffixes.party);
      const ideology = pickOr(rng, model.words, d.party.ideologies);
      const name = rng.chance(0.25) ? words(d, townStem(rng, d), ideology, suffix) : words(d, ideology, rng.pick(d.party.causes), suffix);
      return { kind: 'party', name, suffix };
    }
    case 'place':
      return placeName(rng, d, model.suffixes);
    case 'drug':
      return drugName(input);
    case 'title':
      return titleName(input);
    case 'exchange': {
      const place = townStem(rng, d);
      const suffix = pickOr(rng, model.suffixes, d.suffixes.exchange);
      return { kind: 'exchange', name: withWord(d, place, suffix), place, suffix };
    }
    case 'mission': {
      const root = input.reuse ?? (rng.chance(0.5) ? pickOr(rng, model.words, d.mission.words) : brandRoot(rng, d));
      const suffix = pickOr(rng, model.suffixes, d.suffixes.mission);
      return { kind: 'mission', name: withWord(d, root, suffix), root, suffix };
    }
    case 'vehicle': {
      const root = input.reuse ?? (rng.chance(0.3) ? pickOr(rng, model.words, d.vehicle.words) : brandRoot(rng, d));
      const suffix = pickOr(rng, model.suffixes, d.suffixes.vehicle);
      return { kind: 'vehicle', name: withWord(d, root, suffix), root, suffix };
    }
    case 'product': {
      const root = parentWord(input);
      const line = pickOr(rng, model.words, d.product.lines);
      const n = rng.int(2, 99);
      // A one- or two-letter line joins its number ("S24"); a word line stands apart ("Fjord 7"). In Han
      // script the brand joins its line ("新星X7", "新星畅享20").
      let name = isHan(d) ? `${root}${line}${n}` : line.length <= 2 ? `${root} ${line}${n}` : `${root} ${line} ${n}`;
      if (model.suffixes?.length) name = withWord(d, name, rng.pick(model.suffixes));
      return { kind: 'product', name, root, line };
    }
    case 'pattern': {
      if (!model.pattern) throw new Error("names: a 'pattern' naming model needs a pattern");
      return { kind: 'pattern', name: capitalise(fill(model.pattern, input)) };
    }
  }
}
