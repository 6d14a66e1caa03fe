/**
 * The agent loop's trajectory, one JSON object per line: every message (system, user, assistant),
 * every tool call, every observation, then one final line that says how the run ended: a `score` line
 * when it ran to its end (an answer, or the last turn), an `incomplete` line with the error when it
 * failed (say, the chat model became unreachable). A trajectory without either was cut off.
 *
 * A file sink never leaves a file that looks like a finished run when it was not: the lines go to
 * PATH.<pid>.partial in the same folder as they happen (what a failing run did is worth reading), and
 * `close` renames that into PATH once the run has ended, either way (the rename is atomic on one
 * file system). A file already at PATH is removed first, so a process killed outright leaves only the
 * .partial file and nothing at PATH that could be taken for its result.
 */
import { appendFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { FictionError } from '../errors.js';
import type { ScoreResult } from '../tasks/score.js';

export type TrajectoryLine =
  | { type: 'message'; index: number; role: 'system' | 'user'; content: string }
  | {
      type: 'message';
      index: number;
      role: 'assistant';
      turn: number;
      content: string | null;
      tool_calls: { id: string; name: string; arguments: string }[];
      finish_reason: string | null;
    }
  | { type: 'tool_call'; turn: number; id: string; name: string; arguments: string }
  | { type: 'observation'; turn: number; tool_call_id: string; name: string; content: string; error: string | null }
  | ({ type: 'score'; world: string; task: string; model: string; turns: number; tool_calls: number; stop: StopReason; answer: string } & ScoreResult)
  | { type: 'incomplete'; world: string; task: string; model: string; turns: number; tool_calls: number; stop: 'error'; error: string };

/** Why the loop ended: the model answered, or ran out of turns. */
export type StopReason = 'answer' | 'max_turns';

export interface TrajectorySink {
  write(line: TrajectoryLine): void;
  /** The run has ended (finished or failed): a file sink puts its file in place. */
  close?(): void;
}

/** Lines kept in memory (and returned by the loop). */
export function memorySink(lines: TrajectoryLine[] = []): TrajectorySink & { lines: TrajectoryLine[] } {
  return { lines, write: (l) => void lines.push(l) };
}

/** Lines appended to PATH.<pid>.partial as they happen, renamed into `path` by `close`. */
export function fileSink(path: string): TrajectorySink & { readonly partialPath: string; close(): void } {
  const partialPath = `${path}.${process.pid}.partial`;
  const fail = (e: unknown) => new FictionError('IO', `cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, { cause: e });
  let closed = false;
  try {
    writeFileSync(partialPath, '');
    rmSync(path, { force: true });
  } catch (e) {
    throw fail(e);
  }
  return {
    partialPath,
    write(line) {
      try {
        appendFileSync(partialPath, `${JSON.stringify(line)}\n`);
      } catch (e) {
        throw fail(e);
      }
    },
    close() {
      if (closed) return;
      closed = true;
      try {
        renameSync(partialPath, path);
      } catch (e) {
        throw fail(e);
      }
    },
  };
}
