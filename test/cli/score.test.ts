import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeWorld } from '../../src/db/write.js';
import { generateWorld } from '../../src/world/generate.js';
import type { Task } from '../../src/world/types.js';
import { cli, tempDir } from '../helpers.js';

let dir: string;
let file: string;
let tasks: Task[];

beforeAll(() => {
  dir = tempDir();
  const data = generateWorld(9, 0, { themes: ['smartphones'] });
  tasks = data.tasks;
  file = join(dir, `${data.meta.world_id}.sqlite`);
  writeWorld(file, data);
});

describe('score command', () => {
  it('prints the reward and its parts as JSON', async () => {
    const t = tasks.find((x) => x.answerType !== 'table')!;
    const r = await cli(['score', '--world', file, '--task', t.id, '--answer', `<answer>${t.answerText}</answer>`, '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(Object.keys(s)[0]).toBe('reward');
    expect(s).toMatchObject({ reward: 1, exact: true, f1: 1, answerType: t.answerType });
  });

  it('looks a world id up in --worlds and prints a readable line', async () => {
    const t = tasks.find((x) => x.answerType !== 'table')!;
    const r = await cli(['score', '--world', 'w9-000000', '--worlds', dir, '--task', t.id, '--answer', 'certainly not this']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^reward 0\.000 {2}exact no {2}f1 0\.\d{3}/);
  });

  it('scores a table from a file, with item and row parts', async () => {
    const t = tasks.find((x) => x.answerType === 'table')!;
    const lines = t.answerText.split('\n');
    const answerFile = join(dir, 'answer.md');
    writeFileSync(answerFile, lines.slice(0, -1).join('\n'));
    const r = await cli(['score', '--world', file, '--task', t.id, '--answer-file', answerFile, '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.reward).toBeGreaterThan(0.5);
    expect(s.reward).toBeLessThan(1);
    expect(s.table.item.precision).toBe(1);
    expect(s.table.success).toBe(false);
    const text = await cli(['score', '--world', file, '--task', t.id, '--answer-file', answerFile]);
    expect(text.out).toMatch(/items: precision 1\.000/);
    expect(text.out).toMatch(/rows: {2}precision/);
  });

  it('gives a malformed table a reason, not an error', async () => {
    const t = tasks.find((x) => x.answerType === 'table')!;
    const r = await cli(['score', '--world', file, '--task', t.id, '--answer', 'no idea']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('reason: no Markdown table found');
  });

  it.each([
    [['score', '--world', 'FILE', '--task', 't99', '--answer', 'x'], /no task "t99" in world w9-000000/],
    [['score', '--world', 'FILE', '--task', 't01'], /missing --answer/],
    [['score', '--world', 'FILE', '--task', 't01', '--answer', 'x', '--answer-file', 'y'], /not both/],
    [['score', '--world', 'FILE', '--task', 't01', '--answer-file', '/nonexistent/a.txt'], /cannot read/],
    [['score', '--world', '/nonexistent/w.sqlite', '--task', 't01', '--answer', 'x'], /no world file/],
    [['score', '--task', 't01', '--answer', 'x'], /required option/],
  ])('bad input %j: one-line error, non-zero exit', async (args, pattern) => {
    const r = await cli((args as string[]).map((a) => (a === 'FILE' ? file : a)));
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(pattern);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
  });
});
