/**
 * CLI commands load lazily: the top-level help is built from the command list alone, and a command's
 * module (with what it imports) is loaded only when that command runs.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import type { Io } from '../../src/cli/main.js';
import { cli, tempDir } from '../helpers.js';

const REPO = resolve(import.meta.dirname, '../..');

/** The repository's own modules (paths under src/) that `fictionworld ...args` loads, in load order. */
function loadedModules(args: string[]): string[] {
  const dir = tempDir('fw-lazy-');
  const log = join(dir, 'modules.txt');
  writeFileSync(log, '');
  const hook = join(dir, 'hook.mjs');
  writeFileSync(
    hook,
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);
  execFileSync(process.execPath, ['--import', 'tsx', '--import', pathToFileURL(register).href, 'src/cli/main.ts', ...args], { cwd: REPO, stdio: 'pipe' });
  const src = `${pathToFileURL(join(REPO, 'src')).href}/`;
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((u) => u.startsWith(src))
    .map((u) => u.slice(src.length));
}

describe('lazy CLI commands', () => {
  it('lists every command exactly as its own module declares it', async () => {
    const io: Io = { out: () => {}, err: () => {} };
    const help = new Help();
    for (const entry of COMMANDS) {
      const program = new Command('fictionworld');
      (await entry.load())(program, io);
      expect(
        program.commands.map((c) => c.name()),
        entry.name,
      ).toEqual([entry.name]);
      const cmd = program.commands[0]!;
      expect(entry.summary, entry.name).toBe(cmd.description());
      expect(entry.usage ? `${entry.name} ${entry.usage}` : entry.name).toBe(help.subcommandTerm(cmd));
    }
  });

  it('declares each summary and argument once, in commands/table.ts', () => {
    const sources = readdirSync(join(REPO, 'src/cli/commands'))
      .filter((f) => f.endsWith('.ts') && f !== 'table.ts')
      .map((f) => ({ f, text: readFileSync(join(REPO, 'src/cli/commands', f), 'utf8') }));
    // generate.ts and validate.ts still repeat theirs (the test above keeps them equal to the table).
    for (const entry of COMMANDS.filter((c) => c.name !== 'generate' && c.name !== 'validate')) {
      const repeating = sources.filter((s) => s.text.includes(entry.summary)).map((s) => s.f);
      expect(repeating, entry.name).toEqual([]);
      expect(readFileSync(join(REPO, `src/cli/commands/${entry.name}.ts`), 'utf8'), entry.name).toContain(`declareCommand(program, '${entry.name}')`);
    }
  });

  it('prints the same top-level help as a program with every command loaded', async () => {
    const eager = new Command('fictionworld').description('Fictional worlds for training and evaluating LLM search agents').version('x');
    for (const entry of COMMANDS) (await entry.load())(eager, { out: () => {}, err: () => {} });
    const commandsPart = (text: string) => text.slice(text.indexOf('Commands:'));
    const lazy = await cli(['--help']);
    expect(lazy.code).toBe(0);
    expect(commandsPart(lazy.out)).toBe(commandsPart(eager.helpInformation()));
    // An unknown command still gets a clear error, and the invoked one still runs.
    expect((await cli(['themse'])).err).toBe("error: unknown command 'themse' (Did you mean themes?)\n");
    expect((await cli(['themes'])).out).toMatch(/^\d+ themes; task kinds: /m);
  });

  it('`--help` loads no command module; `themes` loads only its own and the theme registry', () => {
    const help = loadedModules(['--help']);
    expect(help.sort()).toEqual(['cli/commands/index.ts', 'cli/commands/table.ts', 'cli/main.ts', 'errors.ts', 'world/types.ts']);
    const themes = loadedModules(['themes']);
    expect(themes).toContain('cli/commands/themes.ts');
    expect(themes).toContain('themes/registry.ts');
    for (const m of themes)
      expect(m, m).toMatch(
        /^(cli\/main|cli\/options|cli\/commands\/(index|table|themes)|errors|format|util\/bounded-cache|text\/regex|world\/(types|invariants)|themes\/[\w/-]+|names\/[\w/-]+)\.ts$/,
      );
    // Neither loads the server, the renderers, the audit, the search core or world generation.
    for (const m of [...help, ...themes]) expect(m, m).not.toMatch(/^(server|render|audit|search|leakage|oracle|agent|db)\/|^world\/(generate|batch)/);
  });
});
