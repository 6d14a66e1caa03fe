/**
 * The easy tier's questions (issue 24): the six kinds of src/world/tasks.ts asked the way people ask
 * them, at least five frames per kind and direction, the question word chosen by the answer ("Who is the
 * chief executive of …", "When did … launch?", "How many people does … employ?"), the attribute said in
 * question words (src/tasks/questions/words.ts), never the schema's label with its unit. `readEasy`
 * reads every frame back into what the oracle needs (labels as ColumnDef.label).
 *
 * Each frame is a function of the attribute's words that returns a template (src/tasks/questions/frame.ts)
 * whose only slots are the entity parts; a reader tries the frames of every attribute whose noun the
 * question contains.
 */
import type { Rng } from '../../rng.js';
import type { TableDef } from '../../themes/_define.js';
import type { TaskKind } from '../../world/types.js';
import { frame } from './frame.js';
import { type Attr, allAttrs, be, cap, does, joinList, labelsOfNoun, possessive, splitList, tablesOfNoun, uniqueNoun, unpossessive } from './words.js';

/** A frame over one attribute said by `noun`; null when it does not fit the attribute. */
export interface AttrFrame {
  id: string;
  make(a: Attr, noun: string): string | null;
}

const whIs = (a: Attr) => (a.wh === 'who' ? 'Who' : 'What');

/** One entity's attribute, {s} the entity (a name, or "the maker of X"); {sp} its possessive (a named entity only). */
export const LOOKUP_FRAMES: AttrFrame[] = [
  { id: 'lookup.is-of', make: (a, n) => (a.wh === 'money' ? null : `${whIs(a)} ${be(n)} the ${n} of {s}?`) },
  { id: 'lookup.possessive', make: (a, n) => `${whIs(a)} ${be(n)} {sp} ${n}?` },
  { id: 'lookup.tell', make: (a, n) => (a.wh === 'who' ? `Do you know who the ${n} of {s} is?` : `Tell me the ${n} of {s}.`) },
  { id: 'lookup.given', make: (a, n) => (a.wh === 'who' ? `Name the ${n} of {s}.` : `What ${n} ${be(n)} given for {s}?`) },
  { id: 'lookup.find', make: (a, n) => (a.wh === 'who' ? `Which person is the ${n} of {s}?` : `Find the ${n} of {s}.`) },
  { id: 'lookup.how-much', make: (a, n) => (a.wh === 'money' ? `How much ${be(n)} the ${n} of {s}?` : null) },
  { id: 'lookup.how-large', make: (a, n) => (a.wh === 'money' || a.wh === 'count' ? `How large ${be(n)} the ${n} of {s}?` : null) },
  { id: 'lookup.when', make: (a) => (a.when ? `When ${a.when.aux} {s} ${a.when.verb}?` : null) },
  { id: 'lookup.on-what-date', make: (a) => (a.when ? `On what date ${a.when.aux} {s} ${a.when.verb}?` : null) },
  { id: 'lookup.how-many', make: (a) => (a.count ? `How many ${a.count.noun} ${a.count.aux} {s} ${a.count.verb}${a.count.tail}?` : null) },
];

export type Extreme = 'highest' | 'lowest' | 'earliest' | 'latest';
const FIRST: Record<Extreme, string> = { earliest: 'first', latest: 'last', highest: '', lowest: '' };

/** Which of named candidates {cands} ("A, B or C") has the extreme; {sup} is the superlative. */
export const WHICH_FRAMES: AttrFrame[] = [
  { id: 'which.of', make: (_a, n) => `Which of {cands} has the {sup} ${n}?` },
  { id: 'which.of-which', make: (_a, n) => `Of {cands}, which has the {sup} ${n}?` },
  { id: 'which.among', make: (_a, n) => `Among {cands}, which one has the {sup} ${n}?` },
  { id: 'which.colon', make: (_a, n) => `Which has the {sup} ${n}: {cands}?` },
  { id: 'which.comes-out', make: (_a, n) => `Comparing {cands}, which comes out with the {sup} ${n}?` },
  { id: 'which.first', make: (a) => (a.when && !a.when.clause.startsWith('first ') ? `Which of {cands} ${a.when.clause} {first}?` : null) },
];

/** The extreme value itself over named candidates {cands} ("A, B and C"). */
export const VALUE_FRAMES: AttrFrame[] = [
  { id: 'value.among', make: (_a, n) => `What ${be(n)} the {sup} ${n} among {cands}?` },
  { id: 'value.of', make: (_a, n) => `Of {cands}, what ${be(n)} the {sup} ${n}?` },
  { id: 'value.across', make: (_a, n) => `Across {cands}, what ${be(n)} the {sup} ${n}?` },
  { id: 'value.together', make: (_a, n) => `Taking {cands} together, what ${be(n)} the {sup} ${n}?` },
  { id: 'value.record', make: (_a, n) => `Looking at {cands}, what ${be(n)} the {sup} ${n} on record?` },
  { id: 'value.when-first', make: (a) => (a.when && !a.when.verb.startsWith('first ') ? `When ${a.when.aux} the {first} of {cands} ${a.when.verb}?` : null) },
];

