/** `mcp --worlds DIR --world WORLD [--task ID] [--profile FILE]`: web_search and web_extractor over MCP on stdio, one session. */
import type { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { locateWorld } from '../../db/locate.js';
import { callTool } from '../../search/call-tool.js';
import { createSession } from '../../search/session.js';
import { createSearchWorld } from '../../search/world-index.js';
import { checkCallLimits, DEFAULT_LIMITS } from '../../server/limits.js';
import { createToolServer } from '../../server/mcp-tools.js';
import type { Io } from '../main.js';
import { nonNegativeInt } from '../options.js';
import { addPerturbationOptions, profileFromOptions } from '../perturb-options.js';
import { addLlmOptions, closeRenderer, rendererFromOptions } from '../llm-options.js';

export function registerMcp(program: Command, _io: Io): void {
  const cmd = program
    .command('mcp')
    .description('serve web_search and web_extractor over MCP on stdio, in one session over one world')
    .requiredOption('--world <world>', 'a .sqlite file or a world id in --worlds')
    .option('--worlds <dir>', 'folder to look world ids up in', 'worlds')
    .option('--task <id>', 'bind the session to a task (turns the leakage guard on)')
    .option('--session-seed <n>', 'seed of the perturbation draws', nonNegativeInt('--session-seed'), 0)
    .option('--renderer <name>', 'renderer of the results (template, llm)', 'template');
  addPerturbationOptions(addLlmOptions(cmd)).action(async (o) => {
    // stdout carries the protocol: nothing else may be written there.
    const profile = profileFromOptions(o);
    const renderer = rendererFromOptions(o);
    const world = createSearchWorld(locateWorld(o.world, o.worlds));
    try {
      const session = createSession(world, { taskId: o.task ?? null, seed: o.sessionSeed, profile, renderer });
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
      process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'mcp on stdio', world: world.id, task: session.taskId })}\n`);
      await closed;
    } finally {
      world.close();
      closeRenderer(renderer);
    }
  });
}
