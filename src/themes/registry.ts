/** The one registry of themes. Adding a theme = one file + one line here. */
import { FictionError } from '../errors.js';
import type { ThemeDef } from './_define.js';
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

const registry = new Map<string, ThemeDef>();

export function registerTheme(theme: ThemeDef): void {
  if (registry.has(theme.id)) throw new Error(`theme ${theme.id} is registered twice`);
  registry.set(theme.id, theme);
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
])
  registerTheme(theme);

export function listThemes(): ThemeDef[] {
  return [...registry.values()];
}

export function getTheme(id: string): ThemeDef {
  const theme = registry.get(id);
  if (!theme) throw new FictionError('BAD_INPUT', `unknown theme "${id}" (known: ${[...registry.keys()].join(', ')})`);
  return theme;
}
