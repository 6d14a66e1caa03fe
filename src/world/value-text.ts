/** A fact's value as a page writes it, in a page's number and date style. The one place values are formatted for pages. */
import { formatDate, formatNumber, type DateStyle, type NumberStyle } from '../format.js';
import type { FactIndex } from './facts.js';
import type { Fact } from './types.js';

export interface ValueStyle {
  num: NumberStyle;
  date: DateStyle;
}

export function formatValue(fx: FactIndex, fact: Fact, style: ValueStyle): string {
  const fmt = fx.format(fact);
  if (fact.objectType === 'integer' || fact.objectType === 'real') return formatNumber(Number(fact.object), fmt.unit, fmt.decimals, style.num);
  if (fact.objectType === 'date') return formatDate(fact.object, style.date);
  return fact.object;
}

/** A value with the text a page writes for it: what a noise claim states. */
export interface StatedValue {
  text: string;
  value: number;
}

const SCALES: [number, string][] = [
  [1e9, 'billion'],
  [1e6, 'million'],
];

/** "1.2 million", "$3.4 billion", "45,000": a number written with at most `digits` significant digits. */
function roughText(value: number, unit: string, digits: number): string {
  const sign = unit === 'usd' ? '$' : '';
  for (const [scale, word] of SCALES)
    if (Math.abs(value) >= scale) return `${sign}${Number((value / scale).toPrecision(digits))} ${word}${unit === 'percent' ? '%' : ''}`;
  return formatNumber(value, unit as Parameters<typeof formatNumber>[1], 0, 0);
}

function toPrecision(value: number, digits: number): number {
  return Number(value.toPrecision(digits));
}

/** Whether a fact's value can be rounded, estimated or misremembered on a page: a count or amount of at least 1,000. */
export function roundable(fact: Fact): boolean {
  return fact.objectType === 'integer' && Math.abs(Number(fact.object)) >= 1000;
}

/** "about 1.2 million": the fact rounded to two significant digits (null when that is the exact value). */
export function roundedValue(fx: FactIndex, fact: Fact): StatedValue | null {
  if (!roundable(fact)) return null;
  const v = Number(fact.object);
  const r = toPrecision(v, 2);
  if (r === v) return null;
  return { text: `about ${roughText(r, fx.format(fact).unit, 2)}`, value: r };
}

/** "an estimated 1,230,000": an early figure `drift` (a fraction, e.g. 0.02) away from the fact, three significant digits. */
export function preliminaryValue(fx: FactIndex, fact: Fact, drift: number, word: 'an estimated' | 'a preliminary', num: NumberStyle = 0): StatedValue | null {
  if (!roundable(fact)) return null;
  const v = Number(fact.object);
  const p = toPrecision(v * (1 + drift), 3);
  if (p === v) return null;
  return { text: `${word} ${formatNumber(p, fx.format(fact).unit, 0, num)}`, value: p };
}

/** A wrong figure `off` (a fraction, e.g. -0.2) away from the fact, as a forum post misremembers it. */
export function wrongValue(fx: FactIndex, fact: Fact, off: number, num: NumberStyle = 0): StatedValue | null {
  if (!roundable(fact)) return null;
  const v = Number(fact.object);
  const w = toPrecision(v * (1 + off), 2);
  if (w === v || w <= 0) return null;
  return { text: formatNumber(w, fx.format(fact).unit, 0, num), value: w };
}
