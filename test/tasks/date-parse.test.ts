import { describe, expect, it } from 'vitest';
import { dateMentions, distinctDates, isoDate } from '../../src/tasks/date-parse.js';

const one = (s: string) => dateMentions(s).map((m) => m.candidates);

describe('dateMentions', () => {
  it.each([
    '2029-03-04', '2029/03/04', '2029-3-4', '2029.03.04', '2029-03-04T00:00:00Z', 'March 4, 2029', 'march 4 2029', 'Mar 4, 2029',
    'Mar. 4, 2029', 'March 4th, 2029', '4 March 2029', '4 Mar 2029', '4th of March, 2029', '04 March, 2029', 'on 4 March 2029.',
  ])('%j is 2029-03-04', (text) => expect(one(text)).toEqual([['2029-03-04']]));

  it('reads an ambiguous numeric date both ways', () => expect(one('03/04/2029')).toEqual([['2029-03-04', '2029-04-03']]));
  it('reads an unambiguous numeric date one way', () => expect(one('25/03/2029')).toEqual([['2029-03-25']]));
  it('reads a dotted European date', () => expect(one('25.3.2029')).toEqual([['2029-03-25']]));
  it('rejects impossible dates', () => {
    expect(one('February 30, 2029')).toEqual([]);
    expect(one('2029-13-01')).toEqual([]);
    expect(isoDate(2028, 2, 29)).toBe('2028-02-29');
    expect(isoDate(2029, 2, 29)).toBeNull();
  });
  it('does not take a bare year or a month and year as a date', () => expect(one('in March 2029, 2030')).toEqual([]));
  it('counts one date written twice once', () => expect(distinctDates('March 4, 2029 (2029-03-04)')).toHaveLength(1));
  it('counts two different dates twice', () => expect(distinctDates('March 4, 2029 or March 5, 2029')).toHaveLength(2));
});