/** A total over the rows of one parent: {rows} the rows' plural and scope ("quarterly results whose company is X", "phone models made by X"). */
export const TOTAL_FRAMES: AttrFrame[] = [
  { id: 'total.combined', make: (_a, n) => `What ${be(bare(n))} the combined ${bare(n)} of all {rows}?` },
  { id: 'total.adding', make: (_a, n) => `Adding up all {rows}, what ${be(bare(n))} the total ${bare(n)}?` },
  { id: 'total.sum', make: (_a, n) => `What is the sum of the ${bare(n)} across the {rows}?` },
  { id: 'total.summed', make: (_a, n) => `Summed over every one of the {rows}, what ${does(bare(n))} the ${bare(n)} come to?` },
  { id: 'total.how-much', make: (a, n) => (a.wh === 'money' && MONEY_FLOW.test(n) ? `How much ${bare(n)} do the {rows} add up to?` : null) },
  { id: 'total.altogether', make: (_a, n) => `Altogether, what ${be(bare(n))} the ${bare(n)} of the {rows}?` },
];

/** Every row of a table (or of one parent) with some attributes: {entity}/{plural} with any scope after it ("phone models made by X"), {attrs}. */
export const TABLE_FRAMES = [
  'List every {entity} with {its} {attrs}.',
  'Make a table of all {plural}, giving the {attrs} of each.',
  'For each {entity}, give {its} {attrs}.',
  'Name all {plural} and give the {attrs} of each.',
  'Compile the {attrs} of every {entity}.',
].map((t) => frame(t));
const TABLE_TAIL = ' Answer with a Markdown table with columns ';

/** Money nouns that add up ("revenue", "budget"), unlike prices. */
const MONEY_FLOW = /revenue|income|budget|bill|gross|sales|cost/;

/** "total payload mass" or "combined harvest" → "payload mass", "harvest" where a frame says "total" or "combined" itself. */
function bare(noun: string): string {
  return noun.replace(/^(?:total|combined|cumulative) /, '');
}

// ---- scope: a child's link to a named parent ----

/** The participle clause of a link ("made by {v}" from "is made by {v}"), when its lexicon has one. */
export function linkParticiple(a: Attr): string | null {
  const m = /^(?:is|was) ((?:\w+ed|made|run|owned|known|led|held|given|built) (?:by|for|of|in) \{v\})$/.exec(a.column.say?.verb ?? '');
  return m ? m[1]! : null;
}

/** Ways to say "linked to parent P by `fk`": "whose maker is P", "made by P". */
export function scopePhrases(fk: Attr, noun: string, parent: string): string[] {
  const out = [`whose ${noun} is ${parent}`];
  const p = linkParticiple(fk);
  if (p) out.push(p.replace('{v}', parent));
  return out;
}

/** Reads a scope phrase of a table's rows back into (link label, parent name) readings. */
export function readScope(text: string, tables: TableDef[]): { link: string; parent: string }[] {
  const out: { link: string; parent: string }[] = [];
  for (const a of allAttrs()) {
    if (a.column.type !== 'entity' || !tables.includes(a.table)) continue;
    for (const n of a.nouns) if (text.startsWith(`whose ${n} is `)) out.push({ link: a.label, parent: text.slice(`whose ${n} is `.length) });
    const p = linkParticiple(a);
    if (p) {
      const head = p.replace('{v}', '');
      if (text.startsWith(head)) out.push({ link: a.label, parent: text.slice(head.length) });
    }
  }
  return dedupe(out);
}

const dedupe = <T>(xs: T[]) => [...new Map(xs.map((x) => [JSON.stringify(x), x])).values()];

// ---- rendering ----

/** A rendered question and the frame it came from. */
export interface Rendered {
  question: string;
  frameId: string;
}

function pickFrame(rng: Rng, frames: AttrFrame[], a: Attr, noun: string): { id: string; template: string } | null {
  const fits = frames.flatMap((f) => {
    const t = f.make(a, noun);
    return t ? [{ id: f.id, template: t }] : [];
  });
  return fits.length > 0 ? rng.pick(fits) : null;
}

/** The noun a chain's attribute or link is said by: unique where possible, else the preferred one (the reader keeps every reading). */
export const chainNoun = (a: Attr) => uniqueNoun(a) ?? a.nouns[0]!;

