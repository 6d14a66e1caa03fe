import { describe, it, expect } from 'vitest';
import { copyRows, describeTheme, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('restaurants');
const theme = describeTheme('restaurants', worlds);
const n = (v: unknown) => Number(v);

describe('restaurants: groups, restaurants, head chefs and quarterly covers', () => {
  it('sums quarters to each restaurant and restaurants to each group, and ranks restaurants by covers', () => {
    for (const w of worlds()) {
      const { restaurant_groups: groups, restaurants, quarterly_covers: quarters, head_chefs: chefs } = w.rows;
      for (const r of restaurants!) {
        const own = quarters!.filter((q) => q.restaurant_id === r.id);
        expect(own.map((q) => q.quarter)).toEqual([1, 2, 3, 4].map((k) => `Q${k} ${Number(w.meta.reference_date.slice(0, 4)) - 1}`));
        expect(own.reduce((s, q) => s + n(q.covers), 0)).toBe(n(r.annual_covers));
        // Covers = seats × 46–173 a quarter (91 days at 0.5–1.9 sittings); revenue = covers × the average bill, give or take 12%.
        for (const q of own) {
          expect(n(q.covers) >= n(r.seats) * 46 - 1 && n(q.covers) <= n(r.seats) * 173 + 1).toBe(true);
          if (r.avg_bill_usd == null) expect(q.revenue_usd).toBeNull();
          else {
            const perCover = n(q.revenue_usd) / (n(q.covers) * n(r.avg_bill_usd));
            expect(perCover > 0.87 && perCover < 1.13).toBe(true);
          }
        }
        if (r.avg_bill_usd != null) expect(own.reduce((s, q) => s + n(q.revenue_usd), 0)).toBe(n(r.annual_revenue_usd));
        expect(chefs!.filter((c) => c.restaurant_id === r.id)).toHaveLength(1);
      }
      for (const g of groups!) {
        const own = restaurants!.filter((r) => r.group_id === g.id);
        if (g.restaurant_count != null) expect(n(g.restaurant_count)).toBe(own.length);
        expect(own.reduce((s, r) => s + n(r.annual_covers), 0)).toBe(n(g.total_covers));
        if (g.revenue_usd != null) expect(own.reduce((s, r) => s + n(r.annual_revenue_usd), 0)).toBe(n(g.revenue_usd));
      }
      const byRank = restaurants!.slice().sort((a, b) => n(a.covers_rank) - n(b.covers_rank));
      expect(byRank.map((r) => n(r.covers_rank))).toEqual(byRank.map((_, i) => i + 1));
      for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]!.annual_covers)).toBeGreaterThanOrEqual(n(byRank[i]!.annual_covers));
    }
  });

  it('prices a Dining Room above a Canteen, keeps guide scores and shares within 0..100', () => {
    const all = worlds().flatMap((w) => w.rows.restaurants!);
    const bill = (words: string[]) => all.filter((r) => r.avg_bill_usd != null && words.some((x) => String(r.name).includes(x))).map((r) => n(r.avg_bill_usd));
    const fine = bill(['Dining Room', 'Atelier', 'Salon']);
    const cheap = bill(['Canteen', 'Diner', 'Eatery']);
    expect(fine.length).toBeGreaterThan(0);
    expect(cheap.length).toBeGreaterThan(0);
    expect(Math.min(...fine)).toBeGreaterThan(Math.max(...cheap));
    for (const r of all) if (r.guide_score != null) expect(n(r.guide_score) >= 0 && n(r.guide_score) <= 100).toBe(true);
    for (const w of worlds())
      for (const q of w.rows.quarterly_covers!)
        for (const c of ['online_booking_pct', 'no_show_pct']) if (q[c] != null) expect(n(q[c]) > 0 && n(q[c]) <= 100).toBe(true);
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch a changed quarter, a swapped rank, an overfull share, a mispriced Canteen, a restaurant older than its group and a wrong group total', () => {
    const rows = worlds().find((w) => w.rows.restaurant_groups!.every((g) => g.founded != null) && w.rows.restaurants![0]!.avg_bill_usd != null)?.rows;
    expect(rows).toBeDefined();
    const broken = [
      (r: NonNullable<typeof rows>) => {
        r.quarterly_covers![0]!.covers = n(r.quarterly_covers![0]!.covers) + 10;
      },
      (r: NonNullable<typeof rows>) => {
        const [a, b] = r.restaurants!;
        [a!.covers_rank, b!.covers_rank] = [b!.covers_rank!, a!.covers_rank!];
      },
      (r: NonNullable<typeof rows>) => {
        r.restaurants![0]!.guide_score = 104;
      },
      (r: NonNullable<typeof rows>) => {
        r.restaurants![0]!.name = `${String(r.restaurants![0]!.name).split(' ')[0]} Canteen`;
        r.restaurants![0]!.avg_bill_usd = 400;
      },
      (r: NonNullable<typeof rows>) => {
        const x = r.restaurants![0]!;
        x.opened = r.restaurant_groups![n(x.group_id) - 1]!.founded!;
      },
      (r: NonNullable<typeof rows>) => {
        r.restaurant_groups![0]!.total_covers = n(r.restaurant_groups![0]!.total_covers) + 1;
      },
    ];
    for (const breakIt of broken) {
      const copy = copyRows(rows!);
      breakIt(copy);
      expect(theme.invariants(copy).length).toBeGreaterThan(0);
    }
  });
});
