/**
 * What a question asks, as a reader recovers it from the question's text alone (issue 24). Each family
 * renders its questions from frames (src/tasks/questions/frame.ts) and reads them back into these shapes;
 * the reference oracle solves from a Reading and the theme's public vocabulary (labels, entity nouns),
 * never from the database. Values stay as the question writes them ("$400", "June 2031", "oral"): the
 * oracle reads them with its own value reader, as an agent would.
 */
import type { TaskKind } from '../../world/types.js';

/** A value as written in the question. */
export type Written = string;

/** One condition on an entity. `label` is the attribute as the theme names it (ColumnDef.label). */
export type Condition =
  /** A number or date in a closed range: "priced between $400 and $600", "launched in 2031" (lo = hi year). */
  | { op: 'between'; label: string; lo: Written; hi: Written }
  /** More / less than a number; after / before a date. */
  | { op: 'above' | 'below'; label: string; value: Written }
  /** A text value ("oral", "midfielder"), or an entity that the question may name (never a bridge). */
  | { op: 'is'; label: string; value: Written }
  /** Ordinal among every row of its kind: "the third-largest club by attendance" (n = 3, order = 'highest'). */
  | { op: 'rank'; label: string; n: number; order: 'highest' | 'lowest' }
  /** Relative time: its `label` date lies within `years` years after (or before) the linked entity's `otherLabel` date. */
  | { op: 'within_years'; label: string; years: number; link: string; otherLabel: string }
  /** A partial description through a link: "made by a company headquartered in a city whose mayor took office in 2031". */
  | { op: 'via'; link: string; target: Described };

/** An entity given by description, not by name: its kind (TableDef.entity) and conditions. */
export interface Described {
  kind: string;
  conditions: Condition[];
}

/** An entity the question names, or one it describes. */
export type EntityRef = { name: string } | Described;

export interface ConstraintReading {
  family: 'constraint';
  target: Described;
  /** The attribute asked of the one entity found; absent when the answer is its name. */
  asks?: string;
}

export interface ChainReading {
  family: 'chain';
  start: EntityRef;
  /** Links followed from the start, in order (ColumnDef.label of each foreign key). */
  links: string[];
  /** The attribute read at the end. */
  asks: string;
}

export interface WideReading {
  family: 'wide';
  /** Rows: every entity of `rows.kind` meeting `rows.conditions`. */
  rows: Described;
  /** The columns asked, by label, after the entity's name. */
  columns: string[];
}

export type ReasoningReading =
  | { family: 'reasoning'; op: 'difference' | 'ratio'; label: string; a: EntityRef; b: EntityRef }
  | { family: 'reasoning'; op: 'days_between'; a: { ref: EntityRef; label: string }; b: { ref: EntityRef; label: string } }
  /** The rank (1 = highest, or lowest when order says so) of `of` by `label` among the entities `among` describes. */
  | { family: 'reasoning'; op: 'rank_among'; label: string; order: 'highest' | 'lowest'; of: EntityRef; among: Described }
  /**
   * The value of a series (rows of `kind` linked to `of`, one per period) as of a date: the latest
   * period ending on or before it, or with `total` the running total of every such period.
   */
  | { family: 'reasoning'; op: 'as_of'; label: string; of: EntityRef; date: Written; total?: boolean };

export interface ConflictReading {
  family: 'conflict';
  of: EntityRef;
  /** Links followed from `of` to the entity asked about (ColumnDef.label of each); none when `of` is that entity. */
  links: string[];
  /** The attribute whose final value is asked (a page states a preliminary or wrong one). */
  asks: string;
}

export type Reading = ConstraintReading | ChainReading | WideReading | ReasoningReading | ConflictReading;

/** Reads one family's questions back; null when the text is not one of the family's frames. */
export type ReadQuestion = (question: string, kind: TaskKind) => Reading | null;
