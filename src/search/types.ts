/** The shapes that flow through the search pipeline: pages, passages, candidates, hits, results. */

/** A page of the world without its body (bodies are read when a page is opened). */
export interface PageRecord {
  id: number;
  url: string;
  title: string;
  site: string;
  /** ISO date, or null for undated pages. */
  published: string | null;
  kind: string;
}

/** A passage of a page (its title, a sentence, a list item) with the facts it states. */
export interface PassageRecord {
  id: number;
  documentId: number;
  ord: number;
  text: string;
  factIds: readonly number[];
}

/** A passage that matched a query; `score` is relevance (−bm25: higher is better). */
export interface MatchedPassage extends PassageRecord {
  score: number;
}

/** A page ranked for a query, with its matching passages, best first (provenance for the guard). */
export interface Candidate {
  page: PageRecord;
  score: number;
  passages: readonly MatchedPassage[];
  /** True for an unrelated page mixed in by a perturbation. */
  irrelevant?: boolean;
}

/** A snippet and the passages it was cut from (in page order). */
export interface Snippet {
  text: string;
  passageIds: readonly number[];
  /** The passages among `passageIds` shown cut (at either end) rather than whole. */
  cutIds: readonly number[];
}

/** A candidate chosen for display, with the snippet made for it. */
export interface Hit {
  candidate: Candidate;
  snippet: Snippet;
}

/** One search result as a renderer wrote it (before numbering and formatting). */
export interface RenderedResult {
  documentId: number;
  url: string;
  title: string;
  /** Null when a perturbation removed the snippet. */
  snippet: string | null;
  /** ISO date of the page, or null. */
  date: string | null;
  site: string;
  /** The passages the snippet came from, in page order (empty when a renderer wrote it freely). */
  passageIds: readonly number[];
}

/** Which passages a snippet may not use (the leakage guard's exclusion). */
export type PassageFilter = (passage: PassageRecord) => boolean;

/** Build a snippet for a candidate, skipping excluded passages and refilling from the rest of the page. */
export type SnippetBuilder = (candidate: Candidate, exclude?: PassageFilter) => Snippet;
