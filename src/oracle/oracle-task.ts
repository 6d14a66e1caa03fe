/**
 * What the oracle searcher is given: a task's kind, its question and (for wide tables) its columns,
 * and a tool function bound to a session. Nothing else: no world, no database, no answer, no facts.
 */
import type { ObservationError, PageObservationJson, SearchObservationJson } from '../render/observation.js';
import type { ToolCall } from '../search/tool-args.js';
import type { Task, TaskKind } from '../world/types.js';

/** The part of a task the oracle may read. */
export interface OracleTask {
  kind: TaskKind;
  question: string;
  /** Table header of a wide_table task (the question names them too). */
  columns: readonly string[];
}

/** What a tool call shows the agent: the observation, never the call's metadata (guard decisions, timings). */
export interface Observation {
  text: string;
  json: SearchObservationJson | PageObservationJson;
  error?: ObservationError;
}

/** A tool function bound to one session: the oracle's only way to the world. */
export type ToolFn = (call: ToolCall) => Promise<Observation>;

/** The readable view of a task: kind, question, columns. */
export function oracleView(task: Pick<Task, 'kind' | 'question' | 'columns'>): OracleTask {
  return { kind: task.kind, question: task.question, columns: [...task.columns] };
}
