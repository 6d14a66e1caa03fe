/** Space launches in a future year: operators, their launch vehicles, launch sites, launches and the payloads they carried. */
import { dayFromIso, isoFromDay } from '../format.js';
import { defineTheme, type Row } from './_define.js';
import { COMMON_COLUMNS } from './_columns.js';
import { inventWord } from './_names.js';
import { checkAtMostParent, checkCountEquals, checkDateNotBefore, checkDateOrder, checkSumEquals } from '../world/invariants.js';

const OPERATOR_SUFFIXES = ['Aerospace', 'Aerospace', 'Systems', 'Dynamics', 'Space Agency', 'Space Agency'];
const VEHICLE_SUFFIXES = ['1', '2', '3', '5', '7', '9', 'Heavy', 'Light', 'Prime', 'II', 'V', 'X'];
const SITE_SUFFIXES = ['Spaceport', 'Launch Complex', 'Cosmodrome', 'Space Center', 'Launch Site'];
const NUMERALS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
/** What a payload is for, and the orbits a launch carrying it as its main payload may target. */
const PURPOSES: Record<string, string[]> = {
  communications: ['geostationary transfer orbit', 'geostationary orbit', 'low Earth orbit'],
  'Earth observation': ['sun-synchronous orbit', 'polar orbit'],
  navigation: ['medium Earth orbit'],
  'scientific research': ['highly elliptical orbit', 'heliocentric orbit', 'sun-synchronous orbit', 'lunar transfer orbit'],
  'technology demonstration': ['low Earth orbit', 'sun-synchronous orbit'],
  'crew transport': ['low Earth orbit', 'lunar transfer orbit'],
  'lunar cargo delivery': ['lunar transfer orbit'],
  'weather monitoring': ['geostationary orbit', 'polar orbit'],
};
const PURPOSE_NAMES = Object.keys(PURPOSES);
const RIDESHARE_PURPOSES = ['technology demonstration', 'scientific research', 'Earth observation', 'communications'];
/** What went wrong on a launch that did not fully succeed; a successful launch has none (a null cell states no fact). */
const FAILURE_MODES = [
  'a first-stage engine failure',
  'a second-stage engine shutdown',
  'a fairing separation failure',
  'a guidance system fault',
  'an upper-stage underperformance',
  'a loss of telemetry during ascent',
  'a payload separation fault',
  'a structural failure at max-Q',
];

/** Facts a row states: its non-null cells other than the id and the name. */
const cells = (r: Row) => Object.entries(r).filter(([k, v]) => k !== 'id' && k !== 'name' && v !== null).length;

