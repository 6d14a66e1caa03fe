/**
 * Draws a world's rows from a spec: per-world presence of optional attributes, row counts, value
 * distributions (with tiers and real names), then the named derivations in order. Deterministic in
 * the context's rng and name pool.
 */
import { MONTHS, dayFromIso, isoFromDay } from '../../format.js';
import type { Rng } from '../../rng.js';
import type { Cell, Row, Rows, ThemeContext } from '../_define.js';
import { DERIVATIONS } from './derive/index.js';
import type { Gen } from './gen.js';
import { type Column, type Table, type ThemeSpec, type Tier, profileColumns } from './schema.js';
import { roundRobin } from './fixtures.js';
import { fillTemplate } from './template.js';

function weighted<T>(rng: Rng, items: readonly T[], weights?: readonly number[]): T {
  if (!weights) return rng.pick(items);
  let x = rng.real(
    0,
    weights.reduce((a, b) => a + b, 0),
  );
  for (let i = 0; i < items.length; i++) if ((x -= weights[i]!) < 0) return items[i]!;
  return items[items.length - 1]!;
}

/** Facts a row states: its non-null cells other than the id and the name column. */
const cellsOf = (t: Table, r: Row) => Object.entries(r).filter(([k, v]) => k !== 'id' && k !== t.nameColumn && v !== null).length;

/** The order cells are drawn in: references first (names and dates read them), then names, then the rest, then dates after other dates. */
const stage = (g: Gen) =>
  g.kind === 'ref' || g.kind === 'parent' || g.kind === 'index' || g.kind === 'fixture'
    ? 0
    : g.kind === 'name'
      ? 1
      : g.kind === 'dateAfter' || g.kind === 'dateStep'
        ? 3
        : 2;

