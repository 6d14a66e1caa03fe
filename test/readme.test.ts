/**
 * The README reproduces (issue 22): every ```console block runs, in README order, in one fresh folder,
 * and each command's stdout must be what the README shows under it (convention: test/readme-blocks.ts,
 * stated in the README). The README's first console block generates its 40-world demo batch, so the
 * examples run on exactly the worlds a reader gets.
 *
 * How a block runs: one bash script per block, in the shared folder (shell variables carry between the
 * commands of a block). `npx fictionworld` is this checkout's CLI from source (node --import tsx
 * src/cli/main.ts: no stale build), and port 8787 becomes a free loopback port (turned back into 8787 in
 * the output). Every command must exit 0. A server a block leaves running is ended with its block
 * (an EXIT trap kills the block's jobs).
 *
 * Refresh after a change of output: FICTIONWORLD_README_UPDATE=1 npx vitest run test/readme.test.ts
 * rewrites the expected output of every command that differs (lines that still match keep their README
 * form, `<varies>` and all) and still fails, so the diff gets read before it is committed.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';
import { consoleBlocks, outputMatches, refreshed, type ReadmeCommand } from './readme-blocks.js';

const REPO = resolve(import.meta.dirname, '..');
const README = join(REPO, 'README.md');
const TSX = pathToFileURL(join(REPO, 'node_modules/tsx/dist/loader.mjs')).href;
const MAIN = join(REPO, 'src/cli/main.ts');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The environment a reader's shell would have, without this machine's fictionworld settings. */
function readerEnv(bin: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('FICTIONWORLD_') && !k.startsWith('npm_') && k !== 'OPENAI_API_KEY') env[k] = v;
  return { ...env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1', FORCE_COLOR: '0' };
}

interface Ran {
  command: ReadmeCommand;
  stdout: string;
  stderr: string;
  code: number;
}

/** Run one console block's commands in `cwd`; each command's stdout, stderr and exit code. */
function runBlock(commands: ReadmeCommand[], cwd: string, outDir: string, bin: string, port: number): Ran[] {
  const sub = (t: string) => t.replace(/(?<=:|--port )8787\b/g, String(port));
  // A server the block leaves running (its `&` job) ends with the block, whatever happens to it.
  const script = [`trap 'kill $(jobs -p) 2>/dev/null' EXIT`, "trap 'exit 143' TERM INT", 'cd "$1" || exit 97'];
  commands.forEach((c, i) => {
    const o = join(outDir, String(i));
    script.push(`{ ${sub(c.text)}\n} >${q(`${o}.out`)} 2>${q(`${o}.err`)}; echo $? >${q(`${o}.rc`)}`);
  });
  const r = spawnSync('bash', ['-c', script.join('\n'), 'readme', cwd], { env: readerEnv(bin), timeout: 600_000, encoding: 'utf8' });
  if (r.error) throw r.error;
  const read = (f: string) => {
    try {
      return readFileSync(f, 'utf8');
    } catch {
      return '';
    }
  };
  return commands.map((command, i) => {
    const o = join(outDir, String(i));
    const back = (t: string) => t.replace(new RegExp(`(?<=(?:127\\.0\\.0\\.1|localhost):)${port}\\b`, 'g'), '8787');
    return { command, stdout: back(read(`${o}.out`)), stderr: read(`${o}.err`), code: Number(read(`${o}.rc`).trim() || 'NaN') };
  });
}

