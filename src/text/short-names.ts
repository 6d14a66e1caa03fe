/**
 * Short forms of names, as real text uses them: "Tacova" for "Tacova Corp" once the page has named it.
 * One mechanism for the prose realizer (short-name coreference) and the tasks (accepted answer aliases).
 */

/** Words that end an organisation's name and that text drops in a short mention. */
export const CORPORATE_SUFFIXES: ReadonlySet<string> = new Set([
  'Mobile',
  'Devices',
  'Telecom',
  'Electronics',
  'Labs',
  'Inc',
  'Group',
  'Pharma',
  'Therapeutics',
  'Biosciences',
  'Studios',
  'Pictures',
  'Films',
  'Party',
  'FC',
  'United',
  'Aerospace',
  'Holdings',
  'Corp',
  'Systems',
  'Athletic',
  'Rovers',
  'Biologics',
  'Dynamics',
  'Industries',
  'Alliance',
  'Union',
  'Movement',
  'Front',
  'League',
  'Airways',
  'Airlines',
  'Aviation',
]);

/** The name without its corporate suffix ("Tacova Corp" → "Tacova"), or null when it has none or the rest is too short to stand alone. */
export function withoutSuffix(name: string): string | null {
  const words = name.split(' ');
  if (words.length < 2 || !CORPORATE_SUFFIXES.has(words[words.length - 1]!)) return null;
  const short = words.slice(0, -1).join(' ');
  return short.length >= 4 ? short : null;
}

/**
 * The short form of every name that has an unambiguous one: the name without its corporate suffix
 * (organisations) or a person's surname, kept only when no other name shortens to the same form and
 * the form is not itself a name or a text value of the world (a club "Korsvik United" in the city Korsvik keeps its full name).
 */
export function shortForms(names: Iterable<{ name: string; person: boolean }>, taken: Iterable<string>): Map<string, string> {
  const candidate = new Map<string, string>();
  const counts = new Map<string, number>();
  const all = [...names];
  for (const { name, person } of all) {
    const words = name.split(' ');
    const short = person ? (words.length >= 2 && words[words.length - 1]!.length >= 3 ? words[words.length - 1]! : null) : withoutSuffix(name);
    if (!short) continue;
    candidate.set(name, short);
    const k = short.toLowerCase();
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const blocked = new Set<string>([...taken].map((t) => t.toLowerCase()));
  for (const { name } of all) blocked.add(name.toLowerCase());
  const out = new Map<string, string>();
  for (const [name, short] of candidate) {
    const k = short.toLowerCase();
    if (counts.get(k) === 1 && !blocked.has(k)) out.set(name, short);
  }
  return out;
}
