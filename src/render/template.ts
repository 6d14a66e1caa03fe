/**
 * The template renderer: each result is its page's URL, title, site and date with the snippet the
 * pipeline cut from the page's passages. No network, no randomness: the embedded default.
 */
import { resultFromHit } from '../search/result.js';
import type { RenderSearchInput, RenderSearchOutput, Renderer } from './renderer.js';

export { resultFromHit };

export const templateRenderer: Renderer = {
  name: 'template',
  renderSearch(input: RenderSearchInput): RenderSearchOutput {
    return { results: input.hits.map(resultFromHit), renderer: 'template' };
  },
};
