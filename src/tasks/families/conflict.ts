/**
 * The conflict family (issue 24): ask for a fact that some page states otherwise — a preliminary
 * estimate, a forum post's wrong figure (later corrected on its page), a rounded figure — so a reader who
 * trusts the first statement it finds answers wrong. The answer is the exact value, which some page
 * states exactly. The entity is never named: it is described by conditions on its own row and on the
 * rows it links to (one or two links away), or reached by a link from a row so described (its start);
 * describe.ts draws the conditions, as for the constraint family. Proved by SQL: one row meets every
 * condition, and each leave-one-out admits at least two. Drawn until the certificate's figures make a
 * medium or hard task (several pages, or 4+ conditions through 2+ hops), never one page.
 *
 *   "Once the figures were settled, what was the headcount of the club whose stadium capacity is
 *    between 20,000 and 40,000 spectators and whose league is one whose founding date is before 1960?"
 *   "What is the final annual budget of the operator of the launch vehicle whose …?"
 */
import { mentions } from '../../text.js';
import type { Row } from '../../themes/_define.js';
import { exactValueForms } from '../../world/claims.js';
import type { Document, Fact } from '../../world/types.js';
import { evidenceOf } from '../certificate/certify.js';
import { coverEvidence, provenanceOf, type Provenance } from '../certificate/cover.js';
import { difficultyOf, HARD_CONSTRAINTS } from '../certificate/difficulty.js';
import type { Difficulty } from '../certificate/schema.js';
import { guessableBridge, namesIn } from '../certificate/shortcuts.js';
import { bridgesOf, factsRead, leavesOf, linkFacts, matchRows, proofOf, sharedRowIndex, whereSql } from '../questions/condition-eval.js';
import { renderDescribed } from '../questions/conditions.js';
import { conflictFramesFor, readConflict, renderConflict, type MisleadingForm } from '../questions/conflict.js';
import { refWords, tableWords, type ColumnWords, type TableWords } from '../questions/labels.js';
import { ownConditions, singleOut } from './describe.js';
import { attributeAnswer, linkColumns, oneCell, selectSql } from './draft-parts.js';
import type { Family, FamilyContext, TaskDraft } from './family.js';
import type { Condition, ConflictReading } from './reading.js';

/** Claim forms that state a value other than the final one, the worst first. */
const MISLEADING: readonly MisleadingForm[] = ['erroneous', 'preliminary', 'rounded'];
/** At least this many conditions describe the entity (at most MAX_CONDITIONS). */
export const MIN_CONDITIONS = 2;
export const MAX_CONDITIONS = 6;
/** Draws (each a route and its descriptions) per fact before the next fact is tried. */
const TRIES = 8;
/** Orders of the condition pool tried per draw. */
const ORDERS = 6;
/** Minimal sets of HARD_CONSTRAINTS conditions searched per draw, and the search's bound on nodes. */
const SETS = 4;
const SEARCH_NODES = 4000;
/** A loose condition admits at least this share of the entity's table (the orders take these in turn; 0: every condition). */
const LOOSE = [0.5, 0.35, 0];

const isExactForm = (ctx: FamilyContext, f: Fact, stated: string) => exactValueForms(ctx.theme, f).some((e) => e.toLowerCase() === stated.toLowerCase());

/**
 * Facts of named rows that some passage states in a misleading form (a stated text that is no exact
 * form of the value), with the worst such form, and that some passage also states exactly (or as the
 * correction of a wrong claim): the answer can be found, and a careless reader finds another.
 */
