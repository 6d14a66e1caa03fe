/**
 * The options of commands that run tool calls in one session over one world (`search`, `open`, `mcp`,
 * `agent`): the world, the task binding, the session seed, which URLs web_extractor opens (`--open`,
 * the session option declared in src/search/session.ts) and the perturbation flags, declared once.
 */
import type { Command } from 'commander';
import { locateWorld } from '../db/locate.js';
import { OPEN_POLICIES, OPEN_POLICY_DOC, parseOpenPolicy, type OpenPolicy } from '../search/session.js';
import { createSearchWorld, type SearchWorld } from '../search/world-index.js';
import { nonNegativeInt } from './options.js';
import { addPerturbationOptions } from './perturb-options.js';

export function addSessionOptions(cmd: Command, task: { required?: boolean; help: string }): Command {
  cmd.requiredOption('--world <world>', 'a .sqlite file or a world id in --worlds').option('--worlds <dir>', 'folder to look world ids up in', 'worlds');
  if (task.required) cmd.requiredOption('--task <id>', task.help);
  else cmd.option('--task <id>', task.help);
  cmd.option('--session-seed <n>', 'seed of the perturbation draws', nonNegativeInt('--session-seed'), 0);
  cmd.option(`--open <${OPEN_POLICIES.join('|')}>`, OPEN_POLICY_DOC, (v: string) => parseOpenPolicy(v));
  return addPerturbationOptions(cmd);
}

/** The session options the flags above give (the renderer and profile are the commands' own). */
export function sessionFromOptions(o: { task?: string; sessionSeed: number; open?: OpenPolicy }): { taskId: string | null; seed: number; open?: OpenPolicy } {
  return { taskId: o.task ?? null, seed: o.sessionSeed, ...(o.open ? { open: o.open } : {}) };
}

/** The world the options name, open for search. */
export function openSessionWorld(o: { world: string; worlds: string }): SearchWorld {
  return createSearchWorld(locateWorld(o.world, o.worlds));
}
