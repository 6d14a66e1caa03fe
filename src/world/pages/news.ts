/**
 * News reports: a headline its body supports, a byline, a dateline, a lead stating the row's news, a
 * quote, background on the row's parent, what comes next, and links to the articles it reports on.
 * Dated on or after every event it reports; a large figure is sometimes given rounded.
 */
import { spokenDateStyle } from '../../format.js';
import type { Rng } from '../../rng.js';
import type { Row, TableDef } from '../../themes/_define.js';
import type { Fact } from '../types.js';
import type { Stated } from './builder.js';
import { fill, finishPage, key, namedTables, parentsOf, rowsOf, say, startPage, topics, type Ctx, type Page } from './context.js';
import { excerpt } from './facets.js';
import { pageDate } from './data.js';
import { rounded } from './noise.js';

/** The site's byline with a staff writer. */
export function byline(p: Page): string {
  return p.site.byline.replace('{name}', p.rng.pick(p.site.staff)).replace('{site}', p.site.name);
}

export function dateline(p: Page): string {
  return `${p.site.city.toUpperCase()}, ${pageDate(p.date, spokenDateStyle(p.site.dateStyle))} — `;
}

/** The theme's headline when the body states every fact it names (and it names no figure), else a neutral one. */
function headlineFor(ctx: Ctx, t: TableDef, row: Row, body: readonly Fact[], rng: Rng): { text: string; needs: Fact[] } {
  const name = ctx.fx.name(t.name, row.id);
  const themed = ctx.theme.headline?.(t.name, row, ctx.fx.name) ?? null;
  if (themed && !/\d/.test(themed.replace(name, ''))) {
    const h = themed.toLowerCase();
    const named = ctx.fx
      .ofRow(t.name, row.id)
      .filter((f) => (f.objectType === 'text' || f.objectType === 'entity') && f.object.length >= 3 && h.includes(f.object.toLowerCase()));
    if (named.every((f) => body.includes(f))) return { text: themed, needs: named };
  }
  const neutral = [`${name}: what we know`, `A closer look at ${name}`, `${name} in focus`, `What to know about ${name}`, `${name}, by the numbers`];
  return { text: rng.pick(neutral), needs: [] };
}

export function renderNews(ctx: Ctx): void {
  const news = ctx.sites.news;
  for (const t of namedTables(ctx)) {
    for (const row of rowsOf(ctx, t.name)) {
      if (!ctx.rng.chance(0.6)) continue;
      const own = ctx.fx.ofRow(t.name, row.id);
      const ready = ctx.dating.readyBy(own);
      const from = ready ?? `${ctx.year}-${String(ctx.rng.int(1, 11)).padStart(2, '0')}-01`;
      const site = ctx.rng.pick(news);
      const date = ctx.dating.pick(ctx.rng, from, 45);
      const body = ctx.dating.trueBy(own, date);
      if (body.length === 0) continue;
      const name = ctx.fx.name(t.name, row.id);
      const head = headlineFor(ctx, t, row, body, ctx.rng);
      const page = startPage(ctx, site, head.text, date, 'news', `news:${t.name}:${row.id}`);
      const b = page.b;
      // A story reports part of the row: its headline's facts and about half of the rest.
      const told = excerpt(page.rng, body, head.needs);
      const lead = head.needs.length > 0 ? head.needs : told.slice(0, 1);
      const rest = told.filter((f) => !lead.includes(f));
      b.note(byline(page));
      b.paragraph(say(page, lead), dateline(page));
      const half = Math.ceil(rest.length / 2);
      b.paragraph([fill(page, 'quote', name), ...withRounding(ctx, page, rest.slice(0, half))]);
      if (rest.length > half) b.paragraph([...withRounding(ctx, page, rest.slice(half)), fill(page, 'commentary', name)]);
      // Background: the parent the row belongs to.
      const parent = parentsOf(ctx, t, row)[0];
      if (parent) {
        const pf = ctx.dating.trueBy(ctx.fx.ofRow(parent.table, parent.id), date).filter((f) => f.objectType !== 'entity');
        const picked = page.rng.sample(pf, 2);
        if (picked.length > 0) {
          b.heading2('Background');
          b.paragraph([
            fill(page, 'transition', ctx.fx.name(parent.table, parent.id)),
            ...say(page, picked),
            fill(page, 'context', page.rng.pick(topics(ctx))),
          ]);
        }
      }
      // Elsewhere: a sibling row under the same parent, or the rows under this one.
      const kin = parent
        ? rowsOf(ctx, t.name).filter((r) => r.id !== row.id && parentsOf(ctx, t, r)[0]?.id === parent.id && parentsOf(ctx, t, r)[0]?.table === parent.table)
        : [];
      const kinFacts = page.rng.sample(kin, 2).flatMap((r) =>
        page.rng.sample(
          ctx.dating.trueBy(ctx.fx.ofRow(t.name, r.id), date).filter((f) => f.objectType !== 'entity'),
          1,
        ),
      );
      if (kinFacts.length > 0) b.paragraph([fill(page, 'transition', t.plural), ...say(page, kinFacts), fill(page, 'commentary', t.plural)]);
      b.paragraph([fill(page, 'quote', page.rng.pick(topics(ctx))), fill(page, 'commentary', name)]);
      b.heading2(page.rng.pick(['What comes next', 'Outlook', 'The road ahead']));
      b.paragraph([fill(page, 'context', page.rng.pick(topics(ctx))), fill(page, 'quote', name), fill(page, 'commentary', page.rng.pick(topics(ctx)))]);
      const related: Stated[] = [];
      const mine = ctx.pages.articles.get(key(t.name, row.id));
      if (mine) related.push({ text: `Profile: ${b.link(mine.url, name)}`, facts: [], claims: [] });
      const pa = parent && ctx.pages.articles.get(key(parent.table, parent.id));
      if (pa && parent) related.push({ text: `More on ${b.link(pa.url, ctx.fx.name(parent.table, parent.id))}`, facts: [], claims: [] });
      // Earlier coverage of the same row or its parent, as "related stories".
      const earlier = [...(ctx.pages.coverage.get(key(t.name, row.id)) ?? []), ...(parent ? (ctx.pages.coverage.get(key(parent.table, parent.id)) ?? []) : [])]
        .filter((r) => r.date <= date)
        .slice(-3);
      for (const r of earlier) related.push({ text: `${b.link(r.url, r.title)} (${r.site})`, facts: [], claims: [] });
      if (related.length > 0) {
        b.heading2('Related');
        b.list(related);
      }
      const url = finishPage(ctx, page, 'news');
      ctx.pages.cover(key(t.name, row.id), { url, title: head.text, site: site.name, date });
      if (parent) ctx.pages.cover(key(parent.table, parent.id), { url, title: head.text, site: site.name, date });
    }
  }
}

/** Sentences for facts, one large figure among them sometimes rounded ("about 1.2 million"). */
export function withRounding(ctx: Ctx, p: Page, facts: readonly Fact[]): Stated[] {
  const target = facts.find((f) => f.objectType === 'integer' && Math.abs(Number(f.object)) >= 10000);
  if (!target || !p.rng.chance(0.4)) return say(p, facts);
  const others = facts.filter((f) => f !== target);
  const [s] = say(p, [target]);
  const r = s ? rounded(ctx.fx, s, target) : null;
  return [...say(p, others), ...(r ? [r] : s ? [s] : [])];
}
