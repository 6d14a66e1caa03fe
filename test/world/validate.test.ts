/**
 * validate on files read back from disk: a sound file passes; each damage to the claims, the links, the
 * date kinds, the tables or a task's certificate is reported; v1, v2 and newer files are refused with one line.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeWorld } from '../../src/db/write.js';
import { generateWorld } from '../../src/world/generate.js';
import { validateFile } from '../../src/world/validate.js';
import { worldWithClaimsAndLinks } from '../db/v2-world.js';
import { tempDir } from '../helpers.js';
import { bandConstraints, scatteredFacts } from '../tasks/certificate/_families.js';

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

  it('reports a file without the v2 tables, and refuses v1, v2 and newer files with one line', () => {
    expect(damaged('DROP TABLE claims')).toEqual(['missing tables: claims']);
    for (const old of [1, 2]) {
      const found = damaged(`UPDATE world_meta SET value = '${old}' WHERE key = 'format_version'`);
      expect(found).toEqual([
        expect.stringMatching(
          new RegExp(
            `is world format v${old}; this fictionworld reads v3 \\(claims, links, task certificates\\): regenerate the batch with fictionworld generate$`,
          ),
        ),
      ]);
    }
    const v4 = damaged("UPDATE world_meta SET value = '4' WHERE key = 'format_version'");
    expect(v4).toEqual([expect.stringMatching(/is world format v4; this fictionworld reads up to v3: upgrade fictionworld$/)]);
  });
});

describe('validateFile re-checks task certificates (format v3)', () => {
  const families = { reasoning: scatteredFacts, constraint: bandConstraints };
  // an easy world (its one-page constraint tasks carry uniqueness proofs) and a hard one (five-page covers)
  const worlds = (['easy', 'hard'] as const).map((difficulty, i) => generateWorld(7, 1 + i * 8, { themes: ['launches'], difficulty, families }));
  const dir = tempDir();
  const sound = worlds.map((w, i) => {
    const path = join(dir, `s${i}`, `${w.meta.world_id}.sqlite`);
    mkdirSync(join(dir, `s${i}`));
    writeWorld(path, w);
    return path;
  });
  const proved = worlds[0]!.tasks.find((t) => t.certificate?.uniqueness)!;
  const multi = worlds[1]!.tasks.find((t) => t.certificate!.pagesNeeded >= 2)!;
  let n = 0;
  /** A copy of world `w`'s sound file changed by `sql`, validated. */
  const tampered = (w: 0 | 1, sql: string) => {
    const sub = join(dir, String(n++));
    mkdirSync(sub);
    const path = join(sub, `${worlds[w]!.meta.world_id}.sqlite`);
    copyFileSync(sound[w]!, path);
    const db = new Database(path);
    db.exec(sql);
    db.close();
    return validateFile(path);
  };

  it('passes the sound file, whose tasks carry uniqueness proofs and multi-page covers', () => {
    expect(proved).toBeDefined();
    expect(multi).toBeDefined();
    for (const s of sound) expect(validateFile(s)).toEqual([]);
  });

  it('catches a tampered page count, difficulty, checks list or width', () => {
    const id = multi.id;
    expect(tampered(1, `UPDATE tasks SET certificate = json_set(certificate, '$.pagesNeeded', 1) WHERE id = '${id}'`)).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^task ${id}: certificate says 1 pages are needed, the set cover finds \\d+$`))]),
    );
    expect(tampered(1, `UPDATE tasks SET certificate = json_remove(certificate, '$.pages[0]') WHERE id = '${id}'`)).toContainEqual(
      expect.stringMatching(new RegExp(`^task ${id}: certificate lists \\d+ pages but says \\d+ are needed$`)),
    );
    const other = multi.difficulty === 'hard' ? 'easy' : 'hard';
    expect(tampered(1, `UPDATE tasks SET difficulty = '${other}' WHERE id = '${id}'`)).toContain(
      `task ${id}: difficulty ${other} but its certificate derives ${multi.difficulty}`,
    );
    expect(tampered(1, `UPDATE tasks SET certificate = json_remove(certificate, '$.checks[0]') WHERE id = '${id}'`)).toContainEqual(
      expect.stringMatching(new RegExp(`^task ${id}: checks list .*, expected `)),
    );
    expect(tampered(1, `UPDATE tasks SET certificate = json_set(certificate, '$.width', 7) WHERE id = '${id}'`)).toContainEqual(
      expect.stringMatching(new RegExp(`^task ${id}: certificate width 7`)),
    );
  });

  it('holds a world to the checks of the generator that wrote it: a 0.2.0 file may lack no_twin_number, a current one may not', () => {
    const drop = `UPDATE tasks SET certificate = json_remove(certificate, '$.checks[' || (
      SELECT key FROM json_each(json_extract(certificate, '$.checks')) WHERE value = 'no_twin_number') || ']')`;
    const current = tampered(1, drop);
    expect(current.length).toBeGreaterThan(0);
    expect(current.every((m) => /: checks list .*, expected .*no_twin_number/.test(m))).toBe(true);
    expect(tampered(1, `${drop}; UPDATE world_meta SET value = '0.2.0' WHERE key = 'generator_version'`)).toEqual([]);
    // …and a 0.2.0 file written after the check came in, which lists it, is sound too.
    expect(tampered(1, `UPDATE world_meta SET value = '0.2.0' WHERE key = 'generator_version'`)).toEqual([]);
  });

  it('re-runs the uniqueness SQL on the file: a tampered count, and rows changed under the proof', () => {
    const id = proved.id;
    expect(tampered(0, `UPDATE tasks SET certificate = json_set(certificate, '$.uniqueness.count', 2) WHERE id = '${id}'`)).toContainEqual(
      expect.stringMatching(new RegExp(`^task ${id}: uniqueness counts on disk \\(1; [\\d, ]+\\) differ from the certificate's$`)),
    );
    // every row of the table made to meet the constraints: the proof no longer proves
    const table = /FROM (\w+) WHERE/.exec(proved.certificate!.uniqueness!.sql)![1]!;
    const bands = [...proved.certificate!.uniqueness!.sql.matchAll(/(\w+) BETWEEN (-?\d+) AND/g)].map((m) => `${m[1]} = ${m[2]}`);
    const found = tampered(0, `UPDATE ${table} SET ${bands.join(', ')}`);
    expect(found).toContainEqual(expect.stringMatching(new RegExp(`^task ${id}: not unique on disk: \\d+ candidates meet every constraint, not 1$`)));
  });

  it('refuses a certificate that does not parse, naming the task', () => {
    expect(tampered(0, `UPDATE tasks SET certificate = '{"pages": 3' WHERE id = 't01'`)).toEqual(['unreadable: task t01: certificate is not JSON']);
    expect(tampered(0, `UPDATE tasks SET certificate = json_set(certificate, '$.hops', 'two') WHERE id = 't02'`)).toEqual([
      expect.stringMatching(/^unreadable: task t02: certificate does not parse \(hops: /),
    ]);
  });
});
