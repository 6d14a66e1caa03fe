/**
 * The writer over whole pages: composed sentences list exactly the facts they state (those asked for,
 * plus a fact a description restates), one claim each; events after the page's date are scheduled,
 * period figures after it are left out; the same seed writes the same page.
 */
import { describe, expect, it } from 'vitest';
import { isoFromDay, dayFromIso } from '../../src/format.js';
import { factTime } from '../../src/world/fact-time.js';
import type { Fact } from '../../src/world/types.js';
import { sentenceProblems } from './_checks.js';
import { THEME_IDS, makeWorld, writerFor } from './_world.js';

const rowFacts = (world: ReturnType<typeof makeWorld>, table: string, id: number) => world.fx.ofRow(table, id);

describe.each(THEME_IDS)('writer on %s', (id) => {
  const world = makeWorld(id, 3);

  it('states every fact asked for exactly once, composing 2–3 facts per sentence, one claim per fact', () => {
    let composed = 0;
    for (const t of world.theme.tables)
      for (const row of (world.rows[t.name] ?? []).slice(0, 4)) {
        const asked = rowFacts(world, t.name, row.id);
        const w = writerFor(world, `${id}|all|${t.name}|${row.id}`);
        const out = w.state(asked);
        const primary: Fact[] = [];
        for (const s of out) {
          expect(sentenceProblems(world, s)).toEqual([]);
          const own = s.facts.filter((_, i) => s.frames![i] !== 'description');
          const restated = s.facts.filter((_, i) => s.frames![i] === 'description');
          // Parts of a composite subject ("Q2 2031" of "Zentria X9, Q2 2031") ride on a sentence naming it.
          const said = s.facts.filter((_, i) => s.frames![i] !== 'description' && s.frames![i] !== 'implied');
          for (const f of s.facts.filter((_, i) => s.frames![i] === 'implied')) expect(s.text).toContain(f.subject);
          expect(said.length).toBeGreaterThanOrEqual(1);
          expect(said.length).toBeLessThanOrEqual(3);
          if (said.length > 1) composed++;
          // A restated fact was stated by an earlier sentence of the page.
          for (const f of restated) expect(primary).toContain(f);
          primary.push(...own);
        }
        expect(primary.map((f) => f.id).sort((a, b) => a - b)).toEqual(asked.map((f) => f.id).sort((a, b) => a - b));
      }
    expect(composed).toBeGreaterThan(0);
  });

  it("after the page's own sentence about a subject (mention), the next may refer to it without its name; without, it opens with the name", () => {
    const t = world.theme.tables.find((x) => x.nameColumn)!;
    let referred = 0;
    for (const row of (world.rows[t.name] ?? []).slice(0, 12)) {
      const name = world.fx.name(t.name, row.id);
      const asked = rowFacts(world, t.name, row.id).slice(0, 1);
      const plain = writerFor(world, `${id}|mention|${row.id}`).state(asked);
      expect(plain[0]!.text, plain[0]!.text).toContain(name);
      const w = writerFor(world, `${id}|mention|${row.id}`);
      w.mention(name);
      const first = w.state(asked)[0]!;
      expect(sentenceProblems(world, first)).toEqual([]);
      if (!first.text.includes(name)) referred++;
    }
    expect(referred).toBeGreaterThan(0);
  });

  it('maxPerSentence 1 writes one fact per sentence', () => {
    const t = world.theme.tables[0]!;
    const asked = rowFacts(world, t.name, 1);
    const out = writerFor(world, `${id}|one`).state(asked, { maxPerSentence: 1 });
    for (const s of out) expect(s.frames!.filter((f) => f !== 'description' && f !== 'implied')).toHaveLength(1);
  });

  it('an event after the page date is scheduled, a period figure after it is left out', () => {
    let scheduled = 0;
    let withheld = 0;
    for (const t of world.theme.tables)
      for (const row of (world.rows[t.name] ?? []).slice(0, 6)) {
        const asked = rowFacts(world, t.name, row.id);
        for (const f of asked) {
          const col = world.fx.column(f.sourceTable, f.sourceColumn);
          const when = factTime(f, col, row, world.year);
          if (!when) continue;
          for (const [date, future] of [
            [isoFromDay(dayFromIso(when) - 1), true],
            [when, false],
          ] as const) {
            const out = writerFor(world, `${id}|time|${f.id}|${date}`, { date }).state([f]);
            if (future && col.time !== 'event') {
              expect(out).toEqual([]);
              withheld++;
              continue;
            }
            expect(out).toHaveLength(1);
            const claim = out[0]!.claims.find((c) => c.factId === f.id)!;
            expect(claim.form).toBe(future ? 'scheduled' : 'exact');
            if (future) scheduled++;
            expect(sentenceProblems(world, out[0]!)).toEqual([]);
          }
        }
      }
    expect(scheduled + withheld).toBeGreaterThan(0);
  });

  it("with the world's frame tally, a fact said on twelve pages rotates through its frames and the tally counts each", () => {
    const fact = world.fx.facts.find((f) => f.objectType === 'integer' && world.fx.column(f.sourceTable, f.sourceColumn).say?.more.length)!;
    const said = new Map<string, Map<string, number>>();
    const frames = Array.from({ length: 12 }, (_, i) => writerFor(world, `rotate-${i}`, { said }).state([fact], { maxPerSentence: 1 })[0]!.frames![0]!);
    const counts = new Map<string, number>();
    for (const f of frames) counts.set(f, (counts.get(f) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(5);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(4);
    expect(Object.fromEntries(said.get(`${fact.sourceTable}.${fact.sourceColumn}`)!)).toEqual(Object.fromEntries(counts));
  });

  it('is deterministic: the same seed writes the same sentences, another seed other ones', () => {
    const facts = world.fx.facts.slice(0, 60);
    const page = (seed: string) => {
      const w = writerFor(world, seed, { date: `${world.year}-07-01` });
      return [w.filler('context'), ...w.state(facts), w.filler('quote', facts[0]!.subject)].map((s) => s.text);
    };
    expect(page('a')).toEqual(page('a'));
    expect(page('a')).not.toEqual(page('b'));
  });
});
