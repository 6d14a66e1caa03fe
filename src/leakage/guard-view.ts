/**
 * The guard's view of a world for one task: the world as if the passages it must not show for an
 * unrelated query did not exist. Hidden: every passage the task's context blocks (it states a
 * protected fact, or shows the answer in a form no other fact of the passage exempts), and every page
 * whose title or date line shows the answer, whose title passage is blocked, or that has nothing left
 * to show besides its title. The view is a `SearchWorld` (`without`): an unrelated query is an
 * unguarded search of it, so its results, their order, snippets, page sizes and dates are those of a
 * world where the answer is not stated, and a right guess reads like a value the world never states.
 * Made once per task, when the first session bound to it is created, and kept with the task's context.
 */
import type { SearchWorld } from '../search/world-index.js';
import type { GuardContext } from './guard-context.js';

/** What the view of a task leaves out of its world. */
export interface HiddenParts {
  passages: Set<number>;
  pages: Set<number>;
}

const views = new WeakMap<GuardContext, SearchWorld>();
const hiddenParts = new WeakMap<GuardContext, HiddenParts>();

/** The passages and pages a task's view leaves out (judged once per task). */
export function hiddenFor(ctx: GuardContext): HiddenParts {
  let hidden = hiddenParts.get(ctx);
  if (hidden) return hidden;
  hidden = { passages: new Set(), pages: new Set() };
  for (const page of ctx.world.allPages()) {
    let shown = 0;
    let titleBlocked = false;
    for (const p of ctx.world.passagesOf(page.id)) {
      if (ctx.blocked(p)) {
        hidden.passages.add(p.id);
        if (p.ord === 0) titleBlocked = true;
      } else if (p.ord > 0) shown++;
    }
    if (titleBlocked || shown === 0 || ctx.pageShows(page) !== null) hidden.pages.add(page.id);
  }
  hiddenParts.set(ctx, hidden);
  return hidden;
}

/** The task's view of its world (made on first use, then kept). */
export function guardView(ctx: GuardContext): SearchWorld {
  let view = views.get(ctx);
  if (!view) {
    const hidden = hiddenFor(ctx);
    view = ctx.world.without(hidden.passages, hidden.pages);
    views.set(ctx, view);
  }
  return view;
}
