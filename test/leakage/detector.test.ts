import { describe, it, expect } from 'vitest';
import { createDetector, createValueDetector, answerItems, type Detector } from '../../src/leakage/detector.js';
import { fold } from '../../src/text/fold.js';
import { Rng } from '../../src/rng.js';
import type { Task } from '../../src/world/types.js';
import { DATE_FORMS, NUMBER_FORMS } from '../text/forms.js';
import { CONTEXTS, disguise, ZH_CONTEXTS } from './disguise.js';

const task = (answer: unknown[][], answerType: Task['answerType'], extra: Partial<Task> = {}) =>
  ({ answer: JSON.stringify(answer), answerType, columns: [], keyColumns: [], aliases: [], ...extra }) as Task;

function expectAllCaught(det: Detector, texts: string[], item = 0, strength: 'full' | 'partial' = 'full') {
  const missed = texts.filter((t) => !det.scan(t).detections.some((d) => d.item === item && d.strength === strength));
  expect(missed).toEqual([]);
}

function expectNoneFlagged(det: Detector, texts: string[]) {
  const flagged = texts.map((t) => [t, det.scan(t).detections.map((d) => `${d.itemText}:${d.how}:${d.form}`)] as const).filter(([, d]) => d.length > 0);
  expect(flagged).toEqual([]);
}

describe('entity and text answers', () => {
  const det = createDetector(task([['Zentria Mobile']], 'entity', { aliases: ['Zentria'] }));
  const forms = [
    'Zentria Mobile',
    'ZENTRIA MOBILE',
    'zentria mobile',
    'Zentria-Mobile',
    'ZentriaMobile',
    'Zentria  Mobile',
    'Zentria\nMobile',
    "Zentria Mobile's",
    'Zentria',
    'Zentría Mobile',
    'Zentria Mobile, Inc.',
    'Zentria\u00A0Mobile',
  ];

  it('catches at least 100 disguised forms of a name and its alias', () => {
    const texts = disguise(forms);
    expect(texts.length).toBeGreaterThanOrEqual(100);
    expectAllCaught(det, texts);
  });

  it('reports the alias as an alias and the name as the name', () => {
    expect(det.scan('made by Zentria').detections[0]).toMatchObject({ how: 'alias', item: 0, itemText: 'Zentria Mobile' });
    const full = det.scan('made by Zentria Mobile').detections;
    expect(full).toHaveLength(1);
    expect(full[0]).toMatchObject({ how: 'name', form: 'zentria mobile' });
  });

  it('catches a text answer with digits split or joined', () => {
    const d = createDetector(task([['Zentria X9']], 'text'));
    expectAllCaught(d, disguise(['Zentria X9', 'Zentria X-9', 'ZENTRIA X 9', 'Zentria x9']));
  });

  it('does not flag look-alike names', () => {
    const lookAlikes = [
      'Zentrian Mobile',
      'Zentri Mobile',
      'Mentria Mobile',
      'Zentriax',
      'Azentria Labs',
      'Zentrias Mobile',
      'Zen Tria',
      'Mobile Zentrix',
      'zentriam',
    ];
    expectNoneFlagged(det, disguise(lookAlikes, ['plain', 'upper', 'accents'], CONTEXTS.slice(0, 3)));
  });
});

