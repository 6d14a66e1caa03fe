/**
 * Chinese number forms, read for the one reader of numbers (numbers.ts), on folded text:
 *
 * - scale characters after digits: "1.2亿" (120,000,000), "3.5万", "12,000万", "5千万", "1.2万亿"
 *   (zhScaleAfter; numbers.ts reads the digits and a number written in parts, "1亿2000万", as their sum);
 * - Chinese numerals: "一千二百万", "三百二十", "两千", "十二", "二十一", "一千零五", "零", "〇",
 *   "一点五亿", the colloquial "一万二" (12,000) and "三千五" (3,500), the financial 壹贰叁…拾佰仟 and
 *   the traditional 萬億兩, and digits written one by one ("二〇二九", as years are);
 * - percent forms need nothing more: "百分之十二" reads 12 as "12%" does (the percent sign is not part
 *   of the number), and units and currency around a number ("元", "美元", "人", "个") are not read.
 *
 * Chinese is written without spaces, so a numeral is read wherever it stands; like English number
 * words ("one of the best"), a numeral in a word ("统一", "之一") reads as a number too.
 */
import { type NumberMention, type NumberReading, overlaps, reading, type Span } from './number-reading.js';

/** Digit characters, and the digits that may be written one by one ("二〇二九"; not 两, which counts). */
const DIGIT_OF: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  壹: 1,
  二: 2,
  贰: 2,
  貳: 2,
  两: 2,
  兩: 2,
  三: 3,
  叁: 3,
  參: 3,
  四: 4,
  肆: 4,
  五: 5,
  伍: 5,
  六: 6,
  陆: 6,
  陸: 6,
  七: 7,
  柒: 7,
  八: 8,
  捌: 8,
  九: 9,
  玖: 9,
};
const COUNTING_ONLY = new Set(['两', '兩']);
/** Unit characters and their powers of ten: 十 百 千 within a group of four digits, 万 and 亿 over groups. */
const UNIT_OF: Record<string, number> = { 十: 1, 拾: 1, 百: 2, 佰: 2, 千: 3, 仟: 3, 万: 4, 萬: 4, 亿: 8, 億: 8 };
const POINTS = new Set(['点', '點']);

const SMALL = '十拾百佰千仟';
const BIG = '万萬亿億';
const CHARS = `${Object.keys(DIGIT_OF).join('')}${SMALL}${BIG}${[...POINTS].join('')}`;
/** A run of numeral characters: the numbers of a text are read run by run. */
const RUN_RE = new RegExp(`[${CHARS}]+`, 'g');
/** Every number in numerals has a digit or a ten: a text without any has none. */
const NUMERAL = new RegExp(`[${Object.keys(DIGIT_OF).join('')}十拾]`);

/**
 * A scale written after a number: 万 or 亿 (maybe after 十, 百 or 千: "十万", "千万", "百亿"; "万亿"
 * is 10^12), or 百 or 千 alone. A lone ten ("3十") is not a scale.
 */
const SCALE_SOURCE = `[${SMALL}]?(?:[万萬][亿億]?|[亿億])|[百佰千仟]`;
const SCALE_AT = new RegExp(SCALE_SOURCE, 'y');
const SPACED_SCALE_AT = new RegExp(`\\s?(?:${SCALE_SOURCE})`, 'y');
/** The scale characters a mention ends with ("一千二百万" → "百万"). */
const TRAILING_SCALE = new RegExp(`[${SMALL}${BIG}]+$`);
/** Units written after 千 that make it "kilo" ("5千米" is 5 km, or 5,000 metres): read both ways. */
const KILO_UNITS = new Set(['米', '克', '瓦', '卡', '伏', '帕', '赫', '焦', '字', '兆']);

/** The power of ten a run of scale characters stands for ("千万" → 7, "万亿" → 12). */
function expOf(scale: string): number {
  let exp = 0;
  for (const c of scale) exp += UNIT_OF[c] ?? 0;
  return exp;
}

export interface ZhScale {
  /** The power of ten. */
  exp: number;
  /** How many characters the scale takes, with the space before it if any. */
  length: number;
  /** "千" before a unit such as 米 or 克: the number may be read without the scale too. */
  ambiguous: boolean;
}

function scaleAt(folded: string, at: number, re: RegExp): ZhScale | null {
  re.lastIndex = at;
  const m = re.exec(folded);
  if (m === null) return null;
  const written = m[0].trim();
  const next = folded[at + m[0].length];
  return { exp: expOf(written), length: m[0].length, ambiguous: written.endsWith('千') && next !== undefined && KILO_UNITS.has(next) };
}

/** The Chinese scale written just after a digit number ending at `at` ("1.2亿", "3.5 万"), if any. */
export function zhScaleAfter(folded: string, at: number): ZhScale | null {
  const c = folded[at] === ' ' ? folded[at + 1] : folded[at];
  return c !== undefined && (UNIT_OF[c] ?? 0) >= 2 ? scaleAt(folded, at, SPACED_SCALE_AT) : null;
}

/** The power of ten of the scale characters a mention's last word ends with ("1亿" → 8, "二千万" → 7), if any. */
export function zhScaleOf(word: string): number | undefined {
  const run = TRAILING_SCALE.exec(word)?.[0];
  return run === undefined ? undefined : expOf(run);
}

