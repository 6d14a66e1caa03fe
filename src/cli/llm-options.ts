/**
 * The world-model options shared by the commands that render search results (search, serve, mcp, audit):
 * `--renderer template|llm` is each command's own; this adds the endpoint settings and turns them into
 * a renderer. Flags win over the environment (FICTIONWORLD_LLM_BASE_URL, FICTIONWORLD_LLM_MODEL,
 * OPENAI_API_KEY, FICTIONWORLD_LLM_CACHE); settings.ts checks every value.
 *
 *   addLlmOptions(cmd)                      // after .option('--renderer <name>', ...)
 *   const renderer = await rendererFromOptions(o, io.err) // in the action; io.err: the first fallback's warning
 *   ... finally closeRenderer(renderer)
 *
 * `llmRendererOptions(o)` gives the plain options object for `createRenderer('llm', options)` (it can
 * cross to worker threads).
 */
import type { Command } from 'commander';
import { createRenderer, type Renderer } from '../render/renderer.js';
import { LLM_DEFAULTS } from '../render/llm/settings.js';

export function addLlmOptions(cmd: Command): Command {
  return cmd
    .option('--llm-base-url <url>', 'world-model endpoint, OpenAI-compatible (env FICTIONWORLD_LLM_BASE_URL), for --renderer llm')
    .option('--llm-model <name>', 'world-model name (env FICTIONWORLD_LLM_MODEL)')
    .option('--llm-api-key <key>', 'API key, for endpoints that need one (env OPENAI_API_KEY)')
    .option('--llm-timeout-ms <ms>', `whole budget of one rendering before the template answers (default ${LLM_DEFAULTS.timeoutMs})`)
    .option('--llm-concurrency <n>', `requests in flight at once (default ${LLM_DEFAULTS.concurrency})`)
    .option('--llm-retries <n>', `retries of a failed request (default ${LLM_DEFAULTS.retries})`)
    .option('--llm-cache <file>', `persistent cache file, or "off" (env FICTIONWORLD_LLM_CACHE; default ${LLM_DEFAULTS.cachePath})`);
}

/** The world-model settings the options give (only those set; the rest come from the environment and defaults). */
export function llmRendererOptions(o: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const map: [string, string][] = [
    ['llmBaseUrl', 'baseUrl'],
    ['llmModel', 'model'],
    ['llmApiKey', 'apiKey'],
    ['llmTimeoutMs', 'timeoutMs'],
    ['llmConcurrency', 'concurrency'],
    ['llmRetries', 'retries'],
    ['llmCache', 'cachePath'],
  ];
  const out: Record<string, unknown> = {};
  for (const [flag, key] of map) if (o[flag] !== undefined) out[key] = o[flag];
  return out;
}

/**
 * The renderer `--renderer` names, with the world-model settings when it is `llm`. `warn` (e.g. `io.err`)
 * gets one line, the first time the world model falls back to the template (a dead endpoint, say).
 */
export async function rendererFromOptions(o: Readonly<Record<string, unknown>>, warn?: (text: string) => void): Promise<Renderer> {
  const name = typeof o.renderer === 'string' ? o.renderer : 'template';
  if (name !== 'llm') return createRenderer(name);
  return createRenderer(name, { ...llmRendererOptions(o), ...(warn ? { warn: (line: string) => warn(`${line}\n`) } : {}) });
}

/** Release what a renderer holds (a world model's connections and cache file); a no-op for the template. */
export function closeRenderer(renderer: Renderer): void {
  renderer.close?.();
}
