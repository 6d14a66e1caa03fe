import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLlmOptions, llmRendererOptions, rendererFromOptions, closeRenderer } from '../../src/cli/llm-options.js';
import { cli, tempDir } from '../helpers.js';
import { answerWell, startFakeOpenAi, type FakeEndpoint } from '../fake-openai.js';
import { llmTestWorld } from '../render/llm/world-fixture.js';

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
    const args = ['search', '--world', path, '--renderer', 'llm', '--llm-base-url', ep.baseUrl, '--llm-model', 'cli-model', '--llm-cache', cache, '--json', 'Semtus Edge44 launch price'];
    const a = await cli(args);
    expect(a.err).toBe('');
    expect(a.code).toBe(0);
    expect(ep.requests).toHaveLength(1);
    expect(ep.requests[0]!.body.model).toBe('cli-model');
    const again = await cli(args);
    expect(again.out).toBe(a.out);
    expect(ep.requests).toHaveLength(1); // replayed from the cache file
    ep.behaviour = () => ({ status: 503 });
    const down = await cli(['search', '--world', path, '--renderer', 'llm', '--llm-base-url', ep.baseUrl, '--llm-model', 'cli-model', '--llm-cache', 'off', '--llm-retries', '0', 'Bronmo One55']);
    expect(down.code).toBe(0);
    expect(down.out).toMatch(/^Results for "Bronmo One55":\n\[1\] https:\/\//);
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
