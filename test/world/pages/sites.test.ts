/** Sites: at least 12 per world, each with its own URL scheme, title format and house style. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/rng.js';
import { listThemes } from '../../../src/themes/registry.js';
import { allSites, drawSites, siteUrl } from '../../../src/world/pages/sites.js';
import { batch } from './fixture.js';

describe('sites', () => {
  it('draws at least 12 sites with distinct hosts and, per genre, distinct URL schemes', () => {
    for (const theme of listThemes()) {
      for (const seed of [1, 2, 3]) {
        const sites = allSites(drawSites(theme, new Rng(seed)));
        expect(sites.length).toBeGreaterThanOrEqual(12);
        expect(new Set(sites.map((s) => s.host)).size).toBe(sites.length);
        for (const s of sites) expect(s.host).toMatch(/\.example$/);
        const byGenre = new Map<string, string[]>();
        for (const s of sites) byGenre.set(s.genre, [...(byGenre.get(s.genre) ?? []), s.scheme]);
        for (const [, schemes] of byGenre) expect(new Set(schemes).size).toBe(schemes.length);
      }
    }
  });

  it('the same seed draws the same sites', () => {
    const t = listThemes()[0]!;
    expect(drawSites(t, new Rng(9))).toEqual(drawSites(t, new Rng(9)));
  });

  it('a URL follows its site scheme', () => {
    const s = allSites(drawSites(listThemes()[0]!, new Rng(4))).find((x) => x.scheme.includes('{yyyy}'))!;
    expect(siteUrl(s, 'Zentria X9 launch', '2031-03-04', 7)).toContain('2031');
  });

  it('every generated world carries pages on at least 12 sites, titled in their own formats', () => {
    for (const w of batch()) {
      const hosts = new Set(w.documents.map((d) => d.site));
      expect(hosts.size, w.meta.world_id).toBeGreaterThanOrEqual(12);
      const seps = new Set(w.documents.map((d) => / (?:-|\||·) [^|·-]+$/.exec(d.title)?.[0].slice(0, 3)));
      expect(seps.size).toBeGreaterThanOrEqual(2);
    }
  });
});
