/**
 * Noise claims, as the real web has them and the world records them (Passage.claims): a rounded
 * figure, an early estimate later revised, a forum post's wrong figure and its correction. Each is the
 * Writer's own sentence for the fact with the value it wrote swapped for the noisy one, so the frame
 * stays the Writer's; the world's truth stays in `facts`.
 */
import type { NumberStyle } from '../../format.js';
import type { Rng } from '../../rng.js';
import type { FactIndex } from '../facts.js';
import type { Claim, Fact } from '../types.js';
import { preliminaryValue, roundedValue, wrongValue, type StatedValue } from '../value-text.js';
import type { Stated } from './builder.js';

function swap(s: Stated, fact: Fact, to: StatedValue, form: Claim['form'], keepFact: boolean): Stated | null {
  const claim = s.claims.find((c) => c.factId === fact.id);
  if (!claim || !s.text.includes(claim.stated)) return null;
  const at = s.text.indexOf(claim.stated);
  let text = s.text.slice(0, at) + to.text + s.text.slice(at + claim.stated.length);
  if (at === 0) text = text.charAt(0).toUpperCase() + text.slice(1);
  return {
    text,
    facts: keepFact ? s.facts : s.facts.filter((f) => f.id !== fact.id),
    claims: s.claims.map((c) => (c.factId === fact.id ? { ...c, form, stated: to.text } : c)),
  };
}

/** The sentence with the fact's value rounded ("about 1.2 million"); null when it cannot be. */
export function rounded(fx: FactIndex, s: Stated, fact: Fact): Stated | null {
  const r = roundedValue(fx, fact);
  return r ? swap(s, fact, r, 'rounded', true) : null;
}

/** The sentence with an early estimate a little off the final value, marked "estimated" or "preliminary". */
export function preliminary(fx: FactIndex, rng: Rng, s: Stated, fact: Fact, num: NumberStyle = 0): Stated | null {
  const drift = (rng.chance(0.5) ? 1 : -1) * rng.real(0.006, 0.03);
  const v = preliminaryValue(fx, fact, drift, rng.chance(0.5) ? 'an estimated' : 'a preliminary', num);
  return v ? swap(s, fact, v, 'preliminary', true) : null;
}

/** The sentence with a wrong value (10–30% off), which gives the true value away no more: the fact leaves the passage. */
export function erroneous(fx: FactIndex, rng: Rng, s: Stated, fact: Fact, num: NumberStyle = 0): Stated | null {
  const off = (rng.chance(0.5) ? 1 : -1) * rng.real(0.1, 0.3);
  const v = wrongValue(fx, fact, off, num);
  return v ? swap(s, fact, v, 'erroneous', false) : null;
}

/** The exact sentence recorded as the correction of a wrong claim. */
export function corrected(s: Stated, fact: Fact): Stated {
  return { ...s, claims: s.claims.map((c) => (c.factId === fact.id ? { ...c, form: 'corrected' } : c)) };
}
