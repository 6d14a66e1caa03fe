import { describe, it, expect } from 'vitest';
import { describeTheme, expectBreaksCaught, expectDatesWithin, type InvariantBreak, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('software');
const theme = describeTheme('software', worlds);
const n = (v: unknown) => Number(v);

const TIERS = [
  ['Kit', 'Lib', 'SDK'],
  ['Studio', 'Desktop', 'Editor'],
  ['Server', 'DB', 'Engine'],
  ['Cloud', 'Platform', 'Suite'],
];

describe('software: foundations, vendors, products and their releases', () => {
  it('sums releases to each product and products to each vendor, counts members, products and releases, and ranks products by downloads', () => {
    for (const w of worlds()) {
      const { foundations, vendors, products, releases } = w.rows;
      for (const p of products!) {
        const own = releases!.filter((r) => r.product_id === p.id);
        expect(own.length >= 2 && own.length <= 4).toBe(true);
        expect(n(p.release_count)).toBe(own.length);
        expect(n(p.downloads)).toBe(own.reduce((s, r) => s + n(r.downloads), 0));
        if (p.fixes_shipped != null) expect(n(p.fixes_shipped)).toBe(own.reduce((s, r) => s + n(r.fixes), 0));
        if (p.advisories != null) expect(n(p.advisories)).toBe(own.reduce((s, r) => s + n(r.security_advisories), 0));
        else for (const r of own) expect(r.security_advisories).toBeNull();
        if (p.test_coverage_pct != null) expect(n(p.test_coverage_pct) > 0 && n(p.test_coverage_pct) <= 100).toBe(true);
        for (const r of own) {
          expect(n(r.downloads)).toBeLessThanOrEqual(n(p.active_installs));
          if (r.security_advisories != null) expect(n(r.security_advisories)).toBeLessThanOrEqual(n(r.fixes));
          if (r.commits != null) expect(n(r.commits)).toBeGreaterThanOrEqual(n(r.fixes) * 3);
          expect(String(r.release_date) > String(p.first_release)).toBe(true);
          expect(String(r.release_date) > String(p.roadmap_date)).toBe(true);
        }
      }
      for (const v of vendors!) {
        const own = products!.filter((p) => p.vendor_id === v.id);
        expect(own.length).toBeGreaterThanOrEqual(1);
        expect(n(v.product_count)).toBe(own.length);
        expect(n(v.downloads)).toBe(own.reduce((s, p) => s + n(p.downloads), 0));
        if (v.release_count != null) expect(n(v.release_count)).toBe(own.reduce((s, p) => s + n(p.release_count), 0));
        if (v.founded != null) for (const p of own) expect(String(p.first_release) > String(v.founded)).toBe(true);
        const f = foundations![n(v.foundation_id) - 1]!;
        if (v.member_since != null) {
          expect(String(v.member_since) >= String(f.founded)).toBe(true);
          if (v.founded != null) expect(String(v.member_since) > String(v.founded)).toBe(true);
        }
      }
      for (const f of foundations!) {
        const own = vendors!.filter((v) => v.foundation_id === f.id);
        expect(own.length).toBeGreaterThanOrEqual(1);
        expect(n(f.member_count)).toBe(own.length);
      }
      for (const list of [products!, vendors!]) {
        if (list.every((p) => p.downloads_rank == null)) continue;
        const byRank = list.slice().sort((a, b) => n(a.downloads_rank) - n(b.downloads_rank));
        expect(byRank.map((p) => n(p.downloads_rank))).toEqual(byRank.map((_, i) => i + 1));
        for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]!.downloads)).toBeGreaterThanOrEqual(n(byRank[i]!.downloads));
      }
    }
  });

  it('numbers each product’s releases by calendar version in the order they shipped, all within the world year', () => {
    for (const w of worlds()) {
      const year = Number(w.meta.reference_date.slice(0, 4)) - 1;
      for (const p of w.rows.products!) {
        const own = w.rows.releases!.filter((r) => r.product_id === p.id);
        expect(own.map((r) => r.version)).toEqual(own.map((_, i) => `${year}.${i + 1}`));
        for (let i = 1; i < own.length; i++) expect(String(own[i]!.release_date) > String(own[i - 1]!.release_date)).toBe(true);
      }
    }
    expectDatesWithin(worlds(), 'releases', 'release_date', (y) => [`${y}-01-04`, `${y}-12-29`]);
    expectDatesWithin(worlds(), 'products', 'roadmap_date', (y) => [`${y - 1}-10-01`, `${y - 1}-12-31`]);
  });

  it('makes a Platform larger, with more installations, contributors and code, than a Kit; larger products fix more bugs a release', () => {
    const all = worlds().flatMap((w) => w.rows.products!);
    const tierOf = (p: (typeof all)[number]) => String(p.name).split(' ').at(-1)!;
    const of = (words: string[], col: string) => all.filter((p) => p[col] != null && words.includes(tierOf(p))).map((p) => n(p[col]));
    for (const col of ['active_installs', 'contributors', 'lines_of_code']) {
      const seen = TIERS.filter((t) => of(t, col).length > 0);
      expect(seen.length, col).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < seen.length; i++) expect(Math.min(...of(seen[i]!, col)), col).toBeGreaterThan(Math.max(...of(seen[i - 1]!, col)));
    }
    const fixes = (words: string[]) =>
      worlds().flatMap((w) => w.rows.releases!.filter((r) => words.includes(tierOf(w.rows.products![n(r.product_id) - 1]!))).map((r) => n(r.fixes)));
    expect(Math.min(...fixes(TIERS[3]!))).toBeGreaterThan(Math.max(...fixes(TIERS[0]!)));
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch changed downloads, a swapped rank, wrong counts, a mis-sized Kit, a release before its product, an early membership and overfull coverage', () => {
    const cases: InvariantBreak[] = [
      [
        () => true,
        (r) => {
          r.releases![0]!.downloads = n(r.releases![0]!.downloads) + 10;
        },
      ],
      [
        (r) => r.products![0]!.downloads_rank != null,
        (r) => {
          const [a, b] = r.products!;
          [a!.downloads_rank, b!.downloads_rank] = [b!.downloads_rank!, a!.downloads_rank!];
        },
      ],
      [
        (r) => r.vendors![0]!.downloads_rank != null,
        (r) => {
          const [a, b] = r.vendors!;
          [a!.downloads_rank, b!.downloads_rank] = [b!.downloads_rank!, a!.downloads_rank!];
        },
      ],
      [
        () => true,
        (r) => {
          r.products![0]!.release_count = n(r.products![0]!.release_count) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.vendors![0]!.product_count = n(r.vendors![0]!.product_count) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.foundations![0]!.member_count = n(r.foundations![0]!.member_count) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.vendors![0]!.downloads = n(r.vendors![0]!.downloads) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.products![0]!.name = `${String(r.products![0]!.name).split(' ')[0]} Kit`;
          r.products![0]!.active_installs = 9_000_000;
        },
      ],
      [
        () => true,
        (r) => {
          const rel = r.releases![0]!;
          rel.release_date = r.products![n(rel.product_id) - 1]!.first_release!;
        },
      ],
      [
        (r) => r.vendors!.some((v) => v.member_since != null),
        (r) => {
          const v = r.vendors!.find((x) => x.member_since != null)!;
          const founded = String(r.foundations![n(v.foundation_id) - 1]!.founded);
          v.member_since = `${Number(founded.slice(0, 4)) - 1}${founded.slice(4)}`;
        },
      ],
      [
        (r) => r.products![0]!.test_coverage_pct != null,
        (r) => {
          r.products![0]!.test_coverage_pct = 104;
        },
      ],
      [
        (r) => r.releases![0]!.security_advisories != null,
        (r) => {
          r.releases![0]!.security_advisories = n(r.releases![0]!.fixes) + 1;
        },
      ],
    ];
    expectBreaksCaught(theme, worlds(), cases);
  });
});
