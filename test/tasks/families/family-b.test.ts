/** Family B (wide, reasoning) over a world of every theme: answers reproduce from SQL, questions read back, draws are deterministic. (Conflict: conflict.test.ts.) */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkTaskSql } from '../../../src/db/task-sql.js';
import { writeWorld } from '../../../src/db/write.js';
import type { TaskDraft } from '../../../src/tasks/families/family.js';
import { FAMILIES, READERS } from '../../../src/tasks/families/index.js';
import { largestPageShare } from '../../../src/tasks/families/wide.js';
import { mentions } from '../../../src/text.js';
import { tempDir } from '../../helpers.js';
import { contextOf, themeWorlds } from './helpers.js';

const KINDS = ['wide', 'reasoning'] as const;
const dir = tempDir();

describe.each(themeWorlds().map((w) => [w.meta.theme, w] as const))('family B in a %s world', (theme, w) => {
  const drafts = Object.fromEntries(KINDS.map((k) => [k, FAMILIES[k]!(contextOf(w, `b:${k}`), 6)])) as Record<(typeof KINDS)[number], TaskDraft[]>;

  it('draws every family, deterministically from the rng', () => {
    for (const k of KINDS) {
      expect(drafts[k].length, k).toBeGreaterThan(0);
      expect(JSON.stringify(FAMILIES[k]!(contextOf(w, `b:${k}`), 6))).toBe(JSON.stringify(drafts[k]));
      expect(new Set(drafts[k].map((d) => d.signature)).size).toBe(drafts[k].length);
    }
  });

  it('answers reproduce from their SQL on the world file', () => {
    const path = join(dir, `${theme}.sqlite`);
    writeWorld(path, w);
    const db = new Database(path, { readonly: true });
    const all = KINDS.flatMap((k) => drafts[k].map((d, i) => ({ id: `${k}${i}`, sql: d.sql, answer: d.answer })));
    expect(checkTaskSql(db, all)).toEqual([]);
    db.close();
  });

  it('every question reads back, and none states its answer', () => {
    for (const k of KINDS)
      for (const d of drafts[k]) {
        const r = READERS[k]!(d.question, k);
        expect(r, d.question).not.toBeNull();
        expect(r!.family).toBe(k);
        if (d.answerType !== 'table') expect(mentions(d.question, d.answerText), d.question).toBe(false);
      }
  });

  it('wide tables: 15–60 rows × 3–6 columns, never the whole table, no page lists every row', () => {
    for (const d of drafts.wide) {
      const rows = JSON.parse(d.answer) as unknown[][];
      expect(rows.length).toBeGreaterThanOrEqual(15);
      expect(rows.length).toBeLessThanOrEqual(60);
      expect(d.columns.length).toBeGreaterThanOrEqual(3);
      expect(d.columns.length).toBeLessThanOrEqual(6);
      expect(rows.every((r) => r.length === d.columns.length)).toBe(true);
      expect(d.rowFactIds!.length).toBe(rows.length);
      expect(largestPageShare(w.documents, d.rowFactIds!)).toBeLessThan(1);
      const reading = READERS.wide!(d.question, 'wide');
      expect(reading?.family === 'wide' && reading.rows.conditions.length).toBe(d.constraints);
    }
  });

  it('reasoning: a difference or ratio is stated by no fact of the world', () => {
    const numbers = w.facts.filter((f) => f.objectType === 'integer' || f.objectType === 'real').map((f) => Number(f.object));
    for (const d of drafts.reasoning) {
      const r = READERS.reasoning!(d.question, 'reasoning');
      if (r?.family !== 'reasoning' || (r.op !== 'difference' && r.op !== 'ratio')) continue;
      const v = Number(JSON.parse(d.answer)[0][0]);
      expect(numbers.some((n) => Math.abs(n - v) <= Math.abs(v) * d.tolerance)).toBe(false);
    }
  });
});
