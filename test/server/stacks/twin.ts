/** A twin of a server session for the stack tests: the core's own session over the same world and task, called with callTool directly. */
import { join } from 'node:path';
import { createSession } from '../../../src/compose.js';
import { callTool, type ToolResult } from '../../../src/search/call-tool.js';
import type { ToolCall } from '../../../src/search/tool-args.js';
import { createSearchWorld } from '../../../src/search/world-index.js';

export interface Twin {
  call(call: ToolCall): Promise<ToolResult>;
  close(): void;
}

export function twin(dir: string, world: string, task: string | null): Twin {
  const w = createSearchWorld(join(dir, `${world}.sqlite`));
  const session = createSession(w, { taskId: task });
  return { call: (c) => callTool(session, c), close: () => w.close() };
}
