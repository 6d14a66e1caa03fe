import { describe, it, expect } from 'vitest';
import type { Row } from '../../src/themes/_define.js';
import { copyRows, describeTheme, expectDatesWithin, sampleWorlds } from './_theme-suite.js';

const worlds = sampleWorlds('football');
const theme = describeTheme('football', worlds);
const n = (v: unknown) => Number(v);

describe('football: the season', () => {
  it('standings agree with the match results, recomputed independently (goals conceded and the position where the world has them)', () => {
    let ranked = 0;
    for (const w of worlds()) {
      const { clubs, matches } = w.rows as Record<string, Row[]>;
      for (const c of clubs!) {
        let wins = 0,
          draws = 0,
          losses = 0,
          gf = 0,
          ga = 0;
        for (const m of matches!) {
          const home = n(m.home_club_id) === c.id,
            away = n(m.away_club_id) === c.id;
          if (!home && !away) continue;
          const f = home ? n(m.home_goals) : n(m.away_goals),
            a = home ? n(m.away_goals) : n(m.home_goals);
          gf += f;
          ga += a;
          if (f > a) wins++;
          else if (f === a) draws++;
          else losses++;
        }
        expect([c.wins, c.draws, c.losses, c.goals_for, c.points]).toEqual([wins, draws, losses, gf, 3 * wins + draws]);
        if (c.goals_against !== null) expect(c.goals_against).toBe(ga);
      }
      // The table's order: points, goal difference, goals scored (recomputed here for a world without goals conceded).
      if (clubs![0]!.league_position === null) continue;
      ranked++;
      const positions = clubs!.map((c) => n(c.league_position)).sort((a, b) => a - b);
      expect(positions).toEqual(clubs!.map((_, i) => i + 1));
      const top = clubs!.find((c) => n(c.league_position) === 1)!;
      for (const c of clubs!) expect(n(top.points)).toBeGreaterThanOrEqual(n(c.points));
    }
    expect(ranked).toBeGreaterThan(0);
  });

  it('every pair of clubs meets once (single round robin) or twice with venues swapped (double)', () => {
    for (const w of worlds()) {
      const { clubs, matches } = w.rows;
      const k = clubs!.length;
      const pairs = matches!.length / ((k * (k - 1)) / 2);
      expect([1, 2]).toContain(pairs);
      const fixtures = new Set(matches!.map((m) => `${m.home_club_id}-${m.away_club_id}`));
      expect(fixtures.size).toBe(matches!.length);
    }
  });

  it('plays its matches in the reference year', () => {
    expectDatesWithin(worlds(), 'matches', 'match_date', (y) => [`${y}-01-01`, `${y}-12-31`]);
  });

  it('invariants catch a changed score, a wrong position, an oversold ground, too many goals and too many appearances', () => {
    // A world with the optional figures these breaks touch: positions, attendances, appearances.
    const rows = worlds().find(
      (w) => w.rows.clubs![0]!.league_position !== null && w.rows.matches![0]!.attendance !== null && w.rows.players![0]!.appearances !== null,
    )!.rows;
    for (const w of worlds()) expect(theme.invariants(w.rows)).toEqual([]);
    const broken = [
      (r: typeof rows) => {
        r.matches![0]!.home_goals = n(r.matches![0]!.home_goals) + 1;
      },
      (r: typeof rows) => {
        const [a, b] = r.clubs!;
        [a!.league_position, b!.league_position] = [b!.league_position!, a!.league_position!];
      },
      (r: typeof rows) => {
        const m = r.matches![0]!;
        m.attendance = n(r.clubs![n(m.home_club_id) - 1]!.capacity) + 1;
      },
      (r: typeof rows) => {
        const p = r.players![0]!;
        p.goals = n(r.clubs![n(p.club_id) - 1]!.goals_for) + 1;
      },
      (r: typeof rows) => {
        r.players![0]!.appearances = r.matches!.length + 1;
      },
      (r: typeof rows) => {
        r.clubs![0]!.points = n(r.clubs![0]!.points) + 3;
      },
    ];
    for (const breakIt of broken) {
      const copy = copyRows(rows);
      breakIt(copy);
      expect(theme.invariants(copy).length).toBeGreaterThan(0);
    }
  });
});

describe('football: domain sense', () => {
  it('a season is a full round robin: every pair of clubs meets once, or home and away, and only with six clubs or fewer twice', () => {
    const legsSeen = new Set<number>();
    for (const w of worlds()) {
      const clubs = w.rows.clubs!.length;
      const meetings = new Map<string, number>();
      for (const m of w.rows.matches!) {
        const key = [n(m.home_club_id), n(m.away_club_id)].sort((a, b) => a - b).join('-');
        meetings.set(key, (meetings.get(key) ?? 0) + 1);
      }
      expect(meetings.size).toBe((clubs * (clubs - 1)) / 2);
      const legs = new Set(meetings.values());
      expect(legs.size).toBe(1);
      const l = [...legs][0]!;
      legsSeen.add(l);
      if (l === 2) expect(clubs).toBeLessThanOrEqual(6);
    }
    expect(legsSeen).toEqual(new Set([1, 2]));
  });

  it("a league's players are all of one sex (drawn per world), so pronouns agree across the squad", async () => {
    const { Faker, en, base } = await import('@faker-js/faker');
    const { Rng } = await import('../../src/rng.js');
    const { NamePool } = await import('../../src/themes/_names.js');
    const seen = new Set<string>();
    for (let k = 0; k < 6; k++) {
      const rng = new Rng(`squad-${k}`);
      const faker = new Faker({ locale: [en, base], seed: k });
      const names = new NamePool(rng.fork('names'), faker);
      const rows = theme.generate({ rng, faker, names, year: 2031, realBrands: false });
      const genders = new Set(rows.players!.map((p) => names.genderOf(String(p.name))));
      expect(genders.size).toBe(1);
      seen.add(String([...genders][0]));
    }
    expect(seen).toEqual(new Set(['female', 'male']));
  });

  it('a goalkeeper scores no league goals; the check catches one who does', () => {
    for (const w of worlds()) for (const p of w.rows.players!) if (p.position === 'goalkeeper') expect(n(p.goals)).toBe(0);
    const rows = copyRows(worlds()[0]!.rows);
    const p = rows.players![0]!;
    p.position = 'goalkeeper';
    p.goals = 2;
    expect(theme.invariants(rows).some((m) => m.includes('a goalkeeper may have'))).toBe(true);
  });
});
