/** Company financials for a future year: stock exchanges, listed companies, their business segments and quarterly results. */
import { dayFromIso, isoFromDay } from '../format.js';
import { defineTheme, type Row } from './_define.js';
import { COMMON_COLUMNS } from './_columns.js';
import { inventWord } from './_names.js';
import { checkDateOrder, checkNotAbove, checkPercentOf, checkPercentOfParent, checkRowDates, checkSharesAtMost, checkSumEquals } from '../world/invariants.js';

const COMPANY_SUFFIXES = ['Group', 'Holdings', 'Corp', 'Inc', 'Industries', 'Systems'];
const EXCHANGE_SUFFIXES = ['Stock Exchange', 'Stock Exchange', 'Securities Exchange', 'Exchange'];
const SECTORS = [
  'consumer goods',
  'industrials',
  'software',
  'semiconductors',
  'retail',
  'energy',
  'telecommunications',
  'logistics',
  'healthcare',
  'financial services',
  'automotive',
  'media',
];
/** Real company names with their sector: with `realBrands`, real companies own invented figures. */
const REAL_COMPANIES: [string, string][] = [
  ['Siemens', 'industrials'],
  ['Unilever', 'consumer goods'],
  ['Toyota', 'automotive'],
  ['Nestle', 'consumer goods'],
  ['Shell', 'energy'],
  ['Walmart', 'retail'],
  ['Pfizer', 'healthcare'],
  ['Intel', 'semiconductors'],
  ['Boeing', 'industrials'],
  ['Nike', 'consumer goods'],
  ['Philips', 'healthcare'],
  ['Bosch', 'industrials'],
  ['Heineken', 'consumer goods'],
  ['Maersk', 'logistics'],
  ['Ericsson', 'telecommunications'],
  ['Bayer', 'healthcare'],
  ['Honda', 'automotive'],
  ['Oracle', 'software'],
  ['Vodafone', 'telecommunications'],
  ['Carrefour', 'retail'],
  ['Allianz', 'financial services'],
  ['Nvidia', 'semiconductors'],
  ['Disney', 'media'],
  ['FedEx', 'logistics'],
];
const SEGMENT_WORDS = [
  'Cloud',
  'Devices',
  'Services',
  'Retail',
  'Logistics',
  'Energy',
  'Industrial',
  'Consumer',
  'Health',
  'Software',
  'Payments',
  'Materials',
  'Mobility',
  'Media',
  'Networks',
  'Capital',
];

/** Facts a row states: its non-null cells other than the id and the name. */
const cells = (r: Row) => Object.entries(r).filter(([k, v]) => k !== 'id' && k !== 'name' && v !== null).length;
/** `part` as a percentage of `whole`, rounded (or floored, so that shares never sum above 100) to 2 decimals. */
const pct = (part: number, whole: number, floor = false) => (floor ? Math.floor : Math.round)((part / whole) * 10_000) / 100;

