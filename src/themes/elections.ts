/** A general election in a future year: parties, electoral districts, candidates and the votes each received. */
import { dayFromIso, isoFromDay } from '../format.js';
import { defineTheme, type Row } from './_define.js';
import { COMMON_COLUMNS } from './_columns.js';
import {
  checkArgMax,
  checkCountEquals,
  checkNotAbove,
  checkPercentOf,
  checkPercentOfParent,
  checkSameAsReferenced,
  checkShareOfTotal,
  checkSharesAtMost,
  checkSumEquals,
  checkSumVia,
  checkTopGap,
} from '../world/invariants.js';

const PARTY_SUFFIXES = ['Party', 'Party', 'Party', 'Alliance', 'Union', 'Movement', 'Front', 'League'];
const DISTRICT_SUFFIXES = ['', '', '', ' North', ' South', ' East', ' West', ' Central', ' Valley', ' Coast'];
const IDEOLOGIES = [
  'social democratic',
  'conservative',
  'liberal',
  'green',
  'agrarian',
  'regionalist',
  'libertarian',
  'christian democratic',
  'socialist',
  'centrist',
  'national conservative',
  'progressive',
];
const OCCUPATIONS = [
  'teacher',
  'lawyer',
  'farmer',
  'physician',
  'engineer',
  'union organiser',
  'economist',
  'nurse',
  'journalist',
  'small business owner',
  'software developer',
  'architect',
  'police officer',
  'social worker',
];

/** Facts a row states: its non-null cells other than the id and the name. */
const cells = (r: Row) => Object.entries(r).filter(([k, v]) => k !== 'id' && k !== 'name' && v !== null).length;
/** `part` as a percentage of `whole` to 2 decimals, floored so that shares never sum above 100. */
const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part / whole) * 10_000) / 100);

