/**
 * Official registry or filing pages for rows of top-level tables (no parent): a record number, a
 * table of registered particulars (each row naming the entity), a status and a retrieval note.
 */
import { cap, finishPage, namedTables, rowsOf, startPage, type Ctx } from './context.js';
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
      const facts = ctx.dating.trueBy(own, date).filter((f) => f.objectType !== 'real');
      if (facts.length === 0) continue;
      const name = ctx.fx.name(t.name, row.id);
      record += ctx.rng.int(3, 400);
      const heading = `Registry record: ${name}`;
      const p = startPage(ctx, site, heading, date, 'registry', `registry:${t.name}:${row.id}`);
      p.b.note(`Record ${record} · ${cap(t.entity)} · Status: active`);
      p.b.paragraph([
        {
          text: `The particulars below are as registered with the ${site.name}. Entries are made by the registrant and are not verified by the office.`,
          facts: [],
          claims: [],
        },
      ]);
      p.b.table(
        [name, ''],
        facts.map((f) => ({ cells: [cap(ctx.fx.column(t.name, f.sourceColumn).label), cellText(ctx, p, f)], ...rowFacts(ctx, p, [f]) })),
      );
      p.b.note(`Retrieved from the register on ${fmtDate(p)}. Copies of filed documents can be requested from the office.`);
      finishPage(ctx, p, 'registry');
      written++;
    }
  }
}
