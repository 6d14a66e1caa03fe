/**
 * Reading a page's Markdown for stated values, as a careful reader would: list items of the form
 * "**Name** — label: value; label: value", ranking items "1. **Name** — value" under a heading
 * "… ranked by label (year)", entity-page member lists "**Name** (label: Parent)", list introductions
 * "This list covers N …", and plain sentences, kept as text for phrases like "the label of Name is v."
 */

/** One entity's values stated by one list item: label → value text as written. */
export interface ItemStatement {
  name: string;
  values: Map<string, string>;
}

export interface PageReading {
  url: string;
  title: string;
  /** The page's own heading (its title without the site). */
  heading: string;
  items: ItemStatement[];
  /** "This list covers N …": how many items the page says it lists. */
  listCount: number | null;
  /** For a ranking page, the label it ranks by. */
  rankedBy: string | null;
  /** Sections of an entity page: heading → names listed under it. */
  sections: Map<string, string[]>;
  /** Every sentence and list item as plain text (bold marks removed). */
  texts: string[];
}

const BOLD_ITEM = /^(?:[-*]|\d+\.)\s+\*\*(.+?)\*\*\s*(.*)$/;
const PLAIN_ITEM = /^(?:[-*]|\d+\.)\s+(.+)$/;

/** "a: 1; b: 2" → {a → 1, b → 2} (a pair without ": " is skipped). */
export function readPairs(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split('; ')) {
    const at = part.indexOf(': ');
    if (at <= 0) continue;
    const label = part.slice(0, at).trim().toLowerCase();
    const value = part.slice(at + 2).trim();
    if (label && value && !out.has(label)) out.set(label, value);
  }
  return out;
}

/** Split a paragraph into sentences at ". " followed by a capital or digit (decimals stay whole). */
export function sentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function readPage(url: string, title: string, body: string): PageReading {
  const lines = body.split('\n');
  const heading = (lines.find((l) => /^# /.test(l)) ?? `# ${title}`).replace(/^# /, '').trim();
  const ranked = /^(.+) ranked by (.+?)(?: \(\d{4}\))?$/.exec(heading);
  const rankedBy = ranked ? ranked[2]!.toLowerCase() : null;
  const reading: PageReading = { url, title, heading, items: [], listCount: null, rankedBy, sections: new Map(), texts: [] };
  let section: string | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || /^# /.test(line)) continue;
    const h = /^#{2,6}\s+(.+)$/.exec(line);
    if (h) {
      section = h[1]!.trim();
      if (!reading.sections.has(section)) reading.sections.set(section, []);
      continue;
    }
    const bold = BOLD_ITEM.exec(line);
    if (bold) {
      const name = bold[1]!.trim();
      const rest = bold[2]!.trim();
      reading.texts.push(`${name} ${rest}`.trim());
      if (section) reading.sections.get(section)!.push(name);
      const dash = /^[—–-]\s*(.+)$/.exec(rest);
      const paren = /^\((.+)\)$/.exec(rest);
      if (dash && rankedBy) reading.items.push({ name, values: new Map([[rankedBy, dash[1]!.trim()]]) });
      else if (dash) reading.items.push({ name, values: readPairs(dash[1]!) });
      else if (paren) reading.items.push({ name, values: readPairs(paren[1]!) });
      continue;
    }
    const plain = PLAIN_ITEM.exec(line);
    if (plain) {
      reading.texts.push(plain[1]!.trim());
      if (section) reading.sections.get(section)!.push(plain[1]!.trim());
      continue;
    }
    for (const s of sentences(line)) {
      reading.texts.push(s);
      const covers = /^This list covers (\d+) /.exec(s);
      if (covers) reading.listCount = Number(covers[1]);
    }
  }
  return reading;
}
