/**
 * Records by integer id in an array: a lookup is one indexed load instead of a hash probe. A world's
 * ids are SQLite rowids (small and dense), and the search path looks one up for every passage it
 * matches (up to about a hundred a query). As Map lookups (hash probes into tables of thousands of
 * entries, mostly cache misses) they cost about a sixth of a search's CPU. Sparse, negative or huge ids
 * still work (the array falls back to a dictionary), only slower.
 */
export class IdTable<T> {
  private readonly items: (T | undefined)[] = [];

  set(id: number, value: T): void {
    this.items[id] = value;
  }

  get(id: number): T | undefined {
    return this.items[id];
  }
}

/** What reads records by id (an IdTable or a Map). */
export interface ById<T> {
  get(id: number): T | undefined;
}
