/**
 * The answer surface-form detector: given a task, find its answer in any text, in any common surface
 * form, after Unicode folding. It reports which answer item matched, how (name, alias, exact or
 * rounded number, date, month and year) and whether the leak is full or partial (month and year only).
 *
 * Items: a single-value answer is one item (with the task's aliases); a list answer has one item per
 * cell; a table answer one item per cell of its non-key columns. Items of lists and tables skip short
 * common tokens that would appear in any text: names under 4 letters or in a list of common words,
 * numbers under 100, round numbers with one significant digit, and year-like integers (1900–2100).
 *
 * The same machinery builds a detector for one fact (its subject and its value), which the guard uses
 * for the exemption of forms that a passage shows as part of another, non-answer fact.
 */
import type { Cell, ValueType } from '../themes/_define.js';
import type { Fact, Task } from '../world/types.js';
import { isLetterOrDigit } from '../text.js';
import { findDates, type DateReading } from '../text/dates.js';
import { alnum, fold } from '../text/fold.js';
import { findNumbers, numberMatch, type Span } from '../text/numbers.js';
import { boundedCache } from '../util/bounded-cache.js';

export type ItemKind = 'name' | 'number' | 'date';

export interface AnswerItem {
  index: number;
  /** The item as the answer holds it ("Zentria Mobile", "1234567", "2029-03-04"). */
  text: string;
  kind: ItemKind;
  /** Row and column of the item in the answer (0, 0 for a single value). */
  row: number;
  column: number;
  /** Folded names, the first the item's own, the rest its aliases (kind `name`). */
  names: string[];
  value?: number;
  date?: DateReading;
}

export type MatchHow = 'name' | 'alias' | 'exact' | 'rounded' | 'date' | 'month_year';

export interface Detection extends Span {
  item: number;
  itemText: string;
  kind: ItemKind;
  strength: 'full' | 'partial';
  how: MatchHow;
  /** The matched text, folded; `start`/`end` are offsets into the folded text. */
  form: string;
}

export interface Scan {
  folded: string;
  detections: Detection[];
}

export interface Detector {
  readonly items: readonly AnswerItem[];
  /** Fold `text` and find every answer item in it. */
  scan(text: string): Scan;
  /** The same over text already folded with `fold`. */
  scanFolded(folded: string): Detection[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC = /^-?\d+(?:\.\d+)?$/;

/** Words too common to flag as a list or table item on their own. */
const COMMON_WORDS = new Set([
  'none',
  'null',
  'other',
  'others',
  'unknown',
  'n/a',
  'yes',
  'true',
  'false',
  'male',
  'female',
  'high',
  'low',
  'medium',
  'small',
  'large',
  'north',
  'south',
  'east',
  'west',
  'central',
  'red',
  'blue',
  'green',
  'black',
  'white',
  'gold',
  'silver',
  'gray',
  'grey',
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'active',
  'inactive',
  'open',
  'closed',
  'public',
  'private',
  'first',
  'second',
  'third',
  'last',
  'new',
  'old',
  'main',
  'home',
  'away',
  'draw',
  'free',
  'standard',
  'basic',
  'premium',
]);

export interface ValueSpec {
  value: Cell;
  /** How to read the value; `auto` infers it from the value (number, ISO date, else a name). */
  type: ValueType | 'auto';
  aliases?: string[];
  row?: number;
  column?: number;
}

function kindOf(value: Cell, type: ValueSpec['type']): ItemKind {
  if (type === 'integer' || type === 'real') return 'number';
  if (type === 'date') return 'date';
  if (type === 'text' || type === 'entity') return 'name';
  if (typeof value === 'number') return 'number';
  const s = String(value).trim();
  if (ISO_DATE.test(s)) return 'date';
  if (NUMERIC.test(s)) return 'number';
  return 'name';
}

function itemOf(index: number, spec: ValueSpec): AnswerItem | null {
  if (spec.value === null || spec.value === undefined) return null;
  const text = String(spec.value);
  const kind = kindOf(spec.value, spec.type);
  const base = { index, text, kind, row: spec.row ?? 0, column: spec.column ?? 0 };
  if (kind === 'number') {
    const value = Number(spec.value);
    return Number.isFinite(value) ? { ...base, names: [], value } : null;
  }
  if (kind === 'date') {
    const m = ISO_DATE.exec(text.trim());
    return m ? { ...base, names: [], date: { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) } } : null;
  }
  const names = [text, ...(spec.aliases ?? [])].map(fold).filter((n) => alnum(n).length > 0);
  return names.length > 0 ? { ...base, names: [...new Set(names)] } : null;
}

/** Whether a list or table item is distinctive enough to flag on its own. */
export function distinctive(item: AnswerItem): boolean {
  if (item.kind === 'name') return alnum(item.names[0]!).length >= 4 && !COMMON_WORDS.has(item.names[0]!);
  if (item.kind === 'number') {
    const v = Math.abs(item.value!);
    if (v < 100) return false;
    if (Number.isInteger(v) && v >= 1900 && v <= 2100) return false;
    const digits = String(Math.round(v)).replace(/0+$/, '');
    return !(Number.isInteger(v) && digits.length <= 1);
  }
  return true;
}

/**
 * A name as a pattern: separators between words may vary or vanish (up to 3 characters other than
 * letters, digits and ;:()[]"!?), a word's letters and digits may split (one space, "." or "-"), and
 * the match may not continue a longer word on either side. That is the regular expression
 *
 *   (?<![\p{L}\p{N}])zentria[^\p{L}\p{N};:()\[\]"!?]{0,3}x[\s.-]?9(?![\p{L}\p{N}])
 *
 * matched by hand (nameAt): every part of it is deterministic (each run of letters or digits starts
 * with one, which no separator is), so no backtracking is lost. A regular expression with Unicode
 * property classes costs V8 about a millisecond to compile, and a server meets thousands of names.
 */
interface NamePattern {
  /** Each word's runs of letters or of digits ("x9" → ["x", "9"]). */
  words: string[][];
  /** The name's first run: every match starts with it, so a text without it cannot match. */
  first: string;
}

function namePattern(folded: string): NamePattern {
  const words = folded
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.match(/\p{L}+|\p{N}+/gu) ?? []);
  return { words, first: words[0]?.[0] ?? '' };
}

