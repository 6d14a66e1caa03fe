import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeakGuard } from '../../../src/leakage/guard.js';
import { openLlmCache } from '../../../src/render/llm/cache.js';
import { createLlmRenderer, type LlmRendererOptions } from '../../../src/render/llm/llm-renderer.js';
import { prepareRequest } from '../../../src/render/llm/prompt.js';
import type { GuardBackstopInput, SearchGuard } from '../../../src/search/guard-hook.js';
import { callTool } from '../../../src/search/call-tool.js';
import { createSession, type SessionOptions } from '../../../src/compose.js';
import { withCommas } from '../../../src/format.js';
import { tempDir } from '../../helpers.js';
import { answerWell, startFakeOpenAi, type FakeEndpoint } from '../../fake-openai.js';
import { llmTestWorld, openTestWorld, worldNames } from './world-fixture.js';

const world = openTestWorld();
const { data } = llmTestWorld();
let ep: FakeEndpoint;
const dir = tempDir('fw-llm-cache-');
// Names read from the generated world, so every query finds pages (one that finds none gets no request).
const { models, brands } = worldNames();
const [M1, M2] = models as [string, string];
const [B1, B2] = brands as [string, string];
const PRICE_QUERY = `${M1} launch price`;

beforeAll(async () => {
  ep = await startFakeOpenAi(answerWell);
});
afterAll(async () => {
  await ep.close();
  world.close();
});

const make = (cachePath: string, opts: Partial<LlmRendererOptions> = {}) => createLlmRenderer({ baseUrl: ep.baseUrl, model: 'fake-model', cachePath, ...opts });

async function run(r: ReturnType<typeof make>, opts: SessionOptions, queries: string[]) {
  const session = createSession(world, { ...opts, renderer: r });
  const out = [];
  for (const q of queries) out.push(await callTool(session, { name: 'web_search', arguments: { query: q } }));
  return { out, trajectory: session.trajectoryJsonl() };
}

