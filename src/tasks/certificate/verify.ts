/**
 * Re-checking a task's certificate against its world: what consistency (before a world is written) and
 * `validate` (on the file read back) ask of every task. The certificate must parse; its evidence must
 * hold the task's answer and hop facts; its pages must state the evidence and be as few as a fresh set
 * cover finds; its difficulty must be the one its figures derive; its checks list must be the checks
 * that apply, and those that can be re-run from the world alone (all but the bridge check, whose bridge
 * names only the family knew) must still pass. `proofProblems` re-runs the uniqueness SQL on a database.
 */
import type Database from 'better-sqlite3';
import type { Task } from '../../world/types.js';
import { widthOf } from './certify.js';
import { coverEvidence, type Provenance } from './cover.js';
import { difficultyOf } from './difficulty.js';
import { TaskCertificate } from './schema.js';
import { type CheckWorld, newerChecks, requiredChecks, runShortcutChecks } from './shortcuts.js';
import { runProof, uniquenessProblem } from './uniqueness.js';

export interface VerifyWorld {
  check: CheckWorld;
  provenance: Provenance;
  /** The generator version that wrote the world (default: this one): which checks its tasks were held to. */
  generator?: string;
}

export function certificateProblems(w: VerifyWorld, t: Task): string[] {
  const at = `task ${t.id}`;
  if (t.certificate === undefined) return [`${at} has no certificate`];
  const parsed = TaskCertificate.safeParse(t.certificate);
  if (!parsed.success) return [`${at}: certificate does not parse (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`];
  const c = parsed.data;
  const out: string[] = [];
  const evidence = new Set(c.evidenceFactIds);
  for (const id of [...t.answerFactIds, ...t.hopFactIds]) if (!evidence.has(id)) out.push(`${at}: fact ${id} is missing from the certificate's evidence`);
  const cover = coverEvidence(w.provenance, c.evidenceFactIds);
  if (cover.unstated.length > 0) out.push(`${at}: evidence fact ${cover.unstated[0]} is stated on no page`);
  if (c.pages.length !== c.pagesNeeded) out.push(`${at}: certificate lists ${c.pages.length} pages but says ${c.pagesNeeded} are needed`);
  if (cover.pages.length !== c.pagesNeeded) out.push(`${at}: certificate says ${c.pagesNeeded} pages are needed, the set cover finds ${cover.pages.length}`);
  const onPages = new Set(w.provenance.filter((p) => c.pages.includes(p.url)).flatMap((p) => [...p.facts]));
  const uncovered = c.evidenceFactIds.find((id) => !onPages.has(id));
  if (uncovered !== undefined) out.push(`${at}: no page of the certificate states evidence fact ${uncovered}`);
  if (c.width !== widthOf(t)) out.push(`${at}: certificate width ${c.width}, the answer has ${widthOf(t)} cells`);
  const derived = difficultyOf(c);
  if (t.difficulty !== derived) out.push(`${at}: difficulty ${t.difficulty} but its certificate derives ${derived}`);
  const want = requiredChecks(derived, c.pagesNeeded, w.generator);
  // An older world may also list a check its generator applied before the version moved on.
  const newer = newerChecks(w.generator);
  const have = new Set(c.checks.filter((k) => !newer.includes(k)));
  const absent = want.filter((k) => !have.has(k));
  if (absent.length > 0 || have.size !== want.length) out.push(`${at}: checks list ${c.checks.join(', ') || '(none)'}, expected ${want.join(', ')}`);
  const rerun = runShortcutChecks(w.check, {
    task: t,
    evidence: c.evidenceFactIds,
    pagesNeeded: c.pagesNeeded,
    difficulty: derived,
    bridgeNames: [],
    generator: w.generator,
  });
  for (const f of rerun.failed) out.push(`${at}: fails ${f.check}: ${f.why}`);
  return out;
}

/** Re-run a certificate's uniqueness SQL on `db` (a world file's own tables): the counts must match and prove. */
export function proofProblems(db: Database.Database, t: Task): string[] {
  const u = t.certificate?.uniqueness;
  if (!u) return [];
  const at = `task ${t.id}`;
  let again: ReturnType<typeof runProof>;
  try {
    again = runProof(db, { sql: u.sql, leaveOneOut: u.leaveOneOut.map(({ constraint, sql }) => ({ constraint, sql })) });
  } catch (e) {
    return [`${at}: uniqueness SQL fails (${(e as Error).message.split('\n')[0]})`];
  }
  const out: string[] = [];
  if (again.count !== u.count || again.leaveOneOut.some((l, i) => l.count !== u.leaveOneOut[i]!.count))
    out.push(`${at}: uniqueness counts on disk (${again.count}; ${again.leaveOneOut.map((l) => l.count).join(', ')}) differ from the certificate's`);
  const problem = uniquenessProblem(again);
  if (problem) out.push(`${at}: not unique on disk: ${problem}`);
  return out;
}
