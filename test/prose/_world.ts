/**
 * Test fixtures for the realizer: the 8 registered themes, compiled from their specs, whose columns
 * carry the lexicons (ColumnDef.say), time roles and person naming of the spec files' SAY blocks, and
 * whose domain is the spec's. Genders of people are drawn from a hash of the name (a stand-in for the
 * naming model), except for names listed as unknown.
 */
import { Faker, base, en } from '@faker-js/faker';
import { createWriter } from '../../src/prose/writer.js';
import type { PageContext, ProseWorld, Writer } from '../../src/prose/types.js';
import { Rng, hash32 } from '../../src/rng.js';
import type { ThemeDef } from '../../src/themes/_define.js';
import { NamePool } from '../../src/themes/_names.js';
import { getTheme, listThemes } from '../../src/themes/registry.js';
import { deriveFacts } from '../../src/world/facts.js';

export const THEME_IDS = listThemes().map((t) => t.id);

/** The registered theme (its lexicons are its columns' `say`). */
export function themeWithDrafts(id: string): ThemeDef {
  return getTheme(id);
}

export interface TestWorld extends ProseWorld {
  /** Person names whose gender the world does not know (no pronoun may stand for them). */
  unknownGender: Set<string>;
}

/** A world of theme `id` drawn with `seed`; a few people have no recorded gender. */
export function makeWorld(id: string, seed = 1, year = 2031): TestWorld {
  const theme = themeWithDrafts(id);
  const rng = new Rng(`prose-test|${id}|${seed}`);
  const faker = new Faker({ locale: [en, base], seed: hash32(`${id}|${seed}`) });
  const rows = theme.generate({ rng: rng.fork('rows'), faker, names: new NamePool(rng.fork('names'), faker), year, realBrands: false });
  const fx = deriveFacts(theme, rows);
  const people = new Set<string>();
  for (const t of theme.tables) if (t.naming?.kind === 'person') for (const r of rows[t.name] ?? []) people.add(fx.name(t.name, r.id));
  const unknownGender = new Set([...people].filter((n) => hash32(`u:${n}`) % 5 === 0));
  return {
    theme,
    rows,
    fx,
    year,
    unknownGender,
    genderOf: (name) => (!people.has(name) || unknownGender.has(name) ? undefined : hash32(name) % 2 === 0 ? 'female' : 'male'),
  };
}

export function pageOf(seed: string, over: Partial<PageContext> = {}): PageContext {
  return { rng: new Rng(seed), date: null, num: 0, dateStyle: 0, site: 'Orbis Encyclopedia', genre: 'entity', ...over };
}

export function writerFor(world: ProseWorld, seed: string, over: Partial<PageContext> = {}): Writer {
  return createWriter(world, pageOf(seed, over));
}
