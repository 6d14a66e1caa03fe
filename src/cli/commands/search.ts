/**
 * `search --world WORLD [--task ID] [--page N] [--json] [--show-meta] QUERY…`: one web_search call
 * (several QUERY arguments: a batch). `--show-meta` adds one line on stderr: the renderer that answered,
 * why a world model fell back, the timings (never part of the observation, which stays on stdout).
 */
import type { Command } from 'commander';
import { callTool } from '../../search/call-tool.js';
import { createSession } from '../../compose.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';
import { positiveInt } from '../options.js';
import { profileFromOptions } from '../perturb-options.js';
import { addSessionOptions, openSessionWorld, sessionFromOptions } from '../session-options.js';
import { addLlmOptions, closeRenderer, rendererFromOptions } from '../llm-options.js';
import { formatMeta } from '../show-meta.js';

export function registerSearch(program: Command, io: Io): void {
  const cmd = declareCommand(program, 'search')
    .option('--page <n>', 'result page', positiveInt('--page'), 1)
    .option('--json', 'print the observation as JSON', false)
    .option('--show-meta', "print the renderer that answered, a fallback's reason and the timings on stderr", false)
    .option('--renderer <name>', 'renderer of the results (template, llm)', 'template');
  addSessionOptions(addLlmOptions(cmd), { help: 'bind the session to a task (turns the leakage guard on)' }).action(async (queries: string[], o) => {
    const profile = profileFromOptions(o);
    const renderer = await rendererFromOptions(o, io.err);
    const world = openSessionWorld(o);
    try {
      const session = createSession(world, { ...sessionFromOptions(o), profile, renderer });
      const args = queries.length === 1 ? { query: queries[0], page: o.page } : { queries, page: o.page };
      const result = await callTool(session, { name: 'web_search', arguments: args });
      io.out(o.json ? `${JSON.stringify(result.json, null, 2)}\n` : `${result.text}\n`);
      if (o.showMeta) io.err(formatMeta(result.meta));
    } finally {
      world.close();
      closeRenderer(renderer);
    }
  });
}
