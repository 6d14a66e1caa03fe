/**
 * The condition language every family uses: a Condition or a Described entity (families/reading.ts)
 * rendered as English clauses, and read back from them. One mechanism, both ways; a test renders every
 * kind of condition over every theme and reads it back to the same value.
 *
 * API (stable):
 *   renderCondition(w, c)          → "whose launch price is between $400 and $600"
 *   renderClauses(w, conds)        → "whose … , whose … and whose maker is a brand whose …"
 *   renderDescribed(w, d)          → "phone model whose …" (the kind noun, then the clauses; add your article)
 *   readClauses(w, text)           → Condition[] | null   (the inverse of renderClauses, for a known table)
 *   readDescribed(text, theme?)    → { words, described } | null  (the inverse of renderDescribed; tries
 *                                    every table of `theme`, or of every registered theme)
 *   conditionValues(w, c)          → the intervals a condition's written values denote (for evaluators)
 * `w` is a table's question vocabulary (labels.ts: tableWords(theme, table)). Conditions carry labels
 * (ColumnDef.label) and values as written (values.ts writes and reads them).
 *
 * The English, per op (q = the attribute as a question names it; dates read "falls"/"after"/"before"):
 *   between       whose {q} is between {lo} and {hi}   ·  whose {q} falls in {year}  ·  whose {q} falls between {lo} and {hi}
 *   above/below   whose {q} is more/less than {v}      ·  whose {q} is after/before {v}
 *   is            whose {q} is {v}
 *   rank          whose {q} is the third-highest of all {plural}   (dates: latest/earliest)
 *   within_years  whose {q} is within two years of the {other q} of its {link q}
 *   via           whose {link q} is a {kind} {clauses of the linked entity}   (… is one whose …, when the link is named as its kind)
 * Clauses join as "a, b and c". A Described has at most one `via` and it comes last (its clauses run
 * to the end of the phrase, which is how a reader attaches them).
 */
import type { ThemeDef } from '../../themes/_define.js';
import type { Condition, Described } from '../families/reading.js';
import { allTableWords, byLabel, refWords, type ColumnWords, type TableWords } from './labels.js';
import { joinClauses, ordinalPrefix, readOrdinalPrefix, readYears, withArticle, yearsText } from './ordinals.js';
import { type Interval, readDate, readNumber } from './values.js';

const isDate = (c: ColumnWords) => c.col.type === 'date';
const isNumber = (c: ColumnWords) => c.col.type === 'integer' || c.col.type === 'real';

function superlative(c: ColumnWords, order: 'highest' | 'lowest'): string {
  if (isDate(c)) return order === 'highest' ? 'latest' : 'earliest';
  return order;
}

/** Throws unless the conditions are in the order the language needs (at most one via, last). */
function checkOrder(w: TableWords, conds: readonly Condition[]): void {
  if (conds.length === 0) throw new Error(`no conditions on ${w.kind}`);
  const vias = conds.filter((c) => c.op === 'via').length;
  if (vias > 1 || (vias === 1 && conds[conds.length - 1]!.op !== 'via')) throw new Error(`conditions on ${w.kind}: at most one via, and it comes last`);
}

export function renderCondition(w: TableWords, c: Condition): string {
  if (c.op === 'via') {
    const link = byLabel(w, c.link);
    const rw = refWords(w, link);
    // "whose launch vehicle is one whose …", not "… is a launch vehicle whose …".
    return `whose ${link.q} is ${link.q === rw.kind ? 'one' : withArticle(rw.kind)} ${renderClauses(rw, c.target.conditions)}`;
  }
  const col = byLabel(w, c.label);
  const head = `whose ${col.q}`;
  switch (c.op) {
    case 'between':
      if (isDate(col)) return c.lo === c.hi ? `${head} falls in ${c.lo}` : `${head} falls between ${c.lo} and ${c.hi}`;
      return `${head} is between ${c.lo} and ${c.hi}`;
    case 'above':
      return `${head} is ${isDate(col) ? 'after' : 'more than'} ${c.value}`;
    case 'below':
      return `${head} is ${isDate(col) ? 'before' : 'less than'} ${c.value}`;
    case 'is':
      return `${head} is ${c.value}`;
    case 'rank':
      return `${head} is the ${ordinalPrefix(c.n)}${superlative(col, c.order)} of all ${w.plural}`;
    case 'within_years': {
      const link = byLabel(w, c.link);
      const other = byLabel(refWords(w, link), c.otherLabel);
      return `${head} is within ${yearsText(c.years)} of the ${other.q} of its ${link.q}`;
    }
  }
}

export function renderClauses(w: TableWords, conds: readonly Condition[]): string {
  checkOrder(w, conds);
  return joinClauses(conds.map((c) => renderCondition(w, c)));
}

export function renderDescribed(w: TableWords, d: Described): string {
  if (d.kind !== w.kind) throw new Error(`described ${d.kind} is not a ${w.kind}`);
  return `${w.kind} ${renderClauses(w, d.conditions)}`;
}

const SEPARATORS = [', whose ', ' and whose '];

/** Every way to cut "X and Y" at " and " (values may not contain it, but try each cut). */
function andSplits(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (let i = text.indexOf(' and '); i !== -1; i = text.indexOf(' and ', i + 1)) out.push([text.slice(0, i), text.slice(i + 5)]);
  return out;
}

const validDate = (s: string) => readDate(s) !== null;

