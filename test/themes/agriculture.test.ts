import { describe, it, expect } from 'vitest';
import { describeTheme, expectBreaksCaught, expectDatesWithin, type InvariantBreak, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('agriculture');
const theme = describeTheme('agriculture', worlds);
const n = (v: unknown) => Number(v);
/** Two figures agree to within `tol` (sums of rounded parts). */
const near = (a: unknown, b: number, tol: number) => Math.abs(n(a) - b) <= tol;

/** Each crop's yield (tonnes a hectare) and price (dollars a tonne) bands, as the theme declares them. */
const BANDS: Record<string, { yield: [number, number]; price: [number, number] }> = {
  'winter wheat': { yield: [7.2, 9.8], price: [215, 265] },
  'winter barley': { yield: [6.4, 8.3], price: [180, 222] },
  'spring barley': { yield: [5.4, 7.1], price: [192, 238] },
  oats: { yield: [5.0, 6.6], price: [172, 214] },
  rye: { yield: [5.5, 7.4], price: [165, 205] },
  'oilseed rape': { yield: [3.1, 4.4], price: [438, 542] },
  'field beans': { yield: [3.4, 4.9], price: [244, 302] },
  'combining peas': { yield: [3.3, 4.6], price: [256, 322] },
  linseed: { yield: [1.7, 2.6], price: [482, 612] },
};

describe('agriculture: cooperatives, member farms and their harvests', () => {
  it('sums harvests to each farm and farms to each cooperative, counts crops and farms, and ranks farms', () => {
    for (const w of worlds()) {
      const { merchants, cooperatives, farms, harvests } = w.rows;
      for (const m of merchants!) {
        expect(cooperatives!.some((c) => c.merchant_id === m.id)).toBe(true);
        if (m.export_pct != null) expect(n(m.export_pct) > 0 && n(m.export_pct) <= 100).toBe(true);
      }
      for (const f of farms!) {
        const own = harvests!.filter((h) => h.farm_id === f.id);
        expect(own.length >= 2 && own.length <= 4).toBe(true);
        expect(new Set(own.map((h) => h.crop)).size).toBe(own.length);
        if (f.crop_count != null) expect(n(f.crop_count)).toBe(own.length);
        const area = own.reduce((s, h) => s + n(h.area_ha), 0);
        // Each crop takes 12–24% of the farm's land, so the harvested area never exceeds the farm.
        for (const h of own) expect(n(h.area_ha) >= n(f.hectares) * 0.12 - 0.05 && n(h.area_ha) <= n(f.hectares) * 0.24 + 0.05).toBe(true);
        expect(area).toBeLessThanOrEqual(n(f.hectares));
        if (f.cropped_ha != null) expect(near(f.cropped_ha, area, 0.05)).toBe(true);
        if (f.harvest_t != null)
          expect(
            near(
              f.harvest_t,
              own.reduce((s, h) => s + n(h.tonnes), 0),
              0.05,
            ),
          ).toBe(true);
        if (f.harvest_revenue_usd != null) expect(n(f.harvest_revenue_usd)).toBe(own.reduce((s, h) => s + n(h.revenue_usd), 0));
        else for (const h of own) expect(h.revenue_usd).toBeNull();
        if (f.irrigated_ha != null) expect(n(f.irrigated_ha)).toBeLessThanOrEqual(n(f.hectares) * 0.35 + 0.05);
        if (f.land_value_usd != null) {
          const perHa = n(f.land_value_usd) / n(f.hectares);
          expect(perHa > 8_500 - 1_000 / n(f.hectares) && perHa < 16_000 + 1_000 / n(f.hectares)).toBe(true);
        }
        if (f.organic_pct != null) expect(n(f.organic_pct) > 0 && n(f.organic_pct) <= 100).toBe(true);
        for (const h of own) expect(String(h.harvest_date) > String(f.established)).toBe(true);
      }
      for (const c of cooperatives!) {
        const own = farms!.filter((f) => f.cooperative_id === c.id);
        expect(own.length).toBeGreaterThanOrEqual(1);
        if (c.farm_count != null) expect(n(c.farm_count)).toBe(own.length);
        if (c.total_hectares != null) expect(n(c.total_hectares)).toBe(own.reduce((s, f) => s + n(f.hectares), 0));
        if (c.total_harvest_t != null)
          expect(
            near(
              c.total_harvest_t,
              own.reduce((s, f) => s + n(f.harvest_t), 0),
              0.05,
            ),
          ).toBe(true);
        if (c.total_revenue_usd != null) expect(n(c.total_revenue_usd)).toBe(own.reduce((s, f) => s + n(f.harvest_revenue_usd), 0));
        if (c.founded != null) for (const f of own) if (f.joined != null) expect(String(f.joined) >= String(c.founded)).toBe(true);
      }
      for (const [rank, by] of [
        ['revenue_rank', 'harvest_revenue_usd'],
        ['area_rank', 'hectares'],
      ] as const) {
        if (farms!.every((f) => f[rank] == null)) continue;
        const byRank = farms!.slice().sort((a, b) => n(a[rank]) - n(b[rank]));
        expect(byRank.map((f) => n(f[rank]))).toEqual(byRank.map((_, i) => i + 1));
        for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]![by])).toBeGreaterThanOrEqual(n(byRank[i]![by]));
      }
    }
  });

  it("draws each harvest's yield and price from its crop's band; tonnes are area × yield and revenue tonnes × price", () => {
    let priced = 0;
    for (const w of worlds())
      for (const h of w.rows.harvests!) {
        const band = BANDS[String(h.crop)]!;
        expect(band, String(h.crop)).toBeDefined();
        // Yields, tonnes, prices and revenue are recorded together or not at all.
        if (h.yield_t_ha == null) {
          for (const c of ['tonnes', 'price_usd_per_t', 'revenue_usd']) expect(h[c], c).toBeNull();
          continue;
        }
        expect(n(h.yield_t_ha) >= band.yield[0] && n(h.yield_t_ha) <= band.yield[1], `${h.crop} ${h.yield_t_ha}`).toBe(true);
        expect(near(h.tonnes, n(h.area_ha) * n(h.yield_t_ha), 0.051)).toBe(true);
        priced++;
        expect(n(h.price_usd_per_t) >= band.price[0] && n(h.price_usd_per_t) <= band.price[1], `${h.crop} ${h.price_usd_per_t}`).toBe(true);
        expect(near(h.revenue_usd, n(h.tonnes) * n(h.price_usd_per_t), 0.51)).toBe(true);
        if (h.moisture_pct != null) expect(n(h.moisture_pct) >= 11.5 && n(h.moisture_pct) <= 19.5).toBe(true);
        if (h.combine_hours != null) expect(n(h.combine_hours)).toBeGreaterThanOrEqual(1);
      }
    expect(priced).toBeGreaterThan(0);
    // Wheat out-yields linseed wherever both are grown; linseed fetches more a tonne.
    const all = worlds().flatMap((w) => w.rows.harvests!);
    const of = (crop: string, col: string) => all.filter((h) => h.crop === crop && h[col] != null).map((h) => n(h[col]));
    expect(Math.min(...of('winter wheat', 'yield_t_ha'))).toBeGreaterThan(Math.max(...of('linseed', 'yield_t_ha')));
    // Harvests fall between early July and late September of the world year.
    expectDatesWithin(worlds(), 'harvests', 'harvest_date', (y) => [`${y}-07-01`, `${y}-09-30`]);
  });

  it('makes an Estate larger, with more workers and cattle, than a Smallholding', () => {
    const all = worlds().flatMap((w) => w.rows.farms!);
    const tierOf = (f: (typeof all)[number]) => String(f.name).split(' ').at(-1)!;
    const of = (words: string[], col: string) => all.filter((f) => f[col] != null && words.includes(tierOf(f))).map((f) => n(f[col]));
    const tiers = [
      ['Smallholding', 'Croft', 'Homestead'],
      ['Farm', 'Farmstead', 'Acres'],
      ['Grange', 'Manor', 'Holdings'],
      ['Estate', 'Station', 'Ranch'],
    ];
    for (const col of ['hectares', 'workforce', 'herd_size']) {
      const seen = tiers.filter((t) => of(t, col).length > 0);
      expect(seen.length, col).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < seen.length; i++) expect(Math.min(...of(seen[i]!, col)), col).toBeGreaterThan(Math.max(...of(seen[i - 1]!, col)));
    }
    // The larger farm harvests more: every top-tier farm outweighs every bottom-tier one.
    expect(Math.min(...of(tiers[3]!, 'cropped_ha'))).toBeGreaterThan(Math.max(...of(tiers[0]!, 'cropped_ha')));
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch a changed harvest, a swapped rank, overfull shares, a mis-sized Smallholding, a harvest before its farm, wrong counts and totals, too much irrigation, an early joining and an impossible yield', () => {
    const cases: InvariantBreak[] = [
      [
        (r) => r.farms![0]!.harvest_t != null,
        (r) => {
          r.harvests![0]!.tonnes = n(r.harvests![0]!.tonnes) + 10;
        },
      ],
      [
        (r) => r.farms![0]!.revenue_rank != null,
        (r) => {
          const [a, b] = r.farms!;
          [a!.revenue_rank, b!.revenue_rank] = [b!.revenue_rank!, a!.revenue_rank!];
        },
      ],
      [
        () => true,
        (r) => {
          r.farms![0]!.organic_pct = 104;
        },
      ],
      [
        () => true,
        (r) => {
          r.merchants![0]!.export_pct = 101;
        },
      ],
      [
        () => true,
        (r) => {
          r.farms![0]!.name = `${String(r.farms![0]!.name).split(' ')[0]} Smallholding`;
          r.farms![0]!.hectares = 5_000;
        },
      ],
      [
        () => true,
        (r) => {
          const h = r.harvests![0]!;
          h.harvest_date = r.farms![n(h.farm_id) - 1]!.established!;
        },
      ],
      [
        (r) => r.farms![0]!.crop_count != null,
        (r) => {
          r.farms![0]!.crop_count = n(r.farms![0]!.crop_count) + 1;
        },
      ],
      [
        (r) => r.cooperatives![0]!.farm_count != null,
        (r) => {
          r.cooperatives![0]!.farm_count = n(r.cooperatives![0]!.farm_count) + 1;
        },
      ],
      [
        (r) => r.cooperatives![0]!.total_hectares != null,
        (r) => {
          r.cooperatives![0]!.total_hectares = n(r.cooperatives![0]!.total_hectares) + 1;
        },
      ],
      [
        (r) => r.cooperatives![0]!.total_revenue_usd != null,
        (r) => {
          r.cooperatives![0]!.total_revenue_usd = n(r.cooperatives![0]!.total_revenue_usd) + 1;
        },
      ],
      [
        (r) => r.farms![0]!.irrigated_ha != null,
        (r) => {
          r.farms![0]!.irrigated_ha = n(r.farms![0]!.hectares) + 1;
        },
      ],
      [
        (r) => r.farms!.some((f) => f.joined != null && r.cooperatives![n(f.cooperative_id) - 1]!.founded != null),
        (r) => {
          const f = r.farms!.find((x) => x.joined != null && r.cooperatives![n(x.cooperative_id) - 1]!.founded != null)!;
          const founded = String(r.cooperatives![n(f.cooperative_id) - 1]!.founded);
          f.joined = `${Number(founded.slice(0, 4)) - 1}${founded.slice(4)}`;
        },
      ],
      [
        () => true,
        (r) => {
          r.harvests![0]!.yield_t_ha = 15;
        },
      ],
    ];
    expectBreaksCaught(theme, worlds(), cases);
  });
});
