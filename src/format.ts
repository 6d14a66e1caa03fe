/**
 * Locale-independent formatting of values for pages and answers. Never uses toLocaleString:
 * output must not depend on the machine.
 */
import type { Unit, ValueType } from './themes/_define.js';
import { memoize } from './util/bounded-cache.js';

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const MONTHS_SHORT = MONTHS.map((m) => m.slice(0, 3));

/** "1234567.5" → "1,234,567.5" */
export function withCommas(n: number, decimals = 0): string {
  const neg = n < 0;
  const fixed = Math.abs(n).toFixed(decimals);
  const [int, frac] = fixed.split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (neg ? '-' : '') + grouped + (frac ? `.${frac}` : '');
}

/** The canonical text of a value as stored in `facts.object`: no separators, fixed decimals, ISO dates. */
export function canonical(value: number | string, type: ValueType, decimals = 0): string {
  if (type === 'integer') return String(Math.trunc(Number(value)));
  if (type === 'real') return Number(value).toFixed(decimals);
  return String(value);
}

/**
 * Page rendering styles of a number; every style is exact (no rounding). 0: grouped digits ("$1,773,000,000");
 * 1: scale words where they write the value exactly in at most four significant digits ("$1.773 billion",
 * "$110 million"), grouped digits otherwise.
 */
export type NumberStyle = 0 | 1;

const SCALE_WORDS: [number, string][] = [
  [1e9, 'billion'],
  [1e6, 'million'],
];

/** "1.773 billion" for 1773000000: a whole number of a million or more in scale words, when exact in ≤ 4 significant digits. */
function inScaleWords(value: number, decimals: number): string | null {
  if (decimals !== 0 || !Number.isSafeInteger(value)) return null;
  const digits = String(Math.abs(value)).replace(/0+$/, '').length;
  if (digits > 4) return null;
  for (const [scale, word] of SCALE_WORDS) if (Math.abs(value) >= scale) return `${Math.abs(value) / scale} ${word}`;
  return null;
}

export function formatNumber(value: number, unit: Unit = 'plain', decimals = 0, style: NumberStyle = 0): string {
  const words = style === 1 ? inScaleWords(value, decimals) : null;
  const body = words ? (value < 0 ? `-${words}` : words) : withCommas(value, decimals);
  switch (unit) {
    case 'usd':
      return value < 0 ? `-$${body.slice(1)}` : `$${body}`;
    case 'percent':
      return `${body}%`;
    default:
      return body;
  }
}

/** Date styles: 0 "March 4, 2029", 1 "2029-03-04", 2 "4 March 2029". */
export type DateStyle = 0 | 1 | 2;

/** How a site writes a date in a sentence: as it is spoken; a site whose records are ISO writes "March 4, 2029" in prose. */
export const spokenDateStyle = (style: DateStyle): DateStyle => (style === 1 ? 0 : style);

export function parseIso(iso: string): { y: number; m: number; d: number } {
  const [y, m, d] = iso.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
}

export function formatDate(iso: string, style: DateStyle = 0): string {
  const { y, m, d } = parseIso(iso);
  if (style === 1) return iso;
  if (style === 2) return `${d} ${MONTHS[m - 1]} ${y}`;
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** Date lines already made (every result of every search has one; a world has a few hundred dates). */
const shortDates = memoize<string, string>(10_000, (iso) => {
  const { y, m, d } = parseIso(iso);
  return `${MONTHS_SHORT[m - 1]} ${d}, ${y}`;
});

/** The search-result date line: "Mar 4, 2029". */
export function formatShortDate(iso: string | null | undefined): string {
  return iso ? shortDates(iso) : 'N/A';
}

/** ISO date from a day number counted from 1970-01-01 (UTC, no Date.now). */
export function isoFromDay(day: number): string {
  return new Date(day * 86400000).toISOString().slice(0, 10);
}

export function dayFromIso(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / 86400000);
}

/** Every exact page rendering of a fact's value: what the consistency check accepts as "stated". */
export function exactForms(object: string, type: ValueType, unit: Unit = 'plain', decimals = 0): string[] {
  if (type === 'integer' || type === 'real') {
    const n = Number(object);
    return [formatNumber(n, unit, decimals, 0), formatNumber(n, unit, decimals, 1)];
  }
  if (type === 'date') return [formatDate(object, 0), formatDate(object, 1), formatDate(object, 2)];
  return [object];
}

/** A URL path segment: "Zentria X9" → "Zentria_X9". */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function kebab(text: string): string {
  return slug(text).toLowerCase().replace(/_/g, '-');
}
