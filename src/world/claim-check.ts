/**
 * The rules a claim (format v2) must keep, checked against its passage, its page and the world's other
 * pages. A claim names its subject and states its value in a form a careful reader can recognise:
 *
 * Subject (every form):
 * - `name`: the passage contains the subject's name;
 * - `short`, `pronoun`, `description`: the passage contains `subject_text` as whole words, and every
 *   part of the subject's name (a composite "Zentria X9, Q2 2029" has two) appears on the page at or
 *   before this passage (the title counts): a reference has its antecedent;
 * - `none` (a table row): every part of the subject's name appears in the page's title, in the heading
 *   the passage sits under, or in the passage itself.
 *
 * Value, by form:
 * - `exact`, `corrected`, `scheduled`: `stated` appears in the passage and contains an exact rendering
 *   of the value (formatting may vary, digits may not); `corrected` follows an `erroneous` claim for the
 *   fact on the same page; `scheduled` is written in the future ("is due to", "will", "expected"…);
 * - `rounded`: `stated` appears in the passage, is marked as approximate (a hedge such as "about" in it
 *   or just before it, or a scale word such as "million") and is a rounding of the value: within half a
 *   unit of its last kept digit ("about 1.2 million" for 1,213,400: 1,200,000 ± 50,000; trailing zeros
 *   of a whole number are not kept digits, so "about 1,200" is 1,200 ± 50); a date rounds to the month,
 *   quarter, half or year that contains it ("in March 2029", "Q1 2029", "2029");
 * - `preliminary`: `stated` appears in the passage, the passage marks it ("preliminary", "estimated",
 *   "early figures"…), its page is dated, and a page dated later states the value exactly;
 * - `erroneous`: `stated` appears in the passage, is not the value, and the same or a later passage of
 *   the page corrects it (a `corrected` claim for the fact).
 * Returned strings are problems (empty: the claim holds).
 */
import { dayFromIso, MONTHS } from '../format.js';
import { fold as foldText } from '../text/fold.js';
import { findNumbers, negativeAt } from '../text/numbers.js';
import { exactValueForms, findValue } from './claims.js';
import { periodEnd } from './fact-time.js';
import type { Claim, Document, Fact, Passage, WorldData } from './types.js';

const fold = (s: string) => s.toLowerCase();
const WORD_CHAR = /^[\p{L}\p{N}]$/u;

/** Is the code point at `i` (or, backwards, the one ending just before `i`) a letter or a digit? */
function wordAt(text: string, i: number): boolean {
  const cp = text.codePointAt(i);
  return cp !== undefined && WORD_CHAR.test(String.fromCodePoint(cp));
}
function wordBefore(text: string, i: number): boolean {
  if (i <= 0) return false;
  const low = text.charCodeAt(i - 1);
  const pair = i >= 2 && low >= 0xdc00 && low <= 0xdfff && (text.charCodeAt(i - 2) & 0xfc00) === 0xd800;
  return wordAt(text, pair ? i - 2 : i - 1);
}

/**
 * Does `text` contain `words` as whole words (both folded): an occurrence with no letter or digit just
 * before or after it? (A scan of its occurrences, not a lookbehind regex: this runs for every claim.)
 */
export function hasWords(text: string, words: string): boolean {
  if (words.trim() === '') return false;
  for (let i = text.indexOf(words); i >= 0; i = text.indexOf(words, i + 1)) if (!wordBefore(text, i) && !wordAt(text, i + words.length)) return true;
  return false;
}

/** A page's title and passages, folded once per page (the subject rule reads them for every claim). */
const foldedPage = new WeakMap<Document, { title: string; passages: { ord: number; text: string }[] }>();
function folded(doc: Document) {
  let f = foldedPage.get(doc);
  if (!f) {
    f = { title: fold(doc.title), passages: doc.passages.map((q) => ({ ord: q.ord, text: fold(q.text) })) };
    foldedPage.set(doc, f);
  }
  return f;
}

/** The parts of a subject's name: "Zentria X9, Q2 2029" → ["zentria x9", "q2 2029"]. */
function nameParts(subject: string): string[] {
  return fold(subject)
    .split(', ')
    .map((s) => s.trim())
    .filter(Boolean);
}

