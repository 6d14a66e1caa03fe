/** How many searches in a chain a task needs at least: what the batch report calls its hops. */
import type { Task } from '../world/types.js';

/**
 * A lookup, comparison or temporal task is one hop (its entities are named in the question); a
 * multi-hop task is one hop per bridge fact plus the last; an aggregation or a scoped wide table first
 * finds its members through their parent, then reads them: two hops.
 */
export function hopsOf(task: Pick<Task, 'kind' | 'hopFactIds'>): number {
  if (task.kind === 'multi_hop') return task.hopFactIds.length + 1;
  if ((task.kind === 'aggregation' || task.kind === 'wide_table') && task.hopFactIds.length > 0) return 2;
  return 1;
}
