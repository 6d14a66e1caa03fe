import { describe, expect, it } from 'vitest';
import { describeTheme, expectBreaksCaught, expectDatesWithin, type InvariantBreak, sampleWorlds } from './_theme-suite.js';

const worlds = sampleWorlds('music');
const theme = describeTheme('music', worlds);
const n = (v: unknown) => Number(v);

describe('music: labels, artists, albums and singles', () => {
  it('sums album streams to each artist and artist streams to each label, and ranks artists by streams (in the worlds that have those figures)', () => {
    let totals = 0;
    for (const w of worlds()) {
      const { labels, artists, albums, singles } = w.rows;
      for (const a of artists!) {
        const own = albums!.filter((x) => x.artist_id === a.id);
        if (a.albums_count != null) expect(own.length).toBe(n(a.albums_count));
        if (a.total_streams != null) expect(own.reduce((s, x) => s + n(x.streams), 0)).toBe(n(a.total_streams));
      }
      for (const l of labels!) {
        const own = artists!.filter((x) => x.label_id === l.id);
        if (l.roster_size != null) expect(own.length).toBe(n(l.roster_size));
        // A label's total is its artists' career streams: the world has both or neither.
        expect(l.total_streams == null).toBe(own[0]!.total_streams == null);
        if (l.total_streams != null) expect(own.reduce((s, x) => s + n(x.total_streams), 0)).toBe(n(l.total_streams));
      }
      for (const al of albums!) {
        // Runtime is drawn from the track count; first-week sales are a 60th to a 1,400th of the streams.
        expect(al.runtime_min == null).toBe(al.tracks == null);
        if (al.first_week_units != null) {
          expect(n(al.first_week_units)).toBeGreaterThanOrEqual(3_000);
          expect(n(al.first_week_units)).toBeLessThanOrEqual(420_000);
          const ratio = n(al.streams) / n(al.first_week_units);
          expect(ratio >= 59.9 && ratio <= 1_400.1).toBe(true);
        }
      }
      if (artists![0]!.total_streams == null) {
        expect(artists!.every((a) => a.streams_rank == null)).toBe(true);
        continue;
      }
      totals++;
      const ranked = artists!.slice().sort((a, b) => n(a.streams_rank) - n(b.streams_rank));
      expect(ranked.map((a) => n(a.streams_rank))).toEqual(ranked.map((_, i) => i + 1));
      for (let i = 1; i < ranked.length; i++) expect(n(ranked[i - 1]!.total_streams)).toBeGreaterThanOrEqual(n(ranked[i]!.total_streams));
      for (const al of albums!) {
        const own = singles!.filter((s) => s.album_id === al.id);
        expect(own.length).toBeGreaterThanOrEqual(1);
        expect(own.reduce((s, x) => s + n(x.streams), 0)).toBeLessThanOrEqual(n(al.streams));
      }
    }
    expect(totals).toBeGreaterThan(0);
  });

  it('keeps chart peaks on a 100-place chart and dates in order: label, debut, album, single', () => {
    for (const w of worlds()) {
      const { labels, artists, albums, singles } = w.rows;
      for (const x of [...albums!, ...singles!].filter((y) => y.chart_peak != null)) {
        expect(n(x.chart_peak)).toBeGreaterThanOrEqual(1);
        expect(n(x.chart_peak)).toBeLessThanOrEqual(100);
      }
      for (const a of artists!) expect(String(labels![n(a.label_id) - 1]!.founded) < String(a.debut_date)).toBe(true);
      for (const al of albums!) expect(String(artists![n(al.artist_id) - 1]!.debut_date) < String(al.release_date)).toBe(true);
      for (const s of singles!) expect(String(albums![n(s.album_id) - 1]!.release_date) < String(s.release_date)).toBe(true);
    }
    // Albums come out in the four years before the world year or during it; singles no later than its end.
    expectDatesWithin(worlds(), 'albums', 'release_date', (y) => [`${y - 5}-01-01`, `${y}-12-31`]);
    expectDatesWithin(worlds(), 'singles', 'release_date', (y) => [`${y - 5}-01-01`, `${y}-12-31`]);
  });

  it('gives majors ("Music Group", "Entertainment") a larger staff than independents, and a headquarters that is a plain place name', () => {
    const staff = (major: boolean) =>
      worlds().flatMap((w) =>
        w.rows.labels!.filter((l) => / (Music Group|Entertainment)$/.test(String(l.name)) === major && l.employees != null).map((l) => n(l.employees)),
      );
    const majors = staff(true);
    const indies = staff(false);
    expect(majors.length * indies.length).toBeGreaterThan(0);
    expect(Math.min(...majors)).toBeGreaterThan(Math.max(...indies));
    // A tier's words name the label only: never glued to the place name of its headquarters ("DraycombeRecords").
    for (const w of worlds())
      for (const l of w.rows.labels!.filter((x) => x.headquarters != null))
        expect(String(l.headquarters)).not.toMatch(/(Records|Recordings|Sound|Audio|Music Group|Entertainment)$/);
  });

  it('invariants catch a changed album, a miscounted roster, a swapped rank, an early album, a single before its album and a chart peak past 100', () => {
    type Rows = ReturnType<typeof worlds>[number]['rows'];
    // Each break runs on a world that has the attributes it touches (totals, roster sizes and chart peaks are optional).
    const totals = (r: Rows) => r.artists![0]!.total_streams != null;
    const broken: InvariantBreak[] = [
      [
        totals,
        (r) => {
          r.albums![0]!.streams = n(r.albums![0]!.streams) + 1000;
        },
      ],
      [
        (r) => r.labels![0]!.roster_size != null,
        (r) => {
          r.labels![0]!.roster_size = n(r.labels![0]!.roster_size) + 1;
        },
      ],
      [
        totals,
        (r) => {
          const [a, b] = [r.artists!.find((x) => x.streams_rank === 1)!, r.artists!.find((x) => x.streams_rank === 2)!];
          [a.streams_rank, b.streams_rank] = [2, 1];
        },
      ],
      [
        () => true,
        (r) => {
          const al = r.albums![0]!;
          al.release_date = r.artists![n(al.artist_id) - 1]!.debut_date!;
        },
      ],
      [
        () => true,
        (r) => {
          const s = r.singles![0]!;
          s.release_date = r.albums![n(s.album_id) - 1]!.release_date!;
        },
      ],
      [
        (r) => r.albums![0]!.chart_peak != null,
        (r) => {
          r.albums![0]!.chart_peak = 101;
        },
      ],
      [
        (r) => r.singles![0]!.streams != null,
        (r) => {
          const s = r.singles![0]!;
          s.streams = n(r.albums![n(s.album_id) - 1]!.streams) + 1000;
        },
      ],
    ];
    for (const w of worlds()) expect(theme.invariants(w.rows)).toEqual([]);
    expectBreaksCaught(theme, worlds(), broken);
  });
});
