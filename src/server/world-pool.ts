/**
 * The worlds of one folder, opened read-only on demand. Handles are reference-counted (a session pins
 * its world; a one-off call holds it for the call) and kept in a bounded least-recently-used cache of
 * `capacity` worlds. A world the cache lets go is closed at once when idle; a world in use is never
 * closed under its users: it stays open (and shared) until its last user releases it. Only world ids (`w<seed>-<index>`) are ever turned
 * into paths, so no request can name a file outside the folder.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FictionError, isFictionError } from '../errors.js';
import { WORLD_ID_RE } from '../db/locate.js';
import { createSearchWorld, type SearchWorld } from '../search/world-index.js';
import { boundedCache, type BoundedCache } from '../util/bounded-cache.js';
import { MANIFEST, readManifest } from '../world/manifest.js';

export interface WorldHandle {
  readonly world: SearchWorld;
  /** Give the handle back (idempotent). */
  release(): void;
}

export interface WorldSummary {
  id: string;
  theme?: string;
  facts?: number;
  tasks?: number;
}

interface Entry {
  world: SearchWorld;
  refs: number;
}

export interface WorldPoolEvents {
  onOpen?(id: string): void;
  onClose?(id: string): void;
}

/** A world id from a request, checked: anything else is a 400, never a path. */
export function checkWorldId(id: unknown): string {
  if (typeof id !== 'string' || !WORLD_ID_RE.test(id)) {
    const shown = typeof id === 'string' ? JSON.stringify(id.slice(0, 40)) : typeof id;
    throw new FictionError('BAD_INPUT', `not a world id: ${shown} (expected w<seed>-<index>, e.g. w7-000042)`);
  }
  return id;
}

export class WorldPool {
  readonly dir: string;
  readonly capacity: number;
  /** The most recently used worlds, idle or in use. */
  private readonly recent: BoundedCache<string, Entry>;
  /** Worlds the cache let go while in use: closed when their last user releases them. */
  private readonly evictedInUse = new Map<string, Entry>();
  private closingAll = false;
  private readonly events: WorldPoolEvents;
  private listing: { stamp: string; worlds: WorldSummary[] } | undefined;
  opens = 0;
  closes = 0;

  constructor(dir: string, capacity: number, events: WorldPoolEvents = {}) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new FictionError('NOT_FOUND', `no worlds folder at ${dir}`);
    if (!Number.isInteger(capacity) || capacity < 1) throw new FictionError('BAD_INPUT', 'the open-world cache needs room for at least one world');
    this.dir = resolve(dir);
    this.capacity = capacity;
    this.events = events;
    this.recent = boundedCache<string, Entry>({
      max: capacity,
      onEvict: (entry, id) => {
        if (entry.refs > 0 && !this.closingAll) this.evictedInUse.set(id, entry);
        else this.close(id, entry);
      },
    });
  }

  /** Open handles (idle and in use). */
  get openCount(): number {
    return this.recent.size + this.evictedInUse.size;
  }

  private pathOf(id: string): string {
    return join(this.dir, `${id}.sqlite`);
  }

  /** Does the folder hold world `id`? (Checks the id first.) */
  exists(id: unknown): boolean {
    const checked = checkWorldId(id);
    if (this.recent.has(checked) || this.evictedInUse.has(checked)) return true;
    const p = this.pathOf(checked);
    return existsSync(p) && statSync(p).isFile();
  }

  /** Throw NOT_FOUND unless world `id` is in the folder. */
  require(id: unknown): string {
    if (!this.exists(id)) throw new FictionError('NOT_FOUND', `world ${String(id)} not found`);
    return id as string;
  }

  acquire(id: unknown): WorldHandle {
    const checked = this.require(id);
    let entry = this.recent.get(checked);
    if (!entry) {
      // Back into the cache: a world still in use since the cache let it go, else a newly opened one.
      entry = this.evictedInUse.get(checked);
      this.evictedInUse.delete(checked);
      if (!entry) {
        entry = { world: this.open(checked), refs: 0 };
        this.opens++;
        this.events.onOpen?.(checked);
      }
      entry.refs++; // before it goes in: the cache may let another world go, never this one
      this.recent.set(checked, entry);
    } else {
      entry.refs++;
    }
    let released = false;
    const e = entry;
    return {
      world: e.world,
      release: () => {
        if (released) return;
        released = true;
        e.refs--;
        if (e.refs === 0 && this.evictedInUse.get(checked) === e) {
          this.evictedInUse.delete(checked);
          this.close(checked, e);
        }
      },
    };
  }

  private open(id: string): SearchWorld {
    let world: SearchWorld;
    try {
      world = createSearchWorld(this.pathOf(id));
    } catch (e) {
      // Messages of the file layer name server paths and SQLite errors: say only what the client needs.
      if (isFictionError(e) && e.code === 'NOT_FOUND') throw new FictionError('NOT_FOUND', `world ${id} not found`, { cause: e });
      if (isFictionError(e) && e.code === 'UNSUPPORTED_FORMAT')
        throw new FictionError('UNSUPPORTED_FORMAT', `world ${id} cannot be read by this server`, { cause: e });
      throw new FictionError('IO', `world ${id} cannot be opened`, { cause: e });
    }
    if (world.id !== id) {
      world.close();
      throw new FictionError('UNSUPPORTED_FORMAT', `world ${id} cannot be read by this server (its file holds another world)`);
    }
    return world;
  }

  private close(id: string, entry: Entry): void {
    try {
      entry.world.close();
    } catch {
      /* closing a read-only handle cannot lose data */
    }
    this.closes++;
    this.events.onClose?.(id);
  }

  /** Close every handle (shutdown). */
  closeAll(): void {
    this.closingAll = true;
    try {
      this.recent.clear(); // closes each (onEvict)
      for (const [id, entry] of this.evictedInUse) this.close(id, entry);
      this.evictedInUse.clear();
    } finally {
      this.closingAll = false;
    }
  }

  /** The worlds of the folder: from its manifest when it has one, else from the file names. */
  list(): WorldSummary[] {
    const manifest = join(this.dir, MANIFEST);
    const stamp = `${existsSync(manifest) ? statSync(manifest).mtimeMs : 0}:${statSync(this.dir).mtimeMs}`;
    if (this.listing?.stamp === stamp) return this.listing.worlds;
    const entries = readManifest(this.dir);
    let worlds: WorldSummary[];
    if (entries.size > 0) {
      worlds = [...entries.values()]
        .filter((e) => WORLD_ID_RE.test(e.id) && existsSync(this.pathOf(e.id)))
        .map((e) => ({ id: e.id, theme: e.theme, facts: e.facts, tasks: e.tasks }));
    } else {
      worlds = readdirSync(this.dir)
        .filter((f) => f.endsWith('.sqlite') && WORLD_ID_RE.test(f.slice(0, -'.sqlite'.length)))
        .sort()
        .map((f) => ({ id: f.slice(0, -'.sqlite'.length) }));
    }
    this.listing = { stamp, worlds };
    return worlds;
  }
}
