/**
 * The agent loop's trajectory, one JSON object per line: every message (system, user, assistant),
 * every tool call, every observation, then one final score line. Lines are written as they happen, so
 * a run that fails half-way still leaves what it did.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { FictionError } from '../errors.js';
import type { ScoreResult } from '../tasks/score.js';

export type TrajectoryLine =
  | { type: 'message'; index: number; role: 'system' | 'user'; content: string }
  | { type: 'message'; index: number; role: 'assistant'; turn: number; content: string | null; tool_calls: { id: string; name: string; arguments: string }[]; finish_reason: string | null }
  | { type: 'tool_call'; turn: number; id: string; name: string; arguments: string }
  | { type: 'observation'; turn: number; tool_call_id: string; name: string; content: string; error: string | null }
  | ({ type: 'score'; world: string; task: string; model: string; turns: number; tool_calls: number; stop: StopReason; answer: string } & ScoreResult);

/** Why the loop ended: the model answered, or ran out of turns. */
export type StopReason = 'answer' | 'max_turns';

export interface TrajectorySink {
  write(line: TrajectoryLine): void;
}

/** Lines kept in memory (and returned by the loop). */
export function memorySink(lines: TrajectoryLine[] = []): TrajectorySink & { lines: TrajectoryLine[] } {
  return { lines, write: (l) => void lines.push(l) };
}

/** Lines appended to a file, which is created (emptied) first. */
export function fileSink(path: string): TrajectorySink {
  const fail = (e: unknown) => new FictionError('IO', `cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, { cause: e });
  try {
    writeFileSync(path, '');
  } catch (e) {
    throw fail(e);
  }
  return {
    write(line) {
      try {
        appendFileSync(path, `${JSON.stringify(line)}\n`);
      } catch (e) {
        throw fail(e);
      }
    },
  };
}
