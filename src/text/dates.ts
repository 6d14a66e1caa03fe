/**
 * Dates in folded text (see fold.ts), in every common surface form: ISO ("2029-03-04", "2029/03/04", "2029.3.4"),
 * month names ("march 4, 2029", "mar. 4 2029", "march 4th, 2029", "4 mar 2029", "4th of march 2029",
 * "the fourth of march, 2029", "04-mar-2029", "2029 march 4"), numeric dates in both orders
 * ("03/04/2029" reads as March 4 and as April 3; two-digit years too), and month-and-year mentions
 * ("march 2029", "mar 2029", "march of 2029", "2029-03", "03/2029"), which are partial; Chinese dates
 * ("2029年3月4日", "二〇二九年三月四日", and "2029年3月", partial: zh-dates.ts). A date may touch Han
 * characters ("于2029-03-04发布"), not the letters of a script written with spaces.
 *
 * The one reader of dates: the leak detector, the scorer (through stated.ts) and the grounding check
 * all use it.
 */
import type { Span } from './number-reading.js';
import { SPACED_LETTER } from './regex.js';
import { mayHaveZhDate, ZH_DATE_SOURCE, ZH_MONTH_SOURCE } from './zh-dates.js';
import { zhInteger } from './zh-numbers.js';

export interface DateReading {
  y: number;
  m: number;
  /** Absent for a month-and-year mention. */
  d?: number;
}

export interface DateMention extends Span {
  text: string;
  readings: DateReading[];
  /** Month and year only. */
  partial: boolean;
}

/** A date as the world stores it. */
export const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A full reading as an ISO date ("2029-03-04"). */
export function isoOf(r: DateReading): string {
  return `${String(r.y).padStart(4, '0')}-${String(r.m).padStart(2, '0')}-${String(r.d ?? 1).padStart(2, '0')}`;
}

const MONTH_NAMES: [string, number][] = [
  ['january', 1],
  ['february', 2],
  ['march', 3],
  ['april', 4],
  ['may', 5],
  ['june', 6],
  ['july', 7],
  ['august', 8],
  ['september', 9],
  ['october', 10],
  ['november', 11],
  ['december', 12],
  ['jan', 1],
  ['feb', 2],
  ['mar', 3],
  ['apr', 4],
  ['jun', 6],
  ['jul', 7],
  ['aug', 8],
  ['sept', 9],
  ['sep', 9],
  ['oct', 10],
  ['nov', 11],
  ['dec', 12],
];
const MONTH_NUMBER = new Map(MONTH_NAMES);
const MONTH = `(?<mon>${MONTH_NAMES.map(([n]) => n)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?(?!${SPACED_LETTER})`;

const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
];
const ORDINALS = new Map<string, number>(ORDINAL_WORDS.map((w, i) => [w, i + 1]));
for (let i = 1; i <= 9; i++) {
  ORDINALS.set(`twenty-${ORDINAL_WORDS[i - 1]}`, 20 + i);
  ORDINALS.set(`twenty ${ORDINAL_WORDS[i - 1]}`, 20 + i);
}
ORDINALS.set('thirtieth', 30);
ORDINALS.set('thirty-first', 31);
ORDINALS.set('thirty first', 31);
const DAY = `(?<day>\\d{1,2}(?:st|nd|rd|th)?|${[...ORDINALS.keys()].sort((a, b) => b.length - a.length).join('|')})`;
const YEAR = '(?<year>\\d{4})(?!\\p{N})';
const L = `(?<!${SPACED_LETTER}|\\p{N})`;
const R_NUM = '(?!\\p{N})(?![-/.]\\d)';

const re = (s: string) => new RegExp(s, 'gu');
/**
 * What each pattern needs in the text, checked first with plain regular expressions (a text lacking it
 * cannot match, so skipping the pattern changes nothing): "month" a month name's first three letters
 * and four digits in a row; "dashed" a digit, one of -/. and a digit (and, with "year", four digits).
 * Every pattern needs two digits in a row. Most passages a guard checks have a year and no date, and
 * the Unicode patterns below cost far more than these checks.
 */
