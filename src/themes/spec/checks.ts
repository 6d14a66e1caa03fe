/**
 * Named invariants a spec lists with its arguments: the checks of src/world/invariants.ts (their
 * messages kept) and the domain-sense checks of spec data (tiers, allowed pairs). Each returns a
 * list of problems.
 */
import { z } from 'zod';
import type { Rows } from '../_define.js';
import * as inv from '../../world/invariants.js';
import { LeagueArgs, positions, STANDING_COLUMNS, standingsFrom } from './derive/league.js';
import type { Gen } from './gen.js';
import { escapeRegExp as esc } from '../../text/regex.js';

/** What a check may read of the spec besides the rows: a table's tiers. */
export interface CheckContext {
  tiers(table: string): { words: string[]; set: Record<string, Gen> }[] | undefined;
}

export interface Check<A = unknown> {
  args: z.ZodType<A>;
  check(rows: Rows, args: A, ctx: CheckContext): string[];
}

const check = <A>(c: Check<A>): Check<A> => c;
const s = z.string();
const t = (rows: Rows, name: string) => rows[name] ?? [];

/** The tier a name draws on: the first tier one of whose words stands in the name as a word (trailing digits aside: "Pro42"). */
export function tierOf<T extends { words: string[] }>(name: string, tiers: T[]): T | undefined {
  return tiers.find((tier) => tier.words.some((w) => new RegExp(`(^|[\\s-])${esc(w)}\\d*($|[\\s-])`).test(name)));
}

/** The band a tier's gen draws in: a range, or the span of a pick of numbers (a tier's price points). */
const bandOf = (g: Gen): [number, number] | null => {
  if (g.kind === 'int' || g.kind === 'real') return g.range;
  if (g.kind === 'pick' && g.values.every((v) => typeof v === 'number')) {
    const vs = g.values as number[];
    return [Math.min(...vs), Math.max(...vs)];
  }
  return null;
};

