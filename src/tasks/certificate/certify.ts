/**
 * certify: a TaskDraft and its world → a task with its certificate, or the reason it is dropped.
 * Evidence = answer ∪ hop ∪ constraint facts; the fewest pages stating it (cover.ts); hops,
 * constraints and width; the uniqueness proof run against the theme's rows (uniqueness.ts); the
 * shortcut checks (shortcuts.ts); the difficulty they come to (difficulty.ts). The oracle's plan is
 * added after the task is proved solvable (src/world/generate.ts); until then it is empty.
 */
import type Database from 'better-sqlite3';
import { themeTablesDb } from '../../db/write.js';
import type { Rows, ThemeDef } from '../../themes/_define.js';
import type { Document, Fact, Task } from '../../world/types.js';
import type { TaskDraft } from '../families/family.js';
import { coverEvidence, provenanceOf, type Provenance } from './cover.js';
import { difficultyOf } from './difficulty.js';
import type { ShortcutCheck, TaskCertificate, Uniqueness } from './schema.js';
import { checkWorldOf, runShortcutChecks, type CheckWorld } from './shortcuts.js';
import { runProof, uniquenessProblem } from './uniqueness.js';

/** A certified candidate: a task without its id (selection numbers the tasks it keeps). */
export type CertifiedTask = Omit<Task, 'id'> & { certificate: TaskCertificate; signature: string };

export type Certified = { ok: true; task: CertifiedTask } | { ok: false; why: string; check?: ShortcutCheck };

export interface CertifyWorld {
  theme: ThemeDef;
  rows: Rows;
  facts: readonly Fact[];
  documents: readonly Document[];
}

export interface Certifier {
  certify(draft: TaskDraft): Certified;
  /** Close the in-memory database of the uniqueness proofs (if one was opened). */
  close(): void;
}

/** Rows of each table of the theme. */
export function tableSizesOf(theme: ThemeDef, rows: Rows): Map<string, number> {
  return new Map(theme.tables.map((t) => [t.name, rows[t.name]?.length ?? 0]));
}

/** Answer cells of a table answer (rows × columns); 1 for any other answer. */
export function widthOf(t: Pick<Task, 'answerType' | 'answer' | 'columns'>): number {
  if (t.answerType !== 'table') return 1;
  return (JSON.parse(t.answer) as unknown[][]).length * t.columns.length;
}

export function evidenceOf(d: Pick<TaskDraft, 'answerFactIds' | 'hopFactIds' | 'constraintFactIds'>): number[] {
  return [...new Set([...d.answerFactIds, ...d.hopFactIds, ...d.constraintFactIds])].sort((a, b) => a - b);
}

export function createCertifier(w: CertifyWorld): Certifier {
  const check: CheckWorld = checkWorldOf(w.facts, tableSizesOf(w.theme, w.rows));
  const provenance: Provenance = provenanceOf(w.documents);
  let db: Database.Database | undefined;
  const proofDb = () => {
    db ??= themeTablesDb(w.theme, w.rows);
    return db;
  };
  return {
    certify: (draft) => certifyDraft(draft, check, provenance, proofDb),
    close: () => db?.close(),
  };
}

function certifyDraft(draft: TaskDraft, w: CheckWorld, provenance: Provenance, proofDb: () => Database.Database): Certified {
  if (draft.answerFactIds.length === 0) return { ok: false, why: 'no answer facts' };
  if (guessableAnswer(draft.answer)) return { ok: false, why: 'answer guessable: a whole number under 10' };
  const evidence = evidenceOf(draft);
  const missing = evidence.find((id) => !w.factById.has(id));
  if (missing !== undefined) return { ok: false, why: `evidence fact ${missing} is no fact of the world` };
  const cover = coverEvidence(provenance, evidence);
  if (cover.unstated.length > 0) return { ok: false, why: `no page states fact ${cover.unstated[0]}` };
  let uniqueness: Uniqueness | null = null;
  if (draft.proof) {
    try {
      uniqueness = runProof(proofDb(), draft.proof);
    } catch (e) {
      return { ok: false, why: `uniqueness proof fails: ${(e as Error).message}` };
    }
    const problem = uniquenessProblem(uniqueness);
    if (problem) return { ok: false, why: `not unique: ${problem}` };
  }
  const figures = { pagesNeeded: cover.pages.length, hops: draft.hops, constraints: draft.constraints, width: widthOf(draft) };
  const difficulty = difficultyOf(figures);
  const outcome = runShortcutChecks(w, { task: draft, evidence, pagesNeeded: figures.pagesNeeded, difficulty, bridgeNames: bridgesOf(draft, w) });
  const failed = outcome.failed[0];
  if (failed) return { ok: false, why: `${failed.check}: ${failed.why}`, check: failed.check };
  const { constraintFactIds: _c, constraints: _n, hops: _h, proof: _p, bridgeNames: _b, signature, ...task } = draft;
  return {
    ok: true,
    task: {
      ...task,
      difficulty,
      signature,
      certificate: { evidenceFactIds: evidence, pages: cover.pages, ...figures, plan: [], uniqueness, checks: outcome.passed },
    },
  };
}

/** Smallest whole-number answer worth asking: below it (a rank, a count of stages, years between two
 * dates a year apart) a constant guess scores on many tasks of a kind. */
export const MIN_WHOLE_ANSWER = 10;

/** Whether an answer is one whole number under MIN_WHOLE_ANSWER: a handful of values, a guess away. */
export function guessableAnswer(answer: string): boolean {
  let rows: unknown;
  try {
    rows = JSON.parse(answer);
  } catch {
    return false;
  }
  if (!Array.isArray(rows) || rows.length !== 1 || !Array.isArray(rows[0]) || rows[0].length !== 1) return false;
  const v = rows[0][0];
  return typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < MIN_WHOLE_ANSWER;
}

/**
 * The bridges of a draft: the names its family gave, else the entities its hop facts name (an easy
 * multi-hop task's bridges: "the maker of the Zentria X9" names the maker by that fact).
 */
export function bridgesOf(d: Pick<TaskDraft, 'bridgeNames' | 'hopFactIds' | 'kind'>, w: Pick<CheckWorld, 'factById'>): string[] {
  if (d.bridgeNames) return d.bridgeNames;
  if (d.kind !== 'multi_hop' && d.kind !== 'chain') return [];
  return d.hopFactIds.map((id) => w.factById.get(id)).flatMap((f) => (f && f.objectType === 'entity' ? [f.object] : []));
}
