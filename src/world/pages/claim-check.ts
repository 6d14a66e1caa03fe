/**
 * The rules every recorded claim obeys, as a list of problems (empty = all hold):
 * - exact and corrected claims are stated exactly by their passage and listed in its facts;
 * - a rounded claim rounds the fact (within 5%, at most three significant digits) and is listed;
 * - a preliminary claim is marked "preliminary" or "estimated", is near the fact, is listed, and its
 *   page is dated before a page stating the exact value;
 * - an erroneous claim is not listed (it gives nothing away) and is followed on its page by a
 *   corrected statement of the same fact.
 */
import { states } from '../consistency.js';
import type { WorldData } from '../types.js';
import { roughNumber } from '../value-text.js';

const significant = (n: number) => String(Math.abs(n)).replace(/0+$/, '').replace(/^0+/, '').length;

export function claimProblems(data: WorldData): string[] {
  const out: string[] = [];
  const facts = new Map(data.facts.map((f) => [f.id, f]));
  // The latest date of a page stating each fact exactly.
  const exactOn = new Map<number, string>();
  for (const d of data.documents)
    for (const p of d.passages)
      for (const c of p.claims ?? [])
        if ((c.form === 'exact' || c.form === 'corrected') && d.published && (exactOn.get(c.factId) ?? '') < d.published) exactOn.set(c.factId, d.published);
  for (const d of data.documents) {
    for (const p of d.passages) {
      for (const c of p.claims ?? []) {
        const f = facts.get(c.factId);
        const at = `${d.url} passage ${p.ord} (${c.form} ${c.factId})`;
        if (!f) {
          out.push(`${at}: no such fact`);
          continue;
        }
        const listed = p.factIds.includes(f.id);
        const near = (limit: number) => {
          const n = roughNumber(c.stated);
          return n !== null && Math.abs(n - Number(f.object)) <= limit * Math.abs(Number(f.object)) && n !== Number(f.object);
        };
        if (!p.text.includes(c.stated)) out.push(`${at}: the passage does not contain "${c.stated}"`);
        switch (c.form) {
          case 'exact':
          case 'corrected':
          case 'scheduled':
            if (!listed) out.push(`${at}: not in the passage's facts`);
            if (!states(data, p.text, f)) out.push(`${at}: not stated exactly`);
            break;
          case 'rounded':
            if (!listed) out.push(`${at}: not in the passage's facts`);
            if (!near(0.05) || significant(roughNumber(c.stated) ?? 0) > 3) out.push(`${at}: "${c.stated}" does not round ${f.object}`);
            break;
          case 'preliminary':
            if (!listed) out.push(`${at}: not in the passage's facts`);
            if (!/preliminary|estimated/i.test(p.text)) out.push(`${at}: not marked as preliminary`);
            if (!near(0.05)) out.push(`${at}: "${c.stated}" is not near ${f.object}`);
            if (!d.published || !((exactOn.get(f.id) ?? '') > d.published)) out.push(`${at}: no later page states the exact value`);
            break;
          case 'erroneous': {
            if (listed) out.push(`${at}: a wrong claim is listed in the passage's facts`);
            if (roughNumber(c.stated) === Number(f.object)) out.push(`${at}: the "wrong" value is the true one`);
            const fixed = d.passages.some((q) => q.ord > p.ord && (q.claims ?? []).some((k) => k.factId === f.id && k.form === 'corrected'));
            if (!fixed) out.push(`${at}: not corrected later on its page`);
            break;
          }
        }
      }
    }
  }
  return out;
}
