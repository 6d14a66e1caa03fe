/**
 * Reviews and blog posts on a named row with figures: an opinionated introduction, a specification
 * table (each row naming the subject), what the writer liked and did not, and a verdict.
 */
import { NO_FACTS } from './builder.js';
import { fill, finishPage, key, namedTables, rowsOf, say, startPage, type Ctx } from './context.js';
import { facetsOf, factsOfColumns, profileFacts } from './facets.js';
import { rowFacts, cellText } from './data.js';
import { byline, withRounding } from './news.js';
import { cap } from './context.js';

export function renderReviews(ctx: Ctx): void {
  const sites = ctx.sites.review;
  for (const t of namedTables(ctx)) {
    // Rows under a parent (a model, a film, a vehicle, a drug) with figures to weigh are what reviews and blogs take up.
    if (t.columns.filter((c) => c.type === 'integer' || c.type === 'real').length < 2 || !t.columns.some((c) => c.type === 'entity')) continue;
    for (const row of rowsOf(ctx, t.name)) {
      if (!ctx.rng.chance(0.25)) continue;
      const own = ctx.fx.ofRow(t.name, row.id);
      const date = ctx.dating.pick(ctx.rng, ctx.dating.readyBy(own) ?? `${ctx.year}-04-01`, 60);
      const facts = ctx.dating.trueBy(own, date);
      const name = ctx.fx.name(t.name, row.id);
      const site = ctx.rng.pick(sites);
      const heading = ctx.rng.pick([`${name} review`, `Review: ${name}`, `${name}: our verdict`, `Notes on ${name}`, `${name}: a closer look`]);
      const p = startPage(ctx, site, heading, date, 'review', `review:${t.name}:${row.id}`);
      const b = p.b;
      b.note(byline(p));
      // A review weighs one set of its figures (one statistics group), with a little of its profile.
      const { figures } = facetsOf(t);
      const nums = factsOfColumns(facts, p.rng.pick(figures));
      const others = profileFacts(t, facts);
      b.paragraph([fill(p, 'commentary', name), ...say(p, others.slice(0, 2)), fill(p, 'context', t.plural)]);
      b.heading2(p.rng.pick(['Specifications', 'The numbers', 'Key facts']));
      b.table(
        ['', name],
        nums.map((f) => ({ cells: [cap(ctx.fx.column(t.name, f.sourceColumn).label), cellText(ctx, p, f)], ...rowFacts(ctx, p, [f]) })),
      );
      b.paragraph(withRounding(ctx, p, nums.slice(0, 2)));
      b.heading2(p.rng.pick(['What we liked', 'The good', 'Highlights']));
      b.list([fill(p, 'commentary', name), fill(p, 'commentary', t.plural)]);
      b.heading2(p.rng.pick(['What could be better', 'The less good', 'Drawbacks']));
      b.list([fill(p, 'commentary', name)]);
      b.heading2('Verdict');
      b.paragraph([...say(p, others.slice(2)), fill(p, 'commentary', name), fill(p, 'transition', t.plural)]);
      const a = ctx.pages.articles.get(key(t.name, row.id));
      if (a) b.paragraph([{ text: `Background reading: ${b.link(a.url, name)}.`, ...NO_FACTS }]);
      finishPage(ctx, p, 'review');
    }
  }
}
