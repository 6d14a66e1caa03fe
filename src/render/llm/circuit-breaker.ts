/**
 * A circuit breaker for the world-model endpoint: after `failures` consecutive transport failures
 * (connection refused, timeouts, 5xx after retries) the circuit opens and renderings go straight to the
 * template for `cooldownMs`; then one trial request is let through, and a success closes the circuit.
 * A dead endpoint therefore costs a trainer one timeout per cooldown, not one per call.
 */

export type Clock = () => number;

export class CircuitBreaker {
  private consecutive = 0;
  private openedAt: number | null = null;
  private trial = false;

  constructor(
    readonly failures: number,
    readonly cooldownMs: number,
    private readonly clock: Clock = () => performance.now(),
  ) {}

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.openedAt === null) return 'closed';
    return this.clock() - this.openedAt >= this.cooldownMs ? 'half-open' : 'open';
  }

  /** May a request go out now? In the half-open state only one trial at a time. */
  allow(): boolean {
    const s = this.state;
    if (s === 'closed') return true;
    if (s === 'open' || this.trial) return false;
    this.trial = true;
    return true;
  }

  success(): void {
    this.consecutive = 0;
    this.openedAt = null;
    this.trial = false;
  }

  failure(): void {
    this.consecutive++;
    if (this.trial || this.consecutive >= this.failures) this.openedAt = this.clock();
    this.trial = false;
  }

  /** A request that ended without telling anything about the endpoint (e.g. abandoned). */
  neutral(): void {
    this.trial = false;
  }
}
