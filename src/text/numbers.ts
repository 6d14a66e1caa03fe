/**
 * Numbers in folded text (see fold.ts), in every common surface form, read back to values: grouped digits
 * ("1,200,000", "1 200 000", "1.200.000", "1'200'000"), decimals with a point or a comma, scale words
 * and abbreviations ("1.2 million", "1.2M", "$1.2m", "1.2 mn", "12k"), exponents ("1.2e6",
 * "1.2 x 10^6"), English number words ("one million two hundred thousand", "twelve hundred",
 * "one point two million"), numbers written in parts ("1 million 200 thousand") and decimals without
 * their zero (".5"). Units and currency signs around a number do not change its value ("12.5%",
 * "12.5 percent", "$899" read 12.5 and 899). A minus sign is not part of a reading (a hyphen before a
 * number is often a dash): `negativeAt` tells whether one is written before a mention. Chinese forms
 * ("1.2亿", "12,000万", "一千二百万", "一点五亿", "1亿2000万") are read too (zh-numbers.ts). A number may
 * not touch a letter of a script written with spaces ("x9"), but may touch Han characters ("约1.2亿元").
 *
 * The one reader of numbers: the leak detector, the scorer (through stated.ts) and the grounding check
 * of a world model's snippets all use it.
 *
 * Each reading keeps the precision it was written with, so a rounded form ("about 1.2 million") can be
 * told from a different value ("1.21 million"): see `numberMatch`.
 */

import { type NumberMention, type NumberReading, overlaps, reading, type Span } from './number-reading.js';
import { SPACED_LETTER } from './regex.js';
import { findZhNumbers, zhScaleAfter, zhScaleOf } from './zh-numbers.js';

export { type NumberMention, type NumberReading, reading, type Span } from './number-reading.js';

const SCALES: Record<string, number> = {
  thousand: 3,
  thousands: 3,
  k: 3,
  lakh: 5,
  lakhs: 5,
  crore: 7,
  crores: 7,
  million: 6,
  millions: 6,
  mn: 6,
  mln: 6,
  mio: 6,
  mil: 6,
  m: 6,
  billion: 9,
  billions: 9,
  bn: 9,
  bln: 9,
  b: 9,
  trillion: 12,
  trillions: 12,
  tn: 12,
};
/** Single letters that are also units (metres, bytes): read both with and without the scale. */
const AMBIGUOUS_SCALES = new Set(['m', 'b']);

const DIGITS = String.raw`(?:(?<comma>\d{1,3}(?:,\d{3})+(?:\.\d+)?)|(?<dots>\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?)|(?<spaced>\d{1,3}(?:[ ']\d{3})+(?:[.,]\d+)?)|(?<plain>\d+(?:[.,]\d+)?))`;
const EXPONENT = String.raw`(?:\s?e\+?(?<e1>-?\d{1,2})|\s?[x*·]\s?10\^\+?(?<e2>-?\d{1,2}))?`;
const SCALE = String.raw`(?:[\s-]?(?<scale>${Object.keys(SCALES)
  .sort((a, b) => b.length - a.length)
  .join('|')})(?!${SPACED_LETTER}|\p{N}))?`;
const NUMBER_SOURCE = String.raw`(?<!${SPACED_LETTER}|[\p{N}_])(?<!\d[.,'])${DIGITS}(?!\p{N})(?![.,']\d)${EXPONENT}${SCALE}`;
/** Every digit number of a text, scanning it whole: the reference of the scan by digit runs. */
const NUMBER_RE = new RegExp(NUMBER_SOURCE, 'gu');
/** A digit number starting exactly at lastIndex. */
const NUMBER_AT = new RegExp(NUMBER_SOURCE, 'uy');

