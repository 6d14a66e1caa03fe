import { describe, expect, it } from 'vitest';
import type { Condition, Described } from '../../../src/tasks/families/reading.js';
import { countSql, indexRows, matchRows } from '../../../src/tasks/questions/condition-eval.js';
import { readClauses, readDescribed, renderClauses, renderDescribed } from '../../../src/tasks/questions/conditions.js';
import { allTableWords, refWords, tableWords } from '../../../src/tasks/questions/labels.js';
import { readDate, readNumber, roundBounds, writeNumber } from '../../../src/tasks/questions/values.js';
import { listThemes } from '../../../src/themes/registry.js';
import { contextOf, themeDb, world } from '../families/_worlds.js';
import { ownConditions } from '../../../src/tasks/families/describe.js';
import { Rng } from '../../../src/rng.js';

/** One world of each theme (seed 11, indexes 0–7 take the themes in turn). */
const WORLDS = listThemes().map((_, i) => world(11, i));

describe('values', () => {
  it('writes numbers as a person would and reads them back', () => {
    const w = tableWords(WORLDS[0]!.theme, 'models');
    const price = w.columns.find((c) => c.label === 'launch price')!;
    const battery = w.columns.find((c) => c.col.name === 'battery_mah')!;
    expect(writeNumber(400, price)).toBe('$400');
    expect(writeNumber(1_500_000_000, price)).toBe('$1.5 billion');
    expect(writeNumber(4000, battery)).toBe('4,000 mAh');
    for (const n of [400, 1250, 1_500_000_000, 7_250_000, 12.5]) expect(readNumber(writeNumber(n, price), price)).toBe(n);
    expect(readNumber('Korsvik', price)).toBeNull();
  });
  it('reads years, months and days as the days they cover', () => {
    expect(readDate('2031')).toEqual({ lo: '2031-01-01', hi: '2031-12-31' });
    expect(readDate('February 2032')).toEqual({ lo: '2032-02-01', hi: '2032-02-29' });
    expect(readDate('March 4, 2031')).toEqual({ lo: '2031-03-04', hi: '2031-03-04' });
    expect(readDate('Smarch 2031')).toBeNull();
  });
  it('draws round bounds that bracket the value strictly', () => {
    const rng = new Rng('bounds');
    for (let i = 0; i < 500; i++) {
      const v = Math.round(rng.real(1, 5e9));
      const b = roundBounds(v, rng.pick([0.08, 0.25, 0.6]), rng.chance(0.5) ? 1 : 2, 0);
      if (!b) continue;
      expect(b.lo).toBeLessThan(v);
      expect(b.hi).toBeGreaterThan(v);
      // Round: at most three significant digits (2.5 × 10^k steps) in each bound.
      for (const x of [b.lo, b.hi]) expect(Number(x.toPrecision(3))).toBe(x);
    }
  });
  it('bounds a value written without decimals by whole numbers, and one with decimals by fractions where small', () => {
    const rng = new Rng('small bounds');
    let fractions = 0;
    for (let i = 0; i < 500; i++) {
      const v = rng.int(2, 40);
      const width = rng.pick([0.08, 0.15, 0.25, 0.4, 0.6]);
      const whole = roundBounds(v, width, rng.chance(0.5) ? 1 : 2, 0);
      if (whole) {
        expect(Number.isInteger(whole.lo) && Number.isInteger(whole.hi)).toBe(true);
        expect(whole.lo).toBeLessThan(v);
        expect(whole.hi).toBeGreaterThan(v);
      }
      const one = roundBounds(v + 0.3, width, 1, 1);
      if (one && !Number.isInteger(one.lo)) fractions++;
    }
    // The rule is for whole numbers only: a figure written to one decimal may still be bounded by 2.5 or 0.5.
    expect(fractions).toBeGreaterThan(0);
    // The case that read badly: ten goals, a quarter of it as the step.
    expect(roundBounds(10, 0.25, 2, 0)).toEqual({ lo: 5, hi: 15 });
  });
});