export function generateRows(spec: ThemeSpec, { rng, names, year, realBrands }: ThemeContext): Rows {
  const yearStart = dayFromIso(`${year}-01-01`);
  const byName = new Map(spec.tables.map((t) => [t.name, t]));
  const present = new Map<string, boolean>();
  for (const t of spec.tables) for (const c of t.columns) if (c.optional !== undefined) present.set(`${t.name}.${c.name}`, rng.chance(c.optional));
  // A named row keeps a profile: when every profile column was drawn absent, the first is kept.
  for (const t of spec.tables) {
    const profile = t.nameColumn ? profileColumns(t) : [];
    if (profile.length && profile.every((c) => present.get(`${t.name}.${c.name}`) === false)) present.set(`${t.name}.${profile[0]!.name}`, true);
  }
  const realPools = new Map(
    spec.tables
      .filter((t) => realBrands && t.realNames)
      .map((t) => [
        t.name,
        rng.shuffle(t.realNames!.map((r) => (typeof r === 'string' ? { name: r } : r)) as { name: string; values?: Record<string, string | number> }[]),
      ]),
  );
  const rows: Rows = Object.fromEntries(spec.tables.map((t) => [t.name, [] as Row[]]));
  /** Rows named after a real brand, with the real values known of it (a sector). */
  const real = new Map<string, Record<string, string | number>>();
  let facts = 0;
  const siblings = new Map<string, Set<Cell>>();
  const pools = new Map<string, string[]>();
  const shifts = new Map<string, number>();

  const display = (table: string, id: number): string => {
    const t = byName.get(table)!;
    const row = rows[table]![id - 1]!;
    return t.nameColumn ? String(row[t.nameColumn]) : fillTemplate(t.subject!, row, t.columns, display, rows[table]);
  };
  const parentTable = (t: Table): string | undefined =>
    t.rows.kind === 'each' ? t.columns.find((c) => c.name === (t.rows as { via: string }).via)?.ref : undefined;

  const genders = new Map<string, 'female' | 'male'>();
  function draw(t: Table, c: Column, gen: Gen, row: Row, ctx: { parent?: number; index: number; tier?: Tier; fixture?: [number, number] }): Cell {
    switch (gen.kind) {
      case 'int': {
        const [a, b] = gen.by?.ranges[String(row[gen.by.column])] ?? gen.byIndex?.[ctx.index - 1] ?? gen.range;
        let v = gen.log ? Math.round(Math.exp(rng.real(Math.log(a), Math.log(b)))) : rng.int(a, b);
        if (gen.step) v = Math.min(Math.floor(b / gen.step), Math.max(Math.ceil(a / gen.step), Math.round(v / gen.step))) * gen.step;
        return v;
      }
      case 'real': {
        const [a, b] = gen.by?.ranges[String(row[gen.by.column])] ?? gen.range;
        return Number(rng.real(a, b).toFixed(c.decimals ?? 2));
      }
      case 'pick': {
        if (!gen.distinct) return weighted(rng, gen.values, gen.weights);
        const key = `${t.name}.${c.name}:${typeof gen.distinct === 'string' ? row[gen.distinct] : ctx.parent}`;
        const used = siblings.get(key) ?? new Set<Cell>();
        siblings.set(key, used);
        const left = gen.values.filter((v) => !used.has(v));
        const v = rng.pick(left.length > 0 ? left : gen.values);
        used.add(v);
        return v;
      }
      case 'pool': {
        const key = `${t.name}.${c.name}`;
        if (!pools.has(key))
          pools.set(
            key,
            Array.from({ length: rng.int(gen.size[0], gen.size[1]) }, () => names.make(gen.model)),
          );
        const pool = pools.get(key)!;
        if (!gen.distinct) return rng.pick(pool);
        // As for pick: no two children of one parent draw the same name while the pool has others.
        const usedKey = `${key}:${ctx.parent}`;
        const used = siblings.get(usedKey) ?? new Set<Cell>();
        siblings.set(usedKey, used);
        const left = pool.filter((v) => !used.has(v));
        const v = rng.pick(left.length > 0 ? left : pool);
        used.add(v);
        return v;
      }
      case 'date': {
        const key = `${t.name}.${c.name}`;
        if (gen.shift && !shifts.has(key)) shifts.set(key, rng.int(gen.shift[0], gen.shift[1]));
        let day = yearStart + (shifts.get(key) ?? 0) + rng.int(gen.days[0], gen.days[1]);
        // Day 0 (1970-01-01) was a Thursday.
        if (gen.weekday !== undefined) while ((day + 4) % 7 !== gen.weekday) day++;
        return isoFromDay(day);
      }
      case 'dateStep': {
        const [a, b] = gen.after.split('.');
        const via = t.columns.find((x) => x.name === a)!;
        const base = dayFromIso(String(rows[via.ref!]![Number(row[a!]) - 1]![b!]));
        return isoFromDay(base + gen.first + gen.step * (ctx.index - 1));
      }
      case 'dateAfter': {
        const fk = t.columns.find((x) => x.gen.kind === 'parent');
        const siblings = fk ? rows[t.name]!.filter((r) => r[fk.name] === row[fk.name]) : [];
        const dateOf = (path: string): Cell | undefined => {
          if (path.startsWith('prev.')) return siblings.at(-1)?.[path.slice(5)];
          if (path.startsWith('kids:')) {
            const [other, col] = path.slice(5).split('.');
            const ot = byName.get(other!)!;
            const ofk = ot.columns.find((x) => x.gen.kind === 'parent')!;
            return rows[other!]!.filter((r) => r[ofk.name] === ctx.parent)
              .map((r) => String(r[col!]))
              .sort()
              .at(-1);
          }
          const [a, b] = path.split('.');
          if (b === undefined) return row[a!];
          const via = t.columns.find((x) => x.name === a)!;
          return rows[via.ref!]![Number(row[a!]) - 1]![b];
        };
        const dates = gen.after.map(dateOf).filter((d): d is string => typeof d === 'string');
        const base = Math.max(...dates.map((d) => dayFromIso(d)));
        const days = gen.byIndex?.[ctx.index - 1] ?? gen.days;
        const hi = gen.until === undefined ? base + days[1] : Math.min(base + days[1], yearStart + gen.until);
        const lo = Math.max(base + days[0], gen.from === undefined ? -Infinity : yearStart + gen.from);
        return isoFromDay(rng.int(lo, Math.max(lo, hi)));
      }
      case 'name': {
        let model = gen.model ?? t.naming ?? { kind: 'company' as const };
        if (t.oneGender && model.kind === 'person') {
          if (!genders.has(t.name)) genders.set(t.name, rng.pick(['female', 'male'] as const));
          model = { ...model, gender: genders.get(t.name)! };
        }
        const pool = realPools.get(t.name);
        const candidate = pool?.pop();
        if (candidate !== undefined && !names.has(candidate.name)) {
          real.set(`${t.name}:${row.id}`, candidate.values ?? {});
          return names.take(() => candidate.name);
        }
        const parentCol = gen.parent ? t.columns.find((x) => x.name === gen.parent) : undefined;
        const parent = parentCol ? display(parentCol.ref!, Number(row[parentCol.name])) : undefined;
        if (model.kind === 'pattern') {
          const words = model.words ?? [''];
          const stem = (parent ?? '').split(' ')[0]!;
          let tries = 0;
          // A name already taken gets a second word: "Zentria Cloud Payments".
          return names.take(() => {
            // "{tier}" is the row's tier word ("{word} {tier}": a book title and its edition).
            const base = model
              .pattern!.replace('{parent}', stem)
              .replace('{word}', rng.pick(words))
              .replace('{tier}', () => rng.pick(ctx.tier?.words ?? ['']));
            return tries++ < 20 ? base : `${base} ${rng.pick(words)}`;
          });
        }
        // A tier's words are the row name's line words (a product) or its suffix (other kinds): "Pro", "Heavy";
        // another name column of the row (a city, a chief executive) is drawn by its own model untouched.
        const tiered =
          ctx.tier && c.name === t.nameColumn
            ? model.kind === 'product'
              ? { ...model, words: ctx.tier.words }
              : { ...model, suffixes: ctx.tier.words }
            : model;
        return names.make(tiered, { parent });
      }
      case 'ref': {
        const n = rows[c.ref!]!.length;
        if (gen.rounds && ctx.index <= gen.rounds * n) return ((ctx.index - 1) % n) + 1;
        if (gen.distinct) {
          const key = `${t.name}.${c.name}:${ctx.parent}`;
          const used = siblings.get(key) ?? new Set<Cell>();
          siblings.set(key, used);
          const left = Array.from({ length: n }, (_, i) => i + 1).filter((v) => !used.has(v));
          const v = rng.pick(left.length > 0 ? left : [rng.int(1, n)]);
          used.add(v);
          return v;
        }
        return gen.spread && ctx.index <= n ? ctx.index : rng.int(1, n);
      }
      case 'parent':
        return ctx.parent!;
      case 'fixture':
        return ctx.fixture![gen.side === 'home' ? 0 : 1];
      case 'roundDate': {
        const key = `${t.name}.${c.name}`;
        if (!shifts.has(key)) {
          let day = yearStart + rng.int(gen.shift[0], gen.shift[1]);
          while ((day + 4) % 7 !== gen.weekday) day++;
          shifts.set(key, day);
        }
        return isoFromDay(shifts.get(key)! + gen.step * (ctx.index - 1) + rng.int(gen.days[0], gen.days[1]));
      }
      case 'index':
        return gen.template
          .replace('{n}', String(ctx.index))
          .replace('{month}', MONTHS[(ctx.index - 1) % 12]!)
          .replace('{year}', String(year));
      case 'copy': {
        const [a, b] = gen.from.split('.');
        const via = t.columns.find((x) => x.name === a)!;
        return rows[via.ref!]![Number(row[a!]) - 1]![b!] ?? null;
      }
      case 'derived':
        return 0;
    }
  }

  function addRow(t: Table, parent?: number, index = rows[t.name]!.length + 1, fixture?: [number, number]): Row {
    const row: Row = { id: rows[t.name]!.length + 1 };
    const tier = t.tiers
      ? weighted(
          rng,
          t.tiers,
          t.tiers.map((x) => x.weight),
        )
      : undefined;
    for (const s of [0, 1, 2, 3])
      for (const c of t.columns) {
        const gen = tier?.set[c.name] ?? c.gen;
        if (stage(gen) !== s) continue;
        const known = real.get(`${t.name}:${row.id}`)?.[c.name];
        const absent =
          present.get(c.presentWith ?? `${t.name}.${c.name}`) === false ||
          (c.realOmit && real.has(`${t.name}:${row.id}`)) ||
          (c.rowChance !== undefined && !rng.chance(c.rowChance));
        row[c.name] = absent ? null : known !== undefined ? known : draw(t, c, gen, row, { parent, index, tier, fixture });
      }
    // A real brand's own attributes drawn before its name was (a reference) are dropped too.
    if (real.has(`${t.name}:${row.id}`)) for (const c of t.columns) if (c.realOmit) row[c.name] = null;
    // Columns in declared order, as the hand-written rows had them.
    const ordered: Row = { id: row.id };
    for (const c of t.columns) ordered[c.name] = row[c.name]!;
    rows[t.name]!.push(ordered);
    facts += cellsOf(t, ordered);
    return ordered;
  }

  const childrenOf = (name: string) => spec.tables.filter((t) => parentTable(t) === name);
  /** Whether a table's rows are drawn with the rows of a filled ancestor. */
  const underFill = (t: Table): boolean => {
    const p = parentTable(t);
    return p !== undefined && (byName.get(p)!.rows.kind === 'fill' || underFill(byName.get(p)!));
  };
  function addChildren(t: Table, parent: Row, withDescendants: boolean): void {
    if (t.rows.kind !== 'each') return;
    const req = t.rows.requires;
    if (req) {
      const fk = byName.get(req.table)!.columns.find((x) => x.gen.kind === 'parent' || x.ref === parentTable(t))!;
      const own = rows[req.table]!.filter((r) => r[fk.name] === parent.id);
      if (own.length < req.atLeast) return;
      const limit = req.before ? isoFromDay(yearStart + req.before.days) : undefined;
      if (limit && own.some((r) => String(r[req.before!.column]) >= limit)) return;
    }
    const k = rng.int(t.rows.range[0], t.rows.range[1]);
    for (let i = 1; i <= k; i++) {
      const child = addRow(t, parent.id, i);
      if (withDescendants) for (const grand of childrenOf(t.name)) addChildren(grand, child, true);
    }
  }

  // Filled tables last: their target counts the facts of every other table.
  const order = [...spec.tables.filter((t) => t.rows.kind !== 'fill'), ...spec.tables.filter((t) => t.rows.kind === 'fill')];
  for (const t of order) {
    const rc = t.rows;
    if (rc.kind === 'count') {
      const n = rng.int(rc.range[0], rc.range[1]);
      for (let i = 0; i < n; i++) addRow(t);
    } else if (rc.kind === 'fill') {
      const target = rng.int(rc.facts[0], rc.facts[1]);
      const least = rc.atLeastPer ? rc.atLeastPer.rows * rows[rc.atLeastPer.table]!.length : 0;
      // …and until every table under it has a row (a pipeline with at least one approval), within a bound.
      const under = spec.tables.filter((x) => underFill(x));
      while (facts < target || rows[t.name]!.length < least || (under.some((x) => rows[x.name]!.length === 0) && rows[t.name]!.length < 200)) {
        const row = addRow(t);
        for (const child of childrenOf(t.name)) addChildren(child, row, true);
      }
    } else if (rc.kind === 'roundRobin') {
      const sides = rng.shuffle(rows[rc.table]!.map((r) => r.id));
      const single = roundRobin(sides.length);
      const legs = sides.length <= rc.doubleUpTo && rng.chance(rc.double) ? 2 : 1;
      const rounds = legs === 2 ? [...single, ...single.map((r) => r.map(([h, a]) => [a, h] as [number, number]))] : single;
      rounds.forEach((pairs, r) => {
        for (const [h, a] of pairs) addRow(t, undefined, r + 1, [sides[h]!, sides[a]!]);
      });
    } else if (!underFill(t)) for (const p of rows[parentTable(t)!]!) addChildren(t, p, false);
  }
  const drng = rng.fork('derive');
  for (const { run, args } of derivationsOf(spec)) run(rows, args as never, { rng: drng, year });
  return rows;
}

/** A spec's derivations with their arguments parsed once (the schema checked them at load), not once per world. */
const derivationCache = new WeakMap<ThemeSpec, { run: (typeof DERIVATIONS)[string]['run']; args: unknown }[]>();
function derivationsOf(spec: ThemeSpec) {
  let list = derivationCache.get(spec);
  if (!list) {
    list = spec.derive.map((d) => ({ run: DERIVATIONS[d.use]!.run, args: DERIVATIONS[d.use]!.args.parse(d.args) }));
    derivationCache.set(spec, list);
  }
  return list;
}