function digitReadings(groups: Record<string, string | undefined>, exp: number, extraParts: (NumberReading & Span)[], at: number): NumberReading[] {
  const out: NumberReading[] = [];
  if (groups.comma) {
    const [int, frac = ''] = groups.comma.split('.');
    out.push(reading(int!.replace(/,/g, ''), frac, exp));
  } else if (groups.dots) {
    const [int, frac = ''] = groups.dots.split(',');
    out.push(reading(int!.replace(/\./g, ''), frac, exp));
  } else if (groups.spaced) {
    const m = /^(.*?)(?:[.,](\d+))?$/.exec(groups.spaced)!;
    out.push(reading(m[1]!.replace(/[ ']/g, ''), m[2] ?? '', exp));
    // "5 100 phones" may also be two numbers: keep each group as its own mention too.
    let offset = at;
    for (const part of groups.spaced.split(/[ ']/)) {
      const [int, frac = ''] = part.split(/[.,]/);
      extraParts.push({ ...reading(int!, frac), start: offset, end: offset + part.length });
      offset += part.length + 1;
    }
  } else if (groups.plain) {
    const sep = groups.plain.match(/[.,]/)?.[0];
    const [int, frac = ''] = groups.plain.split(/[.,]/);
    out.push(reading(int!, frac, exp));
    // "1.200" is 1.2 in English and 1200 in much of Europe.
    if (sep === '.' && frac.length === 3 && int!.length <= 3 && int !== '0') out.push(reading(int! + frac, '', exp));
  }
  return out;
}

/**
 * The matches of NUMBER_RE in `folded`, left to right and not overlapping. Every match starts with a
 * digit that follows no letter or digit, so the pattern is tried only where a run of digits starts: the
 * same matches as scanning the whole text, where V8 tries the pattern's Unicode lookbehinds at every
 * position. `wholeScan` scans the whole text (the reference this is tested against).
 */
function numberMatches(folded: string, wholeScan: boolean): RegExpExecArray[] {
  if (wholeScan) return [...folded.matchAll(NUMBER_RE)] as RegExpExecArray[];
  const out: RegExpExecArray[] = [];
  const runs = /\d+/g;
  let end = 0;
  for (let run = runs.exec(folded); run !== null; run = runs.exec(folded)) {
    if (run.index < end) continue;
    NUMBER_AT.lastIndex = run.index;
    const m = NUMBER_AT.exec(folded);
    if (m === null) continue;
    out.push(m);
    end = m.index + m[0].length;
  }
  return out;
}

const HAN = /\p{sc=Han}/u;

/** The parts of "170,2029" (each a whole number), as mentions of their own. */
function commaParts(plain: string, at: number, parts: (NumberReading & Span)[]): void {
  let offset = at;
  for (const part of plain.split(',')) {
    parts.push({ ...reading(part, ''), start: offset, end: offset + part.length });
    offset += part.length + 1;
  }
}

/** What may come before the point of ".5": nothing, or anything but a letter, a digit, a point, a comma or an apostrophe. */
const BEFORE_LEADING_POINT = /[^\p{L}\p{N}.,']|\p{sc=Han}/u;

/** Is the plain digit number `m` written after a point with nothing before it (".5", "$.5")? */
function afterLeadingPoint(folded: string, m: RegExpExecArray): boolean {
  const at = m.index!;
  return m.groups!.plain !== undefined && !/[.,]/.test(m.groups!.plain) && folded[at - 1] === '.' && (at === 1 || BEFORE_LEADING_POINT.test(folded[at - 2]!));
}

function findDigitNumbers(folded: string, skip: readonly Span[], wholeScan = false): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of numberMatches(folded, wholeScan)) {
    const point = afterLeadingPoint(folded, m);
    const start = m.index! - (point ? 1 : 0);
    const g = m.groups!;
    // "1.2亿", "3.5万": a Chinese scale after the digits.
    const zh = g.scale === undefined ? zhScaleAfter(folded, m.index! + m[0].length) : null;
    const span = { start, end: m.index! + m[0].length + (zh?.length ?? 0) };
    if (overlaps(span, skip)) continue;
    const e = Number(g.e1 ?? g.e2 ?? 0);
    const scale = g.scale ? SCALES[g.scale]! : (zh?.exp ?? 0);
    const ambiguousScale = (g.scale !== undefined && AMBIGUOUS_SCALES.has(g.scale)) || zh?.ambiguous === true;
    const parts: (NumberReading & Span)[] = [];
    const readings = digitReadings(g, e + scale, parts, m.index!);
    // Chinese writes no decimal comma, and its full-width comma folds to ",": "170，2029年" is two numbers.
    if (g.plain?.includes(',') && (HAN.test(folded[start - 1] ?? '') || HAN.test(folded[span.end] ?? ''))) commaParts(g.plain, m.index!, parts);
    if (ambiguousScale) readings.push(...digitReadings(g, e, [], m.index!));
    // ".5" is 0.5; the digits alone stay a reading too (the point may end a sentence).
    if (point) readings.unshift(reading('0', g.plain!, e + scale), ...(ambiguousScale ? [reading('0', g.plain!, e)] : []));
    out.push({ ...span, text: folded.slice(span.start, span.end), readings });
    if (parts.length > 1) for (const p of parts) out.push({ start: p.start, end: p.end, text: folded.slice(p.start, p.end), readings: [p] });
  }
  return out;
}

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const WORD_SCALES: Record<string, number> = { thousand: 3, thousands: 3, million: 6, millions: 6, billion: 9, billions: 9, trillion: 12, trillions: 12 };
const WORD = `(?:${[...UNITS, ...Object.keys(TENS), 'hundred', 'hundreds', ...Object.keys(WORD_SCALES), 'point', 'and', 'a'].sort((a, b) => b.length - a.length).join('|')})`;
const WORD_RUN_RE = new RegExp(String.raw`(?<!${SPACED_LETTER}|\p{N})${WORD}(?:(?:[\s-]|,\s?)${WORD})*(?!${SPACED_LETTER}|\p{N})`, 'gu');

interface Tok {
  word: string;
  start: number;
  end: number;
}

/** Parse runs of English number words; a run that breaks the grammar ("one, two") yields several numbers. */
function parseWordRun(toks: Tok[], out: NumberMention[], folded: string): void {
  let i = 0;
  while (i < toks.length) {
    let total = 0,
      current = 0,
      last: 'none' | 'unit' | 'teen' | 'tens' | 'hundred' | 'scale' = 'none',
      lastScale = 99;
    let first = -1,
      end = -1,
      frac = '',
      fracScale = 0;
    let j = i;
    for (; j < toks.length; j++) {
      const w = toks[j]!.word;
      const unit = UNITS.indexOf(w);
      const next = toks[j + 1]?.word;
      if (w === 'and') {
        if ((last === 'hundred' || last === 'scale') && next && (UNITS.includes(next) || next in TENS)) continue;
        break;
      }
      if (w === 'a') {
        if (last === 'none' && next && (next.startsWith('hundred') || next in WORD_SCALES)) {
          current = 1;
          last = 'unit';
          first = j;
          end = j;
          continue;
        }
        break;
      }
      if (w === 'point') {
        if (last === 'none' || last === 'scale' || frac || total > 0) break;
        let k = j + 1;
        let digits = '';
        while (k < toks.length && UNITS.indexOf(toks[k]!.word) >= 0 && UNITS.indexOf(toks[k]!.word) <= 9) digits += String(UNITS.indexOf(toks[k++]!.word));
        if (!digits) break;
        frac = digits;
        end = k - 1;
        j = k - 1;
        const sc = toks[k]?.word;
        if (sc && sc in WORD_SCALES) {
          fracScale = WORD_SCALES[sc]!;
          end = k;
          j = k;
        }
        break;
      }
      if (unit >= 0 && unit <= 9) {
        if (last === 'unit' || last === 'teen' || (last === 'tens' && current % 10 !== 0)) break;
        current += unit;
        last = 'unit';
      } else if (unit >= 10) {
        if (last === 'unit' || last === 'teen' || last === 'tens') break;
        current += unit;
        last = 'teen';
      } else if (w in TENS) {
        if (last === 'unit' || last === 'teen' || last === 'tens') break;
        current += TENS[w]!;
        last = 'tens';
      } else if (w.startsWith('hundred')) {
        if (last !== 'unit' && last !== 'teen' && last !== 'tens') break;
        if (current % 100 !== current) break;
        current *= 100;
        last = 'hundred';
      } else if (w in WORD_SCALES) {
        const s = WORD_SCALES[w]!;
        if (last === 'none' || last === 'scale' || s >= lastScale) break;
        total += current * 10 ** s;
        current = 0;
        lastScale = s;
        last = 'scale';
      } else break;
      if (first < 0) first = j;
      end = j;
    }
    if (first < 0 || end < first) {
      i = Math.max(j, i + 1);
      continue;
    }
    const r = frac ? reading(String(current), frac, fracScale) : reading(String(total + current), '');
    const start = toks[first]!.start,
      stop = toks[end]!.end;
    out.push({ start, end: stop, text: folded.slice(start, stop), readings: [r] });
    i = end + 1;
  }
}

function findWordNumbers(folded: string, skip: readonly Span[]): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of folded.matchAll(WORD_RUN_RE)) {
    const base = m.index!;
    if (overlaps({ start: base, end: base + m[0].length }, skip)) continue;
    // A comma may join one number ("one million, two hundred thousand") or separate two ("five, six"):
    // read the run both ways.
    const segments: Tok[][] = [[]];
    const toks: Tok[] = [];
    for (const w of m[0].matchAll(/,|\p{L}+/gu)) {
      if (w[0] === ',') {
        segments.push([]);
        continue;
      }
      const tok = { word: w[0], start: base + w.index!, end: base + w.index! + w[0].length };
      toks.push(tok);
      segments[segments.length - 1]!.push(tok);
    }
    const found: NumberMention[] = [];
    parseWordRun(toks, found, folded);
    if (segments.length > 1) for (const seg of segments) parseWordRun(seg, found, folded);
    const seen = new Set<string>();
    for (const n of found) {
      const key = `${n.start}:${n.end}:${n.readings[0]!.value}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(n);
      }
    }
  }
  return out;
}

const TRAILING_WORD = /(\p{L}+)$/u;
/** What may join the parts of one number: "1 million 200 thousand"; a comma or "and" may also join a list. */
const PART_JOIN = /^\s*(,?)\s*(and\s+)?$/;
/** "hundred" after a bare digit part, and the scale word after it if any ("2 hundred thousand"). */
const HUNDRED_AFTER = new RegExp(String.raw`^[\s-]?hundreds?(?:[\s-](?<scale>${Object.keys(WORD_SCALES).join('|')}))?(?!${SPACED_LETTER}|\p{N})`, 'u');

/** The power of ten a mention ends with ("1 million" → 6, "200 thousand" → 3, "12k" → 3), if any. */
function scaleOf(m: NumberMention): number | undefined {
  const w = TRAILING_WORD.exec(m.text)?.[1];
  return w === undefined ? undefined : (WORD_SCALES[w] ?? SCALES[w] ?? zhScaleOf(w));
}

/**
 * A number written in parts, each under the scale of the one before ("1 million 200 thousand",
 * "1 million 2 hundred thousand", "1M 234k 567", "2 thousand 5 hundred 20"), is also read as its sum, as
 * one more mention over the whole run, marked `compound` (the parts keep their own mentions). The first
 * part must be a whole number of its scale ("1.2 million 300" is not one number). Parts joined by a comma
 * or "and" may be a list ("1 million, 500 thousand returned"): their sum reads as exact only, never as a
 * rounded form of another value.
 */
function compoundNumbers(mentions: readonly NumberMention[], folded: string): NumberMention[] {
  // The longest mention at each place, in order (mentions come sorted by start, longest first).
  const heads: NumberMention[] = [];
  for (const m of mentions) if (heads.length === 0 || m.start >= heads[heads.length - 1]!.end) heads.push(m);
  const out: NumberMention[] = [];
  for (let i = 0; i < heads.length; i++) {
    const head = heads[i]!;
    let scale = scaleOf(head);
    let value = head.readings[0]!.value;
    if (scale === undefined || !Number.isSafeInteger(value) || value % 10 ** scale !== 0) continue;
    let end = head.end;
    let list = false;
    for (let j = i + 1; scale !== undefined && j < heads.length; j++) {
      const next = heads[j]!;
      const join = PART_JOIN.exec(folded.slice(end, next.start));
      if (!join) break;
      let part = next.readings[0]!.value;
      let partEnd = next.end;
      let partScale = scaleOf(next);
      if (partScale === undefined) {
        const hundred = HUNDRED_AFTER.exec(folded.slice(partEnd));
        if (hundred) {
          const wordScale = hundred.groups!.scale;
          part *= 100 * 10 ** (wordScale ? WORD_SCALES[wordScale]! : 0);
          partEnd += hundred[0].length;
          partScale = wordScale ? WORD_SCALES[wordScale] : 2;
        }
      }
      if (!(part > 0 && part < 10 ** scale && Number.isSafeInteger(value + part))) break;
      value += part;
      end = partEnd;
      list ||= join[1] !== '' || join[2] !== undefined;
      const r = reading(String(value), '');
      out.push({ start: head.start, end, text: folded.slice(head.start, end), readings: [list ? { ...r, precision: 1 } : r], compound: true });
      scale = partScale;
    }
  }
  return out;
}

/** Digit numbers need a digit. */
const DIGIT = /\d/;
/**
 * Every number word but "a", "and" and "point" contains one of these, and a run of only those three
 * reads as no number: a text without any of them has no word numbers. Both checks are plain regular
 * expressions, far cheaper than the Unicode patterns they let a passage skip.
 */
const NUMBER_WORD_PART =
  /zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|forty|fifty|hundred|thousand|million|billion|trillion/;

/**
 * Every number written in `folded` (outside the `skip` spans, such as dates), with its readings; with
 * `sums` (the default), also each number written in parts, read as their sum (`compound`). With
 * `everyPattern`, the scans run without the checks of what they need and the digit scan tries every
 * position (the same result, slower: the reference the checks are tested against).
 */
export function findNumbers(
  folded: string,
  skip: readonly Span[] = [],
  { sums = true, everyPattern = false }: { sums?: boolean; everyPattern?: boolean } = {},
): NumberMention[] {
  const digits = everyPattern || DIGIT.test(folded) ? findDigitNumbers(folded, skip, everyPattern) : [];
  const words = everyPattern || NUMBER_WORD_PART.test(folded) ? findWordNumbers(folded, skip) : [];
  const zh = findZhNumbers(folded, digits.length === 0 ? skip : [...skip, ...digits], everyPattern);
  if (digits.length + words.length + zh.length === 0) return [];
  const found = [...digits, ...words, ...zh].sort((a, b) => a.start - b.start || b.end - a.end);
  if (!sums) return found;
  const compound = compoundNumbers(found, folded);
  return compound.length === 0 ? found : [...found, ...compound].sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * A minus sign attached to a number, maybe with a currency sign or code between ("-5", "-$5", "$-5"),
 * after no letter, digit, point or comma ("2029-2030" is a range). A dash with a space after it is a
 * dash, not a sign ("Brand — 170,403 employees", "units sold - 5"): fold() writes dashes as "-".
 */
const MINUS_BEFORE = /(?:^|\p{sc=Han}|[^\p{L}\p{N}.,])(?:-(?:us\$|usd ?|eur ?|[$€£¥])?|(?:us\$|usd ?|eur ?|[$€£¥])\s?-)$/u;

/** Is a minus sign written just before `start` in `folded` (a mention's start)? */
export function negativeAt(folded: string, start: number): boolean {
  return MINUS_BEFORE.test(folded.slice(Math.max(0, start - 10), start));
}

export type NumberMatch = 'exact' | 'rounded';

/**
 * Does a written number show `answer`?
 * - exact: the same value, however written ("1.20 million" for 1,200,000);
 * - rounded: the answer rounds to the written number at the precision it was written with, keeping at
 *   least 2 significant digits for a large answer (|answer| ≥ 1000: "about 1.2 million" for 1,234,567)
 *   or at least 3 for any answer ("12.5%" for 12.53%). A number that differs at its own precision is a
 *   different value, never a leak: "1.21 million" for 1,200,000, "1.3 million" for 1,234,567.
 * Signs are ignored (a hyphen before a number reads as a dash).
 */
export function numberMatch(r: NumberReading, answer: number): NumberMatch | null {
  const a = Math.abs(answer),
    v = Math.abs(r.value);
  if (Math.abs(v - a) <= 1e-9 * Math.max(1, a)) return 'exact';
  if (r.sig < 2 || v === 0) return null;
  if (Math.abs(v - a) > (r.precision / 2) * (1 + 1e-9)) return null;
  return a >= 1000 || r.sig >= 3 ? 'rounded' : null;
}
