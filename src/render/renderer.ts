/**
 * A renderer writes the search results for one query from the hits the pipeline chose. The template
 * renderer (template.ts) is the embedded default; the world-model renderer implements the same
 * interface. Whatever a renderer writes passes the perturbations and the guard's backstop after it.
 * Pages (web_extractor) always come from the world, never from a renderer.
 *
 * The world-model renderer's module (render/llm/, with its HTTP client, cache and prompts) is loaded
 * only when one is created: the search core, and anything that only searches, never loads it.
 */
import { FictionError } from '../errors.js';
import type { GuardSelection } from '../search/guard-hook.js';
import type { PreparedQuery } from '../search/query.js';
import type { HistoryReader } from '../search/session.js';
import type { Hit, RenderedResult } from '../search/types.js';
import type { SearchWorld } from '../search/world-index.js';
import { templateRenderer } from './template.js';

export interface RenderSearchInput {
  world: SearchWorld;
  taskId: string | null;
  seed: number;
  callIndex: number;
  queryIndex: number;
  query: PreparedQuery;
  /** The chosen results, in display order, each with its page, passages and snippet. */
  hits: readonly Hit[];
  /** Rank of the first hit (1 on the first page). */
  firstRank: number;
  /** Earlier calls of the session and what they showed (read only by renderers that use them). */
  history: HistoryReader;
  /** The guard's note from its selection, when a guard is on. */
  guardNote?: GuardSelection['note'];
}

export interface RenderSearchOutput {
  results: RenderedResult[];
  /** The renderer that actually answered (a world model may fall back to the template). */
  renderer: string;
  /** Why a world model fell back to the template, in words, when it did. */
  fallbackReason?: string;
}

export interface Renderer {
  readonly name: string;
  renderSearch(input: RenderSearchInput): RenderSearchOutput | Promise<RenderSearchOutput>;
  /** Let go of what it holds (a world model's connections and cache file); absent when it holds nothing. */
  close?(): void;
}

/** Makes a renderer from its options: at once (the template), or after loading its module (the world model). */
export type RendererFactory = (options?: Readonly<Record<string, unknown>>) => Renderer | Promise<Renderer>;

/** Renderers known by name (`--renderer NAME`). */
export const RENDERERS: Record<string, RendererFactory> = {
  template: () => templateRenderer,
  llm: async (options) => (await import('./llm/llm-renderer.js')).createLlmRenderer(options),
};

/** Renderers made without loading anything (what `createRendererSync` can name). */
const AT_ONCE = new Set(['template']);

function factory(name: string): RendererFactory {
  const f = Object.hasOwn(RENDERERS, name) ? RENDERERS[name] : undefined;
  if (!f) throw new FictionError('BAD_INPUT', `unknown renderer "${String(name).slice(0, 40)}" (known: ${Object.keys(RENDERERS).join(', ')})`);
  return f;
}

/** The renderer `name` names, with its options; a world model's module is loaded now, on first use. */
export async function createRenderer(name = 'template', options?: Readonly<Record<string, unknown>>): Promise<Renderer> {
  return factory(name)(options);
}

/**
 * The renderer `name` names when it needs nothing loaded (the template): for a caller that cannot
 * wait, such as the synchronous server context. Any other name fails with a clear error.
 */
export function createRendererSync(name = 'template', options?: Readonly<Record<string, unknown>>): Renderer {
  const f = factory(name);
  if (!AT_ONCE.has(name)) throw new FictionError('BAD_INPUT', `renderer "${name}" loads its module: create it with await createRenderer("${name}")`);
  return f(options) as Renderer;
}
