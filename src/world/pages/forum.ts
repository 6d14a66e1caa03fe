/**
 * Forum threads: several participants with habits of their own compare a measure across a few rows;
 * one asks, others answer, one disagrees, and one misremembers a figure that a later post corrects
 * (recorded as `erroneous` then `corrected`). A reply links the data page with the full table.
 */
import type { Row } from '../../themes/_define.js';
import type { Stated } from './builder.js';
import { fill, finishPage, namedTables, rowsOf, say, startPage, type Ctx, type Page } from './context.js';
import type { ListUrls } from './data.js';
import { corrected, erroneous } from './noise.js';
import { FORUM_USERS } from './site-pools.js';

type User = (typeof FORUM_USERS)[number];

/** A post: the user's habitual opener on their first post, their sign-off on their last (`last`). */
function post(p: Page, u: User, sentences: Stated[], seen: Set<string>, last = false): void {
  const first = !seen.has(u.handle);
  seen.add(u.handle);
  const body = [...(first && u.opener ? [own(u.opener)] : []), ...sentences, ...(last && u.closer ? [own(u.closer)] : [])];
  p.b.paragraph(body, `**${u.handle}**: `);
}

const own = (text: string): Stated => ({ text, facts: [], claims: [] });

export function renderForums(ctx: Ctx, lists: ListUrls): void {
  const sites = ctx.sites.forum;
  const names = new Set(ctx.fx.facts.map((f) => f.subject.toLowerCase()));
  const users = FORUM_USERS.filter((u) => !names.has(u.handle));
  for (const t of namedTables(ctx)) {
    const all = rowsOf(ctx, t.name);
    // Only a measure the world has (an optional one may be absent from every row) gives a thread to compare.
    const measures = t.columns.filter((c) => c.measure && all.filter((r) => r[c.name] != null).length >= 3);
    if (measures.length === 0 || all.length < 4) continue;
    for (let k = 0; k < 2; k++) {
      const col = ctx.rng.pick(measures);
      const picked: Row[] = ctx.rng.sample(
        all.filter((r) => r[col.name] != null),
        ctx.rng.int(3, 5),
      );
      if (picked.length < 3) continue;
      const facts = picked.map((r) => ctx.fx.cell(t.name, r.id, col.name)!);
      const date = ctx.dating.pick(ctx.rng, ctx.dating.readyBy(facts) ?? `${ctx.year}-03-01`, 120);
      const [a, b2] = facts.map((f) => f.subject);
      const heading = `${a} vs ${b2}: ${col.label}?`;
      const site = sites[k % sites.length]!;
      const p = startPage(ctx, site, heading, date, 'forum', `forum:${t.name}:${col.name}:${k}`);
      const cast = p.rng.sample(users, 4);
      const [asker, expert, wrong, other] = [cast[0]!, cast[1]!, cast[2]!, cast[3] ?? cast[0]!];
      p.b.note(`Thread in ${site.name} › ${t.plural}, ${cast.length} participants`);
      const seen = new Set<string>();
      post(p, asker, [own(`Trying to compare the ${col.label} of ${facts.map((f) => f.subject).join(', ')}. Does anyone have the figures?`)], seen);
      // The expert answers the first; the misremembered figure is the second when it can be, corrected at once after.
      post(p, expert, say(p, [facts[0]!]), seen);
      const [ws] = say(p, [facts[1]!]);
      const bad = ws ? erroneous(ctx.fx, p.rng, ws, facts[1]!, p.site.num) : null;
      if (bad && ws) {
        post(p, wrong, [{ ...bad, text: bad.text.replace(/\.$/, p.rng.pick([', if I remember right.', ', or close to it.', ', I think.'])) }], seen);
        post(p, expert, [own(p.rng.pick(['Not quite.', 'That is not right, I am afraid.', 'Small correction.'])), corrected(ws, facts[1]!)], seen, true);
        post(p, wrong, [own(p.rng.pick(['Fair enough, my mistake.', 'Ah, thanks. I mixed it up.', 'You are right, I misremembered.']))], seen, true);
      } else post(p, wrong, say(p, [facts[1]!]), seen, true);
      const rest = facts.slice(2);
      const list = lists.get(t.name);
      post(
        p,
        other,
        [...say(p, rest), fill(p, 'commentary', t.plural), ...(list ? [own(`The full table is on ${p.b.link(list.url, list.heading)}.`)] : [])],
        seen,
        true,
      );
      post(p, asker, [fill(p, 'commentary', a), own('Thanks, everyone.')], seen, true);
      finishPage(ctx, p, 'forum');
    }
  }
}
