/** `score --world WORLD --task ID --answer TEXT`: the reward of one answer, with its parts. */
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { loadTasks } from '../../db/load.js';
import { locateWorld } from '../../db/locate.js';
import { openWorld } from '../../db/open.js';
import { FictionError } from '../../errors.js';
import { scoreAnswer, type ScoreResult } from '../../tasks/score.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';

function readAnswer(o: { answer?: string; answerFile?: string }): string {
  if (o.answer !== undefined && o.answerFile !== undefined) throw new FictionError('BAD_INPUT', 'give --answer or --answer-file, not both');
  if (o.answer !== undefined) return o.answer;
  if (o.answerFile === undefined) throw new FictionError('BAD_INPUT', 'missing --answer TEXT (or --answer-file FILE)');
  try {
    return readFileSync(o.answerFile, 'utf8');
  } catch (e) {
    throw new FictionError('NOT_FOUND', `cannot read ${o.answerFile}: ${(e as Error).message}`, { cause: e });
  }
}

export function formatScore(s: ScoreResult): string {
  const f = (x: number) => x.toFixed(3);
  const lines = [`reward ${f(s.reward)}  exact ${s.exact ? 'yes' : 'no'}  f1 ${f(s.f1)}  (${s.answerType}${s.matchedBy ? `, matched by ${s.matchedBy}` : ''})`];
  if (s.table) {
    const t = s.table;
    lines.push(`items: precision ${f(t.item.precision)}  recall ${f(t.item.recall)}  f1 ${f(t.item.f1)}`);
    lines.push(
      `rows:  precision ${f(t.row.precision)}  recall ${f(t.row.recall)}  f1 ${f(t.row.f1)}  (${t.matchedRows} of ${t.goldRows} matched, ${t.predictedRows} given)`,
    );
    lines.push(`success ${t.success ? 'yes' : 'no'}${t.missingColumns.length ? `  missing columns: ${t.missingColumns.join(', ')}` : ''}`);
  }
  if (s.reason) lines.push(`reason: ${s.reason}`);
  return `${lines.join('\n')}\n`;
}

export function registerScore(program: Command, io: Io): void {
  declareCommand(program, 'score')
    .requiredOption('--world <world>', 'a .sqlite file or a world id in --worlds')
    .option('--worlds <dir>', 'folder to look world ids up in', 'worlds')
    .requiredOption('--task <id>', 'task id, e.g. t03')
    .option('--answer <text>', "the agent's reply (the last <answer>…</answer> block is scored, if any)")
    .option('--answer-file <file>', 'read the reply from a file')
    .option('--json', 'print {"reward": …, …parts} as JSON', false)
    .action((o) => {
      const answer = readAnswer(o);
      const w = openWorld(locateWorld(o.world, o.worlds));
      let result: ScoreResult;
      try {
        const task = loadTasks(w).find((t) => t.id === o.task);
        if (!task) throw new FictionError('NOT_FOUND', `no task "${String(o.task).slice(0, 40)}" in world ${w.id}`);
        result = scoreAnswer(task, answer);
      } finally {
        w.db.close();
      }
      io.out(o.json ? `${JSON.stringify(result)}\n` : formatScore(result));
    });
}
