import { describe, expect, it } from 'vitest';
import { drawChain, MAX_HOPS, MIN_HOPS, readChain, readPath } from '../../../src/tasks/families/chain.js';
import { ATTRIBUTE_FRAMES, matchEvery } from '../../../src/tasks/questions/asks.js';
import { FAMILIES, READERS } from '../../../src/tasks/families/index.js';
import { listThemes } from '../../../src/themes/registry.js';
import { contextOf, themeDb, world } from './_worlds.js';
import { checkDraft, guessable, hasOpenLink, proofHolds } from './_check.js';

const WORLDS = listThemes().map((_, i) => world(11, i));
const read = (q: string) => readChain(q, 'chain');

describe('chain family', () => {
  it('is registered with its reader', () => {
    expect(FAMILIES.chain).toBe(drawChain);
    expect(READERS.chain).toBe(readChain);
  });

  const all = WORLDS.map((data) => ({ data, drafts: drawChain(contextOf(data), 6) }));

  it('draws 2–4 hop chains in a world of every theme whose bridges are never named nor guessable', () => {
    for (const { data, drafts } of all) {
      // A theme whose every link leads to a row its own name gives away (smartphones: each model is named
      // after its brand) has no chain the shortcut check would pass, and none is drawn.
      expect(drafts.length > 0, data.theme.id).toBe(hasOpenLink(contextOf(data), 4));
      const db = themeDb(data);
      for (const d of drafts) {
        expect(d.hops).toBeGreaterThanOrEqual(MIN_HOPS);
        expect(d.hops).toBeLessThanOrEqual(MAX_HOPS);
        expect(d.hopFactIds.length).toBe(d.reading && 'links' in d.reading ? d.reading.links.length : -1);
        expect(d.bridgeNames!.length).toBe(d.hopFactIds.length);
        // A described start is proved unique; no bridge shares a word with the start's name or a name the question mentions.
        if (d.proof) expect(proofHolds(db, d), d.question).toBe(true);
        expect(guessable(data, d), d.question).toBeNull();
        checkDraft(data, db, d, read);
      }
      db.close();
    }
    // Every theme but one whose names give every link away draws chains.
    expect(all.filter((x) => x.drafts.length > 0).length).toBeGreaterThanOrEqual(WORLDS.length - 1);
  });

  it('asks in many frames, the answer type choosing the interrogative', () => {
    const drafts = all.flatMap((x) => x.drafts);
    const frames = new Set(drafts.map((d) => ATTRIBUTE_FRAMES.find((f) => matchEvery(f.template, d.question).some((m) => readPath(m.x!).length > 0))?.id));
    expect(frames.size).toBeGreaterThanOrEqual(5);
    for (const d of drafts) {
      if (d.answerType === 'date') expect(d.question).toMatch(/^(On what date|When|What|Give|For|Find)\b/);
      if (/^How much\b/.test(d.question)) expect(d.answerText).toMatch(/^\$/);
    }
  });

  it('reads nothing that is not one of its frames', () => {
    expect(read('What is the launch price of the phone model?')).toBeNull();
    expect(read('Which is the phone model whose launch price is more than $400?')).toBeNull();
  });
});
