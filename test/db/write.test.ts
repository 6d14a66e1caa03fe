/**
 * Writing and reading back format v2: claims (the passage's own, or exact ones filled in for a passage
 * built without them), links between pages and date kinds survive the file unchanged.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/db/load.js';
import { openWorld } from '../../src/db/open.js';
import { writeWorld } from '../../src/db/write.js';
import { FictionError } from '../../src/errors.js';
import { passageClaims } from '../../src/world/claims.js';
import { checkWorld } from '../../src/world/consistency.js';
import { generateWorld } from '../../src/world/generate.js';
import { validateFile } from '../../src/world/validate.js';
import { tempDir } from '../helpers.js';
import { worldWithClaimsAndLinks } from './v2-world.js';

describe('writeWorld and loadWorld (format v2)', () => {
  it('fills one exact claim by name per fact of a passage built without claims', () => {
    const dir = tempDir();
    const data = generateWorld(5, 1);
    // Pages carry their own claims now: the passages whose claims are one exact claim by name per fact
    // are built again without claims, for writeWorld to fill.
    const passages = data.documents.flatMap((d) => d.passages);
    const bare = passages.filter(
      (p) => p.claims !== undefined && p.claims.length === p.factIds.length && p.claims.every((c) => c.form === 'exact' && c.subjectForm === 'name'),
    );
    for (const p of bare) p.claims = undefined;
    const filled = bare.reduce((n, p) => n + p.factIds.length, 0);
    expect(filled).toBeGreaterThan(300);
    const path = join(dir, 'w5-000001.sqlite');
    writeWorld(path, data);
    const db = new Database(path, { readonly: true });
    const provenance = db.prepare('SELECT COUNT(*) FROM passage_facts').pluck().get() as number;
    expect(provenance).toBe(passages.reduce((n, p) => n + p.factIds.length, 0));
    const bareIds = bare.map((p) => p.id).join(',');
    expect(db.prepare(`SELECT COUNT(*) FROM claims WHERE passage_id IN (${bareIds})`).pluck().get()).toBe(filled);
    expect(db.prepare(`SELECT COUNT(*) FROM claims WHERE passage_id IN (${bareIds}) AND form = 'exact' AND subject_form = 'name'`).pluck().get()).toBe(filled);
    // Each filled claim's stated value is written in its passage, and its subject is the fact's.
    const rows = db
      .prepare(
        `SELECT p.text, c.stated, c.subject_text, f.subject FROM claims c JOIN passages p ON p.id = c.passage_id JOIN facts f ON f.id = c.fact_id WHERE c.passage_id IN (${bareIds})`,
      )
      .all() as { text: string; stated: string; subject_text: string; subject: string }[];
    expect(rows).toHaveLength(filled);
    for (const r of rows) {
      expect(r.text).toContain(r.stated);
      expect(r.subject_text).toBe(r.subject);
    }
    expect(db.prepare('SELECT COUNT(*) FROM documents WHERE (published IS NULL) != (date_kind IS NULL)').pluck().get()).toBe(0);
    expect(db.prepare("SELECT value FROM world_meta WHERE key = 'format_version'").pluck().get()).toBe('3');
    db.close();
    expect(validateFile(path)).toEqual([]);
  });

  it('reads back claims, links and date kinds as written, and the world still checks', () => {
    const data = worldWithClaimsAndLinks();
    expect(checkWorld(data)).toEqual([]);
    const dir = tempDir();
    const path = join(dir, `${data.meta.world_id}.sqlite`);
    writeWorld(path, data);
    const w = openWorld(path);
    const back = loadWorld(w);
    w.db.close();
    const byId = new Map(data.facts.map((f) => [f.id, f]));
    for (const [i, d] of data.documents.entries()) {
      const e = back.documents[i]!;
      expect(e.links).toEqual(d.links ?? []);
      expect(e.dateKind).toBe(d.published === null ? undefined : (d.dateKind ?? 'published'));
      expect(e.passages.map((p) => p.claims)).toEqual(d.passages.map((p) => passageClaims(data.theme, byId, p)));
    }
    // The pages' own pronoun claims and the fixture's "It", read back as written.
    const pronouns = (x: typeof data) => x.documents.flatMap((d) => d.passages.flatMap((p) => p.claims ?? [])).filter((c) => c.subjectForm === 'pronoun');
    expect(pronouns(back)).toEqual(pronouns(data));
    expect(pronouns(back).filter((c) => c.subjectText === 'It')).not.toHaveLength(0);
    expect(checkWorld(back)).toEqual([]);
    expect(validateFile(path)).toEqual([]);
  });

  it('refuses a link to a page the world does not have, writing nothing', () => {
    const data = worldWithClaimsAndLinks();
    data.documents[0]!.links = [{ url: 'https://nowhere.example/x', anchor: 'x' }];
    const path = join(tempDir(), `${data.meta.world_id}.sqlite`);
    expect(() => writeWorld(path, data)).toThrow(FictionError);
    expect(() => writeWorld(path, data)).toThrow(/links to https:\/\/nowhere.example\/x, which is no page of the world/);
    expect(() => openWorld(path)).toThrow(/no world file/);
  });
});
