/**
 * A drug-development pipeline: companies, their drug candidates, the clinical trials of each
 * candidate, and the regulatory approvals of those that made it. Timelines run company founded →
 * drug disclosed → trials (each start before its end, each phase after the last) → approvals after
 * the drug's last trial, for drugs that completed a phase 3.
 */
import { ORG, YEARS } from './_columns.js';
import { compileTheme } from './spec/compile.js';

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
/** Each modality: the stems its names end in and the routes it can be given by (an antibody is infused or injected, never swallowed). */
const MODALITIES: Record<string, { stems: string[]; routes: string[] }> = {
  'small molecule': { stems: ['nib', 'stat', 'vir', 'zole', 'pril'], routes: ['oral', 'intravenous', 'inhaled'] },
  'monoclonal antibody': { stems: ['mab', 'zumab', 'ximab'], routes: ['intravenous', 'subcutaneous'] },
  'gene therapy': { stems: ['gene', 'vec'], routes: ['intravenous'] },
  'cell therapy': { stems: ['cel', 'leucel'], routes: ['intravenous'] },
  peptide: { stems: ['tide', 'relin'], routes: ['subcutaneous', 'inhaled'] },
  'antisense oligonucleotide': { stems: ['rsen', 'sen'], routes: ['subcutaneous', 'intravenous'] },
  'bispecific antibody': { stems: ['tamab', 'tumab'], routes: ['intravenous', 'subcutaneous'] },
};
const ROUTES_BY_MODALITY = Object.fromEntries(Object.entries(MODALITIES).map(([m, x]) => [m, x.routes]));
const ENDPOINTS = ['overall survival', 'progression-free survival', 'overall response rate', 'time to relapse', 'symptom score change', 'hospitalisation rate'];
const DESIGNS = ['randomised, double-blind, placebo-controlled', 'randomised, open-label', 'single-arm, open-label', 'randomised, active-controlled'];
const PATHWAYS = ['standard review', 'priority review', 'accelerated approval'];
const AGENCY_KINDS = ['Medicines Agency', 'Drug Administration', 'Health Products Authority'];
/** Days a trial of each phase runs, and patients it enrols. */
const DURATION: [number, number][] = [
  [150, 450],
  [250, 700],
  [400, 1000],
];
const ENROLMENT: [number, number][] = [
  [100, 320],
  [150, 900],
  [600, 6400],
];

const DOMAIN = {
  field: 'drug development',
  topics: ['trial recruitment', 'biomarker selection', 'manufacturing scale-up', 'regulatory harmonisation', 'drug pricing', 'real-world evidence'],
  voices: ['a clinical investigator', 'a biotech analyst', 'a patient advocate', 'a regulatory consultant', 'a hospital pharmacist'],
};

