import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateBatch, parseShard } from '../../src/world/batch.js';
import { readManifest } from '../../src/world/manifest.js';
import { validateDir } from '../../src/world/validate.js';
import { tempDir } from '../helpers.js';

const shas = (dir: string) => [...readManifest(dir).values()].map((e) => `${e.id}:${e.sha256}`).sort();

describe('generateBatch', () => {
  it('gives byte-identical files with one worker and with two', async () => {
    const a = tempDir();
    const b = tempDir();
    const sa = await generateBatch({ count: 12, seed: 5, out: a, workers: 1 });
    await generateBatch({ count: 12, seed: 5, out: b, workers: 2 });
    expect(sa.worlds).toBe(12);
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
    await generateBatch({ count: 9, seed: 3, out: whole, workers: 2 });
    const parts = [0, 1, 2].map(() => tempDir());
    for (let i = 0; i < 3; i++) await generateBatch({ count: 9, seed: 3, out: parts[i]!, workers: 1, shard: { i, n: 3 } });
    const merged = parts.flatMap((p) => shas(p)).sort();
    expect(merged).toEqual(shas(whole));
    expect([...readManifest(parts[1]!).values()].map((e) => e.index)).toEqual([1, 4, 7]);
  });

  it('rejects bad shard specs', () => {
    expect(() => parseShard('3/3')).toThrow(/0 <= i < n/);
    expect(() => parseShard('a/b')).toThrow();
    expect(parseShard('1/4')).toEqual({ i: 1, n: 4 });
  });

  it('a run killed mid-batch leaves only complete worlds, and re-running completes the batch', async () => {
    const dir = tempDir();
    const args = ['--import', 'tsx', 'src/cli/main.ts', 'generate', '--count', '40', '--seed', '4', '--out', dir, '--workers', '2', '--quiet'];
    const child = spawn(process.execPath, args, { cwd: process.cwd(), stdio: 'ignore' });
    // Kill as soon as a few worlds exist under their final names.
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        const n = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sqlite')).length : 0;
        if (n >= 5 || child.exitCode !== null) {
          clearInterval(poll);
          child.kill('SIGKILL');
          resolve();
        }
      }, 5);
    });
    await new Promise((r) => child.once('exit', r));
    const finals = readdirSync(dir).filter((f) => f.endsWith('.sqlite'));
    expect(finals.length).toBeGreaterThan(0);
    expect(finals.length).toBeLessThan(40);
    const { validateFile } = await import('../../src/world/validate.js');
    for (const f of finals) expect(validateFile(join(dir, f))).toEqual([]);
    const s = await generateBatch({ count: 40, seed: 4, out: dir, workers: 2 });
    expect(s.worlds).toBe(40);
    expect(s.skipped).toBeGreaterThanOrEqual(finals.length);
    expect(validateDir(dir).problems).toBe(0);
    const fresh = tempDir();
    await generateBatch({ count: 40, seed: 4, out: fresh, workers: 2 });
    expect(shas(dir)).toEqual(shas(fresh));
  });
});
