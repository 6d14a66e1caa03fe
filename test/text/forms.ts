/**
 * The one table of number and date forms. It drives the readers' own tests (test/text), the scorer's
 * (test/tasks/forms.test.ts: a correct answer in each form scores reward 1) and the leak detector's
 * (test/leakage/detector.test.ts: each form of an answer is caught), so the three cannot disagree.
 */

export interface NumberForms {
  value: number;
  /** What the value is (a test name). */
  what: string;
  forms: string[];
}

export const NUMBER_FORMS: NumberForms[] = [
  {
    value: 1200000,
    what: 'an integer',
    forms: [
      // plain, separators and decimals
      '1200000',
      '1200000.0',
      '1,200,000',
      '1 200 000',
      '1.200.000',
      "1'200'000",
      '1\u202f200\u202f000',
      '1\u00a0200\u00a0000',
      '1\u2009200\u2009000',
      // scientific
      '1.2e6',
      '1.2E6',
      '12e5',
      '1.2e+6',
      '1.2 x 10^6',
      '1.2×10⁶',
      // magnitudes
      '1.2 million',
      '1.2million',
      '1.20 million',
      '1.2 millions',
      '1.2M',
      '1.2m',
      '1.2 mn',
      '1.2 mln',
      '1,2 Mio',
      '1,200 thousand',
      '1200k',
      '0.0012 billion',
      // compound
      '1 million 200 thousand',
      '1 million, 200 thousand',
      '1 million and 200 thousand',
      '1 million two hundred thousand',
      '1M 200k',
      '1 million 200,000',
      // number words
      'one million two hundred thousand',
      'one million, two hundred thousand',
      'one point two million',
      'twelve hundred thousand',
      // currency
      '$1.2M',
      '$1,200,000',
      'US$1,200,000',
      'USD 1,200,000',
      '€1.2 mn',
      '£1.2m',
      '1,200,000 USD',
      // with units and markup
      '1,200,000 units',
      '**1,200,000**',
    ],
  },
  {
    value: 1234567,
    what: 'a seven-digit integer',
    forms: [
      '1234567',
      '1,234,567',
      '1.234.567',
      '1 234 567',
      '1.234567e6',
      '1 million 234 thousand 567',
      '1M 234k 567',
      'one million two hundred thirty-four thousand five hundred sixty-seven',
    ],
  },
  { value: 170000, what: 'thousands', forms: ['170000', '170,000', '170k', '170K', '170 thousand', 'one hundred seventy thousand', '170 000'] },
  { value: 1.2e9, what: 'billions', forms: ['1.2 billion', '1.2bn', '€1.2bn', '1.2B', '1,200 million', '1.2e9', '1 billion 200 million'] },
  {
    value: 899,
    what: 'a price',
    forms: ['899', '$899', '$899.00', 'USD 899', '899 dollars', '€899', '**899**', 'eight hundred ninety-nine', 'eight hundred and ninety-nine'],
  },
  { value: 4761, what: 'a capacity', forms: ['4761', '4,761', '4,761mAh', '4761 mAh', '4761mAh'] },
  { value: 12.5, what: 'a percentage', forms: ['12.5', '12.50', '12.5%', '12.5 %', '12.5 percent', '12.5 per cent', '12,5', '12,5%', '1.25e1'] },
  // comma decimals (a comma before one, two or four and more digits)
  { value: 5.83, what: 'a comma decimal', forms: ['5.83', '5,83', '5,83 inches'] },
  { value: 1200000.5, what: 'a comma decimal with groups', forms: ['1 200 000,5', '1.200.000,5', '1,200,000.5'] },
  { value: 6.07, what: 'a real', forms: ['6.07', '6.07 inches', '6.07"', '6,07'] },
  { value: 0.5, what: 'a fraction', forms: ['0.5', '.5', '0,5', '5e-1', 'zero point five'] },
  { value: -3, what: 'a negative number', forms: ['-3', '−3', '–3', '-3.0'] },
  { value: -5, what: 'a negative amount', forms: ['-$5', '$-5', '−$5'] },
  { value: 12, what: 'a small number in words', forms: ['12', 'twelve', 'Twelve', '十二', '拾贰', '百分之十二', '12个'] },
  { value: 1200, what: 'hundreds in words', forms: ['1200', '1,200', 'twelve hundred', 'one thousand two hundred', '1.2k', '1.2 thousand'] },
  // Chinese forms: scale characters after digits, numerals, numbers written in parts, units and currency around
  {
    value: 120000000,
    what: 'a Chinese amount',
    forms: [
      '1.2亿',
      '1.20亿',
      '1.2 亿',
      '1.2億',
      '12,000万',
      '12000万',
      '12千万',
      '120百万',
      '1亿2000万',
      '1亿2千万',
      '一亿二千万',
      '一亿两千万',
      '一点二亿',
      '壹亿贰仟万',
      '1.2亿元',
      '约1.2亿',
      '1.2亿人',
      '120000000',
      '120,000,000',
    ],
  },
  { value: 12000000, what: 'Chinese numerals', forms: ['一千二百万', '一千两百万', '1200万', '1,200万', '1.2千万', '1200萬', '一千二百萬'] },
  { value: 35000, what: 'a Chinese ten-thousands', forms: ['3.5万', '三万五千', '三万五', '3万5千', '35,000', '3.5万元', '3.5万美元', '3.5万次'] },
  { value: 1.2e12, what: 'a Chinese trillion', forms: ['1.2万亿', '一万二千亿', '12000亿'] },
  { value: 150000000, what: 'a Chinese decimal with a scale', forms: ['一点五亿', '1.5亿', '1.5亿吨'] },
  { value: 320, what: 'Chinese hundreds', forms: ['三百二十', '三百二十人', '320人', '320个'] },
  { value: 2000, what: 'Chinese thousands', forms: ['两千', '二千', '2千', '两千吨'] },
  { value: 21, what: 'Chinese tens', forms: ['二十一', '21次'] },
  { value: 1005, what: 'Chinese numerals with a zero', forms: ['一千零五', '1005'] },
  { value: 0, what: 'zero', forms: ['0', '零', '〇'] },
  { value: 12.5, what: 'a Chinese percentage', forms: ['百分之十二点五', '百分之12.5', '12.5%'] },
];

