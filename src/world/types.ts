/** The in-memory form of a world: what generation produces and what the database holds. */
import type { Rows, ThemeDef, Unit, ValueType } from '../themes/_define.js';

export const FORMAT_VERSION = 1;
export const GENERATOR_VERSION = '0.1.0';

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

export interface Passage {
  id: number;
  documentId: number;
  ord: number;
  text: string;
  factIds: number[];
}

export type PageKind = 'entity' | 'list' | 'ranking' | 'news' | 'forum';

export interface Document {
  id: number;
  url: string;
  title: string;
  site: string;
  published: string | null;
  kind: PageKind;
  body: string;
  passages: Passage[];
}

export type TaskKind = 'lookup' | 'multi_hop' | 'comparison' | 'aggregation' | 'temporal' | 'wide_table';
export const TASK_KINDS: readonly TaskKind[] = ['lookup', 'multi_hop', 'comparison', 'aggregation', 'temporal', 'wide_table'];
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
  difficulty: number;
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