const HEDGES = [
  'about',
  'around',
  'roughly',
  'approximately',
  'approx.',
  'nearly',
  'almost',
  'some',
  'close to',
  'more than',
  'over',
  'under',
  'just over',
  'just under',
  'upwards of',
  'an estimated',
  'circa',
  'c.',
  '~',
];
const PRELIMINARY_MARKS = [
  'preliminary',
  'estimated',
  'estimate',
  'estimates',
  'early figures',
  'early count',
  'early results',
  'first figures',
  'initial',
  'provisional',
  'unofficial',
  'projected',
  'forecast',
  'partial',
];
const FUTURE_MARKS = [
  'will',
  'scheduled',
  'expected',
  'expects',
  'due',
  'planned',
  'plans',
  'set to',
  'set for',
  'slated',
  'upcoming',
  'rumored',
  'rumoured',
  'is to',
  'are to',
  'anticipated',
  'forthcoming',
  'penciled',
  'pencilled',
  'targeted',
  'targeting',
  'aims to',
  'intends to',
];

const hedged = (text: string) => HEDGES.some((h) => (/\w$/.test(h) ? hasWords(text, h) : text.includes(h)));

/**
 * A number as written ("1.2 million", "$1,200", "12%", "1.2亿"), read by the one reader of numbers, and
 * the unit of its last kept digit; `scaled` when it is written with a scale word ("million", "k", "万").
 * Null if none.
 */
export function writtenNumber(stated: string): { value: number; unit: number; scaled: boolean } | null {
  const folded = foldText(stated);
  // The first number, read whole (a number written in parts, "1亿2000万", is one mention wider than its
  // parts); digits before number words, which are prose beside them ("one of the best").
  const all = findNumbers(folded);
  const m = all.find((x) => /\d/.test(x.text)) ?? all[0];
  const r = m?.readings[0];
  if (!m || !r) return null;
  const value = (negativeAt(folded, m.start) ? -1 : 1) * r.value;
  return { value: value === 0 ? 0 : value, unit: r.precision, scaled: /\p{L}/u.test(m.text) };
}

/** Is `stated` a rounding of the number `exact`: within half a unit of its last kept digit? */
export function roundsNumber(stated: string, exact: number): boolean {
  const w = writtenNumber(stated);
  // (a relative epsilon: 1.2 × 10^6 and friends are not exact in binary.)
  return w !== null && Math.abs(w.value - exact) <= w.unit / 2 + Math.abs(exact) * 1e-12;
}

