/**
 * Constraint (inverted, BrowseComp-like): the one entity that meets 3–6 stated conditions spanning at
 * least two tables, named nowhere in the question, nor are its bridges (the linked entities a `via`
 * condition describes). Proved by SQL: the count under every condition is 1, and under each
 * leave-one-out at least 2. The answer is the entity's name, or sometimes one of its attributes.
 *
 *   "Which is the phone model whose launch date falls in 2031, whose launch price is between $400 and
 *    $600 and whose maker is a brand whose home city is Korsvik?"
 */
import { mentions } from '../../text.js';
import type { Row } from '../../themes/_define.js';
import { nameAliases } from '../../world/tasks.js';
import { ATTRIBUTE_FRAMES, SUBJECT_FRAMES, attributeSlots, categoriesOf, fill, matchEvery } from '../questions/asks.js';
import { bridgesOf, factsRead, leavesOf, linkFacts, matchRows, proofOf, sharedRowIndex, whereSql } from '../questions/condition-eval.js';
import { readDescribed, renderDescribed } from '../questions/conditions.js';
import { refWords, type ColumnWords, type TableWords } from '../questions/labels.js';
import { ownConditions, singleOut } from './describe.js';
import { askable, attributeAnswer, linkedTables, nameAnswer, oneCell, openLinks, pickAttributeFrame, selectSql, type AnswerParts } from './draft-parts.js';
import type { Family, FamilyContext, TaskDraft } from './family.js';
import type { Condition, ConstraintReading, ReadQuestion } from './reading.js';

export const MIN_CONSTRAINTS = 3;
export const MAX_CONSTRAINTS = 6;
/** Share of drafts asking an attribute of the entity found rather than its name. */
const ASK_SHARE = 0.35;
/** Orders of the condition pool tried per draft. */
const TRIES = 4;
/** A loose condition admits at least this share of the entity's table. */
const LOOSE = 0.35;

/** A condition at a depth of the via path (0: the entity itself, 1: its linked entity, 2: that one's). */
interface Tagged {
  depth: number;
  cond: Condition;
}

/** The conditions of the chosen items as a description: each level's own conditions, then the via to the next. */
function nest(path: { w: TableWords; link?: ColumnWords }[], chosen: Tagged[], depth = 0): Condition[] {
  const own = chosen.filter((t) => t.depth === depth).map((t) => t.cond);
  const deeper = chosen.some((t) => t.depth > depth);
  if (!deeper) return own;
  const next = path[depth + 1]!;
  return [...own, { op: 'via', link: path[depth]!.link!.label, target: { kind: next.w.kind, conditions: nest(path, chosen, depth + 1) } }];
}

