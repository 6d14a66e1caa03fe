/**
 * Every CLI command, in help order, as the top-level help lists it: its name, what follows the name in
 * that listing, and its one-line summary, all from the one declaration in table.ts (which each
 * command's module also creates itself from). Each command's own module declares its options and runs
 * it; it is imported only when that command is invoked (or its own help is asked for), so `fictionworld
 * --help` or `fictionworld themes` does not load the server, the renderers or world generation.
 * test/cli/lazy.test.ts checks each line here against what its module registers.
 */
import type { Command } from 'commander';
import type { Io } from '../main.js';
import { COMMAND_SPECS, type CommandName, commandUsage } from './table.js';

export type RegisterCommand = (program: Command, io: Io) => void;

export interface CommandEntry {
  name: CommandName;
  /** What the top-level help shows after the name, e.g. '[options] <dir>'. */
  usage: string;
  summary: string;
  load: () => Promise<RegisterCommand>;
}

/** Each command's module, loaded on demand, in help order. */
const LOADERS: Record<CommandName, () => Promise<RegisterCommand>> = {
  generate: async () => (await import('./generate.js')).registerGenerate,
  themes: async () => (await import('./themes.js')).registerThemes,
  validate: async () => (await import('./validate.js')).registerValidate,
  inspect: async () => (await import('./inspect.js')).registerInspect,
  pages: async () => (await import('./pages.js')).registerPages,
  tasks: async () => (await import('./tasks.js')).registerTasks,
  report: async () => (await import('./report.js')).registerReport,
  score: async () => (await import('./score.js')).registerScore,
  tools: async () => (await import('./tools.js')).registerTools,
  search: async () => (await import('./search.js')).registerSearch,
  open: async () => (await import('./open.js')).registerOpen,
  audit: async () => (await import('./audit.js')).registerAudit,
  serve: async () => (await import('./serve.js')).registerServe,
  mcp: async () => (await import('./mcp.js')).registerMcp,
  oracle: async () => (await import('./oracle.js')).registerOracle,
  agent: async () => (await import('./agent.js')).registerAgent,
};

export const COMMANDS: readonly CommandEntry[] = (Object.keys(LOADERS) as CommandName[]).map((name) => ({
  name,
  usage: commandUsage(COMMAND_SPECS[name]),
  summary: COMMAND_SPECS[name].summary,
  load: LOADERS[name],
}));
