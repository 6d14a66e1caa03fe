/**
 * Background pages that state no fact of the world: industry overviews and unrelated events, so
 * retrieval meets the noise it meets on the web. Every sentence is the Writer's filler.
 */
import { cap, field, fill, finishPage, startPage, topics, type Ctx } from './context.js';
import { byline } from './news.js';

export function renderBackground(ctx: Ctx): void {
  const sites = [...ctx.sites.background, ...ctx.sites.news];
  const all = topics(ctx);
  const headings = [
    `The ${field(ctx)}: an overview`,
    `Five questions about ${all[0]}`,
    `Why ${all[1 % all.length]} matters more than ever`,
    `Conference season: notes from the ${field(ctx)}`,
  ];
  headings.forEach((heading, i) => {
    const site = sites[i % sites.length]!;
    const date = ctx.dating.pick(ctx.rng, `${ctx.year}-01-01`, 360);
    const p = startPage(ctx, site, heading, date, 'background', `bg:${i}`);
    p.b.note(byline(p));
    p.b.paragraph([fill(p, 'context'), fill(p, 'commentary'), fill(p, 'transition')]);
    for (const topic of p.rng.sample(all, 3)) {
      p.b.heading2(cap(topic));
      p.b.paragraph([fill(p, 'context', topic), fill(p, 'commentary', topic), fill(p, 'quote', topic), fill(p, 'context', topic)]);
    }
    p.b.paragraph([fill(p, 'commentary'), fill(p, 'boilerplate', site.name)]);
    finishPage(ctx, p, 'background');
  });
}
