/**
 * Film box office: parent companies, their studios, directors, the films of one release season and
 * each film's weekly grosses. A film's total gross is the sum of its weeks; each weekly chart ranks
 * the films showing that week by gross; a film opens before its first week ends.
 */
import { dayFromIso, isoFromDay } from '../format.js';
import { defineTheme, type Row } from './_define.js';
import { COMMON_COLUMNS } from './_columns.js';
import { inventWord } from './_names.js';
import { checkDateOrder, checkRankingWithin, checkSumEquals } from '../world/invariants.js';

const GENRES = ['drama', 'comedy', 'thriller', 'science fiction', 'animation', 'horror', 'action', 'romance', 'documentary', 'fantasy'];
const NOUNS = [
  'Harbour',
  'Winter',
  'Signal',
  'Orchard',
  'Frontier',
  'Lantern',
  'Tide',
  'Mirror',
  'Citadel',
  'Echo',
  'Meridian',
  'Ember',
  'Voyage',
  'Garden',
  'Horizon',
  'Cipher',
];
const num = (v: unknown) => Number(v);

/** The week number of a weekly gross within its film's run (1 = opening week). */
function weekOf(row: Row, rows: Record<string, Row[]>): number {
  return (rows.weekly_grosses ?? []).filter((w) => w.film_id === row.film_id && String(w.week_ending) < String(row.week_ending)).length + 1;
}

