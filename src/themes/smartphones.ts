/** A smartphone market in a future year: brands, their models, and quarterly sales with market shares. */
import { dayFromIso, isoFromDay } from '../format.js';
import { defineTheme, type Row } from './_define.js';
import { COMMON_COLUMNS } from './_columns.js';
import { checkDateOrder, checkRanking, checkSharesAtMost, checkSumEquals } from '../world/invariants.js';

const REAL_BRANDS = ['Samsung', 'Apple', 'Xiaomi', 'Oppo', 'Vivo', 'Motorola', 'Nokia', 'Sony', 'OnePlus', 'Honor', 'Huawei', 'Google'];
const MODEL_SUFFIXES = ['X', 'Pro', 'Lite', 'Max', 'Neo', 'Edge', 'Ultra', 'Air', 'Note', 'Fold', 'S', 'One'];

export default defineTheme({
  id: 'smartphones',
  title: 'Smartphone market',
  description: 'Brands, their phone models and quarterly sales with market shares',
  sites: {
    encyclopedia: { host: 'wiki.orbis-encyclopedia.example', name: 'Orbis Encyclopedia' },
    news: { host: 'www.handsetwire.example', name: 'HandsetWire' },
    lists: { host: 'data.mobilemetrics.example', name: 'MobileMetrics' },
    forum: { host: 'forum.pocketgeek.example', name: 'PocketGeek Forums' },
  },
  tables: [
    {
      name: 'brands',
      entity: 'brand',
      plural: 'brands',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        COMMON_COLUMNS.headquarters,
        COMMON_COLUMNS.founded,
        COMMON_COLUMNS.ceo,
        COMMON_COLUMNS.employees,
      ],
    },
    {
      name: 'models',
      entity: 'phone model',
      plural: 'phone models',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'brand_id', type: 'entity', ref: 'brands', label: 'brand', predicate: 'brand', sentence: '{s} is made by {v}.' },
        { name: 'launch_date', type: 'date', label: 'launch date', sentence: '{s} was launched on {v}.' },
        { name: 'launch_price_usd', type: 'integer', label: 'launch price', unit: 'usd', measure: true, sentence: '{s} launched at a price of {v}.' },
        {
          name: 'battery_mah',
          type: 'integer',
          label: 'battery capacity in mAh',
          measure: true,
          optional: true,
          sentence: 'The battery capacity of {s} is {v} mAh.',
        },
        { name: 'screen_in', type: 'real', decimals: 2, label: 'screen size in inches', optional: true, sentence: '{s} has a {v}-inch screen.' },
        { name: 'units_sold', type: 'integer', label: 'units sold in the year', unit: 'count', measure: true, sentence: '{s} sold {v} units over the year.' },
        { name: 'sales_rank', type: 'integer', label: 'sales rank', sentence: '{s} ranked number {v} by units sold.' },
      ],
    },
    {
      name: 'quarterly_sales',
      entity: 'quarterly sales record',
      plural: 'quarterly sales records',
      subject: (row, _rows, name) => `${name('models', Number(row.model_id))}, ${row.quarter}`,
      columns: [
        { name: 'model_id', type: 'entity', ref: 'models', label: 'model', predicate: 'model', sentence: '{s} covers {v}.' },
        { name: 'quarter', type: 'text', label: 'quarter', sentence: '{s} is the record for {v}.' },
        { name: 'units', type: 'integer', label: 'units sold', unit: 'count', measure: true, sentence: 'In {s}, units sold reached {v}.' },
        { name: 'market_share_pct', type: 'real', decimals: 2, label: 'market share', unit: 'percent', sentence: 'In {s}, market share was {v}.' },
      ],
    },
  ],
  generate({ rng, names, year, realBrands }) {
    const brandCount = rng.int(4, 6);
    const modelCount = rng.int(13, 19);
    const withEmployees = rng.chance(0.6);
    const withBattery = rng.chance(0.7);
    const withScreen = rng.chance(0.7);
    const realPool = rng.shuffle(REAL_BRANDS);
    const brands: Row[] = [];
    for (let i = 1; i <= brandCount; i++) {
      const name = realBrands ? names.take(() => realPool.pop() ?? names.word()) : names.withSuffix(['Mobile', 'Devices', 'Telecom', 'Electronics', 'Labs']);
      brands.push({
        id: i,
        name,
        headquarters: names.place(),
        founded: isoFromDay(dayFromIso(`${year - 40}-01-01`) + rng.int(0, 35 * 365)),
        ceo: names.person(),
        employees: withEmployees ? rng.int(1200, 240000) : null,
      });
    }
    const models: Row[] = [];
    const yearStart = dayFromIso(`${year}-01-01`);
    for (let i = 1; i <= modelCount; i++) {
      const brand = i <= brandCount ? brands[i - 1]! : rng.pick(brands);
      const base = String(brand.name).split(' ')[0];
      models.push({
        id: i,
        name: names.take(() => `${base} ${rng.pick(MODEL_SUFFIXES)}${rng.int(2, 99)}`),
        brand_id: brand.id,
        launch_date: isoFromDay(yearStart - rng.int(20, 330)),
        launch_price_usd: rng.int(149, 1899),
        battery_mah: withBattery ? rng.int(3000, 6500) : null,
        screen_in: withScreen ? Number(rng.real(5.4, 7.6).toFixed(2)) : null,
        units_sold: 0,
        sales_rank: 0,
      });
    }
    const sales: Row[] = [];
    for (let q = 1; q <= 4; q++) {
      const market = rng.int(60_000_000, 90_000_000);
      for (const m of models) {
        const units = rng.int(150_000, 4_000_000);
        m.units_sold = Number(m.units_sold) + units;
        sales.push({ id: sales.length + 1, model_id: m.id, quarter: `Q${q} ${year}`, units, market_share_pct: Number(((units / market) * 100).toFixed(2)) });
      }
    }
    const ranked = models.slice().sort((a, b) => Number(b.units_sold) - Number(a.units_sold) || a.id - b.id);
    ranked.forEach((m, i) => (m.sales_rank = i + 1));
    return { brands, models, quarterly_sales: sales };
  },
  invariants(rows) {
    return [
      ...checkSumEquals(rows.models!, 'units_sold', rows.quarterly_sales!, 'model_id', 'units'),
      ...checkRanking(rows.models!, 'sales_rank', 'units_sold'),
      ...checkSharesAtMost(rows.quarterly_sales!, 'quarter', 'market_share_pct', 100),
      ...checkDateOrder(rows.brands!, 'founded', rows.models!, 'brand_id', 'launch_date'),
    ];
  },
  headline(table, row, name) {
    if (table === 'models') return `${name('brands', Number(row.brand_id))} unveils the ${row.name}`;
    if (table === 'brands') return `${row.name} names ${row.ceo} as chief executive`;
    return null;
  },
});
