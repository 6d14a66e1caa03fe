import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addSessionOptions } from '../../src/cli/session-options.js';

function parse(required: boolean, args: string[]) {
  const cmd = new Command('x').exitOverride().configureOutput({ writeErr: () => {} });
  addSessionOptions(cmd, { required, help: 'task' });
  cmd.parse(args, { from: 'user' });
  return cmd.opts();
}

describe('addSessionOptions', () => {
  it('declares the world, task, session seed and perturbation flags, with their defaults', () => {
    const o = parse(false, ['--world', 'w7-000001', '--session-seed', '4', '--profile', 'light']);
    expect(o).toMatchObject({ world: 'w7-000001', worlds: 'worlds', sessionSeed: 4, profile: 'light' });
    expect(o.task).toBeUndefined();
  });

  it('makes --task required when asked, and checks the seed', () => {
    expect(() => parse(true, ['--world', 'w'])).toThrow(/--task/);
    expect(parse(true, ['--world', 'w', '--task', 't03']).task).toBe('t03');
    expect(() => parse(false, ['--world', 'w', '--session-seed', '-1'])).toThrow(/non-negative integer/);
  });
});
