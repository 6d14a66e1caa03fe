import { describe, expect, it } from 'vitest';
import { distinctNumbers, numberMentions, numbersEqual } from '../../src/tasks/number-parse.js';

const values = (s: string) => numberMentions(s).map((m) => m.value);

describe('numberMentions', () => {
  it.each([
    ['1,200,000', 1200000], ['1200000', 1200000], ['1200000.0', 1200000], ['1.2 million', 1200000], ['1.2million', 1200000],
    ['$1.2M', 1200000], ['1.2m', 1200000], ['US$1,200,000', 1200000], ['USD 1,200,000', 1200000], ['1 200 000', 1200000],
    ['1\u202f200\u202f000', 1200000], ["1'200'000", 1200000], ['1.200.000', 1200000], ['1,200 thousand', 1200000],
    ['0.0012 billion', 1200000], ['1.15 million', 1150000], ['170k', 170000], ['€1.2bn', 1.2e9], ['12.5%', 12.5],
    ['5,83', 5.83], ['.5', 0.5], ['−3', -3], ['-$5', -5], ['$-5', -5], ['4,761mAh', 4761], ['5000mAh', 5000], ['**899**', 899],
  ])('%j → %d', (text, want) => expect(values(text)).toEqual([want]));

  it('does not read digits glued to letters as numbers', () => expect(values('Zentria X9, Q2 2029')).toEqual([2029]));
  it('finds several numbers in order', () => expect(values('between 5 and 10, or 1,200')).toEqual([5, 10, 1200]));
  it('does not take "mAh" as a million', () => expect(values('4761 mAh')).toEqual([4761]));
  it('dedupes equal values written twice', () => expect(distinctNumbers('170,403 (170403)')).toEqual([170403]));
});

describe('numbersEqual', () => {
  it('is exact at tolerance 0, up to float noise', () => {
    expect(numbersEqual(1150000, 1.15 * 1e6, 0)).toBe(true);
    expect(numbersEqual(1150001, 1150000, 0)).toBe(false);
  });
  it('accepts a relative difference up to the tolerance, not beyond', () => {
    expect(numbersEqual(100.5, 100, 0.005)).toBe(true);
    expect(numbersEqual(99.5, 100, 0.005)).toBe(true);
    expect(numbersEqual(100.51, 100, 0.005)).toBe(false);
    expect(numbersEqual(99.49, 100, 0.005)).toBe(false);
  });
});
