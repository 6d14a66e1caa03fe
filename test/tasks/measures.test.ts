/** The measures of `tasks report` on hand-made tasks: shares, medians, per-group targets, the candidate guess. */
import { describe, expect, it } from 'vitest';
import { type BlindReport, MIN_JUDGED } from '../../src/tasks/blind.js';
import type { Difficulty } from '../../src/tasks/certificate/schema.js';
import { candidateGuess, formatMeasures, type MeasuredTask, measureTasks, median } from '../../src/tasks/measures.js';
import type { Task, TaskKind } from '../../src/world/types.js';

const task = (kind: TaskKind, difficulty: Difficulty, pagesNeeded: number, calls: number, question = 'What is it?', answer = 'A'): Task => ({
  id: 't01',
  kind,
  question,
  answer: JSON.stringify([[answer]]),
  answerText: answer,
  answerType: 'entity',
  columns: [],
  keyColumns: [],
  tolerance: 0,
  aliases: [],
  answerFactIds: [1],
  hopFactIds: [],
  sql: '',
  difficulty,
  certificate: {
    evidenceFactIds: [1],
    pages: [],
    pagesNeeded,
    hops: 0,
    constraints: 0,
    width: 1,
    plan: Array.from({ length: calls }, () => ({ tool: 'web_search' as const, arg: 'q' })),
    uniqueness: null,
    checks: [],
  },
});
const m = (t: Task, frame: string, namesNoEntity = false, printed: boolean | null = null): MeasuredTask => ({
  task: t,
  worldId: 'w1-000000',
  namesNoEntity,
  printed,
  frame,
});
const blind: BlindReport = { limit: 0.05, pass: true, kinds: [] };

describe('measureTasks', () => {
  it('figures each measure per group and marks it against the target where one applies', () => {
    const all = [
      m(task('lookup', 'easy', 1, 2), 'a'),
      m(task('chain', 'medium', 3, 8), 'b', true),
      m(task('chain', 'medium', 4, 7), 'b', true),
      m(task('wide', 'hard', 6, 12), 'c', true, false),
      m(task('wide', 'hard', 5, 10), 'd', false, true),
    ];
    const rows = measureTasks(all, blind);
    const cell = (id: string, g: string) => rows.find((r) => r.id === id)!.cells[g]!;
    expect(cell('one_page', 'all')).toEqual({ text: '20.0%', pass: false });
    expect(cell('one_page', 'medium')).toEqual({ text: '0.0%', pass: true });
    expect(cell('one_page', 'easy').pass).toBeNull();
    expect(cell('pages', 'all')).toEqual({ text: '4', pass: true });
    expect(cell('pages', 'hard')).toEqual({ text: '5.5', pass: true });
    expect(cell('oracle_calls', 'all')).toEqual({ text: '8', pass: true });
    expect(cell('no_entity', 'all')).toEqual({ text: '60.0%', pass: true });
    expect(cell('printed', 'all')).toEqual({ text: '50.0% of 2', pass: false });
    expect(cell('printed', 'chain')).toEqual({ text: 'none derived', pass: null });
    expect(cell('frames', 'all')).toEqual({ text: '4', pass: false });
    const text = formatMeasures(rows, ['all', 'hard']);
    expect(text).toMatch(/^measure +target +all +hard\n/);
    expect(text).toContain('20.0% ✗');
  });

  it('says "not proved" when no task carries an oracle plan', () => {
    const rows = measureTasks([m(task('lookup', 'easy', 2, 0), 'a')], blind);
    expect(rows.find((r) => r.id === 'oracle_calls')!.cells.all).toEqual({ text: 'not proved', pass: null });
  });

  it('candidate guess: the best of first and last listed candidate against 1/k', () => {
    const q = 'Which of Alpha, Beta, Gamma or Delta has the highest price?';
    const firstWins = [task('comparison', 'easy', 1, 0, q, 'Alpha'), task('comparison', 'easy', 1, 0, q, 'Beta')];
    expect(candidateGuess(firstWins)).toEqual({ tasks: 2, score: 0.5, chance: 0.25 });
    expect(candidateGuess([task('lookup', 'easy', 1, 0)])).toBeNull();
    // judged from MIN_JUDGED (40) listed tasks, as the constant answer is: 2 tasks are shown, not marked
    const cell = (ts: Task[]) =>
      measureTasks(
        ts.map((t) => m(t, 'f')),
        blind,
      ).find((r) => r.id === 'blind_candidates')!.cells.comparison!;
    expect(cell(firstWins)).toEqual({ text: '50.0% (1/k 25.0%) (too few: 2)', pass: null });
    const many = Array.from({ length: MIN_JUDGED }, (_, i) => task('comparison', 'easy', 1, 0, q, i % 2 ? 'Alpha' : 'Beta'));
    expect(cell(many)).toEqual({ text: '50.0% (1/k 25.0%)', pass: false });
    const fair = Array.from({ length: MIN_JUDGED }, (_, i) => task('comparison', 'easy', 1, 0, q, ['Alpha', 'Beta', 'Gamma', 'Delta'][i % 4]!));
    expect(cell(fair)).toEqual({ text: '25.0% (1/k 25.0%)', pass: true });
    expect(median([3, 1, 2])).toBe(2);
    expect(median([])).toBeNull();
  });
});
