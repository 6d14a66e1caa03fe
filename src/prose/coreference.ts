/**
 * Coreference as real text does it. The first mention of a subject on a page is its full name; later
 * ones use a pronoun (only when the previous sentence's subject is the same entity, and for a person
 * only when the world knows their gender), a short name ("Tacova" for "Tacova Corp", a person's
 * surname) when no other name of the world shortens to it, or a definite description: the table's
 * entity noun ("the company", when no other row of its table has been mentioned on the page) or one
 * built from a value the page has already stated ("the Korsvik-based maker", when no other row of the
 * table shares that value).
 */
import type { Rng } from '../rng.js';
import type { Row, TableDef } from '../themes/_define.js';
import type { Gender } from '../themes/spec/parts.js';
import { shortForms } from '../text/short-names.js';
import { formatValue, type ValueStyle } from '../world/value-text.js';
import type { Fact, SubjectForm } from '../world/types.js';
import { possessive } from './grammar.js';
import { lexiconOf } from './lexicon.js';
import type { ProseWorld } from './types.js';

/** Where the subject stands: as the sentence's grammatical subject, as a possessor, or inside a phrase ("the price of X"). */
export type Slot = 'subject' | 'possessive' | 'object';

export interface Mention {
  /** The words as they stand in the slot ("it", "its", "Tacova's", "the Korsvik-based maker"). */
  text: string;
  form: SubjectForm;
  /** The fact a description restates (it is stated by the sentence too). */
  fact?: Fact;
}

export interface Entity {
  subject: string;
  table: TableDef;
  row: Row;
  /** A row without a name column (a quarterly record, a match): named by its composite subject only. */
  composite: boolean;
  person: boolean;
  gender?: Gender;
}

/** What the realizer knows of a world once: entities by subject, short forms, which values single a row out. */
export interface WorldIndex {
  entities: Map<string, Entity>;
  short: Map<string, string>;
  /** `table.column` → canonical value → number of rows with it. */
  valueCounts: Map<string, Map<string, number>>;
  /** The world's text values: words a sentence that states no fact must not use ("Public safety", "oral"). */
  textValues: string[];
}

const indexes = new WeakMap<ProseWorld, WorldIndex>();

export function indexWorld(world: ProseWorld): WorldIndex {
  const hit = indexes.get(world);
  if (hit) return hit;
  const entities = new Map<string, Entity>();
  const named: { name: string; person: boolean }[] = [];
  for (const table of world.theme.tables) {
    for (const row of world.rows[table.name] ?? []) {
      const subject = world.fx.name(table.name, row.id);
      const gender = world.genderOf(subject);
      const person = table.naming?.kind === 'person' || gender !== undefined;
      entities.set(subject, { subject, table, row, composite: !table.nameColumn, person, gender });
      if (table.nameColumn) named.push({ name: subject, person });
    }
  }
  const valueCounts = new Map<string, Map<string, number>>();
  const texts: string[] = [];
  for (const f of world.fx.facts) {
    const key = `${f.sourceTable}.${f.sourceColumn}`;
    let m = valueCounts.get(key);
    if (!m) valueCounts.set(key, (m = new Map()));
    m.set(f.object, (m.get(f.object) ?? 0) + 1);
    if (f.objectType === 'text') texts.push(f.object);
  }
  const index = { entities, short: shortForms(named, texts), valueCounts, textValues: [...new Set(texts)] };
  indexes.set(world, index);
  return index;
}

const FUNCTION_WORDS = new Set(['v', 'vs', 'in', 'of', 'the', 'by', 'at', 'and', 'for', 'on', 'de', 'la', 'le']);

/** "Korsvik health budget", "Veltrax approval by the …": a composite subject made of a common noun, which takes "the". */
export function readsAsCommonNoun(subject: string): boolean {
  const head = subject.split(',')[0]!;
  return head.split(' ').some((w) => /^[a-z]/.test(w) && !FUNCTION_WORDS.has(w));
}

const PRONOUNS: Record<'it' | Gender, { subject: string; possessive: string }> = {
  it: { subject: 'it', possessive: 'its' },
  female: { subject: 'she', possessive: 'her' },
  male: { subject: 'he', possessive: 'his' },
};

/** The page's memory of its mentions. */
export class Coreference {
  private readonly mentioned = new Set<string>();
  private readonly tablesMentioned = new Map<string, Set<string>>();
  private readonly stated = new Map<string, Fact[]>();
  private last: string | null = null;

  constructor(
    private readonly world: ProseWorld,
    private readonly index: WorldIndex,
    private readonly style: ValueStyle,
  ) {}

  entity(subject: string): Entity | undefined {
    return this.index.entities.get(subject);
  }