export function misleadingFacts(ctx: FamilyContext): { fact: Fact; form: MisleadingForm }[] {
  const byId = new Map(ctx.fx.facts.map((f) => [f.id, f]));
  const found = new Map<number, MisleadingForm>();
  const exact = new Set<number>();
  for (const d of ctx.documents)
    for (const p of d.passages)
      for (const c of p.claims ?? []) {
        const f = byId.get(c.factId);
        if (!f || !ctx.fx.table(f.sourceTable).nameColumn) continue;
        const form = MISLEADING.find((m) => m === c.form);
        if (!form) {
          if ((c.form === 'exact' || c.form === 'corrected') && isExactForm(ctx, f, c.stated)) exact.add(f.id);
          continue;
        }
        // A claim whose stated text is an exact form of the value misleads no one.
        if (isExactForm(ctx, f, c.stated)) continue;
        const had = found.get(f.id);
        if (had === undefined || MISLEADING.indexOf(form) < MISLEADING.indexOf(had)) found.set(f.id, form);
      }
  return [...found]
    .filter(([id]) => exact.has(id))
    .sort((x, y) => x[0] - y[0])
    .map(([id, form]) => ({ fact: byId.get(id)!, form }));
}

/** The world's provenance and, per fact, the pages (indices in page order) stating it: built once per world. */
const provenances = new WeakMap<readonly Document[], { provenance: Provenance; pagesOf: (id: number) => readonly number[] }>();
function pagesOfWorld(documents: readonly Document[]) {
  let hit = provenances.get(documents);
  if (!hit) {
    const provenance = provenanceOf(documents);
    const pages = new Map<number, number[]>();
    provenance.forEach((p, i) => {
      for (const f of p.facts) (pages.get(f) ?? pages.set(f, []).get(f)!).push(i);
    });
    provenances.set(documents, (hit = { provenance, pagesOf: (id) => pages.get(id) ?? [] }));
  }
  return hit;
}

/** A condition at a depth of the via path (0: the described entity, 1: its linked entity, 2: that one's). */
interface Tagged {
  depth: number;
  cond: Condition;
}

interface Step {
  w: TableWords;
  row: Row;
  link?: ColumnWords;
}

/** The conditions of the chosen items as a description: each level's own conditions, then the via to the next. */
function nest(path: readonly Step[], chosen: readonly Tagged[], depth = 0): Condition[] {
  const own = chosen.filter((t) => t.depth === depth).map((t) => t.cond);
  if (!chosen.some((t) => t.depth > depth)) return own;
  const next = path[depth + 1]!;
  return [...own, { op: 'via', link: path[depth]!.link!.label, target: { kind: next.w.kind, conditions: nest(path, chosen, depth + 1) } }];
}

/** The entity, then up to `links` rows it links to, one after the other (each link drawn at random; never `avoid` from the entity). */
function viaPath(ctx: FamilyContext, w: TableWords, row: Row, links: number, avoid?: ColumnWords): Step[] {
  const at = sharedRowIndex(ctx.rows);
  const path: Step[] = [{ w, row }];
  for (let d = 0; d < links; d++) {
    const here = path[d]!;
    const options = linkColumns(here.w).filter((l) => d > 0 || l.col.name !== avoid?.col.name);
    if (options.length === 0) break;
    const link = ctx.rng.pick(options);
    const target = at(link.col.ref!, Number(here.row[link.col.name]));
    if (!target) break;
    here.link = link;
    path.push({ w: refWords(here.w, link), row: target });
  }
  return path;
}

/**
 * How the question reaches the asked row: described itself (`follow` absent), or through a start row
 * that links to it by `follow` ("the operator of the launch vehicle whose …").
 */
interface Route {
  /** The described entity and the rows its conditions may reach. */
  path: Step[];
  follow?: ColumnWords;
}

/** The routes to draw from: the row itself with up to two links on, or a row linking to it (a named table's row). */
function drawRoute(ctx: FamilyContext, w: TableWords, row: Row): Route | null {
  const { rng, rows } = ctx;
  const starts = ctx.theme.tables
    .filter((t) => t.nameColumn && t.name !== w.table.name)
    .flatMap((t) => {
      const sw = tableWords(ctx.theme, t.name);
      return linkColumns(sw)
        .filter((l) => l.col.ref === w.table.name)
        .flatMap((l) => (rows[t.name] ?? []).filter((r) => Number(r[l.col.name]) === row.id).map((r) => ({ w: sw, row: r, link: l })));
    });
  const own = linkColumns(w).length > 0;
  if (starts.length > 0 && (!own || rng.chance(0.5))) {
    const s = rng.pick(starts);
    return { path: viaPath(ctx, s.w, s.row, rng.int(0, 1), s.link), follow: s.link };
  }
  if (!own) return null;
  const path = viaPath(ctx, w, row, 2);
  return path.length >= 2 ? { path } : null;
}