describe('world-model cache', () => {
  it('a replayed rollout makes no request and gives byte-identical observations, across processes', async () => {
    const path = join(dir, 'replay.sqlite');
    const queries = [PRICE_QUERY, M2, PRICE_QUERY];
    const first = make(path);
    ep.requests.length = 0;
    const a = await run(first, { seed: 3 }, queries);
    expect(ep.requests).toHaveLength(3); // the repeated query has a longer history: its own key
    expect(a.out.map((o) => o.meta.renderer)).toEqual(['llm', 'llm', 'llm']);
    const b = await run(first, { seed: 3 }, queries);
    expect(ep.requests).toHaveLength(3);
    expect(b.out.map((o) => o.meta.renderer)).toEqual(['llm-cache', 'llm-cache', 'llm-cache']);
    expect(b.out.map((o) => o.text)).toEqual(a.out.map((o) => o.text));
    first.close();
    const reopened = make(path); // a new process over the same file
    const c = await run(reopened, { seed: 3 }, queries);
    expect(ep.requests).toHaveLength(3);
    expect(c.out.map((o) => o.text)).toEqual(a.out.map((o) => o.text));
    reopened.close();
  });

  it('the key changes with the seed, the model, the task binding, the arguments and the history', async () => {
    const path = join(dir, 'keys.sqlite');
    const r = make(path);
    const task = data.tasks[0]!;
    ep.requests.length = 0;
    await run(r, { seed: 1 }, [B1]);
    await run(r, { seed: 1 }, [B1]);
    expect(ep.requests).toHaveLength(1);
    await run(r, { seed: 2 }, [B1]);
    await run(r, { seed: 1, taskId: task.id }, [B1]);
    await run(r, { seed: 1 }, [`${B1} founded`]);
    await run(r, { seed: 1 }, [M2, B1]); // the second has a history now
    expect(ep.requests).toHaveLength(6);
    r.close();
    const other = make(path, { model: 'other-model' });
    await run(other, { seed: 1 }, [B1]);
    expect(ep.requests).toHaveLength(7);
    other.close();
  });

  it('a hit this process has answered or re-checked before is served from memory, without reading the file', async () => {
    const file = openLlmCache(join(dir, 'memo.sqlite'));
    let reads = 0;
    const counting = {
      ...file,
      get: (key: string) => (reads++, file.get(key)),
      get size() {
        return file.size;
      },
    };
    const r = make(join(dir, 'unused.sqlite'), { cache: counting });
    ep.requests.length = 0;
    const a = await run(r, { seed: 9 }, [M2]);
    expect(a.out[0]!.meta.renderer).toBe('llm');
    const readsAfterMiss = reads;
    const b = await run(r, { seed: 9 }, [M2]);
    expect(b.out[0]!.meta.renderer).toBe('llm-cache');
    expect(b.out[0]!.text).toBe(a.out[0]!.text);
    expect(reads).toBe(readsAfterMiss);
    expect(ep.requests).toHaveLength(1);
    r.close();
    file.close();
  });

  it('fallbacks are never cached; a cached answer that is no longer grounded is not used', async () => {
    const path = join(dir, 'fallback.sqlite');
    ep.behaviour = () => ({ status: 500 });
    const r = make(path, { retries: 0 });
    ep.requests.length = 0;
    const a = await run(r, { seed: 5 }, [B2]);
    expect(a.out[0]!.meta.renderer).toBe('template:fallback:http_500');
    ep.behaviour = answerWell;
    const b = await run(r, { seed: 5 }, [B2]);
    expect(b.out[0]!.meta.renderer).toBe('llm');
    r.close();
    // Tamper with the stored answer: an invented number in a snippet.
    const cache = openLlmCache(path);
    expect(cache.size).toBe(1);
    cache.close();
    const db = (await import('better-sqlite3')).default(path);
    const row = db.prepare('SELECT key, answer FROM llm_cache').get() as { key: string; answer: string };
    const answer = JSON.parse(row.answer) as { snippets: Record<string, string> };
    const url = Object.keys(answer.snippets)[0]!;
    answer.snippets[url] = `${answer.snippets[url]} It sold 98,765,432 units.`;
    db.prepare('UPDATE llm_cache SET answer = ? WHERE key = ?').run(JSON.stringify(answer), row.key);
    db.close();
    const again = make(path);
    ep.requests.length = 0;
    const c = await run(again, { seed: 5 }, [B2]);
    expect(c.out[0]!.meta.renderer).toBe('llm'); // asked again instead of trusting the file
    expect(c.out[0]!.text).not.toContain('98,765,432');
    expect(ep.requests).toHaveLength(1);
    again.close();
  });

  it('cache hits pass the guard too', async () => {
    const path = join(dir, 'guard.sqlite');
    const task = data.tasks.find((t) => t.kind === 'lookup')!;
    const seen: string[][] = [];
    const leak = createLeakGuard();
    const spy: SearchGuard = {
      view: (i) => leak.view(i),
      backstop: (i: GuardBackstopInput) => {
        seen.push(i.results.map((r) => r.snippet ?? ''));
        return leak.backstop(i);
      },
    };
    const r = make(path);
    ep.behaviour = answerWell;
    // The answer with an attribute's words: unrelated, and it finds pages in the guard's view (the
    // answer alone finds none there, as a value the world does not state would).
    const query = `${task.answerText} launch price`;
    const a = await run(r, { seed: 8, taskId: task.id, guard: spy }, [query]);
    const b = await run(r, { seed: 8, taskId: task.id, guard: spy }, [query]);
    expect([a.out[0]!.meta.renderer, b.out[0]!.meta.renderer]).toEqual(['llm', 'llm-cache']);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    r.close();
  });

  it('the key is computed without building the prompt and depends on the prompt version', () => {
    const r = make(':memory:');
    const session = createSession(world);
    const base = {
      world,
      taskId: null,
      seed: 0,
      callIndex: 0,
      queryIndex: 0,
      query: { text: 'x', tokens: ['x'], match: '"x"' },
      hits: [],
      firstRank: 1,
      history: session,
    };
    const k1 = prepareRequest(base, r.prompt, r.settings).key;
    const k2 = prepareRequest(base, { ...r.prompt, key: 'search-world-model@v2#000000000000' }, r.settings).key;
    expect(k1).not.toBe(k2);
    expect(prepareRequest(base, r.prompt, r.settings).canary).toBe(prepareRequest(base, r.prompt, r.settings).canary);
    r.close();
  });
});

