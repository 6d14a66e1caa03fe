/**
 * The one declaration of each CLI command's name, one-line summary and arguments: the top-level help
 * lists a command from here (commands/index.ts, without loading its module), and the command's own
 * module creates itself from here (`declareCommand`), so neither repeats the other. A leaf: it imports
 * no command module (index.ts loads them, and a module importing index.ts would make a cycle).
 */
import type { Command } from 'commander';

export interface CommandSpec {
  summary: string;
  /** Positional arguments, in order: [commander syntax, help]. */
  args?: readonly (readonly [string, string])[];
  /** A command made of subcommands (no options of its own, no action). */
  group?: true;
}

export const COMMAND_SPECS = {
  generate: { summary: 'generate a reproducible batch of worlds' },
  themes: { summary: "list the registered themes, print one's spec, or draft a new one with a language model", group: true },
  validate: { summary: 're-check world files on disk and list every problem', args: [['<dir>', 'folder of worlds']] },
  inspect: {
    summary: 'summarise one world: theme, tables, sample facts, pages and tasks',
    args: [['<world>', 'a .sqlite file or a world id in --worlds']],
  },
  pages: { summary: "list a world's pages: URL, title, kind, date and words", args: [['<world>', 'a .sqlite file or a world id in --worlds']] },
  tasks: { summary: 'export tasks for trainers, or report on a batch of tasks', group: true },
  report: { summary: 'how much a batch reads like the web: prose shapes, page lengths, sites, names, dates, claims', args: [['<dir>', 'folder of worlds']] },
  score: { summary: "score an answer to a world's task: reward in [0, 1] with its parts" },
  tools: { summary: 'print the tool definitions (web_search, web_extractor) as JSON' },
  search: { summary: 'run one web_search call against a world; several queries make a batch', args: [['<query...>', 'search queries']] },
  open: { summary: "run one web_extractor call: print a world's page as Markdown", args: [['<url>', 'the page URL']] },
  audit: { summary: 'measure leak rates: related, unrelated and adversarial query suites, guard off and on' },
  serve: { summary: 'serve the worlds of a folder over HTTP: sessions, web_search/web_extractor, /retrieve (Search-R1) and /mcp' },
  mcp: { summary: 'serve web_search and web_extractor over MCP on stdio, in one session over one world' },
  oracle: {
    summary: 'solve every task of a batch with the oracle searcher (web_search and web_extractor only, guard on) and report solvability',
  },
  agent: { summary: 'run the reference agent loop: an OpenAI-compatible chat model with function calling solves one task' },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMAND_SPECS;

/** What the top-level help shows after a command's name, e.g. '[options] <dir>' ('' for a group). */
export function commandUsage(spec: CommandSpec): string {
  if (spec.group) return '';
  return ['[options]', ...(spec.args ?? []).map(([syntax]) => syntax)].join(' ');
}

/** `program.command(name)` with the summary and arguments declared above; the caller adds options and the action. */
export function declareCommand(program: Command, name: CommandName): Command {
  const spec: CommandSpec = COMMAND_SPECS[name];
  const cmd = program.command(name).description(spec.summary);
  for (const [syntax, help] of spec.args ?? []) cmd.argument(syntax, help);
  return cmd;
}
