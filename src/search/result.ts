/**
 * A search result as its page and snippet state it: what the template renderer shows, what a world
 * model starts from, and what the guard puts in place of a result it withholds. In the search core so
 * that the renderers and the guard share it without either importing the other.
 */
import type { Hit, RenderedResult } from './types.js';

/** A result exactly as the page and its snippet state it. */
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