describe('integer answers', () => {
  const det = createDetector(task([[1234567]], 'integer'));
  const forms = [
    '1234567',
    '1,234,567',
    '1 234 567',
    '1.234.567',
    "1'234'567",
    '1\u202F234\u202F567',
    '1\u2009234\u2009567',
    '1234567.0',
    '1.234567 million',
    '1.23 million',
    '1.2 million',
    'about 1.2 million',
    'roughly 1.2M',
    '1.23M',
    '1.2M',
    '$1.2m',
    '$1.23m',
    'US$1.2 mn',
    '1.23 mn',
    '1.2 mln',
    '1,23 Mio',
    '1.23 millions',
    '1,234.6k',
    '1235k',
    '1,235,000',
    '1,200,000',
    '1.2e6',
    '1.23E6',
    '1.234567e6',
    '1.23 x 10^6',
    '1.23×10⁶',
    'one million two hundred thirty-four thousand five hundred sixty-seven',
    'one million, two hundred and thirty-four thousand, five hundred and sixty-seven',
    'one point two three million',
    'twelve hundred thousand',
    // in parts, each under the scale of the one before
    '1 million 234 thousand 567',
    '1 million, 234 thousand and 567',
    '1 million 234,567',
    '1 million two hundred thirty-four thousand 567',
    '1 million 200 thousand',
    '1M 234k 567',
  ];

  it('catches at least 100 disguised forms, rounded forms included', () => {
    const texts = disguise(forms, ['plain', 'upper', 'zeroWidth', 'nbsp', 'fullwidth', 'wordJoiner', 'cyrillic']);
    expect(texts.length).toBeGreaterThanOrEqual(100);
    expectAllCaught(det, texts);
  });

  it('labels exact and rounded matches', () => {
    expect(det.scan('1,234,567 units').detections[0]!.how).toBe('exact');
    expect(det.scan('one million two hundred thirty-four thousand five hundred sixty-seven').detections[0]!.how).toBe('exact');
    expect(det.scan('about 1.2 million').detections[0]!.how).toBe('rounded');
  });

  it('does not flag different values or look-alikes', () => {
    const lookAlikes = [
      '1,234,568',
      '11,234,567',
      '1,234,567.5',
      '2,234,567',
      '1.3 million',
      '1.24 million',
      '1 million',
      '$1.25m',
      '1.2 billion',
      '1 million 300 thousand',
      '2 million 234 thousand',
      '1 million, then 234 thousand',
      '1 million 5 million',
      '1 million, 200 thousand returned',
      '1 million and 200 thousand',
      '1.2 thousand',
      '1,234',
      '567',
      '1234567890',
      '21234567',
      '1.2',
      '12,345,67',
      'v1.2.3',
      '1.2345 million',
      'one million',
      'two million',
      '1.20 million',
    ];
    expectNoneFlagged(det, disguise(lookAlikes, ['plain', 'upper', 'nbsp'], CONTEXTS.slice(0, 3)));
  });

  it('treats a rounded form as a leak only when it matches the answer rounding', () => {
    const exact = createDetector(task([[1200000]], 'integer'));
    expectAllCaught(exact, ['1.2 million', '1.20 million', '1,200,000', '1.2M', 'one point two million']);
    expectNoneFlagged(exact, ['1.21 million', '1.19 million', '1,200,001', '1.2 billion', '12 million', '120,000', '1,200', '1 million']);
  });

  it('matches on token boundaries', () => {
    const twelve = createValueDetector([{ value: 12, type: 'integer' }]);
    expectNoneFlagged(twelve, ['in 2012', '112 units', '12.5%', '1.2', '120', 'X12', 'Q12']);
    expect(twelve.scan('sold 12 units').detections).toHaveLength(1);
    const onePointTwo = createValueDetector([{ value: 1.2, type: 'real' }]);
    expectNoneFlagged(onePointTwo, ['11.25', '1.25', '21.2', '1.2.3']);
    expect(onePointTwo.scan('a ratio of 1.2.').detections).toHaveLength(1);
  });

  it('catches a small price in words and with currency', () => {
    const price = createDetector(task([[899]], 'integer'));
    expectAllCaught(
      price,
      disguise(['899', '$899', 'USD 899', '899.00', 'eight hundred ninety-nine', 'eight hundred and ninety-nine dollars'], ['plain', 'fullwidth', 'upper']),
    );
    expectNoneFlagged(price, ['$900', '$898', '$8,990', '1899', '899.5', 'nine hundred']);
  });
});

