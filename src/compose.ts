/**
 * The composition root: the one place the search core is wired to the layers it does not load by
 * itself. The Session class (search/session.ts) takes its renderer and guard by injection; here the
 * defaults are filled in. A session bound to a task gets the leakage guard unless `guard: null` is
 * passed (audits only): a bound session without a guard would show the task's answer, so every caller
 * makes sessions here. The renderer stays the template unless one is passed (render/renderer.ts makes
 * a world model by name, loading its module only then).
 */
import { createLeakGuard } from './leakage/guard.js';
import { Session, type SessionOptions } from './search/session.js';
import type { SearchWorld } from './search/world-index.js';

/** A session over `world`: guarded by the leakage guard when bound to a task, unless `guard` says otherwise. */
export function createSession(world: SearchWorld, opts: SessionOptions = {}): Session {
  const bound = opts.taskId !== undefined && opts.taskId !== null;
  return new Session(world, bound && opts.guard === undefined ? { ...opts, guard: createLeakGuard() } : opts);
}

export type { Session, SessionOptions };
