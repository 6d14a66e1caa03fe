/** Checks every family A draft must pass, over a world: its proof, its SQL, its question and reading. */
import type Database from 'better-sqlite3';
import { expect } from 'vitest';
import { guessableBridge, namesIn } from '../../../src/tasks/certificate/shortcuts.js';
import { linkColumns, linkedTables } from '../../../src/tasks/families/draft-parts.js';
import type { FamilyContext, TaskDraft } from '../../../src/tasks/families/family.js';
import { mentions } from '../../../src/text.js';
import type { WorldData } from '../../../src/world/types.js';
import { grammarProblem } from '../questions/grammar.js';

const one = (db: Database.Database, sql: string) => (db.prepare(sql).raw(true).get() as number[])[0];

/** Whether the draft's uniqueness proof holds on the world database (count 1, every leave-one-out ≥ 2). */
export function proofHolds(db: Database.Database, d: TaskDraft): boolean {
  if (!d.proof) return false;
  return one(db, d.proof.sql) === 1 && d.proof.leaveOneOut.every((l) => (one(db, l.sql) ?? 0) >= 2);
}

export function checkDraft(data: WorldData, db: Database.Database, d: TaskDraft, read: (q: string) => unknown): void {
  const q = d.question;
  expect(JSON.stringify(db.prepare(d.sql).raw(true).all()), `${q}\n${d.sql}`).toBe(d.answer);
  expect(read(q), q).toEqual(d.reading);
  expect(grammarProblem(q), q).toBeNull();
  const answer = JSON.parse(d.answer)[0][0];
  for (const n of [String(answer), ...d.aliases, ...(d.bridgeNames ?? [])]) expect(mentions(q, n), `${q} names ${n}`).toBe(false);
  const ids = new Set(data.facts.map((f) => f.id));
  for (const f of [...d.answerFactIds, ...d.hopFactIds, ...d.constraintFactIds]) expect(ids.has(f)).toBe(true);
  expect(d.answerFactIds.length).toBeGreaterThan(0);
}

/** The `no_guessable_bridge` shortcut check's verdict on a draft: its bridges against its start's name and the question's names. */
export function guessable(data: WorldData, d: TaskDraft): { bridge: string; via: string } | null {
  const start = data.facts.find((f) => f.id === d.hopFactIds[0])?.subject;
  const allNames = new Set(data.facts.map((f) => f.subject.toLowerCase()));
  return guessableBridge(d.bridgeNames ?? [], start, namesIn(d.question, allNames));
}

/** Whether some named row of the world links to a row whose name its own name does not give away. */
export function hasOpenLink(ctx: FamilyContext, minRows: number): boolean {
  return linkedTables(ctx, minRows).some((w) =>
    ctx.rows[w.table.name]!.some((r) =>
      linkColumns(w).some((l) => !guessableBridge([ctx.fx.name(l.col.ref!, Number(r[l.col.name]))], ctx.fx.name(w.table.name, r.id), [])),
    ),
  );
}
