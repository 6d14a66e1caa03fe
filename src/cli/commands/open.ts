/** `open --world WORLD [--task ID] [--json] URL`: one web_extractor call. */
import type { Command } from 'commander';
import { locateWorld } from '../../db/locate.js';
import { callTool } from '../../search/call-tool.js';
import { createSession } from '../../search/session.js';
import { createSearchWorld } from '../../search/world-index.js';
import type { Io } from '../main.js';
import { nonNegativeInt } from '../options.js';
import { addPerturbationOptions, profileFromOptions } from '../perturb-options.js';

export function registerOpen(program: Command, io: Io): void {
  const cmd = program
    .command('open')
    .description("run one web_extractor call: print a world's page as Markdown")
    .argument('<url>', 'the page URL')
    .requiredOption('--world <world>', 'a .sqlite file or a world id in --worlds')
    .option('--worlds <dir>', 'folder to look world ids up in', 'worlds')
    .option('--task <id>', 'bind the session to a task')
    .option('--json', 'print the observation as JSON', false)
    .option('--session-seed <n>', 'seed of the perturbation draws', nonNegativeInt('--session-seed'), 0);
  addPerturbationOptions(cmd).action(async (url: string, o) => {
    const profile = profileFromOptions(o);
    const world = createSearchWorld(locateWorld(o.world, o.worlds));
    try {
      const session = createSession(world, { taskId: o.task ?? null, seed: o.sessionSeed, profile });
      const result = await callTool(session, { name: 'web_extractor', arguments: { url } });
      io.out(o.json ? `${JSON.stringify(result.json, null, 2)}\n` : `${result.text}\n`);
    } finally {
      world.close();
    }
  });
}
