/**
 * How questions say a theme's attributes and entities (issue 24): the words a person would use, derived
 * once from each column's lexicon (ColumnDef.say) and label, never the schema's own label with its unit
 * ("battery capacity", not "battery capacity in mAh"). Also the reverse index a reader uses to turn those
 * words back into ColumnDef.label, over every registered theme (the public vocabulary: no world data).
 *
 *   attrOf(table, column).noun   // 'launch price'
 *   attrOf(...).wh                // 'money' → "How much …"
 *   attrOf(...).when             // { aux: 'did', verb: 'launch' } → "When did {s} launch?"
 *   attrOf(...).count            // { noun: 'people', aux: 'does', verb: 'employ', tail: '' } → "How many people does {s} employ?"
 */
import type { ColumnDef, TableDef, ThemeDef } from '../../themes/_define.js';
import { listThemes, registryVersion } from '../../themes/registry.js';
import { withArticle } from './ordinals.js';

/** Which question word an attribute's value asks for. */
export type Wh = 'who' | 'when' | 'money' | 'count' | 'what';

export interface Attr {
  theme: string;
  table: TableDef;
  column: ColumnDef;
  /** For an entity column: the table it refers to. */
  ref?: TableDef;
  /** ColumnDef.label: what a Reading carries. */
  label: string;
  /** Question nouns, the preferred first (lexicon noun, then the label without its unit). */
  nouns: string[];
  wh: Wh;
  /** For an event date: the question "When {aux} {s} {verb}?" and the clause "that {clause} in 2031". */
  when?: { aux: 'was' | 'did'; verb: string; clause: string };
  /** For a count said by a verb: "How many {noun} {aux} {s} {verb}{tail}?" */
  count?: { noun: string; aux: 'does' | 'did'; verb: string; tail: string };
}

/** Unit words a label carries after "in": stripped from question nouns. */
const UNIT_TAIL = / in (?:mAh|kg|metres|inches|minutes|years|degrees north|square kilometres|centimetres)$/;
const UNIT_WORD = /\b(?:mAh|kg|USD|km2|in metres|in minutes)\b/;
/** Text attributes whose values are people. */
const PERSON_ROLES = new Set(['chief executive', 'leader', 'manager', 'mayor', 'director']);

/** Past or present verb → [aux, base] for "When did {s} launch?", "How many people does {s} employ?". */
const VERBS: Record<string, ['does' | 'did', string]> = {
  launched: ['did', 'launch'],
  flew: ['did', 'fly'],
  opened: ['did', 'open'],
  started: ['did', 'start'],
  took: ['did', 'take'],
  went: ['did', 'go'],
  employs: ['does', 'employ'],
  has: ['does', 'have'],
  lists: ['does', 'list'],
  elects: ['does', 'elect'],
  won: ['did', 'win'],
  received: ['did', 'receive'],
  counted: ['did', 'count'],
  scored: ['did', 'score'],
  conceded: ['did', 'concede'],
  lost: ['did', 'lose'],
  drew: ['did', 'draw'],
  made: ['did', 'make'],
  enrolled: ['did', 'enrol'],
  sold: ['did', 'sell'],
  recorded: ['did', 'record'],
};
/** Words after a count that are a unit or an article, not the thing counted. */
const NOT_COUNTED = new Set(['kg', 'mah', 'metres', 'cm', 'a', 'an', 'the', 'times']);
const PREPOSITIONS = new Set(['in', 'across', 'over', 'during', 'to', 'at', 'for', 'on']);

const PARTICIPLE_TAIL = / (?:scored|won|received|sold|conceded)$/;
const SINGULAR_S = new Set(['gross', 'headquarters', 'status', 'series', 'analysis']);
/** Whether a noun phrase is plural ("full-year unit sales", "league goals scored"): the verb agrees with it. */
export function isPlural(noun: string): boolean {
  // The head noun: before "of" ("tally of league goals" is one tally), without a trailing participle.
  const head = noun.split(' of ')[0]!;
  const last = head.replace(PARTICIPLE_TAIL, '').split(' ').at(-1)!;
  return last.endsWith('s') && !last.endsWith('ss') && !SINGULAR_S.has(last);
}
/** "is"/"are", "does"/"do" agreeing with a noun phrase. */
export const be = (noun: string) => (isPlural(noun) ? 'are' : 'is');
export const does = (noun: string) => (isPlural(noun) ? 'do' : 'does');
/** "Corvane's", "Rowanbay Industries'". */
export const possessive = (name: string) => (/s$/.test(name) ? `${name}'` : `${name}'s`);
/** The name inside a possessive, as `possessive` wrote it. */
export const unpossessive = (text: string) => (text.endsWith("'s") ? text.slice(0, -2) : text.endsWith("'") ? text.slice(0, -1) : text);

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "a phone model", "an approval", "a university": by the noun's sound. */
export const article = (noun: string) => withArticle(noun);

function whOf(table: TableDef, col: ColumnDef, refTable: TableDef | undefined): Wh {
  if (col.type === 'date') return 'when';
  if (col.type === 'entity') return refTable?.naming?.kind === 'person' ? 'who' : 'what';
  if (col.type === 'text') return PERSON_ROLES.has(col.say?.noun ?? col.label) || PERSON_ROLES.has(col.label) ? 'who' : 'what';
  if (col.unit === 'usd') return 'money';
  if (col.type === 'integer' && (col.unit === 'count' || col.label.startsWith('number of'))) return 'count';
  void table;
  return 'what';
}

