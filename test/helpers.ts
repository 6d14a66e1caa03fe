/** Shared test fixtures: temp folders and a capturing CLI io. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type Io } from '../src/cli/main.js';

export function tempDir(prefix = 'fw-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await runCli(args, io);
  return { code, out, err };
}
