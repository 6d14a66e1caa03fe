/**
 * How family B's questions say the entities they ask about (issue 24): a Condition list after an entity
 * noun ("phone models made by Corvane whose launch price is above $500 and that launched in 2031"), and an
 * EntityRef, either a name or an ordinal description ("the phone model with the second-highest launch
 * price"). Each `say…` has its `read…`, which recovers the same Condition/EntityRef from the text with the
 * public vocabulary (src/tasks/questions/words.ts).
 *
 * (Family A's src/tasks/questions/conditions.ts is the shared condition language; until it lands on this
 * branch these are the forms family B renders. Values stay as written: "$500", "2031", "4,000 mAh".)
 */
import type { Condition, Described, EntityRef } from '../families/reading.js';
import type { TableDef } from '../../themes/_define.js';
import { linkParticiple, splitNoun } from './easy.js';
import { type Attr, allAttrs, article, be, possessive, uniqueNoun } from './words.js';

/** The attributes of the tables a noun names. */
const attrsOf = (tables: TableDef[]) => allAttrs().filter((a) => tables.includes(a.table));

/** "were founded" for a plural subject ("that were founded in 2031"). */
const pluralClause = (clause: string) => clause.replace(/^was /, 'were ');

/**
 * One condition said after an entity noun. `plural` says it of several ("that were founded"). A
 * participle ("made by X") comes without "whose"/"that"; every other form starts with one of them.
 */
export function sayCondition(c: Condition, a: Attr, noun: string, plural: boolean): string {
  switch (c.op) {
    case 'between':
      if (a.column.type === 'date' && c.lo === c.hi)
        return a.when ? `that ${plural ? pluralClause(a.when.clause) : a.when.clause} in ${c.lo}` : `whose ${noun} falls in ${c.lo}`;
      return `whose ${noun} ${be(noun)} between ${c.lo} and ${c.hi}`;
    case 'above':
    case 'below': {
      if (a.column.type === 'date') {
        const word = c.op === 'above' ? 'after' : 'before';
        return a.when ? `that ${plural ? pluralClause(a.when.clause) : a.when.clause} ${word} ${c.value}` : `whose ${noun} ${be(noun)} ${word} ${c.value}`;
      }
      return `whose ${noun} ${be(noun)} ${c.op === 'above' ? 'above' : 'below'} ${c.value}`;
    }
    case 'is': {
      const p = a.column.type === 'entity' ? linkParticiple(a) : null;
      return p ? p.replace('{v}', c.value) : `whose ${noun} ${be(noun)} ${c.value}`;
    }
    case 'via': {
      // "whose maker's headcount is above 5,000", "whose developer was founded in 2031".
      const inner = c.target.conditions[0];
      const words = inner && innerWords(a, inner);
      if (!words || c.target.conditions.length !== 1) throw new Error('sayCondition: a link is said with one condition on its target');
      const said = sayCondition(inner, words.a, words.noun, false);
      if (said.startsWith('whose ')) return `whose ${possessive(noun)} ${said.slice('whose '.length)}`;
      if (said.startsWith('that ')) return `whose ${noun} ${said.slice('that '.length)}`;
      throw new Error('sayCondition: a link is said with a "whose" or "that" condition on its target');
    }
    default:
      throw new Error(`sayCondition: family B does not say "${c.op}" conditions`);
  }
}

/** The words of the target attribute a `via` condition's inner condition is on. */
function innerWords(link: Attr, inner: Condition): { a: Attr; noun: string } | null {
  if (!link.ref || !('label' in inner)) return null;
  const a = allAttrs().find((x) => x.theme === link.theme && x.table === link.ref && x.label === inner.label);
  const noun = a ? uniqueNoun(a, a.table.entity) : undefined;
  return a && noun ? { a, noun } : null;
}

/** Participles first ("made by X"), then the clauses joined by "and". */
export function sayConditions(parts: { c: Condition; a: Attr; noun: string }[], plural: boolean): string {
  const said = parts.map((p) => sayCondition(p.c, p.a, p.noun, plural));
  const lead = said.filter((s) => !/^(?:whose|that) /.test(s));
  const rest = said.filter((s) => /^(?:whose|that) /.test(s));
  return [...lead, rest.join(' and ')].filter((s) => s !== '').join(' ');
}

