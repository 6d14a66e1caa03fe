/**
 * The template renderer: each result is its page's URL, title, site and date with the snippet the
 * pipeline cut from the page's passages. No network, no randomness: the embedded default.
 */
import type { Hit, RenderedResult } from '../search/types.js';
import type { RenderSearchInput, RenderSearchOutput, Renderer } from './renderer.js';

/** A result exactly as the page and its snippet state it (the guard uses this for replacements). */
export function resultFromHit(hit: Hit): RenderedResult {
  const { page } = hit.candidate;
  return {
    documentId: page.id,
    url: page.url,
    title: page.title,
    snippet: hit.snippet.text,
    date: page.published,
    site: page.site,
    passageIds: hit.snippet.passageIds,
  };
}

export const templateRenderer: Renderer = {
  name: 'template',
  renderSearch(input: RenderSearchInput): RenderSearchOutput {
    return { results: input.hits.map(resultFromHit), renderer: 'template' };
  },
};