describe('openLlmCache', () => {
  it('a queued answer is visible at once and on disk after the flush; a bad row reads as a miss', () => {
    const path = join(dir, 'unit.sqlite');
    const c = openLlmCache(path);
    c.set('k1', { model: 'm', prompt: 'p', world: 'w' }, { snippets: { 'https://a.example/x': 's' } });
    expect(c.get('k1')).toEqual({ snippets: { 'https://a.example/x': 's' } });
    expect(c.get('k2')).toBeUndefined();
    c.close();
    const again = openLlmCache(path);
    expect(again.get('k1')).toEqual({ snippets: { 'https://a.example/x': 's' } });
    again.close();
  });

  it('keeps a queued answer as it was stored: later changes to the object given, or to one read back, do not reach it', () => {
    const path = join(dir, 'copies.sqlite');
    const c = openLlmCache(path);
    const given = { snippets: { 'https://a.example/x': 'as stored' } as Record<string, string> };
    c.set('k1', { model: 'm', prompt: 'p', world: 'w' }, given, 'grounding-v1');
    given.snippets['https://a.example/x'] = 'changed by the caller';
    given.snippets['https://a.example/y'] = 'added by the caller';
    const read = c.lookup('k1')!;
    expect(read).toEqual({ answer: { snippets: { 'https://a.example/x': 'as stored' } }, checkedBy: 'grounding-v1' });
    read.answer.snippets['https://a.example/x'] = 'changed by a reader';
    expect(c.get('k1')).toEqual({ snippets: { 'https://a.example/x': 'as stored' } });
    c.close();
    const again = openLlmCache(path);
    expect(again.lookup('k1')).toEqual({ answer: { snippets: { 'https://a.example/x': 'as stored' } }, checkedBy: 'grounding-v1' });
    again.close();
  });
});

describe('the cache file', () => {
  it('is created only when there is an answer to keep: lookups and a close leave no file (nor folder) behind', () => {
    const path = join(dir, 'lazy', 'sub', 'cache.sqlite');
    const c = openLlmCache(path);
    expect(c.get('k1')).toBeUndefined();
    expect(c.size).toBe(0);
    c.close();
    expect(existsSync(join(dir, 'lazy'))).toBe(false);
    const d = openLlmCache(path);
    d.set('k1', { model: 'm', prompt: 'p', world: 'w' }, { snippets: { 'https://a.example/x': 's' } });
    expect(existsSync(path)).toBe(false); // queued: written on the next turn of the event loop
    d.flush();
    expect(existsSync(path)).toBe(true);
    d.close();
    expect(openLlmCache(path).get('k1')).toEqual({ snippets: { 'https://a.example/x': 's' } });
  });

  it('a lookup finds a file another process created after this one started', () => {
    const path = join(dir, 'late.sqlite');
    const reader = openLlmCache(path);
    expect(reader.get('k1')).toBeUndefined();
    const writer = openLlmCache(path);
    writer.set('k1', { model: 'm', prompt: 'p', world: 'w' }, { snippets: { 'https://a.example/x': 'late' } });
    writer.close();
    expect(reader.get('k1')).toEqual({ snippets: { 'https://a.example/x': 'late' } });
    reader.close();
  });

  it('a file that appears damaged later is tried once: lookups then miss, no handle is left open per lookup', () => {
    const path = join(dir, 'late-damaged.sqlite');
    const reader = openLlmCache(path);
    expect(reader.get('k1')).toBeUndefined();
    writeFileSync(path, 'not a database, just text that is long enough to have a header'.repeat(20));
    const fds = () => readdirSync('/proc/self/fd').length;
    expect(reader.get('k1')).toBeUndefined(); // the one try
    const before = fds();
    for (let i = 0; i < 50; i++) expect(reader.get('k1')).toBeUndefined();
    expect(fds()).toBe(before);
    reader.close();
  });
});

