import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ThemeDef } from '../../../src/themes/_define.js';
import { checkDraft, structureProblems } from '../../../src/themes/draft/check.js';
import { getTheme, hasTheme } from '../../../src/themes/registry.js';
import { FACT_MAX, FACT_MIN } from '../../../src/world/limits.js';
import { tempDir } from '../../helpers.js';
import { goodSpec, schemaBroken, tooManyFacts } from './fixtures.js';

describe('checking a drafted spec', () => {
  it('accepts a spec whose worlds pass every check, and leaves nothing behind', async () => {
    const scratchDir = tempDir('fw-check-');
    const r = await checkDraft(goodSpec('towns'), { seeds: [1, 2], worldsPerSeed: 1, scratchDir });
    expect(r.reasons).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.worlds.map((w) => w.id)).toEqual(['w1-000000', 'w2-000000']);
    for (const w of r.worlds) {
      expect(w.facts).toBeGreaterThanOrEqual(FACT_MIN);
      expect(w.facts).toBeLessThanOrEqual(FACT_MAX);
      expect(w.tasks).toBe(16);
    }
    expect(r.tasks).toBe(32);
    expect(r.solvability).toBeGreaterThanOrEqual(0.95);
    expect(hasTheme('towns')).toBe(false);
    expect(readdirSync(scratchDir)).toEqual([]);
  }, 120_000);

  it('lists every schema problem, one line each', async () => {
    const r = await checkDraft(schemaBroken());
    expect(r.ok).toBe(false);
    expect(r.reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^schema: title: /), expect.stringMatching(/^schema: tables\.0\.columns: /)]));
    expect(r.worlds).toEqual([]);
  });

  it('refuses a taken id and a value that is no spec', async () => {
    expect((await checkDraft(goodSpec('cities'))).reasons).toEqual([`id "cities" is a built-in theme's: choose another id`]);
    expect((await checkDraft('a theme')).reasons[0]).toMatch(/^schema: \(root\): /);
  });

  it('says how many facts the worlds drew when they are out of range', async () => {
    const r = await checkDraft(tooManyFacts(), { seeds: [1], worldsPerSeed: 1 });
    expect(r.ok).toBe(false);
    expect(r.reasons).toHaveLength(1);
    expect(r.reasons[0]).toMatch(new RegExp(`^seed 1 world 0: generation failed: .*50 drew \\d+–\\d+ facts where a world needs ${FACT_MIN}–${FACT_MAX}$`));
    expect(hasTheme('towns')).toBe(false);
  }, 60_000);
});

describe('the shape every theme has', () => {
  const cities = getTheme('cities');
  const withTables = (tables: ThemeDef['tables']) => ({ ...cities, tables }) as ThemeDef;

  it('holds for a built-in theme', () => {
    expect(structureProblems(cities)).toEqual([]);
  });

  it('needs three tables and a chain of two keys between named tables', () => {
    expect(structureProblems(withTables(cities.tables.slice(0, 2)))).toEqual([
      expect.stringMatching(/has 2 tables; a theme needs at least 3/),
      expect.stringMatching(/no chain of two foreign keys/),
    ]);
    // keys dropped: every table stands alone
    const unlinked = cities.tables.map((t) => ({ ...t, columns: t.columns.filter((c) => c.type !== 'entity') }));
    expect(structureProblems(withTables(unlinked))).toEqual([expect.stringMatching(/^no chain of two foreign keys/)]);
  });
});