export const CHECKS: Record<string, Check<never>> = {
  sumEquals: check({
    args: z.object({ parents: s, total: s, children: s, fk: s, part: s }),
    check: (r, a) => inv.checkSumEquals(t(r, a.parents), a.total, t(r, a.children), a.fk, a.part),
  }),
  sumAtMost: check({
    args: z.object({ parents: s, total: s, children: s, fk: s, part: s }),
    check: (r, a) => inv.checkSumAtMost(t(r, a.parents), a.total, t(r, a.children), a.fk, a.part),
  }),
  countEquals: check({
    args: z.object({ parents: s, count: s, children: s, fk: s }),
    check: (r, a) => inv.checkCountEquals(t(r, a.parents), a.count, t(r, a.children), a.fk),
  }),
  ranking: check({
    args: z.object({ table: s, rank: s, by: s, within: s.optional(), ascending: z.boolean().default(false) }),
    check: (r, a) => (a.within ? inv.checkRankingWithin(t(r, a.table), a.within, a.rank, a.by) : inv.checkRanking(t(r, a.table), a.rank, a.by, a.ascending)),
  }),
  sharesAtMost: check({
    args: z.object({ table: s, group: s, share: s, max: z.number().default(100) }),
    check: (r, a) => inv.checkSharesAtMost(t(r, a.table), a.group, a.share, a.max),
  }),
  dateOrder: check({
    args: z.object({ parents: s, parentDate: s, children: s, fk: s, childDate: s }),
    check: (r, a) => inv.checkDateOrder(t(r, a.parents), a.parentDate, t(r, a.children), a.fk, a.childDate),
  }),
  dateNotBefore: check({
    args: z.object({ parents: s, parentDate: s, children: s, fk: s, childDate: s }),
    check: (r, a) => inv.checkDateNotBefore(t(r, a.parents), a.parentDate, t(r, a.children), a.fk, a.childDate),
  }),
  rowDates: check({
    args: z.object({ table: s, columns: z.array(s).min(2) }),
    check: (r, a) => inv.checkRowDates(t(r, a.table), a.columns),
  }),
  atMostParent: check({
    args: z.object({ children: s, fk: s, column: s, parents: s, parentColumn: s }),
    check: (r, a) => inv.checkAtMostParent(t(r, a.children), a.fk, a.column, t(r, a.parents), a.parentColumn),
  }),
  notAbove: check({
    args: z.object({ table: s, column: s, limit: s }),
    check: (r, a) => inv.checkNotAbove(t(r, a.table), a.column, a.limit),
  }),
  percentOf: check({
    args: z.object({ table: s, part: s, whole: s, pct: s, decimals: z.number().int().default(2) }),
    check: (r, a) => inv.checkPercentOf(t(r, a.table), a.part, a.whole, a.pct, a.decimals),
  }),
  percentOfParent: check({
    args: z.object({ parents: s, whole: s, children: s, fk: s, part: s, pct: s, decimals: z.number().int().default(2) }),
    check: (r, a) => inv.checkPercentOfParent(t(r, a.parents), a.whole, t(r, a.children), a.fk, a.part, a.pct, a.decimals),
  }),
  /** A parent's `total` is the mean of its children's `part` to `decimals` places (an annual mean temperature of twelve months). */
  meanEquals: check({
    args: z.object({ parents: s, total: s, children: s, fk: s, part: s, decimals: z.number().int().min(0).default(1) }),
    check(r, a) {
      const parts = new Map<number, number[]>();
      for (const c of t(r, a.children)) if (c[a.part] != null) parts.set(Number(c[a.fk]), [...(parts.get(Number(c[a.fk])) ?? []), Number(c[a.part])]);
      const out: string[] = [];
      for (const p of t(r, a.parents)) {
        const own = parts.get(p.id) ?? [];
        if (p[a.total] == null || own.length === 0) continue;
        const mean = own.reduce((x, y) => x + y, 0) / own.length;
        if (Math.abs(mean - Number(p[a.total])) > 0.5 * 10 ** -a.decimals + 1e-9)
          out.push(`${a.parents} row ${p.id}: ${a.total} ${p[a.total]} is not the mean ${mean.toFixed(a.decimals + 2)} of its ${a.children}' ${a.part}`);
      }
      return out;
    },
  }),
  /** `column` lies within [min, max] wherever it has a value (rainfall is never negative; a month has at most 31 days). */
  inRange: check({
    args: z.object({ table: s, column: s, min: z.number().optional(), max: z.number().optional() }),
    check: (r, a) =>
      t(r, a.table)
        .filter((row) => row[a.column] != null && (Number(row[a.column]) < (a.min ?? -Infinity) || Number(row[a.column]) > (a.max ?? Infinity)))
        .map((row) => `${a.table} row ${row.id}: ${a.column} ${row[a.column]} is outside ${a.min ?? '-∞'}..${a.max ?? '∞'}`),
  }),
  /** The n-th child of each parent (in row order) has `column` at most `limits[n − 1]` (a month's sunshine within its hours of daylight). */
  seriesAtMost: check({
    args: z.object({ table: s, column: s, fk: s, limits: z.array(z.number()).min(1) }),
    check(r, a) {
      const seen = new Map<number, number>();
      const out: string[] = [];
      for (const row of t(r, a.table)) {
        const n = seen.get(Number(row[a.fk])) ?? 0;
        seen.set(Number(row[a.fk]), n + 1);
        const limit = a.limits[n % a.limits.length]!;
        if (row[a.column] != null && Number(row[a.column]) > limit)
          out.push(`${a.table} row ${row.id}: ${a.column} ${row[a.column]} is above the ${limit} its position allows`);
      }
      return out;
    },
  }),
  /** Every row's name carries a word of one of the table's tiers, and its tiered values lie in that tier's band. */
  tierBands: check({
    args: z.object({ table: s, nameColumn: s.default('name') }),
    check(r, a, ctx) {
      const tiers = ctx.tiers(a.table) ?? [];
      const out: string[] = [];
      for (const row of t(r, a.table)) {
        const name = String(row[a.nameColumn]);
        const tier = tierOf(name, tiers);
        if (!tier) {
          out.push(`${a.table} row ${row.id} (${name}) names no tier`);
          continue;
        }
        for (const [col, gen] of Object.entries(tier.set)) {
          const band = bandOf(gen);
          const v = row[col];
          if (!band || v == null) continue;
          if (Number(v) < band[0] || Number(v) > band[1])
            out.push(`${a.table} row ${row.id} (${name}): ${col} ${v} is outside the ${tier.words[0]} band ${band[0]}..${band[1]}`);
        }
      }
      return out;
    },
  }),
  /** `column` takes only the values `allowed` lists for the row's `key` value (an antibody is infused or injected, not swallowed). */
  allowedPairs: check({
    args: z.object({ table: s, key: s, column: s, allowed: z.record(s, z.array(z.union([s, z.number()]))) }),
    check(r, a) {
      const out: string[] = [];
      for (const row of t(r, a.table)) {
        const k = row[a.key];
        const v = row[a.column];
        if (k == null || v == null) continue;
        const ok = a.allowed[String(k)];
        if (!ok?.includes(v)) out.push(`${a.table} row ${row.id}: ${a.column} "${v}" does not go with ${a.key} "${k}"`);
      }
      return out;
    },
  }),
  /** The first child of each parent has a `column` value that `allowed` lists for the parent's `key` (a main payload's purpose fits its launch's orbit). */
  allowedByParent: check({
    args: z.object({ table: s, column: s, fk: s, parents: s, key: s, allowed: z.record(s, z.array(s)) }),
    check(r, a) {
      const parents = new Map(t(r, a.parents).map((p) => [p.id, p]));
      const seen = new Set<number>();
      const out: string[] = [];
      for (const row of t(r, a.table)) {
        const k = Number(row[a.fk]);
        if (seen.has(k)) continue;
        seen.add(k);
        const key = parents.get(k)?.[a.key];
        if (key == null || row[a.column] == null) continue;
        if (!a.allowed[String(key)]?.includes(String(row[a.column])))
          out.push(`${a.table} row ${row.id}: ${a.column} "${row[a.column]}" does not fit ${a.key} "${key}" of ${a.parents} row ${k}`);
      }
      return out;
    },
  }),
  dateAfterAll: check({
    args: z.object({ later: s, laterFk: s, laterDate: s, earlier: s, earlierFk: s, earlierDate: s }),
    check: (r, a) => inv.checkDateAfterAll(t(r, a.later), a.laterFk, a.laterDate, t(r, a.earlier), a.earlierFk, a.earlierDate),
  }),
  /** A district's winner is the party of the candidate with the most votes (the vote rows read through their candidate). */
  argMaxVia: check({
    args: z.object({ parents: s, pointer: s, children: s, fk: s, value: s, keyVia: s, keyTable: s, key: s }),
    check(r, a) {
      const keys = new Map(t(r, a.keyTable).map((k) => [k.id, k[a.key]]));
      const children = t(r, a.children).map((c) => ({ ...c, __key: keys.get(Number(c[a.keyVia])) ?? null }));
      return inv.checkArgMax(t(r, a.parents), a.pointer, children, a.fk, a.value, '__key');
    },
  }),
  topGap: check({
    args: z.object({ parents: s, gap: s, children: s, fk: s, value: s }),
    check: (r, a) => inv.checkTopGap(t(r, a.parents), a.gap, t(r, a.children), a.fk, a.value),
  }),
  sameAsReferenced: check({
    args: z.object({ table: s, column: s, via: s, targets: s, targetColumn: s }),
    check: (r, a) => inv.checkSameAsReferenced(t(r, a.table), a.column, a.via, t(r, a.targets), a.targetColumn),
  }),
  sumVia: check({
    args: z.object({ parents: s, total: s, children: s, childFk: s, mids: s, midFk: s, part: s }),
    check: (r, a) => inv.checkSumVia(t(r, a.parents), a.total, t(r, a.children), a.childFk, t(r, a.mids), a.midFk, a.part),
  }),
  shareOfTotal: check({
    args: z.object({ table: s, part: s, pct: s, decimals: z.number().int().default(2) }),
    check: (r, a) => inv.checkShareOfTotal(t(r, a.table), a.part, a.pct, a.decimals),
  }),
  /** `column` is at most the cap its row's `key` value has (a goalkeeper scores no league goals). */
  atMostBy: check({
    args: z.object({ table: s, column: s, key: s, caps: z.record(s, z.number()) }),
    check: (r, a) =>
      t(r, a.table)
        .filter((row) => row[a.column] != null && a.caps[String(row[a.key])] !== undefined && Number(row[a.column]) > a.caps[String(row[a.key])]!)
        .map((row) => `${a.table} row ${row.id}: ${a.column} ${row[a.column]} is above the ${a.caps[String(row[a.key])]} a ${row[a.key]} may have`),
  }),
  /** Standings folded into clubs agree with the match results; positions follow the tie-break order; appearances fit the matches played. */
  leagueStandings: check({
    args: LeagueArgs.extend({ players: s.optional(), playerClub: s.default('club_id'), appearances: s.default('appearances') }),
    check(r, a) {
      const clubs = t(r, a.clubs);
      const computed = standingsFrom(clubs, t(r, a.matches), a);
      const out: string[] = [];
      for (const c of clubs) {
        const st = computed.get(c.id)!;
        for (const k of STANDING_COLUMNS)
          if (c[k] !== null && Number(c[k]) !== st[k]) out.push(`club ${c.id}: ${k} is ${c[k]} but the match results give ${st[k]}`);
      }
      for (const [c, i] of positions(clubs, computed, a.nameColumn))
        if (c.league_position !== null && Number(c.league_position) !== i)
          out.push(`club ${c.id}: league_position is ${c.league_position} but the table puts it at ${i}`);
      for (const p of a.players ? t(r, a.players) : []) {
        const st = computed.get(Number(p[a.playerClub]));
        if (st && Number(p[a.appearances]) > st.played) out.push(`player ${p.id}: ${p[a.appearances]} appearances but the club played ${st.played} matches`);
      }
      for (const m of t(r, a.matches)) if (m[a.home] === m[a.away]) out.push(`match ${m.id}: a club plays itself`);
      return out;
    },
  }),
} as unknown as Record<string, Check<never>>;
