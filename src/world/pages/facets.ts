/**
 * Where a row's facts are published. As on the real web, no page states a whole named row: an
 * article's infobox and a table's list give its profile (its links, dates and words), statistics
 * tables give its figures, a few columns each, and a story, a review or a FAQ reports part of a row.
 * So a task's evidence is spread over the pages a reader has to find (issue 24: pages needed), while
 * every fact is still stated exactly by at least one page: each facet has its table of every row.
 */
import type { Rng } from '../../rng.js';
import type { ColumnDef, TableDef } from '../../themes/_define.js';
import type { Fact } from '../types.js';

/** The most figure columns one statistics table gives. */
export const FIGURES_PER_TABLE = 3;

export interface Facets {
  /** Links, dates and words: what an infobox, a list and a register give. */
  profile: ColumnDef[];
  /** Figure columns in groups of at most FIGURES_PER_TABLE, in column order: one statistics table each. */
  figures: ColumnDef[][];
}

const isFigure = (c: ColumnDef) => c.type === 'integer' || c.type === 'real';

/** A named table's facets (its name column aside). */
export function facetsOf(t: TableDef): Facets {
  const cols = t.columns.filter((c) => c.name !== t.nameColumn);
  const numbers = cols.filter(isFigure);
  const groups = Math.ceil(numbers.length / FIGURES_PER_TABLE);
  const figures: ColumnDef[][] = [];
  // Even groups in column order (7 columns: 3, 2, 2), so no statistics table is a lone leftover column.
  for (let g = 0, at = 0; g < groups; g++) {
    const size = Math.ceil((numbers.length - at) / (groups - g));
    figures.push(numbers.slice(at, at + size));
    at += size;
  }
  return { profile: cols.filter((c) => !isFigure(c)), figures };
}

/** The facts among `facts` whose column is one of `cols`. */
export function factsOfColumns(facts: readonly Fact[], cols: readonly ColumnDef[]): Fact[] {
  const names = new Set(cols.map((c) => c.name));
  return facts.filter((f) => names.has(f.sourceColumn));
}

/** A row's profile facts (its links, dates and words). */
export function profileFacts(t: TableDef, facts: readonly Fact[]): Fact[] {
  return factsOfColumns(facts, facetsOf(t).profile);
}

/**
 * The part of a row's facts one story reports: those it must state (`keep`, its headline's), then about
 * half of the others, at least two, drawn by the page's rng and given in the row's order.
 */
export function excerpt(rng: Rng, facts: readonly Fact[], keep: readonly Fact[] = []): Fact[] {
  const rest = facts.filter((f) => !keep.includes(f));
  const n = Math.min(rest.length, Math.max(2, Math.floor(facts.length / 2) - keep.length));
  const picked = new Set([...keep, ...rng.sample(rest, n)]);
  return facts.filter((f) => picked.has(f));
}
