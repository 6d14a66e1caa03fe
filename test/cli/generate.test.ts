import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers.js';

describe('generate / validate / inspect / themes commands', () => {
  it('generates, validates and inspects a small batch', async () => {
    const dir = tempDir();
    const g = await cli(['generate', '--count', '3', '--seed', '7', '--out', dir, '--workers', '1', '--quiet']);
    expect(g.code).toBe(0);
    expect(g.out).toMatch(/^3 worlds in .* \(3 generated, 0 already complete\) · \d+ facts · \d+ tasks · \d+ themes · [\d.]+ s\n$/);
    const v = await cli(['validate', dir]);
    expect(v.code).toBe(0);
    expect(v.out).toContain('3 worlds checked, 0 problems');
    const i = await cli(['inspect', join(dir, 'w7-000000.sqlite')]);
    expect(i.code).toBe(0);
    expect(i.out).toMatch(/^w7-000000 · theme \w+/);
    expect(i.out).toContain('sample facts');
    expect(i.out).toContain('tasks (');
    const byId = await cli(['inspect', 'w7-000001', '--worlds', dir, '--json']);
    expect(JSON.parse(byId.out).meta.world_id).toBe('w7-000001');
    const t = await cli(['themes']);
    expect(t.out).toMatch(/\d+ themes; task kinds/);
  });

  it('--tasks-per-world and --difficulty shape the worlds and enter the manifest; another value refuses the folder', async () => {
    const dir = tempDir();
    const g = await cli([
      'generate',
      '--count',
      '2',
      '--seed',
      '3',
      '--out',
      dir,
      '--workers',
      '1',
      '--quiet',
      '--tasks-per-world',
      '5',
      '--difficulty',
      'easy',
    ]);
    expect(g.code).toBe(0);
    expect(g.out).toContain('· 10 tasks ·');
    const lines = readFileSync(join(dir, 'index.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    for (const l of lines) expect(l).toMatchObject({ tasks: 5, difficulty: 'easy', tasks_per_world: 5 });
    const other = await cli(['generate', '--count', '2', '--seed', '3', '--out', dir, '--workers', '1', '--quiet', '--tasks-per-world', '5']);
    expect(other.code).not.toBe(0);
    expect(other.err).toMatch(/holds seed 3 with --difficulty easy; this run asks for --difficulty mix: use another --out\n$/);
    const v = await cli(['validate', dir]);
    expect(v.out).toContain('2 worlds checked, 0 problems');
  });

  it.each([
    [['generate', '--count', '0', '--out', '/tmp/x'], /--count must be a positive integer/],
    [['generate', '--count', 'ten', '--out', '/tmp/x'], /--count must be a positive integer/],
    [['generate', '--count', '2', '--themes', 'nope', '--out', '/tmp/x'], /unknown theme "nope"/],
    [['generate', '--count', '2', '--shard', '2/2', '--out', '/tmp/x'], /--shard/],
    [['generate'], /required option/],
    [
      ['generate', '--count', '1', '--difficulty', 'extreme', '--out', '/tmp/x'],
      /^error: --difficulty must be one of easy, medium, hard, mix, got "extreme"\n$/,
    ],
    [['generate', '--count', '1', '--tasks-per-world', '0', '--out', '/tmp/x'], /^error: --tasks-per-world must be a positive integer, got "0"\n$/],
    [['generate', '--count', '1', '--tasks-per-world', '500', '--out', '/tmp/x'], /^error: --tasks-per-world must be an integer from 1 to 64, got 500\n$/],
    [['inspect', '/nonexistent/w.sqlite'], /no world file/],
    [['inspect', 'w1-000001', '--worlds', '/nonexistent'], /not found/],
    [['validate', '/nonexistent'], /no folder/],
    [['frobnicate'], /unknown command/],
  ])('bad input %j gets a one-line error and a non-zero exit', async (args, pattern) => {
    const r = await cli(args as string[]);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(pattern);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('an unwritable output folder fails before any work', async () => {
    const base = tempDir();
    writeFileSync(join(base, 'file'), 'x');
    const r = await cli(['generate', '--count', '2', '--out', join(base, 'file', 'worlds'), '--quiet']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: cannot write to output folder .* \(ENOTDIR\)\n$/);
  });

  it("refuses to build worlds of other options under the ids of a folder's worlds", async () => {
    const dir = tempDir();
    expect((await cli(['generate', '--count', '3', '--seed', '9', '--out', dir, '--workers', '1', '--quiet'])).code).toBe(0);
    const before = readdirSync(dir).map((f) => readFileSync(join(dir, f)).toString('base64'));
    const r = await cli(['generate', '--count', '3', '--seed', '9', '--themes', 'films', '--out', dir, '--workers', '1', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: ${dir} holds seed 9 with all themes; this run asks for themes=films: use another --out\n`);
    expect(r.out).toBe('');
    expect(readdirSync(dir).map((f) => readFileSync(join(dir, f)).toString('base64'))).toEqual(before);
  });

  it('refuses an output folder under /proc at once (a recursive mkdir there never returns)', () => {
    const started = Date.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'generate', '--count', '1', '--out', '/proc/x/worlds', '--quiet'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('error: cannot write to output folder /proc/x/worlds (ENOENT)\n');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a full disk fails with a clear error and leaves no half-written world', async () => {
    const mnt = tempDir();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=700k', 'tmpfs', mnt]);
    try {
      const r = await cli(['generate', '--count', '6', '--out', join(mnt, 'w'), '--workers', '1', '--quiet']);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/disk is full|no space/);
      const files = readdirSync(join(mnt, 'w'));
      expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
      const v = await cli(['validate', join(mnt, 'w')]);
      // Every world under a final name is complete; the manifest lists exactly those.
      expect(v.out).toMatch(/\d+ worlds checked, 0 problems/);
    } finally {
      execFileSync('umount', [mnt]);
    }
  });

  it('a corrupt world file is reported by validate, with the others still checked', async () => {
    const dir = tempDir();
    await cli(['generate', '--count', '2', '--out', dir, '--workers', '1', '--quiet']);
    writeFileSync(join(dir, 'w7-000001.sqlite'), 'not a database');
    const v = await cli(['validate', dir]);
    expect(v.code).not.toBe(0);
    expect(v.out).toContain('w7-000001.sqlite:');
    expect(v.out).toContain('2 worlds checked');
  });
});
