/**
 * The two measures taken from a world's claims (format v2, read by src/db/load.ts): coreference (how
 * passages refer to a fact's subject) and noise (claims that are not the exact truth). A world built in
 * memory without claims has neither: both measures are n/a for it.
 */
import type { ClaimForm, Passage, SubjectForm } from '../world/types.js';

/** Claims that are not the exact truth: what the noise target counts ("scheduled" and "corrected" state the true value). */
export const NOISE_FORMS: readonly ClaimForm[] = ['rounded', 'preliminary', 'erroneous'];
/** How a passage refers to its subject when it does not repeat the full name. */
export const COREFERENT_FORMS: readonly SubjectForm[] = ['pronoun', 'short', 'description'];

export interface ClaimFigures {
  /** Passages stating at least one fact (with at least one claim). */
  factPassages: number;
  /** Of those, passages with a claim whose subject is a pronoun, short name or description. */
  coreferent: number;
  /** Claims by form. */
  forms: Partial<Record<ClaimForm, number>>;
  /** Claims in NOISE_FORMS. */
  noise: number;
}

export function claimFigures(passages: Iterable<Passage>): ClaimFigures {
  const out: ClaimFigures = { factPassages: 0, coreferent: 0, forms: {}, noise: 0 };
  for (const p of passages) {
    const claims = p.claims ?? [];
    if (claims.length === 0) continue;
    out.factPassages++;
    if (claims.some((c) => COREFERENT_FORMS.includes(c.subjectForm))) out.coreferent++;
    for (const c of claims) {
      out.forms[c.form] = (out.forms[c.form] ?? 0) + 1;
      if (NOISE_FORMS.includes(c.form)) out.noise++;
    }
  }
  return out;
}
