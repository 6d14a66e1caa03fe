/**
 * A fictional football league season: shirt sponsors, clubs with their final standings, players,
 * and every league match. Standings are folded into clubs and agree with the match results exactly.
 */
import { dayFromIso, isoFromDay } from '../format.js';
import { defineTheme, type Row, type Rows } from './_define.js';
import { COMMON_COLUMNS } from './_columns.js';
import { checkAtMostParent, checkDateOrder, checkSumAtMost, checkSumEquals } from '../world/invariants.js';

const INDUSTRIES = ['insurance', 'airline', 'energy', 'telecoms', 'banking', 'logistics', 'software', 'automotive', 'brewing'];
const GROUNDS = ['Park', 'Arena', 'Stadium', 'Road', 'Ground', 'Lane'];
const NICKNAMES = [
  'The Hawks',
  'The Millers',
  'The Blues',
  'The Mariners',
  'The Foxes',
  'The Stags',
  'The Owls',
  'The Pilgrims',
  'The Lions',
  'The Ravens',
  'The Tigers',
  'The Saints',
];
const POSITIONS = ['goalkeeper', 'defender', 'midfielder', 'forward'];
/** The most goals one player of each position takes from the club's tally. */
const GOAL_CAP: Record<string, number> = { goalkeeper: 0, defender: 3, midfielder: 6, forward: 12 };
const HOME_GOALS = [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5];
const AWAY_GOALS = [0, 0, 0, 1, 1, 1, 2, 2, 3, 4];

const num = (v: unknown) => Number(v);

/**
 * Round-robin pairings by the circle method, as rounds of [home, away] club indices; venues go to
 * the side with fewer home matches so far, so every club hosts about half of its matches.
 */
function roundRobin(n: number): [number, number][][] {
  let teams = Array.from({ length: n % 2 ? n + 1 : n }, (_, i) => i);
  const m = teams.length;
  const hosted = new Array<number>(m).fill(0);
  const rounds: [number, number][][] = [];
  for (let r = 0; r < m - 1; r++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < m / 2; i++) {
      const a = teams[i]!,
        b = teams[m - 1 - i]!;
      if (a === n || b === n) continue;
      const [h, v] = hosted[a]! < hosted[b]! || (hosted[a] === hosted[b] && (r + i) % 2 === 0) ? [a, b] : [b, a];
      hosted[h]!++;
      pairs.push([h, v]);
    }
    rounds.push(pairs);
    teams = [teams[0]!, teams[m - 1]!, ...teams.slice(1, m - 1)];
  }
  return rounds;
}

interface Standing {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goals_for: number;
  goals_against: number;
  points: number;
}

/** Each club's record, recomputed from the match results. */
function standingsFrom(clubs: Row[], matches: Row[]): Map<number, Standing> {
  const s = new Map<number, Standing>(clubs.map((c) => [c.id, { played: 0, wins: 0, draws: 0, losses: 0, goals_for: 0, goals_against: 0, points: 0 }]));
  const record = (id: number, gf: number, ga: number) => {
    const x = s.get(id);
    if (!x) return;
    x.played++;
    x.goals_for += gf;
    x.goals_against += ga;
    if (gf > ga) x.wins++;
    else if (gf === ga) x.draws++;
    else x.losses++;
    x.points = 3 * x.wins + x.draws;
  };
  for (const m of matches) {
    record(num(m.home_club_id), num(m.home_goals), num(m.away_goals));
    record(num(m.away_club_id), num(m.away_goals), num(m.home_goals));
  }
  return s;
}

/**
 * The declared tie-break order of the league table: points, then goal difference, then goals
 * scored, then club name alphabetically.
 */
function tableOrder(a: Row, b: Row): number {
  const gd = (r: Row) => num(r.goals_for) - num(r.goals_against);
  return (
    num(b.points) - num(a.points) ||
    gd(b) - gd(a) ||
    num(b.goals_for) - num(a.goals_for) ||
    (String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0)
  );
}

