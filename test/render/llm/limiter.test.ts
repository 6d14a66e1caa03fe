import { describe, expect, it } from 'vitest';
import { Limiter } from '../../../src/render/llm/limiter.js';

describe('Limiter', () => {
  it('grants at most `limit` slots and hands a released slot to the next waiter', async () => {
    const l = new Limiter(2, 10);
    const a = await l.acquire(1000);
    const b = await l.acquire(1000);
    expect(a && b && l.inFlight).toBe(2);
    const c = l.acquire(10_000);
    expect(l.waiting).toBe(1);
    a!();
    a!(); // releasing twice frees one slot only
    const rc = await c;
    expect(rc).not.toBeNull();
    expect(l.inFlight).toBe(2);
    b!();
    rc!();
    expect(l.inFlight).toBe(0);
  });

  it('refuses at once when the queue is full, and gives up a wait when its time runs out', async () => {
    const l = new Limiter(1, 1);
    const a = await l.acquire(1000);
    const waiting = l.acquire(5);
    expect(await l.acquire(1000)).toBeNull(); // queue full
    expect(await waiting).toBeNull(); // timed out
    expect(l.waiting).toBe(0);
    a!();
    expect(l.inFlight).toBe(0);
  });
});
