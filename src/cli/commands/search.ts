/** `search --world WORLD [--task ID] [--page N] [--json] QUERY…`: one web_search call (several QUERY arguments: a batch). */
import type { Command } from 'commander';
import { locateWorld } from '../../db/locate.js';
import { callTool } from '../../search/call-tool.js';
import { createSession } from '../../search/session.js';
import { createSearchWorld } from '../../search/world-index.js';
import type { Io } from '../main.js';
import { nonNegativeInt, positiveInt } from '../options.js';
import { addPerturbationOptions, profileFromOptions } from '../perturb-options.js';
import { addLlmOptions, closeRenderer, rendererFromOptions } from '../llm-options.js';

export function registerSearch(program: Command, io: Io): void {
  const cmd = program
    .command('search')
    .description('run one web_search call against a world; several queries make a batch')
    .argument('<query...>', 'search queries')
    .requiredOption('--world <world>', 'a .sqlite file or a world id in --worlds')
    .option('--worlds <dir>', 'folder to look world ids up in', 'worlds')
    .option('--task <id>', 'bind the session to a task (turns the leakage guard on)')
    .option('--page <n>', 'result page', positiveInt('--page'), 1)
    .option('--json', 'print the observation as JSON', false)
    .option('--session-seed <n>', 'seed of the perturbation draws', nonNegativeInt('--session-seed'), 0)
    .option('--renderer <name>', 'renderer of the results (template, llm)', 'template');
  addPerturbationOptions(addLlmOptions(cmd)).action(async (queries: string[], o) => {
    const profile = profileFromOptions(o);
    const renderer = rendererFromOptions(o);
    const world = createSearchWorld(locateWorld(o.world, o.worlds));
    try {
      const session = createSession(world, { taskId: o.task ?? null, seed: o.sessionSeed, profile, renderer });
      const args = queries.length === 1 ? { query: queries[0], page: o.page } : { queries, page: o.page };
      const result = await callTool(session, { name: 'web_search', arguments: args });
      io.out(o.json ? `${JSON.stringify(result.json, null, 2)}\n` : `${result.text}\n`);
    } finally {
      world.close();
      closeRenderer(renderer);
    }
  });
}