interface Parsed {
  /** Where the number ends in the run. */
  end: number;
  reading: NumberReading;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && DIGIT_OF[c] !== undefined && !COUNTING_ONLY.has(c);

/** Digits written one by one from `i`: "二〇二九" is 2029. */
function digitsFrom(s: string, i: number): string {
  let digits = '';
  for (let j = i; isDigit(s[j]); j++) digits += String(DIGIT_OF[s[j]!]);
  return digits;
}

/** The number starting at `i` of a run of numerals, if one starts there. */
function parseAt(s: string, i: number): Parsed | null {
  const digits = digitsFrom(s, i);
  if (digits.length >= 2) {
    const next = s[i + digits.length];
    const counted = next !== undefined && (next in UNIT_OF || POINTS.has(next));
    // "二〇二九", "一九九八": digits one by one. Two digits without a zero ("三四", "七八") are an
    // estimate ("three or four"), and digits before a unit ("二三十") too: each digit is its own number.
    if (!counted && (digits.length >= 3 || digits.includes('0'))) return { end: i + digits.length, reading: reading(digits, '') };
    return { end: i + 1, reading: reading(digits[0]!, '') };
  }
  return parseCounted(s, i);
}

/**
 * A number written with units from `i`: groups of four digits (千 百 十 within a group) joined by 万 and
 * 亿, a 零 for skipped units, a decimal part after 点 (maybe scaled: "一点五亿").
 */
function parseCounted(s: string, i: number): Parsed | null {
  let total = 0; // the 亿 part
  let wan = 0; // the 万 part of the group under 亿
  let section = 0; // under 万
  let digit: number | null = null;
  let smallUnit = 4; // the last of 十 百 千 in the section (units must fall)
  let lastUnit = 0; // the power of ten of the last unit written
  let hasWan = false,
    hasYi = false,
    zero = false,
    any = false;
  let end = i;
  for (let j = i; j < s.length; j++) {
    const c = s[j]!;
    const d = DIGIT_OF[c];
    if (d !== undefined) {
      if (digit !== null) break;
      if (d === 0) {
        if (!any) return { end: j + 1, reading: reading('0', '') };
        zero = true;
        continue;
      }
      digit = d;
      end = j + 1;
      continue;
    }
    const u = UNIT_OF[c];
    if (u !== undefined) {
      if (u < 4) {
        // "十二": a ten with no digit before it is one ten, at the start only.
        const times = digit ?? (u === 1 && !any ? 1 : null);
        if (times === null || u >= smallUnit) break;
        section += times * 10 ** u;
        smallUnit = u;
      } else if (u === 4) {
        const group = section + (digit ?? 0);
        if (group === 0 || hasWan) break;
        wan = group;
        hasWan = true;
        section = 0;
        smallUnit = 4;
      } else {
        const group = wan * 1e4 + section + (digit ?? 0);
        if (group === 0 || hasYi) break;
        total = group * 1e8;
        hasYi = true;
        hasWan = false;
        wan = 0;
        section = 0;
        smallUnit = 4;
      }
      digit = null;
      lastUnit = u;
      zero = false;
      any = true;
      end = j + 1;
      continue;
    }
    if (POINTS.has(c)) {
      if (hasWan || hasYi || (digit === null && !any)) break;
      const frac = digitsFrom(s, j + 1);
      if (frac === '') break;
      const after = j + 1 + frac.length;
      const scale = scaleAt(s, after, SCALE_AT);
      return { end: after + (scale?.length ?? 0), reading: reading(String(section + (digit ?? 0)), frac, scale?.exp ?? 0) };
    }
    break;
  }
  if (!any && digit === null) return null;
  let value = total + wan * 1e4 + section;
  // A digit after 百 or a larger unit, with no 零 between, is the next unit down: "一万二" is 12,000.
  if (digit !== null) value += !zero && lastUnit >= 2 ? digit * 10 ** (lastUnit - 1) : digit;
  return Number.isSafeInteger(value) ? { end, reading: reading(String(value), '') } : null;
}

/** The value of a whole string of Chinese numerals or ASCII digits ("二〇二九", "十二", "12"), else NaN. */
export function zhInteger(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const p = parseAt(text, 0);
  return p !== null && p.end === text.length && Number.isInteger(p.reading.value) ? p.reading.value : Number.NaN;
}

/**
 * Every number written in Chinese numerals in `folded`, outside the `skip` spans (dates, and the digit
 * numbers with their scale characters). With `everyPattern`, the scan runs without the check of what it
 * needs (the same result: the reference the check is tested against).
 */
export function findZhNumbers(folded: string, skip: readonly Span[], everyPattern = false): NumberMention[] {
  const out: NumberMention[] = [];
  if (!everyPattern && !NUMERAL.test(folded)) return out;
  for (const m of folded.matchAll(RUN_RE)) {
    const run = m[0];
    const base = m.index!;
    for (let i = 0; i < run.length; ) {
      const p = parseAt(run, i);
      if (p === null) {
        i++;
        continue;
      }
      const span = { start: base + i, end: base + p.end };
      if (!overlaps(span, skip)) out.push({ ...span, text: folded.slice(span.start, span.end), readings: [p.reading] });
      i = p.end;
    }
  }
  return out;
}
