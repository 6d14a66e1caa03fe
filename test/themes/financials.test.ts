import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeTheme, sampleWorlds } from './_theme-suite.js';
import { openWorld } from '../../src/db/open.js';
import { checkTaskSql } from '../../src/db/task-sql.js';
import { writeWorld } from '../../src/db/write.js';
import theme from '../../src/themes/financials.js';
import type { Row, Rows } from '../../src/themes/_define.js';
import { checkWorld } from '../../src/world/consistency.js';
import { generateWorld } from '../../src/world/generate.js';
import type { WorldData } from '../../src/world/types.js';

const copy = (rows: Rows): Rows => JSON.parse(JSON.stringify(rows));
const sumBy = (rows: Row[], fk: string, col: string, id: number) => rows.filter((r) => r[fk] === id).reduce((s, r) => s + Number(r[col]), 0);
const REAL = [
  'Siemens',
  'Unilever',
  'Toyota',
  'Nestle',
  'Shell',
  'Walmart',
  'Pfizer',
  'Intel',
  'Boeing',
  'Nike',
  'Philips',
  'Bosch',
  'Heineken',
  'Maersk',
  'Ericsson',
  'Bayer',
  'Honda',
  'Oracle',
  'Vodafone',
  'Carrefour',
  'Allianz',
  'Nvidia',
  'Disney',
  'FedEx',
];

const REAL_SECTORS = new Map<string, string>([
  ['Toyota', 'automotive'],
  ['Honda', 'automotive'],
  ['Shell', 'energy'],
  ['Intel', 'semiconductors'],
  ['Nvidia', 'semiconductors'],
  ['Walmart', 'retail'],
  ['Carrefour', 'retail'],
  ['Disney', 'media'],
  ['Oracle', 'software'],
  ['Allianz', 'financial services'],
  ['Maersk', 'logistics'],
  ['FedEx', 'logistics'],
  ['Ericsson', 'telecommunications'],
  ['Vodafone', 'telecommunications'],
  ['Pfizer', 'healthcare'],
  ['Philips', 'healthcare'],
  ['Bayer', 'healthcare'],
  ['Siemens', 'industrials'],
  ['Boeing', 'industrials'],
  ['Bosch', 'industrials'],
  ['Unilever', 'consumer goods'],
  ['Nestle', 'consumer goods'],
  ['Nike', 'consumer goods'],
  ['Heineken', 'consumer goods'],
]);

describe('financials theme', () => {
  let worlds: WorldData[];
  const dir = mkdtempSync(join(tmpdir(), 'fw-financials-'));
  beforeAll(() => {
    worlds = Array.from({ length: 12 }, (_, i) => generateWorld(23, i, { themes: ['financials'] }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describeTheme('financials', sampleWorlds('financials'));

  it('draws sizes and optional attributes per world', () => {
    expect(new Set(worlds.map((w) => w.rows.companies!.length)).size).toBeGreaterThan(2);
    expect(new Set(worlds.map((w) => w.rows.segments!.length)).size).toBeGreaterThan(3);
    const withMargin = worlds.filter((w) => w.rows.quarterly_results!.every((q) => q.net_margin_pct !== null)).length;
    expect(withMargin).toBeGreaterThan(0);
    expect(withMargin).toBeLessThan(worlds.length);
    for (const w of worlds) expect(w.rows.companies!.some((c) => REAL.includes(String(c.name)))).toBe(false);
  });

  it('adds up: annual totals are the sum of quarters and of segments, margins match', () => {
    for (const w of worlds) {
      const { companies, segments, quarterly_results: quarters } = w.rows;
      for (const c of companies!) {
        expect(sumBy(quarters!, 'company_id', 'revenue_usd', c.id)).toBe(c.annual_revenue_usd);
        expect(sumBy(quarters!, 'company_id', 'net_income_usd', c.id)).toBe(c.annual_net_income_usd);
        expect(sumBy(segments!, 'company_id', 'revenue_usd', c.id)).toBe(c.annual_revenue_usd);
        expect(quarters!.filter((q) => q.company_id === c.id).map((q) => String(q.quarter).slice(0, 2))).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
      }
      for (const q of quarters!) {
        expect(Number(q.net_income_usd)).toBeGreaterThan(0);
        if (q.net_margin_pct !== null)
          expect(Math.abs(Number(q.net_margin_pct) - (Number(q.net_income_usd) / Number(q.revenue_usd)) * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
        if (q.operating_income_usd !== null) expect(Number(q.operating_income_usd)).toBeGreaterThanOrEqual(Number(q.net_income_usd));
      }
    }
  });

  it('lets real company names own invented figures with realBrands', () => {
    const real = [0, 1, 2].map((i) => generateWorld(23, i, { themes: ['financials'], realBrands: true }));
    for (const w of real) {
      expect(checkWorld(w)).toEqual([]);
      expect(w.meta.real_brands).toBe(true);
      expect(w.rows.companies!.every((c) => REAL.includes(String(c.name)))).toBe(true);
      // The real company's own attributes are never invented: no headquarters, founding, CEO, staff or listing-date fact;
      // its sector, in a world that has sectors, is its real one.
      const own = w.facts.filter((f) => f.sourceTable === 'companies');
      for (const f of own) expect(['headquarters', 'founded', 'ceo', 'employees', 'listing_date']).not.toContain(f.predicate);
      for (const c of w.rows.companies!) if (c.sector !== null) expect(c.sector).toBe(REAL_SECTORS.get(String(c.name)));
    }
    expect(real.some((w) => w.rows.companies![0]!.sector !== null)).toBe(true);
  });

  it('invariants hold for generated rows and catch a deliberately broken row', () => {
    const rows = worlds[0]!.rows;
    expect(theme.invariants(rows)).toEqual([]);

    const quarter = copy(rows);
    quarter.quarterly_results![0]!.revenue_usd = Number(quarter.quarterly_results![0]!.revenue_usd) + 100_000;
    expect(theme.invariants(quarter).some((m) => m.includes('annual_revenue_usd'))).toBe(true);

    const segment = copy(rows);
    segment.segments![1]!.revenue_usd = Number(segment.segments![1]!.revenue_usd) - 100_000;
    expect(theme.invariants(segment).some((m) => m.includes('annual_revenue_usd'))).toBe(true);

    const margin = copy(rows);
    const q = margin.quarterly_results![2]!;
    q.net_margin_pct = 99.99;
    expect(theme.invariants(margin).some((m) => m.includes('net_margin_pct'))).toBe(true);

    const dates = copy(rows);
    dates.companies![0]!.listing_date = '1700-01-01';
    expect(theme.invariants(dates).length).toBeGreaterThan(0);
  });

  it('writes SQLite files whose task SQL reproduces every answer', () => {
    for (const w of worlds.slice(0, 4)) {
      const file = join(dir, `${w.meta.world_id}.sqlite`);
      writeWorld(file, w);
      const open = openWorld(file);
      try {
        for (const t of theme.tables) expect((open.db.prepare(`SELECT COUNT(*) AS n FROM ${t.name}`).get() as { n: number }).n).toBe(w.rows[t.name]!.length);
        expect(checkTaskSql(open.db, w.tasks)).toEqual([]);
      } finally {
        open.db.close();
      }
    }
  });
});
