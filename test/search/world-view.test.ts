import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/compose.js';
import { callToolSync } from '../../src/search/call-tool.js';
import { prepareQuery } from '../../src/search/query.js';
import { createSearchWorld, type SearchWorld } from '../../src/search/world-index.js';
import type { PassageRecord } from '../../src/search/types.js';
import { tempDir } from '../helpers.js';
import { sampleWorlds } from './sample-worlds.js';

/** A deterministic spread of passages and pages to leave out: about one passage in seven, one page in eleven. */
function spread(world: SearchWorld): { passages: Set<number>; pages: Set<number> } {
  const passages = new Set<number>();
  const pages = new Set<number>();
  for (const page of world.allPages()) {
    if (page.id % 11 === 3) pages.add(page.id);
    for (const p of world.passagesOf(page.id)) if (p.ord > 0 && (p.id * 7919) % 7 === 0) passages.add(p.id);
  }
  return { passages, pages };
}

/** The same world written as a file without those passages and pages (the FTS5 index kept in step). */
function smallerFile(path: string, out: string, hidden: { passages: Set<number>; pages: Set<number> }): void {
  copyFileSync(path, out);
  const db = new Database(out);
  // A scratch copy: the claims, links and provenance rows that name a removed passage may stay.
  db.pragma('foreign_keys = OFF');
  try {
    const rows = db.prepare('SELECT id, document_id, text FROM passages').raw().all() as [number, number, string][];
    const del = db.prepare("INSERT INTO passages_fts(passages_fts, rowid, text) VALUES ('delete', ?, ?)");
    const drop = db.prepare('DELETE FROM passages WHERE id = ?');
    db.transaction(() => {
      for (const [id, doc, text] of rows) {
        if (!hidden.passages.has(id) && !hidden.pages.has(doc)) continue;
        del.run(id, text);
        drop.run(id);
      }
      for (const id of hidden.pages) db.prepare('DELETE FROM documents WHERE id = ?').run(id);
    })();
  } finally {
    db.close();
  }
}

/** Queries over a world: its tasks' questions, attribute words, a value, and words every page has. */
function queriesOf(sample: ReturnType<typeof sampleWorlds>[number]): string[] {
  const facts = sample.data.facts;
  return [
    ...sample.data.tasks.slice(0, 6).map((t) => t.question),
    ...facts
      .slice(0, 40)
      .filter((_, i) => i % 8 === 0)
      .map((f) => `${f.predicate.replace(/_/g, ' ')} ${f.object}`),
    ...facts
      .slice(0, 40)
      .filter((_, i) => i % 8 === 4)
      .map((f) => f.subject),
    'list of all records',
    'the',
  ];
}

describe('a world without some passages (SearchWorld.without)', () => {
  it('searches exactly as the same world written without them: results, order, snippets, pages and dates', () => {
    const dir = tempDir('fw-world-view-');
    let compared = 0;
    let differentFromWhole = 0;
    for (const sample of sampleWorlds().slice(0, 4)) {
      const whole = createSearchWorld(sample.path);
      const hidden = spread(whole);
      const view = whole.without(hidden.passages, hidden.pages);
      const file = join(dir, `${sample.theme}-smaller.sqlite`);
      smallerFile(sample.path, file, hidden);
      const smaller = createSearchWorld(file);
      try {
        expect(view.pageCount).toBe(smaller.pageCount);
        for (const query of queriesOf(sample)) {
          // bm25's statistics are the smaller world's: the same scores, not only the same order.
          const q = prepareQuery(query);
          expect(view.retrievePassages(q, 1_000_000)).toEqual(smaller.retrievePassages(q, 1_000_000));
          for (const page of [1, 2]) {
            const call = { name: 'web_search', arguments: { query, page } };
            const a = callToolSync(createSession(view), call);
            const b = callToolSync(createSession(smaller), call);
            expect(a.text).toBe(b.text);
            compared++;
            if (a.text !== callToolSync(createSession(whole), call).text) differentFromWhole++;
          }
        }
        const shown = (p: PassageRecord) => hidden.passages.has(p.id) || hidden.pages.has(p.documentId);
        for (const page of view.allPages()) expect(view.passagesOf(page.id).filter(shown)).toEqual([]);
      } finally {
        smaller.close();
        view.close();
        whole.close();
      }
    }
    expect(compared).toBeGreaterThan(60);
    // The views did leave something out that searches would have shown.
    expect(differentFromWhole).toBeGreaterThan(compared / 4);
  });

  it('shares its world: tasks and bodies read through, and closing a view leaves the world open', () => {
    const sample = sampleWorlds()[0]!;
    const whole = createSearchWorld(sample.path);
    try {
      const view = whole.without(new Set(), new Set([whole.allPages()[0]!.id]));
      expect(view.base).toBe(whole);
      expect(view.without(new Set(), new Set()).base).toBe(whole);
      expect(view.taskIds()).toEqual(whole.taskIds());
      expect(view.pageAt(whole.allPages()[0]!.url)).toBeUndefined();
      const page = view.allPages()[0]!;
      expect(view.body(page.id)).toBe(whole.body(page.id));
      view.close();
      expect(whole.retrieve(prepareQuery('the'), 5).length).toBeGreaterThan(0);
    } finally {
      whole.close();
    }
  });
});
