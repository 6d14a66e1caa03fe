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
  { value: 12, what: 'a small number in words', forms: ['12', 'twelve', 'Twelve'] },
  { value: 1200, what: 'hundreds in words', forms: ['1200', '1,200', 'twelve hundred', 'one thousand two hundred', '1.2k', '1.2 thousand'] },
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
    ],
  },
  {
    iso: '2031-12-31',
    forms: ['2031-12-31', 'December 31, 2031', 'Dec 31, 2031', '31 Dec 2031', 'the thirty-first of December, 2031', '31/12/2031', '12/31/2031'],
  },
  { iso: '2028-02-29', forms: ['2028-02-29', 'February 29, 2028', 'Feb 29, 2028', '29 February 2028', '29.2.2028'] },
  { iso: '2030-09-01', forms: ['2030-09-01', 'September 1, 2030', 'Sept. 1, 2030', 'Sep 1, 2030', 'the first of September, 2030', '1st Sep 2030'] },
];

/** Each form of the table with its value, in a sentence as well as alone. */
export function inContext(form: string): string[] {
  return [form, `The answer is ${form}.`, `It was ${form} (as reported).`];
}
