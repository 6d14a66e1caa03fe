/** Re-run each task's SQL on a world database and compare with its stored answer. */
import type Database from 'better-sqlite3';
import type { Task } from '../world/types.js';

export function checkTaskSql(db: Database.Database, tasks: Pick<Task, 'id' | 'sql' | 'answer'>[]): string[] {
  const problems: string[] = [];
  for (const t of tasks) {
    try {
      const got = JSON.stringify(db.prepare(t.sql).raw(true).all());
      if (got !== t.answer) problems.push(`task ${t.id}: sql returns ${got.slice(0, 120)} but answer is ${t.answer.slice(0, 120)}`);
    } catch (e) {
      problems.push(`task ${t.id}: sql fails (${(e as Error).message})`);
    }
  }
  return problems;
}
