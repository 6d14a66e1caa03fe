/** `themes list|show|draft` and `generate --theme-file`: a drafted spec, checked against a fake model endpoint, then generated from. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld } from '../../src/db/open.js';
import { getTheme, hasTheme, unregisterTheme } from '../../src/themes/registry.js';
import { SPEC_OF } from '../../src/themes/spec/compile.js';
import { readManifest } from '../../src/world/manifest.js';
import { type Behaviour, type FakeEndpoint, startFakeOpenAi } from '../fake-openai.js';
import { cli, tempDir } from '../helpers.js';
import { fenced, goodSpec, schemaBroken } from '../themes/draft/fixtures.js';

let ep: FakeEndpoint;
let replies: Behaviour = () => ({ content: '' });
beforeAll(async () => {
  ep = await startFakeOpenAi((req, n) => replies(req, n));
});
afterAll(async () => {
  await ep.close();
  // Test files share a process (isolate: false): leave the registry as the built-in themes.
  for (const id of ['harbours', 'town-statistics']) if (hasTheme(id)) unregisterTheme(id);
});

const dir = tempDir('fw-themes-');
const llm = () => ['--llm-base-url', ep.baseUrl, '--llm-model', 'fake-model'];

describe('themes list and show', () => {
  it('lists the themes by default, and shows a spec as the JSON a theme file holds', async () => {
    const bare = await cli(['themes']);
    expect(bare.code).toBe(0);
    expect((await cli(['themes', 'list'])).out).toBe(bare.out);
    expect(bare.out).toMatch(/^smartphones {4}Smartphone market — /);
    const json = JSON.parse((await cli(['themes', '--json'])).out) as { id: string }[];
    expect(json.map((t) => t.id)).toContain('cities');
    const shown = await cli(['themes', 'show', 'cities']);
    expect(JSON.parse(shown.out)).toEqual(JSON.parse(JSON.stringify(SPEC_OF.get(getTheme('cities')))));
    const unknown = await cli(['themes', 'show', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^error: unknown theme "nope" \(known: smartphones, /);
  });
});

describe('themes draft', () => {
  it('asks the model again with the reasons, and writes the accepted spec', async () => {
    replies = (_req, n) => ({ content: n === 0 ? fenced(schemaBroken()) : JSON.stringify(goodSpec('anything')) });
    ep.requests.length = 0;
    const out = join(dir, 'towns.json');
    const r = await cli(['themes', 'draft', '--topic', '2031 town statistics', '--out', out, '--seeds', '3', ...llm()]);
    expect(r.err).toMatch(/^draft 1: refused\n {2}- schema: title: .*\n(?: {2}- .*\n)*draft 2: accepted\n$/);
    expect(r.out).toMatch(
      /^accepted theme "town-statistics" after 2 drafts: 2 worlds at seeds 3 \(\d{3}–\d{3} facts\), 32 of 32 tasks solved; wrote .*towns\.json\n$/,
    );
    expect(r.code).toBe(0);
    expect(ep.requests).toHaveLength(2);
    expect(ep.requests[0]!.body.model).toBe('fake-model');
    expect(ep.requests[0]!.body.tools).toBeUndefined();
    expect(ep.requests[1]!.body.messages.at(-1)!.content).toMatch(/^The spec was refused:\n- schema: title: /);
    const written = JSON.parse(readFileSync(out, 'utf8')) as { id: string };
    expect(written.id).toBe('town-statistics');
    expect(hasTheme('town-statistics')).toBe(false);
  }, 120_000);

  it('writes nothing when the spec is refused, and says why', async () => {
    replies = () => ({ content: 'I would rather describe it in words.' });
    ep.requests.length = 0;
    const out = join(dir, 'refused.json');
    const r = await cli(['themes', 'draft', '--topic', 'lighthouses', '--out', out, '--repairs', '1', '--json', ...llm()]);
    expect(r.code).toBe(1);
    expect(r.err.split('\n').at(-2)).toBe('error: theme "lighthouses" refused after 2 drafts: the reply holds no JSON object');
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, id: 'lighthouses', spec: null, out: null, attempts: [{ n: 1 }, { n: 2 }] });
    expect(existsSync(out)).toBe(false);
    expect(ep.requests).toHaveLength(2);
  });

  it('refuses bad options before any request', async () => {
    ep.requests.length = 0;
    const taken = join(dir, 'taken.json');
    writeFileSync(taken, '{}');
    const cases: [string[], string][] = [
      [['--topic', 'x', '--out', taken, ...llm()], `error: --out ${taken} exists: choose a new file (a spec is never overwritten)\n`],
      [['--topic', 'x', '--out', join(dir, 'no', 'x.json'), ...llm()], `error: --out ${join(dir, 'no', 'x.json')}: folder ${join(dir, 'no')} does not exist\n`],
      [['--topic', 'x', '--out', join(dir, 'x.json'), '--llm-base-url', ep.baseUrl], 'error: missing --llm-model M (or FICTIONWORLD_LLM_MODEL)\n'],
      [
        ['--topic', 'x', '--out', join(dir, 'x.json'), '--seeds', '1,1', ...llm()],
        'error: --seeds must be 1 to 10 distinct non-negative integers, e.g. 1,2,3\n',
      ],
      [['--topic', 'x', '--out', join(dir, 'x.json'), '--repairs', '11', ...llm()], 'error: --repairs must be at most 10, got 11\n'],
      [['--out', join(dir, 'x.json'), ...llm()], "error: required option '--topic <text>' not specified\n"],
    ];
    for (const [args, err] of cases) {
      const r = await cli(['themes', 'draft', ...args]);
      expect(r.err, args.join(' ')).toBe(err);
      expect(r.code).toBe(2);
    }
    expect(ep.requests).toHaveLength(0);
    expect(readFileSync(taken, 'utf8')).toBe('{}');
  });

  it('is an UPSTREAM failure when the endpoint fails, with nothing written', async () => {
    replies = () => ({ status: 400, error: 'model not found' });
    const out = join(dir, 'upstream.json');
    const r = await cli(['themes', 'draft', '--topic', 'lighthouses', '--out', out, '--quiet', ...llm()]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: chat model request to .* failed \(HTTP 400\): .*model not found/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('generate --theme-file', () => {
  const file = join(dir, 'harbours.json');
  writeFileSync(file, JSON.stringify(goodSpec('harbours')));

  it('generates the same worlds from the file every time, files that open without it', async () => {
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    for (const out of [a, b]) {
      const r = await cli(['generate', '--count', '2', '--seed', '4', '--theme-file', file, '--out', out, '--workers', '2', '--quiet']);
      expect(r.err).toBe('');
      expect(r.out).toMatch(/^2 worlds in .* · 1 themes · /);
    }
    const [ma, mb] = [readManifest(a), readManifest(b)];
    expect([...ma.values()].map((e) => e.theme)).toEqual(['harbours', 'harbours']);
    expect([...ma.values()].map((e) => e.sha256)).toEqual([...mb.values()].map((e) => e.sha256));
    expect([...ma.values()][0]!.theme_specs).toEqual({ harbours: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The world file carries its spec: a process that never saw the theme file opens it.
    unregisterTheme('harbours');
    const w = openWorld(join(a, 'w4-000000.sqlite'));
    try {
      expect(w.theme.id).toBe('harbours');
      expect(JSON.parse(w.meta.theme_spec!)).toEqual(JSON.parse(JSON.stringify(SPEC_OF.get(w.theme))));
    } finally {
      w.db.close();
    }
    expect((await cli(['validate', a])).out).toMatch(/^2 worlds checked, 0 problems\n$/m);
  }, 120_000);

  it('refuses a folder holding another spec under the same id, and a bad file, in one line', async () => {
    const changed = join(dir, 'harbours-2.json');
    writeFileSync(changed, JSON.stringify({ ...goodSpec('harbours'), title: 'Harbour towns' }));
    const out = join(dir, 'c');
    expect((await cli(['generate', '--count', '1', '--seed', '4', '--theme-file', file, '--out', out, '--quiet'])).code).toBe(0);
    unregisterTheme('harbours');
    const r = await cli(['generate', '--count', '1', '--seed', '4', '--theme-file', changed, '--out', out, '--quiet']);
    expect(r.err).toMatch(/^error: .* holds seed 4 with theme specs harbours@[0-9a-f]{12}; this run gives harbours@[0-9a-f]{12}: use another --out\n$/);
    expect(r.code).toBe(2);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"id": "bad"}');
    const b = await cli(['generate', '--count', '1', '--theme-file', bad, '--out', join(dir, 'd'), '--quiet']);
    expect(b.err).toMatch(/^error: theme file .*bad\.json: title: .* \(and \d+ more\)\n$/);
    expect(existsSync(join(dir, 'd'))).toBe(false);
    const builtin = join(dir, 'cities.json');
    writeFileSync(builtin, JSON.stringify(goodSpec('cities')));
    expect((await cli(['generate', '--count', '1', '--theme-file', builtin, '--out', join(dir, 'e'), '--quiet'])).err).toBe(
      'error: theme id "cities" is taken by a built-in theme: give the spec another id\n',
    );
  }, 120_000);
});
