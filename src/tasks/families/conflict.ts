/**
 * The conflict family (issue 24): ask for a fact that some page states otherwise — a preliminary
 * estimate, a forum post's wrong figure (later corrected on its page), a rounded figure — so a reader who
 * trusts the first page it finds answers wrong. The answer is the exact value; the question names the
 * entity or describes it by rank.
 */
import { formatDate, formatNumber } from '../../format.js';
import type { ColumnDef } from '../../themes/_define.js';
import { mentions } from '../../text.js';
import { columnOfFact, exactValueForms } from '../../world/claims.js';
import type { ClaimForm, Fact } from '../../world/types.js';
import { sayRef } from '../questions/described.js';
import { readConflict, renderConflict } from '../questions/conflict.js';
import { attrOf, uniqueNoun } from '../questions/words.js';
import { sqlQuote } from './cells.js';
import type { FamilyContext, TaskDraft } from './family.js';
import type { EntityRef } from './reading.js';

/** Claim forms that state a value other than the final one, the worst first. */
const MISLEADING: ClaimForm[] = ['erroneous', 'preliminary', 'rounded'];

/** Facts of named rows that some passage states in a misleading form, with that form. */
export function misleadingFacts(ctx: FamilyContext): { fact: Fact; form: ClaimForm }[] {
  const byId = new Map(ctx.fx.facts.map((f) => [f.id, f]));
  const found = new Map<number, ClaimForm>();
  for (const d of ctx.documents)
    for (const p of d.passages)
      for (const c of p.claims ?? []) {
        if (!MISLEADING.includes(c.form)) continue;
        const f = byId.get(c.factId);
        if (!f || !ctx.fx.table(f.sourceTable).nameColumn) continue;
        // A claim whose stated text is an exact form of the value misleads no one.
        if (exactValueForms(ctx.theme, f).some((e) => e.toLowerCase() === c.stated.toLowerCase())) continue;
        const had = found.get(f.id);
        if (had === undefined || MISLEADING.indexOf(c.form) < MISLEADING.indexOf(had)) found.set(f.id, c.form);
      }
  return [...found].sort((x, y) => x[0] - y[0]).map(([id, form]) => ({ fact: byId.get(id)!, form }));
}

function valueText(col: ColumnDef, fact: Fact): string {
  if (col.type === 'date') return formatDate(fact.object, 0);
  if (col.type === 'integer' || col.type === 'real') return formatNumber(Number(fact.object), col.unit ?? 'plain', col.decimals ?? 0);
  return fact.object;
}

export function drawConflict(ctx: FamilyContext, want: number): TaskDraft[] {
  const { rng, fx, theme } = ctx;
  const out: TaskDraft[] = [];
  for (const { fact, form } of rng.shuffle(misleadingFacts(ctx))) {
    if (out.length >= want) break;
    const t = fx.table(fact.sourceTable);
    const col = columnOfFact(theme, fact)!;
    const a = attrOf(theme, t.name, col.name);
    const noun = a && uniqueNoun(a);
    if (!a || !noun) continue;
    const rows = ctx.rows[t.name]!;
    const row = rows.find((r) => r.id === fact.sourceRowid)!;
    let ref: EntityRef = { name: fact.subject };
    let text = fact.subject;
    let idSql = `(SELECT id FROM ${t.name} WHERE ${t.nameColumn} = ${sqlQuote(fact.subject)})`;
    let constraintFactIds: number[] = [];
    // Sometimes the entity is described by its rank on another measure instead of named.
    const others = t.columns.filter(
      (c) => c.measure && c !== col && rows.every((r) => r[c.name] != null) && new Set(rows.map((r) => r[c.name])).size === rows.length,
    );
    if (others.length > 0 && rng.chance(0.4)) {
      const by = rng.pick(others);
      const order = rng.chance(0.5) ? 'highest' : 'lowest';
      const sorted = rows.slice().sort((x, y) => (Number(y[by.name]) - Number(x[by.name])) * (order === 'highest' ? 1 : -1));
      const n = sorted.indexOf(row) + 1;
      const ba = attrOf(theme, t.name, by.name);
      const bn = ba && uniqueNoun(ba, t.entity);
      if (n <= 3 && ba && bn) {
        ref = { kind: t.entity, conditions: [{ op: 'rank', label: by.label, n, order }] };
        text = sayRef(ref, { a: ba, noun: bn });
        idSql = `(SELECT id FROM ${t.name} ORDER BY ${by.name} ${order === 'highest' ? 'DESC' : 'ASC'} LIMIT 1 OFFSET ${n - 1})`;
        constraintFactIds = rows.map((r) => fx.cell(t.name, r.id, by.name)!.id);
      }
    }
    const { question, frameId } = renderConflict(rng, noun, text);
    const answerText = valueText(col, fact);
    if (mentions(question, answerText)) continue;
    if (JSON.stringify(readConflict(question)) !== JSON.stringify({ family: 'conflict', of: ref, asks: col.label })) continue;
    const value = col.type === 'integer' || col.type === 'real' ? Number(fact.object) : fact.object;
    out.push({
      kind: 'conflict',
      question,
      answer: JSON.stringify([[value]]),
      answerText,
      answerType: col.type,
      columns: [],
      keyColumns: [],
      tolerance: 0,
      aliases: [],
      answerFactIds: [fact.id],
      hopFactIds: [],
      constraintFactIds,
      constraints: 'name' in ref ? 0 : 1,
      hops: 0,
      sql: `SELECT ${col.type === 'entity' ? `(SELECT x.${fx.table(col.ref!).nameColumn} FROM ${col.ref} x WHERE x.id = t.${col.name})` : `t.${col.name}`} FROM ${t.name} t WHERE t.id = ${idSql}`,
      frame: frameId,
      signature: `conflict:${fact.id}:${form}`,
    });
  }
  return out;
}
