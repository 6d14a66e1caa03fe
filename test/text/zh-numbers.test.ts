import { describe, expect, it } from 'vitest';
import { fold } from '../../src/text/fold.js';
import { findNumbers, negativeAt, numberMatch, reading } from '../../src/text/numbers.js';
import { zhInteger } from '../../src/text/zh-numbers.js';

const read = (text: string) => findNumbers(fold(text));
const values = (text: string) => read(text).flatMap((n) => n.readings.map((r) => r.value));
/** The longest mention at the start of the text, as stated.ts reads an answer. */
const whole = (text: string) => read(text)[0]!;

describe('Chinese number forms', () => {
  it('reads scale characters after digits, with the precision written', () => {
    expect(values('1.2亿')).toEqual([120000000]);
    expect(values('12,000万')).toEqual([120000000]);
    expect(values('3.5万')).toEqual([35000]);
    expect(values('5千万')).toEqual([50000000]);
    expect(values('1.2万亿')).toEqual([1.2e12]);
    expect(values('3百')).toEqual([300]);
    expect(whole('1.2亿').readings[0]).toEqual(reading('1', '2', 8));
    expect(whole('1.20亿').readings[0]).toMatchObject({ value: 120000000, sig: 3, precision: 1e6 });
    // a ten alone is no scale
    expect(values('3十')).toEqual([3, 10]);
  });

  it('reads numerals', () => {
    const cases: [string, number][] = [
      ['一千二百万', 12000000],
      ['一亿二千万', 120000000],
      ['三百二十', 320],
      ['两千', 2000],
      ['十二', 12],
      ['二十一', 21],
      ['十万', 100000],
      ['一千零五', 1005],
      ['一万零五百', 10500],
      ['一亿零五十万', 100500000],
      ['零', 0],
      ['〇', 0],
      ['二〇二九', 2029],
      ['一九九八', 1998],
      ['一万二', 12000],
      ['三千五', 3500],
      ['一万亿', 1e12],
      ['壹仟贰佰萬', 12000000],
      ['兩千', 2000],
    ];
    for (const [text, value] of cases) expect(whole(text), text).toMatchObject({ text, readings: [{ value }] });
    expect(whole('一千二百万').readings[0]).toEqual(reading('12000000', ''));
  });

  it('reads decimals in numerals, maybe scaled', () => {
    expect(whole('一点五亿')).toMatchObject({ text: '一点五亿', readings: [reading('1', '5', 8)] });
    expect(values('十二点五')).toEqual([12.5]);
    expect(values('三点一四')).toEqual([3.14]);
    // "一点" ("a little") has no decimal part: the one is read alone
    expect(read('好一点')).toMatchObject([{ text: '一', readings: [{ value: 1 }] }]);
  });

  it('reads a number written in parts as their sum, and keeps the parts', () => {
    expect(values('1亿2000万')).toEqual([120000000, 100000000, 20000000]);
    expect(whole('1亿2000万')).toMatchObject({ text: '1亿2000万', compound: true });
    expect(values('3万5千')).toContain(35000);
    expect(values('1亿二千万')).toContain(120000000);
    // the first part must be a whole number of its scale, and later parts fall
    expect(values('1.2亿3000万')).toEqual([120000000, 30000000]);
    expect(values('2000万1亿')).toEqual([20000000, 100000000]);
  });

  it('reads numbers glued to Chinese on both sides, with units and currency not changing the value', () => {
    expect(read('销售额为1.2亿元，同比增长12%')).toMatchObject([
      { text: '1.2亿', readings: [{ value: 120000000 }] },
      { text: '12', readings: [{ value: 12 }] },
    ]);
    expect(values('共有三百二十人')).toEqual([320]);
    expect(values('约3.5万美元')).toEqual([35000]);
    expect(values('全年运输1.5亿吨')).toEqual([150000000]);
    expect(values('第3次')).toEqual([3]);
    expect(values('百分之十二')).toEqual([12]);
    expect(values('百分之12.5')).toEqual([12.5]);
    // full-width digits and separators fold to ASCII
    expect(values('１．２亿')).toEqual([120000000]);
    expect(values('１２，０００万')).toEqual([120000000]);
    // still no number inside a word of a spaced script
    expect(values('型号x9于q2发布')).toEqual([]);
  });

  it('reads "千" before a unit both ways ("5千米" is 5 km, or 5,000 metres)', () => {
    expect(values('5千米')).toEqual([5000, 5]);
    expect(values('5千人')).toEqual([5000]);
  });

  it('reads a full-width comma between digits as the clause break Chinese writes it as', () => {
    expect(values('员工170，2029年上市')).toEqual(expect.arrayContaining([170, 2029]));
    expect(values('12,000万')).toEqual([120000000]);
  });

  it('reads estimates and words that are no numbers as Chinese writes them', () => {
    // "三四" is three or four, not thirty-four
    expect(values('三四个人')).toEqual([3, 4]);
    // a scale character alone is no number ("千万" is "by all means", "百度" a name)
    expect(values('千万')).toEqual([]);
    expect(values('百度')).toEqual([]);
  });

  it('tells a rounded Chinese form from a different value', () => {
    const r = whole('1.2亿').readings[0]!;
    expect(numberMatch(r, 120000000)).toBe('exact');
    expect(numberMatch(r, 123456789)).toBe('rounded');
    expect(numberMatch(whole('1.3亿').readings[0]!, 120000000)).toBeNull();
    expect(numberMatch(whole('一亿二千万').readings[0]!, 123456789)).toBe('rounded');
  });

  it('reads a minus sign after Han characters', () => {
    const folded = fold('净利润为-3.5万元');
    expect(negativeAt(folded, read('净利润为-3.5万元')[0]!.start)).toBe(true);
    expect(negativeAt(fold('2029-2030'), 5)).toBe(false);
  });
});

describe('zhInteger', () => {
  it('reads a whole string of numerals or digits, else NaN', () => {
    expect(zhInteger('二〇二九')).toBe(2029);
    expect(zhInteger('十二')).toBe(12);
    expect(zhInteger('三十一')).toBe(31);
    expect(zhInteger('12')).toBe(12);
    expect(zhInteger('十二月')).toBeNaN();
    expect(zhInteger('')).toBeNaN();
  });
});
