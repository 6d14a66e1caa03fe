/**
 * The one registry of themes. Adding a theme = one file + one line here. A spec given at run time (a
 * `--theme-file`, a drafted theme under test) joins it with `registerSpecTheme` and leaves with
 * `unregisterTheme`; the built-in themes can be neither replaced nor removed.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { FictionError } from '../errors.js';
import type { ThemeDef } from './_define.js';
import { compileTheme, SPEC_OF } from './spec/compile.js';
import { parseSpec, type ThemeSpecInput } from './spec/schema.js';
import smartphones from './smartphones.js';
import launches from './launches.js';
import financials from './financials.js';
import elections from './elections.js';
import football from './football.js';
import drugs from './drugs.js';
import cities from './cities.js';
import films from './films.js';
import hotels from './hotels.js';
import universities from './universities.js';
import music from './music.js';
import airlines from './airlines.js';
import videogames from './videogames.js';
import restaurants from './restaurants.js';
import energy from './energy.js';
import weather from './weather.js';
import museums from './museums.js';
import books from './books.js';
import agriculture from './agriculture.js';
import realestate from './realestate.js';
import software from './software.js';
import ecommerce from './ecommerce.js';
import patents from './patents.js';
import esports from './esports.js';
import railways from './railways.js';

const registry = new Map<string, ThemeDef>();
let version = 0;

/** Bumped whenever a theme joins or leaves: what is computed over every theme is recomputed when it changes. */
export function registryVersion(): number {
  return version;
}

export function registerTheme(theme: ThemeDef): void {
  if (registry.has(theme.id)) throw new Error(`theme ${theme.id} is registered twice`);
  registry.set(theme.id, theme);
  version++;
}

for (const theme of [
  smartphones,
  launches,
  financials,
  elections,
  football,
  drugs,
  cities,
  films,
  hotels,
  universities,
  music,
  airlines,
  videogames,
  restaurants,
  energy,
  weather,
  museums,
  books,
  agriculture,
  realestate,
  software,
  ecommerce,
  patents,
  esports,
  railways,
])
  registerTheme(theme);

/** The ids of the themes this package ships. */
export const BUILTIN_THEMES: ReadonlySet<string> = new Set(registry.keys());

/**
 * Register a theme from its spec (validated; a bad one is a BAD_INPUT error naming the path). The same
 * spec again is a no-op, so every worker of a batch may register what the batch was given; a spec whose
 * id is taken by another theme is refused.
 */
export function registerSpecTheme(raw: ThemeSpecInput): ThemeDef {
  let spec: ReturnType<typeof parseSpec>;
  try {
    spec = parseSpec(raw);
  } catch (e) {
    throw new FictionError('BAD_INPUT', (e as Error).message);
  }
  const known = registry.get(spec.id);
  if (known) {
    if (isDeepStrictEqual(SPEC_OF.get(known), spec)) return known;
    throw new FictionError(
      'BAD_INPUT',
      `theme id "${spec.id}" is taken by ${BUILTIN_THEMES.has(spec.id) ? 'a built-in theme' : 'another theme spec'}: give the spec another id`,
    );
  }
  const theme = compileTheme(spec);
  registerTheme(theme);
  return theme;
}

/** A digest of a theme's spec (sha256 of its JSON): what a batch records of a theme it was given as a spec. */
export function specDigest(theme: ThemeDef): string {
  return createHash('sha256')
    .update(JSON.stringify(SPEC_OF.get(theme) ?? null))
    .digest('hex');
}

/** Remove a theme registered from a spec (a built-in theme stays). */
export function unregisterTheme(id: string): void {
  if (BUILTIN_THEMES.has(id)) throw new Error(`theme ${id} is built in and cannot be removed`);
  if (registry.delete(id)) version++;
}

/** Run `fn` with the spec's theme registered, and remove it afterwards unless it was registered before. */
export async function withSpecTheme<T>(raw: ThemeSpecInput, fn: (theme: ThemeDef) => Promise<T> | T): Promise<T> {
  const id = (raw as { id?: unknown }).id;
  const before = typeof id === 'string' && registry.has(id);
  const theme = registerSpecTheme(raw);
  try {
    return await fn(theme);
  } finally {
    if (!before) unregisterTheme(theme.id);
  }
}

export function hasTheme(id: string): boolean {
  return registry.has(id);
}

export function listThemes(): ThemeDef[] {
  return [...registry.values()];
}

export function getTheme(id: string): ThemeDef {
  const theme = registry.get(id);
  if (!theme) throw new FictionError('BAD_INPUT', `unknown theme "${id}" (known: ${[...registry.keys()].join(', ')})`);
  return theme;
}
