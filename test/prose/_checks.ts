/** What the realizer tests check of a sentence: it states each listed fact exactly, about its subject or a recorded reference. */
import { exactForms } from '../../src/format.js';
import type { ProseWorld, Sentence } from '../../src/prose/types.js';

const PRONOUNS = new Set(['it', 'its', 'he', 'his', 'she', 'her']);

/** Problems with one sentence: a fact whose value is not written exactly, a claim whose subject reference is not in the text. */
export function sentenceProblems(world: ProseWorld, s: Sentence): string[] {
  const out: string[] = [];
  const text = s.text.toLowerCase();
  if (s.claims.length !== s.facts.length) out.push(`${s.claims.length} claims for ${s.facts.length} facts: ${s.text}`);
  if (/\.\.|\s[,.;]|,,| {2}/.test(s.text)) out.push(`punctuation: ${s.text}`);
  if (!/^["A-Z0-9$]/.test(s.text)) out.push(`no capital: ${s.text}`);
  // "under the the hotel chain banner", "the it banner": a reference dropped into a slot that needs a name.
  if (/\b([a-z]+) \1\b/i.test(s.text) || /\bthe (?:it|its|he|his|she|her)\b/i.test(s.text)) out.push(`doubled or misplaced word: ${s.text}`);
  s.facts.forEach((f, i) => {
    const c = s.claims[i]!;
    if (c.factId !== f.id) out.push(`claim ${i} is for fact ${c.factId}, not ${f.id}`);
    const col = world.fx.column(f.sourceTable, f.sourceColumn);
    const forms = exactForms(f.object, f.objectType, col.unit ?? 'plain', col.decimals ?? 0);
    if (!forms.some((x) => text.includes(x.toLowerCase()))) out.push(`value of ${f.predicate} (${f.object}) not stated: ${s.text}`);
    if (!forms.includes(c.stated)) out.push(`claim states "${c.stated}", not an exact form of ${f.object}`);
    if (!text.includes(c.subjectText.toLowerCase())) out.push(`subject text "${c.subjectText}" not in: ${s.text}`);
    if (c.subjectForm === 'name' && !c.subjectText.toLowerCase().includes(f.subject.toLowerCase()))
      out.push(`name form "${c.subjectText}" is not ${f.subject}`);
    if (c.subjectForm === 'pronoun' && !PRONOUNS.has(c.subjectText)) out.push(`pronoun "${c.subjectText}"`);
    if (c.subjectForm === 'short' && !f.subject.includes(c.subjectText.replace(/'s?$/, ''))) out.push(`short "${c.subjectText}" of ${f.subject}`);
    if (c.subjectForm === 'description' && !/^the /i.test(c.subjectText)) out.push(`description "${c.subjectText}"`);
  });
  return out;
}

/** The frame kinds a sentence used for a fact: "attribution+relative" counts as both. */
export function frameKinds(frame: string): string[] {
  return frame.split('+');
}
