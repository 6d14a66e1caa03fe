/**
 * The answers this process has grounded, in memory, by request key: the ones it wrote to the cache and
 * the ones it read back and re-checked. A later hit on the same key (a rollout replayed in the same
 * server, a repeated call) is answered from here without reading the cache file or re-checking it.
 * Bounded: the least recently used answer goes first.
 */
import type { CachedAnswer } from './cache.js';

export const VERIFIED_ANSWERS = 4096;

export class VerifiedAnswers {
  private readonly answers = new Map<string, CachedAnswer>();

  constructor(readonly limit = VERIFIED_ANSWERS) {}

  get size(): number {
    return this.answers.size;
  }

  get(key: string): CachedAnswer | undefined {
    const answer = this.answers.get(key);
    if (answer) {
      this.answers.delete(key);
      this.answers.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: CachedAnswer): void {
    if (this.limit <= 0) return;
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.answers.size > this.limit) this.answers.delete(this.answers.keys().next().value!);
  }
}