describe('real and percent answers', () => {
  const det = createDetector(task([[12.53]], 'real'));
  const forms = [
    '12.53%',
    '12.53 percent',
    '12.53 per cent',
    '12.53 pct',
    '12.530%',
    '12,53 %',
    '12.5%',
    'about 12.5 percent',
    'twelve point five three percent',
    '12.53',
    'a 12.53-point share',
  ];

  it('catches at least 100 disguised forms', () => {
    const texts = disguise(forms);
    expect(texts.length).toBeGreaterThanOrEqual(100);
    expectAllCaught(det, texts);
  });

  it('does not flag neighbouring values', () => {
    expectNoneFlagged(
      det,
      disguise(
        ['12.54%', '12.52%', '112.53', '2.53%', '12.63', '125.3', '1253', '12.5301', '13%', '12.50%', '12.6%'],
        ['plain', 'fullwidth'],
        CONTEXTS.slice(0, 3),
      ),
    );
  });

  it('catches screen sizes and does not round two-digit forms', () => {
    const screen = createDetector(task([[6.47]], 'real'));
    expectAllCaught(screen, disguise(['6.47-inch', '6.47 in', '6.470', '6,47"', 'six point four seven inches'], ['plain', 'fullwidth', 'zeroWidth']));
    expectNoneFlagged(screen, ['6.5-inch', '6.4 inches', '6.48', '16.47', '6.475', '647']);
  });
});

describe('date answers', () => {
  const det = createDetector(task([['2029-03-04']], 'date'));
  const forms = [
    '2029-03-04',
    '2029/03/04',
    '2029.03.04',
    '2029-3-4',
    'March 4, 2029',
    'March 4 2029',
    'Mar 4, 2029',
    'Mar. 4, 2029',
    'March 4th, 2029',
    '4 March 2029',
    '4 Mar 2029',
    '4th of March 2029',
    'the 4th of March, 2029',
    '4th March 2029',
    '03/04/2029',
    '3/4/2029',
    '04/03/2029',
    '4/3/2029',
    '04.03.2029',
    '04-03-2029',
    '03/04/29',
    '04-Mar-2029',
    '2029 March 4',
    'March fourth, 2029',
    'the fourth of March 2029',
    'Sunday, March 4, 2029',
  ];

  it('catches at least 100 disguised full dates', () => {
    const texts = disguise(forms, ['plain', 'upper', 'zeroWidth', 'fullwidth', 'nbsp', 'cyrillic']);
    expect(texts.length).toBeGreaterThanOrEqual(100);
    expectAllCaught(det, texts);
  });

  it('reports month and year as a partial leak', () => {
    const texts = disguise(['March 2029', 'Mar 2029', 'march of 2029', 'MARCH, 2029', '2029-03', '03/2029'], ['plain', 'upper', 'fullwidth']);
    expectAllCaught(det, texts, 0, 'partial');
    for (const t of texts) expect(det.scan(t).detections.every((d) => d.strength === 'partial' && d.how === 'month_year')).toBe(true);
  });

  it('does not flag other dates, bare years or other months', () => {
    expectNoneFlagged(
      det,
      disguise(
        [
          'March 5, 2029',
          'March 4, 2028',
          'April 4, 2029',
          '2029-04-03',
          '03/05/2029',
          'March 14, 2029',
          '2029-03-14',
          'March 2028',
          '4 March 2030',
          'in 2029',
          'Q1 2029',
          'April 2029',
          '2029-04',
          '14/03/2029',
        ],
        ['plain', 'upper'],
        CONTEXTS.slice(0, 3),
      ),
    );
  });

  it('does not read a date as a number', () => {
    const price = createDetector(task([[1999]], 'integer'));
    expectNoneFlagged(price, ['founded on June 3, 1999', 'founded 1999-06-03', '3 June 1999']);
    expect(price.scan('priced at $1,999').detections).toHaveLength(1);
  });
});