/** "What is the home city of the maker of X?": `links` from the start outwards. */
export function renderChain(rng: Rng, target: Attr, links: Attr[], start: string): Rendered {
  let subject = start;
  for (const l of links) subject = `the ${chainNoun(l)} of ${subject}`;
  const frames = links.length > 0 ? LOOKUP_FRAMES.filter((f) => f.id !== 'lookup.possessive') : LOOKUP_FRAMES;
  const f = pickFrame(rng, frames, target, chainNoun(target))!;
  return { question: frame(f.template).render({ s: subject, sp: possessive(subject) }), frameId: f.id };
}

/** "Which of A, B or C has the highest launch price?" / "What is the highest launch price among A, B and C?" */
export function renderExtreme(rng: Rng, a: Attr, extreme: Extreme, names: string[], ask: 'which' | 'value'): Rendered | null {
  const noun = uniqueNoun(a);
  if (!noun) return null;
  const f = pickFrame(rng, ask === 'which' ? WHICH_FRAMES : VALUE_FRAMES, a, noun)!;
  const cands = joinList(names, ask === 'which' || f.id === 'value.when-first' ? 'or' : 'and');
  return { question: frame(f.template).render({ cands, sup: extreme, first: FIRST[extreme] }), frameId: f.id };
}

/** "What is the combined segment revenue of all business segments whose parent company is X?" */
export function renderTotal(rng: Rng, m: Attr, fk: Attr, parent: string): Rendered | null {
  const noun = uniqueNoun(m, m.table.entity);
  const link = uniqueNoun(fk, fk.table.entity);
  if (!noun || !link) return null;
  const f = pickFrame(rng, TOTAL_FRAMES, m, noun)!;
  return { question: frame(f.template).render({ rows: `${m.table.plural} ${rng.pick(scopePhrases(fk, link, parent))}` }), frameId: f.id };
}

/** A table question with its columns: the entity, then each attribute's noun. */
export function renderTable(rng: Rng, table: TableDef, attrs: Attr[], scope: { fk: Attr; parent: string } | null): (Rendered & { columns: string[] }) | null {
  const nouns = attrs.map((a) => uniqueNoun(a, table.entity));
  if (nouns.some((n) => n === undefined)) return null;
  let scopeText = '';
  if (scope) {
    const link = uniqueNoun(scope.fk, table.entity);
    if (!link) return null;
    scopeText = ` ${rng.pick(scopePhrases(scope.fk, link, scope.parent))}`;
  }
  const columns = [cap(table.entity), ...nouns.map((n) => cap(n!))];
  const i = rng.int(0, TABLE_FRAMES.length - 1);
  const its = table.naming?.kind === 'person' ? 'their' : 'its';
  const body = TABLE_FRAMES[i]!.render({
    its,
    entity: `${table.entity}${scopeText}`,
    plural: `${table.plural}${scopeText}`,
    attrs: joinList(nouns as string[], 'and'),
  });
  return { question: `${body}${TABLE_TAIL}${columns.join(', ')}.`, frameId: `table.${i}`, columns };
}

// ---- reading ----

export interface Chain {
  subject: string;
  links: string[];
  label: string;
}

export type EasyReading =
  | { kind: 'chain'; readings: Chain[] }
  | { kind: 'extreme'; candidates: string[]; extreme: Extreme; label: string; ask: 'which' | 'value' }
  | { kind: 'total'; label: string; plural: string; link: string; parent: string }
  | { kind: 'table'; entity: string; scope: { link: string; parent: string } | null; labels: string[]; columns: string[] };

/** Every (attribute, noun, template) of `frames` whose noun (or verb words) the question contains. */
function* candidates(frames: AttrFrame[], q: string, attrs: Attr[] = allAttrs()) {
  for (const a of attrs)
    for (const n of a.nouns) {
      if (!q.includes(bare(n)) && !(a.when && (q.includes(a.when.verb) || q.includes(a.when.clause))) && !(a.count && q.includes(a.count.noun))) continue;
      for (const f of frames) {
        const t = f.make(a, n);
        if (t) yield { a, n, f, template: t };
      }
    }
}

/** "the maker of the brand of X" → every (links, start) split, links read from the start outwards as labels. */
export function readPath(text: string): { links: string[]; subject: string }[] {
  const out: { links: string[]; subject: string; exact: boolean }[] = [{ links: [], subject: text, exact: true }];
  if (!text.startsWith('the ')) return out;
  for (const a of allAttrs()) {
    if (a.column.type !== 'entity') continue;
    for (const n of a.nouns) {
      const head = `the ${n} of `;
      if (!text.startsWith(head)) continue;
      for (const rest of readPath(text.slice(head.length))) out.push({ links: [...rest.links, a.label], subject: rest.subject, exact: a.label === n });
    }
  }
  // A link said by its own label ("the parent company of") before one said by another's noun.
  return dedupe(out.sort((x, y) => Number(y.exact) - Number(x.exact)).map(({ links, subject }) => ({ links, subject })));
}

