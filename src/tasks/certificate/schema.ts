/**
 * A task's certificate (issue 24): why the task is hard in the way its difficulty says, and the proof
 * that it has one answer and no shortcut. Declared once here; the tasks table stores it as JSON
 * (`tasks.certificate`), `validate` re-checks it on disk, the export carries its figures.
 */
import { z } from 'zod';

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const Difficulty = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof Difficulty>;

/** One tool call of the reference oracle's plan. */
export const PlanStep = z.object({
  tool: z.enum(['web_search', 'web_extractor']),
  /** The query, or the URL opened. */
  arg: z.string(),
});
export type PlanStep = z.infer<typeof PlanStep>;

/** SQL a family writes to prove its answer unique; the certificate adds the counts it ran to. */
export const ProofSql = z.object({
  /** SELECT COUNT(*) … of candidates under every constraint: must be 1. */
  sql: z.string(),
  /** Per constraint, the count with that constraint dropped: each must be ≥ 2 (a minimal set). */
  leaveOneOut: z.array(z.object({ constraint: z.string(), sql: z.string() })),
});
export type ProofSql = z.infer<typeof ProofSql>;

export const Uniqueness = z.object({
  sql: z.string(),
  count: z.number().int(),
  leaveOneOut: z.array(z.object({ constraint: z.string(), sql: z.string(), count: z.number().int() })),
});
export type Uniqueness = z.infer<typeof Uniqueness>;

/** The shortcut checks a task passed (a task that fails one is regenerated, never written). */
export const SHORTCUT_CHECKS = [
  /** No single page states all the evidence. */
  'no_single_page',
  /** No aggregate or derived answer is printed elsewhere as another fact. */
  'no_printed_answer',
  /** No bridge is guessable from a name in the question or from another entity's name. */
  'no_guessable_bridge',
  /** The question contains neither the answer nor an alias. */
  'question_clean',
  /** No candidate list in the question is the whole table. */
  'no_whole_table',
  /** A number answer matches (within the scorer's tolerance) no other value of its column and no number in a name. */
  'no_twin_number',
] as const;
export const ShortcutCheck = z.enum(SHORTCUT_CHECKS);
/**
 * The generator version that first held every task to a check added after the first certificates: a
 * world written by an earlier generator is not required to list it (and may, if it was written after
 * the check but before the version moved on).
 */
export const CHECK_SINCE: Readonly<Partial<Record<(typeof SHORTCUT_CHECKS)[number], string>>> = { no_twin_number: '0.3.0' };
export type ShortcutCheck = z.infer<typeof ShortcutCheck>;

export const TaskCertificate = z.object({
  /** Every fact the answer rests on: answer facts, bridges, constraint facts. */
  evidenceFactIds: z.array(z.number().int()),
  /** URLs of the fewest pages that state the evidence (set cover over the provenance). */
  pages: z.array(z.string()),
  pagesNeeded: z.number().int(),
  hops: z.number().int(),
  constraints: z.number().int(),
  /** Answer cells (rows × columns) of a table answer; 1 otherwise. */
  width: z.number().int(),
  /** The reference oracle's calls, as it made them with the guard on. */
  plan: z.array(PlanStep),
  uniqueness: Uniqueness.nullable(),
  checks: z.array(ShortcutCheck),
});
export type TaskCertificate = z.infer<typeof TaskCertificate>;
