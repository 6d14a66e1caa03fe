import { describe, it, expect } from 'vitest';
import { findDates } from '../../src/text/dates.js';
import { Rng } from '../../src/rng.js';

describe('findDates', () => {
  it('reads month-name, ISO and numeric dates', () => {
    expect(findDates('launched march 4, 2029.')[0]).toMatchObject({ text: 'march 4, 2029', partial: false, readings: [{ y: 2029, m: 3, d: 4 }] });
    expect(findDates('the 21st of sept 2030')[0]!.readings).toEqual([{ y: 2030, m: 9, d: 21 }]);
    expect(findDates('2029-12-31')[0]!.readings).toEqual([{ y: 2029, m: 12, d: 31 }]);
    expect(findDates('the twenty-first of june, 2029')[0]!.readings).toEqual([{ y: 2029, m: 6, d: 21 }]);
  });

  it('reads numeric dates in both orders when both are valid', () => {
    expect(findDates('03/04/2029')[0]!.readings).toEqual([
      { y: 2029, m: 3, d: 4 },
      { y: 2029, m: 4, d: 3 },
    ]);
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

  it('finds what trying every pattern finds: the checks only skip patterns that cannot match (20,000 random texts)', () => {
    const rng = new Rng('date checks');
    const pieces = [
      '2029',
      '03',
      '4',
      '12',
      '-',
      '/',
      '.',
      ' ',
      ', ',
      'march',
      'mar',
      'may',
      'the',
      'fourth',
      'of',
      'th',
      '1999',
      '31',
      'sept',
      'dec.',
      '20',
      '9',
      'x',
      'é',
      '2031-04-05',
      '04/05/31',
    ];
    const differ: string[] = [];
    let dated = 0;
    for (let k = 0; k < 20_000; k++) {
      const text = Array.from({ length: rng.int(1, 10) }, () => rng.pick(pieces)).join('');
      const want = findDates(text, true);
      if (want.length > 0) dated++;
      if (JSON.stringify(findDates(text)) !== JSON.stringify(want)) differ.push(text);
    }
    expect(differ).toEqual([]);
    expect(dated).toBeGreaterThan(2000);
  });
});
