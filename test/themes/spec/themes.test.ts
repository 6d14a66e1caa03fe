/** Every registered theme is a compiled spec: say entries, time roles, site seeds and naming carried onto the ThemeDef. */
import { describe, expect, it } from 'vitest';
import { BUILTIN_THEMES, listThemes } from '../../../src/themes/registry.js';
import { SPEC_OF } from '../../../src/themes/spec/compile.js';
import { checkWorld } from '../../../src/world/consistency.js';
import { generateWorld } from '../../../src/world/generate.js';

// The themes this package ships (a test elsewhere may have a spec theme registered for a while).
const themes = listThemes().filter((t) => BUILTIN_THEMES.has(t.id));

describe('themes as specs', () => {
  it('registers the built-in themes, each compiled from a spec', () => {
    expect(themes.map((t) => t.id).sort()).toEqual([
      'agriculture',
      'airlines',
      'books',
      'cities',
      'drugs',
      'ecommerce',
      'elections',
      'energy',
      'esports',
      'films',
      'financials',
      'football',
      'hotels',
      'launches',
      'museums',
      'music',
      'patents',
      'railways',
      'realestate',
      'restaurants',
      'smartphones',
      'software',
      'universities',
      'videogames',
      'weather',
    ]);
    for (const t of themes) expect(SPEC_OF.get(t), t.id).toBeDefined();
  });

  it.each(themes.map((t) => [t.id, t] as const))(
    '%s: every fact-stating column has its say, every event column a future form, and 4–6 site seeds',
    (_id, t) => {
      expect(t.locale).toBe('en');
      expect(t.domain?.topics.length).toBeGreaterThanOrEqual(4);
      expect(t.siteSeeds!.length).toBeGreaterThanOrEqual(4);
      expect(t.siteSeeds!.length).toBeLessThanOrEqual(6);
      for (const table of t.tables)
        for (const c of table.columns) {
          if (c.name === table.nameColumn) continue;
          expect(c.say, `${table.name}.${c.name}`).toBeDefined();
          if (c.time === 'event') {
            expect(c.type).toBe('date');
            expect(c.say!.future, `${table.name}.${c.name}`).toContain('{v}');
          }
        }
      expect(t.tables.some((x) => x.columns.some((c) => c.time === 'event'))).toBe(true);
      for (const table of t.tables)
        for (const c of table.columns)
          if (c.time && typeof c.time === 'object')
            expect(
              table.columns.map((x) => x.name),
              `${table.name}.${c.name}`,
            ).toContain(c.time.periodColumn);
    },
  );

  it.each(themes.map((t) => [t.id]))('%s: six seeds give consistent worlds of 300–500 facts, the same rows again for the same seed', (id) => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const w = generateWorld(seed, 0, { themes: [id] });
      expect(w.facts.length).toBeGreaterThanOrEqual(300);
      expect(w.facts.length).toBeLessThanOrEqual(500);
      expect(checkWorld(w)).toEqual([]);
    }
    expect(generateWorld(4, 0, { themes: [id] }).rows).toEqual(generateWorld(4, 0, { themes: [id] }).rows);
  });
});
