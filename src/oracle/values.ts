/** Stated values as numbers and dates, for comparing and summing: "$1,299" → 1299, "4 March 2029" → "2029-03-04". */
import { MONTHS } from '../format.js';

/** A number as pages write it ("$1,234,567", "12.50%", "-3.5", "1234"), or null. */
export function numberOf(text: string): number | null {
  const m = /^\s*(-)?\s*\$?\s*(-)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*%?\s*(?:[A-Za-z]+)?\s*$/.exec(text);
  if (!m) return null;
  const n = Number(`${m[3]!.replace(/,/g, '')}${m[4] ?? ''}`);
  return m[1] || m[2] ? -n : n;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as pages write it ("March 4, 2029", "2029-03-04", "4 March 2029") as ISO, or null. */
export function dateOf(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) return t;
  const month = (name: string) => MONTHS.findIndex((m) => m.toLowerCase() === name.toLowerCase()) + 1;
  const mdy = /^([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})$/.exec(t);
  if (mdy && month(mdy[1]!) > 0) return `${mdy[3]}-${pad(month(mdy[1]!))}-${pad(Number(mdy[2]))}`;
  const dmy = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})$/.exec(t);
  if (dmy && month(dmy[2]!) > 0) return `${dmy[3]}-${pad(month(dmy[2]!))}-${pad(Number(dmy[1]))}`;
  return null;
}

/** A sortable key of a stated value: a date's ISO text or a number; null when neither. */
export function orderKey(text: string): { date: string } | { number: number } | null {
  const d = dateOf(text);
  if (d) return { date: d };
  const n = numberOf(text);
  return n === null ? null : { number: n };
}
