/** A world file's claims, as the loader reads them from the v2 `claims` table, feed the report's coreference and noise figures. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/db/load.js';
import type { OpenWorld } from '../../src/db/open.js';
import { insertWorld, metaEntries } from '../../src/db/write.js';
import { measureWorld } from '../../src/report/measure.js';
import { THEME, toyWorld } from './fixture.js';

function open(): OpenWorld {
  const data = toyWorld(true);
  const db = new Database(':memory:');
  insertWorld(db, data);
  return { db, path: ':memory:', meta: Object.fromEntries(metaEntries(data)), id: data.meta.world_id, theme: THEME };
}

describe('claims', () => {
  it('a v2 file: each passage gets its claims from the table, and the figures are the hand-counted ones', () => {
    const data = loadWorld(open());
    const p = data.documents[0]!.passages[2]!;
    expect(p.claims).toEqual([{ factId: 2, form: 'rounded', stated: '', subjectForm: 'pronoun', subjectText: 'it' }]);
    expect(data.documents[0]!.passages[0]!.claims).toEqual([]);
    const f = measureWorld(data, true);
    expect(f.claims).toMatchObject({ factPassages: 11, coreferent: 3, noise: 3 });
    expect(f.shapes[3]).toBe('<NAME> is headquartered in <NAME>.'); // the short name "Tacova", read from subject_text
  });

  it('a world without claims has no coreference or noise figures', () => {
    expect(measureWorld(toyWorld(false), false).claims).toBeNull();
  });
});
