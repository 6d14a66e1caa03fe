/**
 * Press releases: a parent issues a statement on one of its rows ("Statement from Zentria Mobile on the X9"):
 * release line, dateline, the announcement (the link fact first, so the headline is supported), a
 * quote, an "About" boilerplate with the parent's standing facts, and a media contact.
 */
import { NO_FACTS } from './builder.js';
import { fill, finishPage, key, namedTables, parentsOf, rowsOf, say, startPage, type Ctx } from './context.js';
import { excerpt } from './facets.js';
import { dateline } from './news.js';

export function renderPressReleases(ctx: Ctx): void {
  const site = ctx.sites.press_release[0]!;
  for (const t of namedTables(ctx)) {
    for (const row of rowsOf(ctx, t.name)) {
      const parent = parentsOf(ctx, t, row)[0];
      if (!parent || !ctx.rng.chance(0.3)) continue;
      const parentTable = ctx.fx.table(parent.table);
      if (!parentTable.nameColumn) continue;
      const own = ctx.fx.ofRow(t.name, row.id);
      const link = own.find((f) => f.objectType === 'entity' && f.object === ctx.fx.name(parent.table, parent.id));
      if (!link) continue;
      const date = ctx.dating.pick(ctx.rng, ctx.dating.readyBy(own) ?? `${ctx.year}-02-01`, 20);
      const known = ctx.dating.trueBy(own, date).filter((f) => f !== link);
      const pname = ctx.fx.name(parent.table, parent.id);
      const name = ctx.fx.name(t.name, row.id);
      // A heading any parent–row relation supports (a maker and its model, an exchange and a listed company).
      const heading = ctx.rng.pick([`Statement from ${pname} on ${name}`, `${pname} issues update on ${name}`, `${name}: a statement from ${pname}`]);
      const p = startPage(ctx, site, heading, date, 'press_release', `pr:${t.name}:${row.id}`);
      // A statement announces part of the row, not its whole record.
      const body = excerpt(p.rng, known);
      p.b.note('FOR IMMEDIATE RELEASE');
      p.b.paragraph([...say(p, [link]), fill(p, 'context', name)], dateline(p));
      p.b.paragraph([...say(p, body), fill(p, 'quote', pname)]);
      p.b.paragraph([fill(p, 'commentary', name), fill(p, 'transition', pname)]);
      const about = ctx.dating.trueBy(ctx.fx.ofRow(parent.table, parent.id), date).filter((f) => f.objectType !== 'integer' && f.objectType !== 'real');
      p.b.heading2(`About ${pname}`);
      const pa = ctx.pages.articles.get(key(parent.table, parent.id));
      p.b.paragraph([...say(p, about), fill(p, 'boilerplate', pname), ...(pa ? [{ text: `More information: ${p.b.link(pa.url, pname)}.`, ...NO_FACTS }] : [])]);
      p.b.note(`Media contact: ${p.rng.pick(site.staff)}, press office, via ${site.name}`);
      const url = finishPage(ctx, p, 'press_release');
      ctx.pages.cover(key(t.name, row.id), { url, title: heading, site: site.name, date });
    }
  }
}
