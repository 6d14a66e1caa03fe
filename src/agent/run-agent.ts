/**
 * The reference agent loop: a chat model with function calling against one world, in a session bound
 * to the task (so the leakage guard is on). The model gets the task's prompt messages and the two tool
 * definitions; each tool call runs through `callTool` and its observation goes back as a tool message;
 * the first assistant message without tool calls is the final reply, scored with `scoreAnswer` (the
 * last `<answer>…</answer>` block, if any). A call with bad arguments is answered with its one-line
 * error, as any tool server would. After `maxTurns` model calls the last reply is scored as it is.
 * A run that fails (the chat model unreachable, say) ends its trajectory with an `incomplete` line
 * giving the error, then throws it; the caller closes the sink either way.
 */
import { isFictionError } from '../errors.js';
import { callTool } from '../search/call-tool.js';
import type { Session } from '../search/session.js';
import { promptMessages } from '../tasks/agent-prompt.js';
import { scoreAnswer, type ScoreResult } from '../tasks/score.js';
import { openAiTools } from '../tools/definitions.js';
import type { Task } from '../world/types.js';
import type { AgentMessage, ChatModel } from './chat-model.js';
import { memorySink, type StopReason, type TrajectorySink } from './trajectory.js';

export const DEFAULT_MAX_TURNS = 20;

const oneLine = (e: unknown) =>
  String((e as Error)?.message ?? e)
    .split('\n')[0]!
    .slice(0, 300);

export interface AgentRunOptions {
  session: Session;
  task: Task;
  model: ChatModel;
  maxTurns?: number;
  sink?: TrajectorySink;
}

export interface AgentRun {
  reply: string;
  score: ScoreResult;
  turns: number;
  toolCalls: number;
  stop: StopReason;
}

export async function runAgent(opts: AgentRunOptions): Promise<AgentRun> {
  const { session, task, model } = opts;
  const maxTurns = opts.maxTurns ?? DEFAULT_MAX_TURNS;
  const sink = opts.sink ?? memorySink();
  const tools = openAiTools();
  const messages: AgentMessage[] = promptMessages(task).map((m) => ({ role: m.role as 'system' | 'user', content: m.content }));
  messages.forEach((m, index) => sink.write({ type: 'message', index, role: m.role as 'system' | 'user', content: (m as { content: string }).content }));
  let reply = '';
  let turns = 0;
  let toolCalls = 0;
  let stop: StopReason = 'max_turns';
  try {
    while (turns < maxTurns) {
      turns++;
      const turn = await model.next(messages, tools);
      reply = turn.content ?? '';
      const calls = turn.toolCalls;
      messages.push({
        role: 'assistant',
        content: turn.content,
        ...(calls.length > 0
          ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) }
          : {}),
      });
      sink.write({
        type: 'message',
        index: messages.length - 1,
        role: 'assistant',
        turn: turns,
        content: turn.content,
        tool_calls: calls,
        finish_reason: turn.finishReason,
      });
      if (calls.length === 0) {
        stop = 'answer';
        break;
      }
      for (const c of calls) {
        toolCalls++;
        sink.write({ type: 'tool_call', turn: turns, id: c.id, name: c.name, arguments: c.arguments });
        let content: string;
        let error: string | null = null;
        try {
          const r = await callTool(session, { name: c.name, arguments: c.arguments });
          content = r.text;
          error = r.error?.type ?? null;
        } catch (e) {
          if (!isFictionError(e) || e.code !== 'BAD_INPUT') throw e;
          content = `Error: ${e.message}`;
          error = 'bad_arguments';
        }
        messages.push({ role: 'tool', tool_call_id: c.id, content });
        sink.write({ type: 'observation', turn: turns, tool_call_id: c.id, name: c.name, content, error });
      }
    }
  } catch (e) {
    try {
      sink.write({
        type: 'incomplete',
        world: session.world.id,
        task: task.id,
        model: model.model,
        turns,
        tool_calls: toolCalls,
        stop: 'error',
        error: oneLine(e),
      });
    } catch {
      /* the sink itself failed: the error at hand says so */
    }
    throw e;
  }
  const score = scoreAnswer(task, reply);
  sink.write({ type: 'score', world: session.world.id, task: task.id, model: model.model, turns, tool_calls: toolCalls, stop, answer: reply, ...score });
  return { reply, score, turns, toolCalls, stop };
}
