import { describe, it, expect } from 'vitest';
import { findDates } from '../../src/text/dates.js';
import { fold } from '../../src/text/fold.js';
import { findNumbers } from '../../src/text/numbers.js';
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

  it('reads Chinese dates, glued to Chinese text', () => {
    const full = { partial: false, readings: [{ y: 2029, m: 3, d: 4 }] };
    for (const text of [
      '2029年3月4日',
      '2029年03月04日',
      '2029 年 3 月 4 日',
      '2029年3月4号',
      '二〇二九年三月四日',
      '二零二九年三月四日',
      '２０２９年３月４日',
    ])
      expect(findDates(fold(text)), text).toMatchObject([{ ...full, text: fold(text) }]);
    expect(findDates('发布于2029年3月4日，售价')).toMatchObject([{ text: '2029年3月4日', start: 3, ...full }]);
    expect(findDates('二〇三一年十二月三十一日')[0]!.readings).toEqual([{ y: 2031, m: 12, d: 31 }]);
    expect(findDates('于2029-03-04发布')).toMatchObject([{ text: '2029-03-04', ...full }]);
    expect(findDates('截至march 4, 2029的数据')).toMatchObject([{ text: 'march 4, 2029', ...full }]);
  });

  it('reads a Chinese month and year as partial, and a year alone or a day without its year as no date (as in English)', () => {
    expect(findDates('2029年3月')).toMatchObject([{ partial: true, readings: [{ y: 2029, m: 3 }] }]);
    expect(findDates('二〇二九年十二月')).toMatchObject([{ partial: true, readings: [{ y: 2029, m: 12 }] }]);
    expect(findDates('2029年3月5日至7日')).toMatchObject([{ partial: false, readings: [{ y: 2029, m: 3, d: 5 }] }]);
    expect(findDates('2029年')).toEqual([]);
    expect(findDates('3月4日')).toEqual([]);
    expect(findDates('三月四日')).toEqual([]);
    expect(findDates('march 4')).toEqual([]);
    // their numbers are read as numbers, as the digits of "March 4" are
    expect(findNumbers('3月4日').map((n) => n.readings[0]!.value)).toEqual([3, 4]);
    expect(findNumbers('三月四日').map((n) => n.readings[0]!.value)).toEqual([3, 4]);
    expect(findNumbers('2029年').map((n) => n.readings[0]!.value)).toEqual([2029]);
  });

  it('rejects impossible Chinese dates, without a month and year left of them', () => {
    expect(findDates('2029年2月30日')).toEqual([]);
    expect(findDates('2029年13月1日')).toEqual([]);
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
      '年',
      '月',
      '日',
      '二〇二九',
      '三',
      '十二',
      '号',
      '于',
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

  it('finds in Chinese text what trying every pattern finds (20,000 random texts, each slot of a date maybe broken)', () => {
    const rng = new Rng('chinese date checks');
    const slots = [
      ['', '于', 'x', '1', '二', ' '],
      ['2029', '二〇二九', '029', '20290', '二〇二', ''],
      ['年', ' 年 ', '', '-'],
      ['3', '03', '12', '13', '三', '十二', '十三', ''],
      ['月', ' 月', '', '/'],
      ['4', '31', '30', '三十一', '二十', '四', '', '5至7'],
      ['日', '号', '', '年'],
    ];
    const differ: string[] = [];
    let dated = 0;
    for (let k = 0; k < 20_000; k++) {
      const text = Array.from({ length: rng.int(1, 2) }, () => slots.map((slot) => rng.pick(slot)).join('')).join('');
      const want = findDates(text, true);
      if (want.some((d) => d.text.includes('年'))) dated++;
      if (JSON.stringify(findDates(text)) !== JSON.stringify(want)) differ.push(text);
    }
    expect(differ).toEqual([]);
    expect(dated).toBeGreaterThan(1000);
  });
});
