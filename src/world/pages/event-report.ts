/**
 * Event reports: the news story the web writes about one row of a table without names (a regulator's
 * approval, a company's quarter, a match), where other pages mostly show such rows as table rows. A
 * byline, a dateline, a lead naming the row (its composite name carries its parts: the drug and the
 * regulator, the company and the quarter, the two clubs), the row's other figures in prose across the
 * body, background on the row it belongs to, what comes next, and links. Dated on or after every event
 * it reports (a quarter's figures only once the quarter has ended); a large figure is sometimes rounded.
 */
import type { TableDef } from '../../themes/_define.js';
import type { Fact } from '../types.js';
import type { Stated } from './builder.js';
import { cap, fill, finishPage, isNamePart, key, parentsOf, rowsOf, say, startPage, topics, type Ctx, type Page } from './context.js';
import { byline, dateline, withRounding } from './news.js';

/** About this many rows of each such table get a report in a world (fewer when the table is smaller). */
const REPORTS_PER_TABLE = 7;
/** At most this share of a table's rows. */
const MAX_SHARE = 0.75;

/** Tables without a name column whose rows belong to a named row (the story's background). */
function eventTables(ctx: Ctx): TableDef[] {
  return ctx.theme.tables.filter(
    (t) => !t.nameColumn && t.columns.some((c) => c.type === 'entity' && c.ref !== undefined && ctx.fx.table(c.ref).nameColumn !== undefined),
  );
}

/**
 * Headlines name the row it belongs to and what kind of row it is ("Lefaximab: approval report"),
 * never the row's composite name, whose parts (the regulator, the opponent) are the body's to state.
 */
function headline(ctx: Ctx, t: TableDef, parentName: string): string {
  const noun = t.entity;
  // "quarterly hotel report" is a report already: no "quarterly hotel report report".
  const report = /\breport$/.test(noun) ? noun : `${noun} report`;
  return ctx.rng.pick([`${cap(report)}: ${parentName}`, `${parentName}: ${report}`, `${parentName}: the latest ${noun}`, `${parentName}, ${noun} in focus`]);
}

export function renderEventReports(ctx: Ctx): void {
  const news = ctx.sites.news;
  for (const t of eventTables(ctx)) {
    const rows = rowsOf(ctx, t.name);
    const share = Math.min(MAX_SHARE, REPORTS_PER_TABLE / Math.max(1, rows.length));
    for (const row of rows) {
      if (!ctx.rng.chance(share)) continue;
      const own = ctx.fx.ofRow(t.name, row.id);
      const from = ctx.dating.readyBy(own);
      if (from === null) continue;
      const date = ctx.dating.pick(ctx.rng, from, 10);
      const body = ctx.dating.trueBy(own, date);
      const name = ctx.fx.name(t.name, row.id);
      // Its parts (written in its name) ride on the lead that names it; the rest go one or two to a sentence.
      const parts = body.filter((f) => isNamePart(name, f));
      const figures = body.filter((f) => !parts.includes(f));
      if (figures.length === 0) continue;
      const site = ctx.rng.pick(news);
      const parent = parentsOf(ctx, t, row)[0];
      if (!parent) continue;
      const heading = headline(ctx, t, ctx.fx.name(parent.table, parent.id));
      const page = startPage(ctx, site, heading, date, 'news', `event:${t.name}:${row.id}`);
      writeReport(ctx, page, ctx.fx.name(parent.table, parent.id), parent, parts, page.rng.shuffle(figures));
      const url = finishPage(ctx, page, 'news');
      ctx.pages.cover(key(parent.table, parent.id), { url, title: heading, site: site.name, date });
    }
  }
}

/** The report's body; its fillers name the row it belongs to, never the row (whose name states its parts). */
function writeReport(ctx: Ctx, page: Page, parentName: string, parent: { table: string; id: number }, parts: Fact[], figures: Fact[]): void {
  const b = page.b;
  b.note(byline(page));
  const [first, ...rest] = figures;
  // The lead names the row, which states its parts; a part the writer does not let ride on the name
  // follows the figure, so it is said of "the approval" or "the match" rather than of the name again.
  b.paragraph([...say(page, [first!, ...parts]), fill(page, 'context', page.rng.pick(topics(ctx)))], dateline(page));
  // As reports do, one part is sometimes said again of the row's noun ("The match was hosted by …").
  if (parts.length > 0 && page.rng.chance(0.5)) b.paragraph([...say(page, [page.rng.pick(parts)]), fill(page, 'commentary', parentName)]);
  // The other figures: a sentence or two each, between the voices and commentary a report carries.
  const chunks: Fact[][] = [];
  for (let i = 0; i < rest.length; ) {
    const n = Math.min(rest.length - i, page.rng.chance(0.6) ? 1 : 2);
    chunks.push(rest.slice(i, i + n));
    i += n;
  }
  const voices: Stated[] = [fill(page, 'quote', parentName), fill(page, 'commentary', parentName), fill(page, 'quote', page.rng.pick(topics(ctx)))];
  chunks.forEach((c, i) => {
    b.paragraph([...withRounding(ctx, page, c), ...(voices[i] ? [voices[i]!] : [])]);
  });
  for (const v of voices.slice(chunks.length)) b.paragraph([v, fill(page, 'commentary', parentName)]);
  const pf = ctx.dating.trueBy(ctx.fx.ofRow(parent.table, parent.id), page.date).filter((f) => f.objectType !== 'entity');
  b.heading2('Background');
  b.paragraph([fill(page, 'transition', parentName), ...say(page, page.rng.sample(pf, 2)), fill(page, 'context', page.rng.pick(topics(ctx)))]);
  b.heading2(page.rng.pick(['What comes next', 'Outlook', 'The road ahead']));
  b.paragraph([fill(page, 'context', page.rng.pick(topics(ctx))), fill(page, 'commentary', parentName), fill(page, 'quote', page.rng.pick(topics(ctx)))]);
  const related: Stated[] = [];
  const pa = ctx.pages.articles.get(key(parent.table, parent.id));
  if (pa) related.push({ text: `More on ${b.link(pa.url, parentName)}`, facts: [], claims: [] });
  const earlier = (ctx.pages.coverage.get(key(parent.table, parent.id)) ?? []).filter((r) => r.date <= page.date).slice(-3);
  for (const r of earlier) related.push({ text: `${b.link(r.url, r.title)} (${r.site})`, facts: [], claims: [] });
  if (related.length > 0) {
    b.heading2('Related');
    b.list(related);
  }
}