/** Reads one clause ("whose launch price is above $500", "that launched in 2031", "made by X") of an entity of `tables`. */
function readClause(text: string, tables: TableDef[], entity: string): Condition[] {
  const out: Condition[] = [];
  for (const a of attrsOf(tables)) {
    for (const n of a.nouns) {
      const head = `whose ${n} ${be(n)} `;
      if (text.startsWith(head)) {
        const v = text.slice(head.length);
        const between = /^between (.+) and (.+)$/.exec(v);
        const cmp = /^(above|below|after|before) (.+)$/.exec(v);
        if (between) out.push({ op: 'between', label: a.label, lo: between[1]!, hi: between[2]! });
        else if (cmp) out.push({ op: cmp[1] === 'above' || cmp[1] === 'after' ? 'above' : 'below', label: a.label, value: cmp[2]! });
        else out.push({ op: 'is', label: a.label, value: v });
      }
      const falls = `whose ${n} falls in `;
      if (text.startsWith(falls)) {
        const y = text.slice(falls.length);
        out.push({ op: 'between', label: a.label, lo: y, hi: y });
      }
    }
    if (a.when)
      for (const clause of [a.when.clause, pluralClause(a.when.clause)]) {
        const m = new RegExp(`^that ${clause} (in|before|after) (.+)$`).exec(text);
        if (!m) continue;
        if (m[1] === 'in') out.push({ op: 'between', label: a.label, lo: m[2]!, hi: m[2]! });
        else out.push({ op: m[1] === 'after' ? 'above' : 'below', label: a.label, value: m[2]! });
      }
    const p = a.column.type === 'entity' ? linkParticiple(a) : null;
    if (p && text.startsWith(p.replace('{v}', ''))) out.push({ op: 'is', label: a.label, value: text.slice(p.length - 3) });
    if (a.ref)
      for (const n of a.nouns) {
        const own = `whose ${possessive(n)} `;
        const inner = text.startsWith(own)
          ? `whose ${text.slice(own.length)}`
          : text.startsWith(`whose ${n} `)
            ? `that ${text.slice(`whose ${n} `.length)}`
            : null;
        if (!inner) continue;
        for (const c of readClause(inner, [a.ref], a.ref.entity))
          if (c.op !== 'is' || !inner.startsWith('that ')) out.push({ op: 'via', link: a.label, target: { kind: a.ref.entity, conditions: [c] } });
      }
  }
  void entity;
  return out;
}

/**
 * "phone models made by Corvane whose launch price is above $500" → the Described. Null when the noun
 * is no entity's or a clause reads no way or more than one way.
 */
export function readDescribed(text: string): Described | null {
  const head = splitNoun(text);
  if (!head) return null;
  const entity = head.tables[0]!.entity;
  if (head.rest === '') return { kind: entity, conditions: [] };
  // Split before each " and whose"/" and that", and after a leading participle (before its " whose"/" that").
  const pieces = head.rest.split(/ and (?=(?:whose|that) )/);
  const first = pieces[0]!;
  const lead = /^(.+?) (?=(?:whose|that) )/.exec(first);
  const clauses = lead && !/^(?:whose|that) /.test(first) ? [lead[1]!, first.slice(lead[0].length), ...pieces.slice(1)] : pieces;
  const conditions: Condition[] = [];
  for (const c of clauses) {
    const read = readClause(c, head.tables, entity);
    const distinct = [...new Map(read.map((r) => [JSON.stringify(r), r])).values()];
    if (distinct.length !== 1) return null;
    conditions.push(distinct[0]!);
  }
  return { kind: entity, conditions };
}

// ---- entity references: a name, or "the phone model with the second-highest launch price" ----

const ORDINALS = ['', 'second-', 'third-', 'fourth-', 'fifth-'];

/** A ref as a question writes it. */
export function sayRef(ref: EntityRef, words?: { a: Attr; noun: string }): string {
  if ('name' in ref) return ref.name;
  const c = ref.conditions[0];
  if (c?.op !== 'rank' || !words) throw new Error('sayRef: family B describes an entity only by its rank');
  return `the ${ref.kind} with the ${ORDINALS[c.n - 1]}${c.order} ${words.noun}`;
}

/** The subject of a possessive: "Corvane's" / "the phone model with the highest launch price's" is avoided by callers. */
export function readRef(text: string): EntityRef | null {
  const m = /^the (.+?) with the (second-|third-|fourth-|fifth-)?(highest|lowest) (.+)$/.exec(text);
  if (m) {
    const head = splitNoun(m[1]!);
    if (head && head.rest === '') {
      const labels = attrsOf(head.tables)
        .filter((a) => a.nouns.includes(m[4]!))
        .map((a) => a.label);
      if (new Set(labels).size === 1)
        return {
          kind: head.tables[0]!.entity,
          conditions: [{ op: 'rank', label: labels[0]!, n: ORDINALS.indexOf(m[2] ?? '') + 1, order: m[3] as 'highest' | 'lowest' }],
        };
    }
  }
  return /^\p{Lu}|^\d/u.test(text) || text.startsWith('the ') === false ? { name: text } : null;
}

/** "a phone model" / "an electoral district". */
export const aKind = (t: TableDef) => article(t.entity);
