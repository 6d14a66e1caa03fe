/** Sample worlds for the search tests: one or more per registered theme, written to a temp dir once per test file. */
import { join } from 'node:path';
import { writeWorld } from '../../src/db/write.js';
import { createSearchWorld, type SearchWorld } from '../../src/search/world-index.js';
import { listThemes } from '../../src/themes/registry.js';
import { generateWorld } from '../../src/world/generate.js';
import type { WorldData } from '../../src/world/types.js';
import { tempDir } from '../helpers.js';

export interface SampleWorld {
  theme: string;
  path: string;
  data: WorldData;
}

const cache = new Map<string, SampleWorld[]>();
let dir: string | undefined;

/** `perTheme` worlds of every registered theme (a theme that fails to generate is reported and skipped). */
export function sampleWorlds(perTheme = 1, seed = 5): SampleWorld[] {
  const key = `${perTheme}:${seed}`;
  const hit = cache.get(key);
  if (hit) return hit;
  dir ??= tempDir('fw-search-test-');
  const out: SampleWorld[] = [];
  for (const theme of listThemes()) {
    for (let i = 0; i < perTheme; i++) {
      try {
        const data = generateWorld(seed, i, { themes: [theme.id] });
        const path = join(dir, `${theme.id}-${seed}-${i}.sqlite`);
        writeWorld(path, data);
        out.push({ theme: theme.id, path, data });
      } catch (e) {
        console.warn(`sample world ${theme.id} #${i} not generated: ${(e as Error).message}`);
      }
    }
  }
  cache.set(key, out);
  return out;
}

/** The first sample world of the smartphones theme (the exemplar theme always exists). */
export function smartphoneWorld(): SampleWorld {
  const w = sampleWorlds().find((s) => s.theme === 'smartphones');
  if (!w) throw new Error('no smartphones sample world');
  return w;
}

/** Run `fn` over the world at `path` (default: the smartphone sample), opened for search and closed after. */
export function withWorld<T>(fn: (world: SearchWorld) => T, path = smartphoneWorld().path): T {
  const world = createSearchWorld(path);
  try {
    return fn(world);
  } finally {
    world.close();
  }
}
