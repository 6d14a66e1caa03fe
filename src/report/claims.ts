/**
 * The claims of a format-v2 world (its `claims` table): read when the file has one, and the two measures
 * taken from them, coreference (how passages refer to a fact's subject) and noise (claims that are not
 * the exact truth). A v1 file has no claims: both measures are n/a for it.
 */
import type Database from 'better-sqlite3';
import type { Claim, ClaimForm, Passage, SubjectForm, WorldData } from '../world/types.js';

/** Claims that are not the exact truth: what the noise target counts ("scheduled" and "corrected" state the true value). */
export const NOISE_FORMS: readonly ClaimForm[] = ['rounded', 'preliminary', 'erroneous'];
/** How a passage refers to its subject when it does not repeat the full name. */
export const COREFERENT_FORMS: readonly SubjectForm[] = ['pronoun', 'short', 'description'];

export function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

interface ClaimRow {
  passage_id: number;
  fact_id: number;
  form: string;
  stated: string | null;
  subject_form: string | null;
  subject_text: string | null;
}

/**
 * Give each passage of `data` its claims from the file's `claims` table, unless the loader already did.
 * Returns whether the world records claims (false for a v1 file).
 */
export function attachClaims(db: Database.Database, data: WorldData): boolean {
  const passages = data.documents.flatMap((d) => d.passages);
  if (passages.some((p) => p.claims !== undefined)) return true;
  if (!hasTable(db, 'claims')) return false;
  const byPassage = new Map<number, Claim[]>();
  const rows = db.prepare('SELECT passage_id, fact_id, form, stated, subject_form, subject_text FROM claims ORDER BY id').all() as ClaimRow[];
  for (const r of rows)
    (byPassage.get(r.passage_id) ?? byPassage.set(r.passage_id, []).get(r.passage_id)!).push({
      factId: r.fact_id,
      form: r.form as ClaimForm,
      stated: r.stated ?? '',
      subjectForm: (r.subject_form ?? 'name') as SubjectForm,
      subjectText: r.subject_text ?? '',
    });
  for (const p of passages) p.claims = byPassage.get(p.id) ?? [];
  return true;
}

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
