/**
 * What the readers of numbers (numbers.ts, and zh-numbers.ts for Chinese forms) give back: a value with
 * the precision it was written with, and the span it was written over.
 */

export interface NumberReading {
  value: number;
  /** The unit of the last written digit: 1e5 for "1.2 million" and for "1,200,000". */
  precision: number;
  /** Significant digits as written: 2 for "1.2 million" and "1,200,000", 3 for "1.20 million". */
  sig: number;
}

export interface Span {
  start: number;
  end: number;
}

export interface NumberMention extends Span {
  text: string;
  readings: NumberReading[];
  /** A number written in parts, read as their sum ("1 million 200 thousand"); its parts are mentions too. */
  compound?: true;
}

/** One reading from integer digits, fraction digits and a power of ten. */
export function reading(intDigits: string, fracDigits: string, exp = 0): NumberReading {
  const mantissa = fracDigits ? `${intDigits}.${fracDigits}` : intDigits;
  const value = Number(`${mantissa}e${exp}`);
  const digits = (intDigits + fracDigits).replace(/^0+/, '');
  if (fracDigits) return { value, precision: Number(`1e${exp - fracDigits.length}`), sig: digits.length };
  const trailing = digits.length - digits.replace(/0+$/, '').length;
  return { value, precision: Number(`1e${exp + trailing}`), sig: digits.length - trailing };
}

export const overlaps = (a: Span, spans: readonly Span[]): boolean => spans.some((s) => a.start < s.end && s.start < a.end);
