/**
 * List articles: "The 8 phone models with the highest launch price", one numbered section per row in
 * the true order, each stating its figure with a line of commentary.
 */
import { cap, fill, finishPage, key, namedTables, rowsOf, say, startPage, type Ctx } from './context.js';
import { byline } from './news.js';

export function renderListArticles(ctx: Ctx): void {
  const site = ctx.sites.list_article[0]!;
  for (const t of namedTables(ctx)) {
    const measures = t.columns.filter((c) => c.measure);
    if (measures.length === 0) continue;
    const col = ctx.rng.pick(measures);
    const ranked = rowsOf(ctx, t.name)
      .filter((r) => r[col.name] != null)
      .sort((a, b) => Number(b[col.name]) - Number(a[col.name]) || a.id - b.id);
    if (ranked.length < 6) continue;
    const top = ranked.slice(0, Math.min(10, ranked.length - 1));
    const facts = top.map((r) => ctx.fx.cell(t.name, r.id, col.name)!);
    const date = ctx.dating.pick(ctx.rng, ctx.dating.readyBy(facts) ?? `${ctx.year}-06-01`, 40);
    if (ctx.dating.trueBy(facts, date).length < facts.length) continue;
    const heading = `The ${top.length} ${t.plural} with the highest ${col.label}`;
    const p = startPage(ctx, site, heading, date, 'list_article', `listicle:${t.name}:${col.name}`);
    p.b.note(byline(p));
    p.b.paragraph([fill(p, 'context', t.plural), fill(p, 'transition', col.label)]);
    top.forEach((r, i) => {
      const name = ctx.fx.name(t.name, r.id);
      const a = ctx.pages.articles.get(key(t.name, r.id));
      p.b.heading2(`${i + 1}. ${name}`);
      p.b.paragraph([...say(p, [facts[i]!]), fill(p, 'commentary', name)]);
      if (a) p.b.list([{ text: `Read more: ${p.b.link(a.url, name)}`, facts: [], claims: [] }]);
    });
    p.b.paragraph([fill(p, 'commentary', cap(t.plural))]);
    finishPage(ctx, p, 'list_article');
  }
}
