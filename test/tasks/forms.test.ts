import { describe, expect, it } from 'vitest';
import { scoreAnswer, type ScorableTask } from '../../src/tasks/score.js';
import { scoreTableAnswer } from '../../src/tasks/table-score.js';
import { DATE_FORMS, NUMBER_FORMS, inContext } from '../text/forms.js';

// The table of forms the readers and the leak detector are tested with (test/text/forms.ts): a correct
// answer written in any of its forms scores reward 1.

const short = (answer: unknown, answerType: ScorableTask['answerType']): ScorableTask => ({
  answer: JSON.stringify([[answer]]),
  answerText: String(answer),
  answerType,
  columns: [],
  keyColumns: [],
  tolerance: 0,
  aliases: [],
});

describe('a correct answer in any form of the table scores 1', () => {
  it.each(NUMBER_FORMS.flatMap(({ value, what, forms }) => forms.map((form) => [what, form, value] as const)))('%s: %j for %d', (_, form, value) => {
    const task = short(value, Number.isInteger(value) ? 'integer' : 'real');
    for (const text of inContext(form)) {
      const s = scoreAnswer(task, `I looked it up. <answer>${text}</answer>`);
      expect(s, text).toMatchObject({ reward: 1, exact: true });
      expect(s.matchedBy).toMatch(/^(number|text)$/);
    }
  });
  it.each(DATE_FORMS.flatMap(({ iso, forms }) => forms.map((form) => [form, iso] as const)))('%j for %s', (form, iso) => {
    for (const text of inContext(form)) {
      const s = scoreAnswer(short(iso, 'date'), `<answer>${text}</answer>`);
      expect(s, text).toMatchObject({ reward: 1, exact: true });
      expect(s.matchedBy).toMatch(/^(date|text)$/);
    }
  });
  it('a dash before the number is punctuation, not a minus sign', () => {
    for (const text of ['Biortriaxsant Electronics — 170,403 employees', 'Biortriaxsant Electronics – 170403', 'employees - 170,403']) {
      expect(scoreAnswer(short(170403, 'integer'), `<answer>${text}</answer>`), text).toMatchObject({ reward: 1 });
      expect(scoreAnswer(short(-170403, 'integer'), `<answer>${text}</answer>`), text).toMatchObject({ reward: 0 });
    }
  });
  it('in a table cell too', () => {
    const columns = ['Model', 'Units', 'Launch'];
    const rows = [['Zentria X9', 1200000, '2029-03-04']];
    const numbers = NUMBER_FORMS.find((f) => f.value === 1200000)!.forms;
    const dates = DATE_FORMS.find((f) => f.iso === '2029-03-04')!.forms;
    for (let i = 0; i < Math.max(numbers.length, dates.length); i++) {
      const n = numbers[i % numbers.length]!,
        d = dates[i % dates.length]!;
      const md = `| Model | Units | Launch |\n|---|---|---|\n| Zentria X9 | ${n} | ${d} |`;
      expect(scoreTableAnswer({ columns, keyColumns: ['Model'], rows, tolerance: 0 }, md).reward, `${n} / ${d}`).toBe(1);
    }
  });
});

describe('the same forms of another value score 0', () => {
  it.each(NUMBER_FORMS.flatMap(({ value, what, forms }) => forms.map((form) => [what, form, value + Math.max(1, Math.abs(value) / 100)] as const)))(
    '%s: %j is not %d',
    (_, form, other) => {
      expect(scoreAnswer(short(other, Number.isInteger(other) ? 'integer' : 'real'), `<answer>${form}</answer>`).reward).toBe(0);
    },
  );
  it.each(DATE_FORMS.flatMap(({ iso, forms }) => forms.map((form) => [form, iso] as const)))('%j is not the day after %s', (form, iso) => {
    const next = new Date(Date.parse(`${iso}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);
    expect(scoreAnswer(short(next, 'date'), `<answer>${form}</answer>`).reward).toBe(0);
  });
});
