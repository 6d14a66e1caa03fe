import { describe, expect, it } from 'vitest';
import { parseSplit, splitOf, splitPath, splitPosition } from '../../src/tasks/split.js';
import { worldId } from '../../src/world/types.js';

describe('parseSplit', () => {
  it('reads names and weights', () => {
    expect(parseSplit('train=0.9,eval=0.1')).toEqual([
      { name: 'train', weight: 0.9 },
      { name: 'eval', weight: 0.1 },
    ]);
    expect(parseSplit(' a = 0.5 , b=0.25,c=.25')).toHaveLength(3);
    expect(parseSplit('all=1')).toEqual([{ name: 'all', weight: 1 }]);
  });
  it.each([
    ['train=0.9,eval=0.2', /add up to 1.1, not 1/],
    ['train=0.9', /add up to 0.9/],
    ['train', /not name=weight/],
    ['train=,eval=1', /not name=weight/],
    ['train=abc,eval=1', /must be a number above 0/],
    ['train=0,eval=1', /must be a number above 0/],
    ['train=-0.5,eval=1.5', /must be a number above 0/],
    ['train=0.5,train=0.5', /named twice/],
    ['tr/ain=0.5,eval=0.5', /letters, digits/],
    ['', /not name=weight/],
  ])('%j is refused in one line', (spec, msg) => {
    expect(() => parseSplit(spec)).toThrow(msg);
    try {
      parseSplit(spec);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
      expect((e as { code?: string }).code).toBe('BAD_INPUT');
    }
  });
});

describe('splitOf', () => {
  const parts = parseSplit('train=0.9,eval=0.1');
  const ids = Array.from({ length: 2000 }, (_, i) => worldId(7, i));

  it('depends only on the world id', () => {
    expect(ids.map((id) => splitOf(id, parts))).toEqual(ids.map((id) => splitOf(id, parts)));
    expect(splitOf('w7-000042', parts)).toBe(splitOf('w7-000042', parseSplit('train=0.9,eval=0.1')));
  });
  it('follows the weights, even for consecutive ids', () => {
    const evalShare = ids.filter((id) => splitOf(id, parts) === 'eval').length / ids.length;
    expect(evalShare).toBeGreaterThan(0.07);
    expect(evalShare).toBeLessThan(0.13);
    const first100 = ids.slice(0, 100).filter((id) => splitOf(id, parts) === 'eval').length;
    expect(first100).toBeGreaterThan(2);
    expect(first100).toBeLessThan(20);
  });
  it('positions are in [0, 1)', () => {
    for (const id of ids) {
      const u = splitPosition(id);
      expect(u >= 0 && u < 1).toBe(true);
    }
  });
});

describe('splitPath', () => {
  it('puts the split name before .jsonl', () => {
    expect(splitPath('out/tasks.jsonl', 'eval')).toBe('out/tasks.eval.jsonl');
    expect(splitPath('out/tasks', 'train')).toBe('out/tasks.train.jsonl');
  });
});