export interface DateForms {
  iso: string;
  forms: string[];
}

export const DATE_FORMS: DateForms[] = [
  {
    iso: '2029-03-04',
    forms: [
      // ISO and other year-first forms
      '2029-03-04',
      '2029-3-4',
      '2029/03/04',
      '2029.03.04',
      '2029-03-04T00:00:00Z',
      '2029-03-04T10:30:00+02:00',
      '2029 March 4',
      // month first
      'March 4, 2029',
      'March 4 2029',
      'march 4, 2029',
      'MARCH 4, 2029',
      'March 4th, 2029',
      'March fourth, 2029',
      'Mar 4, 2029',
      'Mar. 4, 2029',
      'Mar. 4th 2029',
      // day first
      '4 March 2029',
      '4 March, 2029',
      '04 March 2029',
      '4 Mar 2029',
      '4th March 2029',
      '4th of March, 2029',
      '04-Mar-2029',
      'the fourth of march, 2029',
      'The Fourth of March, 2029',
      'the 4th of March 2029',
      'fourth of March 2029',
      // numeric, either order (an ambiguous form means both dates)
      '03/04/2029',
      '4/3/2029',
      '4.3.2029',
      '03-04-2029',
      '03/04/29',
      // Chinese
      '2029年3月4日',
      '2029年03月04日',
      '2029 年 3 月 4 日',
      '2029年3月4号',
      '二〇二九年三月四日',
      '二零二九年三月四日',
    ],
  },
  {
    iso: '2029-03-25',
    forms: [
      '2029-03-25',
      '25/03/2029',
      '3/25/2029',
      '25.3.2029',
      '25 March 2029',
      'March 25th, 2029',
      'the twenty-fifth of March, 2029',
      'March twenty fifth, 2029',
      '2029年3月25日',
      '二〇二九年三月二十五日',
    ],
  },
  {
    iso: '2031-12-31',
    forms: [
      '2031-12-31',
      'December 31, 2031',
      'Dec 31, 2031',
      '31 Dec 2031',
      'the thirty-first of December, 2031',
      '31/12/2031',
      '12/31/2031',
      '2031年12月31日',
      '二〇三一年十二月三十一日',
    ],
  },
  { iso: '2028-02-29', forms: ['2028-02-29', 'February 29, 2028', 'Feb 29, 2028', '29 February 2028', '29.2.2028'] },
  {
    iso: '2030-09-01',
    forms: [
      '2030-09-01',
      'September 1, 2030',
      'Sept. 1, 2030',
      'Sep 1, 2030',
      'the first of September, 2030',
      '1st Sep 2030',
      '2030年9月1日',
      '二〇三〇年九月一日',
    ],
  },
];

/** Each form of the table with its value, in a sentence as well as alone, English and Chinese (no spaces around the form). */
export function inContext(form: string): string[] {
  return [form, `The answer is ${form}.`, `It was ${form} (as reported).`, `答案是${form}。`, `据报道为${form}（同比上升）`];
}
