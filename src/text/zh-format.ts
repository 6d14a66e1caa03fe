/**
 * Numbers and dates as Chinese pages write them: the one writer of Chinese forms, shared by the
 * Chinese page writer and the guard's tests. Every form it writes reads back to its value through the
 * one reader of numbers and dates (numbers.ts, dates.ts): test/text/zh-format.test.ts holds it so.
 *
 *   formatZhNumber(120000000) "1.2亿", formatZhNumber(35000) "3.5万", formatZhNumber(4761) "4761",
 *   formatZhNumber(1234567) "1234567", formatZhNumber(1.2e9, 'usd') "12亿美元";
 *   formatZhRounded(123456789) "1.2亿" (two significant digits);
 *   zhNumerals(12000000) "一千二百万";
 *   formatZhDate("2029-03-04") "2029年3月4日", formatZhDate("2029-03-04", 1) "二〇二九年三月四日".
 */

/** The units of a value (themes/_define.ts's Unit): "usd" is written 美元, "percent" with "%". */
export type ZhUnit = 'plain' | 'usd' | 'percent' | 'count';

/** 万亿 (10^12), 亿 (10^8), 万 (10^4): the scales a Chinese page writes a large number with. */
const SCALES: [number, string][] = [
  [1e12, '万亿'],
  [1e8, '亿'],
  [1e4, '万'],
];

/**
 * A number's digits as a Chinese page writes them, exactly: an integer of at least 10,000 with a scale
 * when that takes at most two decimals ("1.2亿", "3.5万", "12340万"), else digits ("1234567", "4761",
 * "12.5" with `decimals`).
 */
function zhDigits(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  const v = Number(fixed);
  if (decimals > 0 || !Number.isSafeInteger(v) || Math.abs(v) < 1e4) return fixed;
  for (const [scale, word] of SCALES) if (Math.abs(v) >= scale && v % (scale / 100) === 0) return `${v / scale}${word}`;
  return fixed;
}

/** A value as a Chinese page writes it, exactly (`decimals` as the value is stored). */
export function formatZhNumber(value: number, unit: ZhUnit = 'plain', decimals = 0): string {
  if (unit === 'percent') return `${value.toFixed(decimals)}%`;
  const body = zhDigits(value, decimals);
  return unit === 'usd' ? `${body}美元` : body;
}

/** A value rounded to `digits` significant digits, as a Chinese page writes an estimate ("约1.2亿"): the text and the value it states. */
export function formatZhRounded(value: number, digits = 2, unit: ZhUnit = 'plain'): { text: string; value: number } {
  const rounded = Number(value.toPrecision(digits));
  return { text: formatZhNumber(rounded, unit), value: rounded };
}

const NUMERAL_DIGITS = '零一二三四五六七八九';
const GROUP_UNITS: [number, string][] = [
  [1000, '千'],
  [100, '百'],
  [10, '十'],
  [1, ''],
];

/** 1 to 9999 in numerals, a 零 for skipped units between digits ("一千零五"). */
function group(n: number): string {
  let out = '';
  let zero = false;
  for (const [p, unit] of GROUP_UNITS) {
    const d = Math.floor(n / p) % 10;
    if (d === 0) {
      zero ||= out !== '';
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += NUMERAL_DIGITS[d]! + unit;
  }
  return out;
}

/** A positive integer under 10^16 in numerals, without dropping the 一 of a leading 一十. */
function numerals(n: number): string {
  for (const [scale, word] of [
    [1e8, '亿'],
    [1e4, '万'],
  ] as const) {
    if (n < scale) continue;
    const high = Math.floor(n / scale);
    const low = n % scale;
    return `${scale === 1e8 ? numerals(high) : group(high)}${word}${low === 0 ? '' : (low < scale / 10 ? '零' : '') + numerals(low)}`;
  }
  return group(n);
}

/** A whole number in Chinese numerals: 12000000 "一千二百万", 1005 "一千零五", 12 "十二", 0 "零". */
export function zhNumerals(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e16) throw new RangeError(`zhNumerals: ${n} is not a whole number from 0 to 10^16`);
  if (n === 0) return '零';
  const out = numerals(n);
  return out.startsWith('一十') ? out.slice(1) : out;
}

/** Date styles: 0 "2029年3月4日", 1 "二〇二九年三月四日" (numerals, the year digit by digit). */
export type ZhDateStyle = 0 | 1;

const yearNumerals = (y: number) => [...String(y)].map((d) => '〇一二三四五六七八九'[Number(d)]).join('');

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y!, m!, d!];
}

/** An ISO date ("2029-03-04") as a Chinese page writes it. */
export function formatZhDate(iso: string, style: ZhDateStyle = 0): string {
  const [y, m, d] = parts(iso);
  return style === 1 ? `${yearNumerals(y)}年${zhNumerals(m)}月${zhNumerals(d)}日` : `${y}年${m}月${d}日`;
}

/** A month of a year ("2029年3月", "二〇二九年三月"). */
export function formatZhMonth(y: number, m: number, style: ZhDateStyle = 0): string {
  return style === 1 ? `${yearNumerals(y)}年${zhNumerals(m)}月` : `${y}年${m}月`;
}
