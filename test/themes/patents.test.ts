import { describe, it, expect } from 'vitest';
import { describeTheme, expectBreaksCaught, expectDatesWithin, type InvariantBreak, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('patents');
const theme = describeTheme('patents', worlds);
const n = (v: unknown) => Number(v);
const DAY = 86_400_000;
const days = (a: unknown, b: unknown) => (Date.parse(String(b)) - Date.parse(String(a))) / DAY;

/** Each technology field's art units, classes and band of claims, as the theme declares them. */
const FIELDS: Record<string, { artUnits: string[]; cpc: string[]; claims: [number, number] }> = {
  'energy storage': { artUnits: ['1721', '1722', '1723', '1727', '1729'], cpc: ['H01M 10/0562', 'H01M 4/134', 'H01M 10/613', 'H01M 10/44'], claims: [12, 30] },
  semiconductors: { artUnits: ['2812', '2813', '2814', '2817', '2818'], cpc: ['H01L 21/768', 'H01L 25/065', 'H10B 53/30', 'H01L 29/775'], claims: [15, 28] },
  'wireless communications': {
    artUnits: ['2411', '2412', '2416', '2461', '2473'],
    cpc: ['H04B 7/06', 'H04W 72/12', 'H04W 36/00', 'H04L 5/00'],
    claims: [18, 32],
  },
  'medical devices': { artUnits: ['3735', '3736', '3762', '3771', '3792'], cpc: ['A61B 5/145', 'A61M 5/142', 'A61N 1/36', 'A61B 17/00'], claims: [10, 24] },
  'machine learning': { artUnits: ['2121', '2122', '2124', '2125', '2129'], cpc: ['G06N 3/08', 'G06N 3/063', 'G06F 21/62', 'G06N 20/00'], claims: [18, 30] },
  biotechnology: { artUnits: ['1631', '1633', '1635', '1636', '1637'], cpc: ['C12N 15/11', 'C12N 9/22', 'C12Q 1/6869', 'A61K 9/51'], claims: [8, 26] },
};

describe('patents: assignees, their inventors, granted patents and licences', () => {
  it('counts patents to each inventor and assignee, sums licence fees to patents and assignees, and ranks assignees', () => {
    for (const w of worlds()) {
      const { assignees, inventors, patents, licences } = w.rows;
      for (const a of assignees!) expect(inventors!.some((i) => i.assignee_id === a.id)).toBe(true);
      for (const i of inventors!) {
        const own = patents!.filter((p) => p.inventor_id === i.id);
        expect(own.length).toBeGreaterThanOrEqual(1);
        expect(n(i.patent_count)).toBe(own.length);
        for (const p of own) expect(p.assignee_id).toBe(i.assignee_id);
      }
      for (const p of patents!) {
        const own = licences!.filter((l) => l.patent_id === p.id);
        expect(own.length).toBeLessThanOrEqual(2);
        expect(new Set(own.map((l) => l.licensee)).size).toBe(own.length);
        if (p.licence_count != null) expect(n(p.licence_count)).toBe(own.length);
        if (p.licence_fees_usd != null) expect(n(p.licence_fees_usd)).toBe(own.reduce((s, l) => s + n(l.upfront_fee_usd), 0));
        else for (const l of own) expect(l.upfront_fee_usd).toBeNull();
        if (p.independent_claims != null) {
          expect(n(p.independent_claims)).toBeGreaterThanOrEqual(1);
          expect(n(p.independent_claims)).toBeLessThanOrEqual(n(p.claims_count));
        }
      }
      for (const a of assignees!) {
        const own = patents!.filter((p) => p.assignee_id === a.id);
        expect(n(a.patent_count)).toBe(own.length);
        if (a.licence_income_usd != null) expect(n(a.licence_income_usd)).toBe(own.reduce((s, p) => s + n(p.licence_fees_usd), 0));
      }
      for (const [rank, by] of [
        ['grant_rank', 'patent_count'],
        ['licensing_rank', 'licence_income_usd'],
      ] as const) {
        if (assignees!.every((a) => a[rank] == null)) continue;
        const byRank = assignees!.slice().sort((a, b) => n(a[rank]) - n(b[rank]));
        expect(byRank.map((a) => n(a[rank]))).toEqual(byRank.map((_, i) => i + 1));
        for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]![by])).toBeGreaterThanOrEqual(n(byRank[i]![by]));
      }
    }
  });

  it('files every patent after the founding, the inventor’s start and twenty years after the inventor’s birth, and issues it during the year more than a year later', () => {
    for (const w of worlds()) {
      const { assignees, inventors, patents, licences } = w.rows;
      for (const p of patents!) {
        const inv = inventors![n(p.inventor_id) - 1]!;
        const a = assignees![n(p.assignee_id) - 1]!;
        expect(days(p.filing_date, p.grant_date)).toBeGreaterThanOrEqual(365);
        expect(days(inv.born, p.filing_date)).toBeGreaterThanOrEqual(YEARS20);
        if (a.founded != null) expect(String(p.filing_date) > String(a.founded)).toBe(true);
        if (inv.joined != null) expect(String(p.filing_date) >= String(inv.joined)).toBe(true);
      }
      for (const i of inventors!) {
        const a = assignees![n(i.assignee_id) - 1]!;
        if (i.joined == null) continue;
        expect(days(i.born, i.joined)).toBeGreaterThanOrEqual(22 * 365);
        if (a.founded != null) expect(String(i.joined) > String(a.founded)).toBe(true);
      }
      for (const l of licences!) expect(String(l.signed_date) > String(patents![n(l.patent_id) - 1]!.filing_date)).toBe(true);
    }
    expectDatesWithin(worlds(), 'patents', 'grant_date', (y) => [`${y}-01-01`, `${y}-12-31`]);
    expectDatesWithin(worlds(), 'licences', 'signed_date', (y) => [`${y}-01-01`, `${y}-12-31`]);
    expectDatesWithin(worlds(), 'patents', 'filing_date', (y) => [`${y - 5}-01-01`, `${y - 1}-12-31`]);
  });

  it("takes a patent's field, art unit, class and claims from the object its title ends in", () => {
    const all = worlds().flatMap((w) => w.rows.patents!);
    for (const p of all) {
      const f = FIELDS[String(p.technology_field)]!;
      expect(f, String(p.technology_field)).toBeDefined();
      expect(n(p.claims_count) >= f.claims[0] && n(p.claims_count) <= f.claims[1]).toBe(true);
      if (p.art_unit != null) expect(f.artUnits).toContain(p.art_unit);
      if (p.cpc_class != null) expect(f.cpc).toContain(p.cpc_class);
    }
    expect(new Set(all.map((p) => p.technology_field)).size).toBe(Object.keys(FIELDS).length);
    for (const w of worlds()) expect(new Set(w.rows.patents!.map((p) => p.name)).size).toBe(w.rows.patents!.length);
  });

  it('makes an Industries or Corporation larger and richer in research than a Labs', () => {
    const all = worlds().flatMap((w) => w.rows.assignees!);
    const tierOf = (a: (typeof all)[number]) => String(a.name).split(' ').at(-1)!;
    const of = (words: string[], col: string) => all.filter((a) => a[col] != null && words.includes(tierOf(a))).map((a) => n(a[col]));
    const tiers = [
      ['Labs', 'Research'],
      ['Technologies', 'Systems', 'Devices'],
      ['Industries', 'Corporation'],
    ];
    for (const col of ['employees', 'rd_spend_usd']) {
      const seen = tiers.filter((t) => of(t, col).length > 0);
      expect(seen.length, col).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < seen.length; i++) expect(Math.min(...of(seen[i]!, col)), col).toBeGreaterThan(Math.max(...of(seen[i - 1]!, col)));
    }
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch a wrong count or fee total, a swapped rank, a patent issued before filing or filed before its inventor joined, a wrong assignee, a mismatched art unit and a mis-sized Labs', () => {
    const cases: InvariantBreak[] = [
      [
        () => true,
        (r) => {
          r.inventors![0]!.patent_count = n(r.inventors![0]!.patent_count) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.assignees![0]!.patent_count = n(r.assignees![0]!.patent_count) + 1;
        },
      ],
      [
        (r) => r.patents![0]!.licence_count != null,
        (r) => {
          r.patents![0]!.licence_count = n(r.patents![0]!.licence_count) + 1;
        },
      ],
      [
        (r) => r.licences!.some((l) => l.upfront_fee_usd != null),
        (r) => {
          const l = r.licences!.find((x) => x.upfront_fee_usd != null)!;
          l.upfront_fee_usd = n(l.upfront_fee_usd) + 5_000;
        },
      ],
      [
        (r) => r.assignees![0]!.grant_rank != null && r.assignees![0]!.patent_count !== r.assignees![1]!.patent_count,
        (r) => {
          const [a, b] = r.assignees!;
          [a!.grant_rank, b!.grant_rank] = [b!.grant_rank!, a!.grant_rank!];
        },
      ],
      [
        () => true,
        (r) => {
          const p = r.patents![0]!;
          p.grant_date = p.filing_date!;
        },
      ],
      [
        (r) => r.inventors!.some((i) => i.joined != null),
        (r) => {
          const i = r.inventors!.find((x) => x.joined != null)!;
          const p = r.patents!.find((x) => x.inventor_id === i.id)!;
          p.filing_date = `${Number(String(i.joined).slice(0, 4)) - 1}${String(i.joined).slice(4)}`;
        },
      ],
      [
        (r) => r.assignees!.length > 1,
        (r) => {
          const p = r.patents![0]!;
          p.assignee_id = (n(p.assignee_id) % r.assignees!.length) + 1;
        },
      ],
      [
        (r) => r.patents![0]!.art_unit != null,
        (r) => {
          const p = r.patents![0]!;
          p.art_unit = p.technology_field === 'biotechnology' ? '2812' : '1631';
        },
      ],
      [
        (r) => r.assignees![0]!.employees != null,
        (r) => {
          r.assignees![0]!.name = `${String(r.assignees![0]!.name).split(' ')[0]} Labs`;
          r.assignees![0]!.employees = 100_000;
        },
      ],
      [
        (r) => r.patents![0]!.independent_claims != null,
        (r) => {
          r.patents![0]!.independent_claims = n(r.patents![0]!.claims_count) + 1;
        },
      ],
    ];
    expectBreaksCaught(theme, worlds(), cases);
  });
});

const YEARS20 = 20 * 365;
