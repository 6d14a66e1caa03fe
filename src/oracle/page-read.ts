/**
 * Reading a page's Markdown for stated values, as a careful reader would: list items of the form
 * "**Name** — label: value; label: value", ranking items "1. **Name** — value" under a heading
 * "… ranked by label (year)", entity-page member lists "**Name** (label: Parent)", Markdown tables (a
 * data table whose first column, after an optional rank, names each row and whose headers are the
 * labels; an infobox or specification table of two columns headed by one entity's name), list
 * introductions "This list covers N …", and plain sentences, kept as text for phrases like "the label
 * of Name is v."
 */

/** A page title without its site: "Heading - Site", "Heading | Site", "Heading · Site" → "Heading". */
export function withoutSite(title: string): string {
  return title.replace(/ (?:-|\||·) [^|·-]+$/, '').trim();
}

/** Link syntax and emphasis removed: "[Name](url)" → "Name". */
export function unmark(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\*\*/g, '')
    .trim();
}

const cellsOf = (line: string) =>
  line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => unmark(c));

/** One entity's values stated by one list item: label → value text as written. */
export interface ItemStatement {
  name: string;
  values: Map<string, string>;
  /** Labels a table row or infobox marks as not disclosed ("—"). */
  blanks?: string[];
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
  /** "The ranking below orders N …": how many entities a ranking page says it ranks. */
  rankCount?: number;
  /** Sections of an entity page: heading → names listed under it. */
  sections: Map<string, string[]>;
  /** Every sentence and list item as plain text (bold marks removed). */
  texts: string[];
  /** Markdown links on the page, in order: anchor text and URL. */
  links: { anchor: string; url: string }[];
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
  const reading: PageReading = { url, title, heading, items: [], listCount: null, rankedBy, sections: new Map(), texts: [], links: [] };
  for (const m of body.matchAll(/\[([^\]]+)\]\(([^)\s]+)\)/g)) reading.links.push({ anchor: m[1]!.replace(/\*\*/g, '').trim(), url: m[2]! });
  let section: string | null = null;
  let header: string[] | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line.startsWith('|')) header = null;
    if (line === '' || /^# /.test(line)) continue;
    if (line.startsWith('|')) {
      const cells = cellsOf(line);
      if (cells.every((c) => /^-{3,}$/.test(c) || c === '')) continue;
      if (!header) {
        header = cells;
        continue;
      }
      readRow(reading, header, cells, section);
      continue;
    }
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
      const orders = rankedBy ? /^The ranking below orders (\d+) /.exec(s) : null;
      if (orders) reading.rankCount = Number(orders[1]);
    }
  }
  return reading;
}

/** One table row: an infobox row (label, value) under its entity's name, or a data row whose first column (after a rank) names it. */
function readRow(reading: PageReading, header: string[], cells: string[], section: string | null): void {
  const infobox = header.length === 2 && (header[0] === '' || header[1] === '') && header.some((h) => h !== '');
  if (infobox) {
    const name = header[0] || header[1]!;
    const [label, value] = [cells[0]!.toLowerCase(), cells[1] ?? ''];
    if (!label || !value) return;
    const item = reading.items.find((i) => i.name === name) ?? (reading.items.push({ name, values: new Map() }), reading.items[reading.items.length - 1]!);
    if (value === '—') {
      (item.blanks ??= []).push(label);
      return;
    }
    if (!item.values.has(label)) item.values.set(label, value);
    reading.texts.push(`${name} — ${label}: ${value}`);
    return;
  }
  const at = /^(rank|#)$/i.test(header[0] ?? '') ? 1 : 0;
  const name = cells[at] ?? '';
  if (!name) return;
  const values = new Map<string, string>();
  const blanks: string[] = [];
  header.forEach((h, i) => {
    const v = cells[i];
    if (i <= at || !h || v === undefined) return;
    if (v === '' || v === '—') {
      if (v === '—') blanks.push(h.toLowerCase());
      return;
    }
    const label = h.toLowerCase();
    if (!values.has(label)) values.set(label, v);
  });
  reading.items.push(blanks.length > 0 ? { name, values, blanks } : { name, values });
  reading.texts.push(`${name} — ${[...values].map(([l, v]) => `${l}: ${v}`).join('; ')}`);
  if (section) reading.sections.get(section)!.push(name);
}
