/** Reading a v2 `claims` table when the file has one; a v1 file has none. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/db/load.js';
import type { OpenWorld } from '../../src/db/open.js';
import { insertWorld, metaEntries } from '../../src/db/write.js';
import { attachClaims, hasTable } from '../../src/report/claims.js';
import { measureWorld } from '../../src/report/measure.js';
import { THEME, toyWorld } from './fixture.js';

function open(withClaimsTable: boolean): OpenWorld {
  const data = toyWorld(true);
  const db = new Database(':memory:');
  insertWorld(db, data);
  if (withClaimsTable) {
    db.exec(
      'CREATE TABLE claims (id INTEGER PRIMARY KEY, passage_id INTEGER, document_id INTEGER, fact_id INTEGER, form TEXT, stated TEXT, subject_form TEXT, subject_text TEXT)',
    );
    const ins = db.prepare('INSERT INTO claims (passage_id, document_id, fact_id, form, stated, subject_form, subject_text) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const d of data.documents)
      for (const p of d.passages) for (const c of p.claims ?? []) ins.run(p.id, d.id, c.factId, c.form, c.stated, c.subjectForm, c.subjectText);
  }
  return { db, path: ':memory:', meta: Object.fromEntries(metaEntries(data)), id: data.meta.world_id, theme: THEME };
}

describe('claims', () => {
  it('a v2 file: each passage gets its claims from the table, and the figures are the hand-counted ones', () => {
    const w = open(true);
    expect(hasTable(w.db, 'claims')).toBe(true);
    const data = loadWorld(w);
    expect(attachClaims(w.db, data)).toBe(true);
    const p = data.documents[0]!.passages[2]!;
    expect(p.claims).toEqual([{ factId: 2, form: 'rounded', stated: '', subjectForm: 'pronoun', subjectText: 'it' }]);
    expect(data.documents[0]!.passages[0]!.claims).toEqual([]);
    const f = measureWorld(data, true);
    expect(f.claims).toMatchObject({ factPassages: 11, coreferent: 3, noise: 3 });
    expect(f.shapes[3]).toBe('<NAME> is headquartered in <NAME>.'); // the short name "Tacova", read from subject_text
  });

  it('a v1 file: no claims table, no claims', () => {
    const w = open(false);
    const data = loadWorld(w);
    expect(attachClaims(w.db, data)).toBe(false);
    expect(data.documents.flatMap((d) => d.passages).every((p) => p.claims === undefined)).toBe(true);
    expect(measureWorld(data, false).claims).toBeNull();
  });

  it('passages the loader already gave claims keep them', () => {
    const w = open(false);
    const data = toyWorld(true);
    expect(attachClaims(w.db, data)).toBe(true);
    expect(data.documents[0]!.passages[2]!.claims?.[0]?.subjectForm).toBe('pronoun');
  });
});
