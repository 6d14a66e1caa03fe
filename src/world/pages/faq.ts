/** FAQ pages: questions a reader asks about one entity, each answered by the Writer's sentence for one fact. */
import { fillNote } from './house-notes.js';
import { finishPage, fill, key, namedTables, rowsOf, say, startPage, type Ctx } from './context.js';
import { excerpt } from './facets.js';

export function renderFaqs(ctx: Ctx): void {
  const site = ctx.sites.faq[0]!;
  let written = 0;
  for (const t of namedTables(ctx)) {
    for (const row of rowsOf(ctx, t.name)) {
      const own = ctx.fx.ofRow(t.name, row.id);
      // About one entity in seven gets a FAQ, and every world at least two.
      if ((!ctx.rng.chance(0.15) && written >= 2) || own.length < 3) continue;
      written++;
      const date = ctx.dating.pick(ctx.rng, ctx.dating.readyBy(own) ?? `${ctx.year}-05-01`, 60);
      const known = ctx.dating.trueBy(own, date);
      const name = ctx.fx.name(t.name, row.id);
      const heading = `${name}: frequently asked questions`;
      const p = startPage(ctx, site, heading, date, 'faq', `faq:${t.name}:${row.id}`);
      // The questions readers ask about it: part of its record, not all of it.
      const facts = excerpt(p.rng, known);
      p.b.paragraph([fill(p, 'boilerplate', name), fill(p, 'context', t.plural)]);
      for (const f of facts) {
        p.b.heading2(`What is the ${ctx.fx.column(t.name, f.sourceColumn).label} of ${name}?`, 3);
        p.b.paragraph(say(p, [f]));
      }
      p.b.heading2(`Where can I read more about ${name}?`, 3);
      const a = ctx.pages.articles.get(key(t.name, row.id));
      p.b.paragraph([a ? { text: fillNote(site.notes.seeArticle, { link: p.b.link(a.url, name) }), facts: [], claims: [] } : fill(p, 'boilerplate', name)]);
      finishPage(ctx, p, 'faq');
    }
  }
}
