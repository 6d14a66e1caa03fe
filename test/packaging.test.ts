/**
 * The package installs (issue 22): a packed tarball installed in another folder has a working
 * `fictionworld` bin, and the README's MCP client configuration starts from any working directory.
 *
 * Steps: build (tsc, as `npm pack`'s `prepare` would), `npm pack` into a temp folder, `npm install` the
 * tarball into another temp folder, run the installed bin from a third folder. The install resolves
 * dependencies from the npm cache that `npm ci` filled (`--prefer-offline`: tarballs from the cache, only
 * package metadata from the registry) and skips install scripts (`--ignore-scripts`): compiling
 * better-sqlite3 again would take minutes, so its native addon is copied from this checkout's
 * node_modules, the same version (checked), which is what its install script would have built.
 */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string>; files: string[] };

/** This process's environment without the npm_* settings an enclosing `npm test` exports. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('npm_') || k === 'npm_config_cache') env[k] = v;
  return env;
}

const sh = (cmd: string, args: string[], cwd: string, timeout = 300_000) => run(cmd, args, { cwd, env: cleanEnv(), timeout, maxBuffer: 64 << 20 });

const root = tempDir('fw-pack-');
const packDir = join(root, 'pack');
const installDir = join(root, 'consumer');
const elsewhere = join(root, 'elsewhere');
let tarball = '';
let installedBin = '';

beforeAll(async () => {
  for (const d of [packDir, installDir, elsewhere]) mkdirSync(d);
  await sh(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], REPO);
  const packed = await sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], REPO);
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = join(packDir, info!.filename);
  writeFileSync(join(installDir, 'package.json'), `${JSON.stringify({ name: 'consumer', version: '1.0.0', private: true })}\n`);
  await sh('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', tarball], installDir, 420_000);
  const version = (dir: string) => (JSON.parse(readFileSync(join(dir, 'node_modules/better-sqlite3/package.json'), 'utf8')) as { version: string }).version;
  expect(version(installDir)).toBe(version(REPO));
  const addon = 'node_modules/better-sqlite3/build/Release';
  mkdirSync(join(installDir, addon), { recursive: true });
  copyFileSync(join(REPO, addon, 'better_sqlite3.node'), join(installDir, addon, 'better_sqlite3.node'));
  installedBin = join(installDir, 'node_modules/.bin/fictionworld');
}, 600_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm pack, then npm install of the tarball elsewhere', () => {
  it('packs the bin, the compiled CLI, schemas and prompts, and no tests or benchmarks', async () => {
    const { stdout } = await sh('tar', ['-tzf', tarball], root);
    const files = stdout.split('\n').filter(Boolean);
    for (const f of [
      `package/${pkg.bin.fictionworld}`,
      'package/dist/src/cli/main.js',
      'package/dist/src/index.js',
      'package/schemas/openapi.json',
      'package/package.json',
    ])
      expect(files).toContain(f);
    expect(files.some((f) => f.startsWith('package/prompts/'))).toBe(true);
    expect(files.filter((f) => /^package\/(dist\/)?(test|bench)\//.test(f))).toEqual([]);
  });

  it('runs `fictionworld --version` from another directory', async () => {
    const direct = await sh(installedBin, ['--version'], elsewhere);
    expect(direct.stdout.trim()).toBe(pkg.version);
    const viaNpx = await sh('npx', ['--offline', 'fictionworld', '--version'], installDir);
    expect(viaNpx.stdout.trim()).toBe(pkg.version);
  });

  it('generates and searches a world with the installed package', async () => {
    await sh(installedBin, ['generate', '--count', '1', '--seed', '7', '--out', 'worlds'], elsewhere);
    const file = join(elsewhere, 'worlds/w7-000000.sqlite');
    // The query is the world's own first question, so it matches whatever the generator now writes.
    const db = new Database(file, { readonly: true });
    const question = db.prepare('SELECT question FROM tasks ORDER BY id LIMIT 1').pluck().get() as string;
    const urls = new Set(db.prepare('SELECT url FROM documents').pluck().all() as string[]);
    db.close();
    const { stdout } = await sh(installedBin, ['search', '--world', 'worlds/w7-000000.sqlite', question], elsewhere);
    const [head, first] = stdout.split('\n');
    expect(head).toBe(`Results for "${question}":`);
    expect(first).toMatch(/^\[1\] https:\/\//);
    expect(urls.has(first!.slice('[1] '.length))).toBe(true);
    // The installed package answers exactly as this checkout does.
    const here = await sh(process.execPath, [join(REPO, pkg.bin.fictionworld!), 'search', '--world', 'worlds/w7-000000.sqlite', question], elsewhere);
    expect(stdout).toBe(here.stdout);
  });
});

describe("the README's MCP client configuration", () => {
  it('starts from any working directory and serves the two tools', async () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const block = [...readme.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => m[1]!).find((b) => b.includes('"mcpServers"'));
    expect(block).toBeDefined();
    const text = block!.replaceAll('/path/to/fictionworld', REPO).replaceAll('/path/to/worlds', join(elsewhere, 'worlds'));
    const server = (JSON.parse(text) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers.fictionworld!;
    expect(server.args).toContain('w7-000000');
    // The world the configuration names: generated by the previous describe's installed bin, or here.
    await sh(installedBin, ['generate', '--count', '1', '--seed', '7', '--out', 'worlds'], elsewhere);
    const transport = new StdioClientTransport({ command: server.command, args: server.args, cwd: root, stderr: 'pipe' });
    const client = new Client({ name: 'fictionworld-readme', version: '0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['web_search', 'web_extractor']);
      const r = await client.callTool({ name: 'web_search', arguments: { query: 'biortriaxsant max17 launch price' } });
      const content = r.content as { type: string; text: string }[];
      expect(content[0]!.text.split('\n')[0]).toBe('Results for "biortriaxsant max17 launch price":');
    } finally {
      await client.close();
    }
  });
});