export default defineTheme({
  id: 'elections',
  title: 'General election',
  description: 'Parties, electoral districts, candidates and the votes each candidate received in one general election',
  sites: {
    encyclopedia: { host: 'wiki.civitas-encyclopedia.example', name: 'Civitas Encyclopedia' },
    news: { host: 'www.ballotherald.example', name: 'Ballot Herald' },
    lists: { host: 'results.pollwatch.example', name: 'PollWatch Results' },
    forum: { host: 'forum.hustings-hall.example', name: 'Hustings Hall' },
  },
  tables: [
    {
      name: 'parties',
      entity: 'party',
      plural: 'parties',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'leader', type: 'text', label: 'leader', sentence: '{s} is led by {v}.' },
        COMMON_COLUMNS.founded,
        { name: 'ideology', type: 'text', label: 'ideology', sentence: '{s} describes its politics as {v}.' },
        { name: 'members', type: 'integer', label: 'membership', unit: 'count', measure: true, optional: true, sentence: '{s} has {v} registered members.' },
        { name: 'total_votes', type: 'integer', label: 'total votes won', unit: 'count', measure: true, sentence: '{s} won {v} votes across all districts.' },
        { name: 'vote_share_pct', type: 'real', decimals: 2, label: 'national vote share', unit: 'percent', sentence: '{s} took {v} of the national vote.' },
        { name: 'seats_won', type: 'integer', label: 'number of seats won', sentence: 'The number of seats won by {s} is {v}.' },
      ],
    },
    {
      name: 'districts',
      entity: 'electoral district',
      plural: 'electoral districts',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'population', type: 'integer', label: 'population', unit: 'count', measure: true, sentence: '{s} has a population of {v}.' },
        {
          name: 'registered_voters',
          type: 'integer',
          label: 'number of registered voters',
          unit: 'count',
          measure: true,
          sentence: '{s} has {v} registered voters.',
        },
        { name: 'area_km2', type: 'integer', label: 'area in square kilometres', measure: true, optional: true, sentence: '{s} covers {v} square kilometres.' },
        { name: 'valid_votes', type: 'integer', label: 'number of valid votes', unit: 'count', measure: true, sentence: '{s} counted {v} valid votes.' },
        { name: 'turnout_pct', type: 'real', decimals: 2, label: 'turnout', unit: 'percent', sentence: 'Turnout in {s} was {v}.' },
        {
          name: 'winning_party_id',
          type: 'entity',
          ref: 'parties',
          label: 'winning party',
          predicate: 'winning_party',
          sentence: 'The seat of {s} went to {v}.',
        },
        {
          name: 'majority',
          type: 'integer',
          label: 'winning majority in votes',
          unit: 'count',
          measure: true,
          optional: true,
          sentence: 'The seat of {s} was won by a majority of {v} votes.',
        },
      ],
    },
    {
      name: 'candidates',
      entity: 'candidate',
      plural: 'candidates',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'party_id', type: 'entity', ref: 'parties', label: 'party', predicate: 'party', sentence: '{s} stood for {v}.' },
        { name: 'district_id', type: 'entity', ref: 'districts', label: 'district', predicate: 'district', sentence: '{s} stood in {v}.' },
        { name: 'birth_date', type: 'date', label: 'date of birth', sentence: '{s} was born on {v}.' },
        { name: 'occupation', type: 'text', label: 'occupation', optional: true, sentence: '{s} gives their occupation as {v}.' },
      ],
    },
    {
      name: 'votes',
      entity: 'candidate result',
      plural: 'candidate results',
      subject: (row, _rows, name) => `${name('candidates', Number(row.candidate_id))} in ${name('districts', Number(row.district_id))}`,
      columns: [
        { name: 'district_id', type: 'entity', ref: 'districts', label: 'district', predicate: 'district', sentence: '{s} was counted in {v}.' },
        { name: 'candidate_id', type: 'entity', ref: 'candidates', label: 'candidate', predicate: 'candidate', sentence: '{s} is the result of {v}.' },
        { name: 'votes', type: 'integer', label: 'votes received', unit: 'count', measure: true, sentence: '{s} received {v} votes.' },
        {
          name: 'vote_share_pct',
          type: 'real',
          decimals: 2,
          label: 'share of the district vote',
          unit: 'percent',
          sentence: '{s} took {v} of the valid votes.',
        },
      ],
    },
  ],
  generate({ rng, names, year }) {
    const yearStart = dayFromIso(`${year}-01-01`);
    // The world's size: districts (each with its candidates and their votes) are added until the fact count reaches a drawn target.
    const target = rng.int(320, 450);
    const partyCount = rng.int(4, 6);
    const withMembers = rng.chance(0.6);
    const withArea = rng.chance(0.6);
    const withOccupation = rng.chance(0.7);
    const withMajority = rng.chance(0.6);
    const ideologies = rng.sample(IDEOLOGIES, partyCount);
    const parties: Row[] = [];
    const popularity: number[] = [];
    for (let i = 1; i <= partyCount; i++) {
      popularity.push(rng.real(0.3, 1.6));
      parties.push({
        id: i,
        name: names.withSuffix(PARTY_SUFFIXES),
        leader: names.person(),
        founded: isoFromDay(yearStart - rng.int(2 * 365, 130 * 365)),
        ideology: ideologies[i - 1]!,
        members: withMembers ? rng.int(1_500, 420_000) : null,
        total_votes: 0,
        vote_share_pct: 0,
        seats_won: 0,
      });
    }
    const districts: Row[] = [];
    const candidates: Row[] = [];
    const votes: Row[] = [];
    let facts = parties.reduce((n, r) => n + cells(r), 0);
    while (facts < target) {
      const id = districts.length + 1;
      const population = rng.int(40_000, 900_000);
      const registered = Math.round(population * rng.real(0.55, 0.82));
      const valid = Math.round(registered * rng.real(0.42, 0.86));
      const standing = rng.sample(parties, rng.int(3, Math.min(5, partyCount)));
      // Split the valid votes by party popularity with local noise; the remainder goes to the leader.
      const weights = standing.map((p) => popularity[p.id - 1]! * rng.real(0.4, 1.6));
      const total = weights.reduce((a, b) => a + b, 0);
      const counts = weights.map((w) => Math.floor((valid * w) / total));
      const top = counts.indexOf(Math.max(...counts));
      counts[top]! += valid - counts.reduce((a, b) => a + b, 0);
      const runnerUp = Math.max(...counts.filter((_, k) => k !== top));
      if (runnerUp === counts[top]) {
        counts[top]! += 1;
        counts[counts.findIndex((c, k) => k !== top && c === runnerUp)]! -= 1;
      }
      const district: Row = {
        id,
        name: names.place(DISTRICT_SUFFIXES),
        population,
        registered_voters: registered,
        area_km2: withArea ? rng.int(12, 9_500) : null,
        valid_votes: valid,
        turnout_pct: Math.round((valid / registered) * 10_000) / 100,
        winning_party_id: standing[top]!.id,
        majority: withMajority ? counts[top]! - Math.max(...counts.filter((_, k) => k !== top)) : null,
      };
      districts.push(district);
      standing.forEach((party, k) => {
        const candidate: Row = {
          id: candidates.length + 1,
          name: names.person(),
          party_id: party.id,
          district_id: id,
          birth_date: isoFromDay(yearStart - rng.int(25 * 365, 78 * 365)),
          occupation: withOccupation ? rng.pick(OCCUPATIONS) : null,
        };
        candidates.push(candidate);
        const row: Row = { id: votes.length + 1, district_id: id, candidate_id: candidate.id, votes: counts[k]!, vote_share_pct: share(counts[k]!, valid) };
        votes.push(row);
        party.total_votes = Number(party.total_votes) + counts[k]!;
        if (k === top) party.seats_won = Number(party.seats_won) + 1;
        facts += cells(candidate) + cells(row);
      });
      facts += cells(district);
    }
    const national = parties.reduce((s, p) => s + Number(p.total_votes), 0);
    for (const p of parties) p.vote_share_pct = share(Number(p.total_votes), national);
    return { parties, districts, candidates, votes };
  },
  invariants(rows) {
    const { parties, districts, candidates, votes } = rows as Record<string, Row[]>;
    // The winning party is the party of the candidate with the most votes in the district.
    const partyOf = new Map(candidates!.map((c) => [c.id, c.party_id]));
    const votesByParty = votes!.map((v) => ({ ...v, party_id: partyOf.get(Number(v.candidate_id)) ?? null }));
    return [
      ...checkNotAbove(districts!, 'registered_voters', 'population'),
      ...checkNotAbove(districts!, 'valid_votes', 'registered_voters'),
      ...checkSumEquals(districts!, 'valid_votes', votes!, 'district_id', 'votes'),
      ...checkPercentOf(districts!, 'valid_votes', 'registered_voters', 'turnout_pct', 2),
      ...checkSharesAtMost(districts!, 'id', 'turnout_pct', 100),
      ...checkArgMax(districts!, 'winning_party_id', votesByParty, 'district_id', 'votes', 'party_id'),
      ...checkTopGap(districts!, 'majority', votes!, 'district_id', 'votes'),
      ...checkSameAsReferenced(votes!, 'district_id', 'candidate_id', candidates!, 'district_id'),
      ...checkCountEquals(parties!, 'seats_won', districts!, 'winning_party_id'),
      ...checkSumVia(parties!, 'total_votes', votes!, 'candidate_id', candidates!, 'party_id', 'votes'),
      ...checkPercentOfParent(districts!, 'valid_votes', votes!, 'district_id', 'votes', 'vote_share_pct', 2),
      ...checkSharesAtMost(votes!, 'district_id', 'vote_share_pct', 100),
      ...checkShareOfTotal(parties!, 'total_votes', 'vote_share_pct', 2),
    ];
  },
  headline(table, row, name) {
    if (table === 'parties') return `${row.name} opens its campaign under ${row.leader}`;
    if (table === 'candidates') return `Meet ${row.name}, on the ballot in ${name('districts', Number(row.district_id))}`;
    if (table === 'districts') return `${row.name} counts its ballots`;
    return null;
  },
});