const SAY = {
  'companies.headquarters': { noun: 'headquarters city', verb: 'is headquartered in {v}' },
  'companies.founded': { noun: 'founding date', verb: 'was founded on {v}', future: 'is to be founded on {v}' },
  'companies.ceo': { noun: 'chief executive', verb: 'is led by chief executive {v}' },
  'companies.employees': { noun: 'workforce', verb: 'employs {v} people' },
  'companies.rd_budget_usd': { noun: 'annual research budget', verb: 'spends {v} a year on research' },
  'drugs.company_id': { noun: 'developer', verb: 'is developed by {v}' },
  'drugs.indication': { noun: 'target indication', verb: 'is being developed to treat {v}' },
  'drugs.modality': { noun: 'drug modality', verb: 'is a {v}' },
  'drugs.route': { noun: 'route of administration', verb: 'is given by the {v} route' },
  'drugs.disclosed': { noun: 'first disclosure', verb: 'was first disclosed on {v}', future: 'is due to be disclosed on {v}' },
  'drugs.peak_sales_usd': { noun: 'forecast peak annual sales', verb: 'is forecast to reach peak annual sales of {v}' },
  'trials.drug_id': { noun: 'drug', verb: 'is a clinical trial of {v}' },
  'trials.phase': { noun: 'trial phase', verb: 'is a {v} study' },
  'trials.design': { noun: 'study design', verb: 'follows a {v} design' },
  'trials.start_date': { noun: 'start date', verb: 'started on {v}', future: 'is due to start on {v}' },
  'trials.end_date': { noun: 'completion date', verb: 'completed on {v}', future: 'is expected to complete on {v}' },
  'trials.enrolment': { noun: 'patient enrolment', verb: 'enrolled {v} patients' },
  'trials.sites': { noun: 'number of trial sites', verb: 'runs at {v} sites' },
  'trials.cost_usd': { noun: 'estimated trial cost', verb: 'has an estimated cost of {v}' },
  'trials.primary_endpoint': { noun: 'primary endpoint', verb: 'has {v} as its primary endpoint' },
  'approvals.drug_id': { noun: 'drug', verb: 'covers {v}' },
  'approvals.agency': { noun: 'regulatory agency', verb: 'was issued by the {v}' },
  'approvals.approval_date': { noun: 'approval date', verb: 'was granted on {v}', future: 'is expected to be granted on {v}' },
  'approvals.pathway': { noun: 'review pathway', verb: 'followed the {v} pathway' },
  'approvals.list_price_usd': { noun: 'annual list price', verb: 'came with an annual list price of {v}' },
};

