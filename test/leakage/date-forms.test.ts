import { describe, it, expect } from 'vitest';
import { findDates } from '../../src/leakage/date-forms.js';

describe('findDates', () => {
  it('reads month-name, ISO and numeric dates', () => {
    expect(findDates('launched march 4, 2029.')[0]).toMatchObject({ text: 'march 4, 2029', partial: false, readings: [{ y: 2029, m: 3, d: 4 }] });
    expect(findDates('the 21st of sept 2030')[0]!.readings).toEqual([{ y: 2030, m: 9, d: 21 }]);
    expect(findDates('2029-12-31')[0]!.readings).toEqual([{ y: 2029, m: 12, d: 31 }]);
    expect(findDates('the twenty-first of june, 2029')[0]!.readings).toEqual([{ y: 2029, m: 6, d: 21 }]);
  });

  it('reads numeric dates in both orders when both are valid', () => {
    expect(findDates('03/04/2029')[0]!.readings).toEqual([{ y: 2029, m: 3, d: 4 }, { y: 2029, m: 4, d: 3 }]);
    expect(findDates('31/12/1999')[0]!.readings).toEqual([{ y: 1999, m: 12, d: 31 }]);
  });

  it('reads month and year as partial, outside full dates', () => {
    expect(findDates('in march 2029')).toMatchObject([{ partial: true, readings: [{ y: 2029, m: 3 }] }]);
    expect(findDates('march 4, 2029')).toHaveLength(1);
    expect(findDates('2029-03')[0]!.partial).toBe(true);
  });

  it('rejects impossible dates and bare years', () => {
    expect(findDates('february 30, 2029')).toEqual([]);
    expect(findDates('2029-13-01')).toEqual([]);
    expect(findDates('in 2029')).toEqual([]);
  });
});
