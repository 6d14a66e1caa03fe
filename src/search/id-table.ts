/**
 * Records by id: integer ids in an array, so a lookup is one indexed load instead of a hash probe. A
 * world's ids are SQLite rowids (small and dense), and the search path looks one up for every passage
 * it matches (up to about a hundred a query). As Map lookups (hash probes into tables of thousands of
 * entries, mostly cache misses) they cost about a sixth of a search's CPU. Any other key (a negative
 * or fractional number, or text a hand-made world file stored in an integer column, such as
 * "__proto__" or "length") goes to a Map, so it never names a property of the array.
 */
export class IdTable<T> {
  private readonly items: (T | undefined)[] = [];
  private others: Map<unknown, T> | undefined;

  set(id: number, value: T): void {
    if (isIndex(id)) this.items[id] = value;
    else (this.others ??= new Map()).set(id, value);
  }

  get(id: number): T | undefined {
    return isIndex(id) ? this.items[id] : this.others?.get(id);
  }
}

/** An array index: an integer from 0 to 2^31 - 1 (a string or any other number is not). */
const isIndex = (id: unknown): id is number => typeof id === 'number' && (id | 0) === id && id >= 0;

/** What reads records by id (an IdTable or a Map). */
export interface ById<T> {
  get(id: number): T | undefined;
}
