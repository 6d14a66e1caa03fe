/** Agreement patterns a generated question must never show; each returns the problem found, or null. */
import { allTableWords } from '../../../src/tasks/questions/labels.js';

const PLURALS = [...new Set(allTableWords().flatMap((w) => (w.plural !== w.kind ? [w.plural] : [])))];

export function grammarProblem(q: string): string | null {
  if (!/^[A-Z]/.test(q)) return 'does not start with a capital';
  if (!/[?.]$/.test(q)) return 'does not end with ? or .';
  if (/ {2}|\s[,.?]/.test(q)) return 'stray space';
  const doubled = /\b(\w+) \1\b/i.exec(q);
  if (doubled) return `doubled word "${doubled[0]}"`;
  if (/\ban (?![aeiou]|hour|hon)/i.test(q)) return '"an" before a consonant';
  if (/\ba (?=[aeiou])(?!uni|use|usu|eu|one)/i.test(q)) return '"a" before a vowel';
  for (const p of PLURALS) if (new RegExp(`\\b(a|an|one) ${p}\\b`, 'i').test(q)) return `"a ${p}"`;
  if (/\bsales (is|does|falls)\b/.test(q)) return 'plural noun with a singular verb';
  if (/\b1 (?!mAh|kg|cm)[a-z]+s\b/.test(q)) return 'plural unit after 1';
  if (/\b(total total|number of number)\b/i.test(q)) return 'repeated label word';
  if (/_|\busd\b|\bin (kg|mAh)\b/i.test(q)) return 'schema word';
  return null;
}
