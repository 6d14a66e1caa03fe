import { describe, it, expect } from 'vitest';
import { describeTheme, expectBreaksCaught, type InvariantBreak, sampleWorlds } from './_theme-suite.js';

const worlds = sampleWorlds('hotels');
const theme = describeTheme('hotels', worlds);
const n = (v: unknown) => Number(v);

describe('hotels: chains, hotels and their quarters', () => {
  it('sums quarters to each hotel and hotels to each chain, and ranks hotels by room revenue', () => {
    for (const w of worlds()) {
      const { hotel_groups: groups, hotels, quarterly_reports: quarters } = w.rows;
      for (const h of hotels!) {
        const own = quarters!.filter((q) => q.hotel_id === h.id);
        expect(own.map((q) => q.quarter)).toEqual([1, 2, 3, 4].map((k) => `Q${k} ${Number(w.meta.reference_date.slice(0, 4)) - 1}`));
        expect(own.reduce((s, q) => s + n(q.revenue_usd), 0)).toBe(n(h.annual_revenue_usd));
        // Nights sold = rooms × 91 nights × occupancy (never more than the rooms on offer); revenue = nights × the rate, give or take 14%.
        for (const q of own) {
          expect(n(q.room_nights_sold)).toBe(Math.round(n(h.rooms) * n(q.occupancy_pct) * 0.91));
          expect(n(q.room_nights_sold)).toBeLessThanOrEqual(n(h.rooms) * 91);
          const perNight = n(q.revenue_usd) / (n(q.room_nights_sold) * n(h.avg_rate_usd));
          expect(perNight > 0.85 && perNight < 1.15).toBe(true);
        }
      }
      for (const g of groups!) {
        const own = hotels!.filter((h) => h.hotel_group_id === g.id);
        // A chain's counts and totals are optional attributes: checked where the world has them.
        if (g.hotel_count !== null) expect(n(g.hotel_count)).toBe(own.length);
        if (g.rooms_total !== null) expect(own.reduce((s, h) => s + n(h.rooms), 0)).toBe(n(g.rooms_total));
        if (g.revenue_usd !== null) expect(own.reduce((s, h) => s + n(h.annual_revenue_usd), 0)).toBe(n(g.revenue_usd));
      }
      // The rank is an attribute some worlds have: all of its hotels ranked, or none.
      if (hotels!.every((h) => h.revenue_rank === null)) continue;
      const byRank = hotels!.slice().sort((a, b) => n(a.revenue_rank) - n(b.revenue_rank));
      expect(byRank.map((h) => n(h.revenue_rank))).toEqual(byRank.map((_, i) => i + 1));
      for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]!.annual_revenue_usd)).toBeGreaterThanOrEqual(n(byRank[i]!.annual_revenue_usd));
    }
  });

  it('prices a Palace above an Inn, keeps stars in 1..5 and occupancy at most 100%', () => {
    const rate = (word: string) =>
      worlds()
        .flatMap((w) => w.rows.hotels!)
        .filter((h) => String(h.name).split(' ').includes(word))
        .map((h) => n(h.avg_rate_usd));
    expect(Math.min(...rate('Palace'), ...rate('Grand'))).toBeGreaterThan(Math.max(...rate('Inn'), ...rate('Lodge')));
    for (const w of worlds()) {
      for (const h of w.rows.hotels!.filter((x) => x.star_rating !== null)) expect(n(h.star_rating) >= 1 && n(h.star_rating) <= 5).toBe(true);
      for (const q of w.rows.quarterly_reports!) expect(n(q.occupancy_pct) > 0 && n(q.occupancy_pct) <= 100).toBe(true);
    }
  });

  it('invariants catch a changed quarter, a swapped rank, an overfull quarter, a mispriced Inn and a hotel older than its chain', () => {
    // Each break runs on a world that has the attributes it touches (the rank and the chain's room total are optional).
    const any = () => true;
    const broken: InvariantBreak[] = [
      [
        any,
        (r) => {
          r.quarterly_reports![0]!.revenue_usd = n(r.quarterly_reports![0]!.revenue_usd) + 10;
        },
      ],
      [
        (r) => r.hotels![0]!.revenue_rank !== null,
        (r) => {
          const [a, b] = r.hotels!;
          [a!.revenue_rank, b!.revenue_rank] = [b!.revenue_rank!, a!.revenue_rank!];
        },
      ],
      [
        any,
        (r) => {
          r.quarterly_reports![1]!.occupancy_pct = 104.5;
        },
      ],
      [
        any,
        (r) => {
          r.hotels![0]!.name = `${String(r.hotels![0]!.name).split(' ')[0]} Inn`;
          r.hotels![0]!.avg_rate_usd = 1400;
        },
      ],
      [
        any,
        (r) => {
          const h = r.hotels![0]!;
          h.opened = r.hotel_groups![n(h.hotel_group_id) - 1]!.founded!;
        },
      ],
      [
        (r) => r.hotel_groups![0]!.rooms_total !== null,
        (r) => {
          r.hotel_groups![0]!.rooms_total = n(r.hotel_groups![0]!.rooms_total) + 1;
        },
      ],
    ];
    for (const w of worlds()) expect(theme.invariants(w.rows)).toEqual([]);
    expectBreaksCaught(theme, worlds(), broken);
  });
});
