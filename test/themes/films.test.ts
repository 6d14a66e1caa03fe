import { describe, it, expect } from 'vitest';
import { describeTheme, expectBreaksCaught, expectDatesWithin, type InvariantBreak, sampleWorlds } from './_theme-suite.js';

const worlds = sampleWorlds('films');
const theme = describeTheme('films', worlds);
const n = (v: unknown) => Number(v);

describe('films: the box office', () => {
  it('sums weekly grosses to each film total and ranks every weekly chart by gross', () => {
    // The total and the chart position are optional attributes: checked in the worlds that have them.
    const withTotals = worlds().filter((w) => w.rows.films!.some((f) => f.total_gross_usd !== null));
    const withCharts = worlds().filter((w) => w.rows.weekly_grosses!.some((x) => x.chart_rank !== null));
    expect(withTotals.length).toBeGreaterThan(0);
    expect(withCharts.length).toBeGreaterThan(0);
    for (const w of worlds()) {
      const { films, weekly_grosses: weeks } = w.rows;
      const hasTotals = withTotals.includes(w);
      for (const f of films!) {
        const own = weeks!.filter((x) => x.film_id === f.id);
        expect(own.length).toBeGreaterThanOrEqual(2);
        expect(f.total_gross_usd === null).toBe(!hasTotals);
        if (hasTotals) expect(own.reduce((s, x) => s + n(x.gross_usd), 0)).toBe(n(f.total_gross_usd));
        expect(String(f.release_date) < own.map((x) => String(x.week_ending)).sort()[0]!).toBe(true);
      }
      if (!withCharts.includes(w)) {
        expect(weeks!.every((x) => x.chart_rank === null)).toBe(true);
        continue;
      }
      const charts = new Map<string, typeof weeks>();
      for (const x of weeks!) charts.set(String(x.week_ending), [...(charts.get(String(x.week_ending)) ?? []), x]);
      for (const chart of charts.values()) {
        const byRank = chart!.slice().sort((a, b) => n(a.chart_rank) - n(b.chart_rank));
        expect(byRank.map((x) => n(x.chart_rank))).toEqual(byRank.map((_, i) => i + 1));
        for (let i = 1; i < byRank.length; i++) expect(n(byRank[i - 1]!.gross_usd)).toBeGreaterThanOrEqual(n(byRank[i]!.gross_usd));
      }
    }
  });

  it('names each weekly gross by its week of the run, and releases films in the reference year', () => {
    for (const w of worlds()) for (const f of w.facts.filter((x) => x.sourceTable === 'weekly_grosses')) expect(f.subject).toMatch(/, week [1-6]$/);
    expectDatesWithin(worlds(), 'films', 'release_date', (y) => [`${y}-01-01`, `${y}-12-31`]);
  });

  it('invariants catch a changed week, a swapped chart, a week before release and a film older than its studio', () => {
    // Each break runs on a world that has the attributes it touches (the total, the chart and the founding date are optional).
    const broken: InvariantBreak[] = [
      [
        (r) => r.films!.some((f) => f.total_gross_usd !== null),
        (r) => {
          r.weekly_grosses![0]!.gross_usd = n(r.weekly_grosses![0]!.gross_usd) + 1;
        },
      ],
      [
        (r) => r.weekly_grosses!.some((x) => x.chart_rank !== null),
        (r) => {
          const shared = r.weekly_grosses!.find((x) => r.weekly_grosses!.some((y) => y.id !== x.id && y.week_ending === x.week_ending))!;
          const chart = r.weekly_grosses!.filter((x) => x.week_ending === shared.week_ending);
          [chart[0]!.chart_rank, chart[1]!.chart_rank] = [chart[1]!.chart_rank!, chart[0]!.chart_rank!];
        },
      ],
      [
        () => true,
        (r) => {
          const x = r.weekly_grosses![0]!;
          x.week_ending = r.films![n(x.film_id) - 1]!.release_date!;
        },
      ],
      [
        (r) => r.studios!.some((st) => st.founded !== null),
        (r) => {
          const f = r.films![0]!;
          f.release_date = r.studios![n(f.studio_id) - 1]!.founded!;
        },
      ],
    ];
    expectBreaksCaught(theme, worlds(), broken);
  });
});
