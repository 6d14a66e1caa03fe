/**
 * The world's web: pages derived from rows and facts. Every page states facts exactly as the
 * database does (formatting varies, values never), and every fact is stated by at least one page.
 * Page kinds: encyclopedia entity pages, list pages, ranking pages, news articles, forum threads.
 */
import { isoFromDay, dayFromIso, slug, kebab } from '../format.js';
import { formatValue, type ValueStyle as Style } from './value-text.js';
import type { Rng } from '../rng.js';
import type { ColumnDef, Row, Rows, TableDef, ThemeDef } from '../themes/_define.js';
import type { FactIndex } from './facts.js';
import type { Document, Fact, PageKind, Passage } from './types.js';

/** A page under construction: its Markdown body and its passages, built together so they agree. */
class PageBuilder {
  private readonly lines: string[] = [];
  readonly passages: Omit<Passage, 'id' | 'documentId'>[] = [];
  constructor(readonly title: string) {
    this.passages.push({ ord: 0, text: title, factIds: [] });
  }
  heading(text: string, level = 2): void {
    this.lines.push(`${'#'.repeat(level)} ${text}`, '');
  }
  /** A paragraph of sentences; each sentence is one passage. */
  paragraph(sentences: { text: string; facts: Fact[] }[]): void {
    if (sentences.length === 0) return;
    this.lines.push(sentences.map((s) => s.text).join(' '), '');
    for (const s of sentences) this.passage(s.text, s.facts);
  }
  /** A bullet (or numbered) list; each item is one passage. */
  list(items: { text: string; facts: Fact[] }[], numbered = false): void {
    items.forEach((item, i) => {
      this.lines.push(`${numbered ? `${i + 1}.` : '-'} ${item.text}`);
      this.passage(item.text, item.facts);
    });
    this.lines.push('');
  }
  private passage(text: string, facts: Fact[]): void {
    this.passages.push({ ord: this.passages.length, text: text.replace(/\*\*/g, ''), factIds: [...new Set(facts.map((f) => f.id))] });
  }
  body(): string {
    return `# ${this.title.replace(/ - [^-]+$/, '')}\n\n${this.lines.join('\n').trim()}\n`;
  }
}

function sentenceFor(fx: FactIndex, col: ColumnDef, fact: Fact, style: Style): string {
  const v = formatValue(fx, fact, style);
  const template = col.sentence ?? `The ${col.label} of {s} is {v}.`;
  return template.replace('{s}', fact.subject).replace('{v}', v);
}

/** "label value" pairs for list items: "launch price $899". */
function pairs(fx: FactIndex, table: TableDef, facts: Fact[], style: Style, skip: Set<string>): string {
  return facts
    .filter((f) => !skip.has(f.sourceColumn))
    .map((f) => `${fx.column(table.name, f.sourceColumn).label}: ${formatValue(fx, f, style)}`)
    .join('; ');
}