/** A description of the route's entity: the conditions chosen, and what its evidence comes to. */
interface Description {
  conditions: Condition[];
  hops: number;
  constraints: number;
  hopFactIds: number[];
  constraintFactIds: number[];
  pagesNeeded: number;
  difficulty: Difficulty;
}

const LEVEL: Record<Difficulty, number> = { easy: 0, medium: 1, hard: 2 };

/** Whether `a` beats `b`: harder first, then more pages, then more conditions. */
function better(a: Description, b: Description | null): boolean {
  if (!b) return true;
  const x = [LEVEL[a.difficulty], a.pagesNeeded, a.constraints];
  const y = [LEVEL[b.difficulty], b.pagesNeeded, b.constraints];
  const i = x.findIndex((v, k) => v !== y[k]);
  return i >= 0 && x[i]! > y[i]!;
}

/**
 * The best of a few descriptions of the route's entity (conditions over the path's rows, none on the
 * asked attribute): each a minimal set that singles the entity out (describe.ts singleOut), tried in
 * orders that put first the conditions whose facts no page stating the answer states (so the answer's
 * page does not also describe the entity), the deepest entity's first, and loose conditions before
 * tight ones (so more are needed); every other order uses loose conditions only. Null when none is
 * within bounds.
 */
function describeRoute(ctx: FamilyContext, route: Route, ask: ColumnWords, fact: Fact): Description | null {
  const { rng, rows, fx } = ctx;
  const { path, follow } = route;
  const at = sharedRowIndex(rows);
  const w = path[0]!.w;
  const row = path[0]!.row;
  const pool: Tagged[] = [];
  path.forEach((p, depth) => {
    // A condition on the asked attribute would bound the answer.
    for (const cond of ownConditions(p.w, rows, at, p.row, rng, { allNames: ctx.allNames, ranks: depth > 0 }))
      if (follow || depth > 0 || !('label' in cond) || cond.label !== ask.label) pool.push({ depth, cond });
  });
  const { provenance, pagesOf } = pagesOfWorld(ctx.documents);
  const answerPages = new Set(pagesOf(fact.id));
  const apart = new Map(
    pool.map((t) => {
      const facts = factsRead(path[t.depth]!.w, fx, at, path[t.depth]!.row, [t.cond]);
      return [t, facts.length > 0 && facts.every((id) => !pagesOf(id).some((p) => answerPages.has(p)))];
    }),
  );
  const ids = new Map<Tagged, ReadonlySet<number>>(pool.map((t) => [t, new Set(matchRows(w, rows, nest(path, [t]), at).map((r) => r.id))]));
  const matched = new Map(pool.map((t) => [t, ids.get(t)!.size]));
  const n = (rows[w.table.name] ?? []).length;
  const first = (t: Tagged) => (apart.get(t) ? 2 : 0) + (t.depth === path.length - 1 ? 1 : 0);
  const followFact = follow ? [fx.cell(w.table.name, row.id, follow.col.name)!.id] : [];
  const evaluate = (chosen: Tagged[]): Description | null => {
    // Hops: the links the description follows; a start followed on to the asked row counts one for
    // being found (as a chain's described start does) and one for the link followed.
    const depth = Math.max(...chosen.map((t) => t.depth));
    const hops = follow ? Math.max(1, depth) + 1 : depth;
    if (hops === 0) return null;
    const conditions = nest(path, chosen);
    if (matchRows(w, rows, conditions, at).length !== 1) return null;
    const hopFactIds = [...followFact, ...linkFacts(w, fx, at, row, conditions)];
    const constraintFactIds = factsRead(w, fx, at, row, conditions);
    const cover = coverEvidence(provenance, evidenceOf({ answerFactIds: [fact.id], hopFactIds, constraintFactIds }));
    if (cover.unstated.length > 0) return null;
    const constraints = leavesOf(w, conditions).length;
    const figures = { pagesNeeded: cover.pages.length, hops, constraints, width: 1 };
    return { conditions, hops, constraints, hopFactIds, constraintFactIds, pagesNeeded: figures.pagesNeeded, difficulty: difficultyOf(figures) };
  };
  const keyOf = (t: Tagged) => `${t.depth}:${t.cond.op === 'via' ? t.cond.link : t.cond.label}`;
  let best: Description | null = null;
  const consider = (chosen: Tagged[] | null) => {
    if (!chosen || chosen.length < MIN_CONDITIONS || chosen.length > MAX_CONDITIONS) return;
    const d = evaluate(chosen);
    if (d && better(d, best)) best = d;
  };
  for (let tries = 0; tries < ORDERS; tries++) {
    const loose = new Map(pool.map((t) => [t, matched.get(t)! * rng.real(0.4, 1.6)]));
    const byLoose = (xs: Tagged[]) => xs.sort((a, b) => loose.get(b)! - loose.get(a)!);
    const share = LOOSE[tries % LOOSE.length]!;
    const tried = pool.filter((t) => matched.get(t)! >= share * n);
    const seen = new Set<string>();
    const ordered = byLoose([...tried])
      .sort((a, b) => first(b) - first(a))
      // One condition per attribute (the first-ordered form of it).
      .filter((t) => !seen.has(keyOf(t)) && (seen.add(keyOf(t)), true));
    consider(
      singleOut(
        w,
        rows,
        at,
        ordered,
        (c) => nest(path, c),
        rng,
        (c) => byLoose([...c]).reverse(),
        ids,
      ),
    );
  }
  // Greedy sets are small: when none came out hard, search for minimal sets of HARD_CONSTRAINTS or more.
  if ((best as Description | null)?.difficulty !== 'hard') {
    for (const chosen of minimalSets(rng.shuffle([...pool]), ids, row.id, keyOf, HARD_CONSTRAINTS, SETS)) consider(chosen);
  }
  return best;
}

