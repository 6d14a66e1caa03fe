import { describe, expect, it } from 'vitest';
import { dayFromIso, formatDate, formatNumber, formatShortDate, isoFromDay } from '../src/format.js';
import { fold } from '../src/text/fold.js';
import { findNumbers } from '../src/text/numbers.js';

describe('formatShortDate', () => {
  it('writes the result date line, and N/A for an undated page', () => {
    expect(formatShortDate('2029-03-04')).toBe('Mar 4, 2029');
    expect(formatShortDate('2031-12-25')).toBe('Dec 25, 2031');
    expect(formatShortDate(null)).toBe('N/A');
    expect(formatShortDate(undefined)).toBe('N/A');
  });

  it('gives the same line as before once remembered, for thousands of dates', () => {
    for (let day = 20_000; day < 32_000; day += 1) {
      const iso = isoFromDay(day);
      const line = formatShortDate(iso);
      expect(formatShortDate(iso)).toBe(line);
      expect(line).toBe(formatDate(iso).replace(/^(\w{3})\w*/, '$1'));
      expect(dayFromIso(iso)).toBe(day);
    }
  });
});

describe('formatNumber', () => {
  it('writes style 1 in scale words only where they are exact, and every form reads back to its value', () => {
    expect(formatNumber(1_773_000_000, 'usd', 0, 1)).toBe('$1.773 billion');
    expect(formatNumber(110_000_000, 'usd', 0, 1)).toBe('$110 million');
    expect(formatNumber(-3_000_000, 'usd', 0, 1)).toBe('-$3 million');
    expect(formatNumber(20_060_100_000, 'usd', 0, 1)).toBe('$20,060,100,000');
    expect(formatNumber(8_627_307, 'count', 0, 1)).toBe('8,627,307');
    expect(formatNumber(899, 'usd', 0, 1)).toBe('$899');
    expect(formatNumber(1_773_000_000, 'usd', 0, 0)).toBe('$1,773,000,000');
    for (const v of [1_000_000, 12_500_000, 1_773_000_000, 20_060_100_000, 999_999, 4_000_000_000])
      for (const style of [0, 1] as const) {
        const text = formatNumber(v, 'plain', 0, style);
        expect(
          findNumbers(fold(text)).some((m) => m.readings.some((r) => r.value === v)),
          text,
        ).toBe(true);
      }
  });
});
