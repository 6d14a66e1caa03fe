/**
 * Frames over every attribute of the registered themes (their lexicons from the theme specs): each attribute is
 * said in at least 6 different frames, and every sentence states the exact value and its subject (or a
 * recorded reference to it), in grammatical form.
 */
import { describe, expect, it } from 'vitest';
import { fill } from '../../src/prose/frames.js';
import { amountOf } from '../../src/prose/lexicon.js';
import { THEME_IDS, makeWorld, writerFor } from './_world.js';
import { frameKinds, sentenceProblems } from './_checks.js';

/** The first two rows of a table, plus the first row stating each attribute those two leave out (an optional or conditional column). */
function rowsCovering(world: ReturnType<typeof makeWorld>, table: string) {
  const rows = world.rows[table] ?? [];
  const picked = rows.slice(0, 2);
  const covered = new Set(picked.flatMap((r) => world.fx.ofRow(table, r.id).map((f) => f.sourceColumn)));
  for (const r of rows.slice(2)) {
    const cols = world.fx.ofRow(table, r.id).map((f) => f.sourceColumn);
    if (cols.some((c) => !covered.has(c))) {
      picked.push(r);
      for (const c of cols) covered.add(c);
    }
  }
  return picked;
}

describe.each(THEME_IDS)('frames of %s', (id) => {
  it('every attribute is said in ≥ 6 frames, each stating the exact value and subject', () => {
    const frames = new Map<string, Set<string>>();
    const problems: string[] = [];
    // Six worlds, and further ones while an optional attribute is absent from all those drawn
    // (an optional attribute is present per world, so a few worlds may lack it by chance).
    const attributesOf = (w: ReturnType<typeof makeWorld>) =>
      w.theme.tables.flatMap((t) => t.columns.filter((c) => c.name !== t.nameColumn).map((c) => `${t.name}.${c.name}`));
    const stated = new Set<string>();
    // A part of a composite subject's name (the quarter of "Zentria X9, Q2 2031") is stated by naming the
    // row ('implied'), never in a sentence of its own that would say it twice.
    const impliedOnly = (a: string) => frames.has(a) && [...frames.get(a)!].every((k) => k === 'implied');
    for (let seed = 1; seed <= 40; seed++) {
      const world = makeWorld(id, seed);
      const own = new Set(world.fx.facts.map((f) => `${f.sourceTable}.${f.sourceColumn}`));
      // Past six worlds, draw more only while an attribute is unseen or seen in fewer than 6 frames.
      const settled = (a: string) => stated.has(a) && ((frames.get(a)?.size ?? 0) >= 6 || impliedOnly(a));
      if (seed > 6 && attributesOf(world).every(settled)) break;
      if (seed > 6 && [...own].every(settled)) continue;
      for (const a of own) stated.add(a);
      for (const t of world.theme.tables)
        for (const row of rowsCovering(world, t.name))
          for (let page = 0; page < 14; page++) {
            const w = writerFor(world, `${id}|${seed}|${t.name}|${row.id}|${page}`, { num: (page % 2) as 0 | 1, dateStyle: (page % 3) as 0 | 1 | 2 });
            for (const s of w.state(world.fx.ofRow(t.name, row.id))) {
              problems.push(...sentenceProblems(world, s));
              s.facts.forEach((f, i) => {
                const key = `${f.sourceTable}.${f.sourceColumn}`;
                const set = frames.get(key) ?? new Set();
                for (const k of frameKinds(s.frames![i]!)) if (k !== 'description') set.add(k);
                frames.set(key, set);
              });
            }
          }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    // Every attribute, optional ones included, occurs in one of the drawn worlds.
    const attributes = attributesOf(makeWorld(id, 1));
    const thin = attributes.filter((a) => (frames.get(a)?.size ?? 0) < 6 && !impliedOnly(a)).map((a) => `${a}: ${[...(frames.get(a) ?? [])].join(',')}`);
    expect(thin).toEqual([]);
  });

  it('every fact-stating column has a draft lexicon with ≥ 2 more sentences, and `future` for event dates', () => {
    const world = makeWorld(id, 1);
    for (const t of world.theme.tables)
      for (const c of t.columns) {
        if (c.name === t.nameColumn) continue;
        expect(c.say, `${t.name}.${c.name}`).toBeDefined();
        expect(c.say!.more.length, `${t.name}.${c.name}`).toBeGreaterThanOrEqual(2);
        if (c.time === 'event') expect(c.say!.future, `${t.name}.${c.name}`).toBeDefined();
      }
  });
});

describe('the value beside the noun (amountOf)', () => {
  const lex = (noun: string, amount?: string) => ({ noun, verb: 'has {v}', more: [], ...(amount ? { amount } : {}) });
  it('keeps a unit the noun does not name, and drops one it does', () => {
    expect(amountOf(lex('battery capacity', '{v} mAh'), '5,000', fill)).toBe('5,000 mAh');
    expect(amountOf(lex('headcount', '{v} people'), '300', fill)).toBe('300 people');
    expect(amountOf(lex('room count', '{v} rooms'), '300', fill)).toBe('300');
    expect(amountOf(lex('council seat count', '{v} seats'), '31', fill)).toBe('31');
    expect(amountOf(lex('vote count', '{v} votes'), '31,557', fill)).toBe('31,557');
    expect(amountOf(lex('launch price'), '$429', fill)).toBe('$429');
    expect(amountOf(lex('latitude', '{v} degrees north'), '12.50', fill)).toBe('12.50 degrees north');
  });
});