/** The first and last day of a month, quarter, half or year written in `stated` ("March 2029", "Q1 2029", "H2 2029", "2029"), or null. */
function writtenPeriod(stated: string): [string, string] | null {
  const s = fold(stated);
  const month = new RegExp(`\\b(${MONTHS.map(fold).join('|')}) (\\d{4})\\b`).exec(s);
  const quarter = /\bq([1-4]) (\d{4})\b/.exec(s);
  const half = /\bh([12]) (\d{4})\b/.exec(s);
  const year = /\b(\d{4})\b/.exec(s);
  const first = (y: string, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
  let start: string;
  let label: string;
  if (month) {
    start = first(month[2]!, MONTHS.map(fold).indexOf(month[1]!) + 1);
    label = `${MONTHS[MONTHS.map(fold).indexOf(month[1]!)]} ${month[2]}`;
  } else if (quarter) {
    start = first(quarter[2]!, (Number(quarter[1]) - 1) * 3 + 1);
    label = `Q${quarter[1]} ${quarter[2]}`;
  } else if (half) {
    start = first(half[2]!, (Number(half[1]) - 1) * 6 + 1);
    label = `H${half[1]} ${half[2]}`;
  } else if (year) {
    start = `${year[1]}-01-01`;
    label = year[1]!;
  } else return null;
  const end = periodEnd(label);
  return end ? [start, end] : null;
}

/** Is `stated` a rounding of the ISO date `exact`: a month, quarter, half or year containing it? */
export function roundsDate(stated: string, exact: string): boolean {
  const p = writtenPeriod(stated);
  return p !== null && dayFromIso(p[0]) <= dayFromIso(exact) && dayFromIso(exact) <= dayFromIso(p[1]);
}

/** The Markdown heading line the passage's text sits under in the body, folded ('' if none or not found). */
function headingAbove(d: Document, p: Passage): string {
  const body = fold(d.body.replace(/\*\*/g, ''));
  const at = body.indexOf(fold(p.text));
  if (at < 0) return '';
  const lines = body.slice(0, at).split('\n');
  for (let i = lines.length - 1; i >= 0; i--) if (/^#{1,6} /.test(lines[i]!)) return lines[i]!;
  return '';
}

export interface ClaimContext {
  data: WorldData;
  doc: Document;
  passage: Passage;
  /** The passage's text, case-folded. */
  text: string;
  /** Every claim of the world with its page and passage, by fact id (for preliminary and corrected rules). */
  byFact: ReadonlyMap<number, { doc: Document; passage: Passage; claim: Claim }[]>;
}

function subjectProblem(ctx: ClaimContext, c: Claim, f: Fact): string | null {
  const { doc, passage, text } = ctx;
  switch (c.subjectForm) {
    case 'name':
      return text.includes(fold(f.subject)) ? null : `does not name ${f.subject}`;
    case 'short':
    case 'pronoun':
    case 'description': {
      if (!hasWords(text, fold(c.subjectText))) return `refers to ${f.subject} as "${c.subjectText}", which the passage does not contain`;
      const page = folded(doc);
      const named = (x: string) => page.title.includes(x) || page.passages.some((q) => q.ord <= passage.ord && q.text.includes(x));
      return nameParts(f.subject).every(named) ? null : `refers to ${f.subject} as "${c.subjectText}" before the page names it`;
    }
    case 'none': {
      const around = [doc.title, headingAbove(doc, passage), text].map(fold).join('\n');
      return nameParts(f.subject).every((x) => around.includes(x)) ? null : `leaves ${f.subject} unnamed on a page whose title and heading do not name it`;
    }
    default:
      return `has an unknown subject_form ${JSON.stringify(c.subjectForm)}`;
  }
}

function containsExact(ctx: ClaimContext, stated: string, f: Fact): boolean {
  return exactValueForms(ctx.data.theme, f).some((x) => findValue(stated, fold(x)) >= 0);
}

function valueProblem(ctx: ClaimContext, c: Claim, f: Fact): string | null {
  const { doc, passage, byFact, text } = ctx;
  const stated = fold(c.stated);
  // (as a whole value: "$429" is not in "$4,290" nor in "$4290")
  const at = findValue(text, stated);
  if (at < 0) return `states "${c.stated}", which the passage does not contain`;
  const others = byFact.get(f.id) ?? [];
  switch (c.form) {
    case 'exact':
    case 'corrected':
    case 'scheduled': {
      if (!containsExact(ctx, stated, f)) return `states "${c.stated}" as ${c.form}, which is not ${f.object} exactly`;
      if (c.form === 'corrected' && !others.some((o) => o.doc === doc && o.passage.ord <= passage.ord && o.claim.form === 'erroneous'))
        return 'is a correction of no erroneous claim before it on the page';
      if (c.form === 'scheduled' && !FUTURE_MARKS.some((m) => hasWords(text, m))) return 'is scheduled, but the passage is not written in the future';
      return null;
    }
    case 'rounded': {
      const marked = hedged(stated) || hedged(text.slice(Math.max(0, at - 24), at)) || writtenNumber(stated)?.scaled === true;
      if (!marked) return `rounds ${f.object} as "${c.stated}" with nothing marking it as approximate`;
      const ok =
        f.objectType === 'integer' || f.objectType === 'real'
          ? roundsNumber(stated, Number(f.object))
          : f.objectType === 'date' && roundsDate(stated, f.object);
      return ok ? null : `states "${c.stated}" as rounded, which is not a rounding of ${f.object}`;
    }
    case 'preliminary': {
      if (!PRELIMINARY_MARKS.some((m) => hasWords(text, m))) return `states "${c.stated}" as preliminary, but the passage does not mark it as such`;
      if (!doc.published) return 'is preliminary on an undated page';
      const later = others.some(
        (o) => o.doc.published !== null && o.doc.published > doc.published! && (o.claim.form === 'exact' || o.claim.form === 'corrected'),
      );
      return later ? null : `is preliminary, but no page dated after ${doc.published} states ${f.object} exactly`;
    }
    case 'erroneous': {
      if (containsExact(ctx, stated, f)) return `states "${c.stated}" as erroneous, but it is the true value`;
      const fixed = others.some((o) => o.doc === doc && o.passage.ord >= passage.ord && o.claim !== c && o.claim.form === 'corrected');
      return fixed ? null : `states the wrong "${c.stated}", and no later passage of the page corrects it`;
    }
    default:
      return `has an unknown form ${JSON.stringify(c.form)}`;
  }
}

/** Every problem of one claim (for a fact that exists), each a phrase to follow "it" ("it states …", "it refers to …"). */
export function claimProblems(ctx: ClaimContext, c: Claim, f: Fact): string[] {
  return [subjectProblem(ctx, c, f), valueProblem(ctx, c, f)].filter((x): x is string => x !== null);
}
