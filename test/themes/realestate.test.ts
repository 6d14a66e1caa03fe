import { describe, it, expect } from 'vitest';
import { copyRows, describeTheme, expectDatesWithin, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('realestate');
const theme = describeTheme('realestate', worlds);
const n = (v: unknown) => Number(v);

describe('realestate: developers, estate agencies, developments and quarterly unit sales', () => {
  it('sums quarters to each development and developments to each developer and agency, counts schemes and ranks developments by homes sold', () => {
    for (const w of worlds()) {
      const { developers, agencies, developments, quarterly_sales: quarters } = w.rows;
      for (const d of developments!) {
        const own = quarters!.filter((q) => q.development_id === d.id);
        expect(own.map((q) => q.quarter)).toEqual([1, 2, 3, 4].map((k) => `Q${k} ${Number(w.meta.reference_date.slice(0, 4)) - 1}`));
        expect(own.reduce((s, q) => s + n(q.units_sold), 0)).toBe(n(d.annual_units_sold));
        expect(n(d.annual_units_sold)).toBeLessThanOrEqual(n(d.total_units));
        // Sales value = homes sold × price per square metre × 58–96 square metres a home, rounded to the thousand.
        for (const q of own) {
          expect(n(q.units_sold)).toBeGreaterThan(0);
          if (q.enquiries != null) expect(n(q.units_sold)).toBeLessThanOrEqual(n(q.enquiries));
          if (q.sales_value_usd != null) {
            const m2 = n(q.sales_value_usd) / (n(q.units_sold) * n(d.price_per_m2_usd));
            expect(m2 > 56 && m2 < 98, `${d.name} ${q.quarter}: ${m2} m² a home`).toBe(true);
          }
          if (q.overseas_buyer_pct != null) expect(n(q.overseas_buyer_pct) > 0 && n(q.overseas_buyer_pct) <= 100).toBe(true);
        }
        if (own.some((q) => q.sales_value_usd != null)) expect(own.reduce((s, q) => s + n(q.sales_value_usd), 0)).toBe(n(d.annual_sales_usd));
        if (d.affordable_units != null) expect(n(d.affordable_units)).toBeLessThanOrEqual(n(d.total_units));
        expect(String(d.completion_date) > String(d.construction_start)).toBe(true);
      }
      for (const g of developers!) {
        const own = developments!.filter((d) => d.developer_id === g.id);
        expect(own.length).toBeGreaterThan(0);
        if (g.development_count != null) expect(n(g.development_count)).toBe(own.length);
        if (g.pipeline_units != null) expect(n(g.pipeline_units)).toBe(own.reduce((s, d) => s + n(d.total_units), 0));
        expect(n(g.units_sold)).toBe(own.reduce((s, d) => s + n(d.annual_units_sold), 0));
        if (g.sales_revenue_usd != null) expect(n(g.sales_revenue_usd)).toBe(own.reduce((s, d) => s + n(d.annual_sales_usd), 0));
        if (g.founded != null) for (const d of own) expect(String(d.construction_start) > String(g.founded)).toBe(true);
      }
      for (const a of agencies!) {
        const own = developments!.filter((d) => d.agency_id === a.id);
        if (a.listing_count != null) expect(n(a.listing_count)).toBe(own.length);
        if (a.units_sold != null) expect(n(a.units_sold)).toBe(own.reduce((s, d) => s + n(d.annual_units_sold), 0));
        if (a.commission_pct != null) expect(n(a.commission_pct) > 0 && n(a.commission_pct) < 3).toBe(true);
      }
      if (developments![0]!.sales_rank != null) {
        const byRank = developments!.slice().sort((a, b) => n(a.sales_rank) - n(b.sales_rank));
        expect(byRank.map((d) => n(d.sales_rank))).toEqual(byRank.map((_, i) => i + 1));
        for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]!.annual_units_sold)).toBeGreaterThanOrEqual(n(byRank[i]!.annual_units_sold));
      }
    }
  });

  it('makes a Grand Tower taller, larger and dearer per square metre than a Mews, and a Heights taller than a Court', () => {
    const all = worlds().flatMap((w) => w.rows.developments!);
    const of = (words: string[], col: string) => all.filter((d) => d[col] != null && words.some((x) => String(d.name).endsWith(x))).map((d) => n(d[col]));
    const tower = ['Grand Tower', 'Sky Tower'];
    const low = ['Garden Residences', 'Mews', 'Gardens'];
    const mid = ['Court', 'Lofts', 'Place'];
    const high = ['Heights', 'Point', 'Quay'];
    for (const col of ['floors', 'total_units', 'price_per_m2_usd']) {
      for (const [hiWords, loWords] of [
        [tower, high],
        [high, mid],
        [mid, low],
      ] as const) {
        const hi = of(hiWords, col);
        const lo = of(loWords, col);
        expect(hi.length, col).toBeGreaterThan(0);
        expect(lo.length, col).toBeGreaterThan(0);
        expect(Math.min(...hi), col).toBeGreaterThan(Math.max(...lo));
      }
    }
    // Every development is named after one tier word.
    for (const d of all) expect([...tower, ...low, ...mid, ...high].some((x) => String(d.name).endsWith(` ${x}`))).toBe(true);
    // Building work began in the five years before the world year; completion comes no earlier than a year before it.
    expectDatesWithin(worlds(), 'developments', 'construction_start', (y) => [`${y - 6}-12-01`, `${y - 1}-11-15`]);
    expectDatesWithin(worlds(), 'developments', 'completion_date', (y) => [`${y - 1}-01-01`, `${y + 6}-12-31`]);
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch a changed quarter, a swapped rank, an overfull share, a mis-sized Mews, a scheme begun before its developer, a wrong count and a wrong developer total', () => {
    const rows = worlds().find(
      (w) => w.rows.developers!.every((g) => g.founded != null && g.development_count != null) && w.rows.developments![0]!.sales_rank != null,
    )?.rows;
    expect(rows).toBeDefined();
    type R = NonNullable<typeof rows>;
    const broken = [
      (r: R) => {
        r.quarterly_sales![0]!.units_sold = n(r.quarterly_sales![0]!.units_sold) + 10;
      },
      (r: R) => {
        const a = r.developments![0]!;
        const b = r.developments!.find((d) => d.annual_units_sold !== a.annual_units_sold)!;
        [a.sales_rank, b.sales_rank] = [b.sales_rank!, a.sales_rank!];
      },
      (r: R) => {
        r.quarterly_sales![0]!.overseas_buyer_pct = 104;
      },
      (r: R) => {
        r.developments![0]!.affordable_units = n(r.developments![0]!.total_units) + 1;
      },
      (r: R) => {
        r.developments![0]!.name = `${String(r.developments![0]!.name).split(' ')[0]} Mews`;
        r.developments![0]!.floors = 60;
      },
      (r: R) => {
        const d = r.developments![0]!;
        d.construction_start = r.developers![n(d.developer_id) - 1]!.founded!;
      },
      (r: R) => {
        r.developers![0]!.development_count = n(r.developers![0]!.development_count) + 1;
      },
      (r: R) => {
        r.developers![0]!.units_sold = n(r.developers![0]!.units_sold) + 1;
      },
    ];
    for (const breakIt of broken) {
      const copy = copyRows(rows!);
      breakIt(copy);
      expect(theme.invariants(copy).length).toBeGreaterThan(0);
    }
  });
});
