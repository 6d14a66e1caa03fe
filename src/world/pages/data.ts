/**
 * Data and statistics pages. A named table's list gives every row's profile (facets.ts: its links,
 * dates and words) and each group of its figures has a statistics table, both split by parent when the
 * table is long; a table of unnamed rows is listed by parent (a company's quarters on a page of their
 * own); rankings print the top rows by each measure.
 * Each table row is a passage naming its subject and stating the cells it shows: "Zentria X9 — launch
 * price: $899; battery capacity in mAh: 4,800".
 */
import type { ColumnDef, Row, TableDef } from '../../themes/_define.js';
import { formatValue } from '../value-text.js';
import type { Claim, Fact } from '../types.js';
import { NO_FACTS } from './builder.js';
import { fillNote } from './house-notes.js';
import { cap, fill, finishPage, key, rowsOf, startPage, type Ctx, type Page } from './context.js';
import { facetsOf } from './facets.js';
import type { Site } from './sites.js';

export function exactClaim(ctx: Ctx, p: Page, f: Fact, subjectForm: Claim['subjectForm'] = 'name'): Claim {
  const stated = formatValue(ctx.fx, f, { num: p.site.num, date: p.site.dateStyle });
  return { factId: f.id, form: 'exact', stated, subjectForm, subjectText: subjectForm === 'none' ? '' : f.subject };
}

export function valueText(ctx: Ctx, p: Page, f: Fact): string {
  return formatValue(ctx.fx, f, { num: p.site.num, date: p.site.dateStyle });
}

/** What a table row states: its facts, each as an exact claim (the row's text names its subject);
 * an event not yet happened by the page's date is stated as scheduled (its cell says so). */
export function rowFacts(ctx: Ctx, p: Page, facts: readonly Fact[]): { facts: Fact[]; claims: Claim[] } {
  return {
    facts: [...facts],
    claims: facts.map((f) => {
      const c = exactClaim(ctx, p, f);
      return isAhead(ctx, p, f) ? { ...c, form: 'scheduled' } : c;
    }),
  };
}

/** Whether a fact becomes true only after the page's date (an upcoming event). */
function isAhead(ctx: Ctx, p: Page, f: Fact): boolean {
  const t = ctx.dating.when(f);
  return t !== null && t > p.date;
}

/** A table cell's text: the value, marked as scheduled when it is still ahead of the page's date. */
export function cellText(ctx: Ctx, p: Page, f: Fact): string {
  const v = valueText(ctx, p, f);
  return isAhead(ctx, p, f) ? `${v} (scheduled)` : v;
}

/** The name of a row linked to its article when it has one. */
export function linkedName(ctx: Ctx, p: Page, table: string, id: number): string {
  const a = ctx.pages.articles.get(key(table, id));
  const name = ctx.fx.name(table, id);
  return a ? p.b.link(a.url, name) : name;
}

function valueColumns(t: TableDef, rows: readonly Row[]) {
  return t.columns.filter((c) => c.name !== t.nameColumn && rows.some((r) => r[c.name] != null));
}

/** Every data page's URL by table (its whole-table list, or its first group page). */
export type ListUrls = Map<string, { url: string; heading: string }>;

export function renderDataPages(ctx: Ctx): ListUrls {
  const lists: ListUrls = new Map();
  const [listSite, rankSite] = [ctx.sites.data[0]!, ctx.sites.data[1] ?? ctx.sites.data[0]!];
  for (const t of ctx.theme.tables) {
    const all = rowsOf(ctx, t.name);
    if (all.length === 0) continue;
    const listHeading = (g: string | null) => (g ? `${cap(t.plural)} of ${g}` : `List of ${t.plural} (${ctx.year})`);
    if (!t.nameColumn) {
      // Rows without a name (a quarter's sales, a match) are known by their cells: their table gives them whole.
      const first = renderTable(ctx, listSite, t, all, valueColumns(t, all), listHeading, 'list');
      if (first) lists.set(t.name, first);
      continue;
    }
    // A named table: its list gives each row's profile; each group of figures has its statistics table.
    const { profile, figures } = facetsOf(t);
    const present = (cols: ColumnDef[]) => cols.filter((c) => all.some((r) => r[c.name] != null));
    const groups = [present(profile), ...figures.map(present)].filter((cols, i) => i === 0 || cols.length > 0);
    if (groups[0]!.length === 0 && groups.length > 1) groups.shift();
    const [listCols, ...statCols] = groups;
    const first = renderTable(ctx, listSite, t, all, listCols!, listHeading, 'list');
    if (first) lists.set(t.name, first);
    for (const cols of statCols) {
      const what = andList(cols.map((c) => c.label));
      const page = renderTable(
        ctx,
        rankSite,
        t,
        all,
        cols,
        (g) => `${cap(t.plural)} of ${g ?? 'the year'}: ${what} (${ctx.year})`.replace(' of the year:', ':'),
        'stats',
      );
      if (page) ctx.pages.stat(t.name, page);
    }
  }
  // Rankings: the top of the named rows by each measure, as rankings print them.
  const yearEnd = `${ctx.year}-12-31`;
  for (const t of ctx.theme.tables) {
    if (!t.nameColumn) continue;
    for (const col of t.columns) {
      if (!col.measure) continue;
      const measured = rowsOf(ctx, t.name)
        .filter((r) => r[col.name] != null)
        .sort((a, b) => Number(b[col.name]) - Number(a[col.name]) || a.id - b.id);
      if (measured.length < 4) continue;
      const ranked = measured.slice(0, RANKING_TOP);
      const facts = ranked.map((r) => ctx.fx.cell(t.name, r.id, col.name)!);
      const ready = ctx.dating.readyBy(facts);
      const date = ctx.dating.pick(ctx.rng, ready && ready > yearEnd ? ready : yearEnd, 13);
      const heading = `${cap(t.plural)} ranked by ${col.label} (${ctx.year})`;
      const p = startPage(ctx, rankSite, heading, date, 'data', `rank:${heading}`);
      p.b.paragraph([
        {
          text:
            ranked.length < measured.length
              ? `The ranking below lists the ${ranked.length} ${t.plural} with the highest ${col.label}, of the ${measured.length} on record.`
              : `The ranking below orders ${ranked.length} ${t.plural} by ${col.label}, highest first.`,
          ...NO_FACTS,
        },
        fill(p, 'context', col.label),
      ]);
      p.b.table(
        ['Rank', cap(t.entity), cap(col.label)],
        ranked.map((r, i) => {
          const f = facts[i]!;
          return {
            cells: [String(i + 1), linkedName(ctx, p, t.name, r.id), cellText(ctx, p, f)],
            ...rowFacts(ctx, p, [f]),
          };
        }),
      );
      p.b.paragraph([fill(p, 'commentary', t.plural)]);
      p.b.note(`Data: ${rankSite.name}, ${fmtDate(p)}. ${rankSite.notes.ties}`);
      p.b.note(methodNote(p));
      finishPage(ctx, p, 'data');
    }
  }
  return lists;
}

