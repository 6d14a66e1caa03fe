/** The value rules of claims: roundings of numbers and dates, whole-value matching, whole-word references. */
import { describe, expect, it } from 'vitest';
import { hasWords, roundsDate, roundsNumber, writtenNumber } from '../../src/world/claim-check.js';
import { findValue } from '../../src/world/claims.js';

describe('roundsNumber: within half a unit of the last kept digit', () => {
  it('accepts roundings of 1,213,400 and refuses what is not one', () => {
    for (const ok of ['about 1.2 million', '1.21 million', 'some 1,200,000', 'about 1,213,000', 'roughly 1 million', '1.2m', '1,213,400'])
      expect(roundsNumber(ok, 1213400), ok).toBe(true);
    for (const bad of ['about 1.3 million', '1.22 million', 'about 1,214,000', 'about 1.2 billion', 'about 12 million', 'a lot'])
      expect(roundsNumber(bad, 1213400), bad).toBe(false);
  });

  it('reads money, percentages and decimals', () => {
    expect(roundsNumber('about $430', 429)).toBe(true);
    expect(roundsNumber('about $400', 429)).toBe(true); // to the hundred
    expect(roundsNumber('about $450', 429)).toBe(false);
    expect(roundsNumber('nearly 12%', 12.34)).toBe(true);
    expect(roundsNumber('about 12.4%', 12.34)).toBe(false);
    expect(roundsNumber('$2.5 billion', 2_540_000_000)).toBe(true);
    expect(writtenNumber('about 1,200')).toEqual({ value: 1200, unit: 100, scaled: false });
    expect(writtenNumber('1.20 million')).toEqual({ value: 1_200_000, unit: 10_000, scaled: true });
    expect(writtenNumber('a loss of -$3.5 million')).toEqual({ value: -3_500_000, unit: 100_000, scaled: true });
  });

  it('reads Chinese forms with the same reader: 1.2亿, 1亿2000万, 一千二百万', () => {
    expect(writtenNumber('约1.2亿')).toEqual({ value: 120_000_000, unit: 10_000_000, scaled: true });
    expect(roundsNumber('约1.2亿', 121_340_000)).toBe(true);
    expect(roundsNumber('约1.3亿', 121_340_000)).toBe(false);
    expect(writtenNumber('1亿2000万')?.value).toBe(120_000_000);
    expect(roundsNumber('一千二百万', 12_000_000)).toBe(true);
  });
});

describe('roundsDate: the month, quarter, half or year that contains it', () => {
  it('accepts the periods holding 2029-03-04 and refuses others', () => {
    for (const ok of ['in March 2029', 'early March 2029', 'Q1 2029', 'H1 2029', 'in 2029']) expect(roundsDate(ok, '2029-03-04'), ok).toBe(true);
    for (const bad of ['April 2029', 'Q2 2029', 'H2 2029', '2030', 'spring']) expect(roundsDate(bad, '2029-03-04'), bad).toBe(false);
  });
});

describe('findValue and hasWords', () => {
  it('finds a number only where no longer number goes on around it', () => {
    expect(findValue('it sold 1,200 units.', '1,200')).toBe(8);
    expect(findValue('it sold 31,200 units', '1,200')).toBe(-1);
    expect(findValue('it sold 1,200,000 units', '1,200')).toBe(-1);
    expect(findValue('priced at $899.', '$899')).toBe(10);
    expect(findValue('a 13.5% share, then 3.5%', '3.5%')).toBe(20);
  });

  it('matches references as whole words', () => {
    expect(hasWords('it launched at $429.', 'it')).toBe(true);
    expect(hasWords('with a price of $429', 'it')).toBe(false);
    expect(hasWords('the lyon-based maker said', 'the lyon-based maker')).toBe(true);
  });
});