const SPACE = /^\s$/;
/** Characters that never separate the words of a name. */
const NOT_SEPARATOR = new Set(';:()[]"!?');

/** The code point starting at `i`, or -1 past the end. */
const codePointAt = (s: string, i: number): number => (i < s.length ? s.codePointAt(i)! : -1);

/** The code point ending at `i`, or -1 at the start. */
function codePointBefore(s: string, i: number): number {
  if (i <= 0) return -1;
  const low = s.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = s.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return s.codePointAt(i - 2)!;
  }
  return low;
}

/** Where a match of `p` starting at `i` ends, or -1. */
function nameAt(p: NamePattern, s: string, i: number): number {
  const before = codePointBefore(s, i);
  if (before >= 0 && isLetterOrDigit(before)) return -1;
  let pos = i;
  for (let w = 0; w < p.words.length; w++) {
    const runs = p.words[w]!;
    for (let r = 0; r < runs.length; r++) {
      if (r > 0) {
        const c = s.charCodeAt(pos);
        if (c === 46 || c === 45 || c === 32 || ((c < 32 || c > 127) && pos < s.length && SPACE.test(s[pos]!))) pos++;
      } else if (w > 0) {
        for (let n = 0; n < 3; n++) {
          const cp = codePointAt(s, pos);
          if (cp < 0 || isLetterOrDigit(cp) || NOT_SEPARATOR.has(s[pos]!)) break;
          pos += cp > 0xffff ? 2 : 1;
        }
      }
      if (!s.startsWith(runs[r]!, pos)) return -1;
      pos += runs[r]!.length;
    }
  }
  const after = codePointAt(s, pos);
  return after >= 0 && isLetterOrDigit(after) ? -1 : pos;
}

/**
 * Every match of a name in `folded`, left to right and not overlapping: tried only where its first
 * run of letters or digits occurs (most texts a guard checks name the answer's entity once or not at all).
 */
function nameMatches(p: NamePattern, folded: string): Span[] {
  const out: Span[] = [];
  if (p.first === '') return out;
  let i = folded.indexOf(p.first);
  while (i !== -1) {
    const end = nameAt(p, folded, i);
    if (end > i) out.push({ start: i, end });
    i = folded.indexOf(p.first, end > i ? end : i + 1);
  }
  return out;
}

interface Parsed {
  dates: ReturnType<typeof findDates>;
  /** Read on first need: a detector with dates and no numbers (a date answer) never reads them. */
  numbers?: ReturnType<typeof findNumbers>;
}

/** Dates and numbers of recently scanned texts: every detector over the same text shares one parse. */
const parsedCache = boundedCache<string, Parsed>(4096);

function parse(folded: string): Parsed {
  let p = parsedCache.get(folded);
  if (!p) parsedCache.set(folded, (p = { dates: findDates(folded) }));
  return p;
}

/** The numbers of a parsed text (outside its dates). */
function numbersOf(p: Parsed, folded: string): ReturnType<typeof findNumbers> {
  return (p.numbers ??= findNumbers(folded, p.dates));
}

