import { describe, expect, it } from 'vitest';
import { FictionError } from '../../src/errors.js';
import { checkWorldId, WorldPool } from '../../src/server/world-pool.js';
import { worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(3);
const ids = worlds.map((w) => w.meta.world_id);

describe('WorldPool', () => {
  it('opens worlds on demand and closes idle ones past capacity, least recently used first', () => {
    const closed: string[] = [];
    const pool = new WorldPool(dir, 2, { onClose: (id) => closed.push(id) });
    const a = pool.acquire(ids[0]);
    a.release();
    pool.acquire(ids[1]).release();
    pool.acquire(ids[0]).release(); // ids[0] is now the most recent
    expect(pool.openCount).toBe(2);
    pool.acquire(ids[2]).release();
    expect(closed).toEqual([ids[1]]);
    expect(pool.openCount).toBe(2);
    expect(pool.opens).toBe(3);
    expect(() => a.world.pageCount).not.toThrow(); // still open: ids[0] was kept
    pool.closeAll();
    expect(pool.openCount).toBe(0);
  });

  it('never closes a world in use; closes it once released if over capacity', () => {
    const closed: string[] = [];
    const pool = new WorldPool(dir, 1, { onClose: (id) => closed.push(id) });
    const pinned = pool.acquire(ids[0]);
    const other = pool.acquire(ids[1]);
    expect(pool.openCount).toBe(2);
    expect(closed).toEqual([]);
    pinned.release();
    expect(closed).toEqual([ids[0]]);
    pinned.release(); // idempotent
    expect(pool.openCount).toBe(1);
    other.release();
    pool.closeAll();
  });

  it('a world let go by the cache while in use is still the one shared handle, and is closed once', () => {
    const closed: string[] = [];
    const pool = new WorldPool(dir, 1, { onClose: (id) => closed.push(id) });
    const pinned = pool.acquire(ids[0]);
    pool.acquire(ids[1]).release(); // the cache keeps ids[1]; ids[0] stays open for its user
    const again = pool.acquire(ids[0]); // back into the cache: ids[1] (idle) goes
    expect(again.world).toBe(pinned.world);
    expect(pool.opens).toBe(2);
    expect(closed).toEqual([ids[1]]);
    expect(pool.exists(ids[0])).toBe(true);
    pinned.release();
    again.release();
    expect(closed).toEqual([ids[1]]); // idle, within capacity: kept
    expect(pool.openCount).toBe(1);
    pool.closeAll();
    expect(closed).toEqual([ids[1], ids[0]]);
    expect(pool.openCount).toBe(0);
  });

  it('shares one handle per world between users', () => {
    const pool = new WorldPool(dir, 4);
    const a = pool.acquire(ids[0]);
    const b = pool.acquire(ids[0]);
    expect(a.world).toBe(b.world);
    expect(pool.opens).toBe(1);
    a.release();
    b.release();
    pool.closeAll();
  });

  it('accepts world ids only', () => {
    for (const bad of ['../w1-000001', 'w1-000001.sqlite', 'w1-1', '', 'W1-000001', 'w1-000001/', null, 5])
      expect(() => checkWorldId(bad)).toThrow(FictionError);
    expect(checkWorldId('w7-000042')).toBe('w7-000042');
    const pool = new WorldPool(dir, 4);
    expect(() => pool.acquire('w11-999999')).toThrow(/not found/);
    expect(pool.list().map((w) => w.id)).toEqual(ids);
  });
});