export default compileTheme({
  id: 'drugs',
  locale: 'en',
  title: 'Drug development pipeline',
  description: 'Pharmaceutical companies, their drug candidates, clinical trials and regulatory approvals',
  domain: DOMAIN,
  sites: [
    { host: 'wiki.pharmapedia.example', name: 'Pharmapedia', genres: ['encyclopedia'] },
    { host: 'www.pipelinepost.example', name: 'Pipeline Post', genres: ['news'] },
    { host: 'data.trialregistry.example', name: 'TrialRegistry Data', genres: ['data', 'registry', 'list_article'] },
    { host: 'forum.benchtobedside.example', name: 'BenchToBedside Forums', genres: ['forum'] },
    { host: 'news.biopharma-releases.example', name: 'BioPharma Releases', genres: ['press_release'] },
  ],
  tables: [
    {
      name: 'companies',
      entity: 'pharmaceutical company',
      plural: 'pharmaceutical companies',
      nameColumn: 'name',
      entityPages: true,
      naming: { kind: 'company', suffixes: ['Pharma', 'Therapeutics', 'Biosciences', 'Biologics'] },
      rows: { kind: 'count', range: [5, 7] },
      headline: '{name} appoints {ceo} as chief executive',
      columns: [
        { name: 'name', type: 'text', label: 'name', gen: { kind: 'name' } },
        ORG.headquarters(),
        ORG.founded([-YEARS(60), -YEARS(13)]),
        ORG.ceo(),
        ORG.employees([180, 96000]),
        {
          name: 'rd_budget_usd',
          type: 'integer',
          label: 'annual research budget',
          unit: 'usd',
          measure: true,
          optional: 0.5,
          sentence: 'The annual research budget of {s} is {v}.',
          gen: { kind: 'int', range: [20_000_000, 4_000_000_000], step: 10_000 },
        },
      ],
    },
    {
      name: 'drugs',
      entity: 'drug candidate',
      plural: 'drug candidates',
      nameColumn: 'name',
      entityPages: true,
      naming: { kind: 'drug' },
      // A candidate's modality sets the stem of its name and the routes it may be given by.
      tiers: Object.entries(MODALITIES).map(([modality, m]) => ({
        words: m.stems,
        set: { modality: { kind: 'pick' as const, values: [modality] }, route: { kind: 'pick' as const, values: m.routes } },
      })),
      // Candidates (each with its trials and approvals) are added until the world's facts reach a drawn target.
      rows: { kind: 'fill', facts: [330, 450] },
      headline: '{company_id} details its {indication} candidate {name}',
      columns: [
        { name: 'name', type: 'text', label: 'name', gen: { kind: 'name' } },
        {
          name: 'company_id',
          type: 'entity',
          ref: 'companies',
          label: 'developer',
          predicate: 'developer',
          sentence: '{s} is developed by {v}.',
          gen: { kind: 'ref', spread: true },
        },
        {
          name: 'indication',
          type: 'text',
          label: 'target indication',
          sentence: '{s} is being developed to treat {v}.',
          gen: { kind: 'pick', values: INDICATIONS },
        },
        {
          name: 'modality',
          type: 'text',
          label: 'drug modality',
          sentence: 'The drug modality of {s} is {v}.',
          gen: { kind: 'pick', values: Object.keys(MODALITIES) },
        },
        {
          name: 'route',
          type: 'text',
          label: 'route of administration',
          optional: 0.6,
          sentence: '{s} is given by the {v} route.',
          gen: { kind: 'pick', values: ['oral', 'intravenous', 'subcutaneous', 'inhaled'] },
        },
        {
          name: 'disclosed',
          type: 'date',
          label: 'first disclosure date',
          time: 'event',
          sentence: '{s} was first disclosed on {v}.',
          gen: { kind: 'date', days: [-YEARS(10), -YEARS(4)] },
        },
        {
          name: 'peak_sales_usd',
          type: 'integer',
          label: 'forecast peak annual sales',
          unit: 'usd',
          measure: true,
          optional: 0.6,
          sentence: 'Analysts forecast peak annual sales of {v} for {s}.',
          gen: { kind: 'int', range: [120_010_000, 9_000_990_000], step: 10_000 },
        },
      ],
    },
    {
      name: 'trials',
      entity: 'clinical trial',
      plural: 'clinical trials',
      nameColumn: 'name',
      entityPages: true,
      naming: { kind: 'pattern', pattern: '{parent}-{word}', words: Array.from({ length: 90 }, (_, i) => String(i + 10)) },
      // Phase 1, then 2, then 3, as far as the candidate has come.
      rows: { kind: 'each', via: 'drug_id', range: [1, 3] },
      headline: '{phase} trial {name} of {drug_id} gets under way',
      columns: [
        { name: 'name', type: 'text', label: 'name', gen: { kind: 'name', parent: 'drug_id' } },
        {
          name: 'drug_id',
          type: 'entity',
          ref: 'drugs',
          label: 'drug',
          predicate: 'drug',
          sentence: '{s} is a clinical trial of {v}.',
          gen: { kind: 'parent' },
        },
        { name: 'phase', type: 'text', label: 'trial phase', sentence: '{s} is a {v} study.', gen: { kind: 'index', template: 'Phase {n}' } },
        { name: 'design', type: 'text', label: 'study design', sentence: 'The design of {s} is {v}.', gen: { kind: 'pick', values: DESIGNS } },
        {
          name: 'start_date',
          type: 'date',
          label: 'start date',
          time: 'event',
          sentence: '{s} started on {v}.',
          gen: {
            kind: 'dateAfter',
            after: ['drug_id.disclosed', 'prev.end_date'],
            days: [60, 400],
            byIndex: [
              [60, 400],
              [30, 240],
              [30, 240],
            ],
          },
        },
        {
          name: 'end_date',
          type: 'date',
          label: 'completion date',
          time: 'event',
          sentence: 'The completion date of {s} is {v}.',
          gen: { kind: 'dateAfter', after: ['start_date'], days: [150, 450], byIndex: DURATION },
        },
        {
          name: 'enrolment',
          type: 'integer',
          label: 'patient enrolment',
          unit: 'count',
          measure: true,
          sentence: '{s} enrolled {v} patients.',
          gen: { kind: 'int', range: [100, 6400], byIndex: ENROLMENT },
        },
        { name: 'sites', type: 'integer', label: 'number of trial sites', optional: 0.5, sentence: '{s} runs at {v} sites.', gen: { kind: 'derived' } },
        {
          name: 'cost_usd',
          type: 'integer',
          label: 'estimated trial cost',
          unit: 'usd',
          measure: true,
          optional: 0.5,
          sentence: 'The estimated cost of {s} is {v}.',
          gen: { kind: 'derived' },
        },
        {
          name: 'primary_endpoint',
          type: 'text',
          label: 'primary endpoint',
          optional: 0.5,
          sentence: 'The primary endpoint of {s} is {v}.',
          gen: { kind: 'pick', values: ENDPOINTS },
        },
      ],
    },
    {
      name: 'approvals',
      entity: 'approval',
      plural: 'approvals',
      subject: '{drug_id} approval by the {agency}',
      // Only a candidate whose phase 3 trial ended in time is approved during the year, by up to two of the world's regulators.
      rows: { kind: 'each', via: 'drug_id', range: [1, 2], requires: { table: 'trials', atLeast: 3, before: { column: 'end_date', days: 240 } } },
      columns: [
        {
          name: 'drug_id',
          type: 'entity',
          ref: 'drugs',
          label: 'drug',
          predicate: 'drug',
          sentence: 'The drug covered by the {s} is {v}.',
          gen: { kind: 'parent' },
        },
        {
          name: 'agency',
          type: 'text',
          label: 'regulatory agency',
          sentence: 'The regulator behind the {s} is the {v}.',
          gen: { kind: 'pool', size: [2, 3], model: { kind: 'company', suffixes: AGENCY_KINDS }, distinct: true },
        },
        {
          name: 'approval_date',
          type: 'date',
          label: 'approval date',
          time: 'event',
          sentence: 'The {s} was granted on {v}.',
          gen: { kind: 'dateAfter', after: ['kids:trials.end_date', 'prev.approval_date'], days: [10, 250], from: 10, until: 250 },
        },
        {
          name: 'pathway',
          type: 'text',
          label: 'review pathway',
          optional: 0.6,
          sentence: 'The {s} followed the {v} pathway.',
          gen: { kind: 'pick', values: PATHWAYS },
        },
        {
          name: 'list_price_usd',
          type: 'integer',
          label: 'annual list price',
          unit: 'usd',
          optional: 0.6,
          sentence: 'The annual list price set after the {s} is {v}.',
          gen: { kind: 'int', range: [4800, 460000] },
        },
      ],
    },
  ],
  derive: [
    { use: 'scaled', args: { table: 'trials', column: 'sites', of: 'enrolment', factor: [1 / 40, 1 / 8], plus: [1, 1], step: 1 } },
    { use: 'scaled', args: { table: 'trials', column: 'cost_usd', of: 'enrolment', factor: [18_000, 60_000], step: 1 } },
  ],
  invariants: [
    { use: 'rowDates', args: { table: 'trials', columns: ['start_date', 'end_date'] } },
    { use: 'dateOrder', args: { parents: 'companies', parentDate: 'founded', children: 'drugs', fk: 'company_id', childDate: 'disclosed' } },
    { use: 'dateOrder', args: { parents: 'drugs', parentDate: 'disclosed', children: 'trials', fk: 'drug_id', childDate: 'start_date' } },
    { use: 'dateOrder', args: { parents: 'drugs', parentDate: 'disclosed', children: 'approvals', fk: 'drug_id', childDate: 'approval_date' } },
    {
      use: 'dateAfterAll',
      args: { later: 'approvals', laterFk: 'drug_id', laterDate: 'approval_date', earlier: 'trials', earlierFk: 'drug_id', earlierDate: 'end_date' },
    },
    { use: 'allowedPairs', args: { table: 'drugs', key: 'modality', column: 'route', allowed: ROUTES_BY_MODALITY } },
  ],
  say: SAY,
});
