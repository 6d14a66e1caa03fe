import { describe, expect, it } from 'vitest';
import { copyRows, describeTheme, sampleWorlds } from './_theme-suite.js';

const worlds = sampleWorlds('airlines');
// Routes hang off airlines and traffic records off routes, but a traffic record has no name of its own.
const theme = describeTheme('airlines', worlds, { fkChain: false });
const n = (v: unknown) => Number(v);

describe('airlines: routes and their traffic', () => {
  it('sums quarters to routes and routes to airlines, ranks routes by passengers, and keeps every load factor at most 100%', () => {
    for (const w of worlds()) {
      const { airlines, routes, traffic } = w.rows;
      for (const r of routes!) {
        const own = traffic!.filter((t) => t.route_id === r.id);
        expect(own.map((t) => String(t.quarter).slice(0, 3))).toEqual(['Q1 ', 'Q2 ', 'Q3 ', 'Q4 ']);
        expect(own.reduce((s, t) => s + n(t.passengers), 0)).toBe(n(r.annual_passengers));
        expect(r.origin).toBe(airlines![n(r.airline_id) - 1]!.hub);
        expect(String(r.launch_date) > String(airlines![n(r.airline_id) - 1]!.founded)).toBe(true);
      }
      for (const t of traffic!) {
        expect(n(t.passengers)).toBeLessThanOrEqual(n(t.seats_offered));
        expect(n(t.load_factor_pct)).toBeGreaterThan(0);
        expect(n(t.load_factor_pct)).toBeLessThanOrEqual(100);
      }
      for (const a of airlines!) {
        const own = routes!.filter((r) => r.airline_id === a.id);
        expect(own.reduce((s, r) => s + n(r.annual_passengers), 0)).toBe(n(a.passengers));
        expect(own.reduce((s, r) => s + n(r.weekly_flights), 0)).toBe(n(a.weekly_departures));
        expect(n(a.fleet_size)).toBeGreaterThan(0);
      }
      const byRank = routes!.slice().sort((a, b) => n(a.passenger_rank) - n(b.passenger_rank));
      expect(byRank.map((r) => n(r.passenger_rank))).toEqual(byRank.map((_, i) => i + 1));
      for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]!.annual_passengers)).toBeGreaterThanOrEqual(n(byRank[i]!.annual_passengers));
      expect(new Set(airlines!.map((a) => a.hub)).size).toBe(airlines!.length);
    }
  });

  it('invariants catch a changed quarter, a full-plus flight, a wrong load factor, a swapped rank and a route older than its airline', () => {
    const rows = worlds()[0]!.rows;
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
