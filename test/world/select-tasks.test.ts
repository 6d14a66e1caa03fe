/** Selection by difficulty: the mix's shares, the one-page cap, kinds taking turns, a short tier filled. */
import { describe, expect, it } from 'vitest';
import type { CertifiedTask } from '../../src/tasks/certificate/certify.js';
import type { Difficulty } from '../../src/tasks/certificate/schema.js';
import { kindShare, likeness, parseDifficulty, selectTasks, tierTargets } from '../../src/world/select-tasks.js';
import type { Fact } from '../../src/world/types.js';

let n = 0;
const cand = (difficulty: Difficulty, kind: string, pagesNeeded: number) =>
  ({ kind, difficulty, signature: String(n), answer: `[["a${n++}"]]`, certificate: { pagesNeeded } }) as unknown as CertifiedTask;

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

  it('the scarcest tier chooses first: a kind whose few hard tasks would be spent on medium keeps them for hard', () => {
    // wide has the only hard candidates, and medium ones listed first; its share is 4 of 16
    const widePool = [
      ...Array.from({ length: 8 }, () => cand('medium', 'wide', 3)),
      ...Array.from({ length: 4 }, () => cand('hard', 'wide', 6)),
      ...Array.from({ length: 8 }, (_, i) => cand('medium', i % 2 ? 'constraint' : 'chain', 3)),
      ...Array.from({ length: 8 }, (_, i) => cand('easy', i % 2 ? 'aggregation' : 'multi_hop', 2)),
    ];
    const got = selectTasks(widePool, 'mix', 16);
    const wide = got.filter((t) => t.kind === 'wide');
    expect(wide.filter((t) => t.difficulty === 'hard')).toHaveLength(4);
    expect(wide.filter((t) => t.difficulty === 'medium')).toHaveLength(0);
  });

  it('one difficulty: only that tier, fewer when it runs short', () => {
    expect(selectTasks(pool, 'hard', 4).every((t) => t.difficulty === 'hard')).toBe(true);
    expect(selectTasks(pool, 'hard', 16)).toHaveLength(6);
    expect(selectTasks(pool, 'easy', 16).every((t) => t.difficulty === 'easy')).toBe(true);
  });

  it('mix short of hard fills from medium, kinds staying near their share before one-page tasks pass the tenth', () => {
    const noHard = pool.filter((t) => t.difficulty !== 'hard');
    const got = selectTasks(noHard, 'mix', 16);
    expect(got).toHaveLength(16);
    const count = (kind: string) => got.filter((t) => t.kind === kind).length;
    // a fifth of 16 is 4, one more when short: multi_hop and constraint stop at 5, chain has 3
    expect([count('multi_hop'), count('constraint'), count('chain')]).toEqual([5, 5, 3]);
    // so the other three are one-page tasks (of two kinds taking turns) rather than a sixth of a kind
    expect(got.filter((t) => t.certificate.pagesNeeded === 1).length).toBe(3);
    expect(count('lookup') + count('comparison')).toBe(3);
    expect(Math.min(count('lookup'), count('comparison'))).toBeGreaterThanOrEqual(1);
    const few = selectTasks(
      pool.filter((t) => t.difficulty === 'easy'),
      'mix',
      16,
    );
    expect(few).toHaveLength(16);
  });

  it('no two tasks of a world share an answer while it can be filled otherwise (one would give the other away)', () => {
    const same = (kind: string, sig: string) => ({ ...cand('easy', kind, 2), signature: sig, answer: '[["Leromotide-90"]]' }) as CertifiedTask;
    const twins = [same('temporal', 'temporal:trials.start_date'), same('temporal', 'temporal:trials.end_date')];
    const rest = Array.from({ length: 6 }, (_, i) => cand('easy', ['lookup', 'chain', 'reasoning'][i % 3]!, 2));
    const got = selectTasks([...twins, ...rest], 'easy', 7);
    expect(got).toHaveLength(7);
    expect(got.filter((t) => t.answer === '[["Leromotide-90"]]')).toHaveLength(1);
    // nothing else left: the world takes the twin rather than fall short
    expect(selectTasks([...twins, ...rest], 'easy', 8)).toHaveLength(8);
  });

  it('keeps one task per likeness while the world can be filled, alike tasks only when nothing else is left', () => {
    let k = 0;
    const c = (difficulty: Difficulty, kind: string, likeness: string) =>
      ({ kind, difficulty, signature: likeness, answer: `[["b${k}"]]`, certificate: { pagesNeeded: 3 + k++ } }) as unknown as CertifiedTask;
    const twins = [...Array.from({ length: 6 }, () => c('hard', 'wide', 'wide:models.price+models.battery')), c('hard', 'wide', 'wide:models.price')];
    const others = Array.from({ length: 10 }, (_, i) => c('medium', ['chain', 'constraint', 'reasoning'][i % 3]!, `x${i}`));
    const got = selectTasks([...twins, ...others], 'mix', 12);
    expect(got).toHaveLength(12);
    // 10 distinct others and the two distinct wide tables: no twin
    expect(got.filter((t) => t.kind === 'wide').map((t) => t.signature)).toEqual(['wide:models.price+models.battery', 'wide:models.price']);
    // strict, each kind at its share (3 of 12): the fourth chain waits, the world is one short
    expect(selectTasks([...twins, ...others], 'mix', 12, new Set(), true)).toHaveLength(11);
    // 16 tasks from 12 distinct: four twins, and only then
    const more = selectTasks([...twins, ...others], 'mix', 16);
    expect(more).toHaveLength(16);
    expect(more.filter((t) => t.kind === 'wide')).toHaveLength(6);
    // strict: the limits kept, the world left short
    expect(selectTasks([...twins, ...others], 'mix', 16, new Set(), true).length).toBeLessThan(16);
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
      ({ kind, difficulty, signature: `k${k}`, answer: `[["c${k++}"]]`, certificate: { pagesNeeded } }) as unknown as CertifiedTask;
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

describe('likeness', () => {
  const fact = (id: number, sourceTable: string, predicate: string) => [id, { id, sourceTable, predicate } as Fact] as const;
  const byId = new Map([
    fact(1, 'models', 'launch_price_usd'),
    fact(2, 'models', 'battery_mah'),
    fact(3, 'models', 'launch_price_usd'),
    fact(4, 'brands', 'ceo'),
  ]);
  it('is the kind and the tables and attributes its answer reads, whatever the rows or thresholds', () => {
    // two wide tables of the same columns over other rows: alike
    expect(likeness({ kind: 'wide', answerFactIds: [1, 2] }, byId)).toBe(likeness({ kind: 'wide', answerFactIds: [2, 3] }, byId));
    expect(likeness({ kind: 'wide', answerFactIds: [1, 2] }, byId)).toBe('wide:models.battery_mah+models.launch_price_usd');
    expect(likeness({ kind: 'wide', answerFactIds: [1] }, byId)).not.toBe(likeness({ kind: 'wide', answerFactIds: [1, 2] }, byId));
    expect(likeness({ kind: 'chain', answerFactIds: [4] }, byId)).not.toBe(likeness({ kind: 'constraint', answerFactIds: [4] }, byId));
  });
  it('a kind takes a quarter of a small world, a fifth of a large one', () => {
    expect([kindShare(16), kindShare(8), kindShare(4), kindShare(40)]).toEqual([4, 2, 2, 8]);
  });
});
