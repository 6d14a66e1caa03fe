import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { generateBatch, parseShard } from '../../src/world/batch.js';
import { readManifest } from '../../src/world/manifest.js';
import { validateDir } from '../../src/world/validate.js';
import { tempDir } from '../helpers.js';

/** Every file of `dir` with its bytes, to prove a refused run touched nothing. */
const snapshot = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((f) => [f, readFileSync(join(dir, f)).toString('base64'), statSync(join(dir, f)).mtimeMs]);

/** Spawn `generate` and resolve once the first world is under its final name (or the child has exited). */
async function spawnUntilFirstWorld(dir: string, extra: string[] = []): Promise<ChildProcess> {
  const args = ['--import', 'tsx', 'src/cli/main.ts', 'generate', '--count', '24', '--seed', '4', '--out', dir, '--workers', '2', '--quiet', ...extra];
  const child = spawn(process.execPath, args, { cwd: process.cwd(), stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      const n = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sqlite')).length : 0;
      if (n >= 1 || child.exitCode !== null) {
        clearInterval(poll);
        resolve();
      }
    }, 2);
  });
  return child;
}

const shas = (dir: string) => [...readManifest(dir).values()].map((e) => `${e.id}:${e.sha256}`).sort();

// Each world's tasks are drafted, certified and proved by the oracle searching it: batches take minutes on 2 cores.
describe('generateBatch', { timeout: 600_000 }, () => {
  it('gives byte-identical files with one worker and with two', async () => {
    const a = tempDir();
    const b = tempDir();
    const sa = await generateBatch({ count: 8, seed: 5, out: a, workers: 1 });
    await generateBatch({ count: 8, seed: 5, out: b, workers: 2 });
    expect(sa.worlds).toBe(8);
    expect(shas(a)).toEqual(shas(b));
    for (const f of readdirSync(a).filter((x) => x.endsWith('.sqlite'))) expect(readFileSync(join(a, f)).equals(readFileSync(join(b, f)))).toBe(true);
    expect(readFileSync(join(a, 'index.jsonl'), 'utf8')).toBe(readFileSync(join(b, 'index.jsonl'), 'utf8'));
    expect(validateDir(a).problems).toBe(0);
  });

  it('resumes: skips complete worlds, rebuilds missing ones, re-describes worlds the manifest missed', async () => {
    const dir = tempDir();
    await generateBatch({ count: 8, seed: 9, out: dir, workers: 2 });
    const before = shas(dir);
    rmSync(join(dir, 'w9-000003.sqlite'));
    const lines = readFileSync(join(dir, 'index.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => !l.includes('w9-000005'));
    writeFileSync(join(dir, 'index.jsonl'), lines.join('\n'));
    writeFileSync(join(dir, 'w9-000006.sqlite.1234.tmp'), 'half-written');
    const s = await generateBatch({ count: 8, seed: 9, out: dir, workers: 2 });
    expect(s.generated).toBe(1);
    expect(s.skipped).toBe(7);
    expect(shas(dir)).toEqual(before);
    expect(readdirSync(dir).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('shards partition a batch and their manifests concatenate to the whole', async () => {
    const whole = tempDir();
    await generateBatch({ count: 6, seed: 3, out: whole, workers: 2 });
    const parts = [0, 1, 2].map(() => tempDir());
    for (let i = 0; i < 3; i++) await generateBatch({ count: 6, seed: 3, out: parts[i]!, workers: 1, shard: { i, n: 3 } });
    const merged = parts.flatMap((p) => shas(p)).sort();
    expect(merged).toEqual(shas(whole));
    expect([...readManifest(parts[1]!).values()].map((e) => e.index)).toEqual([1, 4]);
  });

  it('rebuilds a listed world written before format v3 (its line has no tasks_per_world), with a warning', async () => {
    const dir = tempDir();
    await generateBatch({ count: 1, seed: 21, out: dir, workers: 1 });
    const before = readFileSync(join(dir, 'w21-000000.sqlite'));
    const line = JSON.parse(readFileSync(join(dir, 'index.jsonl'), 'utf8'));
    delete line.tasks_per_world;
    delete line.difficulty;
    writeFileSync(join(dir, 'index.jsonl'), `${JSON.stringify(line)}\n`);
    const warnings: string[] = [];
    const s = await generateBatch({ count: 1, seed: 21, out: dir, workers: 1, onWarning: (w) => warnings.push(w) });
    expect(s.generated).toBe(1);
    expect(warnings).toEqual(['w21-000000.sqlite was written before world format v3 (no task certificates): rebuilding it']);
    expect(readFileSync(join(dir, 'w21-000000.sqlite')).equals(before)).toBe(true);
    expect(readManifest(dir).get('w21-000000')).toMatchObject({ difficulty: 'mix', tasks_per_world: 16 });
  });

  it('rejects bad shard specs', () => {
    expect(() => parseShard('3/3')).toThrow(/0 <= i < n/);
    expect(() => parseShard('a/b')).toThrow();
    expect(parseShard('1/4')).toEqual({ i: 1, n: 4 });
  });

  it('a run killed mid-batch leaves only complete worlds, and re-running completes the batch', async () => {
    const dir = tempDir();
    const args = ['--import', 'tsx', 'src/cli/main.ts', 'generate', '--count', '16', '--seed', '4', '--out', dir, '--workers', '2', '--quiet'];
    const child = spawn(process.execPath, args, { cwd: process.cwd(), stdio: 'ignore' });
    // Kill as soon as a few worlds exist under their final names.
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        const n = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sqlite')).length : 0;
        if (n >= 3 || child.exitCode !== null) {
          clearInterval(poll);
          child.kill('SIGKILL');
          resolve();
        }
      }, 5);
    });
    await new Promise((r) => child.once('exit', r));
    const finals = readdirSync(dir).filter((f) => f.endsWith('.sqlite'));
    expect(finals.length).toBeGreaterThan(0);
    expect(finals.length).toBeLessThan(16);
    const { validateFile } = await import('../../src/world/validate.js');
    for (const f of finals) expect(validateFile(join(dir, f))).toEqual([]);
    const s = await generateBatch({ count: 16, seed: 4, out: dir, workers: 2 });
    expect(s.worlds).toBe(16);
    expect(s.skipped).toBeGreaterThanOrEqual(finals.length);
    expect(validateDir(dir).problems).toBe(0);
    const fresh = tempDir();
    await generateBatch({ count: 16, seed: 4, out: fresh, workers: 2 });
    expect(shas(dir)).toEqual(shas(fresh));
  });

  it('refuses a folder that holds the same seed under other options, touching nothing', async () => {
    const dir = tempDir();
    await generateBatch({ count: 3, seed: 9, out: dir, workers: 1 });
    const before = snapshot(dir);
    await expect(generateBatch({ count: 3, seed: 9, out: dir, workers: 1, themes: ['films'] })).rejects.toThrow(
      `${dir} holds seed 9 with all themes; this run asks for themes=films: use another --out`,
    );
    await expect(generateBatch({ count: 3, seed: 9, out: dir, workers: 1, realBrands: true })).rejects.toThrow(
      /holds seed 9 without --real-brands; this run asks for it: use another --out/,
    );
    expect(snapshot(dir)).toEqual(before);
    // Without the manifest, each file's own world_meta still names its theme.
    rmSync(join(dir, 'index.jsonl'));
    const bare = snapshot(dir);
    await expect(generateBatch({ count: 3, seed: 9, out: dir, workers: 1, themes: ['films'] })).rejects.toThrow(
      /holds w9-00000\d\.sqlite, a \w+ world; this run asks for a films world there/,
    );
    expect(snapshot(dir)).toEqual(bare);
    // The same options resume; another seed shares the folder (its ids differ).
    expect((await generateBatch({ count: 3, seed: 9, out: dir, workers: 1 })).skipped).toBe(3);
    expect((await generateBatch({ count: 2, seed: 10, out: dir, workers: 1, themes: ['films'] })).generated).toBe(2);
    expect(validateDir(dir).problems).toBe(0);
    const lines = readFileSync(join(dir, 'index.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.id, l.themes.length])).toEqual([
      ['w9-000000', lines[0].themes.length],
      ['w9-000001', lines[0].themes.length],
      ['w9-000002', lines[0].themes.length],
      ['w10-000000', 1],
      ['w10-000001', 1],
    ]);
    expect(lines[0].themes.length).toBeGreaterThan(1);
  });

  it('never overwrites an unlisted world of a newer format', async () => {
    const dir = tempDir();
    await generateBatch({ count: 2, seed: 9, out: dir, workers: 1 });
    rmSync(join(dir, 'index.jsonl'));
    const db = new Database(join(dir, 'w9-000001.sqlite'));
    db.prepare("UPDATE world_meta SET value = '99' WHERE key = 'format_version'").run();
    db.close();
    const before = snapshot(dir);
    await expect(generateBatch({ count: 2, seed: 9, out: dir, workers: 1 })).rejects.toThrow(/w9-000001\.sqlite is world format v99; .*: use another --out$/);
    expect(snapshot(dir)).toEqual(before);
  });

  it('never deletes a whole world found under another world id of this batch', async () => {
    const dir = tempDir();
    await generateBatch({ count: 2, seed: 9, out: dir, workers: 1 });
    rmSync(join(dir, 'index.jsonl'));
    copyFileSync(join(dir, 'w9-000000.sqlite'), join(dir, 'w9-000001.sqlite'));
    const before = snapshot(dir);
    await expect(generateBatch({ count: 2, seed: 9, out: dir, workers: 1 })).rejects.toThrow(
      /named for world w9-000001 but holds world w9-000000: use another --out$/,
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it('shards of one batch share a folder, and give the manifest of the whole batch', async () => {
    const whole = tempDir();
    await generateBatch({ count: 6, seed: 3, out: whole, workers: 1, themes: ['films', 'cities'] });
    const shared = tempDir();
    for (const i of [1, 0]) await generateBatch({ count: 6, seed: 3, out: shared, workers: 1, themes: ['films', 'cities'], shard: { i, n: 2 } });
    expect(readFileSync(join(shared, 'index.jsonl'), 'utf8')).toBe(readFileSync(join(whole, 'index.jsonl'), 'utf8'));
  });

  it('rebuilds a truncated world on resume, byte-identical, listed or not', async () => {
    const dir = tempDir();
    await generateBatch({ count: 4, seed: 2, out: dir, workers: 1 });
    const manifest = readFileSync(join(dir, 'index.jsonl'), 'utf8');
    const original = [1, 2].map((i) => readFileSync(join(dir, `w2-00000${i}.sqlite`)));
    for (const i of [1, 2]) truncateSync(join(dir, `w2-00000${i}.sqlite`), Math.floor(original[0]!.length / 2));
    writeFileSync(
      join(dir, 'index.jsonl'),
      manifest
        .split('\n')
        .filter((l) => !l.includes('w2-000002'))
        .join('\n'),
    );
    const warnings: string[] = [];
    const s = await generateBatch({ count: 4, seed: 2, out: dir, workers: 1, onWarning: (t) => warnings.push(t) });
    expect(s).toMatchObject({ generated: 2, skipped: 2 });
    for (const i of [1, 2]) expect(readFileSync(join(dir, `w2-00000${i}.sqlite`)).equals(original[i - 1]!)).toBe(true);
    expect(readFileSync(join(dir, 'index.jsonl'), 'utf8')).toBe(manifest);
    expect(warnings).toEqual([
      'w2-000001.sqlite differs from its sha256 in index.jsonl (truncated or changed): rebuilding it',
      'w2-000002.sqlite is damaged (truncated or changed): rebuilding it',
    ]);
  });

  it('lists each world in the manifest as soon as it is finished', async () => {
    const dir = tempDir();
    const seen: string[] = [];
    await generateBatch({
      count: 3,
      seed: 6,
      out: dir,
      workers: 1,
      onProgress: (p) => {
        seen.push(`${p.done}:${existsSync(join(dir, 'index.jsonl')) ? [...readManifest(dir).keys()].join(',') : 'none'}`);
      },
    });
    expect(seen).toEqual(['0:', '1:w6-000000', '2:w6-000000,w6-000001', '3:w6-000000,w6-000001,w6-000002']);
  });

  it('a run killed at its first world leaves a manifest of the worlds it finished', async () => {
    const dir = tempDir();
    const child = await spawnUntilFirstWorld(dir);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(existsSync(join(dir, 'index.jsonl'))).toBe(true);
    const listed = [...readManifest(dir).values()].map((e) => e.file);
    const files = readdirSync(dir).filter((f) => f.endsWith('.sqlite'));
    expect(listed.every((f) => files.includes(f))).toBe(true);
    const r = validateDir(dir);
    expect(r.files.filter((f) => f.file === 'index.jsonl')).toEqual([]);
    // Only the worlds renamed into place in the moment of the kill (one per worker at most) can be unlisted.
    const unlisted = r.files.filter((f) => f.problems.length > 0);
    expect(unlisted.every((f) => f.problems.join() === 'not listed in index.jsonl')).toBe(true);
    expect(unlisted.length).toBe(files.length - listed.length);
    expect(unlisted.length).toBeLessThanOrEqual(2);
  });

  it('Ctrl-C says how to resume and exits 130; the same command then completes the batch', async () => {
    const dir = tempDir();
    const child = await spawnUntilFirstWorld(dir);
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
    });
    child.kill('SIGINT');
    const code = await new Promise((r) => child.once('exit', (c) => r(c)));
    expect(code).toBe(130);
    expect(err).toMatch(new RegExp(`^interrupted \\(\\d+ of 24 worlds complete in ${dir}\\): run the same command again to resume\n$`));
    const s = await generateBatch({ count: 16, seed: 4, out: dir, workers: 2 });
    expect(s.worlds).toBe(16);
    expect(validateDir(dir).problems).toBe(0);
  });
});
