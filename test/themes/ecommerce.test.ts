import { describe, it, expect } from 'vitest';
import { describeTheme, expectBreaksCaught, expectDatesWithin, type InvariantBreak, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('ecommerce');
const theme = describeTheme('ecommerce', worlds);
const n = (v: unknown) => Number(v);

/** Each category word's band of followers, average order value and usual return rate, as the theme declares them. */
const TIERS: { words: string[]; category: string; follower_count: [number, number]; avg_order_usd: [number, number]; return_rate_pct: [number, number] }[] = [
  {
    words: ['Threads', 'Apparel', 'Wardrobe'],
    category: 'clothing and accessories',
    follower_count: [1_800, 85_000],
    avg_order_usd: [32, 68],
    return_rate_pct: [12, 28],
  },
  { words: ['Home', 'Living', 'Interiors'], category: 'home and living', follower_count: [1_200, 60_000], avg_order_usd: [38, 96], return_rate_pct: [4, 11] },
  { words: ['Crafts', 'Makery', 'Handmade'], category: 'handmade crafts', follower_count: [350, 14_000], avg_order_usd: [14, 36], return_rate_pct: [2, 7] },
  {
    words: ['Electronics', 'Gadgets', 'Tech'],
    category: 'electronics accessories',
    follower_count: [4_000, 160_000],
    avg_order_usd: [48, 175],
    return_rate_pct: [5, 13],
  },
  {
    words: ['Beauty', 'Apothecary', 'Skincare'],
    category: 'beauty and personal care',
    follower_count: [2_500, 110_000],
    avg_order_usd: [21, 52],
    return_rate_pct: [3, 9],
  },
  {
    words: ['Outfitters', 'Trail Supply', 'Outdoors'],
    category: 'sports and outdoors',
    follower_count: [900, 45_000],
    avg_order_usd: [44, 140],
    return_rate_pct: [5, 12],
  },
];
const tierOf = (name: unknown) => TIERS.find((t) => t.words.some((w) => String(name).endsWith(` ${w}`)));

describe('ecommerce: marketplaces, sellers, best-selling listings and quarterly sales', () => {
  it('sums quarters to each seller and sellers to each marketplace, counts sellers, and ranks sellers and listings', () => {
    for (const w of worlds()) {
      const { marketplaces, sellers, listings, seller_quarters: quarters } = w.rows;
      const year = Number(w.meta.reference_date.slice(0, 4)) - 1;
      for (const s of sellers!) {
        const own = quarters!.filter((q) => q.seller_id === s.id);
        expect(own.map((q) => q.quarter)).toEqual([1, 2, 3, 4].map((k) => `Q${k} ${year}`));
        expect(own.reduce((t, q) => t + n(q.orders), 0)).toBe(n(s.annual_orders));
        expect(own.reduce((t, q) => t + n(q.gmv_usd), 0)).toBe(n(s.annual_gmv_usd));
        for (const q of own) {
          expect(n(q.orders)).toBeGreaterThan(0);
          // GMV = orders × the shop's average order value × 0.92–1.08.
          const aov = n(q.gmv_usd) / n(q.orders);
          expect(aov >= n(s.avg_order_usd) * 0.92 - 0.01 && aov <= n(s.avg_order_usd) * 1.08 + 0.01, `${s.name} ${q.quarter}: ${aov}`).toBe(true);
          if (q.returns != null) {
            expect(n(q.returns)).toBeLessThan(n(q.orders));
            expect(n(q.returns)).toBeGreaterThanOrEqual(0);
          }
        }
        if (s.annual_returns != null) {
          expect(own.reduce((t, q) => t + n(q.returns), 0)).toBe(n(s.annual_returns));
          expect(n(s.annual_returns)).toBeLessThan(n(s.annual_orders));
          expect(s.return_rate_pct).not.toBeNull();
        } else for (const q of own) expect(q.returns).toBeNull();
        if (s.rating != null) expect(n(s.rating) >= 1 && n(s.rating) <= 5).toBe(true);
        if (s.staff != null) expect(n(s.staff)).toBeGreaterThanOrEqual(1);
        // A shop opens after its marketplace went live.
        expect(String(s.founded) > String(marketplaces![n(s.marketplace_id) - 1]!.launch_date)).toBe(true);
        const mine = listings!.filter((l) => l.seller_id === s.id);
        expect(mine.length >= 2 && mine.length <= 3).toBe(true);
        for (const l of mine) {
          expect(n(l.units_sold)).toBeLessThanOrEqual(n(s.annual_orders));
          expect(n(l.price_usd) >= n(s.avg_order_usd) * 0.45 - 0.01 && n(l.price_usd) <= n(s.avg_order_usd) * 1.3 + 0.01).toBe(true);
          if (l.revenue_usd != null) expect(Math.abs(n(l.revenue_usd) - n(l.units_sold) * n(l.price_usd))).toBeLessThanOrEqual(0.5);
          if (l.listed_on != null) expect(String(l.listed_on) > String(s.founded)).toBe(true);
          if (l.star_rating != null) expect(n(l.star_rating) >= 1 && n(l.star_rating) <= 5).toBe(true);
          // A listing is named after its shop's first word.
          expect(String(l.name).startsWith(`${String(s.name).split(' ')[0]} `)).toBe(true);
        }
      }
      for (const m of marketplaces!) {
        const own = sellers!.filter((s) => s.marketplace_id === m.id);
        expect(own.length).toBeGreaterThan(0);
        expect(n(m.seller_count)).toBe(own.length);
        expect(n(m.seller_gmv_usd)).toBe(own.reduce((t, s) => t + n(s.annual_gmv_usd), 0));
        if (m.commission_pct != null) expect(n(m.commission_pct) >= 5 && n(m.commission_pct) <= 18).toBe(true);
      }
      for (const [table, rank, by] of [
        ['sellers', 'gmv_rank', 'annual_gmv_usd'],
        ['listings', 'units_rank', 'units_sold'],
      ] as const) {
        const list = w.rows[table]!;
        if (list.every((r) => r[rank] == null)) continue;
        const byRank = list.slice().sort((a, b) => n(a[rank]) - n(b[rank]));
        expect(byRank.map((r) => n(r[rank]))).toEqual(byRank.map((_, i) => i + 1));
        for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]![by])).toBeGreaterThanOrEqual(n(byRank[i]![by]));
      }
    }
    // Shops open before the world year; listings go up before it too.
    expectDatesWithin(worlds(), 'sellers', 'founded', (y) => [`${y - 23}-01-01`, `${y - 1}-09-30`]);
    expectDatesWithin(worlds(), 'listings', 'listed_on', (y) => [`${y - 23}-01-01`, `${y - 1}-12-31`]);
  });

  it("names each seller by a category word that sets its category and bands; an Electronics shop's orders are dearer than a Crafts shop's", () => {
    const all = worlds().flatMap((w) => w.rows.sellers!);
    for (const s of all) {
      const tier = tierOf(s.name);
      expect(tier, String(s.name)).toBeDefined();
      expect(s.category).toBe(tier!.category);
      for (const col of ['follower_count', 'avg_order_usd', 'return_rate_pct'] as const) {
        if (s[col] == null) continue;
        const [lo, hi] = tier![col];
        expect(n(s[col]) >= lo && n(s[col]) <= hi, `${s.name} ${col} ${s[col]}`).toBe(true);
      }
    }
    const of = (word: string, col: string) => all.filter((s) => tierOf(s.name)?.words.includes(word) && s[col] != null).map((s) => n(s[col]));
    const tech = ['Electronics', 'Gadgets', 'Tech'].flatMap((x) => of(x, 'avg_order_usd'));
    const craft = ['Crafts', 'Makery', 'Handmade'].flatMap((x) => of(x, 'avg_order_usd'));
    expect(tech.length).toBeGreaterThan(0);
    expect(craft.length).toBeGreaterThan(0);
    expect(Math.min(...tech)).toBeGreaterThan(Math.max(...craft));
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch a changed quarter, a swapped rank, too many returns, an overfull commission, a mis-banded Crafts shop, a shop older than its marketplace, a listing older than its shop and wrong counts and totals', () => {
    const cases: InvariantBreak[] = [
      [
        () => true,
        (r) => {
          r.seller_quarters![0]!.orders = n(r.seller_quarters![0]!.orders) + 10;
        },
      ],
      [
        () => true,
        (r) => {
          r.seller_quarters![0]!.gmv_usd = n(r.seller_quarters![0]!.gmv_usd) + 10;
        },
      ],
      [
        (r) => r.sellers![0]!.gmv_rank != null,
        (r) => {
          const [a, b] = r.sellers!;
          [a!.gmv_rank, b!.gmv_rank] = [b!.gmv_rank!, a!.gmv_rank!];
        },
      ],
      [
        (r) => r.seller_quarters![0]!.returns != null,
        (r) => {
          const q = r.seller_quarters![0]!;
          const s = r.sellers![n(q.seller_id) - 1]!;
          const extra = n(q.orders) + 1 - n(q.returns);
          q.returns = n(q.orders) + 1;
          s.annual_returns = n(s.annual_returns) + extra;
        },
      ],
      [
        (r) => r.marketplaces![0]!.commission_pct != null,
        (r) => {
          r.marketplaces![0]!.commission_pct = 104;
        },
      ],
      [
        () => true,
        (r) => {
          r.sellers![0]!.name = `${String(r.sellers![0]!.name).split(' ')[0]} Crafts`;
          r.sellers![0]!.avg_order_usd = 150;
        },
      ],
      [
        () => true,
        (r) => {
          const s = r.sellers![0]!;
          s.founded = r.marketplaces![n(s.marketplace_id) - 1]!.launch_date!;
        },
      ],
      [
        (r) => r.listings![0]!.listed_on != null,
        (r) => {
          const l = r.listings![0]!;
          l.listed_on = r.sellers![n(l.seller_id) - 1]!.founded!;
        },
      ],
      [
        () => true,
        (r) => {
          r.marketplaces![0]!.seller_count = n(r.marketplaces![0]!.seller_count) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.marketplaces![0]!.seller_gmv_usd = n(r.marketplaces![0]!.seller_gmv_usd) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          const l = r.listings![0]!;
          l.units_sold = n(r.sellers![n(l.seller_id) - 1]!.annual_orders) + 1;
        },
      ],
      [
        (r) => r.sellers![0]!.rating != null,
        (r) => {
          r.sellers![0]!.rating = 5.6;
        },
      ],
    ];
    expectBreaksCaught(theme, worlds(), cases);
  });
});
