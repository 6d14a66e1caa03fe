/** The six easy-tier kinds (tasks.ts deriveTasks) as TaskDrafts, so they are certified like every family's drafts. */
import type { Rng } from '../rng.js';
import { hopsOf } from '../tasks/hops.js';
import type { TaskDraft } from '../tasks/families/family.js';
import type { Rows, ThemeDef } from '../themes/_define.js';
import type { FactIndex } from './facts.js';
import { deriveTasks } from './tasks.js';

/**
 * Hops are the links followed before the answer's own read (a multi-hop task's bridges; the parent of a
 * scoped aggregation or wide table); a scope ("whose maker is X") is the one constraint such a task states.
 */
export function easyDrafts(theme: ThemeDef, rows: Rows, fx: FactIndex, rng: Rng): TaskDraft[] {
  return deriveTasks(theme, rows, fx, rng).map(({ id: _id, ...t }) => {
    const scoped = (t.kind === 'aggregation' || t.kind === 'wide_table') && t.hopFactIds.length > 0;
    return { ...t, constraintFactIds: [], constraints: scoped ? 1 : 0, hops: hopsOf(t) - 1, signature: `${t.kind}:${t.sql}` };
  });
}
