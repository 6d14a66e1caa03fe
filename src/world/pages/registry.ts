/**
 * Official registry or filing pages for rows of top-level tables (no parent): a record number, a
 * table of registered particulars (each row naming the entity), the filing details, the record's
 * status history, the office's notes on reading the record and a retrieval note. Only the particulars
 * state facts; the rest is the record's own apparatus (no world dates beyond the page's own).
 */
import { NO_FACTS } from './builder.js';
import { fillNote } from './house-notes.js';
import { cap, finishPage, namedTables, rowsOf, startPage, type Ctx } from './context.js';
import { profileFacts } from './facets.js';
import { fmtDate, rowFacts, cellText } from './data.js';

export function renderRegistry(ctx: Ctx): void {
  const site = ctx.sites.registry[0]!;
  let record = 10000 + ctx.rng.int(0, 80000);
  // Top-level tables (no parent) hold what registers record; a theme without one uses its least dependent table.
  const named = namedTables(ctx);
  const fks = (t: (typeof named)[number]) => t.columns.filter((c) => c.type === 'entity').length;
  const least = Math.min(...named.map(fks));
  let written = 0;
  for (const t of named) {
    if (fks(t) > least) continue;
    for (const row of rowsOf(ctx, t.name)) {
      if (!ctx.rng.chance(0.5) && written >= 2) continue;
      const own = ctx.fx.ofRow(t.name, row.id);
      const date = ctx.dating.pick(ctx.rng, ctx.dating.readyBy(own) ?? `${ctx.year}-01-15`, 200);
      // A register records identity (its links, dates and words), not figures.
      const facts = ctx.dating.trueBy(profileFacts(t, own), date);
      if (facts.length === 0) continue;
      const name = ctx.fx.name(t.name, row.id);
      record += ctx.rng.int(3, 400);
      const heading = `Registry record: ${name}`;
      const p = startPage(ctx, site, heading, date, 'registry', `registry:${t.name}:${row.id}`);
      p.b.note(`Record ${record} · ${cap(t.entity)} · Status: active`);
      const n = site.notes.register;
      p.b.paragraph([{ text: n.intro, ...NO_FACTS }]);
      p.b.table(
        [name, ''],
        facts.map((f) => ({ cells: [cap(ctx.fx.column(t.name, f.sourceColumn).label), cellText(ctx, p, f)], ...rowFacts(ctx, p, [f]) })),
      );
      p.b.heading2('Filing details');
      p.b.list([
        { text: `Filing reference: REG-${ctx.year}-${record}`, ...NO_FACTS },
        { text: `Register: ${cap(t.plural)}, kept by the ${site.name}`, ...NO_FACTS },
        { text: n.filedBy, ...NO_FACTS },
        { text: n.access, ...NO_FACTS },
      ]);
      p.b.heading2('Status history');
      p.b.list([
        { text: fillNote(n.confirmed, { date: fmtDate(p) }), ...NO_FACTS },
        { text: n.previousNames, ...NO_FACTS },
        { text: n.objections, ...NO_FACTS },
      ]);
      p.b.heading2('Notes');
      p.b.paragraph([
        { text: n.notListed, ...NO_FACTS },
        { text: n.superseded, ...NO_FACTS },
      ]);
      p.b.note(`Retrieved from the register on ${fmtDate(p)}. ${n.copies}`);
      finishPage(ctx, p, 'registry');
      written++;
    }
  }
}
