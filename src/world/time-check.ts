/**
 * Pages dated truthfully: a dated page reports an event or a period's figure as done only on or after
 * the date it becomes true; before it, only as `scheduled` (or a `preliminary` estimate for a period
 * figure), and never as scheduled once it is true. An undated page reports nothing as scheduled (a
 * reader could not tell when it was written). Each returned string is one anachronism.
 */
import type { Row } from '../themes/_define.js';
import { columnOfFact, passageClaims } from './claims.js';
import { factTime } from './fact-time.js';
import type { Claim, Passage, WorldData } from './types.js';

/** `claimsOf`: the claims of a passage, when the caller has them already (checkWorld); by default passageClaims. */
export function anachronisms(data: WorldData, claimsOf?: (p: Passage) => Claim[]): string[] {
  const out: string[] = [];
  const year = Number(data.meta.reference_date.slice(0, 4)) - 1;
  const facts = new Map(data.facts.map((f) => [f.id, f]));
  const rowOf = new Map<string, Row>();
  for (const [table, rows] of Object.entries(data.rows)) for (const r of rows) rowOf.set(`${table}#${r.id}`, r);
  for (const d of data.documents) {
    for (const p of d.passages) {
      for (const c of claimsOf?.(p) ?? passageClaims(data.theme, facts, p)) {
        const f = facts.get(c.factId);
        const col = f && columnOfFact(data.theme, f);
        if (!f || !col) continue;
        if (!d.published) {
          if (c.form === 'scheduled') out.push(`${d.url} (undated) reports ${f.subject} ${f.predicate} as scheduled`);
          continue;
        }
        const t = factTime(f, col, rowOf.get(`${f.sourceTable}#${f.sourceRowid}`), year);
        if (t === null) continue;
        const early = d.published < t;
        if (early && c.form !== 'scheduled' && c.form !== 'preliminary')
          out.push(`${d.url} (${d.published}) reports ${f.subject} ${f.predicate} as done, but it is true only from ${t}`);
        if (!early && c.form === 'scheduled') out.push(`${d.url} (${d.published}) reports ${f.subject} ${f.predicate} as scheduled after ${t}`);
      }
    }
  }
  return out;
}
