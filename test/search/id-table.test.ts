import { describe, expect, it } from 'vitest';
import { IdTable } from '../../src/search/id-table.js';

describe('IdTable', () => {
  it('finds what was set by id, and nothing else', () => {
    const t = new IdTable<string>();
    t.set(1, 'one');
    t.set(3, 'three');
    expect(t.get(1)).toBe('one');
    expect(t.get(3)).toBe('three');
    expect(t.get(0)).toBeUndefined();
    expect(t.get(2)).toBeUndefined();
    expect(t.get(4)).toBeUndefined();
    expect(t.get(-1)).toBeUndefined();
  });

  it('keeps sparse, huge, negative and fractional ids apart', () => {
    const t = new IdTable<number>();
    for (const [id, v] of [[2_000_000_000, 1], [5, 2], [-7, 3], [1.5, 4], [2 ** 40, 5]] as const) t.set(id, v);
    expect([2_000_000_000, 5, -7, 1.5, 2 ** 40].map((id) => t.get(id))).toEqual([1, 2, 3, 4, 5]);
    expect(t.get(1_999_999_999)).toBeUndefined();
    expect(t.get(1)).toBeUndefined();
  });

  it('keeps text ids (a hand-made world may store them) out of the array and its prototype', () => {
    const t = new IdTable<string[]>();
    for (const key of ['__proto__', 'length', 'constructor', '5']) {
      expect(t.get(key as unknown as number)).toBeUndefined();
      t.set(key as unknown as number, [key]);
    }
    expect(t.get('__proto__' as unknown as number)).toEqual(['__proto__']);
    expect(t.get('length' as unknown as number)).toEqual(['length']);
    // The text "5" is not the number 5.
    expect(t.get(5)).toBeUndefined();
    expect(t.get('5' as unknown as number)).toEqual(['5']);
    expect(Object.prototype.hasOwnProperty.call(Array.prototype, 0)).toBe(false);
    expect(([] as unknown[])[0]).toBeUndefined();
  });
});