describe('answers as stored', () => {
  it('are ASCII JSON (other characters escaped) that reads back as written, stamp intact; unescaped rows read too', async () => {
    const path = join(dir, 'ascii.sqlite');
    const snippet = 'Zentria X9 — 日本 😀 \\— "quoted" \ud800 lone, café';
    const answer = { snippets: { 'https://site.example/é': snippet } };
    const cache = openLlmCache(path);
    cache.set('k1', { model: 'm', prompt: 'p', world: 'w' }, answer, 'grounding-v1');
    cache.close();
    const Database = (await import('better-sqlite3')).default;
    const db = Database(path);
    const stored = db.prepare('SELECT answer FROM llm_cache WHERE key = ?').pluck().get('k1') as string;
    expect(stored).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(stored)).toEqual(answer);
    db.prepare('INSERT INTO llm_cache (key, world, model, prompt, answer, checked) VALUES (?, ?, ?, ?, ?, NULL)').run(
      'k2',
      'w',
      'm',
      'p',
      JSON.stringify(answer),
    );
    db.close();
    const again = openLlmCache(path);
    expect(again.lookup('k1')).toEqual({ answer, checkedBy: 'grounding-v1' });
    expect(again.lookup('k2')).toEqual({ answer, checkedBy: null });
    again.close();
  });
});

describe('cache file layout', () => {
  it('a new file has pages large enough that an answer is read without overflow pages', async () => {
    const path = join(dir, 'pages.sqlite');
    const cache = openLlmCache(path);
    cache.set('k', { model: 'm', prompt: 'p', world: 'w' }, { snippets: {} });
    cache.close();
    const db = (await import('better-sqlite3')).default(path, { readonly: true });
    expect(db.pragma('page_size', { simple: true })).toBe(32_768);
    db.close();
  });
});

describe('answers larger than a page of the cache file', () => {
  it('read back whole, from a new connection too', () => {
    const path = join(dir, 'large.sqlite');
    const cache = openLlmCache(path);
    const answers = Array.from({ length: 40 }, (_, i) => ({
      snippets: Object.fromEntries(
        Array.from({ length: 10 }, (_, j) => [
          `https://site${j}.example/p/${i}`,
          `Snippet ${i}.${j}: ${'Zentria X9 sold 11,621,927 units — 日本 😀. '.repeat(4 + ((i * j) % 9))}`,
        ]),
      ),
    }));
    answers.forEach((a, i) => cache.set(`key-${i}`, { model: 'm', prompt: 'p', world: 'w' }, a));
    cache.flush();
    answers.forEach((a, i) => expect(cache.get(`key-${i}`)).toEqual(a));
    cache.close();
    const again = openLlmCache(path);
    answers.forEach((a, i) => expect(again.get(`key-${i}`)).toEqual(a));
    expect(again.size).toBe(40);
    again.close();
  });
});

