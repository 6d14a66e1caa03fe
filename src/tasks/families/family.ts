/**
 * The contract every task family implements (issue 24). A family draws candidate tasks from a world's
 * rows, facts and pages; the certificate step (src/tasks/certificate) proves, checks and rates each
 * candidate, the oracle solves it by searching, and selection keeps the ones the difficulty mix asks for.
 */
import type { Rng } from '../../rng.js';
import type { Rows, ThemeDef } from '../../themes/_define.js';
import type { FactIndex } from '../../world/facts.js';
import type { Document, Task } from '../../world/types.js';
import type { ProofSql } from '../certificate/schema.js';
import type { Reading } from './reading.js';

export interface FamilyContext {
  theme: ThemeDef;
  rows: Rows;
  fx: FactIndex;
  documents: Document[];
  rng: Rng;
  /** Lower-cased subject names of every fact: for alias and name checks. */
  allNames: Set<string>;
}

/**
 * A candidate task: a Task without its id, certificate or difficulty (the certificate sets those), with
 * what the certificate needs from the family that made it.
 */
export type TaskDraft = Omit<Task, 'id' | 'certificate' | 'difficulty'> & {
  /** Facts beyond answerFactIds and hopFactIds the answer rests on (constraint facts). */
  constraintFactIds: number[];
  /** Constraints stated in the question (0 for a plain lookup). */
  constraints: number;
  /** Hops from the question's start to the answer (0 when nothing is followed). */
  hops: number;
  /** For families whose answer is the one entity meeting constraints: the uniqueness proof's SQL. */
  proof?: ProofSql;
  /** Names of world entities whose name must not reveal a bridge (the bridges themselves). */
  bridgeNames?: string[];
  /** What the question asks, as the family's reader must read it back from the text (tests and the oracle's checks compare). */
  reading?: Reading;
  /** For a table answer whose rows meet conditions: each row's membership facts, in answer order (the scatter check). */
  rowFactIds?: number[][];
  /** The id of the question frame the question was rendered from ("wide.3"): `tasks report` counts distinct frames. */
  frame?: string;
  /** A key that two drafts share when they ask the same thing (one is kept). */
  signature: string;
};

/** Draw up to `want` candidate drafts; fewer when the world has no material for the family. */
export type Family = (ctx: FamilyContext, want: number) => TaskDraft[];
