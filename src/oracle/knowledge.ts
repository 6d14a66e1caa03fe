/** What the oracle has read so far: values by entity name and label, from every page it opened. */
import { withoutSite, type PageReading } from './page-read.js';
import { escapeRegExp as escapeRe } from '../text/regex.js';

const key = (s: string) => s.trim().toLowerCase();

const HEDGED = /^(?:about|around|roughly|some|nearly|an estimated|a preliminary)\b|[?,]|\b(?:I think|estimated|preliminary)\b/i;

/** The row noun of a list or ranking heading: "List of phone models (2029)", "Phone models of Zentria", "Phone models ranked by …". */
export function headingNoun(heading: string): string | null {
  const h = withoutSite(heading)
    .replace(/ \(\d{4}\)$/, '')
    .trim();
  const m = /^List of (.+)$/i.exec(h) ?? /^(.+?) ranked by .+$/i.exec(h) ?? /^(.+?) of .+$/.exec(h);
  return m ? key(m[1]!) : null;
}

export class Knowledge {
  private readonly byName = new Map<string, { name: string; values: Map<string, string> }>();
  private readonly texts: string[] = [];
  /** The same texts lower-cased (co-mention checks run often: lowered once). */
  private readonly lowered: string[] = [];
  readonly pages: PageReading[] = [];
  private readonly opened = new Set<string>();
  /** "name\0label" of values a page marks as not disclosed. */
  private readonly blanks = new Set<string>();
  /** Entity name → the plural nouns pages file it under ("phone models"), from list and ranking headings. */
  private readonly nouns = new Map<string, Set<string>>();

  add(reading: PageReading): void {
    this.pages.push(reading);
    this.opened.add(reading.url);
    for (const item of reading.items) {
      const k = key(item.name);
      const entry = this.byName.get(k) ?? this.byName.set(k, { name: item.name, values: new Map() }).get(k)!;
      for (const [label, value] of item.values) if (!entry.values.has(label)) entry.values.set(label, value);
      for (const label of item.blanks ?? []) this.blanks.add(`${k}\u0000${key(label)}`);
    }
    this.texts.push(...reading.texts);
    for (const t of reading.texts) this.lowered.push(t.toLowerCase());
    const noun = reading.listCount !== null || reading.rankedBy !== null ? headingNoun(reading.heading) : null;
    if (noun) for (const item of reading.items) this.noteNoun(item.name, noun);
    for (const [section, names] of reading.sections) for (const name of names) this.noteNoun(name, section);
  }

  noteNoun(name: string, noun: string): void {
    const k = key(name);
    (this.nouns.get(k) ?? this.nouns.set(k, new Set()).get(k)!).add(key(noun));
  }

  /** The plural nouns `name` is filed under, lower-cased. */
  nounsOf(name: string): string[] {
    return [...(this.nouns.get(key(name)) ?? [])];
  }

  /** Whether a page marks `label` of `name` as not disclosed (and none states it). */
  isBlank(name: string, label: string): boolean {
    return this.blanks.has(`${key(name)}\u0000${key(label)}`) && this.value(name, label) === undefined;
  }

  /** Every value of `label` for `name` stated by the pages read, one per page item, with the page's URL. */
  statements(name: string, label: string): { url: string; value: string }[] {
    const out: { url: string; value: string }[] = [];
    for (const p of this.pages)
      for (const item of p.items)
        if (key(item.name) === key(name) && item.values.has(key(label))) out.push({ url: p.url, value: item.values.get(key(label))! });
    return out;
  }

  hasOpened(url: string): boolean {
    return this.opened.has(url);
  }

  /** The entity's name as pages write it, if any item named it. */
  knownName(name: string): string | undefined {
    return this.byName.get(key(name))?.name;
  }

  /** The value of `label` for `name` as a page states it: a list item, else a sentence "the label of name is v." */
  value(name: string, label: string): string | undefined {
    const v = this.byName.get(key(name))?.values.get(key(label));
    if (v !== undefined) return v;
    // Texts that cannot hold the sentence are passed over: an ASCII pattern matches, case aside, only
    // where the lower-cased text holds it lower-cased (a pattern of other characters is tried everywhere).
    const needle = `the ${label} of ${name} `.toLowerCase();
    const ascii = /^[\x20-\x7e]*$/.test(needle);
    let re: RegExp | undefined;
    for (const [i, t] of this.texts.entries()) {
      if (ascii && !this.lowered[i]!.includes(needle)) continue;
      re ??= new RegExp(`\\bthe ${escapeRe(label)} of ${escapeRe(name)} (?:is|was) (.+?)\\.?$`, 'i');
      const m = re.exec(t);
      // A hedged, estimated or questioned figure is not the value ("about 1.2 million", "$799, I think.").
      if (m && !HEDGED.test(m[1]!)) return m[1]!.trim();
    }
    return undefined;
  }

  /** Whether some sentence or item read so far names both `a` and `b`. */
  coMentioned(a: string, b: string): boolean {
    const x = key(a);
    const y = key(b);
    return this.lowered.some((l) => l.includes(x) && l.includes(y));
  }

  /** Names of entities whose `label` is stated as `value` (e.g. every model whose brand is B). */
  namesWhere(label: string, value: string): string[] {
    const out: string[] = [];
    for (const { name, values } of this.byName.values()) if (key(values.get(key(label)) ?? '') === key(value)) out.push(name);
    return out;
  }
}
