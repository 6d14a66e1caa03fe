/**
 * Values as a question writes them ("$400", "1.2 million", "12.5%", "June 2031", "2031", "March 4,
 * 2031", "oral") and as pages state them, read to compare: a date written to the month or the year is
 * the span of days it covers; a number goes through the one number reader (src/text/stated.ts).
 */
import { MONTHS } from '../format.js';
import { statedDate, statedNumber } from '../text/stated.js';
import type { ValueType } from '../themes/_define.js';
import type { Condition } from '../tasks/families/reading.js';
import { dateOf } from './values.js';

/** A span of days, ISO, both ends included. */
export interface DaySpan {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthIndex = (name: string) => MONTHS.findIndex((m) => m.toLowerCase() === name.toLowerCase() || m.slice(0, 3).toLowerCase() === name.toLowerCase()) + 1;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The days a written date covers: a full date, a month ("June 2031"), a year ("2031"); null otherwise. */
export function daySpanOf(text: string): DaySpan | null {
  const t = text.trim().replace(/^(?:in|on)\s+/i, '');
  const full = dateOf(t) ?? (statedDate(t).length === 1 ? statedDate(t)[0]! : null);
  if (full) return { from: full, to: full };
  const my = /^([A-Za-z]+)\.?\s+(\d{4})$/.exec(t);
  if (my && monthIndex(my[1]!) > 0) {
    const y = Number(my[2]);
    const m = monthIndex(my[1]!);
    return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDay(y, m))}` };
  }
  const ym = /^(\d{4})-(\d{2})$/.exec(t);
  if (ym) {
    const [y, m] = [Number(ym[1]), Number(ym[2])];
    return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDay(y, m))}` };
  }
  const y = /^(\d{4})$/.exec(t);
  if (y) return { from: `${y[1]}-01-01`, to: `${y[1]}-12-31` };
  return null;
}

/** A number as written or stated ("$400", "1.2 million", "12.5%", "54,196"); null when none or ambiguous. */
export function amountOf(text: string): number | null {
  const ns = statedNumber(text);
  return ns.length >= 1 ? ns[0]! : null;
}

/** A stated date, ISO (a full date only). */
export function dayOf(text: string): string | null {
  const s = daySpanOf(text);
  return s && s.from === s.to ? s.from : null;
}

/** Text compared as a reader compares it: case, spacing and emphasis aside. */
export const plainText = (s: string) => s.toLowerCase().replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();

const same = (a: string, b: string) => plainText(a) === plainText(b);

/**
 * Whether a stated value meets a condition on one value (between, above, below, is); `type` is the
 * label's type (dates compare as days, numbers as amounts, the rest as text). Null when the stated
 * value cannot be read as the type asks.
 */
export function meets(cond: Extract<Condition, { op: 'between' | 'above' | 'below' | 'is' }>, stated: string, type: ValueType | null): boolean | null {
  if (cond.op === 'is') return same(stated, cond.value);
  if (type === 'date') {
    const d = dayOf(stated);
    if (!d) return null;
    if (cond.op === 'between') {
      const lo = daySpanOf(cond.lo);
      const hi = daySpanOf(cond.hi);
      return lo && hi ? d >= lo.from && d <= hi.to : null;
    }
    const v = daySpanOf(cond.value);
    if (!v) return null;
    return cond.op === 'above' ? d > v.to : d < v.from;
  }
  const n = amountOf(stated);
  if (n === null) return null;
  if (cond.op === 'between') {
    const lo = amountOf(cond.lo);
    const hi = amountOf(cond.hi);
    return lo !== null && hi !== null ? n >= lo && n <= hi : null;
  }
  const v = amountOf(cond.value);
  if (v === null) return null;
  return cond.op === 'above' ? n > v : n < v;
}

/** A sortable key of a stated value of `type`: days for a date, the amount otherwise. */
export function sortKey(stated: string, type: ValueType | null): number | null {
  if (type === 'date') {
    const d = dayOf(stated);
    return d ? Date.parse(`${d}T00:00:00Z`) / 86_400_000 : null;
  }
  return amountOf(stated);
}

/** Days from ISO date `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
