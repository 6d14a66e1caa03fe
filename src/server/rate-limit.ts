/**
 * Rate limiting per key (a session, an API key or a client address): a token bucket each, refilled at
 * `rate` per second up to `burst`. The table of buckets is a bounded cache: past `maxKeys`, the buckets
 * touched longest ago are dropped (a dropped key simply starts again with a full bucket).
 */
import { boundedCache, type BoundedCache } from '../util/bounded-cache.js';

export interface RateLimiterOptions {
  /** Tokens per second; 0 turns the limiter off. */
  rate: number;
  burst: number;
  maxKeys?: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets: BoundedCache<string, Bucket>;
  private readonly rate: number;
  private readonly burst: number;
  private readonly now: () => number;

  constructor(opts: RateLimiterOptions) {
    this.rate = Math.max(0, opts.rate);
    this.burst = Math.max(1, opts.burst);
    this.buckets = boundedCache<string, Bucket>(opts.maxKeys ?? 100_000);
    this.now = opts.now ?? (() => performance.now());
  }

  get enabled(): boolean {
    return this.rate > 0;
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Drop `key`'s bucket (a key that turned out to name nothing). */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  /** Take one token for `key`: 0 when allowed, else the seconds to wait before retrying (≥ 1). */
  take(key: string): number {
    if (!this.enabled) return 0;
    const t = this.now();
    let b = this.buckets.get(key); // a hit is now the most recently used
    if (b) {
      b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.rate);
      b.at = t;
    } else {
      b = { tokens: this.burst, at: t };
      this.buckets.set(key, b);
    }
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.rate));
  }
}