describe('answers kept in memory', () => {
  it('are not served for a world whose text changed under the same id (a rebuilt file, reopened)', async () => {
    const Database = (await import('better-sqlite3')).default;
    const { copyFileSync } = await import('node:fs');
    const { createSearchWorld } = await import('../../../src/search/world-index.js');
    const rebuilt = join(tempDir('fw-llm-rebuilt-'), 'w1-000000.sqlite');
    copyFileSync(llmTestWorld().path, rebuilt);
    const r = make(join(dir, 'rebuilt.sqlite'));
    const q = { name: 'web_search' as const, arguments: { query: PRICE_QUERY } };
    ep.requests.length = 0;
    const before = await callTool(createSession(world, { renderer: r }), q);
    expect(before.meta.renderer).toBe('llm');
    // A figure the model wrote into the results from a record's passage, and one no page of the world states.
    const shown = ep.requests[0]!.records.flatMap((rec) => rec.passages).flatMap((t) => t.match(/\$?\d{1,3}(?:,\d{3})+|\$\d+/g) ?? []);
    const stated = shown.find((v) => before.text.includes(v))!;
    expect(stated).toBeDefined();
    const texts = data.documents.flatMap((d) => d.passages.map((p) => p.text));
    const prefix = stated.startsWith('$') ? '$' : '';
    let other = Number(stated.replace(/[$,]/g, '')) + 1;
    while (texts.some((t) => t.includes(withCommas(other)))) other++;
    const edit = `${prefix}${withCommas(other)}`;
    const db = new Database(rebuilt);
    expect(db.prepare('UPDATE passages SET text = replace(text, ?, ?) WHERE instr(text, ?) > 0').run(stated, edit, stated).changes).toBeGreaterThan(0);
    db.close();
    const edited = createSearchWorld(rebuilt);
    try {
      const after = await callTool(createSession(edited, { renderer: r }), q);
      expect(after.meta.renderer).not.toBe('llm-cache');
      expect(after.text).not.toContain(stated);
      expect(after.text).toContain(edit);
    } finally {
      edited.close();
      r.close();
    }
  });
});

describe('the check stamp', () => {
  const meta = { model: 'm', prompt: 'p', world: 'w' };
  const answer = { snippets: { 'https://site.example/a': 'Zentria X9 sold 11,621,927 units.' } };

  it('names the check an unaltered row passed; an edited row, or one stored without a check, names none', async () => {
    const path = join(dir, 'stamp.sqlite');
    const cache = openLlmCache(path);
    cache.set('k1', meta, answer, 'grounding-v1');
    cache.set('k2', meta, answer);
    expect(cache.lookup('k1')).toEqual({ answer, checkedBy: 'grounding-v1' }); // queued, not yet written
    cache.close();
    const db = (await import('better-sqlite3')).default(path);
    db.prepare('UPDATE llm_cache SET answer = ? WHERE key = ?').run(
      JSON.stringify({ snippets: { 'https://site.example/a': 'It sold 98,765,432 units.' } }),
      'k1',
    );
    db.close();
    const again = openLlmCache(path);
    expect(again.lookup('k1')!.checkedBy).toBeNull();
    expect(again.lookup('k2')!.checkedBy).toBeNull();
    again.set('k3', meta, answer, 'grounding-v1');
    again.flush();
    expect(again.lookup('k3')).toEqual({ answer, checkedBy: 'grounding-v1' });
    again.close();
  });

  it('a file from before the stamp gets the column; its rows are checked again, then stamped', async () => {
    const path = join(dir, 'old-layout.sqlite');
    const Database = (await import('better-sqlite3')).default;
    const first = make(join(dir, 'old-source.sqlite'));
    const a = await run(first, { seed: 21 }, [M2]);
    expect(a.out[0]!.meta.renderer).toBe('llm');
    first.close();
    // Copy its row into a file with the old layout (no `checked` column).
    const src = new Database(join(dir, 'old-source.sqlite'), { readonly: true });
    const row = src.prepare('SELECT key, world, model, prompt, answer FROM llm_cache').get() as Record<string, string>;
    src.close();
    const old = new Database(path);
    old.exec(
      'CREATE TABLE llm_cache (key TEXT PRIMARY KEY, world TEXT NOT NULL, model TEXT NOT NULL, prompt TEXT NOT NULL, answer TEXT NOT NULL) WITHOUT ROWID',
    );
    old.prepare('INSERT INTO llm_cache VALUES (@key, @world, @model, @prompt, @answer)').run(row);
    old.close();
    const reopened = make(path);
    ep.requests.length = 0;
    const b = await run(reopened, { seed: 21 }, [M2]);
    expect(b.out[0]!.meta.renderer).toBe('llm-cache');
    expect(b.out[0]!.text).toBe(a.out[0]!.text);
    expect(ep.requests).toHaveLength(0);
    reopened.close();
    const check = openLlmCache(path);
    expect(check.lookup(row.key!)!.checkedBy).toMatch(/^grounding-v3:[0-9a-f]{24}$/);
    check.close();
  });
});
