import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../../src/render/llm/circuit-breaker.js';

describe('CircuitBreaker', () => {
  it('opens after consecutive failures, lets one trial through after the cooldown, closes on success', () => {
    let t = 0;
    const b = new CircuitBreaker(3, 1000, () => t);
    b.failure();
    b.failure();
    b.success();
    b.failure();
    b.failure();
    expect(b.allow()).toBe(true);
    b.failure();
    expect(b.state).toBe('open');
    expect(b.allow()).toBe(false);
    t = 1000;
    expect(b.state).toBe('half-open');
    expect(b.allow()).toBe(true);
    expect(b.allow()).toBe(false); // one trial at a time
    b.failure(); // the trial failed: open again
    expect(b.state).toBe('open');
    t = 2000;
    expect(b.allow()).toBe(true);
    b.success();
    expect(b.state).toBe('closed');
    expect(b.allow()).toBe(true);
  });
});
