import { describe, it, expect } from 'vitest';
import { describeTheme, expectBreaksCaught, expectDatesWithin, type InvariantBreak, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('railways');
const theme = describeTheme('railways', worlds);
const n = (v: unknown) => Number(v);

/** Each tier word's kind of service and bands, as the theme declares them. */
const TIERS: {
  words: string[];
  service: string;
  length_km: [number, number];
  top_speed_kmh: [number, number];
  trains_per_day: [number, number];
  avg_load: [number, number];
}[] = [
  { words: ['Express', 'Flyer'], service: 'high-speed', length_km: [180, 640], top_speed_kmh: [250, 320], trains_per_day: [24, 72], avg_load: [360, 720] },
  {
    words: ['Intercity', 'Limited'],
    service: 'long-distance',
    length_km: [110, 480],
    top_speed_kmh: [160, 225],
    trains_per_day: [14, 44],
    avg_load: [220, 520],
  },
  { words: ['Line', 'Link'], service: 'regional', length_km: [30, 150], top_speed_kmh: [110, 160], trains_per_day: [18, 60], avg_load: [70, 240] },
  { words: ['Sprinter', 'Shuttle'], service: 'commuter', length_km: [12, 65], top_speed_kmh: [90, 140], trains_per_day: [60, 190], avg_load: [150, 460] },
  { words: ['Sleeper', 'Nightliner'], service: 'sleeper', length_km: [380, 980], top_speed_kmh: [140, 200], trains_per_day: [2, 4], avg_load: [140, 320] },
];
const tierOf = (name: unknown) => TIERS.find((t) => t.words.some((w) => String(name).endsWith(` ${w}`)));

describe('railways: operators, stations, train classes, lines and quarterly performance', () => {
  it('links every pair of stations once, sums quarters to lines and lines to operators, counts lines and ranks by journeys', () => {
    for (const w of worlds()) {
      const { operators, stations, train_classes: classes, lines, line_quarters: quarters } = w.rows;
      const year = Number(w.meta.reference_date.slice(0, 4)) - 1;
      expect(stations!.length).toBe(5);
      expect(lines!.length).toBe(10);
      const pairs = new Set(lines!.map((l) => [n(l.origin_station_id), n(l.terminus_station_id)].sort().join('-')));
      expect(pairs.size).toBe(10);
      for (const l of lines!) {
        expect(l.origin_station_id).not.toBe(l.terminus_station_id);
        const own = quarters!.filter((q) => q.line_id === l.id);
        expect(own.map((q) => q.quarter)).toEqual([1, 2, 3, 4].map((k) => `Q${k} ${year}`));
        expect(own.reduce((t, q) => t + n(q.journeys), 0)).toBe(n(l.annual_journeys));
        for (const q of own) {
          // Scheduled trains = trains a day × 88–91; journeys = scheduled × the line's load × 0.85–1.15.
          expect(n(q.scheduled_trains) >= n(l.trains_per_day) * 88 - 1 && n(q.scheduled_trains) <= n(l.trains_per_day) * 91 + 1).toBe(true);
          const load = n(q.journeys) / n(q.scheduled_trains);
          expect(load >= n(l.avg_load) * 0.85 - 0.1 && load <= n(l.avg_load) * 1.15 + 0.1, `${l.name} ${q.quarter}: ${load}`).toBe(true);
          expect(n(q.on_time_pct) > 0 && n(q.on_time_pct) <= 100).toBe(true);
          if (q.cancellations != null) {
            expect(n(q.cancellations)).toBeGreaterThanOrEqual(0);
            expect(n(q.cancellations)).toBeLessThan(n(q.scheduled_trains));
          }
        }
        if (l.annual_cancellations != null) expect(own.reduce((t, q) => t + n(q.cancellations), 0)).toBe(n(l.annual_cancellations));
        else for (const q of own) expect(q.cancellations).toBeNull();
        if (l.on_time_pct != null) {
          const mean = own.reduce((t, q) => t + n(q.on_time_pct), 0) / own.length;
          expect(Math.abs(mean - n(l.on_time_pct))).toBeLessThanOrEqual(0.05 + 1e-9);
          expect(n(l.on_time_pct)).toBeLessThanOrEqual(100);
        }
        // A line opens after its operator was set up and after both its stations opened, before the world year.
        const op = operators![n(l.operator_id) - 1]!;
        expect(String(l.opened) > String(op.founded)).toBe(true);
        expect(String(l.opened) > String(stations![n(l.origin_station_id) - 1]!.opened)).toBe(true);
        expect(String(l.opened) > String(stations![n(l.terminus_station_id) - 1]!.opened)).toBe(true);
      }
      for (const o of operators!) {
        const own = lines!.filter((l) => l.operator_id === o.id);
        expect(own.length).toBeGreaterThanOrEqual(2);
        expect(n(o.line_count)).toBe(own.length);
        expect(n(o.passenger_journeys)).toBe(own.reduce((t, l) => t + n(l.annual_journeys), 0));
        const fleet = classes!.filter((c) => c.operator_id === o.id);
        expect(fleet.length >= 1 && fleet.length <= 3).toBe(true);
        expect(n(o.fleet_size)).toBe(fleet.reduce((t, c) => t + n(c.units), 0));
        for (const c of fleet) {
          expect(String(c.joined_fleet) > String(o.founded)).toBe(true);
          // A train class is named after its operator's first word.
          expect(String(c.name).startsWith(`${String(o.name).split(' ')[0]} `)).toBe(true);
        }
      }
      for (const s of stations!) {
        const perPlatform = n(s.annual_footfall) / n(s.platforms);
        expect(perPlatform >= 350_000 - 1000 && perPlatform <= 2_200_000 + 1000).toBe(true);
      }
      for (const [table, rank, by] of [
        ['lines', 'journeys_rank', 'annual_journeys'],
        ['operators', 'journeys_rank', 'passenger_journeys'],
      ] as const) {
        const list = w.rows[table]!;
        if (list.every((r) => r[rank] == null)) continue;
        const byRank = list.slice().sort((a, b) => n(a[rank]) - n(b[rank]));
        expect(byRank.map((r) => n(r[rank]))).toEqual(byRank.map((_, i) => i + 1));
        for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]![by])).toBeGreaterThanOrEqual(n(byRank[i]![by]));
      }
    }
    expectDatesWithin(worlds(), 'operators', 'founded', (y) => [`${y - 41}-01-01`, `${y - 4}-12-31`]);
    expectDatesWithin(worlds(), 'lines', 'opened', (y) => [`${y - 41}-01-01`, `${y - 1}-07-31`]);
    expectDatesWithin(worlds(), 'train_classes', 'joined_fleet', (y) => [`${y - 41}-01-01`, `${y - 1}-11-30`]);
  });

  it('names each line by a tier word that sets its service and bands; an Express is faster than any Sprinter, a Sprinter busier than any Sleeper', () => {
    const all = worlds().flatMap((w) => w.rows.lines!);
    for (const l of all) {
      const tier = tierOf(l.name);
      expect(tier, String(l.name)).toBeDefined();
      if (l.service_type != null) expect(l.service_type).toBe(tier!.service);
      for (const col of ['length_km', 'top_speed_kmh', 'trains_per_day', 'avg_load'] as const) {
        if (l[col] == null) continue;
        const [lo, hi] = tier![col];
        expect(n(l[col]) >= lo && n(l[col]) <= hi, `${l.name} ${col} ${l[col]}`).toBe(true);
      }
    }
    const of = (words: string[], col: string) =>
      all.filter((l) => words.some((x) => tierOf(l.name)?.words.includes(x)) && l[col] != null).map((l) => n(l[col]));
    const fast = of(['Express', 'Flyer'], 'top_speed_kmh');
    const commuter = of(['Sprinter', 'Shuttle'], 'top_speed_kmh');
    expect(fast.length).toBeGreaterThan(0);
    expect(commuter.length).toBeGreaterThan(0);
    expect(Math.min(...fast)).toBeGreaterThan(Math.max(...commuter));
    const busy = of(['Sprinter', 'Shuttle'], 'trains_per_day');
    const night = of(['Sleeper', 'Nightliner'], 'trains_per_day');
    if (night.length) expect(Math.min(...busy)).toBeGreaterThan(Math.max(...night));
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch a changed quarter, a swapped rank, too many cancellations, punctuality above 100, a mis-banded Sprinter, a line older than its operator or its stations, a class older than its operator and wrong counts and totals', () => {
    const cases: InvariantBreak[] = [
      [
        () => true,
        (r) => {
          r.line_quarters![0]!.journeys = n(r.line_quarters![0]!.journeys) + 10;
        },
      ],
      [
        (r) => r.lines![0]!.journeys_rank != null,
        (r) => {
          const [a, b] = r.lines!;
          [a!.journeys_rank, b!.journeys_rank] = [b!.journeys_rank!, a!.journeys_rank!];
        },
      ],
      [
        (r) => r.line_quarters![0]!.cancellations != null,
        (r) => {
          const q = r.line_quarters![0]!;
          const l = r.lines![n(q.line_id) - 1]!;
          const extra = n(q.scheduled_trains) + 1 - n(q.cancellations);
          q.cancellations = n(q.scheduled_trains) + 1;
          l.annual_cancellations = n(l.annual_cancellations) + extra;
        },
      ],
      [
        () => true,
        (r) => {
          r.line_quarters![0]!.on_time_pct = 101.5;
        },
      ],
      [
        (r) => r.lines![0]!.on_time_pct != null,
        (r) => {
          r.lines![0]!.on_time_pct = n(r.lines![0]!.on_time_pct) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.lines![0]!.name = `${String(r.lines![0]!.name).split(' ')[0]} Sprinter`;
          r.lines![0]!.top_speed_kmh = 300;
        },
      ],
      [
        () => true,
        (r) => {
          const l = r.lines![0]!;
          l.opened = r.operators![n(l.operator_id) - 1]!.founded!;
        },
      ],
      [
        () => true,
        (r) => {
          const l = r.lines![0]!;
          l.opened = r.stations![n(l.terminus_station_id) - 1]!.opened!;
        },
      ],
      [
        () => true,
        (r) => {
          const c = r.train_classes![0]!;
          c.joined_fleet = r.operators![n(c.operator_id) - 1]!.founded!;
        },
      ],
      [
        () => true,
        (r) => {
          r.operators![0]!.line_count = n(r.operators![0]!.line_count) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.operators![0]!.passenger_journeys = n(r.operators![0]!.passenger_journeys) + 1;
        },
      ],
      [
        () => true,
        (r) => {
          r.operators![0]!.fleet_size = n(r.operators![0]!.fleet_size) + 1;
        },
      ],
    ];
    expectBreaksCaught(theme, worlds(), cases);
  });
});
