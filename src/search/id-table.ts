/**
 * Records by integer id in an array: a lookup is one indexed load instead of a hash probe. A world's
 * ids are SQLite rowids (small and dense), and the search path looks one up for every passage it
 * matches (up to about a hundred a query): as Map lookups that was about 3% of a busy server's CPU.
 * Sparse or huge ids still work (the array falls back to a dictionary), only slower.
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
