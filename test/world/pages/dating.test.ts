/** Dates: truthful page dates, last-edited dates on wiki pages, never a fact's date, never after the reference date. */
import { describe, expect, it } from 'vitest';
import { anachronisms } from '../../../src/world/time-check.js';
import { Rng } from '../../../src/rng.js';
import { deriveFacts } from '../../../src/world/facts.js';
import { Dating } from '../../../src/world/pages/dating.js';
import { batch } from './fixture.js';

describe('page dates', () => {
  it('no anachronism in any world', () => {
    for (const w of batch()) expect(anachronisms(w), w.meta.world_id).toEqual([]);
  });

  it('every page is dated, within the world window and never on a date the world states as a fact', () => {
    for (const w of batch()) {
      const factDates = new Set(w.facts.filter((f) => f.objectType === 'date').map((f) => f.object));
      for (const d of w.documents) {
        expect(d.published, d.url).not.toBeNull();
        expect(d.published! < w.meta.reference_date).toBe(true);
        expect(factDates.has(d.published!), d.url).toBe(false);
        expect(d.dateKind).toBe(d.kind === 'encyclopedia' ? 'edited' : 'published');
      }
    }
  });

  it('every page is dated on or after every past event it states (page-side view, with the fallback roles)', () => {
    for (const w of batch().slice(0, 8)) {
      const fx = deriveFacts(w.theme, w.rows);
      const dating = new Dating(w.theme, w.rows, fx, Number(w.meta.reference_date.slice(0, 4)) - 1);
      for (const d of w.documents)
        for (const p of d.passages)
          for (const c of p.claims ?? []) {
            if (c.form === 'preliminary' || c.form === 'erroneous') continue;
            const t = dating.when(fx.facts[c.factId - 1]!);
            // A scheduled claim is the one way to state an event before it: only then, never after.
            if (t && c.form === 'scheduled') expect(d.published! < t, `${d.url} states fact ${c.factId} as scheduled after ${t}`).toBe(true);
            else if (t) expect(d.published! >= t, `${d.url} states fact ${c.factId} true from ${t}`).toBe(true);
          }
    }
  });

  it('pick stays in its window and off fact dates', () => {
    const w = batch()[0]!;
    const fx = deriveFacts(w.theme, w.rows);
    const year = Number(w.meta.reference_date.slice(0, 4)) - 1;
    const dating = new Dating(w.theme, w.rows, fx, year);
    const factDates = new Set(fx.facts.filter((f) => f.objectType === 'date').map((f) => f.object));
    const rng = new Rng(3);
    for (let i = 0; i < 200; i++) {
      const d = dating.pick(rng, `${year}-03-01`, 30, `${year}-03-20`);
      expect(d >= `${year}-03-01` && d < `${year}-03-20`).toBe(true);
      expect(factDates.has(d)).toBe(false);
    }
    expect(dating.pick(rng, `${year + 5}-01-01`, 10) <= dating.last).toBe(true);
  });
});
