import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLlmOptions, llmRendererOptions, rendererFromOptions, closeRenderer } from '../../src/cli/llm-options.js';
import { cli, tempDir } from '../helpers.js';
import { deadEndpoint } from '../dead-endpoint.js';
import { answerWell, startFakeOpenAi, type FakeEndpoint } from '../fake-openai.js';
import { llmTestWorld, worldNames } from '../render/llm/world-fixture.js';

// Names read from the generated world, so each query finds pages (one that finds none is the template's, without a request).
const { models } = worldNames();
const PRICE_QUERY = `${models[0]!} launch price`;
const MODEL = models[1]!;

let ep: FakeEndpoint;
beforeAll(async () => {
  ep = await startFakeOpenAi(answerWell);
});
afterAll(async () => {
  await ep.close();
});

describe('llm options', () => {
  it('parse into renderer settings, only those given', async () => {
    const cmd = addLlmOptions(new Command('x').option('--renderer <name>', 'r', 'template').exitOverride());
    cmd.parse(['--renderer', 'llm', '--llm-base-url', 'http://h:1/v1', '--llm-model', 'm', '--llm-timeout-ms', '500', '--llm-cache', 'off'], { from: 'user' });
    expect(llmRendererOptions(cmd.opts())).toEqual({ baseUrl: 'http://h:1/v1', model: 'm', timeoutMs: '500', cachePath: 'off' });
    const r = (await rendererFromOptions(cmd.opts())) as { name: string; settings?: { timeoutMs: number; cachePath: string | null } };
    expect(r.name).toBe('llm');
    expect(r.settings).toMatchObject({ timeoutMs: 500, cachePath: null });
    closeRenderer(r as never);
    expect((await rendererFromOptions({ renderer: 'template' })).name).toBe('template');
  });
});

describe('search --renderer llm', () => {
  it('answers through the world model, and falls back when the endpoint fails', async () => {
    const { path } = llmTestWorld();
    const cache = join(tempDir('fw-llm-cli-'), 'cache.sqlite');
    ep.requests.length = 0;
    const args = [
      'search',
      '--world',
      path,
      '--renderer',
      'llm',
      '--llm-base-url',
      ep.baseUrl,
      '--llm-model',
      'cli-model',
      '--llm-cache',
      cache,
      '--json',
      PRICE_QUERY,
    ];
    const a = await cli(args);
    expect(a.err).toBe('');
    expect(a.code).toBe(0);
    expect(ep.requests).toHaveLength(1);
    expect(ep.requests[0]!.body.model).toBe('cli-model');
    const again = await cli(args);
    expect(again.out).toBe(a.out);
    expect(ep.requests).toHaveLength(1); // replayed from the cache file
    ep.behaviour = () => ({ status: 503 });
    const down = await cli([
      'search',
      '--world',
      path,
      '--renderer',
      'llm',
      '--llm-base-url',
      ep.baseUrl,
      '--llm-model',
      'cli-model',
      '--llm-cache',
      'off',
      '--llm-retries',
      '0',
      MODEL,
    ]);
    expect(down.code).toBe(0);
    expect(down.err).toBe(`warning: world model at ${ep.baseUrl} failed (http_503: error); results come from the template renderer\n`);
    expect(down.out.startsWith(`Results for "${MODEL}":\n[1] https://`)).toBe(true);
    ep.behaviour = answerWell;
  });

  it('says in one line what is missing', async () => {
    const { path } = llmTestWorld();
    const saved = { ...process.env };
    delete process.env.FICTIONWORLD_LLM_BASE_URL;
    delete process.env.FICTIONWORLD_LLM_MODEL;
    try {
      const r = await cli(['search', '--world', path, '--renderer', 'llm', 'x']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^error: the llm renderer needs an endpoint: --llm-base-url URL or FICTIONWORLD_LLM_BASE_URL\n$/);
      const m = await cli(['search', '--world', path, '--renderer', 'llm', '--llm-base-url', ep.baseUrl, 'x']);
      expect(m.err).toMatch(/--llm-model NAME or FICTIONWORLD_LLM_MODEL/);
    } finally {
      process.env = saved;
    }
  });
});

describe('search --renderer llm against a dead endpoint', () => {
  it('warns once on stderr with the URL and the reason, answers from the template, and creates no cache file', async () => {
    const { path } = llmTestWorld();
    const dead = await deadEndpoint();
    const dir = tempDir('fw-llm-dead-');
    const cache = join(dir, 'sub', 'llm-cache.sqlite');
    const llm = ['--renderer', 'llm', '--llm-base-url', dead, '--llm-model', 'm', '--llm-retries', '0', '--llm-cache', cache];
    const r = await cli(['search', '--world', path, ...llm, PRICE_QUERY, MODEL]);
    expect(r.code).toBe(0);
    // Two queries, two fallbacks: one warning.
    expect(r.err).toBe(`warning: world model at ${dead} unreachable (connection refused); results come from the template renderer\n`);
    const template = await cli(['search', '--world', path, PRICE_QUERY, MODEL]);
    expect(r.out).toBe(template.out);
    expect(template.err).toBe('');
    expect(existsSync(join(dir, 'sub'))).toBe(false);
  });

  it('--show-meta prints the renderer, the fallback reason and the timings on stderr; stdout is the observation alone', async () => {
    const { path, data } = llmTestWorld();
    const dead = await deadEndpoint();
    const r = await cli([
      'search',
      '--world',
      path,
      '--renderer',
      'llm',
      '--llm-base-url',
      dead,
      '--llm-model',
      'm',
      '--llm-retries',
      '0',
      '--llm-cache',
      'off',
      '--show-meta',
      '--json',
      MODEL,
    ]);
    expect(r.code).toBe(0);
    const [warning, meta, ...rest] = r.err.split('\n');
    expect(warning).toMatch(/^warning: world model at .* unreachable \(connection refused\)/);
    expect(meta).toMatch(
      /^meta: tool=web_search call=0 renderer=template:fallback:connection fallback="connection: connection refused" total_ms=\d+\.\d retrieve_ms=\d+\.\d render_ms=\d+\.\d$/,
    );
    expect(rest).toEqual(['']);
    expect(Object.keys(JSON.parse(r.out))).not.toContain('meta');

    ep.behaviour = answerWell;
    const good = await cli([
      'search',
      '--world',
      path,
      '--renderer',
      'llm',
      '--llm-base-url',
      ep.baseUrl,
      '--llm-model',
      'm',
      '--llm-cache',
      'off',
      '--show-meta',
      MODEL,
    ]);
    expect(good.err).toMatch(/^meta: tool=web_search call=0 renderer=llm total_ms=[\d.]+ retrieve_ms=[\d.]+ render_ms=[\d.]+\n$/);
    const plain = await cli(['search', '--world', path, '--show-meta', MODEL]);
    expect(plain.err).toMatch(/^meta: tool=web_search call=0 renderer=template total_ms=/);
    const page = await cli(['open', '--world', path, '--show-meta', data.documents[0]!.url]);
    expect(page.code).toBe(0);
    expect(page.out).toMatch(/^Title: /);
    expect(page.err).toMatch(/^meta: tool=web_extractor call=0 renderer=world total_ms=[\d.]+ retrieve_ms=0\.0 render_ms=0\.0\n$/);
  });
});
