/** Conflict question frames over every theme's vocabulary: enough frames per form, grammatical, each read back to its reading. */
import { describe, expect, it } from 'vitest';
import { categoriesOf } from '../../../src/tasks/questions/asks.js';
import { renderDescribed } from '../../../src/tasks/questions/conditions.js';
import { CONFLICT_FRAMES, conflictFramesFor, type MisleadingForm, readConflict, renderConflict } from '../../../src/tasks/questions/conflict.js';
import { allTableWords, refWords, type ColumnWords, type TableWords } from '../../../src/tasks/questions/labels.js';
import { writeNumber } from '../../../src/tasks/questions/values.js';
import type { Described } from '../../../src/tasks/families/reading.js';
import { grammarProblem } from './grammar.js';

const FORMS: MisleadingForm[] = ['erroneous', 'preliminary', 'rounded'];
const isNumber = (c: ColumnWords) => c.col.type === 'integer' || c.col.type === 'real';

/** A one-condition description of w's entity on a column other than `not` (a year for a date, a bound for a number). */
function describedBy(w: TableWords, not?: ColumnWords): Described | null {
  const date = w.columns.find((c) => c !== not && c.col.type === 'date');
  if (date) return { kind: w.kind, conditions: [{ op: 'between', label: date.label, lo: '2031', hi: '2031' }] };
  const num = w.columns.find((c) => c !== not && isNumber(c) && !c.ordinal);
  return num ? { kind: w.kind, conditions: [{ op: 'above', label: num.label, value: writeNumber(1000, num) }] } : null;
}

/** Every numeric attribute a conflict can ask, with a subject describing its entity (and one reaching it by a link, where a table links to it). */
function cases(): { c: ColumnWords; x: string; reading: ReturnType<typeof readConflict> }[] {
  const out: { c: ColumnWords; x: string; reading: ReturnType<typeof readConflict> }[] = [];
  const tables = allTableWords();
  for (const w of tables)
    for (const c of w.columns.filter((x) => isNumber(x) && !x.ordinal)) {
      const own = describedBy(w, c);
      if (own) out.push({ c, x: renderDescribed(w, own), reading: { family: 'conflict', of: own, links: [], asks: c.label } });
      for (const s of tables.filter((t) => t.theme === w.theme && t !== w))
        for (const link of s.columns.filter((l) => l.col.type === 'entity' && refWords(s, l) === w)) {
          const start = describedBy(s);
          if (start)
            out.push({ c, x: `${link.q} of the ${renderDescribed(s, start)}`, reading: { family: 'conflict', of: start, links: [link.label], asks: c.label } });
        }
    }
  return out;
}

describe('conflict question frames', () => {
  const all = cases();

  it('has at least 5 frames for every misleading form, and type-specific ones for money and counts', () => {
    for (const form of FORMS) expect(CONFLICT_FRAMES.filter((f) => f.category === 'any' && f.fits.includes(form)).length, form).toBeGreaterThanOrEqual(5);
    for (const cat of ['money', 'count'] as const) expect(CONFLICT_FRAMES.some((f) => f.category === cat)).toBe(true);
    expect(new Set(CONFLICT_FRAMES.map((f) => f.id)).size).toBe(CONFLICT_FRAMES.length);
  });

  it('covers numeric attributes of every theme, described and through a link', () => {
    expect(new Set(all.map((a) => a.c.col)).size).toBeGreaterThan(40);
    expect(all.some((a) => a.reading!.links.length > 0)).toBe(true);
  });

  it('renders every frame with every theme’s attributes grammatically, and reads each back to its reading', () => {
    let n = 0;
    for (const { c, x, reading } of all)
      for (const form of FORMS)
        for (const f of conflictFramesFor(c, form)) {
          expect(categoriesOf(c)).toContain(f.category);
          const q = renderConflict(f, c, x);
          n++;
          expect(grammarProblem(q), q).toBeNull();
          expect(q.includes('{'), q).toBe(false);
          expect(readConflict(q), q).toEqual(reading);
        }
    expect(n).toBeGreaterThan(1000);
  });

  it('reads nothing that is not one of its frames', () => {
    expect(readConflict('What is the final headcount of Zentria Mobile?')).toBeNull();
    expect(readConflict('What is the capital of France?')).toBeNull();
  });
});
