import { describe, expect, it } from 'vitest';
import { copyRows, describeTheme, sampleWorlds } from './_theme-suite.js';
import { generateWorld } from '../../src/world/generate.js';
import { checkWorld } from '../../src/world/consistency.js';

const worlds = sampleWorlds('smartphones');
const theme = describeTheme('smartphones', worlds, { fkChain: false });
const n = (v: unknown) => Number(v);
/** The line word of a model name, after its maker's name: "Zentria Pro 42" → "Pro", "Zentria S24" → "S". */
const lineOf = (name: unknown) =>
  String(name)
    .split(' ')
    .slice(1)
    .map((w) => w.replace(/\d+$/, ''))
    .find((w) => w !== '') ?? '';

describe('smartphones: domain sense', () => {
  it('prices models by their line word: every Lite below every Pro, every Pro below every Ultra', () => {
    const prices = (line: string[]) => worlds().flatMap((w) => w.rows.models!.filter((m) => line.includes(lineOf(m.name))).map((m) => n(m.launch_price_usd)));
    const lite = prices(['Lite']);
    const pro = prices(['Pro', 'Max']);
    const ultra = prices(['Ultra', 'Fold']);
    expect(lite.length * pro.length * ultra.length).toBeGreaterThan(0);
    expect(Math.max(...lite)).toBeLessThan(Math.min(...pro));
    expect(Math.max(...pro)).toBeLessThan(Math.min(...ultra));
  });

  it('the tier invariant fails on a Lite priced like an Ultra, and on a name of no tier', () => {
    const w = worlds()[0]!;
    const rows = copyRows(w.rows);
    const lite = rows.models!.find((m) => lineOf(m.name) === 'Lite') ?? rows.models![0]!;
    lite.name = `${String(lite.name).split(' ')[0]} Lite7`;
    lite.launch_price_usd = 1799;
    expect(theme.invariants(rows).some((m) => m.includes('outside the Lite band'))).toBe(true);
    const plain = copyRows(w.rows);
    plain.models![0]!.name = 'Plainphone 7';
    expect(theme.invariants(plain).some((m) => m.includes('names no tier'))).toBe(true);
  });

  it('sums, ranks and shares hold and break on a broken row', () => {
    const rows = copyRows(worlds()[1]!.rows);
    expect(theme.invariants(rows)).toEqual([]);
    rows.quarterly_sales![0]!.units = n(rows.quarterly_sales![0]!.units) + 1;
    const problems = theme.invariants(rows);
    expect(problems.some((m) => m.includes('units_sold of row'))).toBe(true);
  });

  it('is deterministic: the same seed gives the same rows', () => {
    expect(generateWorld(42, 2, { themes: ['smartphones'] }).rows).toEqual(generateWorld(42, 2, { themes: ['smartphones'] }).rows);
  });
});

describe('smartphones: --real-brands', () => {
  const real = [1, 2, 3, 4, 5, 6].map((seed) => generateWorld(seed, 0, { themes: ['smartphones'], realBrands: true }));

  it('real companies own invented products, and no fact about the company itself is invented', () => {
    const REAL = new Set(['Samsung', 'Apple', 'Xiaomi', 'Oppo', 'Vivo', 'Motorola', 'Nokia', 'Sony', 'OnePlus', 'Honor', 'Huawei', 'Google']);
    for (const w of real) {
      expect(checkWorld(w)).toEqual([]);
      expect(w.facts.length).toBeGreaterThanOrEqual(300);
      expect(w.facts.length).toBeLessThanOrEqual(500);
      const brands = w.rows.brands!.filter((b) => REAL.has(String(b.name)));
      expect(brands.length).toBe(w.rows.brands!.length);
      const about = w.facts.filter((f) => REAL.has(f.subject));
      expect(about.length).toBeGreaterThan(0);
      for (const f of about) expect(['headquarters', 'founded', 'ceo', 'employees']).not.toContain(f.predicate);
      // …and no page says one: no "headquartered in", "founded on" or "chief executive" sentence about a real brand.
      for (const d of w.documents)
        for (const p of d.passages)
          for (const name of REAL) if (p.text.includes(name)) expect(p.text).not.toMatch(/headquartered in|was founded on|chief executive of/);
      // Their products are invented and dated in the world's past year.
      for (const m of w.rows.models!) expect(REAL.has(String(m.name))).toBe(false);
    }
  });
});
