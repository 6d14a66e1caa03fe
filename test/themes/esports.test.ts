import { describe, it, expect } from 'vitest';
import { describeTheme, expectBreaksCaught, expectDatesWithin, type InvariantBreak, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('esports');
const theme = describeTheme('esports', worlds);
const n = (v: unknown) => Number(v);

/** Each tier word's band of prize pool and peak viewers, as the theme declares them. */
const TIERS: { words: string[]; prize_pool_usd: [number, number]; peak_viewers: [number, number] }[] = [
  { words: ['Major', 'World Finals', 'Championship'], prize_pool_usd: [600_000, 3_000_000], peak_viewers: [400_000, 3_200_000] },
  { words: ['Masters', 'Invitational', 'Showdown'], prize_pool_usd: [150_000, 590_000], peak_viewers: [90_000, 650_000] },
  { words: ['Open', 'Cup', 'Challenger'], prize_pool_usd: [25_000, 145_000], peak_viewers: [6_000, 120_000] },
];
const tierOf = (name: unknown) => TIERS.find((t) => t.words.some((w) => String(name).endsWith(` ${w}`)));

describe('esports: organisations, teams, players, tournaments and placements', () => {
  it('shares each prize pool among its placed teams, places them by prize money, and sums and counts up to teams and organisations', () => {
    for (const w of worlds()) {
      const { organisations, teams, players, tournaments, placements } = w.rows;
      for (const t of tournaments!) {
        const own = placements!.filter((p) => p.tournament_id === t.id);
        expect(own.length >= 4 && own.length <= 6).toBe(true);
        expect(n(t.team_count)).toBe(own.length);
        // No team twice at one tournament; the whole pool is paid out, each placed team at least 1,000.
        expect(new Set(own.map((p) => p.team_id)).size).toBe(own.length);
        expect(own.reduce((s, p) => s + n(p.prize_usd), 0)).toBeLessThanOrEqual(n(t.prize_pool_usd));
        for (const p of own) expect(n(p.prize_usd)).toBeGreaterThanOrEqual(1000);
        // Placings 1..n, unique, in the order of the prize money.
        const byPlace = own.slice().sort((a, b) => n(a.placing) - n(b.placing));
        expect(byPlace.map((p) => n(p.placing))).toEqual(byPlace.map((_, i) => i + 1));
        for (let i = 1; i < byPlace.length; i++) expect(n(byPlace[i - 1]!.prize_usd)).toBeGreaterThanOrEqual(n(byPlace[i]!.prize_usd));
        expect(own.reduce((s, p) => s + n(p.pool_share_pct), 0)).toBeLessThanOrEqual(100 + 1e-9);
        for (const p of own) {
          expect(Math.abs(n(p.pool_share_pct) - (n(p.prize_usd) / n(t.prize_pool_usd)) * 100)).toBeLessThan(0.11);
          if (p.matches_won != null) expect(n(p.matches_won) >= 1 && n(p.matches_won) <= 14).toBe(true);
          // A team's run ends after the tournament opens and after the team was formed.
          expect(String(p.last_match_date) > String(t.start_date)).toBe(true);
          expect(String(p.last_match_date) > String(teams![n(p.team_id) - 1]!.founded)).toBe(true);
        }
      }
      for (const t of teams!) {
        const own = placements!.filter((p) => p.team_id === t.id);
        expect(n(t.season_prize_usd)).toBe(own.reduce((s, p) => s + n(p.prize_usd), 0));
        if (t.events_played != null) expect(n(t.events_played)).toBe(own.length);
        const org = organisations![n(t.organisation_id) - 1]!;
        expect(String(t.founded) > String(org.founded)).toBe(true);
        // A team is its organisation's stem and a roster word.
        expect(String(t.name).startsWith(`${String(org.name).split(' ')[0]} `)).toBe(true);
        const roster = players!.filter((p) => p.team_id === t.id);
        expect(roster.length >= 2 && roster.length <= 3).toBe(true);
        expect(new Set(roster.map((p) => p.role)).size).toBe(roster.length);
        for (const p of roster) if (p.joined_on != null) expect(String(p.joined_on) > String(t.founded)).toBe(true);
      }
      for (const o of organisations!) {
        const own = teams!.filter((t) => t.organisation_id === o.id);
        expect(n(o.team_count)).toBe(own.length);
        expect(n(o.season_prize_usd)).toBe(own.reduce((s, t) => s + n(t.season_prize_usd), 0));
        // No two teams of one organisation in the same game title.
        expect(new Set(own.map((t) => t.game_title)).size).toBe(own.length);
      }
      expect(new Set(players!.map((p) => p.handle)).size).toBe(players!.length);
      for (const [table, rank, by] of [
        ['teams', 'world_rank', 'rating_points'],
        ['players', 'earnings_rank', 'career_earnings_usd'],
      ] as const) {
        const list = w.rows[table]!;
        if (list.every((r) => r[rank] == null)) continue;
        const byRank = list.slice().sort((a, b) => n(a[rank]) - n(b[rank]));
        expect(byRank.map((r) => n(r[rank]))).toEqual(byRank.map((_, i) => i + 1));
        for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]![by])).toBeGreaterThanOrEqual(n(byRank[i]![by]));
      }
    }
    // Teams are formed before the season; tournaments open in it; players are 19 to 31 and signed in the last three years.
    expectDatesWithin(worlds(), 'teams', 'founded', (y) => [`${y - 24}-01-01`, `${y - 1}-09-30`]);
    expectDatesWithin(worlds(), 'tournaments', 'start_date', (y) => [`${y}-01-01`, `${y}-12-31`]);
    expectDatesWithin(worlds(), 'players', 'birth_date', (y) => [`${y - 32}-01-01`, `${y - 19}-12-31`]);
    expectDatesWithin(worlds(), 'players', 'joined_on', (y) => [`${y - 3}-01-01`, `${y - 1}-12-31`]);
  });

  it('names each tournament by a tier word that sets its prize pool and audience; a Major pays more than an Open', () => {
    const all = worlds().flatMap((w) => w.rows.tournaments!);
    for (const t of all) {
      const tier = tierOf(t.name);
      expect(tier, String(t.name)).toBeDefined();
      for (const col of ['prize_pool_usd', 'peak_viewers'] as const) {
        if (t[col] == null) continue;
        const [lo, hi] = tier![col];
        expect(n(t[col]) >= lo && n(t[col]) <= hi, `${t.name} ${col} ${t[col]}`).toBe(true);
      }
    }
    const pools = (i: number) => all.filter((t) => tierOf(t.name) === TIERS[i]).map((t) => n(t.prize_pool_usd));
    expect(pools(0).length).toBeGreaterThan(0);
    expect(pools(2).length).toBeGreaterThan(0);
    expect(Math.min(...pools(0))).toBeGreaterThan(Math.max(...pools(2)));
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch an overpaid placement, a swapped placing, a wrong pool share, a mis-banded Open, a team older than its organisation, a match before a team was formed and wrong counts and sums', () => {
    const cases: InvariantBreak[] = [
      [
        () => true,
        (r) => {
          // More prize money than the pool (the team's and organisation's season sums follow).
          const p = r.placements![0]!;
          const t = r.tournaments![n(p.tournament_id) - 1]!;
          const extra = n(t.prize_pool_usd);
          p.prize_usd = n(p.prize_usd) + extra;
          const team = r.teams![n(p.team_id) - 1]!;
          team.season_prize_usd = n(team.season_prize_usd) + extra;
          r.organisations![n(team.organisation_id) - 1]!.season_prize_usd = n(r.organisations![n(team.organisation_id) - 1]!.season_prize_usd) + extra;
        },
      ],
      [
        () => true,
        (r) => {
          const [a, b] = r.placements!.filter((p) => p.tournament_id === 1);
          [a!.placing, b!.placing] = [b!.placing!, a!.placing!];
        },
      ],
      [
        () => true,
        (r) => {
          const [a, b] = r.placements!.filter((p) => p.tournament_id === 1);
          b!.placing = a!.placing!;
        },
      ],
      [
        () => true,
        (r) => {
          r.placements![0]!.pool_share_pct = n(r.placements![0]!.pool_share_pct) + 5;
        },
      ],
      [
        () => true,
        (r) => {
          r.tournaments![0]!.name = `${String(r.tournaments![0]!.name).split(' ')[0]} Open`;
          r.tournaments![0]!.prize_pool_usd = 2_000_000;
        },
      ],
      [
        () => true,
        (r) => {
          const t = r.teams![0]!;
          t.founded = r.organisations![n(t.organisation_id) - 1]!.founded!;
        },
      ],
      [
        () => true,
        (r) => {
          const p = r.placements![0]!;
          r.teams![n(p.team_id) - 1]!.founded = p.last_match_date!;
        },
      ],
      [
        () => true,
        (r) => {
          r.tournaments![0]!.team_count = n(r.tournaments![0]!.team_count) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.teams![0]!.season_prize_usd = n(r.teams![0]!.season_prize_usd) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.organisations![0]!.team_count = n(r.organisations![0]!.team_count) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.organisations![0]!.season_prize_usd = n(r.organisations![0]!.season_prize_usd) + 1;
        },
      ],
      [
        (r) => r.teams![0]!.world_rank != null,
        (r) => {
          const [a, b] = r.teams!;
          [a!.world_rank, b!.world_rank] = [b!.world_rank!, a!.world_rank!];
        },
      ],
      [
        (r) => r.players![0]!.earnings_rank != null,
        (r) => {
          const [a, b] = r.players!;
          [a!.earnings_rank, b!.earnings_rank] = [b!.earnings_rank!, a!.earnings_rank!];
        },
      ],
      [
        (r) => r.players!.some((p) => p.joined_on != null),
        (r) => {
          const p = r.players!.find((x) => x.joined_on != null)!;
          p.joined_on = r.teams![n(p.team_id) - 1]!.founded!;
        },
      ],
      [
        (r) => r.placements![0]!.matches_won != null,
        (r) => {
          r.placements![0]!.matches_won = 40;
        },
      ],
    ];
    expectBreaksCaught(theme, worlds(), cases);
  });
});
