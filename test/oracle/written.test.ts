import { describe, expect, it } from 'vitest';
import { amountOf, daysBetween, daySpanOf, dayOf, meets, sortKey } from '../../src/oracle/written.js';

describe('written values', () => {
  it('reads dates to the day, the month or the year as the days they cover', () => {
    expect(daySpanOf('March 4, 2031')).toEqual({ from: '2031-03-04', to: '2031-03-04' });
    expect(daySpanOf('4 March 2031')).toEqual({ from: '2031-03-04', to: '2031-03-04' });
    expect(daySpanOf('June 2031')).toEqual({ from: '2031-06-01', to: '2031-06-30' });
    expect(daySpanOf('February 2032')).toEqual({ from: '2032-02-01', to: '2032-02-29' });
    expect(daySpanOf('2031')).toEqual({ from: '2031-01-01', to: '2031-12-31' });
    expect(daySpanOf('oral')).toBeNull();
    expect(dayOf('2031')).toBeNull();
  });

  it('reads amounts as questions and pages write them', () => {
    expect(amountOf('$400')).toBe(400);
    expect(amountOf('1.2 million')).toBe(1_200_000);
    expect(amountOf('12.5%')).toBe(12.5);
    expect(amountOf('54,196')).toBe(54196);
    expect(amountOf('oral')).toBeNull();
  });

  it('checks conditions by the label type', () => {
    expect(meets({ op: 'between', label: 'price', lo: '$400', hi: '$600' }, '$450', 'integer')).toBe(true);
    expect(meets({ op: 'between', label: 'price', lo: '$400', hi: '$600' }, '$1,450', 'integer')).toBe(false);
    expect(meets({ op: 'between', label: 'launch date', lo: '2031', hi: '2031' }, 'December 31, 2031', 'date')).toBe(true);
    expect(meets({ op: 'above', label: 'launch date', value: 'June 2031' }, '2031-06-30', 'date')).toBe(false);
    expect(meets({ op: 'above', label: 'launch date', value: 'June 2031' }, '2031-07-01', 'date')).toBe(true);
    expect(meets({ op: 'below', label: 'units', value: '1.2 million' }, '1,199,999', 'integer')).toBe(true);
    expect(meets({ op: 'is', label: 'route', value: 'oral' }, 'Oral', 'text')).toBe(true);
    expect(meets({ op: 'above', label: 'units', value: '100' }, 'n/a', 'integer')).toBeNull();
    expect(sortKey('2031-01-02', 'date')! - sortKey('2031-01-01', 'date')!).toBe(1);
  });

  it('counts days between two dates, either way round', () => {
    expect(daysBetween('2031-01-01', '2031-03-01')).toBe(59);
    expect(daysBetween('2032-01-01', '2032-03-01')).toBe(60);
    expect(daysBetween('2031-03-01', '2031-01-01')).toBe(-59);
  });
});
