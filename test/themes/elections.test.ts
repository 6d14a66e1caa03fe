import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld } from '../../src/db/open.js';
import { checkTaskSql } from '../../src/db/task-sql.js';
import { writeWorld } from '../../src/db/write.js';
import theme from '../../src/themes/elections.js';
import type { Rows } from '../../src/themes/_define.js';
import { checkWorld } from '../../src/world/consistency.js';
import { generateWorld } from '../../src/world/generate.js';
import type { WorldData } from '../../src/world/types.js';

const copy = (rows: Rows): Rows => JSON.parse(JSON.stringify(rows));

describe('elections theme', () => {
  let worlds: WorldData[];
  const dir = mkdtempSync(join(tmpdir(), 'fw-elections-'));
  beforeAll(() => {
    worlds = Array.from({ length: 12 }, (_, i) => generateWorld(37, i, { themes: ['elections'] }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates worlds of 300–500 facts that pass every consistency check', () => {
    for (const w of worlds) {
      expect(w.meta.theme).toBe('elections');
      expect(w.facts.length).toBeGreaterThanOrEqual(300);
      expect(w.facts.length).toBeLessThanOrEqual(500);
      expect(checkWorld(w)).toEqual([]);
    }
  });

  it('derives its certified tasks in every world, of several kinds', () => {
    for (const w of worlds) {
      expect(w.tasks).toHaveLength(w.meta.tasks_per_world!);
      for (const t of w.tasks) expect(t.certificate).toBeDefined();
      expect(new Set(w.tasks.map((t) => t.kind)).size).toBeGreaterThanOrEqual(3);
    }
  });

  it('draws sizes and optional attributes per world', () => {
    expect(new Set(worlds.map((w) => w.rows.districts!.length)).size).toBeGreaterThan(2);
    expect(new Set(worlds.map((w) => w.rows.parties!.length)).size).toBeGreaterThan(1);
    const withArea = worlds.filter((w) => w.rows.districts!.every((d) => d.area_km2 !== null)).length;
    expect(withArea).toBeGreaterThan(0);
    expect(withArea).toBeLessThan(worlds.length);
  });

  it('gives each district to the party of its top candidate, and each party one seat per district won', () => {
    for (const w of worlds) {
      const { parties, districts, candidates, votes } = w.rows;
      const partyOf = new Map(candidates!.map((c) => [c.id, Number(c.party_id)]));
      const districtOf = new Map(candidates!.map((c) => [c.id, Number(c.district_id)]));
      for (const d of districts!) {
        const here = votes!.filter((v) => v.district_id === d.id).sort((a, b) => Number(b.votes) - Number(a.votes));
        expect(here.length).toBeGreaterThanOrEqual(3);
        expect(Number(here[0]!.votes)).toBeGreaterThan(Number(here[1]!.votes));
        expect(partyOf.get(Number(here[0]!.candidate_id))).toBe(d.winning_party_id);
        if (d.majority !== null) expect(d.majority).toBe(Number(here[0]!.votes) - Number(here[1]!.votes));
        for (const v of here) expect(districtOf.get(Number(v.candidate_id))).toBe(d.id);
        const cast = here.reduce((s, v) => s + Number(v.votes), 0);
        expect(cast).toBe(d.valid_votes);
        expect(cast).toBeLessThanOrEqual(Number(d.registered_voters));
        expect(Number(d.registered_voters)).toBeLessThanOrEqual(Number(d.population));
        expect(Number(d.turnout_pct)).toBeLessThanOrEqual(100);
        expect(here.reduce((s, v) => s + Number(v.vote_share_pct), 0)).toBeLessThanOrEqual(100);
      }
      // Seats won and the national figures are optional: checked where the world has them.
      if (parties![0]!.seats_won !== null) {
        for (const p of parties!) expect(p.seats_won).toBe(districts!.filter((d) => d.winning_party_id === p.id).length);
        expect(parties!.reduce((s, p) => s + Number(p.seats_won), 0)).toBe(districts!.length);
      }
      expect(parties!.every((p) => p.vote_share_pct === null) || parties!.every((p) => p.total_votes !== null)).toBe(true);
      expect(parties!.reduce((s, p) => s + Number(p.vote_share_pct), 0)).toBeLessThanOrEqual(100);
    }
  });

  it('invariants hold for generated rows and catch a deliberately broken row', () => {
    for (const w of worlds) expect(theme.invariants(w.rows)).toEqual([]);
    // A world with the optional figures the breaks touch: seats won and turnout.
    const rows = worlds.find((w) => w.rows.parties![0]!.seats_won !== null && w.rows.districts![0]!.turnout_pct !== null)!.rows;

    const overflow = copy(rows);
    const d = overflow.districts![0]!;
    d.valid_votes = Number(d.registered_voters) + 1;
    expect(theme.invariants(overflow).some((m) => m.includes('valid_votes'))).toBe(true);

    const wrongWinner = copy(rows);
    const d2 = wrongWinner.districts![1]!;
    d2.winning_party_id = wrongWinner.parties!.find((p) => p.id !== d2.winning_party_id)!.id;
    expect(theme.invariants(wrongWinner).some((m) => m.includes('winning_party_id'))).toBe(true);

    const stray = copy(rows);
    stray.votes![0]!.district_id = stray.districts!.find((d) => d.id !== stray.votes![0]!.district_id)!.id;
    expect(theme.invariants(stray).length).toBeGreaterThan(0);

    const seats = copy(rows);
    seats.parties![0]!.seats_won = Number(seats.parties![0]!.seats_won) + 1;
    expect(theme.invariants(seats).some((m) => m.includes('seats_won'))).toBe(true);

    const turnout = copy(rows);
    turnout.districts![2]!.turnout_pct = 101.5;
    expect(theme.invariants(turnout).some((m) => m.includes('turnout_pct'))).toBe(true);
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