function drawOne(ctx: FamilyContext): TaskDraft | null {
  const { rng, rows, fx } = ctx;
  const at = sharedRowIndex(rows);
  const targets = linkedTables(ctx, 6);
  if (targets.length === 0) return null;
  const w = rng.pick(targets);
  const row = rng.pick(rows[w.table.name]!);
  // The via path: the entity, a linked entity, and (half the time) the one that links to, only through
  // links whose row's name the entity's does not give away (a phone model's brand never: its conditions
  // then span tables by relative time, "launched within 3 years of its maker's founding").
  const name = fx.name(w.table.name, row.id);
  const path: { w: TableWords; link?: ColumnWords; row: Row }[] = [{ w, row }];
  for (let d = 0; d < 2 && (d === 0 || rng.chance(0.5)); d++) {
    const here = path[d]!;
    const options = openLinks(ctx, at, here.w, here.row, name);
    if (options.length === 0) break;
    const { link, target } = rng.pick(options);
    here.link = link;
    path.push({ w: refWords(here.w, link), row: target });
  }
  const opts = { allNames: ctx.allNames, ranks: false };
  const pool: Tagged[] = [];
  path.forEach((p, depth) => {
    for (const cond of ownConditions(p.w, rows, at, p.row, rng, { ...opts, ranks: depth > 0 })) pool.push({ depth, cond });
  });
  // Nothing to span tables with (no link to follow, no time relative to a linked entity's): no draft.
  if (!pool.some((t) => t.depth > 0 || t.cond.op === 'within_years')) return null;
  // Loose conditions first (so more of them are needed: 3–6, not always 3), with noise so the sets vary;
  // a linked entity's condition leads, so the description spans tables.
  // A few orders are tried and the largest set within bounds kept: minimal sets found greedily are small.
  const ids = new Map<Tagged, ReadonlySet<number>>(pool.map((t) => [t, new Set(matchRows(w, rows, nest(path, [t]), at).map((r) => r.id))]));
  const matched = new Map(pool.map((t) => [t, ids.get(t)!.size]));
  let chosen: Tagged[] | null = null;
  for (let tries = 0; tries < TRIES; tries++) {
    const loose = new Map(pool.map((t) => [t, matched.get(t)! * rng.real(0.4, 1.6)]));
    const byLoose = (xs: Tagged[]) => xs.sort((a, b) => loose.get(b)! - loose.get(a)!);
    // Every other try uses loose conditions only (each admits at least LOOSE of the rows): more are needed.
    const n = (rows[w.table.name] ?? []).length;
    const tried = tries % 2 === 0 ? pool.filter((t) => matched.get(t)! >= LOOSE * n) : pool;
    // The lead spans tables: a linked entity's condition, else (no link to follow) a time relative to a
    // linked entity's date; it is the last one the pruning tries to drop.
    const deep = byLoose(tried.filter((t) => t.depth > 0));
    const lead = deep[0] ?? byLoose(pool.filter((t) => t.cond.op === 'within_years'))[0];
    const all = [...(lead ? [lead] : []), ...byLoose(tried.filter((t) => t !== lead))];
    // One condition per attribute (the first, loosest-drawn form of it).
    const seen = new Set<string>();
    const ordered = all.filter((t) => {
      const c = t.cond;
      const key = `${t.depth}:${c.op === 'via' ? c.link : c.op === 'within_years' ? `${c.label}~${c.link}` : c.label}`;
      return !seen.has(key) && (seen.add(key), true);
    });
    const found = singleOut(
      w,
      rows,
      at,
      ordered,
      (c) => nest(path, c),
      rng,
      (c) => [...byLoose(c.filter((t) => t !== lead)).reverse(), ...c.filter((t) => t === lead)],
      ids,
    );
    if (found && found.length >= MIN_CONSTRAINTS && found.length <= MAX_CONSTRAINTS && found.length > (chosen?.length ?? 0)) chosen = found;
  }
  if (!chosen) return null;
  // Hops: the deepest level read (a within-years condition reads its linked row's date: one level down).
  const hops = Math.max(...chosen.map((t) => t.depth + (t.cond.op === 'within_years' ? 1 : 0)));
  if (hops === 0) return null; // the conditions must span tables
  const conditions = nest(path, chosen);
  const described = { kind: w.kind, conditions };
  // Minimal: every leave-one-out admits another row (singleOut pruned to this; checked again here).
  if (matchRows(w, rows, conditions, at).length !== 1) return null;

  const used = new Set(chosen.filter((t) => t.depth === 0).map((t) => (t.cond.op === 'via' ? t.cond.link : t.cond.label)));
  const viaLink = path[0]!.link?.label;
  const askables = w.columns.filter((c) => !used.has(c.label) && c.label !== viaLink && askable(c, row[c.col.name]));
  const ask = askables.length > 0 && rng.chance(ASK_SHARE) ? rng.pick(askables) : undefined;
  const x = renderDescribed(w, described);
  let question: string;
  let parts: AnswerParts;
  if (ask) {
    question = fill(pickAttributeFrame(ask, rng).template, attributeSlots(w, ask, x));
    parts = attributeAnswer(fx, ask, row);
  } else {
    const frames = SUBJECT_FRAMES.filter((f) => f.subject === 'any' || w.person);
    question = fill(rng.pick(frames).template, { x });
    parts = nameAnswer(fx.name(w.table.name, row.id));
  }
  const bridges = bridgesOf(w, at, row, conditions).map((b) => fx.name(b.words.table.name, b.row.id));
  const aliases = parts.answerType === 'entity' ? nameAliases(String(parts.value), ctx.allNames) : [];
  const named = [fx.name(w.table.name, row.id), String(parts.value), ...aliases, ...bridges];
  if (named.some((n) => mentions(question, n))) return null;

  const readFacts = factsRead(w, fx, at, row, conditions);
  const ownFacts = factsRead(
    w,
    fx,
    at,
    row,
    conditions.filter((c) => c.op !== 'via'),
  );
  const answerFactIds = ask ? [fx.cell(w.table.name, row.id, ask.col.name)!.id] : ownFacts.length > 0 ? ownFacts : readFacts.slice(0, 1);
  const select = ask ? selectSql(w, ask, 't0') : `t0.${w.table.nameColumn}`;
  return {
    kind: 'constraint',
    question,
    ...oneCell(parts),
    aliases,
    answerFactIds,
    hopFactIds: linkFacts(w, fx, at, row, conditions),
    sql: `SELECT ${select} FROM ${w.table.name} t0 WHERE ${whereSql(w, conditions)}`,
    constraintFactIds: readFacts,
    constraints: leavesOf(w, conditions).length,
    hops,
    proof: proofOf(w, described),
    bridgeNames: bridges,
    reading: { family: 'constraint', target: described, ...(ask ? { asks: ask.label } : {}) },
    signature: `constraint:${w.table.name}:${row.id}:${ask?.label ?? ''}`,
  };
}

/** Up to `want` constraint drafts, each a different (entity, asked attribute). */
export const drawConstraint: Family = (ctx, want) => {
  const out: TaskDraft[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; attempt < want * 25 && out.length < want; attempt++) {
    const d = drawOne(ctx);
    if (!d || seen.has(d.signature)) continue;
    seen.add(d.signature);
    out.push(d);
  }
  return out;
};

/** Reads a constraint question back: the described entity, and the attribute asked (absent: its name). */
export const readConstraint: ReadQuestion = (question, kind) => {
  if (kind !== 'constraint') return null;
  for (const f of ATTRIBUTE_FRAMES)
    for (const m of matchEvery(f.template, question)) {
      const rd = readDescribed(m.x!);
      if (!rd) continue;
      const col = rd.words.columns.find(
        (c) =>
          c.q === m.a &&
          categoriesOf(c).includes(f.category!) &&
          (m.u === undefined || m.u === c.suffix.trim()) &&
          (m.k === undefined || (c.col.type === 'entity' && refWords(rd.words, c).kind === m.k)),
      );
      if (col) return { family: 'constraint', target: rd.described, asks: col.label } satisfies ConstraintReading;
    }
  for (const f of SUBJECT_FRAMES)
    for (const m of matchEvery(f.template, question)) {
      const rd = readDescribed(m.x!);
      if (rd && (f.subject === 'any' || rd.words.person)) return { family: 'constraint', target: rd.described } satisfies ConstraintReading;
    }
  return null;
};