const root = tempDir('fw-readme-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('README console blocks', () => {
  const markdown = readFileSync(README, 'utf8');
  const blocks = consoleBlocks(markdown);

  it('has runnable examples, the demo batch first', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(blocks[0]!.commands[0]!.text).toMatch(/^npx fictionworld generate --count \d+ --seed 7 --out worlds$/);
  });

  it('every command prints what the README shows', { timeout: 1_800_000 }, async () => {
    const cwd = join(root, 'reader');
    const bin = join(root, 'bin');
    mkdirSync(cwd);
    mkdirSync(bin);
    // `npx fictionworld …` is this checkout's CLI from source; any other npx call is the real npx.
    const realNpx = spawnSync('bash', ['-c', 'command -v npx'], { encoding: 'utf8' }).stdout.trim();
    writeFileSync(
      join(bin, 'npx'),
      `#!/bin/sh\nif [ "$1" = fictionworld ]; then shift; exec ${q(process.execPath)} --import ${q(TSX)} ${q(MAIN)} "$@"; fi\nexec ${q(realNpx)} "$@"\n`,
    );
    chmodSync(join(bin, 'npx'), 0o755);
    const ran: Ran[] = [];
    for (const [b, block] of blocks.entries()) {
      const outDir = join(root, `out-${b}`);
      mkdirSync(outDir);
      ran.push(...runBlock(block.commands, cwd, outDir, bin, await freePort()));
    }
    const failures = ran.filter((r) => r.code !== 0 || !outputMatches(r.command.expected, r.stdout));
    if (failures.length > 0 && process.env.FICTIONWORLD_README_UPDATE === '1') {
      writeFileSync(
        README,
        refreshed(
          markdown,
          failures.filter((f) => f.code === 0).map((f) => ({ command: f.command, actual: f.stdout })),
        ),
      );
    }
    const report = failures.map(
      (f) =>
        `README line ${f.command.line + 1}: $ ${f.command.text}\n  exit ${f.code}\n  --- shown\n${f.command.expected.join('\n')}\n  --- printed\n${f.stdout}\n  --- stderr\n${f.stderr.slice(0, 2000)}`,
    );
    expect(report.join('\n\n')).toBe('');
    // What the README says of the guarded search for the answer itself: no result line states it.
    const guarded = ran.find((r) => r.command.text.includes("--task t01 'launched at $281'"));
    expect(guarded?.stdout.split('\n')[0]).toBe('Results for "launched at $281":');
    expect(
      guarded!.stdout
        .split('\n')
        .slice(1)
        .filter((l) => /\$281\b|\b281 (us )?dollars/i.test(l)),
    ).toEqual([]);
  });
});

describe('the README block convention', () => {
  const md = [
    'text',
    '```console',
    '$ echo one \\',
    '  two',
    'one two',
    '$ true',
    '```',
    '```sh',
    '$ not run',
    '```',
    '```console',
    '$ seq 5',
    '1',
    '…',
    '5',
    '```',
  ].join('\n');

  it('reads commands, continuation lines and expected output from console blocks only', () => {
    const blocks = consoleBlocks(md);
    expect(blocks.map((b) => b.commands.map((c) => [c.text, c.expected]))).toEqual([
      [
        ['echo one \\\n  two', ['one two']],
        ['true', []],
      ],
      [['seq 5', ['1', '…', '5']]],
    ]);
  });

  it('allows only what is marked: <varies> within a line, … for lines left out', () => {
    expect(outputMatches(['1000 worlds · <varies> s'], '1000 worlds · 22.7 s\n')).toBe(true);
    expect(outputMatches(['1000 worlds · <varies> s'], '999 worlds · 22.7 s\n')).toBe(false);
    expect(outputMatches(['a <varies>'], 'a 1\nb\n')).toBe(false);
    expect(outputMatches(['1', '…', '5'], '1\n2\n3\n4\n5\n')).toBe(true);
    expect(outputMatches(['1', '…', '5'], '1\n5\n')).toBe(true);
    expect(outputMatches(['1', '…', '5'], '1\n2\n')).toBe(false);
    expect(outputMatches(['x'], 'x   \n\n')).toBe(true);
    expect(outputMatches(['x', 'y'], 'x\n')).toBe(false);
    expect(outputMatches(['$1,478 (x)'], '$1,478 (x)')).toBe(true);
  });

  it('refreshes a changed output, keeping the lines that still match', () => {
    const src = ['```console', '$ gen', 'done in <varies> s', 'old line', '', '$ next', 'x', '```'].join('\n');
    const [cmd] = consoleBlocks(src)[0]!.commands;
    expect(refreshed(src, [{ command: cmd!, actual: 'done in 3.1 s\nnew line\n' }])).toBe(
      ['```console', '$ gen', 'done in <varies> s', 'new line', '', '$ next', 'x', '```'].join('\n'),
    );
  });

  it('refuses output before any command and an unclosed fence', () => {
    expect(() => consoleBlocks('```console\nstray\n```')).toThrow(/output before any/);
    expect(() => consoleBlocks('```console\n$ x\n')).toThrow(/never closes/);
  });
});
