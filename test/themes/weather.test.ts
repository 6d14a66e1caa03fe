import { describe, it, expect } from 'vitest';
import { copyRows, describeTheme, sampleWorlds, shapeSignatures } from './_theme-suite.js';

const worlds = sampleWorlds('weather');
const theme = describeTheme('weather', worlds);
const n = (v: unknown) => Number(v);
const DAYLIGHT = [254, 277, 369, 417, 484, 495, 499, 453, 378, 329, 261, 242];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

describe('weather: networks, stations and monthly climate records', () => {
  it('gives each station twelve months whose rainfall sums and temperatures average to its annual figures, and ranks the wettest first', () => {
    for (const w of worlds()) {
      const { networks, stations, monthly_records: months } = w.rows;
      const year = Number(w.meta.reference_date.slice(0, 4)) - 1;
      for (const s of stations!) {
        const own = months!.filter((m) => m.station_id === s.id);
        expect(own.map((m) => m.month)).toEqual(MONTHS.map((m) => `${m} ${year}`));
        expect(own.reduce((a, m) => a + n(m.rainfall_mm), 0)).toBe(n(s.annual_rainfall_mm));
        const mean = own.reduce((a, m) => a + n(m.mean_temp_c), 0) / 12;
        expect(Math.abs(mean - n(s.mean_temp_c))).toBeLessThanOrEqual(0.05 + 1e-9);
        if (s.annual_sunshine_hours != null) expect(own.reduce((a, m) => a + n(m.sunshine_hours), 0)).toBe(n(s.annual_sunshine_hours));
        if (s.annual_rain_days != null) expect(own.reduce((a, m) => a + n(m.rain_days), 0)).toBe(n(s.annual_rain_days));
        // July is warmer than January everywhere.
        expect(n(own[6]!.mean_temp_c)).toBeGreaterThan(n(own[0]!.mean_temp_c));
      }
      for (const net of networks!) expect(n(net.station_count)).toBe(stations!.filter((s) => s.network_id === net.id).length);
      const byRank = stations!.slice().sort((a, b) => n(a.rainfall_rank) - n(b.rainfall_rank));
      expect(byRank.map((s) => n(s.rainfall_rank))).toEqual(byRank.map((_, i) => i + 1));
      for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]!.annual_rainfall_mm)).toBeGreaterThanOrEqual(n(byRank[i]!.annual_rainfall_mm));
    }
  });

  it('keeps the physics plausible: colder with height, a Summit Observatory above and colder than a Coastal Station, rain ≥ 0, sunshine within daylight', () => {
    const all = worlds().flatMap((w) => w.rows.stations!);
    const of = (words: string[]) => all.filter((s) => words.some((x) => String(s.name).endsWith(x)));
    const summits = of(['Summit Observatory', 'Mountain Observatory']);
    const coasts = of(['Coastal Station', 'Harbour Station']);
    expect(summits.length).toBeGreaterThan(0);
    expect(coasts.length).toBeGreaterThan(0);
    expect(Math.min(...summits.map((s) => n(s.elevation_m)))).toBeGreaterThan(Math.max(...coasts.map((s) => n(s.elevation_m))));
    expect(Math.max(...summits.map((s) => n(s.mean_temp_c)))).toBeLessThan(Math.min(...coasts.map((s) => n(s.mean_temp_c))));
    // Across every station, a kilometre of height costs several degrees (a least-squares slope).
    const xs = all.map((s) => n(s.elevation_m) / 1000);
    const ys = all.map((s) => n(s.mean_temp_c));
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
    expect(slope).toBeLessThan(-5);
    expect(slope).toBeGreaterThan(-8);
    for (const w of worlds()) {
      const counter = new Map<number, number>();
      for (const m of w.rows.monthly_records!) {
        const k = counter.get(n(m.station_id)) ?? 0;
        counter.set(n(m.station_id), k + 1);
        expect(n(m.rainfall_mm)).toBeGreaterThanOrEqual(0);
        if (m.sunshine_hours != null) expect(n(m.sunshine_hours)).toBeLessThanOrEqual(DAYLIGHT[k]!);
        if (m.rain_days != null) expect(n(m.rain_days) >= 1 && n(m.rain_days) <= 28 && n(m.rain_days) <= n(m.rainfall_mm)).toBe(true);
        const s = w.rows.stations![n(m.station_id) - 1]!;
        if (m.max_gust_kmh != null) expect(n(m.max_gust_kmh)).toBeGreaterThan(n(s.mean_wind_kmh));
        if (s.record_high_c != null) expect(n(m.mean_temp_c)).toBeLessThan(n(s.record_high_c));
      }
      for (const s of w.rows.stations!) {
        if (s.record_low_c != null) expect(n(s.record_low_c)).toBeLessThan(n(s.mean_temp_c));
        if (s.humidity_pct != null) expect(n(s.humidity_pct) > 0 && n(s.humidity_pct) <= 100).toBe(true);
        for (const c of ['frost_days', 'snow_days']) if (s[c] != null) expect(n(s[c]) >= 0 && n(s[c]) <= 365).toBe(true);
      }
    }
  });

  it('gives worlds different shapes: most secondary attributes are present in some worlds only', () => {
    const shapes = shapeSignatures(worlds());
    expect(shapes.size).toBeGreaterThanOrEqual(8);
  });

  it('invariants catch a changed month, a swapped rank, a wrong mean, negative rain, sunshine beyond daylight, a low Summit Observatory and a wrong station count', () => {
    const rows = worlds().find((w) => w.rows.monthly_records![0]!.sunshine_hours != null)?.rows;
    expect(rows).toBeDefined();
    const broken = [
      (r: NonNullable<typeof rows>) => {
        r.monthly_records![0]!.rainfall_mm = n(r.monthly_records![0]!.rainfall_mm) + 5;
      },
      (r: NonNullable<typeof rows>) => {
        const [a, b] = r.stations!;
        [a!.rainfall_rank, b!.rainfall_rank] = [b!.rainfall_rank!, a!.rainfall_rank!];
      },
      (r: NonNullable<typeof rows>) => {
        r.stations![0]!.mean_temp_c = n(r.stations![0]!.mean_temp_c) + 0.3;
      },
      (r: NonNullable<typeof rows>) => {
        const m = r.monthly_records!;
        m[1]!.rainfall_mm = n(m[1]!.rainfall_mm) + n(m[0]!.rainfall_mm) + 1;
        m[0]!.rainfall_mm = -1;
      },
      (r: NonNullable<typeof rows>) => {
        r.monthly_records![0]!.sunshine_hours = 300;
      },
      (r: NonNullable<typeof rows>) => {
        r.stations![0]!.name = `${String(r.stations![0]!.name).split(' ')[0]} Summit Observatory`;
        r.stations![0]!.elevation_m = 40;
      },
      (r: NonNullable<typeof rows>) => {
        r.networks![0]!.station_count = n(r.networks![0]!.station_count) + 1;
      },
    ];
    for (const breakIt of broken) {
      const copy = copyRows(rows!);
      breakIt(copy);
      expect(theme.invariants(copy).length).toBeGreaterThan(0);
    }
  });
});
