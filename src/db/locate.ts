/** Finding world files: a path to a .sqlite file, or a world id looked up in a worlds folder. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FictionError } from '../errors.js';

/** World ids are `w<seed>-<index>`: nothing else is ever turned into a path (no traversal). */
export const WORLD_ID_RE = /^w\d{1,12}-\d{6,9}$/;

export function isWorldId(text: string): boolean {
  return WORLD_ID_RE.test(text);
}

export function worldPathForId(worldsDir: string, id: string): string {
  if (!isWorldId(id)) throw new FictionError('BAD_INPUT', `not a world id: "${id.slice(0, 40)}"`);
  return join(resolve(worldsDir), `${id}.sqlite`);
}

/** `WORLD` as the CLI takes it: a file path, or an id in `worldsDir`. */
export function locateWorld(world: string, worldsDir = 'worlds'): string {
  if (isWorldId(world)) {
    const p = worldPathForId(worldsDir, world);
    if (!existsSync(p)) throw new FictionError('NOT_FOUND', `world ${world} not found in ${worldsDir}`);
    return p;
  }
  if (!existsSync(world)) throw new FictionError('NOT_FOUND', `no world file at ${world}`);
  return world;
}
