import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addSessionOptions, sessionFromOptions } from '../../src/cli/session-options.js';
import { cli } from '../helpers.js';
import { smartphoneWorld } from '../search/sample-worlds.js';

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

  it('takes --open seen|any, leaves the default to the session, and refuses anything else in one line', () => {
    expect(parse(false, ['--world', 'w']).open).toBeUndefined();
    expect(parse(false, ['--world', 'w', '--open', 'any']).open).toBe('any');
    expect(parse(false, ['--world', 'w', '--open', 'seen']).open).toBe('seen');
    expect(() => parse(false, ['--world', 'w', '--open', 'all'])).toThrow(/open must be one of "seen", "any"/);
    expect(sessionFromOptions({ task: 't03', sessionSeed: 2 })).toEqual({ taskId: 't03', seed: 2 });
    expect(sessionFromOptions({ sessionSeed: 0, open: 'any' })).toEqual({ taskId: null, seed: 0, open: 'any' });
  });
});

describe('open --task', () => {
  it('is a fresh bound session: a page it has not seen reads as missing, unless --open any', async () => {
    const { path, data } = smartphoneWorld();
    const task = data.tasks[0]!.id;
    const url = data.documents[2]!.url;
    const bound = await cli(['open', '--world', path, '--task', task, '--json', url]);
    expect(bound.code).toBe(0);
    expect(JSON.parse(bound.out)).toMatchObject({ url, content: null, error: { type: 'page_not_found' } });
    const missing = await cli(['open', '--world', path, '--task', task, '--json', `${url}-nowhere`]);
    expect(bound.out).toBe(missing.out.replaceAll(`${url}-nowhere`, url));
    const any = await cli(['open', '--world', path, '--task', task, '--open', 'any', '--json', url]);
    expect(JSON.parse(any.out)).toMatchObject({ url, content: expect.stringContaining('# ') });
    const unbound = await cli(['open', '--world', path, '--json', url]);
    expect(unbound.out).toBe(any.out);
    const bad = await cli(['open', '--world', path, '--open', 'everything', url]);
    expect(bad.code).not.toBe(0);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
  });
});
