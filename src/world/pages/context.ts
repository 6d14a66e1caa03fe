/**
 * What every genre renderer shares: the world, its sites and dating, the page list under
 * construction (unique URLs, planned article URLs so pages can link ahead), and one Writer per page.
 */
import { spokenDateStyle } from '../../format.js';
import { createWriter } from '../../prose/writer.js';
import type { FillerRole, FrameTally, ProseWorld, Writer } from '../../prose/types.js';
import type { Rng } from '../../rng.js';
import type { Row, Rows, TableDef, ThemeDef } from '../../themes/_define.js';
import type { FactIndex } from '../facts.js';
import type { Document, Fact, PageKind } from '../types.js';
import { PageBuilder, sentence, type Stated } from './builder.js';
import type { Dating } from './dating.js';
import { siteTitle, siteUrl, type Site, type WorldSites } from './sites.js';

export interface Ctx {
  theme: ThemeDef;
  rows: Rows;
  fx: FactIndex;
  rng: Rng;
  year: number;
  sites: WorldSites;
  dating: Dating;
  world: ProseWorld;
  pages: Pages;
  /** The frames each attribute has been said in on this world's pages so far (prose/types.ts). */
  said: FrameTally;
}

export type Draft = Omit<Document, 'id'>;

/** A page being written: its builder, its writer, its site and date. */
export interface Page {
  b: PageBuilder;
  w: Writer;
  site: Site;
  date: string;
  rng: Rng;
}

export class Pages {
  readonly docs: Draft[] = [];
  private readonly urls = new Set<string>();
  private readonly counters = new Map<string, number>();
  /** Planned encyclopedia article URL of each named row ("table#id"). */
  readonly articles = new Map<string, { url: string; title: string }>();
  /** Pages that report on a row ("table#id"): an article's references. */
  readonly coverage = new Map<string, { url: string; title: string; site: string; date: string }[]>();
  /** The statistics tables of each named table (its figures, a few columns each): first pages, in order. */
  readonly stats = new Map<string, { url: string; heading: string }[]>();

  /** A URL on `site` not used yet. */
  reserve(site: Site, heading: string, date: string | null): string {
    const n = (this.counters.get(site.host) ?? 1000 + heading.length * 7) + 1;
    this.counters.set(site.host, n);
    const base = siteUrl(site, heading, date, n);
    let url = base;
    for (let k = 2; this.urls.has(url); k++) url = `${base}-${k}`;
    this.urls.add(url);
    return url;
  }

  has(url: string): boolean {
    return this.urls.has(url);
  }

  add(d: Draft): void {
    this.docs.push(d);
  }

  stat(table: string, page: { url: string; heading: string }): void {
    (this.stats.get(table) ?? this.stats.set(table, []).get(table)!).push(page);
  }

  cover(key: string, ref: { url: string; title: string; site: string; date: string }): void {
    (this.coverage.get(key) ?? this.coverage.set(key, []).get(key)!).push(ref);
  }
}

export function writerFor(ctx: Ctx, site: Site, date: string | null, genre: PageKind, rng: Rng): Writer {
  return createWriter(ctx.world, { rng, date, num: site.num, dateStyle: spokenDateStyle(site.dateStyle), site: site.name, genre, said: ctx.said });
}

/** Start a page: its title in the site's format, a writer for its date and style. */
export function startPage(ctx: Ctx, site: Site, heading: string, date: string, genre: PageKind, label: string): Page {
  const rng = ctx.rng.fork(`${genre}:${label}`);
  return { b: new PageBuilder(heading, siteTitle(site, heading)), w: writerFor(ctx, site, date, genre, rng), site, date, rng };
}

/** Finish a page: give it its URL (reserved now unless given) and add it to the world. */
export function finishPage(ctx: Ctx, p: Page, kind: PageKind, opts: { url?: string; dateKind?: 'published' | 'edited' } = {}): string {
  const url = opts.url ?? ctx.pages.reserve(p.site, p.b.heading, p.date);
  ctx.pages.add({
    kind,
    url,
    site: p.site.host,
    published: p.date,
    dateKind: opts.dateKind ?? 'published',
    title: p.b.title,
    body: p.b.body(),
    passages: p.b.passages as Document['passages'],
    links: p.b.links,
  });
  return url;
}

export function say(p: Page, facts: readonly Fact[], attribution?: string): Stated[] {
  if (facts.length === 0) return [];
  return p.w.state([...facts], attribution ? { attribution } : undefined).map(sentence);
}

export function fill(p: Page, role: FillerRole, about?: string): Stated {
  return sentence(p.w.filler(role, about));
}

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const key = (table: string, id: number) => `${table}#${id}`;

/** Tables whose rows are named (they get articles, news, reviews). */
export function namedTables(ctx: Ctx): TableDef[] {
  return ctx.theme.tables.filter((t) => t.nameColumn);
}

/** Tables with an entity column referring to `table`, with that column. */
export function childTables(ctx: Ctx, table: string) {
  return ctx.theme.tables.flatMap((t) => t.columns.filter((c) => c.type === 'entity' && c.ref === table).map((c) => ({ t, c })));
}

/** Is a fact's value written inside its row's composite name (the quarter and the model of "Zentria X9, Q2 2031")? Naming the row states it. */
export function isNamePart(name: string, f: Fact): boolean {
  return (f.objectType === 'text' || f.objectType === 'entity') && name.includes(f.object);
}

export function rowsOf(ctx: Ctx, table: string): Row[] {
  return ctx.rows[table] ?? [];
}

/** The row a foreign key names, as [table, id], for each entity fact of a row. */
export function parentsOf(_ctx: Ctx, t: TableDef, row: Row): { table: string; id: number; label: string }[] {
  return t.columns.filter((c) => c.type === 'entity' && row[c.name] != null).map((c) => ({ table: c.ref!, id: Number(row[c.name]), label: c.label }));
}

/** The domain's topics and quoted voices, or plain fallbacks from the theme's own words. */
export function topics(ctx: Ctx): string[] {
  return ctx.theme.domain?.topics ?? ctx.theme.tables.map((t) => t.plural);
}

export function field(ctx: Ctx): string {
  return ctx.theme.domain?.field ?? ctx.theme.title.toLowerCase();
}
