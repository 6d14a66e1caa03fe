/** Small pieces of English the realizer needs: capitals, articles, possessives, tense, sentence ends. */

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "a" or "an" by the sound of the phrase that follows: "an operator", "an 8-inch screen" (spoken "eight"), "a university". */
export function indefiniteArticle(np: string): 'a' | 'an' {
  const w = np.trim();
  const lower = w.toLowerCase();
  const an = /^(8|11|18|80|800)\b/.test(w) || (/^[aeiou]/.test(lower) && !/^(uni|use|usu|eu|one|once)/.test(lower)) || /^(hour|honou?r|heir)/.test(lower);
  return an ? 'an' : 'a';
}

/** "a phone model", "an operator", "an 8-inch screen" (spoken "eight"), "a unit". */
export function withArticle(np: string): string {
  return `${indefiniteArticle(np)} ${np.trim()}`;
}

/** "Halvorsen Mobile's", "Borealis Dynamics'". */
export function possessive(name: string): string {
  // A plural or a name in -s takes the apostrophe alone ("the rail lines'", "Borealis Dynamics'", as news
  // style writes names); a common noun in -s takes 's ("the train class's").
  return /s$/i.test(name) && (isPlural(name) || /(?:^|\s)[A-Z][\w-]*$/.test(name)) ? `${name}'` : `${name}'s`;
}

/** Whether a predicate ("is headquartered in {v}", "launched at {v}") is in the present or the past. */
export function tenseOf(predicate: string): 'present' | 'past' {
  const first = predicate.trim().split(/\s+/)[0]!.toLowerCase();
  if (['is', 'are', 'has', 'have', 'remains', 'holds'].includes(first)) return 'present';
  if (['was', 'were', 'had', 'has been'].includes(first)) return 'past';
  if (/[^su]s$/.test(first) || /ies$/.test(first)) return 'present';
  return 'past';
}

/** Head nouns ending in "s" that take a singular verb. */
const SINGULAR_S = new Set(['headquarters', 'series', 'news', 'species', 'means', 'gas', 'lens', 'bus', 'chassis', 'canvas', 'atlas']);

/**
 * Whether a noun phrase takes a plural verb: its head (the last word before a preposition) is a plural
 * ("full-year unit sales", "lifetime sales across its games"), not "gross", "mass", "status" or "number of floors".
 */
export function isPlural(np: string): boolean {
  const head = np
    .trim()
    .split(/\s+(?:of|across|in|for|at|per|by|from|on|over|to)\s+/)[0]!
    .split(/\s+/)
    .pop()!
    .toLowerCase();
  return /[a-z]s$/.test(head) && !/(ss|us|is|ics)$/.test(head) && !SINGULAR_S.has(head);
}

/** The copula agreeing with a predicate's tense and, when a noun phrase is its subject, with that noun's number. */
export function copulaFor(predicate: string, subject?: string): 'is' | 'was' | 'are' | 'were' {
  const plural = subject !== undefined && isPlural(subject);
  if (tenseOf(predicate) === 'present') return plural ? 'are' : 'is';
  return plural ? 'were' : 'was';
}

/** "launched at $429" → "also launched at $429"; "is based in X" → "is also based in X". */
export function withAlso(predicate: string): string {
  const m = /^(is|was|are|were|has been|had been)\s+(.*)$/.exec(predicate);
  return m ? `${m[1]} also ${m[2]}` : `also ${predicate}`;
}

/** A whole sentence: capital first letter, one final stop, no doubled spaces or stops. */
export function finish(s: string): string {
  let t = s
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:])/g, '$1')
    .trim();
  t = t.replace(/([.!?])\.$/, '$1').replace(/,\./g, '.');
  if (!/[.!?]$/.test(t) && !/[.!?]["”]$/.test(t)) t += '.';
  // A closing quote after the stop stays as written; a value ending in a stop ("Inc.") gets no second one.
  t = t.replace(/\.\.$/, '.');
  return capitalise(t);
}

/** "a, b and c". */
export function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

const NOT_PLURAL = new Set([
  'this',
  'was',
  'is',
  'has',
  'its',
  'his',
  'as',
  'us',
  'plus',
  'across',
  'less',
  'in',
  'on',
  'at',
  'of',
  'for',
  'to',
  'the',
  'a',
  'an',
  'by',
  'with',
  'from',
  'and',
]);
const IRREGULAR: Record<string, string> = { companies: 'company', people: 'person', times: 'time', staff: 'staff', facilities: 'facility' };

/** "1 league goals" → "1 league goal": the first plural noun within two words after a value of exactly 1. */
export function agreeWithCount(text: string, value: string): string {
  if (value !== '1') return text;
  const at = text.indexOf(`${value} `);
  if (at === -1) return text;
  const start = at + value.length + 1;
  const words = text.slice(start).split(' ');
  for (let i = 0; i < Math.min(2, words.length); i++) {
    // Only lower-case words: a name after the count ("1 in Korsvik Rovers v …") is never touched.
    const m = /^([a-z]+)(.*)$/.exec(words[i]!);
    if (!m) break;
    const w = m[1]!.toLowerCase();
    if (NOT_PLURAL.has(w)) break;
    const single = IRREGULAR[w] ?? (/[^s]s$/.test(w) ? m[1]!.slice(0, -1) : null);
    if (single === null) continue;
    words[i] = single + m[2];
    // "There are 1 hotel" → "There is 1 hotel": the verb before the count agrees too.
    const before = text.slice(0, start).replace(/\b(are|were)( 1 )$/, (_, v: string, rest: string) => (v === 'are' ? 'is' : 'was') + rest);
    return before + words.join(' ');
  }
  return text;
}
