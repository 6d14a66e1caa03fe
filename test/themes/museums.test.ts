import { describe, it, expect } from 'vitest';
import { copyRows, describeTheme, expectDatesWithin, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('museums');
const theme = describeTheme('museums', worlds);
const n = (v: unknown) => Number(v);

describe('museums: foundations, museums, exhibitions and quarterly visitor counts', () => {
  it('sums quarters to each museum and museums to each foundation, counts exhibitions and ranks museums by visitors', () => {
    for (const w of worlds()) {
      const { museum_groups: groups, museums, visitor_counts: quarters, exhibitions } = w.rows;
      for (const m of museums!) {
        const own = quarters!.filter((q) => q.museum_id === m.id);
        expect(own.map((q) => q.quarter)).toEqual([1, 2, 3, 4].map((k) => `Q${k} ${Number(w.meta.reference_date.slice(0, 4)) - 1}`));
        expect(own.reduce((s, q) => s + n(q.visitors), 0)).toBe(n(m.annual_visitors));
        // Visitors = gallery area × 5–14 a quarter; ticket revenue = visitors × admission × 0.45–0.8.
        for (const q of own) {
          expect(n(q.visitors) >= n(m.gallery_area_m2) * 5 - 1 && n(q.visitors) <= n(m.gallery_area_m2) * 14 + 1).toBe(true);
          if (m.admission_usd == null) expect(q.ticket_revenue_usd).toBeNull();
          else {
            const paying = n(q.ticket_revenue_usd) / (n(q.visitors) * n(m.admission_usd));
            expect(paying > 0.44 && paying < 0.81).toBe(true);
          }
          if (q.shop_revenue_usd != null) expect(n(q.shop_revenue_usd) / n(q.visitors)).toBeLessThan(7.1);
        }
        if (m.admission_usd != null) expect(own.reduce((s, q) => s + n(q.ticket_revenue_usd), 0)).toBe(n(m.annual_ticket_revenue_usd));
        const shows = exhibitions!.filter((e) => e.museum_id === m.id);
        expect(shows.length).toBe(n(m.exhibition_count));
        expect(shows.length >= 1 && shows.length <= 3).toBe(true);
        for (const e of shows) expect(String(e.opening_date) > String(m.opened)).toBe(true);
      }
      for (const g of groups!) {
        const own = museums!.filter((m) => m.group_id === g.id);
        expect(n(g.museum_count)).toBe(own.length);
        expect(own.reduce((s, m) => s + n(m.annual_visitors), 0)).toBe(n(g.total_visitors));
        if (g.ticket_revenue_usd != null) expect(own.reduce((s, m) => s + n(m.annual_ticket_revenue_usd), 0)).toBe(n(g.ticket_revenue_usd));
        if (g.founded != null) for (const m of own) expect(String(m.opened) > String(g.founded)).toBe(true);
      }
      const byRank = museums!.slice().sort((a, b) => n(a.visitors_rank) - n(b.visitors_rank));
      expect(byRank.map((m) => n(m.visitors_rank))).toEqual(byRank.map((_, i) => i + 1));
      for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]!.annual_visitors)).toBeGreaterThanOrEqual(n(byRank[i]!.annual_visitors));
    }
  });

  it('makes a National Gallery larger and dearer than a House Museum, and keeps shares and loans in range', () => {
    const all = worlds().flatMap((w) => w.rows.museums!);
    const of = (words: string[], col: string) => all.filter((m) => m[col] != null && words.some((x) => String(m.name).includes(x))).map((m) => n(m[col]));
    const big = ['National Gallery', 'National Museum', 'Royal Museum'];
    const small = ['House Museum', 'Heritage Centre', 'Folk Museum'];
    for (const col of ['gallery_area_m2', 'collection_size', 'admission_usd']) {
      const hi = of(big, col);
      const lo = of(small, col);
      expect(hi.length, col).toBeGreaterThan(0);
      expect(lo.length, col).toBeGreaterThan(0);
      expect(Math.min(...hi), col).toBeGreaterThan(Math.max(...lo));
    }
    // The larger gallery draws more visitors: every National Gallery-tier museum outdraws every House Museum-tier one.
    expect(Math.min(...of(big, 'annual_visitors'))).toBeGreaterThan(Math.max(...of(small, 'annual_visitors')));
    for (const m of all) if (m.digitised_pct != null) expect(n(m.digitised_pct) > 0 && n(m.digitised_pct) <= 100).toBe(true);
    for (const w of worlds()) {
      for (const q of w.rows.visitor_counts!) if (q.member_visits_pct != null) expect(n(q.member_visits_pct) > 0 && n(q.member_visits_pct) <= 100).toBe(true);
      for (const e of w.rows.exhibitions!) {
        if (e.objects_on_loan != null && e.objects_shown != null) expect(n(e.objects_on_loan)).toBeLessThanOrEqual(n(e.objects_shown));
        if (e.closing_date != null) expect(String(e.closing_date) > String(e.opening_date)).toBe(true);
      }
    }
    // Exhibitions open and close within the world year.
    expectDatesWithin(worlds(), 'exhibitions', 'opening_date', (y) => [`${y}-01-01`, `${y}-12-31`]);
    expectDatesWithin(worlds(), 'exhibitions', 'closing_date', (y) => [`${y}-01-01`, `${y}-12-31`]);
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch a changed quarter, a swapped rank, an overfull share, a mis-sized House Museum, an exhibition before its museum, a wrong count and a wrong foundation total', () => {
    const rows = worlds().find((w) => w.rows.museum_groups!.every((g) => g.founded != null) && w.rows.museums![0]!.admission_usd != null)?.rows;
    expect(rows).toBeDefined();
    type R = NonNullable<typeof rows>;
    const broken = [
      (r: R) => {
        r.visitor_counts![0]!.visitors = n(r.visitor_counts![0]!.visitors) + 10;
      },
      (r: R) => {
        const [a, b] = r.museums!;
        [a!.visitors_rank, b!.visitors_rank] = [b!.visitors_rank!, a!.visitors_rank!];
      },
      (r: R) => {
        r.museums![0]!.digitised_pct = 104;
      },
      (r: R) => {
        r.museums![0]!.name = `${String(r.museums![0]!.name).split(' ')[0]} House Museum`;
        r.museums![0]!.gallery_area_m2 = 40_000;
      },
      (r: R) => {
        const e = r.exhibitions![0]!;
        e.opening_date = r.museums![n(e.museum_id) - 1]!.opened!;
      },
      (r: R) => {
        r.museums![0]!.exhibition_count = n(r.museums![0]!.exhibition_count) + 1;
      },
      (r: R) => {
        const m = r.museums![0]!;
        m.opened = r.museum_groups![n(m.group_id) - 1]!.founded!;
      },
      (r: R) => {
        r.museum_groups![0]!.total_visitors = n(r.museum_groups![0]!.total_visitors) + 1;
      },
    ];
    for (const breakIt of broken) {
      const copy = copyRows(rows!);
      breakIt(copy);
      expect(theme.invariants(copy).length).toBeGreaterThan(0);
    }
  });
});
