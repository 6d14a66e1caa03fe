/** `inspect` and `pages`: typed JSON, damaged files and misnamed files named in one line, page listings. */
import Database from 'better-sqlite3';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openWorld } from '../../src/db/open.js';
import { writeWorld } from '../../src/db/write.js';
import { generateWorld } from '../../src/world/generate.js';
import { PAGE_KINDS, type WorldData } from '../../src/world/types.js';
import { cli, tempDir } from '../helpers.js';

let dir: string;
let path: string;
let data: WorldData;

beforeAll(() => {
  dir = tempDir('fw-inspect-');
  data = generateWorld(4, 2, { themes: ['smartphones'] });
  path = join(dir, `${data.meta.world_id}.sqlite`);
  writeWorld(path, data);
});

/** A copy of the world with the root page of `table` overwritten: the header and world_meta stay readable. */
function corrupted(name: string, table: string): string {
  const p = join(tempDir('fw-inspect-bad-'), name);
  copyFileSync(path, p);
  const db = new Database(p, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const root = db.prepare("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) as number;
  db.close();
  const bytes = readFileSync(p);
  bytes.fill(0x5a, (root - 1) * pageSize, root * pageSize);
  writeFileSync(p, bytes);
  return p;
}

describe('inspect', () => {
  it('--json gives world_meta values typed: numbers as numbers, flags as booleans', async () => {
    const r = await cli(['inspect', path, '--json']);
    expect(r.code).toBe(0);
    const meta = JSON.parse(r.out).meta;
    expect(meta).toMatchObject({ world_id: 'w4-000002', theme: 'smartphones', seed: 4, index: 2, real_brands: false });
    expect(meta.format_version).toBeTypeOf('number');
    expect(meta.fact_count).toBe(data.meta.fact_count);
    expect(meta.reference_date).toBe(data.meta.reference_date);
    expect(meta.generator_version).toBeTypeOf('string');
    // The text summary reads the same.
    expect((await cli(['inspect', path])).out).toMatch(/^w4-000002 · theme smartphones · seed 4 · index 2 · /);
  });

  it('a damaged file: "<file>: damaged (…)", naming the file, whatever SQLite found', async () => {
    const garbage = join(tempDir('fw-inspect-bad-'), 'garbage.sqlite');
    writeFileSync(garbage, 'not sqlite at all '.repeat(200));
    const notDb = await cli(['inspect', garbage]);
    expect(notDb.err).toBe(`error: ${garbage}: damaged (file is not a database)\n`);
    expect(notDb.code).not.toBe(0);
    // The file opens and world_meta reads; the facts table is garbage (SQLite says so without a file name).
    const broken = corrupted('broken.sqlite', 'facts');
    expect(() => openWorld(broken).db.close()).not.toThrow();
    const malformed = await cli(['inspect', broken]);
    expect(malformed.err).toBe(`error: ${broken}: damaged (database disk image is malformed)\n`);
    expect(malformed.code).not.toBe(0);
  });

  it('a file named for another world is refused in one line; an arbitrary name opens', async () => {
    const other = join(tempDir('fw-inspect-misnamed-'), 'w4-000007.sqlite');
    copyFileSync(path, other);
    const r = await cli(['inspect', other]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: ${other}: named for world w4-000007 but holds world w4-000002: refusing to open it under the wrong id\n`);
    const byId = await cli(['inspect', 'w4-000007', '--worlds', join(other, '..')]);
    expect(byId.err).toBe(r.err);
    const mine = join(tempDir('fw-inspect-named-'), 'my-copy.sqlite');
    copyFileSync(path, mine);
    expect((await cli(['inspect', mine])).code).toBe(0);
  });
});

describe('pages', () => {
  it('lists every page: kind, date, words, URL and title, in file order', async () => {
    const r = await cli(['pages', path]);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^kind +date +words +url · title$/);
    expect(lines.at(-1)).toBe(`${data.documents.length} pages in w4-000002`);
    expect(lines).toHaveLength(data.documents.length + 2);
    const first = data.documents[0]!;
    expect(lines[1]).toContain(`${first.url} · ${first.title}`);
    expect(lines[1]!.startsWith(first.kind)).toBe(true);
  });

  it('--json, --kind and --site filter; the world may be an id in --worlds', async () => {
    const all = JSON.parse((await cli(['pages', path, '--json'])).out);
    expect(all.world).toBe('w4-000002');
    expect(all.pages).toHaveLength(data.documents.length);
    const doc = data.documents[0]!;
    const db = new Database(path, { readonly: true });
    const body = db.prepare('SELECT body FROM documents WHERE url = ?').pluck().get(doc.url) as string;
    db.close();
    expect(all.pages[0]).toEqual({
      url: doc.url,
      title: doc.title,
      kind: doc.kind,
      site: doc.site,
      date: doc.published ?? null,
      words: body.split(/\s+/).filter(Boolean).length,
    });
    const news = JSON.parse((await cli(['pages', 'w4-000002', '--worlds', dir, '--kind', 'news', '--json'])).out).pages;
    expect(news.length).toBe(data.documents.filter((d) => d.kind === 'news').length);
    expect(news.every((p: { kind: string }) => p.kind === 'news')).toBe(true);
    const site = JSON.parse((await cli(['pages', path, '--site', doc.site, '--kind', doc.kind, '--json'])).out).pages;
    expect(site.length).toBe(data.documents.filter((d) => d.site === doc.site && d.kind === doc.kind).length);
  });

  it('bad filters and worlds: one line, non-zero exit', async () => {
    for (const [args, pattern] of [
      [['pages', path, '--kind', 'blog'], new RegExp(`^error: unknown --kind "blog" \\(kinds: ${PAGE_KINDS.join(', ')}\\)\n$`)],
      [['pages', path, '--site', 'nowhere.example'], /^error: no site "nowhere.example" in world w4-000002 \(sites: [^\n]+\)\n$/],
      [['pages', 'w4-999999', '--worlds', dir], /^error: world w4-999999 not found in /],
      [['pages'], /^error: missing required argument 'world'\n$/],
    ] as const) {
      const r = await cli([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(pattern);
    }
  });
});
