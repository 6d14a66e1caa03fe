/** Noise claims obey their rules; every fact is still stated exactly somewhere; generation is deterministic. */
import { describe, expect, it } from 'vitest';
import { checkWorld } from '../../../src/world/consistency.js';
import { generateWorld } from '../../../src/world/generate.js';
import { batch } from './fixture.js';

const nonExact = (w: ReturnType<typeof batch>[number]) =>
  w.documents.flatMap((d) => d.passages.flatMap((p) => (p.claims ?? []).filter((c) => c.form !== 'exact')));

describe('claims', () => {
  it('every claim obeys its rules (checkWorld runs them), and every world is consistent', () => {
    for (const w of batch()) {
      expect(checkWorld(w), w.meta.world_id).toEqual([]);
    }
  });

  it('at least half the worlds carry 3 or more non-exact claims, of every noise form over the batch', () => {
    const counts = batch().map((w) => nonExact(w).length);
    expect(counts.filter((n) => n >= 3).length).toBeGreaterThanOrEqual(batch().length / 2);
    const forms = new Set(batch().flatMap((w) => nonExact(w).map((c) => c.form)));
    for (const f of ['rounded', 'preliminary', 'erroneous', 'corrected']) expect(forms).toContain(f);
  });

  it('every fact is stated exactly by at least one passage', () => {
    // (an event after every page's date is stated exactly as scheduled: "is due to end on 8 March 2033")
    const precise = new Set(['exact', 'scheduled']);
    for (const w of batch()) {
      const exact = new Set(w.documents.flatMap((d) => d.passages.flatMap((p) => (p.claims ?? []).filter((c) => precise.has(c.form)).map((c) => c.factId))));
      for (const f of w.facts) expect(exact.has(f.id), `${w.meta.world_id} fact ${f.id}`).toBe(true);
    }
  });

  it('the checker finds a broken claim', () => {
    const w = generateWorld(23, 1);
    const passages = w.documents.flatMap((d) => d.passages);
    const r = passages.find((p) => (p.claims ?? []).some((c) => c.form === 'rounded'));
    const e = w.documents.find((d) => d.passages.some((p) => (p.claims ?? []).some((c) => c.form === 'erroneous')));
    expect(r && e).toBeTruthy();
    const rc = r!.claims!.find((c) => c.form === 'rounded')!;
    r!.text = r!.text.replace(rc.stated, 'about 7');
    rc.stated = 'about 7';
    for (const p of e!.passages) p.claims = (p.claims ?? []).filter((c) => c.form !== 'corrected');
    const problems = checkWorld(w);
    expect(problems.some((m) => m.includes('as its rounded claim says'))).toBe(true);
    expect(problems.some((m) => m.includes('as its erroneous claim says'))).toBe(true);
  });

  it('the same seed gives the same pages', () => {
    const a = generateWorld(23, 5);
    const b = generateWorld(23, 5);
    expect(JSON.stringify(a.documents)).toBe(JSON.stringify(b.documents));
  });
});
