/** One test over every registered theme at several seeds: the reasoning-gym pattern. */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkTaskSql } from '../../src/db/task-sql.js';
import { writeWorld } from '../../src/db/write.js';
import { listThemes } from '../../src/themes/registry.js';
import { checkWorld } from '../../src/world/consistency.js';
import { difficultyOf } from '../../src/tasks/certificate/difficulty.js';
import { generateWorld } from '../../src/world/generate.js';
import { DEFAULT_TASKS_PER_WORLD } from '../../src/world/select-tasks.js';
import { TASK_KINDS, type WorldData } from '../../src/world/types.js';
import { tempDir } from '../helpers.js';

const SEEDS = [1, 7, 2029];
const dir = tempDir();

function contents(d: WorldData) {
  return JSON.stringify({ meta: d.meta, rows: d.rows, facts: d.facts, documents: d.documents, tasks: d.tasks });
}

describe.each(listThemes().map((t) => [t.id]))('theme %s', (id) => {
  it.each(SEEDS)('seed %i: facts in range, consistent, tasks reproduce from SQL and are stated on pages', (seed) => {
    for (let i = 0; i < 3; i++) {
      const d = generateWorld(seed, i, { themes: [id] });
      expect(d.meta.theme).toBe(id);
      expect(d.facts.length).toBeGreaterThanOrEqual(300);
      expect(d.facts.length).toBeLessThanOrEqual(500);
      expect(checkWorld(d)).toEqual([]);
      expect(d.tasks.length).toBe(DEFAULT_TASKS_PER_WORLD);
      for (const t of d.tasks) {
        expect(TASK_KINDS).toContain(t.kind);
        expect(t.difficulty).toBe(difficultyOf(t.certificate!));
      }
      // every answer fact is linked from some passage whose text states it
      const linked = new Set(d.documents.flatMap((doc) => doc.passages.flatMap((p) => p.factIds)));
      for (const t of d.tasks) for (const f of t.answerFactIds) expect(linked.has(f)).toBe(true);
      const path = join(dir, `${id}-${seed}-${i}.sqlite`);
      writeWorld(path, d);
      const db = new Database(path, { readonly: true });
      expect(checkTaskSql(db, d.tasks)).toEqual([]);
      db.close();
    }
  });

  it('the same seed gives the same content; another seed another world', () => {
    const a = generateWorld(11, 5, { themes: [id] });
    const b = generateWorld(11, 5, { themes: [id] });
    const c = generateWorld(12, 5, { themes: [id] });
    expect(contents(a)).toBe(contents(b));
    expect(contents(a)).not.toBe(contents(c));
  });
});

describe('consistency check', () => {
  it('finds a broken invariant, a dangling reference and a page that misstates a fact', () => {
    const theme = listThemes()[0]!;
    const d = generateWorld(3, 0, { themes: [theme.id] });
    const table = theme.tables.find((t) => t.columns.some((c) => c.type === 'entity'))!;
    const fk = table.columns.find((c) => c.type === 'entity')!;
    d.rows[table.name]![0]![fk.name] = 9999;
    const ints = new Set(d.facts.filter((f) => f.objectType === 'integer').map((f) => f.id));
    const p = d.documents.flatMap((doc) => doc.passages).find((x) => x.factIds.length === 1 && ints.has(x.factIds[0]!))!;
    p.text = p.text.replace(/\d/g, (x) => String((Number(x) + 1) % 10));
    const problems = checkWorld(d);
    expect(problems.some((m) => m.includes('refers to missing'))).toBe(true);
    expect(problems.some((m) => m.includes('does not state fact'))).toBe(true);
  });
});
