import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/rng.js';
import { findDates, isoOf } from '../../src/text/dates.js';
import { fold } from '../../src/text/fold.js';
import { findNumbers, numberMatch } from '../../src/text/numbers.js';
import { statedDate, statedNumber } from '../../src/text/stated.js';
import { formatZhDate, formatZhMonth, formatZhNumber, formatZhRounded, zhNumerals } from '../../src/text/zh-format.js';

/** Values of every size and shape: round ones (the scale forms), and any digits (the digit forms). */
function randomValue(rng: Rng): number {
  const digits = rng.int(1, 15);
  const leading = rng.int(1, 9);
  const rest = Array.from({ length: digits - 1 }, () => (rng.int(0, 2) === 0 ? rng.int(0, 9) : 0)).join('');
  return Number(`${leading}${rest}`);
}

function randomIso(rng: Rng): string {
  const y = rng.int(1900, 2099),
    m = rng.int(1, 12);
  const d = rng.int(1, [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

describe('formatZhNumber', () => {
  it('writes the forms Chinese pages write', () => {
    expect(formatZhNumber(120000000)).toBe('1.2亿');
    expect(formatZhNumber(35000)).toBe('3.5万');
    expect(formatZhNumber(123400000)).toBe('12340万');
    expect(formatZhNumber(1.2e12)).toBe('1.2万亿');
    expect(formatZhNumber(4761)).toBe('4761');
    expect(formatZhNumber(1234567)).toBe('1234567');
    expect(formatZhNumber(-35000)).toBe('-3.5万');
    expect(formatZhNumber(12.5, 'percent', 1)).toBe('12.5%');
    expect(formatZhNumber(1.2e9, 'usd')).toBe('12亿美元');
    expect(formatZhNumber(899, 'usd')).toBe('899美元');
    expect(formatZhNumber(6.07, 'plain', 2)).toBe('6.07');
  });

  it('every form it writes reads back to its value, alone and in a Chinese sentence (5,000 random values)', () => {
    const rng = new Rng('zh number forms');
    const wrong: string[] = [];
    for (let k = 0; k < 5000; k++) {
      const value = randomValue(rng) * (rng.int(0, 9) === 0 ? -1 : 1);
      const unit = rng.pick(['plain', 'usd', 'count'] as const);
      const text = formatZhNumber(value, unit);
      for (const t of [text, `该公司去年营收${text}，同比增长`]) if (!statedNumber(t).includes(value)) wrong.push(`${value} ${t} ${statedNumber(t)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every rounded form reads back to the rounded value, and as a rounding of the value when it keeps two digits (5,000 random values)', () => {
    const rng = new Rng('zh rounded forms');
    const wrong: string[] = [];
    let kept = 0;
    for (let k = 0; k < 5000; k++) {
      const value = rng.int(1000, 9e12);
      const { text, value: rounded } = formatZhRounded(value, rng.int(2, 3));
      const r = findNumbers(fold(`约${text}`))[0]!.readings[0]!;
      if (r.value !== rounded) wrong.push(`${value} ${text}`);
      // "3000亿" for 296,662,453,830 keeps one significant digit, too round to be read as this value (as "3 billion" is)
      if (r.sig >= 2 && (kept++, numberMatch(r, value) === null)) wrong.push(`${value} ${text} is not a rounding`);
    }
    expect(wrong).toEqual([]);
    expect(kept).toBeGreaterThan(4000);
  });
});

describe('zhNumerals', () => {
  it('writes numerals', () => {
    expect(zhNumerals(12000000)).toBe('一千二百万');
    expect(zhNumerals(120000000)).toBe('一亿二千万');
    expect(zhNumerals(1005)).toBe('一千零五');
    expect(zhNumerals(100500000)).toBe('一亿零五十万');
    expect(zhNumerals(12)).toBe('十二');
    expect(zhNumerals(100000)).toBe('十万');
    expect(zhNumerals(0)).toBe('零');
    expect(() => zhNumerals(-1)).toThrow(RangeError);
    expect(() => zhNumerals(1.5)).toThrow(RangeError);
  });

  it('every numeral form reads back to its value (5,000 random values)', () => {
    const rng = new Rng('zh numerals');
    const wrong: string[] = [];
    for (let k = 0; k < 5000; k++) {
      const value = k < 200 ? k : randomValue(rng);
      const text = zhNumerals(value);
      for (const t of [text, `共有${text}人`]) if (!statedNumber(t).includes(value)) wrong.push(`${value} ${t} ${statedNumber(t)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('formatZhDate', () => {
  it('writes the dates Chinese pages write', () => {
    expect(formatZhDate('2029-03-04')).toBe('2029年3月4日');
    expect(formatZhDate('2029-03-04', 1)).toBe('二〇二九年三月四日');
    expect(formatZhDate('2031-12-31', 1)).toBe('二〇三一年十二月三十一日');
    expect(formatZhMonth(2029, 3)).toBe('2029年3月');
    expect(formatZhMonth(2029, 10, 1)).toBe('二〇二九年十月');
  });

  it('every date it writes reads back to its day, and every month to its month (3,000 random dates in both styles)', () => {
    const rng = new Rng('zh dates');
    const wrong: string[] = [];
    for (let k = 0; k < 3000; k++) {
      const iso = randomIso(rng);
      for (const style of [0, 1] as const) {
        const text = formatZhDate(iso, style);
        for (const t of [text, `该机型于${text}发布`]) if (statedDate(t).join() !== iso) wrong.push(`${iso} ${t}`);
        const [y, m] = iso.split('-').map(Number);
        const month = findDates(fold(`截至${formatZhMonth(y!, m!, style)}底`));
        if (month.length !== 1 || !month[0]!.partial || isoOf(month[0]!.readings[0]!).slice(0, 7) !== iso.slice(0, 7)) wrong.push(`${iso} month ${style}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