  hasMentioned(subject: string): boolean {
    return this.mentioned.has(subject);
  }

  /** The pronoun of a subject (subject or possessive case), when one can be used for it at all. */
  pronoun(subject: string, slot: 'subject' | 'possessive'): string | null {
    const e = this.entity(subject);
    if (!e || e.composite) return null;
    const p = e.person ? (e.gender ? PRONOUNS[e.gender] : null) : PRONOUNS.it;
    return p ? p[slot] : null;
  }

  /** A pronoun may stand for `subject` here: the previous sentence was about it. */
  pronounAllowed(subject: string): boolean {
    return this.last === subject && this.mentioned.has(subject) && this.pronoun(subject, 'subject') !== null;
  }

  short(subject: string): string | null {
    return this.mentioned.has(subject) ? (this.index.short.get(subject) ?? null) : null;
  }

  /** Definite descriptions available for `subject`, none restating a fact in `exclude`. */
  descriptions(subject: string, exclude: Set<number>): Mention[] {
    const e = this.entity(subject);
    if (!e || !this.mentioned.has(subject)) return [];
    const out: Mention[] = [];
    const others = [...(this.tablesMentioned.get(e.table.name) ?? [])].filter((s) => s !== subject);
    if (others.length === 0) out.push({ text: `the ${e.table.entity}`, form: 'description' });
    for (const f of this.stated.get(subject) ?? []) {
      if (exclude.has(f.id)) continue;
      const lex = lexiconOf(this.world.fx.column(f.sourceTable, f.sourceColumn));
      if (!lex.describe) continue;
      if ((this.index.valueCounts.get(`${f.sourceTable}.${f.sourceColumn}`)?.get(f.object) ?? 0) !== 1) continue;
      out.push({ text: lex.describe.replace('{v}', formatValue(this.world.fx, f, this.style)), form: 'description', fact: f });
    }
    return out;
  }

  /**
   * How to refer to `subject` in `slot`: its name at its first mention on the page; later a pronoun
   * (subject and possessive slots, when allowed), its short name, a description or the name again.
   */
  /** The name as it stands in a sentence: "the" before a composite subject that reads as a common noun ("the Korsvik health budget"). */
  nameText(subject: string, slot: Slot): string {
    const e = this.entity(subject);
    const text = e?.composite && readsAsCommonNoun(subject) ? `the ${subject}` : subject;
    return slot === 'possessive' ? possessive(text) : text;
  }

  refer(subject: string, slot: Slot, rng: Rng, exclude: Set<number>): Mention {
    const name: Mention = { text: this.nameText(subject, slot), form: 'name' };
    if (!this.mentioned.has(subject)) return name;
    // The full name again is the least likely choice once a pronoun, short name or description can stand
    // for it: running text seldom repeats a long name in consecutive sentences.
    const options: [Mention, number][] = [[name, 0.2]];
    if (slot !== 'object' && this.pronounAllowed(subject)) options.push([{ text: this.pronoun(subject, slot)!, form: 'pronoun' }, 0.55]);
    const short = this.short(subject);
    if (short) options.push([{ text: slot === 'possessive' ? possessive(short) : short, form: 'short' }, 0.3]);
    for (const d of this.descriptions(subject, exclude))
      options.push([{ ...d, text: slot === 'possessive' ? possessive(d.text) : d.text }, d.fact ? 0.2 : 0.15]);
    const total = options.reduce((a, [, w]) => a + w, 0);
    let r = rng.next() * total;
    for (const [m, w] of options) if ((r -= w) < 0) return m;
    return name;
  }

  /**
   * Record a sentence: its subject (null for one about no entity), the facts it stated and the names it
   * wrote. `topic` false: the subject was not clearly what the sentence is about (another entity stood
   * first, "Stobine Mobile makes Stobine Lite85"), so the next sentence may not use a pronoun for it.
   */
  after(subject: string | null, facts: Fact[], named: string[] = [], topic = true): void {
    this.note(subject ? [subject, ...named] : named, facts);
    this.last = topic ? subject : null;
  }

  /** Record names written and facts stated, leaving the last sentence's subject as it is. */
  note(names: string[], facts: Fact[]): void {
    for (const s of names) {
      const e = this.entity(s);
      if (!e) continue;
      this.mentioned.add(s);
      let set = this.tablesMentioned.get(e.table.name);
      if (!set) this.tablesMentioned.set(e.table.name, (set = new Set()));
      set.add(s);
    }
    for (const f of facts) {
      const list = this.stated.get(f.subject) ?? [];
      if (!list.includes(f)) list.push(f);
      this.stated.set(f.subject, list);
    }
  }
}
