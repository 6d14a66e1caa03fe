import { describe, expect, it } from 'vitest';
import { boundedCache, memoize } from '../../src/util/bounded-cache.js';

describe('boundedCache', () => {
  it('keeps at most max entries, dropping the least recently used', () => {
    const c = boundedCache<string, number>(2);
    c.set('a', 1);
    c.set('b', 2);
    c.get('a');
    c.set('c', 3);
    expect([...c.keys()].sort()).toEqual(['a', 'c']);
  });

  it('bounds total size when asked, and reports evictions', () => {
    const evicted: string[] = [];
    const c = boundedCache<string, string>({ max: 100, maxSize: 10, sizeOf: (v) => v.length, onEvict: (_v, k) => evicted.push(k) });
    c.set('a', 'xxxxxx');
    c.set('b', 'yyyyyy');
    expect(c.has('a')).toBe(false);
    expect(evicted).toEqual(['a']);
  });

  it('memoize computes once per key while it is kept', () => {
    let calls = 0;
    const f = memoize<number, number>(4, (n) => (calls++, n * 2));
    expect(f(3)).toBe(6);
    expect(f(3)).toBe(6);
    expect(calls).toBe(1);
  });
});
