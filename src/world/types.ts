/** The in-memory form of a world: what generation produces and what the database holds. */
import type { Difficulty, TaskCertificate } from '../tasks/certificate/schema.js';
import type { Rows, ThemeDef, Unit, ValueType } from '../themes/_define.js';

/**
 * World file format: v2 added claims, links, documents.date_kind and the page genres; v3 adds task
 * certificates and easy|medium|hard difficulty (schemas/world.ts). Readers read this version only.
 */
export const FORMAT_VERSION = 3;
export const GENERATOR_VERSION = '0.3.0';

export interface Fact {
  id: number;
  subject: string;
  predicate: string;
  object: string;
  objectType: ValueType;
  sourceTable: string;
  sourceRowid: number;
  sourceColumn: string;
}

/**
 * How a passage states a fact (format v2 `claims`): `exact` the true value; `rounded` a rounding of it
 * ("about 1.2 million"); `preliminary` an early estimate, marked as such on a page dated before a page
 * with the exact value; `erroneous` a wrong value (a forum post), always followed on its page by a
 * `corrected` statement of the true value; `scheduled` a future event stated as scheduled or expected
 * on a page dated before it.
 */
export const CLAIM_FORMS = ['exact', 'rounded', 'preliminary', 'erroneous', 'corrected', 'scheduled'] as const;
export type ClaimForm = (typeof CLAIM_FORMS)[number];
/** How the passage refers to the fact's subject: its name, a short name, a pronoun, a definite description, or not at all (a table row under a header naming it). */
export const SUBJECT_FORMS = ['name', 'short', 'pronoun', 'description', 'none'] as const;
export type SubjectForm = (typeof SUBJECT_FORMS)[number];

export interface Claim {
  factId: number;
  form: ClaimForm;
  /** The value as the passage writes it ("$1,200", "about 1.2 million", a wrong "$399"). */
  stated: string;
  subjectForm: SubjectForm;
  /** The words that refer to the subject ("it", "Tacova", "the Lyon-based maker"); '' for `none`. */
  subjectText: string;
}

export interface Passage {
  id: number;
  documentId: number;
  ord: number;
  text: string;
  /** Facts whose value (exact, rounded, preliminary, corrected or scheduled) the passage gives away: the guard's provenance. */
  factIds: number[];
  /** Every statement of a fact in the passage with its form (format v2); absent on v1 worlds. */
  claims?: Claim[];
}

/** Page genres (format v2); v1 worlds used entity, list, ranking, news and forum. */
/** The page genres of format v2 (spec/parts.ts SiteGenre is declared over this list). */
export const SITE_GENRES = ['encyclopedia', 'news', 'press_release', 'forum', 'data', 'review', 'list_article', 'faq', 'registry', 'background'] as const;
export type PageKind = 'entity' | 'list' | 'ranking' | (typeof SITE_GENRES)[number];

/** Every value of PageKind: the v1 kinds the page builder may still write, then the genres. */
export const PAGE_KINDS = ['entity', 'list', 'ranking', ...SITE_GENRES] as const satisfies readonly PageKind[];

/** documents.date_kind: what a page's date is. */
export const DATE_KINDS = ['published', 'edited'] as const;

/** A Markdown link on a page to another page of the same world. */
export interface Link {
  url: string;
  anchor: string;
}

export interface Document {
  id: number;
  url: string;
  title: string;
  site: string;
  published: string | null;
  kind: PageKind;
  body: string;
  passages: Passage[];
  /** What `published` is: the publication date, or a wiki-like page's last-edited date. */
  dateKind?: 'published' | 'edited';
  /** Links to pages of the same world (format v2). */
  links?: Link[];
}

/** The six easy-tier kinds of format v2. */
export const EASY_KINDS = ['lookup', 'multi_hop', 'comparison', 'aggregation', 'temporal', 'wide_table'] as const;
/** Issue 24's families: constraint (inverted, BrowseComp-like), chain (obfuscated multi-hop), wide (WideSearch-like), reasoning (FRAMES-like), conflict. */
export const HARD_KINDS = ['constraint', 'chain', 'wide', 'reasoning', 'conflict'] as const;
export const TASK_KINDS = [...EASY_KINDS, ...HARD_KINDS] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export type AnswerType = ValueType | 'list' | 'table';

export interface Task {
  id: string;
  kind: TaskKind;
  question: string;
  /** JSON array of rows, each an array of cells: what `sql` returns. */
  answer: string;
  answerText: string;
  answerType: AnswerType;
  columns: string[];
  keyColumns: string[];
  tolerance: number;
  aliases: string[];
  answerFactIds: number[];
  hopFactIds: number[];
  sql: string;
  /** Derived from the certificate (src/tasks/certificate/difficulty.ts), never from the kind. */
  difficulty: Difficulty;
  /** Issue 24: why the task is as hard as it says, and its proofs (src/tasks/certificate/schema.ts). */
  certificate?: TaskCertificate;
}

export interface WorldMeta {
  format_version: number;
  world_id: string;
  theme: string;
  seed: number;
  index: number;
  generator_version: string;
  reference_date: string;
  fact_count: number;
  real_brands: boolean;
  /** The batch options that chose the world's tasks (format v3): --difficulty and --tasks-per-world (generation always sets them). */
  difficulty?: 'easy' | 'medium' | 'hard' | 'mix';
  tasks_per_world?: number;
  /** The theme's spec as JSON when the theme is not built in (a drafted or `--theme-file` theme): the file opens without it. */
  theme_spec?: string;
}

/** Column metadata a fact needs for formatting, kept beside the fact (not in the file). */
export interface FactFormat {
  label: string;
  unit: Unit;
  decimals: number;
}

export interface WorldData {
  meta: WorldMeta;
  theme: ThemeDef;
  rows: Rows;
  facts: Fact[];
  documents: Document[];
  tasks: Task[];
}

export function worldId(seed: number, index: number): string {
  return `w${seed}-${String(index).padStart(6, '0')}`;
}
