/**
 * League standings from match results: wins, draws, losses, goals, points and the final position by
 * the declared tie-break order (points, goal difference, goals scored, name). The check in checks.ts
 * recomputes the same from the matches.
 */
import { z } from 'zod';
import type { Row } from '../../_define.js';
import { derivation, tableRows } from './registry.js';

const num = (v: unknown) => Number(v);

export const LeagueArgs = z.object({
  clubs: z.string(),
  matches: z.string(),
  home: z.string(),
  away: z.string(),
  homeGoals: z.string(),
  awayGoals: z.string(),
  nameColumn: z.string().default('name'),
  /** Points for a win and a draw. */
  win: z.number().int().default(3),
  draw: z.number().int().default(1),
});
export type LeagueArgs = z.infer<typeof LeagueArgs>;

export interface Standing {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goals_for: number;
  goals_against: number;
  points: number;
}

/** Each club's record, recomputed from the match results. */
export function standingsFrom(clubs: Row[], matches: Row[], a: LeagueArgs): Map<number, Standing> {
  const s = new Map<number, Standing>(clubs.map((c) => [c.id, { played: 0, wins: 0, draws: 0, losses: 0, goals_for: 0, goals_against: 0, points: 0 }]));
  const record = (id: number, gf: number, ga: number) => {
    const x = s.get(id);
    if (!x) return;
    x.played++;
    x.goals_for += gf;
    x.goals_against += ga;
    if (gf > ga) x.wins++;
    else if (gf === ga) x.draws++;
    else x.losses++;
    x.points = a.win * x.wins + a.draw * x.draws;
  };
  for (const m of matches) {
    record(num(m[a.home]), num(m[a.homeGoals]), num(m[a.awayGoals]));
    record(num(m[a.away]), num(m[a.awayGoals]), num(m[a.homeGoals]));
  }
  return s;
}

/** The tie-break order of the league table: points, then goal difference, then goals scored, then name. */
export const tableOrder = (nameColumn: string) => (x: Row, y: Row) => {
  const gd = (r: Row) => num(r.goals_for) - num(r.goals_against);
  const nx = String(x[nameColumn]);
  const ny = String(y[nameColumn]);
  return num(y.points) - num(x.points) || gd(y) - gd(x) || num(y.goals_for) - num(x.goals_for) || (nx < ny ? -1 : nx > ny ? 1 : 0);
};

/** Each club with its final position (from 1), by the tie-break order over the records the results give. */
export function positions(clubs: Row[], table: Map<number, Standing>, nameColumn: string): [Row, number][] {
  const full = new Map(clubs.map((c) => [{ ...c, ...table.get(c.id)! } as Row, c]));
  return [...full.keys()].sort(tableOrder(nameColumn)).map((r, i) => [full.get(r)!, i + 1]);
}

export const STANDING_COLUMNS = ['wins', 'draws', 'losses', 'goals_for', 'goals_against', 'points'] as const;

/** Writes the standings into the clubs' wins … points and league_position columns. */
export const leagueStandings = derivation({
  args: LeagueArgs,
  run(rows, a) {
    const clubs = tableRows(rows, a.clubs);
    const table = standingsFrom(clubs, tableRows(rows, a.matches), a);
    // A column the world lacks (an optional attribute, null) stays null; the order is the results' own.
    for (const c of clubs) for (const k of STANDING_COLUMNS) if (c[k] !== null) c[k] = table.get(c.id)![k];
    for (const [c, i] of positions(clubs, table, a.nameColumn)) if (c.league_position !== null) c.league_position = i;
  },
});
