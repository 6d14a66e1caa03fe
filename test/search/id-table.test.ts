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

  it('keeps sparse and large ids apart', () => {
    const t = new IdTable<number>();
    t.set(2_000_000_000, 7);
    t.set(5, 8);
    expect(t.get(2_000_000_000)).toBe(7);
    expect(t.get(5)).toBe(8);
    expect(t.get(1_999_999_999)).toBeUndefined();
  });
});
