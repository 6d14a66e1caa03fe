/**
 * The runner's edges: help without a command, a group without its subcommand, usage errors (one line,
 * exit 2, commander's suggestion kept), defaults shown once in every help, and a closed stdout.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import type { Io } from '../../src/cli/main.js';
import { cli, tempDir } from '../helpers.js';

const REPO = resolve(import.meta.dirname, '../..');

describe('fictionworld with no command, or a group without its subcommand', () => {
  it('no arguments: the help on stdout, exit 0', async () => {
    const r = await cli([]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^Usage: fictionworld \[options\] \[command\]\n/);
    expect(r.out).toContain('\nCommands:\n');
    expect(r.out).toContain('  pages [options] <world>');
  });

  it('`tasks`: its help on stderr, then the problem said plainly, exit 2', async () => {
    const r = await cli(['tasks']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^Usage: fictionworld tasks \[options\] \[command\]\n/);
    expect(r.err.trimEnd().split('\n').at(-1)).toBe('error: tasks needs a subcommand: export or report');
    expect(r.err).not.toContain('outputHelp');
  });

  it('`help NAME` of no command: the list on stderr, then that NAME is unknown, exit 2', async () => {
    const r = await cli(['help', 'frobnicate']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^Usage: fictionworld /);
    expect(r.err.trimEnd().split('\n').at(-1)).toBe("error: unknown command 'frobnicate' (the commands are listed above)");
  });

  it('asked for, help exits 0 on stdout', async () => {
    for (const args of [['--help'], ['help'], ['help', 'tasks'], ['tasks', '--help'], ['tasks', 'report', '--help'], ['--version']]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.err, args.join(' ')).toBe('');
      expect(r.out.length, args.join(' ')).toBeGreaterThan(0);
    }
  });
});

describe('usage errors', () => {
  it('show commander\'s "Did you mean" suggestion on the same line', async () => {
    const cmd = await cli(['generat']);
    expect(cmd.err).toBe("error: unknown command 'generat' (Did you mean generate?)\n");
    const opt = await cli(['themes', '--jsno']);
    expect(opt.err).toBe("error: unknown option '--jsno' (Did you mean --json?)\n");
  });

  it.each([
    ['unknown command', ['frobnicate']],
    ['unknown command, suggested', ['generat']],
    ['unknown option', ['themes', '--colour']],
    ['unknown top-level option', ['--colour']],
    ['unknown subcommand', ['tasks', 'exprt']],
    ['missing argument', ['inspect']],
    ['missing required option', ['generate']],
    ['missing option value', ['search', 'x', '--world']],
    ['too many arguments', ['inspect', 'a', 'b']],
    ['bad value', ['generate', '--count', 'x']],
    ['bad value of zero', ['oracle', '--sample', '0']],
    ['bad choice', ['tools', '--format', 'yaml']],
  ])('%s: one line on stderr, exit 2', async (_what, args) => {
    const r = await cli(args as string[]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^error: [^\n]+\n$/);
  });
});

describe('help', () => {
  it('shows each default once, in every command', async () => {
    const io: Io = { out: () => {}, err: () => {} };
    const program = new Command('fictionworld');
    for (const entry of COMMANDS) (await entry.load())(program, io);
    const all = [...program.commands, ...program.commands.flatMap((c) => c.commands)];
    for (const cmd of all)
      for (const opt of cmd.options) {
        const shown = `${opt.description} ${opt.defaultValue !== undefined ? `(default: ${JSON.stringify(opt.defaultValue)})` : ''}`;
        expect(shown.match(/\(default[ :]/g)?.length ?? 0, `${cmd.name()} ${opt.flags}: ${shown}`).toBeLessThanOrEqual(1);
      }
    expect(all.length).toBeGreaterThan(COMMANDS.length);
    expect((await cli(['audit', '--help'])).out).toMatch(/--workers <w> +worker threads \(default: 1\)\n/);
  });
});

/** Run the CLI in a child process whose `closed` stream has no reader from the start; the other one is collected. */
async function withClosed(closed: 'stdout' | 'stderr', args: string[]): Promise<{ code: number | null; text: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  child[closed].destroy(); // the reader went away before the first write (`… | head -0`)
  let text = '';
  child[closed === 'stdout' ? 'stderr' : 'stdout'].on('data', (d: Buffer) => {
    text += d.toString();
  });
  const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
  return { code, text };
}

describe('a closed pipe', () => {
  it('stdout: the process ends quietly (no EPIPE stack trace), exit 0', async () => {
    expect(await withClosed('stdout', ['themes', '--json'])).toEqual({ code: 0, text: '' });
  });

  it('stderr: progress and warnings go unsaid, the run goes on to its end', async () => {
    const out = join(tempDir('fw-closed-stderr-'), 'worlds');
    const r = await withClosed('stderr', ['generate', '--count', '3', '--seed', '4', '--themes', 'smartphones', '--out', out, '--workers', '2']);
    expect(r.code).toBe(0);
    expect(r.text).toMatch(/^3 worlds in .* \(3 generated, 0 already complete\)/);
    expect(readdirSync(out).filter((f) => f.endsWith('.sqlite'))).toHaveLength(3);
  });
});