/** "phone models made by X" → the tables called "phone models" and the rest ("made by X"); the longest noun wins. */
export function splitNoun(text: string): { tables: TableDef[]; rest: string } | null {
  const words = text.split(' ');
  for (let k = words.length; k >= 1; k--) {
    const tables = tablesOfNoun(words.slice(0, k).join(' '));
    if (tables.length > 0) return { tables, rest: words.slice(k).join(' ') };
  }
  return null;
}

const EXTREMES: Extreme[] = ['highest', 'lowest', 'earliest', 'latest'];

export function readEasy(kind: TaskKind, question: string, columns: readonly string[]): EasyReading | null {
  const q = question.trim();
  switch (kind) {
    case 'lookup':
    case 'multi_hop': {
      const readings: Chain[] = [];
      for (const c of candidates(LOOKUP_FRAMES, q)) {
        const m = frame(c.template).match(q);
        if (!m) continue;
        if (m.sp !== undefined) {
          readings.push({ subject: unpossessive(m.sp), links: [], label: c.a.label });
          continue;
        }
        for (const p of readPath(m.s!)) readings.push({ subject: p.subject, links: p.links, label: c.a.label });
      }
      if (readings.length === 0) return null;
      // A multi-hop question follows links: readings with links first; a lookup's, without.
      const rank = (c: Chain) => (kind === 'multi_hop' ? (c.links.length > 0 ? 0 : 1) : c.links.length > 0 ? 1 : 0);
      const sorted = dedupe(readings).sort((x, y) => rank(x) - rank(y) || y.links.length - x.links.length);
      return { kind: 'chain', readings: sorted };
    }
    case 'comparison':
    case 'temporal': {
      // The most literal frame first: "was launched first" before "launched first".
      for (const [ask, frames] of [
        ['which', WHICH_FRAMES],
        ['value', VALUE_FRAMES],
      ] as const)
        for (const c of [...candidates(frames, q)].sort((x, y) => y.template.length - x.template.length)) {
          for (const extreme of EXTREMES) {
            const t = frame(c.template);
            const m = t.match(q);
            if (!m) continue;
            if (t.slots.includes('sup') && m.sup !== extreme) continue;
            if (t.slots.includes('first') && m.first !== FIRST[extreme]) continue;
            if (labelsOfNoun(c.n).length !== 1 && !c.f.id.endsWith('first')) continue;
            const or = ask === 'which' || c.f.id === 'value.when-first';
            return { kind: 'extreme', candidates: splitList(m.cands!, or ? 'or' : 'and'), extreme, label: c.a.label, ask };
          }
        }
      return null;
    }
    case 'aggregation': {
      for (const c of candidates(TOTAL_FRAMES, q)) {
        const m = frame(c.template).match(q);
        const head = m ? splitNoun(m.rows!) : null;
        if (!head?.tables.includes(c.a.table)) continue;
        if (labelsOfNoun(c.n, c.a.table.entity).length !== 1) continue;
        const scope = readScope(head.rest, [c.a.table]);
        if (scope.length === 0) continue;
        return { kind: 'total', label: c.a.label, plural: c.a.table.plural, link: scope[0]!.link, parent: scope[0]!.parent };
      }
      return null;
    }
    case 'wide_table': {
      const at = q.indexOf(TABLE_TAIL);
      if (at < 0) return null;
      const body = q.slice(0, at);
      const cols =
        columns.length > 0
          ? [...columns]
          : q
              .slice(at + TABLE_TAIL.length)
              .replace(/\.$/, '')
              .split(', ');
      for (const f of TABLE_FRAMES) {
        const m = f.match(body);
        if (!m) continue;
        const head = splitNoun(m.entity ?? m.plural!);
        if (!head) continue;
        const entity = head.tables[0]!.entity;
        const labels = splitList(m.attrs!, 'and').map((n) => labelsOfNoun(n, entity)[0]);
        if (labels.some((l) => l === undefined)) continue;
        let scope: { link: string; parent: string } | null = null;
        if (head.rest !== '') {
          const s = readScope(head.rest, head.tables);
          if (s.length === 0) continue;
          scope = s[0]!;
        }
        return { kind: 'table', entity, scope, labels: labels as string[], columns: cols };
      }
      return null;
    }
    default:
      return null;
  }
}
