/** Selection by difficulty: the mix's shares, the one-page cap, kinds taking turns, a short tier filled. */
import { describe, expect, it } from 'vitest';
import type { CertifiedTask } from '../../src/tasks/certificate/certify.js';
import type { Difficulty } from '../../src/tasks/certificate/schema.js';
import { parseDifficulty, selectTasks, tierTargets } from '../../src/world/select-tasks.js';

let n = 0;
const cand = (difficulty: Difficulty, kind: string, pagesNeeded: number) =>
  ({ kind, difficulty, signature: String(n++), certificate: { pagesNeeded } }) as unknown as CertifiedTask;

describe('selectTasks', () => {
  const pool = [
    ...Array.from({ length: 10 }, (_, i) => cand('easy', i % 2 ? 'lookup' : 'comparison', 1)),
    ...Array.from({ length: 6 }, (_, i) => cand('easy', 'multi_hop', 2 + (i % 1))),
    ...Array.from({ length: 12 }, (_, i) => cand('medium', i < 9 ? 'constraint' : 'chain', 3)),
    ...Array.from({ length: 6 }, () => cand('hard', 'wide', 6)),
  ];

  it('mix: a quarter easy, half medium, a quarter hard; at most a tenth on one page; kinds take turns', () => {
    expect(tierTargets('mix', 16)).toEqual({ easy: 4, medium: 8, hard: 4 });
    const got = selectTasks(pool, 'mix', 16);
    const count = (d: Difficulty) => got.filter((t) => t.difficulty === d).length;
    expect([count('easy'), count('medium'), count('hard')]).toEqual([4, 8, 4]);
    expect(got.filter((t) => t.certificate.pagesNeeded === 1).length).toBeLessThanOrEqual(1);
    const medium = got.filter((t) => t.difficulty === 'medium');
    expect(medium.filter((t) => t.kind === 'chain').length).toBe(3);
    // candidate order is kept
    expect(got).toEqual(pool.filter((t) => got.includes(t)));
  });

  it('one difficulty: only that tier, fewer when it runs short', () => {
    expect(selectTasks(pool, 'hard', 4).every((t) => t.difficulty === 'hard')).toBe(true);
    expect(selectTasks(pool, 'hard', 16)).toHaveLength(6);
    expect(selectTasks(pool, 'easy', 16).every((t) => t.difficulty === 'easy')).toBe(true);
  });

  it('mix short of hard fills from medium, then one-page tasks only when nothing else is left', () => {
    const noHard = pool.filter((t) => t.difficulty !== 'hard');
    const got = selectTasks(noHard, 'mix', 16);
    expect(got).toHaveLength(16);
    expect(got.filter((t) => t.certificate.pagesNeeded === 1).length).toBeLessThanOrEqual(1);
    const few = selectTasks(
      pool.filter((t) => t.difficulty === 'easy'),
      'mix',
      16,
    );
    expect(few).toHaveLength(16);
  });

  it('leaves out the excluded (unsolved) candidates', () => {
    const hard = pool.filter((t) => t.difficulty === 'hard');
    const got = selectTasks(pool, 'hard', 4, new Set(hard.slice(0, 2)));
    expect(got).toEqual(hard.slice(2, 6));
  });

  it('refuses a bad --difficulty with one line', () => {
    expect(() => parseDifficulty('extreme')).toThrow(/^--difficulty must be one of easy, medium, hard, mix, got "extreme"$/);
  });
});

describe('selectTasks keeps a mix of kinds', () => {
  it('a world short of medium and easy fills from hard without one kind taking it over', () => {
    let k = 0;
    const c = (difficulty: Difficulty, kind: string, pagesNeeded: number) =>
      ({ kind, difficulty, signature: `k${k++}`, certificate: { pagesNeeded } }) as unknown as CertifiedTask;
    const pool = [
      ...Array.from({ length: 12 }, () => c('hard', 'wide', 2)),
      ...Array.from({ length: 4 }, () => c('hard', 'constraint', 3)),
      ...Array.from({ length: 4 }, () => c('easy', 'reasoning', 2)),
      ...Array.from({ length: 4 }, () => c('easy', 'chain', 2)),
      ...Array.from({ length: 2 }, () => c('medium', 'conflict', 3)),
    ];
    const got = selectTasks(pool, 'mix', 16);
    expect(got).toHaveLength(16);
    const count = (kind: string) => got.filter((t) => t.kind === kind).length;
    // wide takes turns in the hard tier, then no kind goes past a fifth of the world (4 of 16) while
    // other kinds have candidates left
    expect(Math.max(...['wide', 'constraint', 'reasoning', 'chain'].map(count))).toBe(4);
    expect(count('conflict')).toBe(2);
  });
});
