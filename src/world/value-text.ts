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
