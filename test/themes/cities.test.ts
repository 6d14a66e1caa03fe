import { describe, it, expect } from 'vitest';
import { copyRows, describeTheme, sampleWorlds } from './_theme-suite.js';

const worlds = sampleWorlds('cities');
const theme = describeTheme('cities', worlds);
const n = (v: unknown) => Number(v);

describe('cities: the statistics', () => {
  it('sums districts to city populations (and areas) and budget lines to city budgets', () => {
    for (const w of worlds()) {
      const { cities, districts, budget_lines: budget } = w.rows;
      for (const c of cities!) {
        const own = districts!.filter((d) => d.city_id === c.id);
        expect(own.length).toBeGreaterThanOrEqual(3);
        expect(own.reduce((s, d) => s + n(d.population), 0)).toBe(n(c.population));
        if (c.area_km2 != null) expect(own.reduce((s, d) => s + Math.round(n(d.area_km2) * 10), 0)).toBe(Math.round(n(c.area_km2) * 10));
        const lines = budget!.filter((b) => b.city_id === c.id);
        expect(new Set(lines.map((b) => b.department)).size).toBe(lines.length);
        if (c.total_budget_usd != null) expect(lines.reduce((s, b) => s + n(b.amount_usd), 0)).toBe(n(c.total_budget_usd));
      }
      expect(new Set(cities!.map((c) => c.mayor_id)).size).toBe(cities!.length);
    }
  });

  it('orders dates: mayors born before taking office before the term ends; districts after incorporation', () => {
    for (const w of worlds()) {
      for (const m of w.rows.mayors!) {
        expect(String(m.birth_date) < String(m.took_office)).toBe(true);
        if (m.term_ends != null) expect(String(m.took_office) < String(m.term_ends)).toBe(true);
        const year = Number(w.meta.reference_date.slice(0, 4)) - 1;
        expect(Number(String(m.took_office).slice(0, 4))).toBeGreaterThanOrEqual(year - 4);
      }
      for (const d of w.rows.districts!.filter((x) => x.established != null))
        expect(String(w.rows.cities![n(d.city_id) - 1]!.incorporated) < String(d.established)).toBe(true);
    }
  });

  it('invariants catch a district population change, a budget line change, an area change and a dating error', () => {
    const rows = worlds().find((w) => w.rows.cities![0]!.area_km2 != null)!.rows;
    const broken = [
      (r: typeof rows) => {
        r.districts![0]!.population = n(r.districts![0]!.population) + 1;
      },
      (r: typeof rows) => {
        r.budget_lines![0]!.amount_usd = n(r.budget_lines![0]!.amount_usd) + 1000;
      },
      (r: typeof rows) => {
        r.districts![0]!.area_km2 = n(r.districts![0]!.area_km2) + 0.1;
      },
      (r: typeof rows) => {
        const m = r.mayors![0]!;
        [m.birth_date, m.took_office] = [m.took_office!, m.birth_date!];
      },
      (r: typeof rows) => {
        const d = r.districts![0]!;
        d.established = r.cities![n(d.city_id) - 1]!.incorporated!;
      },
      (r: typeof rows) => {
        const d = r.districts![0]!;
        d.households = n(d.population) + 1;
      },
    ];
    for (const breakIt of broken) {
      const copy = copyRows(rows);
      breakIt(copy);
      expect(theme.invariants(copy).length).toBeGreaterThan(0);
    }
  });
});
