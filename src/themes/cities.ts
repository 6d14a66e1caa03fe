/**
 * City statistics: cities with their mayors, districts and budget lines. A city's population (and
 * area) is the sum of its districts', its total budget the sum of its budget lines.
 */
import { dayFromIso, isoFromDay } from '../format.js';
import { defineTheme, type Row } from './_define.js';
import { inventWord } from './_names.js';
import { checkDateOrder, checkRowDates, checkSumEquals } from '../world/invariants.js';

const DEPARTMENTS = [
  'Education',
  'Public safety',
  'Transport',
  'Health',
  'Parks and recreation',
  'Housing',
  'Water and sanitation',
  'Administration',
  'Culture',
  'Social services',
];
const PREVIOUS = ['deputy mayor', 'city council president', 'regional legislator', 'school board chair', 'police commissioner', 'city treasurer'];
const DISTRICT_SUFFIXES = ['', '', ' Heights', ' Park', ' Quarter', 'ton', ' Hill', ' Gardens', ' Docks'];

export default defineTheme({
  id: 'cities',
  title: 'City statistics',
  description: 'Cities with their mayors, districts (population, area) and annual budget lines',
  sites: {
    encyclopedia: { host: 'wiki.civitas-encyclopedia.example', name: 'Civitas Encyclopedia' },
    news: { host: 'www.metroledger.example', name: 'Metro Ledger' },
    lists: { host: 'data.urbanfigures.example', name: 'UrbanFigures' },
    forum: { host: 'forum.citytalk.example', name: 'CityTalk Forums' },
  },
  tables: [
    {
      name: 'mayors',
      entity: 'mayor',
      plural: 'mayors',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'party', type: 'text', label: 'political party', sentence: '{s} is a member of the {v}.' },
        { name: 'birth_date', type: 'date', label: 'date of birth', sentence: '{s} was born on {v}.' },
        { name: 'took_office', type: 'date', label: 'date of taking office', sentence: '{s} took office as mayor on {v}.' },
        { name: 'term_ends', type: 'date', label: 'end of the current term', optional: true, sentence: 'The current term of {s} ends on {v}.' },
        { name: 'previous_office', type: 'text', label: 'previous office', optional: true, sentence: 'Before becoming mayor, {s} served as {v}.' },
      ],
    },
    {
      name: 'cities',
      entity: 'city',
      plural: 'cities',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'region', type: 'text', label: 'region', sentence: '{s} lies in {v}.' },
        { name: 'incorporated', type: 'date', label: 'incorporation date', sentence: '{s} was incorporated on {v}.' },
        { name: 'mayor_id', type: 'entity', ref: 'mayors', label: 'mayor', predicate: 'mayor', sentence: 'The mayor of {s} is {v}.' },
        { name: 'population', type: 'integer', label: 'population', unit: 'count', measure: true, sentence: 'The population of {s} is {v}.' },
        { name: 'area_km2', type: 'real', decimals: 1, label: 'area in square kilometres', optional: true, sentence: '{s} covers {v} square kilometres.' },
        { name: 'elevation_m', type: 'integer', label: 'elevation in metres', optional: true, sentence: '{s} sits {v} metres above sea level.' },
        {
          name: 'total_budget_usd',
          type: 'integer',
          label: 'total annual budget',
          unit: 'usd',
          measure: true,
          sentence: 'The total annual budget of {s} is {v}.',
        },
      ],
    },
    {
      name: 'districts',
      entity: 'district',
      plural: 'districts',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'city_id', type: 'entity', ref: 'cities', label: 'city', predicate: 'city', sentence: '{s} is a district of {v}.' },
        { name: 'population', type: 'integer', label: 'population', unit: 'count', measure: true, sentence: 'The population of {s} is {v}.' },
        { name: 'households', type: 'integer', label: 'number of households', unit: 'count', measure: true, sentence: '{s} is home to {v} households.' },
        { name: 'area_km2', type: 'real', decimals: 1, label: 'area in square kilometres', optional: true, sentence: '{s} covers {v} square kilometres.' },
        { name: 'established', type: 'date', label: 'date of establishment', sentence: '{s} was established as a district on {v}.' },
        {
          name: 'median_income_usd',
          type: 'integer',
          label: 'median household income',
          unit: 'usd',
          optional: true,
          sentence: 'The median household income in {s} is {v}.',
        },
        { name: 'council_seats', type: 'integer', label: 'number of council seats', optional: true, sentence: '{s} elects {v} members to the city council.' },
      ],
    },
    {
      name: 'budget_lines',
      entity: 'budget line',
      plural: 'budget lines',
      subject: (row, _rows, name) => `${name('cities', Number(row.city_id))} ${String(row.department).toLowerCase()} budget`,
      columns: [
        { name: 'city_id', type: 'entity', ref: 'cities', label: 'city', predicate: 'city', sentence: 'The {s} is part of the annual budget of {v}.' },
        { name: 'department', type: 'text', label: 'department', sentence: 'The {s} funds the {v} department.' },
        { name: 'amount_usd', type: 'integer', label: 'budgeted amount', unit: 'usd', measure: true, sentence: 'The {s} amounts to {v}.' },
        { name: 'staff', type: 'integer', label: 'staff headcount', optional: true, sentence: 'The {s} pays for {v} staff.' },
      ],
    },
  ],
  generate({ rng, names, year }) {
    const cityCount = rng.int(6, 8);
    const on = {
      term: rng.chance(0.6),
      previous: rng.chance(0.5),
      area: rng.chance(0.6),
      elevation: rng.chance(0.5),
      income: rng.chance(0.6),
      seats: rng.chance(0.5),
      staff: rng.chance(0.5),
    };
    const yearStart = dayFromIso(`${year}-01-01`);
    let facts = 0;
    const count = (r: Row, nameless = false) => (facts += Object.entries(r).filter(([k, v]) => k !== 'id' && (nameless || k !== 'name') && v !== null).length);
    const regions = Array.from({ length: rng.int(2, 3) }, () => names.take(() => `${inventWord(rng)} ${rng.pick(['Province', 'County', 'Region'])}`));
    const parties = Array.from({ length: rng.int(2, 4) }, () => names.take(() => `${inventWord(rng)} ${rng.pick(['Party', 'Alliance', 'Movement'])}`));

    const mayors: Row[] = [];
    const cities: Row[] = [];
    const budget: Row[] = [];
    for (let i = 1; i <= cityCount; i++) {
      const took = yearStart - rng.int(0, 4 * 365);
      mayors.push({
        id: i,
        name: names.person(),
        party: rng.pick(parties),
        birth_date: isoFromDay(took - rng.int(33 * 365, 70 * 365)),
        took_office: isoFromDay(took),
        term_ends: on.term ? isoFromDay(took + rng.pick([4, 5]) * 365 + rng.int(-3, 3)) : null,
        previous_office: on.previous ? rng.pick(PREVIOUS) : null,
      });
      cities.push({
        id: i,
        name: names.place(),
        region: rng.pick(regions),
        incorporated: isoFromDay(dayFromIso(`${year - 260}-01-01`) + rng.int(0, 200 * 365)),
        mayor_id: i,
        population: 0,
        area_km2: on.area ? 0 : null,
        elevation_m: on.elevation ? rng.int(3, 1900) : null,
        total_budget_usd: 0,
      });
      for (const department of rng.sample(DEPARTMENTS, rng.int(4, 7)))
        budget.push({ id: budget.length + 1, city_id: i, department, amount_usd: 0, staff: on.staff ? rng.int(120, 9500) : null });
    }
    for (const r of [...mayors, ...cities]) count(r);
    for (const r of budget) count(r, true);

    // Districts fill the world up to a drawn fact target; every city gets at least three.
    const districts: Row[] = [];
    const target = rng.int(330, 460);
    const order = rng.shuffle(cities.map((c) => c.id));
    for (let i = 0; i < 3 * cityCount || facts < target; i++) {
      const city = cities[(i < 3 * cityCount ? order[i % cityCount]! : rng.pick(order)) - 1]!;
      const inc = dayFromIso(String(city.incorporated));
      const district: Row = {
        id: districts.length + 1,
        name: names.place(DISTRICT_SUFFIXES),
        city_id: city.id,
        population: rng.int(6000, 340000),
        households: 0,
        area_km2: on.area ? rng.int(15, 900) / 10 : null,
        established: isoFromDay(inc + rng.int(365, yearStart - 730 - inc)),
        median_income_usd: on.income ? rng.int(21000, 142000) : null,
        council_seats: on.seats ? rng.int(1, 9) : null,
      };
      district.households = Math.round(Number(district.population) / rng.real(1.9, 3.1));
      districts.push(district);
      count(district);
      city.population = Number(city.population) + Number(district.population);
      // Tenths are summed as integers so the city's area is exactly the sum of its districts'.
      if (on.area) city.area_km2 = (Math.round(Number(city.area_km2) * 10) + Math.round(Number(district.area_km2) * 10)) / 10;
    }
    for (const line of budget) {
      const city = cities[Number(line.city_id) - 1]!;
      line.amount_usd = Math.round((Number(city.population) * rng.int(60, 900)) / 1000) * 1000 + rng.int(1, 999) * 1000;
      city.total_budget_usd = Number(city.total_budget_usd) + Number(line.amount_usd);
    }
    return { mayors, cities, districts, budget_lines: budget };
  },
  invariants(rows) {
    return [
      ...checkSumEquals(rows.cities!, 'population', rows.districts!, 'city_id', 'population'),
      ...checkSumEquals(rows.cities!, 'total_budget_usd', rows.budget_lines!, 'city_id', 'amount_usd'),
      ...checkSumEquals(
        rows.cities!.filter((c) => c.area_km2 != null),
        'area_km2',
        rows.districts!,
        'city_id',
        'area_km2',
      ),
      ...checkRowDates(rows.mayors!, ['birth_date', 'took_office', 'term_ends']),
      ...checkDateOrder(rows.cities!, 'incorporated', rows.districts!, 'city_id', 'established'),
      ...rows.districts!.filter((d) => Number(d.households) > Number(d.population)).map((d) => `district ${d.id}: more households than residents`),
    ];
  },
  headline(table, row, name) {
    if (table === 'cities') return `${row.name} adopts its annual budget`;
    if (table === 'mayors') return `${row.name} sworn in as mayor`;
    if (table === 'districts') return `${row.name} district of ${name('cities', Number(row.city_id))} draws new residents`;
    return null;
  },
});
