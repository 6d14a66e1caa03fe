/**
 * The pages a session has seen: every page among its search results, every page it opened, and every
 * page linked from a page it opened (the world's `links` table, which holds each Markdown link of a
 * page's body to another page of the world). Under the session option `open: 'seen'`, web_extractor
 * opens these pages and no other: a URL guessed from a name reads like a page that does not exist.
 * Pages are held by id (a world has a few hundred), so the state is small, deterministic, and lasts as
 * long as the session, whatever its history keeps.
 */
import type { SearchObservationJson } from '../render/observation.js';
import type { PageRecord } from './types.js';
import type { SearchWorld } from './world-index.js';

/** Each world's outgoing links, page id → linked page ids in page order: read once per open world. */
const LINKS = new WeakMap<SearchWorld, ReadonlyMap<number, readonly number[]>>();

function linksOf(world: SearchWorld): ReadonlyMap<number, readonly number[]> {
  let map = LINKS.get(world);
  if (!map) {
    const out = new Map<number, number[]>();
    const rows = world.world.db.prepare('SELECT document_id, target_document_id FROM links ORDER BY id').raw().all() as [number, number][];
    for (const [from, to] of rows) {
      const list = out.get(from);
      if (list) list.push(to);
      else out.set(from, [to]);
    }
    map = out;
    LINKS.set(world, map);
  }
  return map;
}

/** The pages linked from page `pageId` (ids, in page order). */
export function linkedPages(world: SearchWorld, pageId: number): readonly number[] {
  return linksOf(world).get(pageId) ?? [];
}

export class SeenPages {
  private readonly ids = new Set<number>();

  constructor(private readonly world: SearchWorld) {}

  get size(): number {
    return this.ids.size;
  }

  has(page: PageRecord): boolean {
    return this.ids.has(page.id);
  }

  /** Every result of a search observation, as the agent read it (URLs the world does not have are skipped). */
  addResults(json: SearchObservationJson): void {
    for (const block of json.queries) {
      for (const r of block.results) {
        const page = this.world.pageAt(r.url);
        if (page) this.ids.add(page.id);
      }
    }
  }

  /** A page the agent opened, and every page it links to. */
  addOpened(page: PageRecord): void {
    this.ids.add(page.id);
    for (const id of linkedPages(this.world, page.id)) this.ids.add(id);
  }

  clear(): void {
    this.ids.clear();
  }
}