function sameDay(a: DateReading, b: DateReading): boolean {
  return a.y === b.y && a.m === b.m && a.d === b.d;
}

/** Keep, for each item, only matches not contained in a longer match of the same item. */
function dedupe(found: Detection[]): Detection[] {
  const kept = found.filter(
    (d, i) => !found.some((o, j) => j !== i && o.item === d.item && o.start <= d.start && o.end >= d.end && (o.end - o.start > d.end - d.start || j < i)),
  );
  return kept.sort((a, b) => a.start - b.start || a.item - b.item);
}

/** A detector over explicit items. */
export function createItemDetector(items: AnswerItem[]): Detector {
  const patterns = items.filter((it) => it.kind === 'name').map((it) => ({ it, res: it.names.map(namePattern) }));
  const numberItems = items.filter((it) => it.kind === 'number');
  const dateItems = items.filter((it) => it.kind === 'date');
  const scanFolded = (folded: string): Detection[] => {
    const found: Detection[] = [];
    const hit = (it: AnswerItem, span: Span, how: MatchHow, strength: 'full' | 'partial' = 'full') =>
      found.push({
        item: it.index,
        itemText: it.text,
        kind: it.kind,
        strength,
        how,
        form: folded.slice(span.start, span.end),
        start: span.start,
        end: span.end,
      });
    for (const { it, res } of patterns) {
      res.forEach((p, k) => {
        for (const span of nameMatches(p, folded)) hit(it, span, k === 0 ? 'name' : 'alias');
      });
    }
    if (numberItems.length === 0 && dateItems.length === 0) return dedupe(found);
    const parsed = parse(folded);
    for (const it of dateItems) {
      for (const d of parsed.dates) {
        if (d.partial) {
          if (d.readings.some((r) => r.y === it.date!.y && r.m === it.date!.m)) hit(it, d, 'month_year', 'partial');
        } else if (d.readings.some((r) => sameDay(r, it.date!))) hit(it, d, 'date');
      }
    }
    if (numberItems.length > 0) {
      for (const n of numbersOf(parsed, folded)) {
        for (const it of numberItems) {
          let how: 'exact' | 'rounded' | null = null;
          for (const r of n.readings) {
            const m = numberMatch(r, it.value!);
            if (m === 'exact') {
              how = m;
              break;
            }
            if (m) how = m;
          }
          if (how) hit(it, n, how);
        }
      }
    }
    return dedupe(found);
  };
  return {
    items,
    scan: (text) => {
      const folded = fold(text);
      return { folded, detections: scanFolded(folded) };
    },
    scanFolded,
  };
}

/** A detector over explicit values (the fact-level and test entry point). */
export function createValueDetector(values: ValueSpec[], opts: { distinctiveOnly?: boolean } = {}): Detector {
  const items: AnswerItem[] = [];
  for (const spec of values) {
    const it = itemOf(items.length, spec);
    if (it && (!opts.distinctiveOnly || distinctive(it))) items.push(it);
  }
  return createItemDetector(items);
}

/** The answer items of a task. */
export function answerItems(task: Pick<Task, 'answer' | 'answerType' | 'columns' | 'keyColumns' | 'aliases'>): AnswerItem[] {
  const rows = JSON.parse(task.answer) as Cell[][];
  const items: AnswerItem[] = [];
  const add = (spec: ValueSpec, filter: boolean) => {
    const it = itemOf(items.length, spec);
    if (it && (!filter || distinctive(it))) items.push(it);
  };
  if (task.answerType === 'list' || task.answerType === 'table') {
    const keys = new Set(task.answerType === 'table' ? task.keyColumns.map((k) => task.columns.indexOf(k)).filter((i) => i >= 0) : []);
    rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (!keys.has(c)) add({ value: cell, type: 'auto', row: r, column: c }, true);
      }),
    );
    for (const alias of task.aliases) add({ value: alias, type: 'text', row: -1, column: -1 }, true);
    return items;
  }
  const value = rows[0]?.[0] ?? null;
  add({ value, type: task.answerType as ValueType, aliases: task.aliases }, false);
  return items;
}

/** The detector for a task's answer. */
export function createDetector(task: Pick<Task, 'answer' | 'answerType' | 'columns' | 'keyColumns' | 'aliases'>): Detector {
  return createItemDetector(answerItems(task));
}

/** The detector for one fact: its subject (a name) and its value, as the guard's exemption needs. */
export function createFactDetector(fact: Pick<Fact, 'subject' | 'object' | 'objectType'>): Detector {
  return createValueDetector([
    { value: fact.subject, type: 'text' },
    { value: fact.objectType === 'integer' || fact.objectType === 'real' ? Number(fact.object) : fact.object, type: fact.objectType },
  ]);
}