function whenOf(col: ColumnDef): Attr['when'] {
  if (col.type !== 'date' || col.time !== 'event') return undefined;
  const m = /^(.+) on \{v\}$/.exec(col.say?.verb ?? '');
  if (!m) return undefined;
  const clause = m[1]!;
  const words = clause.split(' ');
  if (words[0] === 'was') return { aux: 'was', verb: words.slice(1).join(' '), clause };
  const at = words[0] === 'first' ? 1 : 0;
  const v = VERBS[words[at]!];
  if (v?.[0] !== 'did') return undefined;
  return { aux: 'did', verb: [...words.slice(0, at), v[1], ...words.slice(at + 1)].join(' '), clause };
}

function countOf(col: ColumnDef): Attr['count'] {
  if (col.type !== 'integer' || col.unit === 'usd' || col.unit === 'percent') return undefined;
  const m = /^(\w+) \{v\} (.+)$/.exec(col.say?.verb ?? '');
  if (!m) return undefined;
  const v = VERBS[m[1]!];
  if (!v) return undefined;
  const words = m[2]!.split(' ');
  if (NOT_COUNTED.has(words[0]!.toLowerCase())) return undefined;
  const cut = words.findIndex((w) => PREPOSITIONS.has(w));
  const noun = (cut < 0 ? words : words.slice(0, cut)).join(' ');
  const tail = cut < 0 ? '' : ` ${words.slice(cut).join(' ')}`;
  if (!/^[a-z][a-z -]*s$/.test(noun)) return undefined;
  return { noun, aux: v[0], verb: v[1], tail };
}

function nounsOf(col: ColumnDef): string[] {
  const out: string[] = [];
  for (const n of [col.say?.noun, col.label.replace(UNIT_TAIL, '')]) if (n && !UNIT_WORD.test(n) && !out.includes(n)) out.push(n);
  return out;
}

function buildAttrs(themes: ThemeDef[]): Attr[] {
  const out: Attr[] = [];
  for (const theme of themes)
    for (const table of theme.tables)
      for (const column of table.columns) {
        if (column.name === table.nameColumn) continue;
        const ref = column.ref ? theme.tables.find((t) => t.name === column.ref) : undefined;
        const nouns = nounsOf(column);
        if (nouns.length === 0) continue;
        const wh = whOf(table, column, ref);
        const a: Attr = { theme: theme.id, table, column, label: column.label, nouns, wh };
        if (ref) a.ref = ref;
        const when = whenOf(column);
        if (when) a.when = when;
        const count = wh === 'count' ? countOf(column) : undefined;
        if (count) a.count = count;
        out.push(a);
      }
  return out;
}

let ALL: { attrs: Attr[]; version: number } | undefined;
/** Every attribute of every registered theme (built again when a theme joins or leaves the registry). */
export function allAttrs(): Attr[] {
  if (ALL?.version !== registryVersion()) {
    ALL = { attrs: buildAttrs(listThemes()), version: registryVersion() };
    byKey.clear();
  }
  return ALL.attrs;
}

const byKey = new Map<string, Attr>();
/** The words of one column of one theme. */
export function attrOf(theme: ThemeDef, table: string, column: string): Attr | undefined {
  const key = `${theme.id}.${table}.${column}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const a = allAttrs().find((x) => x.theme === theme.id && x.table.name === table && x.column.name === column);
  if (a) byKey.set(key, a);
  return a;
}

/** Labels of the attributes a noun names, over every theme (or of tables whose entity noun is `entity`). */
export function labelsOfNoun(noun: string, entity?: string): string[] {
  const n = noun.toLowerCase();
  const labels = allAttrs()
    .filter((a) => (entity === undefined || a.table.entity === entity) && a.nouns.some((x) => x.toLowerCase() === n))
    .map((a) => a.label);
  return [...new Set(labels)];
}

/**
 * The noun a question should use for `a`: the first of its nouns that names only its label (among the
 * attributes of tables called `entity` when the question says the entity, else among all); undefined
 * when every noun is shared with another label, so a reader could not tell them apart.
 */
export function uniqueNoun(a: Attr, entity?: string): string | undefined {
  return a.nouns.find((n) => {
    const labels = labelsOfNoun(n, entity);
    return labels.length === 1 && labels[0] === a.label;
  });
}

/** Tables (over every theme) whose singular or plural entity noun is `noun`. */
export function tablesOfNoun(noun: string): TableDef[] {
  const n = noun.toLowerCase();
  const seen = new Set<TableDef>();
  for (const t of listThemes().flatMap((th) => th.tables)) if (t.entity.toLowerCase() === n || t.plural.toLowerCase() === n) seen.add(t);
  return [...seen];
}

/** "A, B, C or D" / "A, B and C". */
export function joinList(items: readonly string[], last: 'or' | 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

/** The inverse of joinList: "A, B or C" → [A, B, C]. */
export function splitList(text: string, last: 'or' | 'and'): string[] {
  const sep = ` ${last} `;
  const at = text.lastIndexOf(sep);
  if (at < 0) return [text.trim()];
  return [...text.slice(0, at).split(', '), text.slice(at + sep.length)].map((s) => s.trim()).filter((s) => s.length > 0);
}
