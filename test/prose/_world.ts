/**
 * Test fixtures for the realizer: the 8 current themes with the lexicon drafts (drafts/<theme>.ts)
 * attached as ColumnDef.say, checked against the Lexicon and Domain schemas, plus the time roles and
 * person naming the theme specs will carry. Genders of people are drawn from a hash of the name
 * (a stand-in for the naming model), except for names listed as unknown.
 */
import { Faker, base, en } from '@faker-js/faker';
import * as cities from '../../drafts/cities.js';
import * as drugs from '../../drafts/drugs.js';
import * as elections from '../../drafts/elections.js';
import * as films from '../../drafts/films.js';
import * as financials from '../../drafts/financials.js';
import * as football from '../../drafts/football.js';
import * as launches from '../../drafts/launches.js';
import * as smartphones from '../../drafts/smartphones.js';
import { createWriter } from '../../src/prose/writer.js';
import type { PageContext, ProseWorld, Writer } from '../../src/prose/types.js';
import { Rng, hash32 } from '../../src/rng.js';
import type { ColumnDef, ThemeDef } from '../../src/themes/_define.js';
import { NamePool } from '../../src/themes/_names.js';
import { getTheme } from '../../src/themes/registry.js';
import { Domain, Lexicon, type TimeRole } from '../../src/themes/spec/parts.js';
import { deriveFacts } from '../../src/world/facts.js';

export const DRAFTS: Record<string, { SAY: Record<string, unknown>; DOMAIN: unknown }> = {
  smartphones,
  launches,
  financials,
  drugs,
  football,
  elections,
  cities,
  films,
};
export const THEME_IDS = Object.keys(DRAFTS);

/** Totals over the world's year and figures for a row's own period (what the theme specs will declare). */
const PERIODS: Record<string, TimeRole> = {
  'models.units_sold': 'year_end',
  'models.sales_rank': 'year_end',
  'quarterly_sales.units': { periodColumn: 'quarter' },
  'quarterly_sales.market_share_pct': { periodColumn: 'quarter' },
  'vehicles.launches_in_year': 'year_end',
  'companies.annual_revenue_usd': 'year_end',
  'companies.annual_operating_income_usd': 'year_end',
  'companies.annual_net_income_usd': 'year_end',
  'companies.net_margin_pct': 'year_end',
  'quarterly_results.revenue_usd': { periodColumn: 'quarter' },
  'quarterly_results.operating_income_usd': { periodColumn: 'quarter' },
  'quarterly_results.net_income_usd': { periodColumn: 'quarter' },
  'quarterly_results.net_margin_pct': { periodColumn: 'quarter' },
  'clubs.points': 'year_end',
  'clubs.wins': 'year_end',
  'clubs.league_position': 'year_end',
  'players.goals': 'year_end',
  'films.total_gross_usd': 'year_end',
  'weekly_grosses.gross_usd': { periodColumn: 'week_ending' },
  'weekly_grosses.chart_rank': { periodColumn: 'week_ending' },
  // A match's result and a launch's outcome are true from the event's own date (an ISO period end).
  'matches.home_goals': { periodColumn: 'match_date' },
  'matches.away_goals': { periodColumn: 'match_date' },
  'matches.attendance': { periodColumn: 'match_date' },
  'launches.payload_mass_kg': { periodColumn: 'launch_date' },
  'launches.failure_mode': { periodColumn: 'launch_date' },
};
const PEOPLE = new Set(['players', 'candidates', 'mayors', 'directors']);

const themes = new Map<string, ThemeDef>();

/** The theme with its drafts attached (validated by the spec schemas: a bad draft fails here). */
export function themeWithDrafts(id: string): ThemeDef {
  const hit = themes.get(id);
  if (hit) return hit;
  const base = getTheme(id);
  const draft = DRAFTS[id]!;
  const theme: ThemeDef = {
    ...base,
    domain: Domain.parse(draft.DOMAIN),
    tables: base.tables.map((t) => ({
      ...t,
      naming: PEOPLE.has(t.name) ? { kind: 'person' } : t.naming,
      columns: t.columns.map((c): ColumnDef => {
        const key = `${t.name}.${c.name}`;
        const say = draft.SAY[key] === undefined ? undefined : Lexicon.parse(draft.SAY[key]);
        const time = PERIODS[key] ?? (c.type === 'date' && say?.future ? 'event' : undefined);
        return { ...c, say, time };
      }),
    })),
  };
  themes.set(id, theme);
  return theme;
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
