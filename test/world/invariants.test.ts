import { describe, expect, it } from 'vitest';
import { checkSumEquals } from '../../src/world/invariants.js';

describe('checkSumEquals', () => {
  const kids = [
    { id: 1, p: 1, v: 3 },
    { id: 2, p: 1, v: 4 },
  ];
  it('flags a total that is not the sum of its parts', () => {
    expect(checkSumEquals([{ id: 1, t: 8 }], 't', kids, 'p', 'v')).toHaveLength(1);
    expect(checkSumEquals([{ id: 1, t: 7 }], 't', kids, 'p', 'v')).toEqual([]);
  });
  it('has nothing to check on a total the world lacks (an optional attribute, null)', () => {
    expect(checkSumEquals([{ id: 1, t: null }], 't', kids, 'p', 'v')).toEqual([]);
  });
});
