/**
 * Encyclopedia articles, one per row of a table with entity pages: a lead saying what the entity is,
 * an infobox (a two-column table under the entity's name), sections stating the rest of its facts,
 * tables of the rows that refer to it, references to the pages that reported on it, see-also links
 * and a "last edited" date after every event it reports and every page it cites.
 */
import { indefiniteArticle as article } from '../../prose/grammar.js';
import type { Fact } from '../types.js';
import { NO_FACTS } from './builder.js';
import { cap, childTables, fill, finishPage, isNamePart, key, parentsOf, rowsOf, say, startPage, topics, type Ctx } from './context.js';
import { facetsOf, profileFacts } from './facets.js';
import { fmtDate, linkedName, pageDate, rowFacts, cellText, type ListUrls } from './data.js';

/** Plan every article's URL and title first, so pages written before them can link to them. */
export function planArticles(ctx: Ctx): void {
  ctx.theme.tables.forEach((t, i) => {
    if (!t.entityPages || !t.nameColumn) return;
    const site = ctx.sites.encyclopedia[i % ctx.sites.encyclopedia.length]!;
    for (const row of rowsOf(ctx, t.name)) {
      const name = ctx.fx.name(t.name, row.id);
      ctx.pages.articles.set(key(t.name, row.id), { url: ctx.pages.reserve(site, name, null), title: name });
    }
  });
}

/** An article's opening words, its subject's name in bold first: what kind of thing it is and in which field, said several ways. */
const LEAD_FRAMES: ((name: string, entity: string, plural: string, field: string) => string)[] = [
  (n, e, _p, f) => `${n} is ${article(e)} ${e} in the ${f}.`,
  (n, _e, p, f) => `${n} is among the ${p} of the ${f}.`,
  (n, e, _p, f) => `${n} is ${article(e)} ${e}, part of the ${f}.`,
  (n, e, _p, f) => `${n} is ${article(e)} ${e}; this article covers it as part of the ${f}.`,
  (n, e, _p, f) => `${n} is ${article(e)} ${e} known to followers of the ${f}.`,
  (n, e, _p, f) => `${n} is ${article(e)} ${e} of the ${f}.`,
  (n, e, _p, f) => `${n} is ${article(e)} ${e} with a place in the ${f}.`,
];

const SECTION_NAMES = {
  dated: ['History', 'Background', 'Timeline'],
  figures: ['Key figures', 'Operations', 'Statistics'],
  other: ['Overview', 'Profile', 'Details'],
};

