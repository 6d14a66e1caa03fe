import { describe, expect, it } from 'vitest';
import { difficultyOf } from '../../../src/tasks/certificate/difficulty.js';

const c = (pagesNeeded: number, more: Partial<{ hops: number; constraints: number; width: number }> = {}) => ({
  pagesNeeded,
  hops: 1,
  constraints: 0,
  width: 1,
  ...more,
});

describe('difficultyOf', () => {
  it('rates by pages: at most 2 easy, 3 or 4 medium, 5 or more hard', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => difficultyOf(c(n)))).toEqual(['easy', 'easy', 'medium', 'medium', 'hard', 'hard']);
  });

  it('rates 4 pages hard with a long chain of constraints or a large table, and never fewer pages', () => {
    expect(difficultyOf(c(4, { constraints: 4, hops: 2 }))).toBe('hard');
    expect(difficultyOf(c(4, { width: 45 }))).toBe('hard');
    expect(difficultyOf(c(4, { constraints: 4, hops: 1 }))).toBe('medium');
    expect(difficultyOf(c(3, { constraints: 6, hops: 3 }))).toBe('medium');
    expect(difficultyOf(c(2, { width: 120 }))).toBe('easy');
    expect(difficultyOf(c(1, { constraints: 5, hops: 2 }))).toBe('easy');
  });
});