/**
 * Up to `limit` sets of `size` items (distinct keys) whose row sets meet in `target` alone while
 * every leave-one-out keeps at least two rows: a depth-first search in the items' order, each item
 * taken only when it narrows the rows, within a bound on the nodes visited. (A via's conditions meet
 * in one linked row, so a set's rows are the intersection of its items' rows.)
 */
function minimalSets<T>(
  items: readonly T[],
  rowsOf: ReadonlyMap<T, ReadonlySet<number>>,
  target: number,
  keyOf: (t: T) => string,
  size: number,
  limit: number,
): T[][] {
  const out: T[][] = [];
  let nodes = 0;
  const usable = items.filter((t) => rowsOf.get(t)!.has(target) && rowsOf.get(t)!.size > 1);
  const keys = new Map(usable.map((t) => [t, keyOf(t)]));
  const meet = (xs: readonly T[]) =>
    xs.reduce<number[] | null>((acc, t) => (acc ? acc.filter((id) => rowsOf.get(t)!.has(id)) : [...rowsOf.get(t)!]), null) ?? [];
  const visit = (from: number, chosen: T[], left: number[]): void => {
    if (out.length >= limit || ++nodes > SEARCH_NODES) return;
    if (chosen.length === size) {
      if (left.length === 1 && chosen.every((_, i) => meet(chosen.filter((__, k) => k !== i)).length >= 2)) out.push([...chosen]);
      return;
    }
    if (left.length === 1) return;
    for (let i = from; i < usable.length; i++) {
      const t = usable[i]!;
      if (chosen.some((c) => keys.get(c) === keys.get(t))) continue;
      const next = left.filter((id) => rowsOf.get(t)!.has(id));
      if (next.length === left.length) continue;
      chosen.push(t);
      visit(i + 1, chosen, next);
      chosen.pop();
    }
  };
  visit(0, [], [...new Set(items.flatMap((t) => [...rowsOf.get(t)!]))]);
  return out;
}

