import { describe, expect, it } from 'vitest';
import { scoreAnswer, type ScorableTask } from '../../src/tasks/score.js';

const short = (answer: unknown, answerText: string, answerType: ScorableTask['answerType'], extra: Partial<ScorableTask> = {}): ScorableTask => ({
  answer: JSON.stringify([[answer]]),
  answerText,
  answerType,
  columns: [],
  keyColumns: [],
  tolerance: 0,
  aliases: [],
  ...extra,
});

const integer = short(1200000, '1,200,000', 'integer');
const price = short(899, '899', 'integer');
const real = short(6.07, '6.07', 'real', { tolerance: 0.005 });
const share = short(12.5, '12.50', 'real', { tolerance: 0.005 });
const date = short('2029-03-04', 'March 4, 2029', 'date');
const entity = short('Handbrex Devices', 'Handbrex Devices', 'entity', { aliases: ['Handbrex'] });
const text = short('Dayne Baelquova', 'Dayne Baelquova', 'text');

describe('short answers: format variants score 1', () => {
  it.each([
    '1,200,000',
    '1200000',
    '1200000.0',
    '1.2 million',
    '1.2M',
    '$1.2M',
    '1 200 000',
    '1.200.000',
    '1,200 thousand',
    '1,200,000 units',
    'About 1.2 million units were sold.',
    '<answer>1.2 million</answer>',
    // read by the detector's readers since the scorer shares them (text/stated.ts)
    '1.2e6',
    '1 million 200 thousand',
    'one million two hundred thousand',
    '1,200,000 units, more than any other one model',
  ])('integer 1,200,000 ← %j', (a) => {
    const s = scoreAnswer(integer, a);
    expect(s.reward).toBe(1);
    expect(s.exact).toBe(true);
    expect(s.f1).toBe(1);
  });
  it.each(['899', '$899', 'USD 899', '$899.00', '899 dollars'])('price 899 ← %j', (a) => expect(scoreAnswer(price, a).reward).toBe(1));
  it.each(['6.07', '6.07 inches', '6.1', '6.04', '6.10"'])('real 6.07 (tolerance 0.5%%) ← %j', (a) => expect(scoreAnswer(real, a).reward).toBe(1));
  it.each(['12.5%', '12.50', '12.5 percent'])('percent 12.5 ← %j', (a) => expect(scoreAnswer(share, a).reward).toBe(1));
  it.each([
    'March 4, 2029',
    '2029-03-04',
    '4 March 2029',
    '4 Mar 2029',
    'Mar 4, 2029',
    'Mar. 4th, 2029',
    '03/04/2029',
    '4/3/2029',
    '2029/03/04',
    'It launched on March 4, 2029.',
    '<answer>2029-03-04</answer>',
    'the fourth of march, 2029',
    'March fourth, 2029',
  ])('date 2029-03-04 ← %j', (a) => {
    const s = scoreAnswer(date, a);
    expect(s.reward).toBe(1);
    expect(s.matchedBy).toMatch(/^(date|text)$/);
  });
  it.each(['Handbrex Devices', 'handbrex devices', 'The Handbrex Devices.', '  HANDBREX   DEVICES ', 'Handbrex', '**Handbrex Devices**'])('entity ← %j', (a) =>
    expect(scoreAnswer(entity, a).reward).toBe(1),
  );
  it('says an alias matched', () => expect(scoreAnswer(entity, 'Handbrex').matchedBy).toBe('alias'));
  it.each(['Dayne Baelquova', 'dayne baelquova', 'Dayne Baelquova.'])('text ← %j', (a) => expect(scoreAnswer(text, a).reward).toBe(1));
});

