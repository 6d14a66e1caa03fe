/**
 * The uniqueness proof: a family's ProofSql run against the theme's tables. The count under every
 * constraint must be 1, and each leave-one-out count at least 2 (every constraint is needed). Run at
 * generation on an in-memory copy of the rows (src/db/write.ts themeTablesDb) and by `validate` on the
 * file's own tables: the same SQL, the same check.
 */
import type Database from 'better-sqlite3';
import type { ProofSql, Uniqueness } from './schema.js';

function count(db: Database.Database, sql: string): number {
  const row = db.prepare(sql).raw(true).get() as unknown[] | undefined;
  const n = Number(row?.[0]);
  if (!Number.isInteger(n)) throw new Error(`proof SQL returns ${JSON.stringify(row)}, not a count: ${sql.slice(0, 120)}`);
  return n;
}

/** Run a proof: the counts it comes to (throws on SQL that fails or returns no count). */
export function runProof(db: Database.Database, proof: ProofSql): Uniqueness {
  return {
    sql: proof.sql,
    count: count(db, proof.sql),
    leaveOneOut: proof.leaveOneOut.map((l) => ({ constraint: l.constraint, sql: l.sql, count: count(db, l.sql) })),
  };
}

/** What is wrong with a proof's counts ('' when it proves a unique answer with a minimal set of constraints). */
export function uniquenessProblem(u: Uniqueness): string {
  if (u.count !== 1) return `${u.count} candidates meet every constraint, not 1`;
  const loose = u.leaveOneOut.find((l) => l.count < 2);
  if (loose) return `dropping "${loose.constraint}" leaves ${loose.count} candidate${loose.count === 1 ? '' : 's'}, not at least 2`;
  return '';
}
