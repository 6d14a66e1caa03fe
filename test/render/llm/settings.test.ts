import { describe, expect, it } from 'vitest';
import { LLM_DEFAULTS, resolveLlmSettings } from '../../../src/render/llm/settings.js';

const env = { FICTIONWORLD_LLM_BASE_URL: 'http://env.example:8000/v1/', FICTIONWORLD_LLM_MODEL: 'env-model', OPENAI_API_KEY: 'sk-env' };

describe('resolveLlmSettings', () => {
  it('takes the environment, with options winning over it', () => {
    const fromEnv = resolveLlmSettings({}, env);
    expect(fromEnv).toMatchObject({
      baseUrl: 'http://env.example:8000/v1',
      model: 'env-model',
      apiKey: 'sk-env',
      timeoutMs: LLM_DEFAULTS.timeoutMs,
      cachePath: LLM_DEFAULTS.cachePath,
    });
    const given = resolveLlmSettings({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'k', timeoutMs: '2500', concurrency: 3, cachePath: 'off' }, env);
    expect(given).toMatchObject({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'k', timeoutMs: 2500, concurrency: 3, cachePath: null });
    expect(resolveLlmSettings({}, { ...env, FICTIONWORLD_LLM_CACHE: '/tmp/x.sqlite' }).cachePath).toBe('/tmp/x.sqlite');
    expect(resolveLlmSettings({}, { FICTIONWORLD_LLM_BASE_URL: 'http://h/v1', FICTIONWORLD_LLM_MODEL: 'm' }).apiKey).toBeNull();
  });

  it('says in one line what is missing or wrong', () => {
    expect(() => resolveLlmSettings({}, {})).toThrow(/--llm-base-url URL or FICTIONWORLD_LLM_BASE_URL/);
    expect(() => resolveLlmSettings({ baseUrl: 'http://h/v1' }, {})).toThrow(/--llm-model NAME or FICTIONWORLD_LLM_MODEL/);
    expect(() => resolveLlmSettings({ baseUrl: 'ftp://h', model: 'm' }, {})).toThrow(/http or https/);
    expect(() => resolveLlmSettings({ baseUrl: 'not a url', model: 'm' }, {})).toThrow(/not a URL/);
    expect(() => resolveLlmSettings({ timeoutMs: 'soon' }, env)).toThrow(/timeout must be an integer/);
    expect(() => resolveLlmSettings({ concurrency: 0 }, env)).toThrow(/concurrency must be an integer from 1/);
    expect(() => resolveLlmSettings({ temperature: 3 }, env)).toThrow(/temperature/);
  });
});
