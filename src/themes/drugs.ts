/**
 * A drug-development pipeline: companies, their drug candidates, the clinical trials of each
 * candidate, and the regulatory approvals of those that made it. Timelines run company founded →
 * drug disclosed → trials (each start before its end) → approvals after the drug's last trial.
 */
import { dayFromIso, isoFromDay } from '../format.js';
import { defineTheme, type Row } from './_define.js';
import { COMMON_COLUMNS } from './_columns.js';
import { inventWord } from './_names.js';
import { checkDateAfterAll, checkDateOrder, checkRowDates } from '../world/invariants.js';

const INDICATIONS = [
  'type 2 diabetes',
  'rheumatoid arthritis',
  'non-small cell lung cancer',
  'plaque psoriasis',
  'major depressive disorder',
  'heart failure',
  'chronic migraine',
  'multiple sclerosis',
  'chronic kidney disease',
  'severe asthma',
  'ulcerative colitis',
  'metastatic breast cancer',
  'chronic hepatitis B',
  'obesity',
  'atopic dermatitis',
  "Parkinson's disease",
  'sickle cell disease',
  'acute myeloid leukaemia',
];
const MODALITIES = ['small molecule', 'monoclonal antibody', 'gene therapy', 'cell therapy', 'peptide', 'antisense oligonucleotide', 'bispecific antibody'];
const STEMS: Record<string, string[]> = {
  'small molecule': ['nib', 'stat', 'vir', 'zole', 'pril'],
  'monoclonal antibody': ['mab', 'zumab', 'ximab'],
  'gene therapy': ['gene', 'vec'],
  'cell therapy': ['cel', 'leucel'],
  peptide: ['tide', 'relin'],
  'antisense oligonucleotide': ['rsen', 'sen'],
  'bispecific antibody': ['tamab', 'mab'],
};
const ROUTES = ['oral', 'intravenous', 'subcutaneous', 'inhaled'];
const ENDPOINTS = ['overall survival', 'progression-free survival', 'overall response rate', 'time to relapse', 'symptom score change', 'hospitalisation rate'];
const DESIGNS = ['randomised, double-blind, placebo-controlled', 'randomised, open-label', 'single-arm, open-label', 'randomised, active-controlled'];
const PATHWAYS = ['standard review', 'priority review', 'accelerated approval'];
const AGENCY_KINDS = ['Medicines Agency', 'Drug Administration', 'Health Products Authority'];
const DURATION: Record<number, [number, number]> = { 1: [150, 450], 2: [250, 700], 3: [400, 1000] };
const ENROLMENT: Record<number, [number, number]> = { 1: [100, 320], 2: [150, 900], 3: [600, 6400] };