/** The most rows a ranking prints. */
const RANKING_TOP = 10;

/** Rows a data page groups by their first parent once a table has more than this many. */
const GROUP_OVER = 40;

/**
 * A table's rows under `cols` on `site`: one page, or one page per parent when the table is long.
 * Each row is a passage stating the cells it shows (and only those). Returns the first page.
 */
function renderTable(
  ctx: Ctx,
  site: Site,
  t: TableDef,
  all: readonly Row[],
  cols: readonly ColumnDef[],
  headingOf: (group: string | null) => string,
  kind: 'list' | 'stats',
): { url: string; heading: string } | null {
  const yearEnd = `${ctx.year}-12-31`;
  const fk = t.columns.find((c) => c.type === 'entity');
  const groups: { label: string | null; rows: Row[] }[] = [];
  // Rows without a name belong to their parent (a company's quarters, a team's matches): each parent's
  // rows have their own page, as a results page does. A named table is split once it is long.
  const named = t.nameColumn !== undefined;
  const parent = fk && ctx.fx.table(fk.ref!).nameColumn ? fk : undefined;
  if (parent && (!named || all.length > GROUP_OVER)) {
    const byParent = new Map<number, Row[]>();
    for (const r of all) {
      const k = Number(r[parent.name]);
      (byParent.get(k) ?? byParent.set(k, []).get(k)!).push(r);
    }
    for (const [pid, rs] of [...byParent].sort((a, b) => a[0] - b[0])) groups.push({ label: ctx.fx.name(parent.ref!, pid), rows: rs });
  } else groups.push({ label: null, rows: [...all] });
  const list = kind === 'list';
  let first: { url: string; heading: string } | null = null;
  for (const g of groups) {
    const shown = (r: Row) => cols.map((c) => ctx.fx.cell(t.name, r.id, c.name)).filter((f): f is Fact => f !== undefined);
    const facts = g.rows.flatMap(shown);
    const ready = ctx.dating.readyBy(facts);
    const date = ctx.dating.pick(ctx.rng, ready && ready > yearEnd ? ready : yearEnd, 13);
    const heading = headingOf(g.label);
    const p = startPage(ctx, site, heading, date, 'data', `${list ? 'list' : 'stats'}:${heading}`);
    const scope = `${g.rows.length} ${t.plural}${g.label ? ` of ${g.label}` : ''}`;
    p.b.paragraph([
      {
        text: list
          ? `This list covers ${scope} as recorded for ${ctx.year}.`
          : `This table gives the ${andList(cols.map((c) => c.label))} of ${scope} as recorded for ${ctx.year}.`,
        ...NO_FACTS,
      },
      fill(p, 'context', t.plural),
    ]);
    p.b.table(
      [cap(t.entity), ...cols.map((c) => cap(c.label))],
      g.rows.map((r) => {
        const name = t.nameColumn ? linkedName(ctx, p, t.name, r.id) : ctx.fx.name(t.name, r.id);
        const cells = [
          name,
          ...cols.map((c) => {
            const f = ctx.fx.cell(t.name, r.id, c.name);
            return f ? cellText(ctx, p, f) : '—';
          }),
        ];
        // A row without a name is known by all its cells, so its passage states them all.
        return { cells, ...rowFacts(ctx, p, t.nameColumn ? shown(r) : ctx.fx.ofRow(t.name, r.id)) };
      }),
    );
    p.b.paragraph([fill(p, 'boilerplate', site.name)]);
    p.b.note(fillNote(site.notes.credit, { site: site.name, date: fmtDate(p) }));
    p.b.note(methodNote(p));
    const url = finishPage(ctx, p, 'data');
    first ??= { url, heading };
  }
  return first;
}

/** "a, b and c". */
export function andList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The site's own note on method (house-notes.ts), the same on each of its tables. */
function methodNote(p: Page): string {
  return p.site.notes.method;
}

export function fmtDate(p: Page): string {
  return pageDate(p.date, p.site.dateStyle);
}

import { formatDate } from '../../format.js';

/** A page's own date as its site writes it (not a fact's value). */
export function pageDate(iso: string, style: 0 | 1 | 2): string {
  return formatDate(iso, style);
}
