import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeTheme, sampleWorlds } from './_theme-suite.js';
import { openWorld } from '../../src/db/open.js';
import { checkTaskSql } from '../../src/db/task-sql.js';
import { writeWorld } from '../../src/db/write.js';
import theme from '../../src/themes/launches.js';
import type { Row, Rows } from '../../src/themes/_define.js';
import { generateWorld } from '../../src/world/generate.js';
import type { WorldData } from '../../src/world/types.js';

const copy = (rows: Rows): Rows => JSON.parse(JSON.stringify(rows));
const byId = (rows: Row[]) => new Map(rows.map((r) => [r.id, r]));

describe('launches theme', () => {
  let worlds: WorldData[];
  const dir = mkdtempSync(join(tmpdir(), 'fw-launches-'));
  beforeAll(() => {
    worlds = Array.from({ length: 12 }, (_, i) => generateWorld(11, i, { themes: ['launches'] }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describeTheme('launches', sampleWorlds('launches'));

  it('draws sizes and optional attributes per world', () => {
    expect(new Set(worlds.map((w) => w.rows.launches!.length)).size).toBeGreaterThan(3);
    expect(new Set(worlds.map((w) => w.rows.vehicles!.length)).size).toBeGreaterThan(2);
    const withHeight = worlds.filter((w) => w.rows.vehicles!.every((v) => v.height_m !== null)).length;
    expect(withHeight).toBeGreaterThan(0);
    expect(withHeight).toBeLessThan(worlds.length);
    expect(new Set(worlds.map((w) => w.rows.operators![0]!.name)).size).toBe(worlds.length);
  });

  it('keeps payloads within capacity and launches after first flights and site openings', () => {
    for (const w of worlds) {
      const vehicles = byId(w.rows.vehicles!);
      const sites = byId(w.rows.launch_sites!);
      const operators = byId(w.rows.operators!);
      const year = Number(w.meta.reference_date.slice(0, 4)) - 1;
      for (const l of w.rows.launches!) {
        const v = vehicles.get(Number(l.vehicle_id))!;
        // Payload mass, first flights and opening dates are optional attributes: checked where the world has them.
        if (l.payload_mass_kg !== null) expect(Number(l.payload_mass_kg)).toBeLessThanOrEqual(Number(v.payload_capacity_kg));
        if (v.first_flight !== null) expect(String(v.first_flight) <= String(l.launch_date)).toBe(true);
        const opened = sites.get(Number(l.site_id))!.opened;
        if (opened !== null) expect(String(opened) < String(l.launch_date)).toBe(true);
        expect(String(l.launch_date).slice(0, 4)).toBe(String(year));
      }
      for (const v of w.rows.vehicles!) {
        const founded = operators.get(Number(v.operator_id))!.founded;
        // A first flight is stated exactly when its operator's founding date is (it is drawn after it).
        expect(v.first_flight === null).toBe(founded === null);
        if (founded !== null) expect(String(founded) < String(v.first_flight)).toBe(true);
      }
    }
  });

  it('invariants hold for generated rows and catch a deliberately broken row', () => {
    for (const w of worlds) expect(theme.invariants(w.rows)).toEqual([]);
    const rows = worlds[0]!.rows;
    // Each break runs on a world that has the optional attributes it touches.
    const having = (need: (r: Rows) => boolean) => {
      const w = worlds.find((x) => need(x.rows));
      expect(w).toBeDefined();
      return w!.rows;
    };

    const heavy = copy(rows);
    const l = heavy.launches![0]!;
    l.payload_mass_kg = Number(heavy.vehicles!.find((v) => v.id === l.vehicle_id)!.payload_capacity_kg) + 1;
    expect(theme.invariants(heavy).length).toBeGreaterThan(0);

    const early = copy(having((r) => r.launch_sites!.every((x) => x.opened !== null)));
    const e = early.launches![0]!;
    e.launch_date = '1950-01-01';
    expect(theme.invariants(early).some((m) => m.includes('launch_date'))).toBe(true);

    const miscount = copy(having((r) => r.vehicles!.every((v) => v.launches_in_year !== null)));
    miscount.vehicles![0]!.launches_in_year = Number(miscount.vehicles![0]!.launches_in_year) + 1;
    expect(theme.invariants(miscount).some((m) => m.includes('launches_in_year'))).toBe(true);

    const lighter = copy(having((r) => r.launches!.every((l) => l.payload_mass_kg !== null)));
    lighter.payloads![0]!.mass_kg = Number(lighter.payloads![0]!.mass_kg) - 1;
    expect(theme.invariants(lighter).some((m) => m.includes('payload_mass_kg'))).toBe(true);
  });

  it('a Heavy carries more than any mid-size rocket, which carries more than a Light; the tier check catches a light Heavy', () => {
    const cap = (word: string) =>
      worlds.flatMap((w) => w.rows.vehicles!.filter((v) => String(v.name).endsWith(` ${word}`)).map((v) => Number(v.payload_capacity_kg)));
    const heavy = cap('Heavy');
    const light = cap('Light');
    const mid = worlds.flatMap((w) => w.rows.vehicles!.filter((v) => !/ (Heavy|Light)$/.test(String(v.name))).map((v) => Number(v.payload_capacity_kg)));
    expect(heavy.length * light.length * mid.length).toBeGreaterThan(0);
    expect(Math.min(...heavy)).toBeGreaterThan(Math.max(...mid));
    expect(Math.min(...mid)).toBeGreaterThan(Math.max(...light));
    const broken = copy(worlds[0]!.rows);
    const v = broken.vehicles![0]!;
    v.name = `${String(v.name).split(' ')[0]} Heavy`;
    v.payload_capacity_kg = 900;
    expect(theme.invariants(broken).some((m) => m.includes('outside the Heavy band'))).toBe(true);
  });

  it("a launch's main payload serves a purpose its orbit fits; the check catches one that does not", () => {
    const broken = copy(worlds[0]!.rows);
    const l = broken.launches![0]!;
    l.orbit = 'heliocentric orbit';
    broken.payloads!.find((p) => p.launch_id === l.id)!.purpose = 'navigation';
    expect(theme.invariants(broken).some((m) => m.includes('does not fit orbit'))).toBe(true);
  });

  it('is deterministic for a (seed, index)', () => {
    const again = generateWorld(11, 3, { themes: ['launches'] });
    expect(again.facts).toEqual(worlds[3]!.facts);
    expect(again.tasks.map((t) => t.question)).toEqual(worlds[3]!.tasks.map((t) => t.question));
  });

  it('writes SQLite files whose task SQL reproduces every answer', () => {
    for (const w of worlds.slice(0, 4)) {
      const file = join(dir, `${w.meta.world_id}.sqlite`);
      writeWorld(file, w);
      const open = openWorld(file);
      try {
        for (const t of theme.tables) expect((open.db.prepare(`SELECT COUNT(*) AS n FROM ${t.name}`).get() as { n: number }).n).toBe(w.rows[t.name]!.length);
        expect(checkTaskSql(open.db, w.tasks)).toEqual([]);
      } finally {
        open.db.close();
      }
    }
  });
});
