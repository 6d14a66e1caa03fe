import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FictionError } from '../../src/errors.js';
import { NO_PERTURBATION, PRESETS, isProfileOff, loadProfile, parseProfile } from '../../src/perturb/profile.js';
import { tempDir } from '../helpers.js';

describe('perturbation profiles', () => {
  it('are off by default and fill unset keys', () => {
    expect(isProfileOff(NO_PERTURBATION)).toBe(true);
    const p = parseProfile({ errorRate: 0.25 });
    expect(p).toEqual({ ...NO_PERTURBATION, errorRate: 0.25 });
    expect(isProfileOff(p)).toBe(false);
    expect(isProfileOff(parseProfile({}))).toBe(true);
  });

  it('accept strings for numbers and lists (CLI flags)', () => {
    expect(parseProfile({ errorRate: '0.5', pageSizeMin: '2', errorKinds: 'timeout, rate_limited', sleep: 'true' })).toMatchObject({
      errorRate: 0.5,
      pageSizeMin: 2,
      errorKinds: ['timeout', 'rate_limited'],
      sleep: true,
    });
  });

  it.each([
    [{ errorRate: 2 }, /errorRate must be a number from 0 to 1, got 2/],
    [{ errorRate: 'lots' }, /errorRate must be a number from 0 to 1/],
    [{ errorRate: null }, /errorRate must be a number/],
    [{ pageSizeMin: 0 }, /pageSizeMin must be an integer from 1 to 10/],
    [{ pageSizeMax: 11 }, /pageSizeMax must be an integer from 1 to 10/],
    [{ latencyMinMs: -1 }, /latencyMinMs must be an integer from 0/],
    [{ latencyMaxMs: 1.5 }, /latencyMaxMs must be an integer/],
    [{ pageSizeMin: 8, pageSizeMax: 4 }, /pageSizeMin \(8\) is larger than pageSizeMax \(4\)/],
    [{ latencyMinMs: 900, latencyMaxMs: 100 }, /latencyMinMs \(900\) is larger than latencyMaxMs/],
    [{ errorKinds: [] }, /errorKinds must list some of rate_limited, server_error, timeout/],
    [{ errorKinds: ['meteor'] }, /errorKinds must list some of/],
    [{ sleep: 'maybe' }, /sleep must be true or false/],
    [{ chaos: 1 }, /unknown setting "chaos" \(known: errorRate/],
    [[], /must be a JSON object/],
    ['x', /must be a JSON object/],
  ])('rejects %j with a one-line BAD_INPUT error', (input, re) => {
    let err: unknown;
    try {
      parseProfile(input);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FictionError);
    expect((err as FictionError).code).toBe('BAD_INPUT');
    expect((err as FictionError).message).toMatch(re);
    expect((err as FictionError).message).not.toContain('\n');
  });

  it('load from a JSON file or a preset name', () => {
    const dir = tempDir('fw-profile-');
    const file = join(dir, 'p.json');
    writeFileSync(file, JSON.stringify({ errorRate: 0.1, irrelevantRate: 0.2 }));
    expect(loadProfile(file)).toMatchObject({ errorRate: 0.1, irrelevantRate: 0.2, paginationRate: 0 });
    for (const name of Object.keys(PRESETS)) expect(loadProfile(name)).toEqual(parseProfile(PRESETS[name]!));
    expect(isProfileOff(loadProfile('off'))).toBe(true);
    writeFileSync(file, '{"errorRate": 0.1,');
    expect(() => loadProfile(file)).toThrow(/^profile .*p\.json is not valid JSON: /);
    writeFileSync(file, '{"errorRate": 7}');
    expect(() => loadProfile(file)).toThrow(/^profile .*p\.json: errorRate must be a number from 0 to 1, got 7$/);
    expect(() => loadProfile(join(dir, 'missing.json'))).toThrow(/no profile file at .*missing\.json \(presets: off, light, heavy\)/);
  });
});
