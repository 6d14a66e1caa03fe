import { describe, expect, it } from 'vitest';
import { dayFromIso, formatDate, formatShortDate, isoFromDay } from '../src/format.js';

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
