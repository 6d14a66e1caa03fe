/**
 * Every CLI command, in help order, as the top-level help lists it: its name, what follows the name in
 * that listing, and its one-line summary. Each command's own module declares its options and runs it;
 * it is imported only when that command is invoked (or its own help is asked for), so `fictionworld
 * --help` or `fictionworld themes` does not load the server, the renderers or world generation.
 * test/cli/lazy.test.ts checks each line here against what its module registers.
 */
import type { Command } from 'commander';
import type { Io } from '../main.js';

export type RegisterCommand = (program: Command, io: Io) => void;

export interface CommandEntry {
  name: string;
  /** What the top-level help shows after the name, e.g. '[options] <dir>'. */
  usage: string;
  summary: string;
  load: () => Promise<RegisterCommand>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'generate',
    usage: '[options]',
    summary: 'generate a reproducible batch of worlds',
    load: async () => (await import('./generate.js')).registerGenerate,
  },
  {
    name: 'themes',
    usage: '[options]',
    summary: 'list the registered themes with their tables',
    load: async () => (await import('./themes.js')).registerThemes,
  },
  {
    name: 'validate',
    usage: '[options] <dir>',
    summary: 're-check world files on disk and list every problem',
    load: async () => (await import('./validate.js')).registerValidate,
  },
  {
    name: 'inspect',
    usage: '[options] <world>',
    summary: 'summarise one world: theme, tables, sample facts, pages and tasks',
    load: async () => (await import('./inspect.js')).registerInspect,
  },
  {
    name: 'tasks',
    usage: '',
    summary: 'export tasks for trainers, or report on a batch of tasks',
    load: async () => (await import('./tasks.js')).registerTasks,
  },
  {
    name: 'score',
    usage: '[options]',
    summary: "score an answer to a world's task: reward in [0, 1] with its parts",
    load: async () => (await import('./score.js')).registerScore,
  },
  {
    name: 'tools',
    usage: '[options]',
    summary: 'print the tool definitions (web_search, web_extractor) as JSON',
    load: async () => (await import('./tools.js')).registerTools,
  },
  {
    name: 'search',
    usage: '[options] <query...>',
    summary: 'run one web_search call against a world; several queries make a batch',
    load: async () => (await import('./search.js')).registerSearch,
  },
  {
    name: 'open',
    usage: '[options] <url>',
    summary: "run one web_extractor call: print a world's page as Markdown",
    load: async () => (await import('./open.js')).registerOpen,
  },
  {
    name: 'audit',
    usage: '[options]',
    summary: 'measure leak rates: related, unrelated and adversarial query suites, guard off and on',
    load: async () => (await import('./audit.js')).registerAudit,
  },
  {
    name: 'serve',
    usage: '[options]',
    summary: 'serve the worlds of a folder over HTTP: sessions, web_search/web_extractor, /retrieve (Search-R1) and /mcp',
    load: async () => (await import('./serve.js')).registerServe,
  },
  {
    name: 'mcp',
    usage: '[options]',
    summary: 'serve web_search and web_extractor over MCP on stdio, in one session over one world',
    load: async () => (await import('./mcp.js')).registerMcp,
  },
  {
    name: 'oracle',
    usage: '[options]',
    summary: 'solve every task of a batch with the oracle searcher (web_search and web_extractor only, guard on) and report solvability',
    load: async () => (await import('./oracle.js')).registerOracle,
  },
  {
    name: 'agent',
    usage: '[options]',
    summary: 'run the reference agent loop: an OpenAI-compatible chat model with function calling solves one task',
    load: async () => (await import('./agent.js')).registerAgent,
  },
];
