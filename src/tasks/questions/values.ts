/**
 * Values as questions write them, and read back: "$400", "$1.5 billion", "4,000 mAh", "12%", "6.5
 * inches", "2031", "March 2031", "March 4, 2031"; and the round bounds a person would write around a
 * value ("between $400 and $600"). A written value reads back as the closed interval it denotes (a year
 * is its first to its last day), so conditions compare against intervals.
 */
import { MONTHS, withCommas } from '../../format.js';
import type { Rng } from '../../rng.js';
import { memoize } from '../../util/bounded-cache.js';
import type { ColumnWords } from './labels.js';

/** A closed interval: numbers, or ISO dates. */
export type Interval = { lo: number; hi: number } | { lo: string; hi: string };

const SCALES: [number, string][] = [
  [1e9, 'billion'],
  [1e6, 'million'],
];

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** A number as a question writes it for this column: "$1.5 billion", "4,000 mAh", "12.5%", "6.25 inches". */
export function writeNumber(n: number, w: ColumnWords): string {
  const unit = w.col.unit ?? 'plain';
  const abs = Math.abs(n);
  let body = '';
  const scaled = SCALES.find(([scale]) => abs >= scale && Math.abs(Math.round((abs / scale) * 1000) - (abs / scale) * 1000) < 1e-6);
  if (scaled) body = `${trimZeros((abs / scaled[0]).toFixed(3))} ${scaled[1]}`;
  else body = Number.isInteger(abs) ? withCommas(abs) : trimZeros(withCommas(abs, Math.min(w.col.decimals ?? 2, 4)));
  if (unit === 'usd') body = `$${body}`;
  if (unit === 'percent') body = `${body}%`;
  return `${w.prefix}${n < 0 ? '-' : ''}${body}${w.suffix}`;
}

/** Reads a number written by writeNumber (or any "$1,200", "1.2 million", "45%" with the column's unit words); null if it is not one. */
export function readNumber(text: string, w: ColumnWords): number | null {
  let t = text.trim();
  if (w.prefix && t.startsWith(w.prefix)) t = t.slice(w.prefix.length);
  if (w.suffix && t.endsWith(w.suffix)) t = t.slice(0, -w.suffix.length);
  const m = /^(-)?\$?(\d[\d,]*(?:\.\d+)?)(?: (million|billion))?%?$/.exec(t);
  if (!m) return null;
  const scale = m[3] === 'billion' ? 1e9 : m[3] === 'million' ? 1e6 : 1;
  const v = Number(m[2]!.replace(/,/g, '')) * scale;
  return Math.round((m[1] ? -v : v) * 1e6) / 1e6;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** "2031" (a year) or "March 2031" (a month) for an ISO date. */
export function writeDatePart(iso: string, part: 'year' | 'month'): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return part === 'year' ? String(y) : `${MONTHS[m - 1]} ${y}`;
}

/** Reads "2031", "March 2031" or "March 4, 2031" as the interval of days it covers; null otherwise. */
export function readDate(text: string): { lo: string; hi: string } | null {
  let m = /^(\d{4})$/.exec(text);
  if (m) return { lo: `${m[1]}-01-01`, hi: `${m[1]}-12-31` };
  m = /^([A-Z][a-z]+) (\d{4})$/.exec(text);
  if (m) {
    const mi = MONTHS.indexOf(m[1]!);
    if (mi < 0) return null;
    const y = Number(m[2]);
    return { lo: `${y}-${pad(mi + 1)}-01`, hi: `${y}-${pad(mi + 1)}-${pad(lastDay(y, mi + 1))}` };
  }
  m = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(text);
  if (m) {
    const mi = MONTHS.indexOf(m[1]!);
    if (mi < 0) return null;
    const iso = `${m[3]}-${pad(mi + 1)}-${pad(Number(m[2]))}`;
    return { lo: iso, hi: iso };
  }
  return null;
}

/** The interval a written value denotes for a column (a number is a point); null when it does not read as the column's type. */
export function readWritten(text: string, w: ColumnWords): Interval | null {
  if (w.col.type === 'date') return readDate(text);
  if (w.col.type === 'integer' || w.col.type === 'real') {
    const n = readNumber(text, w);
    return n === null ? null : { lo: n, hi: n };
  }
  return null;
}

/** shiftYears by "iso|years": a within-years condition shifts the same few dates for every row it tests. */
const shifted = memoize(4096, (key: string) => {
  const [iso, years] = key.split('|') as [string, string];
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + Number(years), m - 1, d)).toISOString().slice(0, 10);
});

/** The ISO date `years` years from `iso`, as SQLite's date(iso, '+N years') computes it (Feb 29 → Mar 1). */
export function shiftYears(iso: string, years: number): string {
  return shifted(`${iso}|${years}`);
}

/**
 * Round steps a person writes bounds in: 1, 2, 2.5, 5 × 10^k; `whole`: never a fraction (a count of
 * goals is bounded by 5 or 10, not 2.5: "between 7.5 and 12.5 goals" reads as no count does).
 */
function niceStep(x: number, whole: boolean): number {
  const k = Math.floor(Math.log10(x));
  const base = 10 ** k;
  for (const f of [1, 2, 2.5, 5, 10]) if (f * base >= x && (!whole || Number.isInteger(f * base))) return f * base;
  return 10 * base;
}

/**
 * Round bounds bracketing `v` strictly: a step near `v × width` (width a fraction, e.g. 0.2), lo a
 * multiple of it below `v`, hi `span` steps above lo; whole numbers when the value is written with
 * no decimals. Null when the value is too small to bracket (lo would be 0 or less).
 */
export function roundBounds(v: number, width: number, span: 1 | 2, decimals: number): { lo: number; hi: number } | null {
  if (!(v > 0)) return null;
  const minStep = 10 ** -Math.min(decimals, 2);
  const step = Math.max(niceStep(Math.abs(v) * width, decimals === 0), minStep);
  let lo = Math.floor(v / step) * step;
  if (Math.abs(lo - v) < 1e-9) lo -= step;
  const hi = lo + span * step;
  const fix = (x: number) => Math.round(x * 1e6) / 1e6;
  if (fix(lo) <= 0 || fix(hi) <= v) return null;
  return { lo: fix(lo), hi: fix(hi) };
}

/** A width for round bounds, drawn: narrow to wide. */
export function drawWidth(rng: Rng): number {
  return rng.pick([0.08, 0.15, 0.25, 0.4, 0.6]);
}
