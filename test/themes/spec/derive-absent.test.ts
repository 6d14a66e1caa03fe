import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/rng.js';
import { DERIVATIONS } from '../../../src/themes/spec/derive/index.js';
import type { Rows } from '../../../src/themes/_define.js';

const run = (use: string, rows: Rows, args: Record<string, unknown>) =>
  DERIVATIONS[use]!.run(rows, DERIVATIONS[use]!.args.parse(args) as never, { rng: new Rng(7), year: 2030 });

describe('derivations leave an attribute the world lacks (null) null', () => {
  const allocateArgs = {
    table: 'launches',
    column: 'mass',
    capVia: 'vehicle_id',
    capTable: 'vehicles',
    cap: 'cap',
    fraction: [0.5, 0.9],
    children: 'payloads',
    via: 'launch_id',
    part: 'mass',
  };
  const rows = (launchMass: number | null, payloadMass: number | null): Rows => ({
    vehicles: [{ id: 1, cap: 10_000 }],
    launches: [{ id: 1, vehicle_id: 1, mass: launchMass, orbit: 'low Earth orbit' }],
    payloads: [
      { id: 1, launch_id: 1, mass: payloadMass, purpose: null },
      { id: 2, launch_id: 1, mass: payloadMass, purpose: null },
    ],
  });
  it('allocate fills a present total and its parts, and skips absent ones', () => {
    const both = rows(0, 0);
    run('allocate', both, allocateArgs);
    expect(Number(both.launches![0]!.mass)).toBe(both.payloads!.reduce((s, p) => s + Number(p.mass), 0));
    const none = rows(null, null);
    run('allocate', none, allocateArgs);
    expect(none.launches![0]!.mass).toBeNull();
    expect(none.payloads!.every((p) => p.mass === null)).toBe(true);
  });
  it('pickByParent skips a column the world lacks', () => {
    const r = rows(0, 0);
    run('pickByParent', r, {
      table: 'payloads',
      column: 'purpose',
      via: 'launch_id',
      parents: 'launches',
      key: 'orbit',
      map: { 'low Earth orbit': ['imaging'] },
    });
    expect(r.payloads!.every((p) => p.purpose === null)).toBe(true);
    r.payloads![0]!.purpose = 'x';
    run('pickByParent', r, {
      table: 'payloads',
      column: 'purpose',
      via: 'launch_id',
      parents: 'launches',
      key: 'orbit',
      map: { 'low Earth orbit': ['imaging'] },
    });
    expect(r.payloads![0]!.purpose).toBe('imaging');
  });
  it('split fills present parts and skips absent ones', () => {
    const r: Rows = {
      unis: [{ id: 1, total: 1000 }],
      schools: [
        { id: 1, uni: 1, part: 0 },
        { id: 2, uni: 1, part: 0 },
      ],
    };
    const args = { table: 'unis', column: 'total', children: 'schools', via: 'uni', part: 'part', weights: [0.5, 1.5] };
    run('split', r, args);
    expect(r.schools!.reduce((s, x) => s + Number(x.part), 0)).toBe(1000);
    for (const x of r.schools!) x.part = null;
    run('split', r, args);
    expect(r.schools!.every((x) => x.part === null)).toBe(true);
  });
});