/** Standings folded into clubs agree with the match results; positions follow the tie-break order. */
function checkStandings(rows: Rows): string[] {
  const clubs = rows.clubs ?? [];
  const computed = standingsFrom(clubs, rows.matches ?? []);
  const out: string[] = [];
  for (const c of clubs) {
    const s = computed.get(c.id)!;
    for (const k of ['wins', 'draws', 'losses', 'goals_for', 'goals_against', 'points'] as const)
      if (num(c[k]) !== s[k]) out.push(`club ${c.id}: ${k} is ${c[k]} but the match results give ${s[k]}`);
  }
  clubs
    .slice()
    .sort(tableOrder)
    .forEach((c, i) => {
      if (num(c.league_position) !== i + 1) out.push(`club ${c.id}: league_position is ${c.league_position} but the table puts it at ${i + 1}`);
    });
  for (const p of rows.players ?? []) {
    const s = computed.get(num(p.club_id));
    if (s && num(p.appearances) > s.played) out.push(`player ${p.id}: ${p.appearances} appearances but the club played ${s.played} matches`);
  }
  for (const m of rows.matches ?? []) if (m.home_club_id === m.away_club_id) out.push(`match ${m.id}: a club plays itself`);
  return out;
}

export default defineTheme({
  id: 'football',
  title: 'Football league season',
  description: 'Clubs with their final standings, shirt sponsors, players and every league match of one season',
  sites: {
    encyclopedia: { host: 'wiki.pitchpedia.example', name: 'Pitchpedia' },
    news: { host: 'www.touchlinedaily.example', name: 'Touchline Daily' },
    lists: { host: 'stats.leaguetables.example', name: 'LeagueTables' },
    forum: { host: 'forum.terracetalk.example', name: 'TerraceTalk Forums' },
  },
  tables: [
    {
      name: 'sponsors',
      entity: 'shirt sponsor',
      plural: 'shirt sponsors',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'industry', type: 'text', label: 'industry', sentence: '{s} is a company in the {v} business.' },
        COMMON_COLUMNS.headquarters,
        COMMON_COLUMNS.founded,
      ],
    },
    {
      name: 'clubs',
      entity: 'club',
      plural: 'clubs',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'city', type: 'text', label: 'home city', sentence: '{s} is based in {v}.' },
        { name: 'nickname', type: 'text', label: 'nickname', optional: true, sentence: 'Supporters call {s} "{v}".' },
        { name: 'stadium', type: 'text', label: 'home stadium', sentence: '{s} play their home matches at {v}.' },
        {
          name: 'capacity',
          type: 'integer',
          label: 'stadium capacity',
          unit: 'count',
          measure: true,
          sentence: 'The home ground of {s} holds {v} spectators.',
        },
        COMMON_COLUMNS.founded,
        { name: 'manager', type: 'text', label: 'manager', sentence: '{s} is managed by {v}.' },
        {
          name: 'sponsor_id',
          type: 'entity',
          ref: 'sponsors',
          label: 'shirt sponsor',
          predicate: 'shirt_sponsor',
          sentence: 'The shirt sponsor of {s} is {v}.',
        },
        {
          name: 'wage_bill_usd',
          type: 'integer',
          label: 'annual wage bill',
          unit: 'usd',
          measure: true,
          optional: true,
          sentence: 'The annual wage bill of {s} is {v}.',
        },
        {
          name: 'home_attendance',
          type: 'integer',
          label: 'total home league attendance',
          unit: 'count',
          measure: true,
          sentence: 'A total of {v} spectators attended the home league matches of {s}.',
        },
        { name: 'wins', type: 'integer', label: 'number of league wins', sentence: 'League wins for {s} this season: {v}.' },
        { name: 'draws', type: 'integer', label: 'number of league draws', sentence: 'League draws for {s} this season: {v}.' },
        { name: 'losses', type: 'integer', label: 'number of league losses', sentence: 'League defeats for {s} this season: {v}.' },
        { name: 'goals_for', type: 'integer', label: 'league goals scored', sentence: 'League goals scored by {s} this season: {v}.' },
        { name: 'goals_against', type: 'integer', label: 'league goals conceded', sentence: 'League goals conceded by {s} this season: {v}.' },
        { name: 'points', type: 'integer', label: 'league points', sentence: '{s} finished the season on {v} points.' },
        { name: 'league_position', type: 'integer', label: 'final league position', sentence: 'Final league position of {s}: {v}.' },
      ],
    },
    {
      name: 'players',
      entity: 'player',
      plural: 'players',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'club_id', type: 'entity', ref: 'clubs', label: 'club', predicate: 'club', sentence: '{s} plays for {v}.' },
        { name: 'position', type: 'text', label: 'playing position', sentence: '{s} plays as a {v}.' },
        { name: 'birth_date', type: 'date', label: 'date of birth', sentence: '{s} was born on {v}.' },
        { name: 'birthplace', type: 'text', label: 'birthplace', optional: true, sentence: '{s} was born in {v}.' },
        { name: 'shirt_number', type: 'integer', label: 'shirt number', optional: true, sentence: '{s} wears shirt number {v}.' },
        { name: 'height_cm', type: 'integer', label: 'height in centimetres', optional: true, sentence: '{s} stands {v} cm tall.' },
        { name: 'appearances', type: 'integer', label: 'league appearances', sentence: 'League appearances by {s} this season: {v}.' },
        { name: 'goals', type: 'integer', label: 'league goals', sentence: 'League goals by {s} this season: {v}.' },
        {
          name: 'transfer_value_usd',
          type: 'integer',
          label: 'estimated transfer value',
          unit: 'usd',
          measure: true,
          sentence: 'The transfer value of {s} is estimated at {v}.',
        },
      ],
    },
    {
      name: 'matches',
      entity: 'league match',
      plural: 'league matches',
      subject: (row, _rows, name) => `${name('clubs', num(row.home_club_id))} v ${name('clubs', num(row.away_club_id))}`,
      columns: [
        { name: 'home_club_id', type: 'entity', ref: 'clubs', label: 'home club', predicate: 'home_club', sentence: '{s} was hosted by {v}.' },
        { name: 'away_club_id', type: 'entity', ref: 'clubs', label: 'away club', predicate: 'away_club', sentence: 'The visiting side in {s} was {v}.' },
        { name: 'match_date', type: 'date', label: 'match date', sentence: '{s} was played on {v}.' },
        { name: 'home_goals', type: 'integer', label: 'home goals', sentence: 'The home side scored {v} in {s}.' },
        { name: 'away_goals', type: 'integer', label: 'away goals', sentence: 'The away side scored {v} in {s}.' },
        { name: 'attendance', type: 'integer', label: 'attendance', unit: 'count', measure: true, sentence: 'The attendance at {s} was {v}.' },
      ],
    },
  ],
  generate({ rng, names, year }) {
    // Season format: a double round robin of 5–6 clubs, or a single round robin of 6–8.
    const double = rng.chance(0.3);
    const clubCount = double ? rng.int(5, 6) : rng.int(6, 8);
    const withNickname = rng.chance(0.5);
    const withWages = rng.chance(0.6);
    const withBirthplace = rng.chance(0.5);
    const withShirt = rng.chance(0.5);
    const withHeight = rng.chance(0.5);
    const day = (iso: string) => dayFromIso(iso);

    const sponsors: Row[] = [];
    const sponsorCount = rng.int(3, 4);
    for (let i = 1; i <= sponsorCount; i++)
      sponsors.push({
        id: i,
        name: names.withSuffix(['Group', 'Holdings', 'Corp', 'Systems']),
        industry: rng.pick(INDUSTRIES),
        headquarters: names.place(),
        founded: isoFromDay(day(`${year - 90}-01-01`) + rng.int(0, 80 * 365)),
      });

    const nicknames = rng.shuffle(NICKNAMES);
    const clubs: Row[] = [];
    for (let i = 1; i <= clubCount; i++) {
      const capacity = rng.int(9000, 72000);
      clubs.push({
        id: i,
        name: names.withSuffix(['FC', 'United', 'Athletic', 'Rovers']),
        city: names.place(),
        nickname: withNickname ? nicknames[i - 1]! : null,
        stadium: names.take(() => `${names.word()} ${rng.pick(GROUNDS)}`),
        capacity,
        founded: isoFromDay(day(`${year - 140}-01-01`) + rng.int(0, 120 * 365)),
        manager: names.person(),
        sponsor_id: i <= sponsorCount ? i : rng.int(1, sponsorCount),
        wage_bill_usd: withWages ? rng.int(4000, 180000) * 1000 : null,
        home_attendance: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        goals_for: 0,
        goals_against: 0,
        points: 0,
        league_position: 0,
      });
    }

    // Fixtures: one round a week from a Saturday in early spring; matches on Saturday or Sunday.
    const order = rng.shuffle(clubs.map((c) => c.id));
    const single = roundRobin(clubCount);
    const rounds = double ? [...single, ...single.map((r) => r.map(([h, a]) => [a, h] as [number, number]))] : single;
    let saturday = day(`${year}-02-01`) + rng.int(0, 40);
    while ((saturday + 4) % 7 !== 6) saturday++;
    const matches: Row[] = [];
    rounds.forEach((pairs, r) => {
      const weekend = saturday + r * 7 + (r >= single.length ? 14 : 0);
      for (const [h, a] of pairs) {
        const home = clubs[order[h]! - 1]!;
        matches.push({
          id: matches.length + 1,
          home_club_id: home.id,
          away_club_id: order[a]!,
          match_date: isoFromDay(weekend + rng.int(0, 1)),
          home_goals: rng.pick(HOME_GOALS),
          away_goals: rng.pick(AWAY_GOALS),
          attendance: rng.int(Math.floor(num(home.capacity) * 0.45), num(home.capacity)),
        });
      }
    });
    matches.sort((x, y) => (String(x.match_date) < String(y.match_date) ? -1 : String(x.match_date) > String(y.match_date) ? 1 : x.id - y.id));
    matches.forEach((m, i) => (m.id = i + 1));

    const table = standingsFrom(clubs, matches);
    for (const c of clubs) {
      const { wins, draws, losses, goals_for, goals_against, points } = table.get(c.id)!;
      Object.assign(c, { wins, draws, losses, goals_for, goals_against, points });
    }
    for (const m of matches) clubs[num(m.home_club_id) - 1]!.home_attendance = num(clubs[num(m.home_club_id) - 1]!.home_attendance) + num(m.attendance);
    clubs
      .slice()
      .sort(tableOrder)
      .forEach((c, i) => (c.league_position = i + 1));

    // Players fill the world up to a drawn fact target.
    const cellsOf = (t: Row[]) => t.reduce((s, r) => s + Object.entries(r).filter(([k, v]) => k !== 'id' && k !== 'name' && v !== null).length, 0);
    const base = cellsOf(sponsors) + cellsOf(clubs) + cellsOf(matches);
    const perPlayer = 6 + [withBirthplace, withShirt, withHeight].filter(Boolean).length;
    const target = rng.int(330, 470);
    const playerCount = Math.max(2 * clubCount, Math.min(6 * clubCount, Math.round((target - base) / perPlayer)));
    const players: Row[] = [];
    const played = (double ? 2 : 1) * (clubCount - 1);
    const goalsLeft = new Map(clubs.map((c) => [c.id, num(c.goals_for)]));
    const shirts = new Map<number, Set<number>>(clubs.map((c) => [c.id, new Set()]));
    for (let i = 1; i <= playerCount; i++) {
      const clubId = i <= clubCount ? i : rng.int(1, clubCount);
      const position = rng.pick(POSITIONS);
      const goals = rng.int(0, Math.min(goalsLeft.get(clubId)!, GOAL_CAP[position]!));
      goalsLeft.set(clubId, goalsLeft.get(clubId)! - goals);
      let shirt = rng.int(1, 40);
      while (shirts.get(clubId)!.has(shirt)) shirt = rng.int(1, 40);
      shirts.get(clubId)!.add(shirt);
      players.push({
        id: i,
        name: names.person(),
        club_id: clubId,
        position,
        birth_date: isoFromDay(day(`${year - 36}-01-01`) + rng.int(0, 18 * 365)),
        birthplace: withBirthplace ? names.place() : null,
        shirt_number: withShirt ? shirt : null,
        height_cm: withHeight ? rng.int(166, 198) : null,
        appearances: rng.int(1, played),
        goals,
        transfer_value_usd: rng.int(800, 95000) * 1000,
      });
    }
    return { sponsors, clubs, players, matches };
  },
  invariants(rows) {
    return [
      ...checkStandings(rows),
      ...checkSumEquals(rows.clubs!, 'home_attendance', rows.matches!, 'home_club_id', 'attendance'),
      ...checkAtMostParent(rows.matches!, 'home_club_id', 'attendance', rows.clubs!, 'capacity'),
      ...checkSumAtMost(rows.clubs!, 'goals_for', rows.players!, 'club_id', 'goals'),
      ...checkDateOrder(rows.clubs!, 'founded', rows.matches!, 'home_club_id', 'match_date'),
    ];
  },
  headline(table, row, name) {
    if (table === 'clubs')
      return num(row.league_position) === 1 ? `${row.name} crowned league champions` : `${row.name} finish the season in position ${row.league_position}`;
    if (table === 'players') return `${row.name} signs a new contract with ${name('clubs', num(row.club_id))}`;
    if (table === 'sponsors') return `${row.name} signs a new shirt deal`;
    return null;
  },
});
