/**
 * A concurrency limit for requests to the world model: at most `limit` in flight, at most `maxQueue`
 * waiting. A waiter gives up when its deadline passes (the renderer then answers with the template),
 * so a slow endpoint makes callers wait at most their own budget, never forever.
 */

export type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
  timer: NodeJS.Timeout | undefined;
}

export class Limiter {
  private active = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly limit: number,
    readonly maxQueue: number,
  ) {}

  get inFlight(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** A slot, or null when the queue is full or `waitMs` passes first. */
  acquire(waitMs: number): Promise<Release | null> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.maxQueue || waitMs <= 0) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = { grant: resolve, timer: undefined };
      waiter.timer = setTimeout(() => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        resolve(null);
      }, waitMs);
      this.queue.push(waiter);
    });
  }

  private releaser(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.queue.shift();
      if (next) {
        clearTimeout(next.timer);
        next.grant(this.releaser());
      } else this.active--;
    };
  }
}