export default defineTheme({
  id: 'financials',
  title: 'Company financials',
  description: 'Stock exchanges, listed companies, their business segments and quarterly results',
  sites: {
    encyclopedia: { host: 'wiki.ledgerpedia.example', name: 'Ledgerpedia' },
    news: { host: 'www.marketdispatch.example', name: 'Market Dispatch' },
    lists: { host: 'data.filingsdesk.example', name: 'Filings Desk' },
    forum: { host: 'forum.bullbearboard.example', name: 'BullBear Board' },
  },
  tables: [
    {
      name: 'exchanges',
      entity: 'stock exchange',
      plural: 'stock exchanges',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'city', type: 'text', label: 'city', sentence: '{s} is based in {v}.' },
        COMMON_COLUMNS.founded,
        { name: 'listed_companies', type: 'integer', label: 'number of listed companies', unit: 'count', measure: true, sentence: '{s} lists {v} companies.' },
      ],
    },
    {
      name: 'companies',
      entity: 'company',
      plural: 'companies',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'sector', type: 'text', label: 'sector', sentence: '{s} operates in the {v} sector.' },
        { name: 'exchange_id', type: 'entity', ref: 'exchanges', label: 'stock exchange', predicate: 'exchange', sentence: '{s} is listed on {v}.' },
        COMMON_COLUMNS.headquarters,
        COMMON_COLUMNS.founded,
        { name: 'listing_date', type: 'date', label: 'listing date', optional: true, sentence: '{s} went public on {v}.' },
        COMMON_COLUMNS.ceo,
        COMMON_COLUMNS.employees,
        { name: 'annual_revenue_usd', type: 'integer', label: 'annual revenue', unit: 'usd', measure: true, sentence: '{s} reported annual revenue of {v}.' },
        {
          name: 'annual_operating_income_usd',
          type: 'integer',
          label: 'annual operating income',
          unit: 'usd',
          measure: true,
          optional: true,
          sentence: '{s} reported annual operating income of {v}.',
        },
        {
          name: 'annual_net_income_usd',
          type: 'integer',
          label: 'annual net income',
          unit: 'usd',
          measure: true,
          sentence: '{s} reported annual net income of {v}.',
        },
        {
          name: 'net_margin_pct',
          type: 'real',
          decimals: 2,
          label: 'annual net margin',
          unit: 'percent',
          optional: true,
          sentence: 'The annual net margin of {s} was {v}.',
        },
      ],
    },
    {
      name: 'segments',
      entity: 'business segment',
      plural: 'business segments',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'company_id', type: 'entity', ref: 'companies', label: 'company', predicate: 'company', sentence: '{s} is a business segment of {v}.' },
        {
          name: 'revenue_usd',
          type: 'integer',
          label: 'segment revenue',
          unit: 'usd',
          measure: true,
          sentence: '{s} brought in revenue of {v} over the year.',
        },
        {
          name: 'operating_income_usd',
          type: 'integer',
          label: 'segment operating income',
          unit: 'usd',
          measure: true,
          optional: true,
          sentence: '{s} earned operating income of {v} over the year.',
        },
        {
          name: 'revenue_share_pct',
          type: 'real',
          decimals: 2,
          label: 'share of company revenue',
          unit: 'percent',
          optional: true,
          sentence: "{s} accounted for {v} of its company's revenue.",
        },
      ],
    },
    {
      name: 'quarterly_results',
      entity: 'quarterly result',
      plural: 'quarterly results',
      subject: (row, _rows, name) => `${name('companies', Number(row.company_id))}, ${row.quarter}`,
      columns: [
        { name: 'company_id', type: 'entity', ref: 'companies', label: 'company', predicate: 'company', sentence: '{s} are the results of {v}.' },
        { name: 'quarter', type: 'text', label: 'quarter', sentence: '{s} covers the fiscal quarter {v}.' },
        { name: 'revenue_usd', type: 'integer', label: 'quarterly revenue', unit: 'usd', measure: true, sentence: 'Revenue for {s} came to {v}.' },
        {
          name: 'operating_income_usd',
          type: 'integer',
          label: 'quarterly operating income',
          unit: 'usd',
          measure: true,
          optional: true,
          sentence: 'Operating income for {s} came to {v}.',
        },
        { name: 'net_income_usd', type: 'integer', label: 'quarterly net income', unit: 'usd', measure: true, sentence: 'Net income for {s} came to {v}.' },
        {
          name: 'net_margin_pct',
          type: 'real',
          decimals: 2,
          label: 'quarterly net margin',
          unit: 'percent',
          optional: true,
          sentence: 'The net margin for {s} was {v}.',
        },
      ],
    },
  ],
  generate({ rng, names, year, realBrands }) {
    const yearStart = dayFromIso(`${year}-01-01`);
    // The world's size: companies (each with segments and four quarters) are added until the fact count reaches a drawn target.
    const target = rng.int(320, 445);
    const exchangeCount = rng.int(3, 4);
    const withListing = rng.chance(0.6);
    const withEmployees = rng.chance(0.6);
    const withOperating = rng.chance(0.6);
    const withAnnualMargin = rng.chance(0.5);
    const withSegmentOperating = rng.chance(0.5);
    const withShare = rng.chance(0.6);
    const withQuarterMargin = rng.chance(0.5);
    const realPool = rng.shuffle(REAL_COMPANIES);

    const exchanges: Row[] = [];
    for (let i = 1; i <= exchangeCount; i++) {
      exchanges.push({
        id: i,
        name: names.take(() => `${inventWord(rng)} ${rng.pick(EXCHANGE_SUFFIXES)}`),
        city: names.place(),
        founded: isoFromDay(yearStart - rng.int(60 * 365, 200 * 365)),
        listed_companies: rng.int(120, 3_800),
      });
    }
    const companies: Row[] = [];
    const segments: Row[] = [];
    const quarters: Row[] = [];
    const stems = new Set<string>();
    let facts = exchanges.reduce((n, r) => n + cells(r), 0);
    while (facts < target) {
      const id = companies.length + 1;
      const real = realBrands ? realPool.pop() : undefined;
      // Each company's first word is its own, so its segments' names ("Zentria Cloud") never collide.
      const name = real
        ? names.take(() => real[0])
        : names.take(() => {
            let word = inventWord(rng);
            while (stems.has(word)) word = inventWord(rng);
            return `${word} ${rng.pick(COMPANY_SUFFIXES)}`;
          });
      const stem = name.split(' ')[0]!;
      stems.add(stem);
      const exchange = id <= exchangeCount ? exchanges[id - 1]! : rng.pick(exchanges);
      const founded = rng.int(dayFromIso(String(exchange.founded)) - 40 * 365, yearStart - 6 * 365);
      const listed = Math.max(founded, dayFromIso(String(exchange.founded))) + rng.int(365, 5 * 365);
      // Quarterly figures: revenue around a base, margins around the company's own.
      const base = Math.exp(rng.real(Math.log(2e8), Math.log(3e10)));
      const margin = rng.real(0.02, 0.22);
      const company: Row = {
        id,
        name,
        sector: real ? real[1] : rng.pick(SECTORS),
        exchange_id: exchange.id,
        headquarters: names.place(),
        founded: isoFromDay(founded),
        listing_date: withListing ? isoFromDay(Math.min(listed, yearStart - 200)) : null,
        ceo: names.person(),
        employees: withEmployees ? Math.round(base / rng.int(150_000, 600_000)) + 120 : null,
        annual_revenue_usd: 0,
        annual_operating_income_usd: withOperating ? 0 : null,
        annual_net_income_usd: 0,
        net_margin_pct: null,
      };
      companies.push(company);
      for (let q = 1; q <= 4; q++) {
        const revenue = Math.round((base * rng.real(0.85, 1.15)) / 100_000) * 100_000;
        const net = Math.round((revenue * Math.max(0.005, margin + rng.real(-0.02, 0.02))) / 100_000) * 100_000;
        const operating = net + Math.round((revenue * rng.real(0.01, 0.08)) / 100_000) * 100_000;
        const row: Row = {
          id: quarters.length + 1,
          company_id: id,
          quarter: `Q${q} ${year}`,
          revenue_usd: revenue,
          operating_income_usd: withOperating ? operating : null,
          net_income_usd: net,
          net_margin_pct: withQuarterMargin ? pct(net, revenue) : null,
        };
        quarters.push(row);
        company.annual_revenue_usd = Number(company.annual_revenue_usd) + revenue;
        company.annual_net_income_usd = Number(company.annual_net_income_usd) + net;
        if (withOperating) company.annual_operating_income_usd = Number(company.annual_operating_income_usd) + operating;
        facts += cells(row);
      }
      const annual = Number(company.annual_revenue_usd);
      if (withAnnualMargin) company.net_margin_pct = pct(Number(company.annual_net_income_usd), annual);
      facts += cells(company);
      // Segments split the annual revenue; the last one takes the remainder.
      const words = rng.sample(SEGMENT_WORDS, rng.int(2, 4));
      const weights = words.map(() => rng.real(0.4, 1));
      const sum = weights.reduce((a, b) => a + b, 0);
      let left = annual;
      words.forEach((word, k) => {
        let tries = 0;
        const revenue = k === words.length - 1 ? left : Math.round((annual * weights[k]!) / sum / 100_000) * 100_000;
        left -= revenue;
        const row: Row = {
          id: segments.length + 1,
          name: names.take(() => (tries++ === 0 ? `${stem} ${word}` : `${stem} ${word} ${rng.pick(SEGMENT_WORDS)}`)),
          company_id: id,
          revenue_usd: revenue,
          operating_income_usd: withSegmentOperating ? Math.round((revenue * rng.real(0.02, 0.3)) / 100_000) * 100_000 : null,
          revenue_share_pct: withShare ? pct(revenue, annual, true) : null,
        };
        segments.push(row);
        facts += cells(row);
      });
    }
    return { exchanges, companies, segments, quarterly_results: quarters };
  },
  invariants(rows) {
    const { companies, segments, quarterly_results: quarters } = rows as Record<string, Row[]>;
    return [
      ...checkSumEquals(companies!, 'annual_revenue_usd', quarters!, 'company_id', 'revenue_usd'),
      ...checkSumEquals(companies!, 'annual_net_income_usd', quarters!, 'company_id', 'net_income_usd'),
      ...checkSumEquals(companies!, 'annual_operating_income_usd', quarters!, 'company_id', 'operating_income_usd'),
      ...checkSumEquals(companies!, 'annual_revenue_usd', segments!, 'company_id', 'revenue_usd'),
      ...checkPercentOf(companies!, 'annual_net_income_usd', 'annual_revenue_usd', 'net_margin_pct', 2),
      ...checkPercentOf(quarters!, 'net_income_usd', 'revenue_usd', 'net_margin_pct', 2),
      ...checkNotAbove(quarters!, 'net_income_usd', 'operating_income_usd'),
      ...checkNotAbove(quarters!, 'operating_income_usd', 'revenue_usd'),
      ...checkNotAbove(segments!, 'operating_income_usd', 'revenue_usd'),
      ...checkPercentOfParent(companies!, 'annual_revenue_usd', segments!, 'company_id', 'revenue_usd', 'revenue_share_pct', 2),
      ...checkSharesAtMost(segments!, 'company_id', 'revenue_share_pct', 100),
      ...checkRowDates(companies!, ['founded', 'listing_date']),
      ...checkDateOrder(rows.exchanges!, 'founded', companies!, 'exchange_id', 'listing_date'),
    ];
  },
  headline(table, row, name) {
    if (table === 'companies') return `${row.name} publishes its annual report`;
    if (table === 'segments') return `Inside ${row.name}, a business of ${name('companies', Number(row.company_id))}`;
    if (table === 'exchanges') return `${row.name} closes another year of trading`;
    return null;
  },
});
