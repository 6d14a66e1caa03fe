import { describe, expect, it } from 'vitest';
import { parseMarkdownTables } from '../../src/tasks/markdown-table.js';
import { scoreAnswer, type ScorableTask } from '../../src/tasks/score.js';

const rows = [
  ['Aldor X1', '2029-03-04', 899, 6.07],
  ['Bexa Pro', '2029-05-12', 1299, 6.5],
  ['Corvin Air', '2029-07-01', 449, 5.8],
  ['Dulse Max', '2029-09-30', 1599, 7.1],
];
const task: ScorableTask = {
  answer: JSON.stringify(rows),
  answerType: 'table',
  tolerance: 0,
  aliases: [],
  columns: ['Phone model', 'Launch date', 'Launch price', 'Screen size in inches'],
  keyColumns: ['Phone model'],
  answerText: '',
};
const md = (header: string[], body: string[][]) =>
  [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const H = ['Phone model', 'Launch date', 'Launch price', 'Screen size in inches'];
const body = [
  ['Aldor X1', 'March 4, 2029', '$899', '6.07'],
  ['Bexa Pro', 'May 12, 2029', '$1,299', '6.50'],
  ['Corvin Air', 'July 1, 2029', '$449', '5.80'],
  ['Dulse Max', 'September 30, 2029', '$1,599', '7.10'],
];

describe('table scoring', () => {
  it('a complete, correct table scores 1 and succeeds', () => {
    const s = scoreAnswer(task, md(H, body));
    expect(s.reward).toBe(1);
    expect(s.exact).toBe(true);
    expect(s.table).toMatchObject({ success: true, goldRows: 4, predictedRows: 4, matchedRows: 4, missingColumns: [] });
  });

  it('reordered rows and columns, other formats and header case still score 1', () => {
    const order = [3, 2, 0, 1];
    const header = ['screen size in inches', 'LAUNCH PRICE', '**Phone model**', 'Launch date'];
    const b = [...body].reverse().map((r) => order.map((i) => r[i]!));
    expect(b[0]![2]).toBe('Dulse Max');
    b[0]![3] = '2029-09-30';
    b[2]![1] = '1.299 thousand';
    const s = scoreAnswer(task, `Here you go:\n\n<answer>\n${md(header, b)}\n</answer>`);
    expect(s.reward).toBe(1);
    expect(s.table!.success).toBe(true);
  });

  it('a missing row lowers recall, not precision', () => {
    const s = scoreAnswer(task, md(H, body.slice(0, 3)));
    expect(s.table!.item).toEqual({ precision: 1, recall: 0.75, f1: expect.closeTo(6 / 7, 9) });
    expect(s.table!.row.recall).toBe(0.75);
    expect(s.reward).toBeCloseTo(6 / 7, 9);
    expect(s.exact).toBe(false);
  });

  it('an extra row lowers precision, not recall', () => {
    const s = scoreAnswer(task, md(H, [...body, ['Emberly S', 'May 1, 2029', '$100', '6.00']]));
    expect(s.table!.item.precision).toBeCloseTo(0.8, 9);
    expect(s.table!.item.recall).toBe(1);
    expect(s.table!.success).toBe(false);
  });

  it('a duplicated row is kept once', () => {
    const s = scoreAnswer(task, md(H, [...body, body[0]!]));
    expect(s.table!.predictedRows).toBe(4);
    expect(s.reward).toBe(1);
  });

  it('a wrong cell costs one item and its row', () => {
    const b = body.map((r) => [...r]);
    b[2]![2] = '$450';
    const s = scoreAnswer(task, md(H, b));
    expect(s.table!.item.precision).toBeCloseTo(15 / 16, 9);
    expect(s.table!.row.precision).toBeCloseTo(3 / 4, 9);
    expect(s.table!.success).toBe(false);
  });

  it('a missing non-key column makes its cells wrong and is named', () => {
    const s = scoreAnswer(
      task,
      md(
        H.slice(0, 3),
        body.map((r) => r.slice(0, 3)),
      ),
    );
    expect(s.table!.missingColumns).toEqual(['Screen size in inches']);
    expect(s.table!.item.recall).toBeCloseTo(0.75, 9);
    expect(s.table!.row.f1).toBe(0);
  });

  it('a header with a unit in parentheses still matches', () => {
    const s = scoreAnswer(task, md(['Phone model', 'Launch date', 'Launch price (USD)', 'Screen size in inches'], body));
    expect(s.reward).toBe(1);
  });

  it('a row with an unknown key counts as extra, its gold row as missing', () => {
    const b = body.map((r) => [...r]);
    b[0]![0] = 'Aldor X2';
    const s = scoreAnswer(task, md(H, b));
    expect(s.table!.matchedRows).toBe(3);
    expect(s.table!.item.precision).toBeCloseTo(0.75, 9);
    expect(s.table!.item.recall).toBeCloseTo(0.75, 9);
  });

  it('the last table whose header has the key column is scored', () => {
    const wrong = md(
      H,
      body.map((r) => [r[0]!, 'x', 'x', 'x']),
    );
    expect(scoreAnswer(task, `${wrong}\n\nCorrected:\n\n${md(H, body)}`).reward).toBe(1);
    expect(scoreAnswer(task, `${md(H, body)}\n\n${md(['Notes'], [['a']])}`).reward).toBe(1);
  });
});

describe('malformed tables score 0 with a reason, never an exception', () => {
  it.each([
    ['no table at all', 'Aldor X1 launched on March 4, 2029.', /no Markdown table/],
    ['no key column', md(['Model', 'Launch date'], [['Aldor X1', 'March 4, 2029']]), /no "Phone model" column/],
    ['a header but no rows', md(H, []), /no rows/],
    ['an empty answer', '', /empty answer/],
  ])('%s', (_, answer, reason) => {
    const s = scoreAnswer(task, answer);
    expect(s.reward).toBe(0);
    expect(s.exact).toBe(false);
    expect(s.reason).toMatch(reason);
  });

  it('ragged rows, stray pipes and garbage do not throw', () => {
    for (const a of [
      '| Phone model |\n|---|\n| Aldor X1 | extra | cells |',
      '|||\n|-|-|\n||',
      '| a |\n| b |',
      '|'.repeat(500),
      '| Phone model | Launch date |\n| --- |',
    ]) {
      expect(() => scoreAnswer(task, a)).not.toThrow();
      const s = scoreAnswer(task, a);
      expect(s.reward).toBeGreaterThanOrEqual(0);
      expect(s.reward).toBeLessThanOrEqual(1);
    }
  });

  it('a table without a separator line is still read', () => {
    const noSep = [`| ${H.join(' | ')} |`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');
    expect(scoreAnswer(task, noSep).reward).toBe(1);
  });
});

describe('parseMarkdownTables', () => {
  it('reads tables without outer pipes, with escaped pipes and alignment colons', () => {
    const t = parseMarkdownTables('Name | Note\n:--- | ---:\nA \\| B | *x*\n\nafter');
    expect(t).toEqual([{ header: ['Name', 'Note'], rows: [['A | B', 'x']] }]);
  });
  it('pads short rows', () => expect(parseMarkdownTables('| a | b |\n|---|---|\n| 1 |')[0]!.rows).toEqual([['1', '']]));
});

describe('list answers', () => {
  const list: ScorableTask = {
    ...task,
    answerType: 'list',
    columns: ['Brand'],
    keyColumns: ['Brand'],
    answer: JSON.stringify([['Aldor'], ['Bexa'], ['Corvin']]),
  };
  it.each([
    'Aldor, Bexa, Corvin',
    'Corvin; Aldor; Bexa',
    '- Aldor\n- Bexa\n- Corvin',
    '1. Bexa\n2. Corvin\n3. Aldor',
    'Aldor, Bexa and Corvin',
    md(['Brand'], [['Aldor'], ['Bexa'], ['Corvin']]),
  ])('%j scores 1', (a) => expect(scoreAnswer(list, a).reward).toBe(1));
  it('a partial list scores its F1', () => expect(scoreAnswer(list, 'Aldor, Bexa, Dulse').reward).toBeCloseTo(2 / 3, 9));
});
