/**
 * The world's web: pages of many genres on at least 12 sites, derived from rows and facts. Every
 * page states facts exactly as the database does (formatting varies, values never) unless a claim
 * records otherwise (rounded, preliminary, erroneous then corrected); every fact is stated exactly by
 * at least one page; every dated page is dated on or after every event it reports; every link
 * points at a page of the world.
 */
import type { ProseWorld } from '../../prose/types.js';
import type { Rng } from '../../rng.js';
import type { Gender } from '../../themes/spec/parts.js';
import type { Rows, ThemeDef } from '../../themes/_define.js';
import type { FactIndex } from '../facts.js';
import type { Document } from '../types.js';
import { renderBackground } from './background.js';
import { Pages, type Ctx } from './context.js';
import { renderDataPages } from './data.js';
import { Dating } from './dating.js';
import { renderEarlyFigures } from './early-figures.js';
import { renderEventReports } from './event-report.js';
import { planArticles, renderArticles } from './encyclopedia.js';
import { renderFaqs } from './faq.js';
import { renderForums } from './forum.js';
import { renderListArticles } from './list-article.js';
import { renderNews } from './news.js';
import { renderPressReleases } from './press-release.js';
import { renderRegistry } from './registry.js';
import { renderReviews } from './review.js';
import { drawSites } from './sites.js';

export interface RenderOptions {
  /** The gender of a person named in the world, for pronouns (the naming model's draw). */
  genderOf?: (name: string) => Gender | undefined;
}

export function renderPages(theme: ThemeDef, rows: Rows, fx: FactIndex, rng: Rng, year: number, opts: RenderOptions = {}): Document[] {
  const world: ProseWorld = { theme, rows, fx, year, genderOf: opts.genderOf ?? (() => undefined) };
  const ctx: Ctx = {
    theme,
    rows,
    fx,
    rng,
    year,
    sites: drawSites(theme, rng.fork('sites')),
    dating: new Dating(theme, rows, fx, year),
    world,
    pages: new Pages(),
    said: new Map(),
  };
  planArticles(ctx);
  const lists = renderDataPages(ctx);
  renderNews(ctx);
  renderEventReports(ctx);
  renderPressReleases(ctx);
  renderArticles(ctx, lists);
  renderForums(ctx, lists);
  renderReviews(ctx);
  renderListArticles(ctx);
  renderFaqs(ctx);
  renderRegistry(ctx);
  renderBackground(ctx);
  renderEarlyFigures(ctx);
  const urls = new Set(ctx.pages.docs.map((d) => d.url));
  let pid = 0;
  return ctx.pages.docs.map((d, i) => {
    const id = i + 1;
    for (const p of d.passages) Object.assign(p, { id: ++pid, documentId: id });
    const dangling = (d.links ?? []).filter((l) => !urls.has(l.url));
    if (dangling.length > 0) throw new Error(`page ${d.url} links to missing ${dangling[0]!.url}`);
    return { ...d, id };
  });
}
