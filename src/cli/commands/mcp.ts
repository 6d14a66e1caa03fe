/** `mcp --worlds DIR --world WORLD [--task ID] [--profile FILE]`: web_search and web_extractor over MCP on stdio, one session. */
import type { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { callTool } from '../../search/call-tool.js';
import { createSession } from '../../compose.js';
import { checkCallLimits, DEFAULT_LIMITS } from '../../server/limits.js';
import { createToolServer } from '../../server/mcp-tools.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';
import { profileFromOptions } from '../perturb-options.js';
import { addSessionOptions, openSessionWorld, sessionFromOptions } from '../session-options.js';
import { addLlmOptions, closeRenderer, rendererFromOptions } from '../llm-options.js';

export function registerMcp(program: Command, io: Io): void {
  const cmd = declareCommand(program, 'mcp').option('--renderer <name>', 'renderer of the results (template, llm)', 'template');
  addSessionOptions(addLlmOptions(cmd), { help: 'bind the session to a task (turns the leakage guard on)' }).action(async (o) => {
    // stdout carries the protocol: nothing else may be written there.
    const profile = profileFromOptions(o);
    const renderer = await rendererFromOptions(o, io.err);
    const world = openSessionWorld(o);
    try {
      const session = createSession(world, { ...sessionFromOptions(o), profile, renderer });
      const server = createToolServer(async (call) => {
        checkCallLimits(call, DEFAULT_LIMITS);
        return callTool(session, call);
      });
      const transport = new StdioServerTransport();
      const closed = new Promise<void>((resolve) => {
        transport.onclose = () => resolve();
        process.stdin.once('end', () => void server.close().then(resolve, resolve));
        process.once('SIGTERM', () => void server.close().then(resolve, resolve));
      });
      await server.connect(transport);
      process.stderr.write(
        `${JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'mcp on stdio', world: world.id, task: session.taskId })}\n`,
      );
      await closed;
    } finally {
      world.close();
      closeRenderer(renderer);
    }
  });
}
