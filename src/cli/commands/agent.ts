/**
 * `agent --world WORLD --task ID --llm-base-url URL --llm-model M [--llm-api-key K] [--max-turns N]
 * [--out FILE]`: the reference agent loop. Drives an OpenAI-compatible chat model with function calling
 * against the world, in a session bound to the task (guard on), scores the final answer and writes the
 * trajectory as JSONL (to FILE, or to stdout when no --out is given). FILE appears only when the run
 * has ended (agent/trajectory.ts): with a `score` line last, or, when the run failed, an `incomplete` line.
 */
import type { Command } from 'commander';
import { createChatModel } from '../../agent/chat-model.js';
import { DEFAULT_MAX_TURNS, runAgent, type AgentRun } from '../../agent/run-agent.js';
import { fileSink, type TrajectoryLine, type TrajectorySink } from '../../agent/trajectory.js';
import { FictionError } from '../../errors.js';
import { createSession } from '../../compose.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';
import { positiveInt } from '../options.js';
import { profileFromOptions } from '../perturb-options.js';
import { addSessionOptions, openSessionWorld, sessionFromOptions } from '../session-options.js';
import { formatScore } from './score.js';

/** The endpoint settings: flags first, then FICTIONWORLD_LLM_BASE_URL, FICTIONWORLD_LLM_MODEL, OPENAI_API_KEY. */
export function agentEndpoint(o: { llmBaseUrl?: string; llmModel?: string; llmApiKey?: string }, env: NodeJS.ProcessEnv = process.env) {
  const baseUrl = o.llmBaseUrl ?? env.FICTIONWORLD_LLM_BASE_URL;
  const model = o.llmModel ?? env.FICTIONWORLD_LLM_MODEL;
  if (!baseUrl) throw new FictionError('BAD_INPUT', 'missing --llm-base-url URL (or FICTIONWORLD_LLM_BASE_URL)');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new FictionError('BAD_INPUT', `--llm-base-url must be an http(s) URL, got "${baseUrl.slice(0, 80)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FictionError('BAD_INPUT', `--llm-base-url must be an http(s) URL, got "${baseUrl.slice(0, 80)}"`);
  if (!model || model.trim() === '') throw new FictionError('BAD_INPUT', 'missing --llm-model M (or FICTIONWORLD_LLM_MODEL)');
  return { baseUrl, model, apiKey: o.llmApiKey ?? env.OPENAI_API_KEY ?? null };
}

export function registerAgent(program: Command, io: Io): void {
  const cmd = declareCommand(program, 'agent')
    .option('--llm-base-url <url>', 'OpenAI-compatible endpoint, e.g. http://localhost:8000/v1 (or FICTIONWORLD_LLM_BASE_URL)')
    .option('--llm-model <name>', 'model name (or FICTIONWORLD_LLM_MODEL)')
    .option('--llm-api-key <key>', 'API key (or OPENAI_API_KEY; none needed by most local servers)')
    .option('--max-turns <n>', 'most model calls', positiveInt('--max-turns'), DEFAULT_MAX_TURNS)
    .option('--out <file>', 'write the trajectory JSONL here, in place when the run ends (default: stdout)')
    .option('--json', 'with --out: print the score as JSON', false);
  addSessionOptions(cmd, { required: true, help: 'task id, e.g. t03 (binds the session: the leakage guard is on)' }).action(async (o) => {
    const endpoint = agentEndpoint(o);
    const profile = profileFromOptions(o);
    const world = openSessionWorld(o);
    try {
      const session = createSession(world, { ...sessionFromOptions(o), profile });
      const task = world.task(o.task)!;
      const model = createChatModel(endpoint);
      const sink: TrajectorySink = o.out !== undefined ? fileSink(o.out) : { write: (l: TrajectoryLine) => io.out(`${JSON.stringify(l)}\n`) };
      let run: AgentRun;
      try {
        run = await runAgent({ session, task, model, maxTurns: o.maxTurns, sink });
      } catch (e) {
        model.close?.();
        try {
          sink.close?.(); // the trajectory, ended by its `incomplete` line, goes in place all the same
        } catch {
          /* the run's own error is the one to report */
        }
        throw e;
      }
      model.close?.();
      sink.close?.();
      if (o.out !== undefined) {
        const head = `${run.stop === 'answer' ? 'answered' : 'stopped at --max-turns'} after ${run.turns} turns, ${run.toolCalls} tool calls; trajectory in ${o.out}\n`;
        io.out(o.json ? `${JSON.stringify({ ...run.score, turns: run.turns, toolCalls: run.toolCalls, stop: run.stop })}\n` : head + formatScore(run.score));
      }
    } finally {
      world.close();
    }
  });
}
