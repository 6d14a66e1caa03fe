import { describe, it, expect } from 'vitest';
import { findNumbers, numberMatch, reading } from '../../src/text/numbers.js';
import { Rng } from '../../src/rng.js';

const values = (text: string) => findNumbers(text).flatMap((n) => n.readings.map((r) => r.value));

/**
 * 20,000 random texts of 1 to `most` pieces (text k drawn from `piecesOf(k)`), each scanned as usual and
 * with every scan and position tried: the texts where the two differ, and how many held a number.
 */
function againstEveryPattern(rng: Rng, piecesOf: (k: number) => readonly string[], most: number): { differ: string[]; numbered: number } {
  const differ: string[] = [];
  let numbered = 0;
  for (let k = 0; k < 20_000; k++) {
    const pieces = piecesOf(k);
    const text = Array.from({ length: rng.int(1, most) }, () => rng.pick(pieces)).join('');
    const want = findNumbers(text, [], { everyPattern: true });
    if (want.length > 0) numbered++;
    if (JSON.stringify(findNumbers(text)) !== JSON.stringify(want)) differ.push(text);
  }
  return { differ, numbered };
}

describe('findNumbers', () => {
  it('reads grouped, scaled, exponent and word forms', () => {
    expect(values('1,200,000')).toEqual([1200000]);
    expect(values('1.200.000')).toEqual([1200000]);
    expect(values('1.2 million')).toEqual([1200000]);
    expect(values('1.2bn')).toEqual([1200000000]);
    expect(values('12k')).toEqual([12000]);
    expect(values('1.2e6')).toEqual([1200000]);
    expect(values('1.2 x 10^6')).toEqual([1200000]);
    expect(values('one million two hundred thousand')).toEqual([1200000]);
    expect(values('twelve hundred')).toEqual([1200]);
    expect(values('one point two million')).toEqual([1200000]);
    expect(values('12,5%')).toEqual([12.5]);
  });

  it('keeps numbers whole on token boundaries', () => {
    expect(values('in 2012')).toEqual([2012]);
    expect(values('11.25')).toEqual([11.25]);
    expect(values('x9 q2')).toEqual([]);
    expect(values('v1.2.3')).toEqual([]);
    expect(values('sold 1,234,567.')).toEqual([1234567]);
  });

  it('reads ambiguous forms both ways', () => {
    expect(values('1.200')).toEqual([1.2, 1200]);
    expect(values('6.5m')).toEqual([6500000, 6.5]);
    expect(values('five, six')).toEqual(expect.arrayContaining([5, 6]));
  });

  it('reads a number written in parts as their sum, and keeps the parts', () => {
    expect(values('1 million 200 thousand')).toEqual([1200000, 1000000, 200000]);
    expect(values('1 million, 200 thousand')).toContain(1200000);
    expect(values('1 million and 200 thousand')).toContain(1200000);
    expect(values('1 million two hundred thousand')).toContain(1200000);
    expect(values('3 billion 450 million 20 thousand')).toContain(3450020000);
    expect(values('2 thousand 5 hundred')).toContain(2500);
    expect(values('2 thousand 5 hundred 20')).toContain(2520);
    expect(values('1 million 2 hundred thousand')).toContain(1200000);
    expect(values('3 billion 4 hundred million')).toContain(3400000000);
    expect(values('1 million 2 hundred thousand')).not.toContain(1000200);
    // the first part must be a whole number of its scale
    expect(values('1.2 million 300 thousand')).toEqual([1200000, 300000]);
    expect(values('12k 500')).toContain(12500);
    // a later part must be under the scale of the one before, and only spaces, a comma or "and" may join them
    expect(values('5 million 7 million')).toEqual([5000000, 7000000]);
    expect(values('in 2021 1 million')).toEqual([2021, 1000000]);
    expect(values('1 million units, 200 thousand returned')).toEqual([1000000, 200000]);
    // past exact integers there is no sum to read
    expect(values('9e20 million 5')).toEqual([9e26, 5]);
    const [whole] = findNumbers('1 million 200 thousand');
    expect(whole).toMatchObject({ start: 0, end: 22, text: '1 million 200 thousand', compound: true });
    expect(whole!.readings[0]).toEqual(reading('1200000', ''));
    expect(
      findNumbers('1 million 200 thousand')
        .filter((n) => !n.compound)
        .map((n) => n.text),
    ).toEqual(['1 million', '200 thousand']);
  });

  it('reads parts joined by a comma or "and" (maybe a list) as an exact sum only', () => {
    const list = findNumbers('1 million, 500 thousand returned').find((n) => n.compound)!;
    expect(list.readings.map((r) => r.value)).toEqual([1500000]);
    expect(numberMatch(list.readings[0]!, 1500000)).toBe('exact');
    expect(numberMatch(list.readings[0]!, 1534000)).toBeNull();
    const spaced = findNumbers('1 million 500 thousand').find((n) => n.compound)!;
    expect(numberMatch(spaced.readings[0]!, 1534000)).toBe('rounded');
  });

  it('skips spans it is told to skip', () => {
    expect(values('march 4, 2029')).toEqual([4, 2029]);
    expect(findNumbers('march 4, 2029', [{ start: 0, end: 13 }])).toEqual([]);
  });

  it('finds what running every scan finds: the checks only skip scans that cannot find a number (20,000 random texts)', () => {
    const rng = new Rng('number checks');
    const words = [
      ' ',
      ', ',
      'a',
      'and',
      'point',
      'one',
      'two',
      'hundred',
      'thousand',
      'million',
      'twenty',
      'nine',
      'teen',
      'fifteen',
      'ty',
      'k',
      'm',
      'bn',
      '-',
      'x',
      'phone',
      'often',
      'é',
      '$',
      '%',
    ];
    const digits = ['1', '12', '1,200', '0.5', 'e6', ' x 10^6'];
    // half the texts without a digit, so the word scan's check is exercised on its own
    const { differ, numbered } = againstEveryPattern(rng, (k) => (k % 2 === 0 ? words : [...words, ...digits]), 10);
    expect(differ).toEqual([]);
    expect(numbered).toBeGreaterThan(5000);
  });

  it('finds by digit runs what scanning every position finds (20,000 random texts dense in digits and separators)', () => {
    const rng = new Rng('digit runs');
    const pieces = [
      '1',
      '2',
      '0',
      '12',
      '123',
      '1234',
      '5000',
      ',',
      '.',
      "'",
      ' ',
      '-',
      '/',
      '_',
      'a',
      'x',
      'é',
      'e',
      'e+',
      '^',
      '·',
      '10^',
      '²',
      '½',
      '٣',
      'k',
      'm',
      'b',
      'bn',
      'million',
      ' million',
      'thousand',
      '%',
      '$',
      '1,200',
      '1.200.000',
      '1 200',
      "1'200",
      '0.5',
      '3,5',
    ];
    const { differ, numbered } = againstEveryPattern(rng, () => pieces, 14);
    expect(differ).toEqual([]);
    expect(numbered).toBeGreaterThan(10_000);
  });
});