/** A draft asking the fact through a drawn route; null when this draw finds no description worth asking. */
function drawOne(ctx: FamilyContext, fact: Fact, form: MisleadingForm): TaskDraft | null {
  const { rng, rows, fx } = ctx;
  const at = sharedRowIndex(rows);
  const aw = tableWords(ctx.theme, fact.sourceTable);
  const ask = aw.columns.find((c) => c.col.name === fact.sourceColumn);
  const row = at(aw.table.name, fact.sourceRowid);
  if (!ask || !row) return null;
  const route = drawRoute(ctx, aw, row);
  if (!route) return null;
  const d = describeRoute(ctx, route, ask, fact);
  // The evidence spans pages: the draw aims at a medium or hard task, never one page.
  if (!d || d.pagesNeeded < 2 || d.difficulty === 'easy') return null;
  const { conditions, hops, constraints, hopFactIds, constraintFactIds } = d;
  const { w, row: start } = route.path[0]!;
  const described = { kind: w.kind, conditions };
  const frames = conflictFramesFor(ask, form);
  if (frames.length === 0) return null;
  const f = rng.pick(frames);
  const x = renderDescribed(w, described);
  const question = renderConflict(f, ask, route.follow ? `${route.follow.q} of the ${x}` : x);
  const parts = attributeAnswer(fx, ask, row);
  const bridges = [...(route.follow ? [fact.subject] : []), ...bridgesOf(w, at, start, conditions).map((b) => fx.name(b.words.table.name, b.row.id))];
  const startName = fx.name(w.table.name, start.id);
  if ([fact.subject, startName, parts.answerText, ...bridges].some((n) => mentions(question, n))) return null;
  // A bridge sharing a word with the start's name ("Nalatumab-80" → "Nalatumab") is guessable: the certificate would refuse it.
  if (guessableBridge(bridges, hopFactIds.length > 0 ? startName : undefined, namesIn(question, ctx.allNames))) return null;
  const reading: ConflictReading = { family: 'conflict', of: described, links: route.follow ? [route.follow.label] : [], asks: ask.label };
  if (JSON.stringify(readConflict(question)) !== JSON.stringify(reading)) return null;
  const answerFactIds = [fact.id];
  const select = route.follow
    ? `SELECT ${selectSql(aw, ask, 'a0')} FROM ${w.table.name} t0 JOIN ${aw.table.name} a0 ON a0.id = t0.${route.follow.col.name}`
    : `SELECT ${selectSql(aw, ask, 't0')} FROM ${w.table.name} t0`;
  return {
    kind: 'conflict',
    question,
    ...oneCell(parts),
    aliases: [],
    answerFactIds,
    hopFactIds,
    sql: `${select} WHERE ${whereSql(w, conditions)}`,
    constraintFactIds,
    constraints,
    hops,
    proof: proofOf(w, described),
    bridgeNames: bridges,
    reading,
    frame: `conflict.${f.id}`,
    signature: `conflict:${fact.id}`,
  };
}

/** Up to `want` conflict drafts, each asking a different misleadingly stated fact. */
export const drawConflict: Family = (ctx, want) => {
  const out: TaskDraft[] = [];
  for (const { fact, form } of ctx.rng.shuffle(misleadingFacts(ctx))) {
    if (out.length >= want) break;
    for (let t = 0; t < TRIES; t++) {
      const d = drawOne(ctx, fact, form);
      if (d) {
        out.push(d);
        break;
      }
    }
  }
  return out;
};