type Needs = 'month' | 'dashed' | 'dashed-year' | 'zh';
const FULL: { re: RegExp; needs: Needs; numeric?: boolean }[] = [
  { re: re(`${L}${MONTH}[\\s-]*${DAY}(?!${SPACED_LETTER}),?[\\s-]*(?:of\\s+)?${YEAR}`), needs: 'month' },
  { re: re(`${L}(?:the\\s+)?${DAY}(?!${SPACED_LETTER})[\\s-]*(?:of\\s+)?${MONTH},?[\\s-]*${YEAR}`), needs: 'month' },
  { re: re(`${L}${YEAR},?[\\s-]*${MONTH},?[\\s-]*${DAY}(?!${SPACED_LETTER}|\\p{N})`), needs: 'month' },
  { re: re(`${L}(?<year>\\d{4})(?<sep>[-/.])(?<mm>\\d{1,2})\\k<sep>(?<dd>\\d{1,2})${R_NUM}`), needs: 'dashed-year' },
  { re: re(`${L}(?<a>\\d{1,2})(?<sep>[-/.])(?<b>\\d{1,2})\\k<sep>(?<yy>\\d{4}|\\d{2})${R_NUM}`), needs: 'dashed', numeric: true },
  { re: re(ZH_DATE_SOURCE), needs: 'zh' },
];
const PARTIAL: { re: RegExp; needs: Needs }[] = [
  { re: re(`${L}${MONTH},?\\s*(?:of\\s+)?${YEAR}`), needs: 'month' },
  { re: re(`${L}(?<year>\\d{4})[-/.](?<mm>\\d{1,2})${R_NUM}`), needs: 'dashed-year' },
  { re: re(`${L}(?<mm>\\d{1,2})[-/.](?<year>\\d{4})${R_NUM}`), needs: 'dashed-year' },
  { re: re(ZH_MONTH_SOURCE), needs: 'zh' },
];

const TWO_DIGITS = /\d\d/;
const FOUR_DIGITS = /\d{4}/;
const MONTH_START = /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/;
const DASHED = /\d[-/.]\d/;

/** Which kinds of pattern can match `folded` at all. */
function possible(folded: string): Record<Needs, boolean> | null {
  const zh = mayHaveZhDate(folded);
  if (!TWO_DIGITS.test(folded)) return zh ? { month: false, dashed: false, 'dashed-year': false, zh } : null;
  const year = FOUR_DIGITS.test(folded);
  const dashed = DASHED.test(folded);
  return { month: year && MONTH_START.test(folded), dashed, 'dashed-year': dashed && year, zh };
}

function daysIn(y: number, m: number): number {
  return [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
}

function valid(r: DateReading): boolean {
  if (!(r.m >= 1 && r.m <= 12 && r.y >= 1000 && r.y <= 2999)) return false;
  return r.d === undefined || (r.d >= 1 && r.d <= daysIn(r.y, r.m));
}

function dayOf(text: string): number {
  return ORDINALS.get(text) ?? parseInt(text, 10);
}

function fullYear(yy: string): number {
  if (yy.length === 4) return Number(yy);
  const n = Number(yy);
  return n < 70 ? 2000 + n : 1900 + n;
}

const overlaps = (a: Span, spans: readonly Span[]) => spans.some((s) => a.start < s.end && s.start < a.end);

const EVERY_PATTERN: Record<Needs, boolean> = { month: true, dashed: true, 'dashed-year': true, zh: true };

/**
 * Every date and month-and-year mention in `folded`, full dates first claiming their text. With
 * `everyPattern`, every pattern is tried without the checks of what it needs (the same result, slower:
 * the reference the checks are tested against).
 */
export function findDates(folded: string, everyPattern = false): DateMention[] {
  const out: DateMention[] = [];
  const can = everyPattern ? EVERY_PATTERN : possible(folded);
  if (!can) return out;
  for (const { re: pattern, needs, numeric } of FULL) {
    if (!can[needs]) continue;
    for (const m of folded.matchAll(pattern)) {
      const span = { start: m.index!, end: m.index! + m[0].length };
      if (overlaps(span, out)) continue;
      const g = m.groups!;
      let readings: DateReading[];
      if (numeric) {
        const a = Number(g.a),
          b = Number(g.b),
          y = fullYear(g.yy!);
        readings = [
          { y, m: a, d: b },
          { y, m: b, d: a },
        ];
      } else if (g.mon) readings = [{ y: Number(g.year), m: MONTH_NUMBER.get(g.mon)!, d: dayOf(g.day!) }];
      else readings = [{ y: zhInteger(g.year!), m: zhInteger(g.mm!), d: zhInteger(g.dd!) }];
      readings = readings.filter(valid);
      if (readings.length > 0) out.push({ ...span, text: m[0], readings, partial: false });
    }
  }
  for (const { re: pattern, needs } of PARTIAL) {
    if (!can[needs]) continue;
    for (const m of folded.matchAll(pattern)) {
      const span = { start: m.index!, end: m.index! + m[0].length };
      if (overlaps(span, out)) continue;
      const g = m.groups!;
      const r = { y: zhInteger(g.year!), m: g.mon ? MONTH_NUMBER.get(g.mon)! : zhInteger(g.mm!) };
      if (valid(r)) out.push({ ...span, text: m[0], readings: [r], partial: true });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
