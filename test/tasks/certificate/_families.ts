/**
 * Two small task families for testing the pipeline before the real families are merged, written the way
 * a family is (src/tasks/families/family.ts): drafts drawn from the world, never hand-written answers.
 * - `scatteredFacts`: the sum of five integer facts of five entities, under five attributes, no page
 *   stating two of them (so the evidence needs five pages: a hard task by its certificate).
 * - `bandConstraints`: the one entity of a table whose measures lie in given bands (2–4 constraints),
 *   with the ProofSql that counts candidates under all bands and under each leave-one-out.
 */
import type { Family, FamilyContext, TaskDraft } from '../../../src/tasks/families/family.js';
import type { ColumnDef, Row } from '../../../src/themes/_define.js';

export const scatteredFacts: Family = (ctx: FamilyContext, want: number) => {
  const pagesOf = new Map<number, Set<number>>();
  for (const d of ctx.documents) for (const p of d.passages) for (const f of p.factIds) (pagesOf.get(f) ?? pagesOf.set(f, new Set()).get(f)!).add(d.id);
  const pool = ctx.fx.facts.filter((f) => f.objectType === 'integer');
  const out: TaskDraft[] = [];
  for (let attempt = 0; attempt < want * 4 && out.length < want; attempt++) {
    const picked: typeof pool = [];
    for (const f of ctx.rng.shuffle(pool)) {
      if (picked.length === 5) break;
      const clash = picked.some(
        (g) => g.subject === f.subject || g.predicate === f.predicate || [...pagesOf.get(f.id)!].some((d) => pagesOf.get(g.id)!.has(d)),
      );
      if (!clash) picked.push(f);
    }
    if (picked.length < 5) continue;
    const total = picked.reduce((sum, f) => sum + Number(ctx.rows[f.sourceTable]!.find((r) => r.id === f.sourceRowid)![f.sourceColumn]), 0);
    const parts = picked.map((f) => `SELECT x.${f.sourceColumn} AS value FROM ${f.sourceTable} x WHERE x.id = ${f.sourceRowid}`);
    const asks = picked.map((f) => `the ${ctx.fx.column(f.sourceTable, f.sourceColumn).label} of ${f.subject}`);
    out.push({
      kind: 'reasoning',
      question: `What do ${asks.slice(0, -1).join(', ')} and ${asks.at(-1)} add up to?`,
      answer: JSON.stringify([[total]]),
      answerText: String(total),
      answerType: 'integer',
      columns: [],
      keyColumns: [],
      tolerance: 0,
      aliases: [],
      answerFactIds: picked.map((f) => f.id),
      hopFactIds: [],
      sql: `SELECT SUM(value) FROM (${parts.join(' UNION ALL ')})`,
      constraintFactIds: [],
      constraints: 0,
      hops: 0,
      signature: `scattered:${picked.map((f) => f.id).join(',')}`,
    });
  }
  return out;
};

export const bandConstraints: Family = (ctx: FamilyContext, want: number) => {
  const out: TaskDraft[] = [];
  const tables = ctx.theme.tables.filter((t) => t.nameColumn && (ctx.rows[t.name]?.length ?? 0) >= 6);
  for (let attempt = 0; attempt < want * 6 && out.length < want; attempt++) {
    const t = ctx.rng.pick(tables);
    const list = ctx.rows[t.name]!;
    const cols = t.columns.filter((c) => (c.type === 'integer' || c.type === 'real') && list.every((r) => r[c.name] != null));
    if (cols.length < 2) continue;
    const target = ctx.rng.pick(list);
    const band = (c: ColumnDef) => {
      const v = Number(target[c.name]);
      return { c, lo: Math.floor(v * 0.85), hi: Math.ceil(v * 1.15) };
    };
    const meets = (r: Row, b: ReturnType<typeof band>) => Number(r[b.c.name]) >= b.lo && Number(r[b.c.name]) <= b.hi;
    const bands: ReturnType<typeof band>[] = [];
    for (const c of ctx.rng.shuffle(cols)) {
      if (bands.length === 4) break;
      bands.push(band(c));
      if (list.filter((r) => bands.every((b) => meets(r, b))).length === 1) break;
    }
    const left = list.filter((r) => bands.every((b) => meets(r, b)));
    if (bands.length < 2 || left.length !== 1) continue;
    const where = (bs: typeof bands) => bs.map((b) => `${b.c.name} BETWEEN ${b.lo} AND ${b.hi}`).join(' AND ');
    const name = String(target[t.nameColumn!]);
    const facts = bands.map((b) => ctx.fx.cell(t.name, target.id, b.c.name)!.id);
    out.push({
      kind: 'constraint',
      question: `Which ${t.entity} has ${bands.map((b) => `a ${b.c.label} between ${b.lo} and ${b.hi}`).join(', and ')}?`,
      answer: JSON.stringify([[name]]),
      answerText: name,
      answerType: 'entity',
      columns: [],
      keyColumns: [],
      tolerance: 0,
      aliases: [],
      answerFactIds: facts,
      hopFactIds: [],
      sql: `SELECT ${t.nameColumn} FROM ${t.name} WHERE ${where(bands)}`,
      constraintFactIds: facts,
      constraints: bands.length,
      hops: 0,
      proof: {
        sql: `SELECT COUNT(*) FROM ${t.name} WHERE ${where(bands)}`,
        leaveOneOut: bands.map((b, i) => ({
          constraint: `${b.c.label} between ${b.lo} and ${b.hi}`,
          sql: `SELECT COUNT(*) FROM ${t.name} WHERE ${where(bands.filter((_, j) => j !== i))}`,
        })),
      },
      signature: `band:${t.name}:${target.id}:${bands.map((b) => b.c.name).join(',')}`,
    });
  }
  return out;
};
