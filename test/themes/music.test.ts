import { describe, expect, it } from 'vitest';
import { copyRows, describeTheme, expectDatesWithin, sampleWorlds } from './_theme-suite.js';

const worlds = sampleWorlds('music');
const theme = describeTheme('music', worlds);
const n = (v: unknown) => Number(v);

describe('music: labels, artists, albums and singles', () => {
  it('sums album streams to each artist and artist streams to each label, and ranks artists by streams', () => {
    for (const w of worlds()) {
      const { labels, artists, albums, singles } = w.rows;
      for (const a of artists!) {
        const own = albums!.filter((x) => x.artist_id === a.id);
        expect(own.length).toBe(n(a.albums_count));
        expect(own.reduce((s, x) => s + n(x.streams), 0)).toBe(n(a.total_streams));
      }
      for (const l of labels!) {
        const own = artists!.filter((x) => x.label_id === l.id);
        expect(own.length).toBe(n(l.roster_size));
        expect(own.reduce((s, x) => s + n(x.total_streams), 0)).toBe(n(l.total_streams));
      }
      const ranked = artists!.slice().sort((a, b) => n(a.streams_rank) - n(b.streams_rank));
      expect(ranked.map((a) => n(a.streams_rank))).toEqual(ranked.map((_, i) => i + 1));
      for (let i = 1; i < ranked.length; i++) expect(n(ranked[i - 1]!.total_streams)).toBeGreaterThanOrEqual(n(ranked[i]!.total_streams));
      for (const al of albums!) {
        const own = singles!.filter((s) => s.album_id === al.id);
        expect(own.length).toBeGreaterThanOrEqual(1);
        expect(own.reduce((s, x) => s + n(x.streams), 0)).toBeLessThanOrEqual(n(al.streams));
      }
    }
  });

  it('keeps chart peaks on a 100-place chart and dates in order: label, debut, album, single', () => {
    for (const w of worlds()) {
      const { labels, artists, albums, singles } = w.rows;
      for (const x of [...albums!, ...singles!]) {
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
      for (const l of w.rows.labels!) expect(String(l.headquarters)).not.toMatch(/(Records|Recordings|Sound|Audio|Music Group|Entertainment)$/);
  });

  it('invariants catch a changed album, a miscounted roster, a swapped rank, an early album, a single before its album and a chart peak past 100', () => {
    const rows = worlds()[0]!.rows;
    const broken = [
      (r: typeof rows) => {
        r.albums![0]!.streams = n(r.albums![0]!.streams) + 1000;
      },
      (r: typeof rows) => {
        r.labels![0]!.roster_size = n(r.labels![0]!.roster_size) + 1;
      },
      (r: typeof rows) => {
        const [a, b] = [r.artists!.find((x) => x.streams_rank === 1)!, r.artists!.find((x) => x.streams_rank === 2)!];
        [a.streams_rank, b.streams_rank] = [2, 1];
      },
      (r: typeof rows) => {
        const al = r.albums![0]!;
        al.release_date = r.artists![n(al.artist_id) - 1]!.debut_date!;
      },
      (r: typeof rows) => {
        const s = r.singles![0]!;
        s.release_date = r.albums![n(s.album_id) - 1]!.release_date!;
      },
      (r: typeof rows) => {
        r.albums![0]!.chart_peak = 101;
      },
      (r: typeof rows) => {
        const s = r.singles![0]!;
        s.streams = n(r.albums![n(s.album_id) - 1]!.streams) + 1000;
      },
    ];
    expect(theme.invariants(rows)).toEqual([]);
    for (const breakIt of broken) {
      const copy = copyRows(rows);
      breakIt(copy);
      expect(theme.invariants(copy).length).toBeGreaterThan(0);
    }
  });
});
