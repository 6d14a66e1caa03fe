/**
 * Early figures: a short news report giving a preliminary estimate of a figure ("an estimated
 * 1,230,000"), dated before a later page that states the exact value, and saying that the figure may
 * be revised (form `preliminary`). Written after every other page, so it can be dated before one.
 */
import { dayFromIso, isoFromDay } from '../../format.js';
import type { Fact } from '../types.js';
import { roundable } from '../value-text.js';
import { NO_FACTS } from './builder.js';
import { fill, finishPage, key, parentsOf, rowsOf, say, startPage, topics, type Ctx } from './context.js';
import { byline, dateline } from './news.js';
import { preliminary } from './noise.js';

/** The latest date of a page stating `fact` exactly. */
function exactDates(ctx: Ctx): Map<number, string> {
  const out = new Map<number, string>();
  for (const d of ctx.pages.docs)
    for (const ps of d.passages)
      for (const c of ps.claims ?? []) if (c.form === 'exact' && d.published && (out.get(c.factId) ?? '') < d.published) out.set(c.factId, d.published);
  return out;
}

export function renderEarlyFigures(ctx: Ctx, count = 2): void {
  const latest = exactDates(ctx);
  const pool = ctx.fx.facts.filter((f) => roundable(f) && ctx.fx.column(f.sourceTable, f.sourceColumn).measure && latest.has(f.id));
  const picked: Fact[] = ctx.rng.sample(pool, count);
  for (const f of picked) {
    const before = latest.get(f.id)!;
    const t = ctx.dating.when(f);
    const site = ctx.rng.pick(ctx.sites.news);
    const from = t && t < before ? t : null;
    const date = ctx.dating.pick(ctx.rng, from ?? shift(before, -60), 30, before);
    if (date >= before) continue;
    const p = startPage(ctx, site, title(ctx, f), date, 'news', `early:${f.id}`);
    const [s] = say(p, [f]);
    const pre = s ? preliminary(ctx.fx, p.rng, s, f, p.site.num) : null;
    if (!pre) continue;
    p.b.note(byline(p));
    p.b.paragraph(
      [
        pre,
        { text: 'The figure is preliminary and may be revised when final numbers are published.', ...NO_FACTS },
        { text: 'Estimates of this kind are built from partial returns and are usually revised within weeks.', ...NO_FACTS },
      ],
      dateline(p),
    );
    p.b.paragraph([fill(p, 'quote', f.subject), fill(p, 'context', p.rng.pick(topics(ctx)))]);
    p.b.paragraph([fill(p, 'commentary', f.subject), fill(p, 'transition', p.rng.pick(topics(ctx))), fill(p, 'context', p.rng.pick(topics(ctx)))]);
    const a = ctx.pages.articles.get(key(f.sourceTable, f.sourceRowid));
    if (a) p.b.list([{ text: `Background: ${p.b.link(a.url, a.title)}`, ...NO_FACTS }]);
    finishPage(ctx, p, 'news');
  }
}

/**
 * "Early figures for Tacova Corp"; a row without a name is titled by the row it belongs to and its noun
 * ("Presant Acres: early figures from its harvest"), never by its composite name, whose parts are the body's.
 */
function title(ctx: Ctx, f: Fact): string {
  const t = ctx.fx.table(f.sourceTable);
  const row = t.nameColumn ? undefined : rowsOf(ctx, t.name).find((r) => r.id === f.sourceRowid);
  const parent = row && parentsOf(ctx, t, row)[0];
  return parent ? `${ctx.fx.name(parent.table, parent.id)}: early figures from its ${t.entity}` : `Early figures for ${f.subject}`;
}

function shift(iso: string, days: number): string {
  return isoFromDay(dayFromIso(iso) + days);
}
