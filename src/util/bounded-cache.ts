/**
 * The one bounded cache: a least-recently-used map over `lru-cache`, bounded by entry count (and
 * optionally by a size measure). Every size-bounded memo in the project uses this helper, so
 * eviction has one policy and one implementation.
 */
import { LRUCache } from 'lru-cache';

export interface BoundedCacheOptions<K, V> {
  /** Most entries kept. */
  max: number;
  /** Optional total size bound, with the size of one entry. */
  maxSize?: number;
  sizeOf?: (value: V, key: K) => number;
  /** Called when an entry is evicted or deleted. */
  onEvict?: (value: V, key: K) => void;
}

export type BoundedCache<K extends {}, V extends {}> = LRUCache<K, V>;

export function boundedCache<K extends {}, V extends {}>(opts: BoundedCacheOptions<K, V> | number): BoundedCache<K, V> {
  const o = typeof opts === 'number' ? { max: opts } : opts;
  return new LRUCache<K, V>({
    max: o.max,
    ...(o.maxSize !== undefined ? { maxSize: o.maxSize, sizeCalculation: (v: V, k: K) => Math.max(1, o.sizeOf ? o.sizeOf(v, k) : 1) } : {}),
    ...(o.onEvict ? { dispose: (v: V, k: K) => o.onEvict!(v, k) } : {}),
  });
}

/** Memoise a one-argument function through a bounded cache. */
export function memoize<K extends {}, V extends {}>(max: number, fn: (key: K) => V): (key: K) => V {
  const cache = boundedCache<K, V>(max);
  return (key) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = fn(key);
    cache.set(key, value);
    return value;
  };
}