describe('conditions', () => {
  it('every condition a world offers renders into clauses that read back to it, alone and nested', () => {
    let tried = 0;
    for (const data of WORLDS) {
      const ctx = contextOf(data, 'conditions');
      const at = indexRows(data.rows);
      for (const t of data.theme.tables) {
        const w = tableWords(data.theme, t.name);
        for (const row of ctx.rng.sample(data.rows[t.name] ?? [], 3)) {
          const conds = ownConditions(w, data.rows, at, row, ctx.rng, { allNames: ctx.allNames, ranks: true });
          for (const c of conds) {
            tried++;
            expect(readClauses(w, renderClauses(w, [c])), renderClauses(w, [c])).toEqual([c]);
          }
          if (conds.length >= 2) {
            const two = conds.slice(0, 3);
            expect(readClauses(w, renderClauses(w, two))).toEqual(two);
          }
          // Through a link: "whose maker is a brand whose …", last in the list.
          for (const link of w.columns.filter((c) => c.col.type === 'entity')) {
            const rw = refWords(w, link);
            const target = at(rw.table.name, Number(row[link.col.name]));
            if (!target) continue;
            const inner = ownConditions(rw, data.rows, at, target, ctx.rng, { allNames: ctx.allNames, ranks: true }).slice(0, 2);
            if (inner.length === 0) continue;
            const via: Condition[] = [...conds.slice(0, 2), { op: 'via', link: link.label, target: { kind: rw.kind, conditions: inner } }];
            const d: Described = { kind: w.kind, conditions: via };
            const text = renderDescribed(w, d);
            expect(readDescribed(text)?.described, text).toEqual(d);
            expect(readDescribed(text)?.words.table.name).toBe(t.name);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(300);
  });

  it('no range of a percentage reaches past 100% (every row of every table with a share)', () => {
    let ranges = 0;
    for (const data of WORLDS) {
      const ctx = contextOf(data, 'percent');
      const at = indexRows(data.rows);
      for (const t of data.theme.tables) {
        const w = tableWords(data.theme, t.name);
        const shares = w.columns.filter((c) => c.col.unit === 'percent');
        if (shares.length === 0) continue;
        for (const row of data.rows[t.name] ?? [])
          for (const c of ownConditions(w, data.rows, at, row, ctx.rng, { allNames: ctx.allNames, ranks: false })) {
            if (c.op !== 'between') continue;
            const col = shares.find((x) => x.label === c.label);
            if (!col) continue;
            ranges++;
            expect(readNumber(c.hi, col), renderClauses(w, [c])).toBeLessThanOrEqual(100);
          }
      }
    }
    expect(ranges).toBeGreaterThan(20);
  });

  it('refuses a via that is not last, and text that is no clause', () => {
    const w = tableWords(WORLDS[0]!.theme, 'models');
    const via: Condition = { op: 'via', link: 'brand', target: { kind: 'brand', conditions: [{ op: 'is', label: 'headquarters city', value: 'Korsvik' }] } };
    expect(() => renderClauses(w, [via, { op: 'between', label: 'launch price', lo: '$400', hi: '$600' }])).toThrow(/via/);
    expect(readClauses(w, 'whose colour is blue')).toBeNull();
    expect(readClauses(w, 'whose launch price is between cheap and dear')).toBeNull();
  });

  it('what a description matches in JS is what its SQL counts, over a world of every theme', () => {
    for (const data of WORLDS) {
      const ctx = contextOf(data, 'sql');
      const at = indexRows(data.rows);
      const db = themeDb(data);
      for (const t of data.theme.tables) {
        const w = tableWords(data.theme, t.name);
        for (const row of ctx.rng.sample(data.rows[t.name] ?? [], 4)) {
          const conds = ownConditions(w, data.rows, at, row, ctx.rng, { allNames: ctx.allNames, ranks: true });
          for (const c of conds) {
            const js = matchRows(w, data.rows, [c], at).length;
            const sql = (
              db
                .prepare(countSql(w, [c]))
                .raw(true)
                .get() as number[]
            )[0];
            expect(sql, renderClauses(w, [c])).toBe(js);
            expect(js).toBeGreaterThanOrEqual(1);
          }
        }
      }
      db.close();
    }
  });

  it('entity nouns and attribute words are distinct where a reader needs them to be', () => {
    // Kind nouns: a reader finds the table from the noun alone.
    const kinds = allTableWords().map((w) => `${w.kind}`);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const w of allTableWords()) {
      const qs = w.columns.map((c) => c.q);
      expect(new Set(qs).size, `${w.theme.id}.${w.table.name}`).toBe(qs.length);
      // No unit glued into a question's attribute words.
      for (const c of w.columns)
        expect(c.q, `${w.theme.id}.${w.table.name}.${c.col.name}`).not.toMatch(
          /\b(usd|in (kg|mah|metres|inches|years|degrees|minutes|centimetres|square kilometres))\b/i,
        );
    }
  });
});
