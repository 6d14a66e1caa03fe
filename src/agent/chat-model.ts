/**
 * The agent's chat model: any OpenAI-compatible endpoint with function calling (vLLM, SGLang, hosted
 * APIs), through the same client as the world-model renderer (render/llm/openai.ts: the `openai` package
 * loaded on first use, its retries, one deadline per turn). One method: send the conversation and the
 * tools, get the assistant's message (its text and its tool calls). Failures become one-line UPSTREAM errors
 * that name the endpoint (its base URL, never the key) and what went wrong under the SDK's "Connection error.".
 */
import type OpenAI from 'openai';
import { FictionError } from '../errors.js';
import { chatCompletion, connectionDetail, DEFAULT_RETRIES, openAiEndpoint, shownUrl, withoutCredentials } from '../render/llm/openai.js';
import type { OpenAiTool } from '../tools/definitions.js';

export interface ToolCallRequest {
  id: string;
  name: string;
  /** The arguments as the model wrote them (a JSON string, not checked here). */
  arguments: string;
}

export interface AssistantTurn {
  content: string | null;
  toolCalls: ToolCallRequest[];
  finishReason: string | null;
}

/** A conversation message in the OpenAI chat format. */
export type AgentMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatModel {
  readonly model: string;
  next(messages: readonly AgentMessage[], tools: readonly OpenAiTool[]): Promise<AssistantTurn>;
  /** Let go of the connections (a run that ended); optional for models that hold none. */
  close?(): void;
}

export interface ChatModelOptions {
  baseUrl: string;
  model: string;
  apiKey?: string | null;
  /** Budget of one turn, retries included, in ms (default 10 minutes). */
  timeoutMs?: number;
  /** Extra attempts of a failed request (default DEFAULT_RETRIES: the renderer's policy). */
  retries?: number;
  temperature?: number;
}

const oneLine = (e: unknown) => withoutCredentials(String((e as Error)?.message ?? e).split('\n')[0]!).slice(0, 200);

export function createChatModel(opts: ChatModelOptions): ChatModel {
  const timeoutMs = opts.timeoutMs ?? 600_000;
  const url = shownUrl(opts.baseUrl);
  const endpoint = openAiEndpoint({ baseUrl: opts.baseUrl, apiKey: opts.apiKey, retries: opts.retries ?? DEFAULT_RETRIES, connections: 1, timeoutMs });
  return {
    model: opts.model,
    close: () => endpoint.close(),
    async next(messages, tools) {
      let res: OpenAI.Chat.Completions.ChatCompletion;
      try {
        res = await chatCompletion(
          endpoint,
          {
            model: opts.model,
            messages: [...messages] as OpenAI.Chat.Completions.ChatCompletionMessageParam[],
            // No tools, no tool_choice: servers refuse a tool_choice without tools (a plain completion, as `themes draft` asks).
            ...(tools.length > 0 ? { tools: [...tools] as unknown as OpenAI.Chat.Completions.ChatCompletionTool[], tool_choice: 'auto' as const } : {}),
            ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
          },
          AbortSignal.timeout(timeoutMs),
        );
      } catch (e) {
        const status = (e as { status?: unknown }).status;
        const http = typeof status === 'number';
        // The SDK's message of an HTTP error starts with the status, said once here.
        const timedOut = (e as { name?: unknown })?.name === 'TimeoutError';
        const why = timedOut
          ? `timed out: no answer within ${timeoutMs} ms`
          : (connectionDetail(e) ?? (http ? oneLine(e).replace(new RegExp(`^${status} `), '') : oneLine(e)));
        throw new FictionError('UPSTREAM', `chat model request to ${url} failed${http ? ` (HTTP ${status})` : ''}: ${why}`, { cause: e });
      }
      const choice = res?.choices?.[0];
      if (!choice?.message) throw new FictionError('UPSTREAM', 'chat model response has no choices[0].message');
      const toolCalls: ToolCallRequest[] = [];
      (choice.message.tool_calls ?? []).forEach((c, i) => {
        if (c.type === 'function') toolCalls.push({ id: c.id || `call_${i}`, name: c.function.name, arguments: c.function.arguments ?? '' });
      });
      return { content: choice.message.content ?? null, toolCalls, finishReason: choice.finish_reason ?? null };
    },
  };
}
