import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_FRAMES, SUBJECT_FRAMES, matchEvery } from '../../../src/tasks/questions/asks.js';
import { drawConstraint, MAX_CONSTRAINTS, MIN_CONSTRAINTS, readConstraint } from '../../../src/tasks/families/constraint.js';
import { FAMILIES, READERS } from '../../../src/tasks/families/index.js';
import { listThemes } from '../../../src/themes/registry.js';
import { contextOf, themeDb, world } from './_worlds.js';
import { checkDraft, guessable, proofHolds } from './_check.js';

// Two worlds per theme. In smartphones (every model named after its brand, so no via condition passes the
// bridge check) only relative time spans tables, which many worlds' brands are too old for: the first
// test looks further, up to 12 worlds of a theme, for one that draws.
const THEMES = listThemes().length;
const WORLDS = Array.from({ length: 2 * THEMES }, (_, i) => world(11, i));
const read = (q: string) => readConstraint(q, 'constraint');

describe('constraint family', () => {
  it('is registered with its reader', () => {
    expect(FAMILIES.constraint).toBe(drawConstraint);
    expect(READERS.constraint).toBe(readConstraint);
  });

  const all = WORLDS.map((data) => ({ data, drafts: drawConstraint(contextOf(data), 6) }));

  it('draws drafts in a world of every theme, deterministically', () => {
    listThemes().forEach((theme, t) => {
      let drawing = all.filter((x) => x.data.theme.id === theme.id && x.drafts.length > 0).length;
      for (let k = 2; drawing === 0 && k < 12; k++) {
        const data = world(11, t + k * THEMES);
        expect(data.theme.id).toBe(theme.id);
        if (drawConstraint(contextOf(data), 6).length > 0) drawing++;
      }
      expect(drawing, theme.id).toBeGreaterThan(0);
    });
    const again = drawConstraint(contextOf(WORLDS[0]!), 6);
    expect(again.map((d) => d.question)).toEqual(all[0]!.drafts.map((d) => d.question));
  });

  it('every draft is proved unique and minimal by its SQL, spans two tables, and its question reads back', () => {
    for (const { data, drafts } of all) {
      const db = themeDb(data);
      for (const d of drafts) {
        expect(proofHolds(db, d), d.question).toBe(true);
        expect(d.constraints).toBeGreaterThanOrEqual(MIN_CONSTRAINTS);
        expect(d.constraints).toBeLessThanOrEqual(MAX_CONSTRAINTS);
        expect(d.proof!.leaveOneOut.length).toBe(d.constraints);
        expect(d.hops).toBeGreaterThanOrEqual(1);
        expect(d.hopFactIds.length).toBeGreaterThan(0);
        expect(guessable(data, d), d.question).toBeNull();
        checkDraft(data, db, d, read);
      }
      db.close();
    }
  });

  it('asks for the entity and for its attributes, in several frames each', () => {
    const drafts = all.flatMap((x) => x.drafts);
    const frameOf = (q: string) => [...ATTRIBUTE_FRAMES, ...SUBJECT_FRAMES].find((f) => matchEvery(f.template, q).length > 0 && read(q) !== null)?.id;
    const byName = new Set(drafts.filter((d) => !d.reading || !('asks' in d.reading) || !d.reading.asks).map((d) => frameOf(d.question)));
    const byValue = new Set(
      drafts.filter((d) => d.answerType !== 'entity' || (d.reading && 'asks' in d.reading && d.reading.asks)).map((d) => frameOf(d.question)),
    );
    expect(byName.size).toBeGreaterThanOrEqual(4);
    expect(byValue.size).toBeGreaterThanOrEqual(4);
  });

  it('reads nothing that is not one of its frames', () => {
    expect(read('What is the launch price of Zentria X9?')).toBeNull();
    expect(readConstraint('Which is the phone model whose launch price is more than $400?', 'chain')).toBeNull();
  });
});
