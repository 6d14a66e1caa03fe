/** `tools [--format openai|responses|mcp]`: the agent's tool definitions as JSON, derived from their one declaration. */
import type { Command } from 'commander';
import { FictionError } from '../../errors.js';
import { TOOL_FORMATS, toolDefinitions, type ToolFormat } from '../../tools/definitions.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';

export function registerTools(program: Command, io: Io): void {
  declareCommand(program, 'tools')
    .option('--format <format>', `${TOOL_FORMATS.join(', ')}: OpenAI Chat Completions tools, OpenAI Responses API tools, or the MCP tool listing`, 'openai')
    .action((o) => {
      if (!(TOOL_FORMATS as readonly string[]).includes(o.format))
        throw new FictionError('BAD_INPUT', `unknown --format "${String(o.format).slice(0, 20)}" (known: ${TOOL_FORMATS.join(', ')})`);
      io.out(`${JSON.stringify(toolDefinitions(o.format as ToolFormat), null, 2)}\n`);
    });
}