describe('findNumbers on Chinese text', () => {
  it('finds what running every scan finds (20,000 random texts of numerals, scale characters, digits and Han text)', () => {
    const rng = new Rng('chinese number checks');
    const zh = [
      '一',
      '二',
      '两',
      '三',
      '十',
      '百',
      '千',
      '万',
      '亿',
      '零',
      '〇',
      '点',
      '五',
      '九',
      '拾',
      '萬',
      '元',
      '人',
      '米',
      '年',
      '月',
      '日',
      '为',
      '约',
      '，',
      '。',
    ];
    const digits = ['1', '12', '1.2', '12,000', '3,5', ' ', 'x', 'm', 'k', '%'];
    // half the texts without a digit, so the numeral scan's check is exercised on its own
    const { differ, numbered } = againstEveryPattern(rng, (k) => (k % 2 === 0 ? zh : [...zh, ...digits]), 10);
    expect(differ).toEqual([]);
    expect(numbered).toBeGreaterThan(10_000);
  });
});

describe('numberMatch', () => {
  it('keeps precision and significant digits', () => {
    expect(reading('1', '2', 6)).toEqual({ value: 1200000, precision: 100000, sig: 2 });
    expect(reading('1200000', '')).toEqual({ value: 1200000, precision: 100000, sig: 2 });
    expect(reading('1', '20', 6)).toMatchObject({ sig: 3, precision: 10000 });
  });

  it('accepts exact and answer-rounding forms only', () => {
    expect(numberMatch(reading('1', '2', 6), 1200000)).toBe('exact');
    expect(numberMatch(reading('1', '2', 6), 1234567)).toBe('rounded');
    expect(numberMatch(reading('1', '21', 6), 1200000)).toBeNull();
    expect(numberMatch(reading('1', '', 6), 1234567)).toBeNull();
    expect(numberMatch(reading('12', '5'), 12.53)).toBe('rounded');
    expect(numberMatch(reading('6', '5'), 6.47)).toBeNull();
    expect(numberMatch(reading('900', ''), 899)).toBeNull();
  });
});