describe('Chinese snippets', () => {
  it('flag a withheld value stated only in a Chinese form, exactly or rounded', () => {
    const units = createDetector(task([[123456789]], 'integer'));
    const exact = createDetector(task([[120000000]], 'integer'));
    const snippets: [Detector, string, 'exact' | 'rounded'][] = [
      [exact, '据该公司年报，2029年全年销量达1.2亿台，同比增长12%。', 'exact'],
      [exact, '据该公司年报，全年销量达一亿二千万台。', 'exact'],
      [exact, '全年销量达12,000万台', 'exact'],
      [exact, '全年销量达１．２亿台', 'exact'],
      [units, '全年销量约1.2亿台（截至2029年3月4日）', 'rounded'],
      [units, '全年销量为123456789台', 'exact'],
    ];
    for (const [det, text, how] of snippets) expect(det.scan(text).detections, text).toMatchObject([{ item: 0, how }]);
  });
  it('do not flag a different value, or the value inside a date', () => {
    const det = createDetector(task([[120000000]], 'integer'));
    expectNoneFlagged(det, ['全年销量达1.3亿台', '全年销量达一亿三千万台', '全年销量达1.2万台', '员工人数为12000人']);
    const year = createDetector(task([[2029]], 'integer'));
    expectNoneFlagged(year, ['该机型于2029年3月4日发布', '二〇二九年三月四日']);
  });
  it('flag a withheld date stated only in a Chinese form, and a month and year as partial', () => {
    const det = createDetector(task([['2029-03-04']], 'date'));
    expect(det.scan('该机型于2029年3月4日正式发布').detections).toMatchObject([{ how: 'date', strength: 'full', form: '2029年3月4日' }]);
    expect(det.scan('该机型于二〇二九年三月四日正式发布').detections).toMatchObject([{ how: 'date', strength: 'full' }]);
    expect(det.scan('该机型于2029年3月正式发布').detections).toMatchObject([{ how: 'month_year', strength: 'partial' }]);
    expectNoneFlagged(det, ['该机型于2029年3月5日正式发布', '3月4日发布']);
  });
});

describe('the table of forms (test/text/forms.ts, which the scorer is tested with too)', () => {
  it.each(NUMBER_FORMS.map(({ value, what, forms }) => [what, value, forms] as const))('%s: every form of %d is caught, exactly', (_, value, forms) => {
    const det = createDetector(task([[value]], Number.isInteger(value) ? 'integer' : 'real'));
    const texts = disguise(forms, ['plain', 'upper', 'fullwidth', 'nbsp'], [...CONTEXTS, ...ZH_CONTEXTS]);
    const missed = texts.filter((t) => !det.scan(t).detections.some((d) => d.item === 0 && d.how === 'exact'));
    expect(missed).toEqual([]);
  });
  it.each(DATE_FORMS.map(({ iso, forms }) => [iso, forms] as const))('every form of %s is caught as a full date', (iso, forms) => {
    const det = createDetector(task([[iso]], 'date'));
    const texts = disguise(forms, ['plain', 'upper', 'fullwidth', 'nbsp'], [...CONTEXTS, ...ZH_CONTEXTS]);
    const missed = texts.filter((t) => !det.scan(t).detections.some((d) => d.item === 0 && d.how === 'date' && d.strength === 'full'));
    expect(missed).toEqual([]);
  });
});

describe('list and table answers', () => {
  const columns = ['Phone model', 'Launch price', 'Launch date', 'Units sold', 'Sales rank', 'Chief executive'];
  const rows = [
    ['Zentria X9', 899, '2029-03-04', 1234567, 3, 'Maria Quorvex'],
    ['Lumora Pro5', 1299, '2029-06-21', 2750400, 1, 'Dana Sheltix'],
    ['Corvex Air12', 449, '2028-11-30', 987654, 7, 'Li Brantora'],
    ['Trivia Neo3', 1549, '2029-01-15', 3310050, 2, 'Amal Vostrum'],
  ];
  const t = task(rows, 'table', { columns, keyColumns: ['Phone model'] });
  const det = createDetector(t);

  it('makes one item per distinctive non-key cell', () => {
    const items = answerItems(t);
    expect(items.map((i) => i.text)).not.toContain('Zentria X9');
    expect(items.map((i) => i.text)).not.toContain('3');
    expect(items).toHaveLength(rows.length * 4);
  });

  it('catches at least 100 disguised items, each reported as itself', () => {
    const formsOf = (v: unknown): string[] => {
      if (typeof v === 'number' && v > 100000) return [v.toLocaleString('en-US'), `${(v / 1e6).toFixed(2)} million`, `${(v / 1e6).toFixed(3)}M`];
      if (typeof v === 'number') return [String(v), `$${v}`, `USD ${v}.00`];
      if (/^\d{4}-/.test(String(v))) {
        const [y, m, d] = String(v).split('-').map(Number);
        const month = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][m! - 1]!;
        return [String(v), `${month} ${d}, ${y}`, `${d} ${month.slice(0, 3)} ${y}`];
      }
      return [String(v), String(v).toUpperCase(), String(v).replace(' ', '\u200B ')];
    };
    const items = answerItems(t);
    let count = 0;
    for (const item of items) {
      const cell = rows[item.row]![item.column];
      const texts = disguise(formsOf(cell), ['plain', 'fullwidth', 'nbsp'], CONTEXTS.slice(0, 3));
      count += texts.length;
      const missed = texts.filter((x) => !det.scan(x).detections.some((d) => d.item === item.index));
      expect(missed).toEqual([]);
    }
    expect(count).toBeGreaterThanOrEqual(100);
  });

  it('does not flag short common tokens or key names', () => {
    expectNoneFlagged(det, ['ranked 3rd', 'number 1', 'top 7', 'Zentria X9 is a phone', 'in 2029', 'model 12', '100 units', 'since 2000']);
  });

  it('makes one item per cell of a list answer', () => {
    const list = createDetector(task([['Zentria Mobile'], ['Lumora Devices'], ['Corvex Labs']], 'list'));
    expect(list.items).toHaveLength(3);
    expect(list.scan('LUMORA DEVICES and Corvex Labs').detections.map((d) => d.item)).toEqual([1, 2]);
  });
});

