import { describe, expect, it } from 'vitest';
import { copyRows, describeTheme, sampleWorlds } from './_theme-suite.js';

const worlds = sampleWorlds('airlines');
// Routes hang off airlines and traffic records off routes, but a traffic record has no name of its own.
const theme = describeTheme('airlines', worlds, { fkChain: false });
const n = (v: unknown) => Number(v);

describe('airlines: routes and their traffic', () => {
  it('sums quarters to routes and routes to airlines, ranks routes by passengers, and keeps every load factor at most 100% (where the world has those figures)', () => {
    let ranked = 0;
    for (const w of worlds()) {
      const { airlines, routes, traffic } = w.rows;
      for (const r of routes!) {
        const own = traffic!.filter((t) => t.route_id === r.id);
        expect(own.map((t) => String(t.quarter).slice(0, 3))).toEqual(['Q1 ', 'Q2 ', 'Q3 ', 'Q4 ']);
        if (r.annual_passengers !== null) expect(own.reduce((s, t) => s + n(t.passengers), 0)).toBe(n(r.annual_passengers));
        expect(r.origin).toBe(airlines![n(r.airline_id) - 1]!.hub);
        if (r.launch_date !== null) expect(String(r.launch_date) > String(airlines![n(r.airline_id) - 1]!.founded)).toBe(true);
      }
      for (const t of traffic!) {
        expect(n(t.passengers)).toBeLessThanOrEqual(n(t.seats_offered));
        if (t.load_factor_pct === null) continue;
        expect(n(t.load_factor_pct)).toBeGreaterThan(0);
        expect(n(t.load_factor_pct)).toBeLessThanOrEqual(100);
      }
      for (const a of airlines!) {
        const own = routes!.filter((r) => r.airline_id === a.id);
        // An airline's passengers are its routes' and the staff follow the fleet: the world has both or neither.
        expect(a.passengers === null).toBe(own[0]!.annual_passengers === null);
        expect(a.employees === null).toBe(a.fleet_size === null);
        if (a.passengers !== null) expect(own.reduce((s, r) => s + n(r.annual_passengers), 0)).toBe(n(a.passengers));
        expect(own.reduce((s, r) => s + n(r.weekly_flights), 0)).toBe(n(a.weekly_departures));
        if (a.fleet_size !== null) expect(n(a.fleet_size)).toBeGreaterThan(0);
      }
      expect(new Set(airlines!.map((a) => a.hub)).size).toBe(airlines!.length);
      if (routes![0]!.passenger_rank === null) continue;
      ranked++;
      const byRank = routes!.slice().sort((a, b) => n(a.passenger_rank) - n(b.passenger_rank));
      expect(byRank.map((r) => n(r.passenger_rank))).toEqual(byRank.map((_, i) => i + 1));
      for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]!.annual_passengers)).toBeGreaterThanOrEqual(n(byRank[i]!.annual_passengers));
    }
    expect(ranked).toBeGreaterThan(0);
  });

  it('invariants catch a changed quarter, a full-plus flight, a wrong load factor, a swapped rank and a route older than its airline', () => {
    // A world with the optional figures the breaks touch: load factors, ranks and launch dates.
    const rows = worlds().find(
      (w) => w.rows.traffic![2]!.load_factor_pct !== null && w.rows.routes![0]!.passenger_rank !== null && w.rows.routes![0]!.launch_date !== null,
    )!.rows;
    for (const w of worlds()) expect(theme.invariants(w.rows)).toEqual([]);
    const broken = [
      (r: typeof rows) => {
        r.traffic![0]!.passengers = n(r.traffic![0]!.passengers) + 1;
      },
      (r: typeof rows) => {
        r.traffic![1]!.passengers = n(r.traffic![1]!.seats_offered) + 10;
      },
      (r: typeof rows) => {
        r.traffic![2]!.load_factor_pct = n(r.traffic![2]!.load_factor_pct) + 3;
      },
      (r: typeof rows) => {
        const [a, b] = r.routes!;
        [a!.passenger_rank, b!.passenger_rank] = [b!.passenger_rank!, a!.passenger_rank!];
      },
      (r: typeof rows) => {
        const route = r.routes![0]!;
        route.launch_date = r.airlines![n(route.airline_id) - 1]!.founded!;
      },
    ];
    for (const breakIt of broken) {
      const copy = copyRows(rows);
      breakIt(copy);
      expect(theme.invariants(copy).length).toBeGreaterThan(0);
    }
  });
});
