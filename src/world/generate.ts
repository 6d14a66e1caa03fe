/**
 * generateWorld: world i of a batch depends only on (seed, i, generator version, options).
 * Draw rows, derive facts, pages and tasks, check consistency; an inconsistent or out-of-range
 * draw is regenerated with the next attempt number, never returned.
 */
import { Faker, en, base } from '@faker-js/faker';
import { FictionError } from '../errors.js';
import { Rng, hash32 } from '../rng.js';
import { NamePool } from '../themes/_names.js';
import type { ThemeDef } from '../themes/_define.js';
import { getTheme, listThemes } from '../themes/registry.js';
import { checkWorld } from './consistency.js';
import { FACT_MAX, FACT_MIN } from './limits.js';
import { countFacts, deriveFacts } from './facts.js';
import { renderPages } from './pages/index.js';
import { deriveTasks } from './tasks.js';
import { FORMAT_VERSION, GENERATOR_VERSION, worldId, type WorldData } from './types.js';

export interface GenerateOptions {
  /** Theme ids to draw from, in order; default every registered theme. */
  themes?: string[];
  realBrands?: boolean;
}

const MAX_ATTEMPTS = 50;

/** The theme of world `index`: themes take turns, so a batch covers them evenly. */
export function themeFor(index: number, themes?: string[]): ThemeDef {
  const list = themes && themes.length > 0 ? themes.map(getTheme) : listThemes();
  return list[index % list.length]!;
}

export function generateWorld(seed: number, index: number, opts: GenerateOptions = {}): WorldData {
  const theme = themeFor(index, opts.themes);
  const realBrands = opts.realBrands ?? false;
  const problems: string[] = [];
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const key = `${GENERATOR_VERSION}|${seed}|${index}|${theme.id}|${realBrands ? 1 : 0}|${attempt}`;
    const rng = new Rng(key);
    const faker = new Faker({ locale: [en, base], seed: hash32(key) });
    const year = rng.int(2029, 2034);
    const names = new NamePool(rng.fork('names'), faker);
    const rows = theme.generate({ rng: rng.fork('rows'), faker, names, year, realBrands });
    const n = countFacts(theme, rows);
    if (n < FACT_MIN || n > FACT_MAX) continue;
    const fx = deriveFacts(theme, rows);
    const documents = renderPages(theme, rows, fx, rng.fork('pages'), year, { genderOf: (n) => names.genderOf(n) });
    const tasks = deriveTasks(theme, rows, fx, rng.fork('tasks'));
    const data: WorldData = {
      meta: {
        format_version: FORMAT_VERSION,
        world_id: worldId(seed, index),
        theme: theme.id,
        seed,
        index,
        generator_version: GENERATOR_VERSION,
        reference_date: `${year + 1}-01-15`,
        fact_count: fx.facts.length,
        real_brands: realBrands,
      },
      theme,
      rows,
      facts: fx.facts,
      documents,
      tasks,
    };
    const found = checkWorld(data);
    if (found.length === 0) return data;
    problems.push(...found.slice(0, 3));
  }
  throw new FictionError('INCONSISTENT', `world ${worldId(seed, index)} (${theme.id}) failed ${MAX_ATTEMPTS} attempts: ${problems.slice(0, 3).join('; ')}`);
}
