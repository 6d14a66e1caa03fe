/**
 * The answers this process has grounded, in memory, by request key: the ones it wrote to the cache and
 * the ones it read back and re-checked. A later hit on the same key (a rollout replayed in the same
 * server, a repeated call) is answered from here without reading the cache file or re-checking it, as
 * long as it asks about the same world text: each answer keeps the label of the check it passed
 * (grounding.ts `groundingLabel`: the check and the world's text), and a world file rebuilt under the
 * same id, reopened by the server, has another label. Bounded: the least recently used answer goes first.
 */
import type { CachedAnswer } from './cache.js';

export const VERIFIED_ANSWERS = 4096;

export class VerifiedAnswers {
  private readonly answers = new Map<string, { answer: CachedAnswer; label: string }>();

  constructor(readonly limit = VERIFIED_ANSWERS) {}

  get size(): number {
    return this.answers.size;
  }

  /** The answer stored for `key` if it passed the check `label` names, else undefined. */
  get(key: string, label: string): CachedAnswer | undefined {
    const entry = this.answers.get(key);
    if (!entry || entry.label !== label) return undefined;
    this.answers.delete(key);
    this.answers.set(key, entry);
    return entry.answer;
  }

  /** Keep `answer` for `key`, grounded by the check `label` names. */
  set(key: string, answer: CachedAnswer, label: string): void {
    if (this.limit <= 0) return;
    this.answers.delete(key);
    this.answers.set(key, { answer, label });
    if (this.answers.size > this.limit) this.answers.delete(this.answers.keys().next().value!);
  }
}