export default defineTheme({
  id: 'launches',
  title: 'Space launches',
  description: 'Launch operators, their rockets, launch sites, the launches of one year and the payloads they carried',
  sites: {
    encyclopedia: { host: 'wiki.astraleda.example', name: 'Astraleda' },
    news: { host: 'www.orbitalwire.example', name: 'Orbital Wire' },
    lists: { host: 'stats.launchledger.example', name: 'Launch Ledger' },
    forum: { host: 'forum.maxq-talk.example', name: 'MaxQ Talk' },
  },
  tables: [
    {
      name: 'operators',
      entity: 'launch operator',
      plural: 'launch operators',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        COMMON_COLUMNS.headquarters,
        COMMON_COLUMNS.founded,
        { name: 'chief', type: 'text', label: 'chief executive', sentence: '{s} is led by {v}.' },
        COMMON_COLUMNS.employees,
        {
          name: 'annual_budget_usd',
          type: 'integer',
          label: 'annual budget',
          unit: 'usd',
          measure: true,
          optional: true,
          sentence: '{s} works with an annual budget of {v}.',
        },
      ],
    },
    {
      name: 'vehicles',
      entity: 'launch vehicle',
      plural: 'launch vehicles',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'operator_id', type: 'entity', ref: 'operators', label: 'operator', predicate: 'operator', sentence: '{s} is operated by {v}.' },
        { name: 'first_flight', type: 'date', label: 'first flight date', sentence: '{s} first flew on {v}.' },
        {
          name: 'payload_capacity_kg',
          type: 'integer',
          label: 'payload capacity to low Earth orbit in kg',
          measure: true,
          sentence: '{s} can lift {v} kg to low Earth orbit.',
        },
        { name: 'cost_per_launch_usd', type: 'integer', label: 'cost per launch', unit: 'usd', measure: true, sentence: 'A single launch of {s} costs {v}.' },
        { name: 'height_m', type: 'real', decimals: 1, label: 'height in metres', optional: true, sentence: '{s} stands {v} metres tall.' },
        { name: 'stages', type: 'integer', label: 'number of stages', optional: true, sentence: 'The number of stages of {s} is {v}.' },
        {
          name: 'launches_in_year',
          type: 'integer',
          label: 'number of launches during the year',
          sentence: 'The number of launches flown by {s} during the year is {v}.',
        },
      ],
    },
    {
      name: 'launch_sites',
      entity: 'launch site',
      plural: 'launch sites',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'operator_id', type: 'entity', ref: 'operators', label: 'site operator', predicate: 'site_operator', sentence: '{s} is run by {v}.' },
        { name: 'region', type: 'text', label: 'region', sentence: '{s} is located in the {v} region.' },
        { name: 'opened', type: 'date', label: 'opening date', sentence: '{s} opened on {v}.' },
        {
          name: 'latitude_deg',
          type: 'real',
          decimals: 2,
          label: 'latitude in degrees north',
          optional: true,
          sentence: '{s} lies at a latitude of {v} degrees north.',
        },
        { name: 'pads', type: 'integer', label: 'number of launch pads', optional: true, sentence: 'The number of launch pads at {s} is {v}.' },
      ],
    },
    {
      name: 'launches',
      entity: 'launch',
      plural: 'launches',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'mission name' },
        { name: 'vehicle_id', type: 'entity', ref: 'vehicles', label: 'launch vehicle', predicate: 'vehicle', sentence: '{s} lifted off aboard {v}.' },
        { name: 'site_id', type: 'entity', ref: 'launch_sites', label: 'launch site', predicate: 'launch_site', sentence: '{s} lifted off from {v}.' },
        { name: 'launch_date', type: 'date', label: 'launch date', sentence: '{s} was launched on {v}.' },
        { name: 'payload_mass_kg', type: 'integer', label: 'total payload mass in kg', measure: true, sentence: '{s} carried {v} kg of payload.' },
        { name: 'orbit', type: 'text', label: 'target orbit', sentence: '{s} targeted {v}.' },
        { name: 'failure_mode', type: 'text', label: 'failure mode', optional: true, sentence: '{s} did not fully succeed: it suffered {v}.' },
      ],
    },
    {
      name: 'payloads',
      entity: 'payload',
      plural: 'payloads',
      nameColumn: 'name',
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'launch_id', type: 'entity', ref: 'launches', label: 'launch', predicate: 'launch', sentence: '{s} flew on the {v} mission.' },
        { name: 'owner_id', type: 'entity', ref: 'operators', label: 'owner', predicate: 'owner', sentence: '{s} is owned by {v}.' },
        { name: 'mass_kg', type: 'integer', label: 'mass in kg', measure: true, sentence: '{s} has a mass of {v} kg.' },
        { name: 'purpose', type: 'text', label: 'purpose', sentence: '{s} was built for {v}.' },
        { name: 'design_life_years', type: 'integer', label: 'design life in years', optional: true, sentence: '{s} is designed to operate for {v} years.' },
      ],
    },
  ],
  generate({ rng, names, year }) {
    const yearStart = dayFromIso(`${year}-01-01`);
    const yearDays = dayFromIso(`${year + 1}-01-01`) - yearStart;
    // The world's size: launches are added until the fact count reaches a drawn target.
    const target = rng.int(330, 470);
    const operatorCount = rng.int(4, 6);
    const siteCount = rng.int(3, 5);
    const vehicleCount = rng.int(7, 11);
    const withEmployees = rng.chance(0.6);
    const withBudget = rng.chance(0.6);
    const withHeight = rng.chance(0.7);
    const withStages = rng.chance(0.5);
    const withLatitude = rng.chance(0.7);
    const withPads = rng.chance(0.5);
    const withLife = rng.chance(0.6);

    const operators: Row[] = [];
    for (let i = 1; i <= operatorCount; i++) {
      const name = names.withSuffix(OPERATOR_SUFFIXES);
      const agency = name.endsWith('Agency');
      operators.push({
        id: i,
        name,
        headquarters: names.place(),
        founded: isoFromDay(yearStart - rng.int(4 * 365, 70 * 365)),
        chief: names.person(),
        employees: withEmployees ? (agency ? rng.int(2_000, 60_000) : rng.int(300, 25_000)) : null,
        annual_budget_usd: withBudget ? rng.int(400, 300_000) * 100_000 : null,
      });
    }
    const sites: Row[] = [];
    for (let i = 1; i <= siteCount; i++) {
      sites.push({
        id: i,
        name: names.take(() => `${inventWord(rng)} ${rng.pick(SITE_SUFFIXES)}`),
        operator_id: rng.int(1, operatorCount),
        region: names.place(),
        opened: isoFromDay(yearStart - rng.int(2 * 365, 65 * 365)),
        latitude_deg: withLatitude ? Number(rng.real(2, 63).toFixed(2)) : null,
        pads: withPads ? rng.int(1, 5) : null,
      });
    }
    // A quarter of the vehicles make their maiden flight during the year: their first flight is set below.
    const maiden = new Set<number>();
    const vehicles: Row[] = [];
    for (let i = 1; i <= vehicleCount; i++) {
      const operator = i <= operatorCount ? operators[i - 1]! : rng.pick(operators);
      const capacity = Math.round(Math.exp(rng.real(Math.log(500), Math.log(70_000))));
      if (rng.chance(0.25)) maiden.add(i);
      const founded = dayFromIso(String(operator.founded));
      vehicles.push({
        id: i,
        name: names.take(() => `${inventWord(rng)} ${rng.pick(VEHICLE_SUFFIXES)}`),
        operator_id: operator.id,
        first_flight: isoFromDay(rng.int(founded + 365, yearStart - 30)),
        payload_capacity_kg: capacity,
        cost_per_launch_usd: Math.round((capacity * rng.int(1_500, 9_000)) / 100_000) * 100_000 + 2_000_000,
        height_m: withHeight ? Number((rng.real(16, 28) + capacity / 1_400).toFixed(1)) : null,
        stages: withStages ? rng.int(2, 3) : null,
        launches_in_year: 0,
      });
    }

    const launches: Row[] = [];
    const payloads: Row[] = [];
    let facts = [...operators, ...sites, ...vehicles].reduce((n, r) => n + cells(r), 0);
    while (facts < target) {
      const vehicle = rng.pick(vehicles);
      const capacity = Number(vehicle.payload_capacity_kg);
      const count = capacity < 1_500 ? 1 : rng.pick([1, 1, 1, 2, 2, 3]);
      const total = Math.max(150 * count, Math.round(capacity * rng.real(0.35, 0.97)));
      const purpose = rng.pick(PURPOSE_NAMES);
      const launch: Row = {
        id: launches.length + 1,
        name: names.take(() => `${inventWord(rng)} ${rng.pick(NUMERALS)}`),
        vehicle_id: vehicle.id,
        site_id: rng.int(1, siteCount),
        launch_date: isoFromDay(yearStart + rng.int(0, yearDays - 1)),
        payload_mass_kg: total,
        orbit: rng.pick(PURPOSES[purpose]!),
        failure_mode: rng.chance(0.88) ? null : rng.pick(FAILURE_MODES),
      };
      launches.push(launch);
      vehicle.launches_in_year = Number(vehicle.launches_in_year) + 1;
      facts += cells(launch);
      // Split the launch's payload mass among its payloads; the first one is the main payload.
      let left = total;
      for (let k = 0; k < count; k++) {
        const mass = k === count - 1 ? left : Math.max(150, Math.round((left - 150 * (count - k - 1)) * rng.real(0.3, 0.8)));
        left -= mass;
        const payload: Row = {
          id: payloads.length + 1,
          name: names.take(() => `${inventWord(rng)}-${rng.int(1, 24)}`),
          launch_id: launch.id,
          owner_id: rng.int(1, operatorCount),
          mass_kg: mass,
          purpose: k === 0 ? purpose : rng.pick([...RIDESHARE_PURPOSES, purpose]),
          design_life_years: withLife ? rng.int(2, 15) : null,
        };
        payloads.push(payload);
        facts += cells(payload);
      }
    }
    // A maiden-flight vehicle first flew on its earliest launch of the year.
    for (const v of vehicles) {
      const own = launches
        .filter((l) => l.vehicle_id === v.id)
        .map((l) => String(l.launch_date))
        .sort();
      if (maiden.has(v.id) && own.length > 0) v.first_flight = own[0]!;
    }
    return { operators, vehicles, launch_sites: sites, launches, payloads };
  },
  invariants(rows) {
    return [
      ...checkAtMostParent(rows.launches!, 'vehicle_id', 'payload_mass_kg', rows.vehicles!, 'payload_capacity_kg'),
      ...checkSumEquals(rows.launches!, 'payload_mass_kg', rows.payloads!, 'launch_id', 'mass_kg'),
      ...checkDateNotBefore(rows.vehicles!, 'first_flight', rows.launches!, 'vehicle_id', 'launch_date'),
      ...checkDateOrder(rows.operators!, 'founded', rows.vehicles!, 'operator_id', 'first_flight'),
      ...checkDateOrder(rows.launch_sites!, 'opened', rows.launches!, 'site_id', 'launch_date'),
      ...checkCountEquals(rows.vehicles!, 'launches_in_year', rows.launches!, 'vehicle_id'),
    ];
  },
  headline(table, row, name) {
    if (table === 'launches') return `${name('vehicles', Number(row.vehicle_id))} flies the ${row.name} mission`;
    if (table === 'vehicles') return `${name('operators', Number(row.operator_id))} readies the ${row.name}`;
    if (table === 'operators') return `${row.name} names ${row.chief} to lead it`;
    if (table === 'launch_sites') return `${row.name} prepares for a busy launch year`;
    return null;
  },
});