export default defineTheme({
  id: 'drugs',
  title: 'Drug development pipeline',
  description: 'Pharmaceutical companies, their drug candidates, clinical trials and regulatory approvals',
  sites: {
    encyclopedia: { host: 'wiki.pharmapedia.example', name: 'Pharmapedia' },
    news: { host: 'www.pipelinepost.example', name: 'Pipeline Post' },
    lists: { host: 'data.trialregistry.example', name: 'TrialRegistry Data' },
    forum: { host: 'forum.benchtobedside.example', name: 'BenchToBedside Forums' },
  },
  tables: [
    {
      name: 'companies',
      entity: 'company',
      plural: 'companies',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        COMMON_COLUMNS.headquarters,
        COMMON_COLUMNS.founded,
        COMMON_COLUMNS.ceo,
        COMMON_COLUMNS.employees,
        {
          name: 'rd_budget_usd',
          type: 'integer',
          label: 'annual research budget',
          unit: 'usd',
          measure: true,
          optional: true,
          sentence: 'The annual research budget of {s} is {v}.',
        },
      ],
    },
    {
      name: 'drugs',
      entity: 'drug candidate',
      plural: 'drug candidates',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'company_id', type: 'entity', ref: 'companies', label: 'developer', predicate: 'developer', sentence: '{s} is developed by {v}.' },
        { name: 'indication', type: 'text', label: 'target indication', sentence: '{s} is being developed to treat {v}.' },
        { name: 'modality', type: 'text', label: 'drug modality', sentence: 'The drug modality of {s} is {v}.' },
        { name: 'route', type: 'text', label: 'route of administration', optional: true, sentence: '{s} is given by the {v} route.' },
        { name: 'disclosed', type: 'date', label: 'first disclosure date', sentence: '{s} was first disclosed on {v}.' },
        {
          name: 'peak_sales_usd',
          type: 'integer',
          label: 'forecast peak annual sales',
          unit: 'usd',
          measure: true,
          optional: true,
          sentence: 'Analysts forecast peak annual sales of {v} for {s}.',
        },
      ],
    },
    {
      name: 'trials',
      entity: 'clinical trial',
      plural: 'clinical trials',
      nameColumn: 'name',
      entityPages: true,
      columns: [
        { name: 'name', type: 'text', label: 'name' },
        { name: 'drug_id', type: 'entity', ref: 'drugs', label: 'drug', predicate: 'drug', sentence: '{s} is a clinical trial of {v}.' },
        { name: 'phase', type: 'text', label: 'trial phase', sentence: '{s} is a {v} study.' },
        { name: 'design', type: 'text', label: 'study design', sentence: 'The design of {s} is {v}.' },
        { name: 'start_date', type: 'date', label: 'start date', sentence: '{s} started on {v}.' },
        { name: 'end_date', type: 'date', label: 'completion date', sentence: 'The completion date of {s} is {v}.' },
        { name: 'enrolment', type: 'integer', label: 'patient enrolment', unit: 'count', measure: true, sentence: '{s} enrolled {v} patients.' },
        { name: 'sites', type: 'integer', label: 'number of trial sites', optional: true, sentence: '{s} runs at {v} sites.' },
        {
          name: 'cost_usd',
          type: 'integer',
          label: 'estimated trial cost',
          unit: 'usd',
          measure: true,
          optional: true,
          sentence: 'The estimated cost of {s} is {v}.',
        },
        { name: 'primary_endpoint', type: 'text', label: 'primary endpoint', optional: true, sentence: 'The primary endpoint of {s} is {v}.' },
      ],
    },
    {
      name: 'approvals',
      entity: 'approval',
      plural: 'approvals',
      subject: (row, _rows, name) => `${name('drugs', Number(row.drug_id))} approval by the ${row.agency}`,
      columns: [
        { name: 'drug_id', type: 'entity', ref: 'drugs', label: 'drug', predicate: 'drug', sentence: 'The drug covered by the {s} is {v}.' },
        { name: 'agency', type: 'text', label: 'regulatory agency', sentence: 'The regulator behind the {s} is the {v}.' },
        { name: 'approval_date', type: 'date', label: 'approval date', sentence: 'The {s} was granted on {v}.' },
        { name: 'pathway', type: 'text', label: 'review pathway', optional: true, sentence: 'The {s} followed the {v} pathway.' },
        {
          name: 'list_price_usd',
          type: 'integer',
          label: 'annual list price',
          unit: 'usd',
          optional: true,
          sentence: 'The annual list price set after the {s} is {v}.',
        },
      ],
    },
  ],
  generate({ rng, names, year }) {
    const companyCount = rng.int(5, 7);
    const on = {
      employees: rng.chance(0.6),
      rd: rng.chance(0.5),
      route: rng.chance(0.6),
      peak: rng.chance(0.6),
      sites: rng.chance(0.5),
      cost: rng.chance(0.5),
      endpoint: rng.chance(0.5),
      pathway: rng.chance(0.6),
      price: rng.chance(0.6),
    };
    const yearStart = dayFromIso(`${year}-01-01`);
    let facts = 0;
    const count = (r: Row, nameless = false) => (facts += Object.entries(r).filter(([k, v]) => k !== 'id' && (nameless || k !== 'name') && v !== null).length);

    const companies: Row[] = [];
    for (let i = 1; i <= companyCount; i++) {
      const employees = on.employees ? rng.int(180, 96000) : null;
      companies.push({
        id: i,
        name: names.withSuffix(['Pharma', 'Therapeutics', 'Biosciences', 'Biologics']),
        headquarters: names.place(),
        founded: isoFromDay(dayFromIso(`${year - 60}-01-01`) + rng.int(0, 47 * 365)),
        ceo: names.person(),
        employees,
        rd_budget_usd: on.rd ? rng.int(2000, 400000) * 10000 : null,
      });
      count(companies[i - 1]!);
    }
    const agencies = Array.from({ length: rng.int(2, 3) }, () => names.take(() => `${inventWord(rng)} ${rng.pick(AGENCY_KINDS)}`));

    const drugs: Row[] = [];
    const trials: Row[] = [];
    const approvals: Row[] = [];
    const target = rng.int(330, 450);
    while (facts < target) {
      const id = drugs.length + 1;
      const modality = rng.pick(MODALITIES);
      // The first drug is an approved phase-3 one, so every world has approvals (else, by chance, none).
      const stage = id === 1 ? 3 : rng.pick([1, 1, 2, 2, 3, 3, 3]);
      const approved = stage === 3 && (id === 1 || rng.chance(0.6));
      // Build the timeline backwards from the last trial's completion.
      const firstApproval = yearStart + rng.int(10, 250);
      let cursor = approved ? firstApproval - rng.int(90, 330) : yearStart + rng.int(-200, 700);
      const spans: { phase: number; start: number; end: number }[] = [];
      for (let phase = stage; phase >= 1; phase--) {
        const [lo, hi] = DURATION[phase]!;
        const start = cursor - rng.int(lo, hi);
        spans.unshift({ phase, start, end: cursor });
        cursor = start - rng.int(30, 240);
      }
      if (stage === 3 && rng.chance(0.35)) {
        const p3 = spans[spans.length - 1]!;
        spans.push({ phase: 3, start: p3.start + rng.int(0, 90), end: p3.end - rng.int(0, 90) });
      }
      const companyId = id <= companyCount ? id : rng.int(1, companyCount);
      const drug: Row = {
        id,
        name: names.take(() => `${inventWord(rng, 2)}${rng.pick(STEMS[modality]!)}`),
        company_id: companyId,
        indication: rng.pick(INDICATIONS),
        modality,
        route: on.route ? rng.pick(ROUTES) : null,
        disclosed: isoFromDay(spans[0]!.start - rng.int(60, 400)),
        peak_sales_usd: on.peak ? rng.int(120, 9000) * 1_000_000 + rng.int(1, 99) * 10_000 : null,
      };
      drugs.push(drug);
      count(drug);
      const program = names.take(() => inventWord(rng, 2).toUpperCase());
      for (const s of spans) {
        const [lo, hi] = ENROLMENT[s.phase]!;
        const enrolment = rng.int(lo, hi);
        const trial: Row = {
          id: trials.length + 1,
          name: names.take(() => `${program}-${rng.int(10, 99)}`),
          drug_id: id,
          phase: `Phase ${s.phase}`,
          design: s.phase === 1 ? rng.pick(DESIGNS.slice(1)) : rng.pick(DESIGNS),
          start_date: isoFromDay(s.start),
          end_date: isoFromDay(s.end),
          enrolment,
          sites: on.sites ? Math.max(3, Math.round(enrolment / rng.int(8, 40))) : null,
          cost_usd: on.cost ? enrolment * rng.int(18000, 60000) : null,
          primary_endpoint: on.endpoint ? (s.phase === 1 ? 'safety and tolerability' : rng.pick(ENDPOINTS)) : null,
        };
        trials.push(trial);
        count(trial);
      }
      if (approved) {
        const by = rng.chance(0.5) ? rng.sample(agencies, 2) : [rng.pick(agencies)];
        by.forEach((agency, k) => {
          const approval: Row = {
            id: approvals.length + 1,
            drug_id: id,
            agency,
            approval_date: isoFromDay(firstApproval + k * rng.int(20, 100)),
            pathway: on.pathway ? rng.pick(PATHWAYS) : null,
            list_price_usd: on.price ? rng.int(4800, 460000) : null,
          };
          approvals.push(approval);
          count(approval, true);
        });
      }
    }
    trials.sort((a, b) => (String(a.start_date) < String(b.start_date) ? -1 : String(a.start_date) > String(b.start_date) ? 1 : a.id - b.id));
    trials.forEach((t, i) => (t.id = i + 1));
    return { companies, drugs, trials, approvals };
  },
  invariants(rows) {
    return [
      ...checkRowDates(rows.trials!, ['start_date', 'end_date']),
      ...checkDateOrder(rows.companies!, 'founded', rows.drugs!, 'company_id', 'disclosed'),
      ...checkDateOrder(rows.drugs!, 'disclosed', rows.trials!, 'drug_id', 'start_date'),
      ...checkDateOrder(rows.drugs!, 'disclosed', rows.approvals!, 'drug_id', 'approval_date'),
      ...checkDateAfterAll(rows.approvals!, 'drug_id', 'approval_date', rows.trials!, 'drug_id', 'end_date'),
    ];
  },
  headline(table, row, name) {
    if (table === 'companies') return `${row.name} appoints ${row.ceo} as chief executive`;
    if (table === 'drugs') return `${name('companies', Number(row.company_id))} details its ${row.indication} candidate ${row.name}`;
    if (table === 'trials') return `${row.phase} trial ${row.name} of ${name('drugs', Number(row.drug_id))} gets under way`;
    return null;
  },
});
