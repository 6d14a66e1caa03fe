/** `open --world WORLD [--task ID] [--json] [--show-meta] URL`: one web_extractor call (`--show-meta`: as for `search`). */
import type { Command } from 'commander';
import { callTool } from '../../search/call-tool.js';
import { createSession } from '../../compose.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';
import { profileFromOptions } from '../perturb-options.js';
import { addSessionOptions, openSessionWorld, sessionFromOptions } from '../session-options.js';
import { formatMeta } from '../show-meta.js';

export function registerOpen(program: Command, io: Io): void {
  const cmd = declareCommand(program, 'open')
    .option('--json', 'print the observation as JSON', false)
    .option('--show-meta', 'print where the page came from and the timings on stderr', false);
  addSessionOptions(cmd, { help: 'bind the session to a task' }).action(async (url: string, o) => {
    const profile = profileFromOptions(o);
    const world = openSessionWorld(o);
    try {
      const session = createSession(world, { ...sessionFromOptions(o), profile });
      const result = await callTool(session, { name: 'web_extractor', arguments: { url } });
      io.out(o.json ? `${JSON.stringify(result.json, null, 2)}\n` : `${result.text}\n`);
      if (o.showMeta) io.err(formatMeta(result.meta));
    } finally {
      world.close();
    }
  });
}
