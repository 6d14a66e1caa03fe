import { describe, expect, it } from 'vitest';
import { findDates, isoOf } from '../../src/text/dates.js';
import { fold } from '../../src/text/fold.js';
import { findNumbers } from '../../src/text/numbers.js';
import { numbersEqual, statedDate, statedNumber } from '../../src/text/stated.js';
import { DATE_FORMS, NUMBER_FORMS, inContext } from './forms.js';

const numberCases = NUMBER_FORMS.flatMap(({ value, what, forms }) => forms.map((form) => [what, form, value] as const));
const dateCases = DATE_FORMS.flatMap(({ iso, forms }) => forms.map((form) => [form, iso] as const));

describe('the table of forms, read', () => {
  it.each(numberCases)('%s: %j is one number, %d', (_, form, value) => {
    for (const text of inContext(form)) expect(statedNumber(text), text).toContainEqual(value);
  });
  it.each(numberCases)('%s: %j has a reading of %d (the detector ignores signs)', (_, form, value) => {
    const readings = findNumbers(fold(form)).flatMap((n) => n.readings.map((r) => r.value));
    expect(readings.some((r) => numbersEqual(r, Math.abs(value), 0))).toBe(true);
  });
  it.each(dateCases)('%j is one date, %s', (form, iso) => {
    for (const text of inContext(form)) expect(statedDate(text), text).toContain(iso);
    expect(
      findDates(fold(form))
        .filter((d) => !d.partial)
        .flatMap((d) => d.readings.map(isoOf)),
    ).toContain(iso);
  });
});

describe('statedNumber', () => {
  it('does not read digits glued to letters as numbers', () => expect(statedNumber('Zentria X9, Q2 2029')).toEqual([2029]));
  it('states no number when the numbers written differ', () => {
    expect(statedNumber('between 5 and 10, or 1,200')).toEqual([]);
    expect(statedNumber('1,200,000 or 1,300,000')).toEqual([]);
    expect(statedNumber('1 million, then 5 million')).toEqual([]);
    expect(statedNumber('no number here')).toEqual([]);
  });
  it('states one number written twice, in two forms', () => {
    expect(statedNumber('170,403 (170403)')).toEqual([170403]);
    expect(statedNumber('1,200,000 (1.2 million, one point two million)')).toEqual([1200000]);
    expect(statedNumber('1.2M, that is 1,200,000')).toEqual([1200000]);
  });
  it('reads number words when no number is written with digits', () => {
    expect(statedNumber('1,200,000 units, more than any other one model, in two years')).toEqual([1200000]);
    expect(statedNumber('twelve')).toEqual([12]);
    expect(statedNumber('one or two')).toEqual([]);
    expect(statedNumber('1 million two hundred thousand')).toEqual([1200000]);
  });
  it('reads a number in parts once, as its sum, not as its parts', () => {
    expect(statedNumber('1 million 200 thousand')).toEqual([1200000]);
    expect(statedNumber('5 100')).toEqual([5100]);
  });
  it('keeps both values of a form that reads two ways', () => {
    expect(statedNumber('1.200')).toEqual([1.2, 1200]);
    expect(statedNumber('12m')).toEqual([12000000, 12]);
  });
  it('reads a number beside a date on its own', () => {
    expect(statedNumber('170,403 as of March 4, 2031')).toEqual([170403]);
    expect(statedNumber('170,403 in March 2031')).toEqual([170403]);
    expect(statedNumber('founded in March 2029')).toEqual([2029]);
  });
  it('reads a minus sign only where it is one', () => {
    expect(statedNumber('2029-2030')).toEqual([]);
    expect(statedNumber('from -3 to -3')).toEqual([-3]);
    expect(statedNumber('well-3')).toEqual([3]);
  });
  it('drops values past the float range and never throws', () => {
    expect(statedNumber('9'.repeat(400))).toEqual([]);
    for (const t of ['', '-', '$', '.', '1e999', '\u0000', '||']) expect(() => statedNumber(t)).not.toThrow();
  });
});

describe('statedDate', () => {
  it('reads an ambiguous numeric date both ways, an unambiguous one one way', () => {
    expect(statedDate('03/04/2029')).toEqual(['2029-03-04', '2029-04-03']);
    expect(statedDate('25/03/2029')).toEqual(['2029-03-25']);
  });
  it('rejects impossible dates', () => {
    expect(statedDate('February 30, 2029')).toEqual([]);
    expect(statedDate('February 29, 2029')).toEqual([]);
    expect(statedDate('2029-13-01')).toEqual([]);
  });
  it('does not take a bare year or a month and year as a date', () => expect(statedDate('in March 2029, 2030')).toEqual([]));
  it('states one date written twice once, and no date when two differ', () => {
    expect(statedDate('March 4, 2029 (2029-03-04)')).toEqual(['2029-03-04']);
    expect(statedDate('03/04/2029, that is March 4, 2029')).toEqual(['2029-03-04']);
    expect(statedDate('March 4, 2029 or March 5, 2029')).toEqual([]);
  });
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