describe('name matching', () => {
  // Names are matched by hand (detector.ts, nameAt); the matches must be exactly those of the regular
  // expression the matcher stands for, found at every position of the text.
  const byDetector = (name: string, text: string) =>
    createValueDetector([{ value: name, type: 'text' }])
      .scan(text)
      .detections.map((x) => [x.start, x.end]);
  const byRegex = (name: string, text: string) => {
    const words = fold(name)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const word = (w: string) => (w.match(/\p{L}+|\p{N}+/gu) ?? []).join('[\\s.-]?');
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(word).join('[^\\p{L}\\p{N};:()\\[\\]"!?]{0,3}')}(?![\\p{L}\\p{N}])`, 'gu');
    return [...fold(text).matchAll(re)].map((m) => [m.index, m.index + m[0].length]);
  };

  it('finds every form at every place it occurs, and nothing inside longer words (offsets into the folded text)', () => {
    expect(byDetector('Zentria X9', 'zentria x9, zentria-x9 and zentriax9; not zentrias x9 nor azentria x9 nor zentria x90. Zentria  X9!')).toEqual([
      [0, 10],
      [12, 22],
      [27, 36],
      [87, 97],
    ]);
    expect(byDetector('Zentria X9', 'zentria zentria x9')).toEqual([[8, 18]]);
    expect(byDetector('Lumo', 'lumolumo lumo, lumo.')).toEqual([
      [9, 13],
      [15, 19],
    ]);
    expect(byDetector('Zentria X9', 'no name here')).toEqual([]);
    // at most three separators between words, none of ;:()[]"!?
    expect(byDetector('Zentria X9', 'zentria; x9 and zentria (x9) but zentria -/x9 and not zentria - / x9')).toEqual([[33, 45]]);
  });

  it('matches exactly what the regular expression matches, on 20,000 random texts', () => {
    const rng = new Rng('name matching');
    const pieces = [
      'ab',
      'a',
      'b',
      'x',
      '9',
      '12',
      ' ',
      '.',
      '-',
      ',',
      ';',
      '(',
      ')',
      '"',
      '!',
      "'",
      '/',
      '  ',
      'é',
      '𝐚',
      '😀',
      '中',
      '文',
      '\u00a0',
      '\t',
      'ab9',
      'ba',
      '&',
      '—',
    ];
    const names = ['ab', 'ab x9', 'a.b', 'x9', 'ab-ba x 9', 'ab 12', '中文', 'ab 中', 'a b a b', '9 ab', 'ab😀ba', 'é ab'];
    const differ: string[] = [];
    let matched = 0;
    for (let k = 0; k < 20_000; k++) {
      const name = rng.pick(names);
      const text = Array.from({ length: rng.int(1, 14) }, () => rng.pick(pieces)).join('');
      const want = byRegex(name, text);
      matched += want.length;
      if (JSON.stringify(byDetector(name, text)) !== JSON.stringify(want)) differ.push(`${name} | ${text}`);
    }
    expect(differ).toEqual([]);
    expect(matched).toBeGreaterThan(200);
  });
});
