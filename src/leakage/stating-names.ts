/**
 * Names that state a protected fact by what they hold, wherever they are written:
 * - an answer name holding the value of one of its own protected facts ("Inlatuvec-59" of its drug
 *   Inlatuvec): no other fact exempts it (selfStatingNames);
 * - another entity's name that refers to a protected fact's subject and holds its value ("Bluevale
 *   Software", a segment of the software company Bluevale Inc, states the company's sector): a passage
 *   or title writing it is hidden from unrelated queries (statingNamesOf).
 */
import { fold } from '../text/fold.js';
import type { Fact } from '../world/types.js';
import { escapeRegExp as escapeRe } from '../text/regex.js';

/** Does `name` hold `value` as a word of its own ("Inlatuvec-59" holds "59"; "Bluevale Software" holds "software")? */
export function holds(name: string, value: string): boolean {
  return value.length > 0 && name !== value && new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(value)}(?![\\p{L}])`, 'u').test(name);
}

const named = (f: Fact) => f.objectType === 'entity' || f.objectType === 'text';

/** Folded subjects of the protected facts between two names that hold their own value. */
export function selfStatingNames(guarded: readonly Fact[]): Set<string> {
  return new Set(guarded.filter((f) => named(f) && holds(fold(f.subject), fold(f.object))).map((f) => fold(f.subject)));
}

/** Folded names of the entities that refer to each entity (by an entity fact), by the folded name referred to: once per world. */
export function referrersOf(facts: Iterable<Fact>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of facts)
    if (f.objectType === 'entity') {
      const k = fold(f.object);
      (out.get(k) ?? out.set(k, []).get(k)!).push(fold(f.subject));
    }
  return out;
}

/** Folded names that refer to a protected pair's subject and hold its value, sorted. */
export function statingNamesOf(pairs: readonly (readonly [string, string])[], referrers: ReadonlyMap<string, readonly string[]>): string[] {
  return [...new Set(pairs.flatMap(([a, b]) => (referrers.get(a) ?? []).filter((n) => n !== a && holds(n, b))))].sort();
}
