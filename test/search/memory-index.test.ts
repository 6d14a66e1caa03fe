import { describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import type Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers.js';
import { PassageIndex, type RankedRow } from '../../src/search/memory-index.js';
import { prepareQuery } from '../../src/search/query.js';
import { callToolSync } from '../../src/search/call-tool.js';
import { createSession } from '../../src/search/session.js';
import { createSearchWorld, MEMORY_INDEX_AFTER } from '../../src/search/world-index.js';
import { Rng } from '../../src/rng.js';
import { INJECTION_CORPUS } from './injection-corpus.js';
import { sampleWorlds } from './sample-worlds.js';

const fts = (db: Database.Database, match: string, limit: number) =>
  db.prepare('SELECT rowid, rank FROM passages_fts WHERE passages_fts MATCH ? ORDER BY rank LIMIT ?').raw().all(match, limit) as RankedRow[];

/** What agents type against a world: questions, titles, passages, word salad with numbers, hostile text. */
function queriesFor(db: Database.Database, seed: string): string[] {
  const questions = db.prepare('SELECT question FROM tasks').pluck().all() as string[];
  const titles = db.prepare('SELECT title FROM documents').pluck().all() as string[];
  const passages = db.prepare('SELECT text FROM passages').pluck().all() as string[];
  const words = passages.flatMap((p) => p.split(/\s+/)).filter(Boolean);
  const rng = new Rng(seed);
  const salad = Array.from({ length: 150 }, () => rng.sample(words, rng.int(1, 12)).join(' '));
  return [...questions, ...titles, ...passages, ...salad, ...INJECTION_CORPUS, 'running runs ran', '1 1 1', 'zürich ZURICH', '2,000 2.000'];
}

describe('PassageIndex', () => {
  it('ranks exactly as FTS5: the same rows, the same scores to the bit, the same order (ties included)', () => {
    let compared = 0;
    let nonEmpty = 0;
    for (const sample of sampleWorlds(2)) {
      const world = createSearchWorld(sample.path, { memoryIndex: 'never' });
      try {
        const db = world.world.db;
        const index = PassageIndex.build(db);
        expect(index).not.toBeNull();
        expect(index!.rowCount).toBe(db.prepare('SELECT count(*) FROM passages').pluck().get());
        for (const text of queriesFor(db, sample.path)) {
          const q = prepareQuery(text);
          if (!q.match) continue;
          for (const limit of [10, 96, 1_000_000]) {
            const mine = index!.search(q.tokens, limit);
            if (mine === null) continue; // a token FTS5 keeps nothing of: FTS5 answers those
            expect(mine, `${sample.theme} "${text.slice(0, 80)}" limit ${limit}`).toEqual(fts(db, q.match, limit));
            compared++;
            if (mine.length > 0) nonEmpty++;
          }
        }
      } finally {
        world.close();
      }
    }
    expect(compared).toBeGreaterThan(20_000);
    expect(nonEmpty / compared).toBeGreaterThan(0.95);
  });

  it('hands back to FTS5 (null) when a token becomes no stems at all', () => {
    const sample = sampleWorlds(1)[0]!;
    const world = createSearchWorld(sample.path, { memoryIndex: 'never' });
    try {
      const index = PassageIndex.build(world.world.db)!;
      expect(index.search(['\u0301', 'price'], 10)).toBeNull();
      expect(index.search(['price'], 10)).not.toBeNull();
      expect(index.search(['price'], 0)).toEqual([]);
    } finally {
      world.close();
    }
  });
});

describe('SearchWorld with the memory index', () => {
  it('keeps FTS5 answering when the index cannot be read so (an index built without document sizes)', () => {
    const sample = sampleWorlds(1)[0]!;
    const path = join(tempDir('fw-memidx-'), 'no-sizes.sqlite');
    copyFileSync(sample.path, path);
    const rw = new BetterSqlite3(path);
    rw.exec(`DROP TABLE passages_fts;
      CREATE VIRTUAL TABLE passages_fts USING fts5(text, content='passages', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', columnsize=0);
      INSERT INTO passages_fts(passages_fts) VALUES ('rebuild');`);
    rw.close();
    const damaged = createSearchWorld(path, { memoryIndex: 'always' });
    try {
      expect(PassageIndex.build(damaged.world.db)).toBeNull();
      const q = prepareQuery(sample.data.tasks[0]!.question);
      expect(damaged.retrievePassages(q, 10).length).toBeGreaterThan(0);
      expect(damaged.rankedInMemory).toBe(false);
    } finally {
      damaged.close();
    }
  });

  it('gives byte-identical observations with the memory index always, never and from the 33rd query on', () => {
    const sample = sampleWorlds(1)[3]!;
    const modes = (['never', 'always', 'auto'] as const).map((m) => createSearchWorld(sample.path, { memoryIndex: m }));
    try {
      const queries = [...sample.data.tasks.map((t) => t.question), ...sample.data.documents.map((d) => d.title)].slice(0, MEMORY_INDEX_AFTER + 20);
      expect(queries.length).toBeGreaterThan(MEMORY_INDEX_AFTER);
      const observe = (i: number) =>
        queries.map((query) => callToolSync(createSession(modes[i]!, { seed: 3 }), { name: 'web_search', arguments: { query } }).text);
      const never = observe(0);
      expect(observe(1)).toEqual(never);
      expect(modes[2]!.rankedInMemory).toBe(false);
      expect(observe(2)).toEqual(never);
      expect(modes[2]!.rankedInMemory).toBe(true);
      expect(modes[0]!.rankedInMemory).toBe(false);
    } finally {
      for (const w of modes) w.close();
    }
  });
});
