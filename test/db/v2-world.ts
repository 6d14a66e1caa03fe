/** A format v2 fixture: a generated world with claims of its own, a link and a last-edited date. */
import { passageClaims } from '../../src/world/claims.js';
import { generateWorld } from '../../src/world/generate.js';
import type { WorldData } from '../../src/world/types.js';

/** A generated world with one pronoun claim, one more link and one last-edited date added. */
export function worldWithClaimsAndLinks(): WorldData {
  const d = generateWorld(5, 0);
  const byId = new Map(d.facts.map((f) => [f.id, f]));
  const [a, b] = d.documents.filter((x) => x.published !== null);
  a!.body += `\nSee also: [${b!.title}](${b!.url})\n`;
  a!.links = [...(a!.links ?? []), { url: b!.url, anchor: b!.title }];
  a!.dateKind = 'edited';
  // A sentence that opens with its subject's name, after the page has named it: say "It" instead.
  const said = (x: WorldData['documents'][number], q: WorldData['documents'][number]['passages'][number]) => {
    if (q.ord <= 1 || q.factIds.length !== 1) return false;
    const subject = byId.get(q.factIds[0]!)!.subject;
    return q.text.startsWith(`${subject} `) && x.passages.some((o) => o.ord > 0 && o.ord < q.ord && o.text.includes(subject));
  };
  const doc = d.documents.find((x) => x.passages.some((q) => said(x, q)))!;
  const p = doc.passages.find((q) => said(doc, q))!;
  const f = byId.get(p.factIds[0]!)!;
  const text = `It${p.text.slice(f.subject.length)}`;
  doc.body = doc.body.replace(p.text, text);
  p.text = text;
  // Keep the claim's form and stated text (a rounded claim stays rounded); only its subject changes.
  const [claim] = p.claims ?? passageClaims(d.theme, byId, { ...p, claims: undefined });
  p.claims = [{ ...claim!, subjectForm: 'pronoun', subjectText: 'It' }];
  return d;
}
