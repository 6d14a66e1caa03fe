/** Opening world files: a handle keeps its shared lock from its first read until it closes. */
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openWorld } from '../../src/db/open.js';
import { FictionError } from '../../src/errors.js';
import { generateBatch } from '../../src/world/batch.js';
import { tempDir } from '../helpers.js';

describe('openWorld', async () => {
  const dir = tempDir();
  await generateBatch({ count: 1, seed: 3, out: dir, workers: 1 });
  const path = join(dir, 'w3-000000.sqlite');
  const count = (db: Database.Database) => db.prepare('SELECT count(*) FROM documents').pluck().get() as number;
  const tryWrite = (p: string, sql = "UPDATE world_meta SET value = value WHERE key = 'theme'") => {
    const writer = new Database(p, { timeout: 0 });
    try {
      writer.exec(sql);
      return 'written';
    } catch (e) {
      return (e as { code?: string }).code ?? String(e);
    } finally {
      writer.close();
    }
  };

  it('holds its shared lock between reads, so other readers share the file and a writer waits', () => {
    const a = openWorld(path);
    const b = openWorld(path);
    try {
      expect(a.db.pragma('locking_mode', { simple: true })).toBe('exclusive');
      // Both read, in turns and repeatedly: shared locks do not exclude each other.
      const n = count(a.db);
      expect(n).toBeGreaterThan(0);
      expect(count(b.db)).toBe(n);
      expect(count(a.db)).toBe(n);
      // Had the handles released their locks after each statement (SQLite's default), this would succeed.
      expect(tryWrite(path)).toBe('SQLITE_BUSY');
    } finally {
      a.db.close();
      b.db.close();
    }
    // Closed: the lock is gone with the handles.
    expect(tryWrite(path)).toBe('written');
  });

  it('releases the file when the format check fails', () => {
    const bad = join(dir, 'not-a-world.sqlite');
    const db = new Database(bad);
    db.exec('CREATE TABLE t (x)');
    db.close();
    expect(() => openWorld(bad)).toThrow(FictionError);
    // The failed open closed its handle: nothing holds the file.
    expect(tryWrite(bad, 'INSERT INTO t VALUES (1)')).toBe('written');
    expect(() => openWorld(bad)).toThrow(`${bad} is not a fictionworld world file (no such table: world_meta)`);
    writeFileSync(join(dir, 'garbage.sqlite'), 'not sqlite at all');
    expect(() => openWorld(join(dir, 'garbage.sqlite'))).toThrow(`${join(dir, 'garbage.sqlite')}: damaged (file is not a database)`);
  });

  it('refuses a file named for one world that holds another, and releases it', () => {
    const misnamed = join(tempDir(), 'w3-000009.sqlite');
    copyFileSync(path, misnamed);
    expect(() => openWorld(misnamed)).toThrow(`${misnamed}: named for world w3-000009 but holds world w3-000000: refusing to open it under the wrong id`);
    expect(tryWrite(misnamed)).toBe('written');
    // A name that is no world id says nothing about the world inside.
    const renamed = join(tempDir(), 'copy-of-w3.sqlite');
    copyFileSync(path, renamed);
    const w = openWorld(renamed);
    expect(w.id).toBe('w3-000000');
    w.db.close();
  });

  it('refuses a theme spec it carries that is not JSON, not a spec, or not the theme it names', () => {
    const cases: [string, RegExp][] = [
      ['{"id": ', /world_meta\.theme_spec is not JSON$/],
      ['{"id": "towns"}', /: its theme spec: theme spec towns: title: /],
    ];
    for (const [i, [spec, message]] of cases.entries()) {
      const copy = join(dir, `spec-${i}`, 'w3-000000.sqlite');
      mkdirSync(join(dir, `spec-${i}`));
      copyFileSync(path, copy);
      const db = new Database(copy);
      db.prepare("INSERT INTO world_meta (key, value) VALUES ('theme_spec', ?)").run(spec);
      db.close();
      expect(() => openWorld(copy)).toThrow(message);
    }
  });
});
