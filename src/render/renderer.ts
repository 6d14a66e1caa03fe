/**
 * A renderer writes the search results for one query from the hits the pipeline chose. The template
 * renderer (template.ts) is the embedded default; the world-model renderer implements the same
 * interface. Whatever a renderer writes passes the perturbations and the guard's backstop after it.
 * Pages (web_extractor) always come from the world, never from a renderer.
 */
import { FictionError } from '../errors.js';
import type { GuardSelection } from '../search/guard-hook.js';
import type { PreparedQuery } from '../search/query.js';
import type { HistoryReader } from '../search/session.js';
import type { Hit, RenderedResult } from '../search/types.js';
import type { SearchWorld } from '../search/world-index.js';
import { templateRenderer } from './template.js';
import { createLlmRenderer } from './llm/llm-renderer.js';

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
}

export interface Renderer {
  readonly name: string;
  renderSearch(input: RenderSearchInput): RenderSearchOutput | Promise<RenderSearchOutput>;
}

export type RendererFactory = (options?: Readonly<Record<string, unknown>>) => Renderer;

/** Renderers known by name (`--renderer NAME`). */
export const RENDERERS: Record<string, RendererFactory> = {
  template: () => templateRenderer,
  llm: (options) => createLlmRenderer(options),
};

export function createRenderer(name = 'template', options?: Readonly<Record<string, unknown>>): Renderer {
  const factory = Object.prototype.hasOwnProperty.call(RENDERERS, name) ? RENDERERS[name] : undefined;
  if (!factory) throw new FictionError('BAD_INPUT', `unknown renderer "${String(name).slice(0, 40)}" (known: ${Object.keys(RENDERERS).join(', ')})`);
  return factory(options);
}