export function renderArticles(ctx: Ctx, lists: ListUrls): void {
  ctx.theme.tables.forEach((t, i) => {
    if (!t.entityPages || !t.nameColumn) return;
    const site = ctx.sites.encyclopedia[i % ctx.sites.encyclopedia.length]!;
    for (const row of rowsOf(ctx, t.name)) {
      const name = ctx.fx.name(t.name, row.id);
      const whole = ctx.fx.ofRow(t.name, row.id);
      // An article gives its subject's profile; its figures are in the statistics tables it links to.
      const own = profileFacts(t, whole);
      const kids = childTables(ctx, t.name).map(({ t: ct, c }) => ({ ct, c, rows: rowsOf(ctx, ct.name).filter((r) => Number(r[c.name]) === row.id) }));
      const kidFacts = kids.flatMap((k) => k.rows.flatMap((r) => ctx.fx.ofRow(k.ct.name, r.id)));
      const refs = ctx.pages.coverage.get(key(t.name, row.id)) ?? [];
      const after =
        [ctx.dating.readyBy([...whole, ...kidFacts]), ...refs.map((r) => r.date)]
          .filter((d): d is string => d !== null)
          .sort()
          .pop() ?? null;
      const date = ctx.dating.pick(ctx.rng, after ?? `${ctx.year}-06-01`, 90);
      const p = startPage(ctx, site, name, date, 'encyclopedia', `wiki:${t.name}:${row.id}`);
      const b = p.b;
      // Lead: what the entity is (its parent link first), then a sentence of context.
      const lead = own.filter((f) => f.objectType === 'entity').slice(0, 1);
      const firstDate = own.find((f) => f.objectType === 'date');
      if (firstDate) lead.push(firstDate);
      if (lead.length === 0 && own[0]) lead.push(own[0]);
      const opening = { text: p.rng.pick(LEAD_FRAMES)(`**${name}**`, t.entity, t.plural, fieldWord(ctx)), ...NO_FACTS };
      p.w.mention(name);
      b.paragraph([opening, ...say(p, lead), fill(p, 'context', name)]);
      // Infobox.
      b.table(
        [name, ''],
        own.map((f) => ({
          cells: [cap(ctx.fx.column(t.name, f.sourceColumn).label), f.objectType === 'entity' ? entityLink(ctx, p, f) : cellText(ctx, p, f)],
          ...rowFacts(ctx, p, [f]),
        })),
      );
      // Sections: the facts not in the lead, grouped by kind.
      const rest = own.filter((f) => !lead.includes(f));
      const groups: [string, Fact[]][] = [
        [p.rng.pick(SECTION_NAMES.dated), rest.filter((f) => f.objectType === 'date' || f.objectType === 'entity')],
        [p.rng.pick(SECTION_NAMES.figures), rest.filter((f) => f.objectType === 'integer' || f.objectType === 'real')],
        [p.rng.pick(SECTION_NAMES.other), rest.filter((f) => f.objectType === 'text')],
      ];
      const stats = ctx.pages.stats.get(t.name) ?? [];
      for (const [heading, facts] of groups) {
        const figures = heading === groups[1]![0] ? stats : [];
        if (facts.length === 0 && figures.length === 0) continue;
        b.heading2(heading);
        // Where its figures are: the statistics tables of its kind, linked (they state no value here).
        const pointers = figures.map((s) => ({ text: `Figures for ${name} are tabulated in ${b.link(s.url, s.heading)}.`, ...NO_FACTS }));
        b.paragraph([...say(p, facts), ...pointers, fill(p, 'commentary', name)]);
      }
      // The row it belongs to: a few of the parent's standing facts, as articles give context.
      for (const par of parentsOf(ctx, t, row).slice(0, 1)) {
        const pf = p.rng.sample(
          ctx.dating.trueBy(profileFacts(ctx.fx.table(par.table), ctx.fx.ofRow(par.table, par.id)), date).filter((f) => f.objectType !== 'entity'),
          2,
        );
        if (pf.length === 0) continue;
        b.heading2(cap(par.label));
        b.paragraph([fill(p, 'transition', ctx.fx.name(par.table, par.id)), ...say(p, pf), fill(p, 'context', ctx.fx.name(par.table, par.id))]);
      }
      // Reception: what is said about it, no checkable fact.
      b.heading2(p.rng.pick(['Reception', 'Analysis', 'Assessment']));
      b.paragraph([fill(p, 'commentary', name), fill(p, 'quote', name), fill(p, 'context', p.rng.pick(topics(ctx)))]);
      // The rows that refer to it.
      for (const { ct, c, rows } of kids) {
        if (rows.length === 0) continue;
        b.heading2(cap(ct.plural));
        const shown = ct.columns
          .filter((k) => facetsOf(ct).profile.includes(k) && k.name !== c.name && k.type !== 'entity' && rows.some((r) => r[k.name] != null))
          .slice(0, 1);
        b.paragraph([fill(p, 'transition', ct.plural)]);
        b.table(
          [cap(ct.entity), cap(c.label), ...shown.map((k) => cap(k.label))],
          rows.map((r) => {
            const facts = [
              ctx.fx.cell(ct.name, r.id, c.name)!,
              ...shown.map((k) => ctx.fx.cell(ct.name, r.id, k.name)).filter((f): f is Fact => f !== undefined),
            ];
            const subject = ctx.fx.name(ct.name, r.id);
            const cells = [
              ct.nameColumn ? linkedName(ctx, p, ct.name, r.id) : subject,
              name,
              ...shown.map((k) => {
                const f = ctx.fx.cell(ct.name, r.id, k.name);
                return f ? cellText(ctx, p, f) : '—';
              }),
            ];
            return { cells, ...rowFacts(ctx, p, facts) };
          }),
        );
        // A few lines on the first of them, as an article would single them out.
        const first = rows.slice(0, 3).flatMap((r) =>
          p.rng.sample(
            // A named row's figures are in its statistics tables; a row without a name (a budget line, a
            // quarter's sales) has no page of its own, so its parent's article says a figure of it in prose.
            ctx.dating
              .trueBy(ct.nameColumn ? profileFacts(ct, ctx.fx.ofRow(ct.name, r.id)) : ctx.fx.ofRow(ct.name, r.id), date)
              // Not a part of a nameless row's own name: "Q2 2031 is the quarter of Zentria X9, Q2 2031" says it twice.
              .filter((f) => f.sourceColumn !== c.name && (ct.nameColumn !== undefined || !isNamePart(ctx.fx.name(ct.name, r.id), f))),
            1,
          ),
        );
        b.paragraph([...say(p, first), fill(p, 'commentary', ct.plural)]);
      }
      // References: the pages that reported on it.
      if (refs.length > 0) {
        b.heading2('References');
        b.list(
          refs.slice(0, 6).map((r) => ({ text: `${b.link(r.url, `"${r.title}"`)}. ${r.site}. ${pageDate(r.date, site.dateStyle)}.`, ...NO_FACTS })),
          true,
        );
      }
      // See also: its parents, a few siblings, the list of its kind.
      const also: string[] = [];
      for (const par of parentsOf(ctx, t, row)) {
        const a = ctx.pages.articles.get(key(par.table, par.id));
        if (a) also.push(b.link(a.url, a.title));
      }
      const siblings = rowsOf(ctx, t.name).filter((r) => r.id !== row.id);
      for (const s of p.rng.sample(siblings, 2)) {
        const a = ctx.pages.articles.get(key(t.name, s.id));
        if (a) also.push(b.link(a.url, a.title));
      }
      const list = lists.get(t.name);
      if (list) also.push(b.link(list.url, list.heading));
      // One labelled line, like the navigation box and categories below it: the list is one passage, since
      // a bare name on its own tells a searcher nothing the list as a whole does not.
      if (also.length > 0) b.note(`See also: ${also.join(' · ')}`);
      // Navigation box: the other rows of its kind under the same parent (or of the whole table), linked.
      const par0 = parentsOf(ctx, t, row)[0];
      const navRows = rowsOf(ctx, t.name).filter((r) => !par0 || parentsOf(ctx, t, r)[0]?.id === par0.id);
      if (navRows.length > 1) {
        const navTitle = par0 ? `${cap(t.plural)} of ${ctx.fx.name(par0.table, par0.id)}` : cap(t.plural);
        b.note(
          `${navTitle}: ${navRows
            .slice(0, 16)
            .map((r) => (r.id === row.id ? ctx.fx.name(t.name, r.id) : linkedName(ctx, p, t.name, r.id)))
            .join(' · ')}`,
        );
      }
      const parents = parentsOf(ctx, t, row).map((par) => ctx.fx.name(par.table, par.id));
      b.note(`Categories: ${[cap(t.plural), ...parents, cap(fieldWord(ctx))].join(' · ')}`);
      b.note(`Last edited ${fmtDate(p)}. ${site.notes.licence}`);
      finishPage(ctx, p, 'encyclopedia', { url: ctx.pages.articles.get(key(t.name, row.id))!.url, dateKind: 'edited' });
    }
  });
}

function entityLink(ctx: Ctx, p: ReturnType<typeof startPage>, f: Fact): string {
  const ref = ctx.fx.column(f.sourceTable, f.sourceColumn).ref!;
  const target = rowsOf(ctx, ref).find((r) => ctx.fx.name(ref, r.id) === f.object);
  return target ? linkedName(ctx, p, ref, target.id) : f.object;
}

function fieldWord(ctx: Ctx): string {
  return ctx.theme.domain?.field ?? ctx.theme.title.toLowerCase();
}
