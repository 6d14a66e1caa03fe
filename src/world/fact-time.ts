/**
 * When a fact becomes true (the column's TimeRole, spec/parts.ts), as an ISO date: the date a page must
 * be on or after to report it as done. null = a standing fact, true whenever a page is dated.
 */
import { isoFromDay, dayFromIso } from '../format.js';
import type { ColumnDef, Row } from '../themes/_define.js';
import type { Fact } from './types.js';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The last day of a period written as "Q2 2031", "H1 2031", "March 2031", "2031" or an ISO date (a week ending). */
export function periodEnd(period: string): string | null {
  const p = period.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(p)) return p;
  const lastDay = (y: number, m: number) => isoFromDay(dayFromIso(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`) - 1);
  let m = /^Q([1-4]) (\d{4})$/.exec(p);
  if (m) return lastDay(Number(m[2]), Number(m[1]) * 3);
  m = /^H([12]) (\d{4})$/.exec(p);
  if (m) return lastDay(Number(m[2]), Number(m[1]) * 6);
  m = /^([A-Za-z]+) (\d{4})$/.exec(p);
  if (m && MONTHS.includes(m[1]!.toLowerCase())) return lastDay(Number(m[2]), MONTHS.indexOf(m[1]!.toLowerCase()) + 1);
  if (/^\d{4}$/.test(p)) return `${p}-12-31`;
  return null;
}

/** The date from which `fact` may be reported as done, or null for a standing fact. */
export function factTime(fact: Fact, col: ColumnDef, row: Row | undefined, year: number): string | null {
  const role = col.time;
  if (!role) return null;
  if (role === 'event') return fact.objectType === 'date' ? fact.object : null;
  if (role === 'year_end') return `${year}-12-31`;
  const period = row?.[role.periodColumn];
  return period === null || period === undefined ? null : periodEnd(String(period));
}
