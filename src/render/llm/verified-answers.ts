/**
 * The answers this process has grounded, in memory, by request key: the ones it wrote to the cache and
 * the ones it read back and re-checked. A later hit on the same key (a rollout replayed in the same
 * server, a repeated call) is answered from here without reading the cache file or re-checking it, as
 * long as it asks about the same world text: each answer keeps the label of the check it passed
 * (grounding.ts `groundingLabel`: the check and the world's text), and a world file rebuilt under the
 * same id, reopened by the server, has another label. Bounded (util/bounded-cache.ts): the least
 * recently used answer goes first.
 */
import { boundedCache, type BoundedCache } from '../../util/bounded-cache.js';
import type { CachedAnswer } from './cache.js';

export const VERIFIED_ANSWERS = 4096;

export class VerifiedAnswers {
  private readonly answers: BoundedCache<string, { answer: CachedAnswer; label: string }> | null;

  /** `limit` 0 keeps nothing. */
  constructor(readonly limit = VERIFIED_ANSWERS) {
    this.answers = limit > 0 ? boundedCache(limit) : null;
  }

  get size(): number {
    return this.answers?.size ?? 0;
  }

  /** The answer stored for `key` if it passed the check `label` names, else undefined. */
  get(key: string, label: string): CachedAnswer | undefined {
    const entry = this.answers?.get(key);
    return entry && entry.label === label ? entry.answer : undefined;
  }

  /** Keep `answer` for `key`, grounded by the check `label` names. */
  set(key: string, answer: CachedAnswer, label: string): void {
    this.answers?.set(key, { answer, label });
  }
}