describe('short answers: near misses score 0', () => {
  it.each(['1,200,001', '1.2', '1.21 million', '120,000', '12,000,000', '1,200,000 or 1,300,000', ''])('integer 1,200,000 ← %j', (a) =>
    expect(scoreAnswer(integer, a).reward).toBe(0),
  );
  it.each(['6.11', '6.03', '607', '6'])('real 6.07 ← %j is outside 0.5%%', (a) => expect(scoreAnswer(real, a).reward).toBe(0));
  it.each(['March 5, 2029', '2029-03-05', 'March 2029', '2029', '5 March 2029', 'March 4, 2030', 'March 4, 2029 or March 5, 2029'])(
    'date 2029-03-04 ← %j',
    (a) => expect(scoreAnswer(date, a).reward).toBe(0),
  );
  it.each(['Handbrex Mobile', 'Handbrex Devices Inc', 'Skyrvris Devices', 'Handbrex Devices, Skyrvris Devices'])('entity ← %j', (a) =>
    expect(scoreAnswer(entity, a).reward).toBe(0),
  );
  it('reports token F1 beside a zero reward', () => {
    const s = scoreAnswer(text, 'Dayne Baelquova Jr');
    expect(s.reward).toBe(0);
    expect(s.exact).toBe(false);
    expect(s.f1).toBeCloseTo(0.8, 5);
  });
  it('scores only the last <answer> block', () => {
    expect(scoreAnswer(entity, '<answer>Handbrex Devices</answer> … <answer>Skyrvris Devices</answer>').reward).toBe(0);
    expect(scoreAnswer(entity, '<answer>Skyrvris Devices</answer> … <answer>Handbrex Devices</answer>').reward).toBe(1);
  });
  it('a number mentioned outside the <answer> block does not count', () =>
    expect(scoreAnswer(integer, 'maybe 1,200,000? <answer>1,300,000</answer>').reward).toBe(0));
});

describe('Chinese answers', () => {
  const amount = short(120000000, '1.2亿', 'integer');
  it.each(['1.2亿', '一亿二千万', '12,000万', '1亿2000万', '约1.2亿元', '答案是1.2亿。', '<answer>一亿两千万</answer>', '１．２亿'])(
    '%j scores 1 for 120000000',
    (reply) => {
      expect(scoreAnswer(amount, reply)).toMatchObject({ reward: 1, exact: true, matchedBy: expect.stringMatching(/^(number|text)$/) });
    },
  );
  it.each(['1.3亿', '一亿三千万', '1.2万', '12亿', '1.2亿或1.3亿'])('%j scores 0 for 120000000', (reply) => {
    expect(scoreAnswer(amount, reply)).toMatchObject({ reward: 0 });
  });
  it('reads a Chinese date for a date answer, and not the day after', () => {
    for (const reply of ['2029年3月4日', '二〇二九年三月四日', '该机型于2029年3月4日发布。']) expect(scoreAnswer(date, reply).reward, reply).toBe(1);
    expect(scoreAnswer(date, '2029年3月5日').reward).toBe(0);
    expect(scoreAnswer(date, '2029年3月').reward).toBe(0);
  });
});

describe('tolerance edges', () => {
  const t = short(200, '200.00', 'real', { tolerance: 0.01 });
  it.each([
    ['202', 1],
    ['198', 1],
    ['202.01', 0],
    ['197.99', 0],
    ['200', 1],
  ])('200 ±1%% ← %s', (a, want) => expect(scoreAnswer(t, a).reward).toBe(want));
  it('tolerance 0 is exact', () => {
    const exact = short(200, '200', 'integer');
    expect(scoreAnswer(exact, '200').reward).toBe(1);
    expect(scoreAnswer(exact, '200.5').reward).toBe(0);
    expect(scoreAnswer(exact, '201').reward).toBe(0);
  });
  it('a number beside a date still reads as one number', () => expect(scoreAnswer(integer, '1,200,000 as of March 4, 2030').reward).toBe(1));
});

describe('never throws', () => {
  it.each([
    ['a broken task answer', { ...integer, answer: 'not json' }],
    ['an empty task answer', { ...integer, answer: '[]' }],
  ])('%s scores 0 with a reason', (_, task) => {
    const s = scoreAnswer(task as ScorableTask, '1,200,000');
    expect(s.reward).toBe(0);
    expect(s.reason).toMatch(/JSON array of rows/);
  });
  it('an empty answer scores 0 with a reason', () => expect(scoreAnswer(integer, '<answer> </answer>').reason).toBe('empty answer'));
  it('survives odd input', () => {
    for (const a of ['|||', '<answer>', '\u0000', '9'.repeat(400), '$', '-', '1e999', '<answer></answer><answer>']) {
      for (const t of [integer, real, date, entity]) expect(() => scoreAnswer(t, a)).not.toThrow();
    }
  });
});