export function renderPages(theme: ThemeDef, rows: Rows, fx: FactIndex, rng: Rng, year: number): Document[] {
  const docs: Omit<Document, 'id'>[] = [];
  const { sites } = theme;
  const yearStart = dayFromIso(`${year}-01-01`);
  const style = (): Style => ({ num: rng.chance(0.75) ? 0 : 1, date: rng.pick([0, 0, 1, 2] as const) });
  // A page's date line never equals a date the world states as a fact (it would read as one).
  const factDates = new Set(fx.facts.filter((f) => f.objectType === 'date').map((f) => f.object));
  const dated = (): string => {
    let iso = isoFromDay(yearStart + rng.int(0, 364));
    for (let k = 0; k < 1000 && factDates.has(iso); k++) iso = isoFromDay(yearStart + rng.int(0, 364));
    return iso;
  };
  const add = (kind: PageKind, url: string, site: string, published: string | null, page: PageBuilder) =>
    docs.push({ kind, url, site, published, title: page.title, body: page.body(), passages: page.passages as Passage[] });

  const children = (table: string) => theme.tables.flatMap((t) => t.columns.filter((c) => c.type === 'entity' && c.ref === table).map((c) => ({ t, c })));

  // 1. Encyclopedia pages: one per named row, its own facts as sentences plus the rows that refer to it.
  for (const t of theme.tables) {
    if (!t.entityPages || !t.nameColumn) continue;
    for (const row of rows[t.name] ?? []) {
      const s = style();
      const title = `${row[t.nameColumn]} - ${sites.encyclopedia.name}`;
      const page = new PageBuilder(title);
      const facts = fx.ofRow(t.name, row.id);
      page.paragraph(facts.map((f) => ({ text: sentenceFor(fx, fx.column(t.name, f.sourceColumn), f, s), facts: [f] })));
      for (const { t: ct, c } of children(t.name)) {
        const kids = (rows[ct.name] ?? []).filter((r) => Number(r[c.name]) === row.id);
        if (kids.length === 0) continue;
        page.heading(ct.plural.charAt(0).toUpperCase() + ct.plural.slice(1));
        page.list(
          kids.map((k) => {
            const fk = fx.cell(ct.name, k.id, c.name)!;
            const subject = fx.name(ct.name, k.id);
            return { text: ct.nameColumn ? `**${subject}** (${c.label}: ${fk.object})` : `${subject}`, facts: [fk] };
          }),
        );
      }
      add('entity', `https://${sites.encyclopedia.host}/wiki/${slug(String(row[t.nameColumn]))}`, sites.encyclopedia.host, null, page);
    }
  }

  // 2. List pages: every row of every table, grouped by its first foreign key when the table is long.
  for (const t of theme.tables) {
    const all = rows[t.name] ?? [];
    if (all.length === 0) continue;
    const fk = t.columns.find((c) => c.type === 'entity');
    const groups: { label: string | null; rows: Row[] }[] = [];
    if (all.length > 40 && fk) {
      const byParent = new Map<number, Row[]>();
      for (const r of all) {
        const k = Number(r[fk.name]);
        if (!byParent.has(k)) byParent.set(k, []);
        byParent.get(k)!.push(r);
      }
      for (const [pid, rs] of [...byParent].sort((a, b) => a[0] - b[0])) groups.push({ label: fx.name(fk.ref!, pid), rows: rs });
    } else groups.push({ label: null, rows: all });
    for (const g of groups) {
      const s = style();
      const heading = g.label ? `${cap(t.plural)} of ${g.label}` : `List of ${t.plural} (${year})`;
      const page = new PageBuilder(`${heading} - ${sites.lists.name}`);
      page.paragraph([{ text: `This list covers ${g.rows.length} ${t.plural}${g.label ? ` of ${g.label}` : ''} as recorded for ${year}.`, facts: [] }]);
      page.list(
        g.rows.map((r) => {
          const facts = fx.ofRow(t.name, r.id);
          return { text: `**${fx.name(t.name, r.id)}** — ${pairs(fx, t, facts, s, new Set())}`, facts };
        }),
      );
      add('list', `https://${sites.lists.host}/lists/${kebab(heading)}`, sites.lists.host, dated(), page);
    }
  }

  // 3. Ranking pages: named rows ordered by each measure.
  for (const t of theme.tables) {
    if (!t.nameColumn) continue;
    const all = rows[t.name] ?? [];
    for (const col of t.columns) {
      if (!col.measure) continue;
      const ranked = all.filter((r) => r[col.name] != null).sort((a, b) => Number(b[col.name]) - Number(a[col.name]) || a.id - b.id);
      if (ranked.length < 4) continue;
      const s = style();
      const heading = `${cap(t.plural)} ranked by ${col.label}`;
      const page = new PageBuilder(`${heading} (${year}) - ${sites.lists.name}`);
      page.paragraph([{ text: `The ranking below orders ${ranked.length} ${t.plural} by ${col.label}, highest first.`, facts: [] }]);
      page.list(
        ranked.map((r) => {
          const f = fx.cell(t.name, r.id, col.name)!;
          return { text: `**${fx.name(t.name, r.id)}** — ${formatValue(fx, f, s)}`, facts: [f] };
        }),
        true,
      );
      add('ranking', `https://${sites.lists.host}/rankings/${kebab(`${t.plural} by ${col.label}`)}`, sites.lists.host, dated(), page);
    }
  }

  // 4. News: dated rows of named tables get an article restating a few of their facts.
  for (const t of theme.tables) {
    if (!t.nameColumn) continue;
    for (const row of rows[t.name] ?? []) {
      if (!rng.chance(0.6)) continue;
      const s = style();
      const name = String(row[t.nameColumn]);
      const headline = theme.headline?.(t.name, row, fx.name) ?? `${name}: what we know`;
      const page = new PageBuilder(`${headline} - ${sites.news.name}`);
      const facts = rng.sample(fx.ofRow(t.name, row.id), 3);
      const published = dated();
      page.paragraph(facts.map((f) => ({ text: sentenceFor(fx, fx.column(t.name, f.sourceColumn), f, s), facts: [f] })));
      page.paragraph([{ text: `${sites.news.name} will follow ${name} through ${year}.`, facts: [] }]);
      add('news', `https://${sites.news.host}/${published.slice(0, 4)}/${kebab(headline)}-${row.id}`, sites.news.host, published, page);
    }
  }

  // 5. Forum threads: users compare a measure across a few named rows.
  for (const t of theme.tables) {
    if (!t.nameColumn) continue;
    const measures = t.columns.filter((c) => c.measure);
    const all = rows[t.name] ?? [];
    if (measures.length === 0 || all.length < 4) continue;
    for (let k = 0; k < 2; k++) {
      const col = rng.pick(measures);
      const picked = rng.sample(
        all.filter((r) => r[col.name] != null),
        rng.int(3, 5),
      );
      if (picked.length < 3) continue;
      const s = style();
      const heading = `${picked
        .map((r) => fx.name(t.name, r.id))
        .slice(0, 2)
        .join(' vs ')}: ${col.label}?`;
      const page = new PageBuilder(`${heading} - ${sites.forum.name}`);
      page.paragraph([{ text: `Thread started by user${rng.int(100, 9999)} comparing ${col.label} across ${t.plural}.`, facts: [] }]);
      page.list(
        picked.map((r) => {
          const f = fx.cell(t.name, r.id, col.name)!;
          return { text: `user${rng.int(100, 9999)}: Checked the numbers, the ${col.label} of ${f.subject} is ${formatValue(fx, f, s)}.`, facts: [f] };
        }),
      );
      add('forum', `https://${sites.forum.host}/t/${kebab(heading)}-${k}${picked[0]!.id}`, sites.forum.host, dated(), page);
    }
  }

  // Unique URLs (a collision gets a numeric suffix), ids and passage ids assigned in page order.
  const seen = new Set<string>();
  let pid = 0;
  return docs.map((d, i) => {
    let url = d.url;
    for (let n = 2; seen.has(url); n++) url = `${d.url}-${n}`;
    seen.add(url);
    const id = i + 1;
    for (const p of d.passages) Object.assign(p, { id: ++pid, documentId: id });
    return { ...d, url, id };
  });
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