function readBody(w: TableWords, col: ColumnWords, body: string): Condition | null {
  const label = col.label;
  const validNum = (s: string) => readNumber(s, col) !== null;
  let m: RegExpExecArray | null;
  if ((m = /^is the ([a-z]+-)?(highest|lowest|latest|earliest) of all (.+)$/.exec(body)) && m[3] === w.plural && (isDate(col) || isNumber(col))) {
    const n = readOrdinalPrefix(m[1] ?? '');
    const word = m[2]!;
    if (n === null || isDate(col) !== (word === 'latest' || word === 'earliest')) return null;
    return { op: 'rank', label, n, order: word === 'highest' || word === 'latest' ? 'highest' : 'lowest' };
  }
  if ((m = /^is within (.+?) of the (.+) of its (.+)$/.exec(body)) && isDate(col)) {
    const years = readYears(m[1]!);
    const link = w.columns.find((c) => c.col.type === 'entity' && c.q === m![3]);
    if (years === null || !link) return null;
    const other = refWords(w, link).columns.find((c) => isDate(c) && c.q === m![2]);
    return other ? { op: 'within_years', label, years, link: link.label, otherLabel: other.label } : null;
  }
  if (isDate(col)) {
    if ((m = /^falls in (.+)$/.exec(body)) && validDate(m[1]!)) return { op: 'between', label, lo: m[1]!, hi: m[1]! };
    if ((m = /^falls between (.+)$/.exec(body)))
      for (const [lo, hi] of andSplits(m[1]!)) if (validDate(lo) && validDate(hi)) return { op: 'between', label, lo, hi };
    if ((m = /^is (after|before) (.+)$/.exec(body)) && validDate(m[2]!)) return { op: m[1] === 'after' ? 'above' : 'below', label, value: m[2]! };
    return null;
  }
  if (isNumber(col)) {
    if ((m = /^is between (.+)$/.exec(body)))
      for (const [lo, hi] of andSplits(m[1]!)) if (validNum(lo) && validNum(hi)) return { op: 'between', label, lo, hi };
    if ((m = /^is (more|less) than (.+)$/.exec(body)) && validNum(m[2]!)) return { op: m[1] === 'more' ? 'above' : 'below', label, value: m[2]! };
    return null;
  }
  if ((m = /^is (.+)$/.exec(body))) return { op: 'is', label, value: m[1]! };
  return null;
}

/** Reads clauses rendered by renderClauses for a known table; null when the text is not such clauses. */
export function readClauses(w: TableWords, text: string): Condition[] | null {
  if (!text.startsWith('whose ')) return null;
  const body = text.slice('whose '.length);
  const cols = [...w.columns].sort((a, b) => b.q.length - a.q.length);
  for (const col of cols) {
    if (!body.startsWith(`${col.q} `)) continue;
    const after = body.slice(col.q.length + 1);
    if (col.col.type === 'entity') {
      const rw = refWords(w, col);
      const lead = `is ${col.q === rw.kind ? 'one' : withArticle(rw.kind)} `;
      if (after.startsWith(lead)) {
        const target = readClauses(rw, after.slice(lead.length));
        if (target) return [{ op: 'via', link: col.label, target: { kind: rw.kind, conditions: target } }];
      }
    }
    const cuts = SEPARATORS.map((s) => [after.indexOf(s), s.length - 'whose '.length] as const).filter(([i]) => i >= 0);
    const cut = cuts.sort((a, b) => a[0] - b[0])[0];
    const cond = readBody(w, col, cut ? after.slice(0, cut[0]) : after);
    if (!cond) continue;
    if (!cut) return [cond];
    const rest = readClauses(w, after.slice(cut[0] + cut[1]));
    if (rest) return [cond, ...rest];
  }
  return null;
}

/** Reads "{kind} {clauses}" against every table of `theme` (or of every theme); the longest kind noun that parses wins. */
export function readDescribed(text: string, theme?: ThemeDef): { words: TableWords; described: Described } | null {
  const tables = allTableWords(theme)
    .filter((w) => text.startsWith(`${w.kind} `))
    .sort((a, b) => b.kind.length - a.kind.length);
  for (const w of tables) {
    const conds = readClauses(w, text.slice(w.kind.length + 1));
    if (conds) return { words: w, described: { kind: w.kind, conditions: conds } };
  }
  return null;
}

/** The intervals a condition's written values denote: [lo, hi] for between; the value's own interval for above/below. */
const valuesCache = new WeakMap<Condition, { lo?: Interval; hi?: Interval; value?: Interval }>();

export function conditionValues(w: TableWords, c: Condition): { lo?: Interval; hi?: Interval; value?: Interval } {
  let hit = valuesCache.get(c);
  if (!hit) valuesCache.set(c, (hit = parseValues(w, c)));
  return hit;
}

function parseValues(w: TableWords, c: Condition): { lo?: Interval; hi?: Interval; value?: Interval } {
  if (c.op !== 'between' && c.op !== 'above' && c.op !== 'below') return {};
  const col = byLabel(w, c.label);
  const read = (s: string): Interval => {
    const v = isDate(col) ? readDate(s) : ((n) => (n === null ? null : { lo: n, hi: n }))(readNumber(s, col));
    if (!v) throw new Error(`"${s}" is no value of ${w.kind} ${col.label}`);
    return v;
  };
  return c.op === 'between' ? { lo: read(c.lo), hi: read(c.hi) } : { value: read(c.value) };
}