export default defineTheme({
  id: 'films',
  title: 'Film box office',
  description: 'Studios and their parent companies, directors, a season of film releases and weekly box-office grosses',
  sites: {
    encyclopedia: { host: 'wiki.cinepedia.example', name: 'Cinepedia' },
    news: { host: 'www.reelreport.example', name: 'Reel Report' },
    lists: { host: 'charts.boxofficeledger.example', name: 'BoxOffice Ledger' },
    forum: { host: 'forum.frontrow.example', name: 'FrontRow Forums' },
  },
  tables: [
    {
      name: 'parent_companies',
      entity: 'parent company',
      plural: 'parent companies',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        COMMON_COLUMNS.headquarters,
        COMMON_COLUMNS.founded,
        COMMON_COLUMNS.ceo,
        {
          name: 'revenue_usd',
          type: 'integer',
          label: 'annual revenue',
          unit: 'usd',
          measure: true,
          optional: true,
          sentence: '{s} reported annual revenue of {v}.',
        },
      ],
    },
    {
      name: 'studios',
      entity: 'studio',
      plural: 'studios',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        {
          name: 'parent_company_id',
          type: 'entity',
          ref: 'parent_companies',
          label: 'parent company',
          predicate: 'parent_company',
          sentence: '{s} is owned by {v}.',
        },
        { name: 'headquarters', type: 'text', label: 'headquarters city', sentence: '{s} is based in {v}.' },
        COMMON_COLUMNS.founded,
        COMMON_COLUMNS.employees,
      ],
    },
    {
      name: 'directors',
      entity: 'director',
      plural: 'directors',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'birth_date', type: 'date', label: 'date of birth', sentence: '{s} was born on {v}.' },
        { name: 'birthplace', type: 'text', label: 'birthplace', sentence: '{s} was born in {v}.' },
        { name: 'film_school', type: 'text', label: 'film school', optional: true, sentence: '{s} studied at {v}.' },
      ],
    },
    {
      name: 'films',
      entity: 'film',
      plural: 'films',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'title' },
        { name: 'studio_id', type: 'entity', ref: 'studios', label: 'studio', predicate: 'studio', sentence: '{s} was produced by {v}.' },
        { name: 'director_id', type: 'entity', ref: 'directors', label: 'director', predicate: 'director', sentence: '{s} was directed by {v}.' },
        { name: 'genre', type: 'text', label: 'genre', sentence: 'The genre of {s} is {v}.' },
        { name: 'release_date', type: 'date', label: 'release date', sentence: '{s} was released on {v}.' },
        { name: 'runtime_min', type: 'integer', label: 'running time in minutes', optional: true, sentence: '{s} runs for {v} minutes.' },
        {
          name: 'budget_usd',
          type: 'integer',
          label: 'production budget',
          unit: 'usd',
          measure: true,
          sentence: '{s} was made on a production budget of {v}.',
        },
        {
          name: 'opening_screens',
          type: 'integer',
          label: 'number of opening screens',
          unit: 'count',
          measure: true,
          optional: true,
          sentence: '{s} opened on {v} screens.',
        },
        {
          name: 'total_gross_usd',
          type: 'integer',
          label: 'box-office gross',
          unit: 'usd',
          measure: true,
          sentence: '{s} grossed {v} at the box office in total.',
        },
      ],
    },
    {
      name: 'weekly_grosses',
      entity: 'weekly gross',
      plural: 'weekly grosses',
      subject: (row, rows, name) => `${name('films', num(row.film_id))}, week ${weekOf(row, rows)}`,
      columns: [
        { name: 'film_id', type: 'entity', ref: 'films', label: 'film', predicate: 'film', sentence: '{s} is a box-office week of {v}.' },
        { name: 'week_ending', type: 'date', label: 'week ending', sentence: '{s} ended on {v}.' },
        { name: 'gross_usd', type: 'integer', label: 'weekly gross', unit: 'usd', measure: true, sentence: 'In {s}, the box-office gross was {v}.' },
        { name: 'chart_rank', type: 'integer', label: 'weekly chart position', sentence: 'In {s}, the film placed number {v} on the weekly chart.' },
      ],
    },
  ],
  generate({ rng, names, year }) {
    const on = { revenue: rng.chance(0.6), employees: rng.chance(0.5), school: rng.chance(0.5), runtime: rng.chance(0.6), screens: rng.chance(0.6) };
    const yearStart = dayFromIso(`${year}-01-01`);
    const dated = (fromYear: number, spanYears: number) => isoFromDay(dayFromIso(`${fromYear}-01-01`) + rng.int(0, spanYears * 365));
    let facts = 0;
    const count = (r: Row, nameless = false) => (facts += Object.entries(r).filter(([k, v]) => k !== 'id' && (nameless || k !== 'name') && v !== null).length);

    const parents: Row[] = [];
    const parentCount = rng.int(2, 4);
    for (let i = 1; i <= parentCount; i++)
      parents.push({
        id: i,
        name: names.withSuffix(['Holdings', 'Group', 'Corp']),
        headquarters: names.place(),
        founded: dated(year - 110, 90),
        ceo: names.person(),
        revenue_usd: on.revenue ? rng.int(800, 60000) * 1_000_000 + rng.int(1, 999) * 1000 : null,
      });
    const studios: Row[] = [];
    const studioCount = rng.int(Math.max(4, parentCount), 6);
    for (let i = 1; i <= studioCount; i++)
      studios.push({
        id: i,
        name: names.withSuffix(['Studios', 'Pictures', 'Films']),
        parent_company_id: i <= parentCount ? i : rng.int(1, parentCount),
        headquarters: names.place(),
        founded: dated(year - 100, 90),
        employees: on.employees ? rng.int(140, 12000) : null,
      });
    for (const r of [...parents, ...studios]) count(r);
    const schools = Array.from({ length: 3 }, () =>
      names.take(() => `${inventWord(rng)} ${rng.pick(['Film Academy', 'School of Cinema', 'Screen Institute'])}`),
    );

    // Films open on Fridays of a 14–22 week season; each week of its run ends on the Sunday.
    let firstFriday = yearStart + rng.int(0, 170);
    while ((firstFriday + 4) % 7 !== 5) firstFriday++;
    const seasonWeeks = rng.int(14, 22);
    const directors: Row[] = [];
    const films: Row[] = [];
    const weeks: Row[] = [];
    const target = rng.int(330, 460);
    while (facts < target) {
      let director = directors.length > 0 && rng.chance(0.4) ? rng.pick(directors) : undefined;
      if (!director) {
        director = {
          id: directors.length + 1,
          name: names.person(),
          birth_date: dated(year - 75, 48),
          birthplace: names.place(),
          film_school: on.school ? rng.pick(schools) : null,
        };
        directors.push(director);
        count(director);
      }
      const release = firstFriday + 7 * rng.int(0, seasonWeeks - 1);
      const budget = rng.int(40, 2600) * 100_000 + rng.int(1, 99) * 1000;
      const film: Row = {
        id: films.length + 1,
        name: names.take(() => (rng.chance(0.5) ? `The ${rng.pick(NOUNS)} of ${inventWord(rng)}` : `${inventWord(rng)} ${rng.pick(NOUNS)}`)),
        studio_id: films.length < studioCount ? films.length + 1 : rng.int(1, studioCount),
        director_id: director.id,
        genre: rng.pick(GENRES),
        release_date: isoFromDay(release),
        runtime_min: on.runtime ? rng.int(84, 176) : null,
        budget_usd: budget,
        opening_screens: on.screens ? rng.int(900, 4400) : null,
        total_gross_usd: 0,
      };
      films.push(film);
      count(film);
      let gross = Math.round(budget * rng.real(0.08, 0.9)) + rng.int(1000, 999_999);
      const decay = rng.real(0.35, 0.7);
      for (let w = 0, run = rng.int(2, 6); w < run; w++) {
        const week: Row = {
          id: weeks.length + 1,
          film_id: film.id,
          week_ending: isoFromDay(release + 2 + 7 * w),
          gross_usd: Math.max(gross, 20_000 + rng.int(100, 9999)),
          chart_rank: 0,
        };
        weeks.push(week);
        count(week, true);
        film.total_gross_usd = num(film.total_gross_usd) + num(week.gross_usd);
        gross = Math.round(gross * decay * rng.real(0.85, 1.1));
      }
    }
    // Each weekly chart ranks the films showing that week by gross (ties broken by row id).
    const byWeek = new Map<string, Row[]>();
    for (const w of weeks) byWeek.set(String(w.week_ending), [...(byWeek.get(String(w.week_ending)) ?? []), w]);
    for (const chart of byWeek.values()) chart.sort((a, b) => num(b.gross_usd) - num(a.gross_usd) || a.id - b.id).forEach((w, i) => (w.chart_rank = i + 1));
    return { parent_companies: parents, studios, directors, films, weekly_grosses: weeks };
  },
  invariants(rows) {
    return [
      ...checkSumEquals(rows.films!, 'total_gross_usd', rows.weekly_grosses!, 'film_id', 'gross_usd'),
      ...checkRankingWithin(rows.weekly_grosses!, 'week_ending', 'chart_rank', 'gross_usd'),
      ...checkDateOrder(rows.films!, 'release_date', rows.weekly_grosses!, 'film_id', 'week_ending'),
      ...checkDateOrder(rows.studios!, 'founded', rows.films!, 'studio_id', 'release_date'),
      ...checkDateOrder(rows.directors!, 'birth_date', rows.films!, 'director_id', 'release_date'),
    ];
  },
  headline(table, row, name) {
    if (table === 'films') return `${row.name} from ${name('studios', num(row.studio_id))} opens in cinemas`;
    if (table === 'studios') return `${row.name} sets out its release slate`;
    if (table === 'directors') return `In conversation with director ${row.name}`;
    if (table === 'parent_companies') return `${row.name} reports on its film business`;
    return null;
  },
});
