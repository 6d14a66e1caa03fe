/**
 * validate on format v2 files read back from disk: a sound file passes; each damage to the claims, the
 * links, the date kinds or the tables is reported; v1 and newer files are refused with one line.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeWorld } from '../../src/db/write.js';
import { validateFile } from '../../src/world/validate.js';
import { worldWithClaimsAndLinks } from '../db/v2-world.js';
import { tempDir } from '../helpers.js';

describe('validateFile (format v2)', () => {
  const data = worldWithClaimsAndLinks();
  const dir = tempDir();
  const sound = join(dir, `${data.meta.world_id}.sqlite`);
  writeWorld(sound, data);
  let n = 0;
  /** A copy of the sound file changed by `sql`, checked. */
  const damaged = (sql: string) => {
    const sub = join(dir, String(n++));
    mkdirSync(sub);
    const path = join(sub, `${data.meta.world_id}.sqlite`);
    copyFileSync(sound, path);
    const db = new Database(path);
    db.pragma('foreign_keys = OFF');
    db.exec(sql);
    db.close();
    return validateFile(path);
  };
  const link = () => {
    const db = new Database(sound, { readonly: true });
    const row = db.prepare('SELECT l.id, d.url, l.anchor FROM links l JOIN documents d ON d.id = l.document_id').get() as {
      id: number;
      url: string;
      anchor: string;
    };
    db.close();
    return row;
  };

  it('passes the sound file: claims of its own, a link, a last-edited date', () => {
    expect(validateFile(sound)).toEqual([]);
  });

  it('reports a claim on another page than its passage, and passage_facts that differ from the claims', () => {
    expect(damaged('UPDATE claims SET document_id = document_id % 5 + 1 WHERE id = 1')).toContain("1 claims name another document than their passage's");
    const found = damaged('DELETE FROM claims WHERE id = 1');
    expect(found).toContain('passage_facts differs from the claims that give facts away (0 missing, 1 extra)');
    expect(found).toContainEqual(expect.stringMatching(/lists fact \d+ in passage_facts but states it in no claim/));
  });

  it('reports a claim of an unknown form, and one whose stated value its passage does not contain', () => {
    expect(damaged("UPDATE claims SET form = 'guess' WHERE id = 1")).toContainEqual(expect.stringMatching(/unknown claim form "guess"/));
    expect(damaged("UPDATE claims SET stated = 'nothing like it' WHERE id = 1")).toContainEqual(
      expect.stringMatching(/as its exact claim says: it states "nothing like it", which the passage does not contain/),
    );
  });

  it('reports a link whose anchor the body does not hold, a link to no page, and a date kind without a date', () => {
    const l = link();
    const found = damaged(`UPDATE links SET anchor = 'elsewhere' WHERE id = ${l.id}`);
    expect(found).toContainEqual(expect.stringMatching(new RegExp(`^${l.url.replace(/[.?]/g, '\\$&')} records a link \\[elsewhere\\]`)));
    expect(found).toContainEqual(expect.stringMatching(/has a link \[.*\]\(.*\) in its body that is not recorded/));
    expect(damaged(`UPDATE links SET target_document_id = 99999 WHERE id = ${l.id}`)).toContain('1 foreign keys do not resolve');
    expect(damaged("UPDATE documents SET published = NULL WHERE id = (SELECT MIN(id) FROM documents WHERE date_kind = 'edited')")).toContainEqual(
      '1 documents have a date_kind without a date or a date without a date_kind',
    );
  });

  it('reports a file without the v2 tables, and refuses v1 and newer files with one line', () => {
    expect(damaged('DROP TABLE claims')).toEqual(['missing tables: claims']);
    const v1 = damaged("UPDATE world_meta SET value = '1' WHERE key = 'format_version'");
    expect(v1).toEqual([
      expect.stringMatching(/is world format v1; this fictionworld reads v2 \(claims, links\): regenerate the batch with fictionworld generate$/),
    ]);
    const v3 = damaged("UPDATE world_meta SET value = '3' WHERE key = 'format_version'");
    expect(v3).toEqual([expect.stringMatching(/is world format v3; this fictionworld reads up to v2: upgrade fictionworld$/)]);
  });
});
