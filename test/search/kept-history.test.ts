import { describe, expect, it } from 'vitest';
import { KeptHistory, SEGMENT_BYTES, segmentsAllocated, type HistoryEntry } from '../../src/search/kept-history.js';
import { Rng } from '../../src/rng.js';

const entry = (callIndex: number, text: string): HistoryEntry => ({
  callIndex, name: callIndex % 3 === 0 ? 'web_extractor' : 'web_search', arguments: { queries: [`q${callIndex}`], page: 1 }, text, renderer: 'template',
  ...(callIndex % 3 === 0 ? { page: { url: `https://a.example/${callIndex}`, title: `T${callIndex}` } } : {}),
});

const PIECES = ['a', 'Results for "x":\n', ' — ', 'ünï', '日本語', '🙂', 'e\u0301', '\u2028', '\ud800', '\udfff', '\n', '0123456789'];

/** A random text: empty, short or long (up to ~9 KB), mostly ASCII, sometimes with a lone surrogate. */
function randomText(rng: Rng): string {
  const kind = rng.int(0, 9);
  if (kind === 0) return '';
  const parts = kind >= 7 ? rng.int(500, 3000) : rng.int(1, 400);
  let s = '';
  for (let i = 0; i < parts; i++) s += rng.int(0, 3) === 0 ? rng.pick(PIECES) : String.fromCharCode(rng.int(32, 126));
  return s;
}

describe('kept history', () => {
  it('gives back the last `limit` entries exactly, in order, over random texts and limits', () => {
    for (const limit of [1, 2, 3, 7, 64]) {
      const rng = new Rng(`kept:${limit}`);
      const ring = new KeptHistory(limit);
      const all: HistoryEntry[] = [];
      for (let i = 0; i < 2000; i++) {
        const e = entry(i, randomText(rng));
        const bytes = ring.push(e)!.utf8();
        all.push(e);
        if (e.text.isWellFormed()) expect(Buffer.from(bytes!).toString('utf8')).toBe(e.text);
        else expect(bytes).toBeUndefined();
        if (limit < 64 || i % 37 === 0 || i > 1990) {
          expect(ring.recent(Infinity)).toEqual(all.slice(-limit));
          expect(ring.recent(2)).toEqual(all.slice(-Math.min(2, limit)));
        }
      }
      expect(ring.length).toBe(limit);
      expect(ring.recent(0)).toEqual([]);
    }
  });

  it('never writes over a kept text, whatever the lengths in characters and in bytes', () => {
    // Texts that just fit, or just do not, in what is left of a segment: in characters, or only in bytes.
    const fill = 'a'.repeat(SEGMENT_BYTES - 7000);
    for (const last of ['x'.repeat(6100), '\u00fc'.repeat(3001), '\u00fc'.repeat(3500), 'x'.repeat(7000), '\u{1F642}'.repeat(1600), 'z'.repeat(40_000)]) {
      const ring = new KeptHistory(3);
      const all = [entry(0, fill), entry(1, 'b'.repeat(1000)), entry(2, last), entry(3, 'after'), entry(4, 'c'.repeat(9000)), entry(5, last)];
      for (const e of all) {
        ring.push(e);
        expect(ring.recent(Infinity)).toEqual(all.slice(0, e.callIndex + 1).slice(-3));
      }
    }
  });

  it('keeps the given keys in the given order', () => {
    const ring = new KeptHistory(4);
    const given = entry(1, 'x ünï');
    ring.push(given);
    const [e] = ring.recent(1);
    expect(Object.keys(e!)).toEqual(Object.keys(given));
    expect({ ...e }).toEqual(given);
    expect(structuredClone(e)).toEqual(given);
  });

  it('hands out snapshots: they stay whole after their bytes are reused, and a copy of the bytes is the caller\'s', () => {
    const rng = new Rng('kept:snapshots');
    const ring = new KeptHistory(3);
    ring.push(entry(0, 'first observation ünï'));
    const second = ring.push(entry(1, 'second observation'))!;
    const snapshot = ring.recent(Infinity);
    const copy = structuredClone(snapshot);
    const bytes = second.utf8()!;
    bytes.fill(0);
    expect(ring.recent(Infinity)).toEqual(copy);
    expect(second.utf8()).not.toBe(bytes);
    expect(Buffer.from(second.utf8()!).toString('utf8')).toBe('second observation');
    ring.push(entry(2, 'third'));
    // still kept, after a text too long for a segment
    ring.push(entry(3, 'y'.repeat(50_000)));
    expect(Buffer.from(second.utf8()!).toString('utf8')).toBe('second observation');
    // gone from the history: no bytes, whatever its segment now holds
    ring.push(entry(4, 'fifth'));
    expect(second.utf8()).toBeUndefined();
    for (let i = 5; i < 300; i++) ring.push(entry(i, randomText(rng)));
    expect(snapshot).toEqual(copy);
    expect(ring.recent(1)[0]!.callIndex).toBe(299);
  });

  it('reuses its segments: a history in steady state, or a new one after another closed, allocates none', () => {
    // each text its own (a segment reused too early would not show under repeating texts)
    const text = (i: number) => `${i}:${String(i % 10).repeat(3000 + (i % 5) * 100)}`;
    const warm = new KeptHistory(64);
    for (let i = 0; i < 200; i++) warm.push(entry(i, text(i)));
    const allocated = segmentsAllocated();
    for (let i = 200; i < 2000; i++) warm.push(entry(i, text(i)));
    expect(segmentsAllocated()).toBe(allocated);
    expect(warm.recent(Infinity)).toEqual(Array.from({ length: 64 }, (_, j) => entry(1936 + j, text(1936 + j))));
    warm.close();
    expect(warm.recent(Infinity)).toEqual([]);
    // closed for good: a call that ends after its session closed is not kept
    expect(warm.push(entry(2000, 'late'))).toBeUndefined();
    expect(warm.length).toBe(0);
    const next = new KeptHistory(64);
    for (let i = 0; i < 2000; i++) next.push(entry(i, text(i)));
    expect(segmentsAllocated()).toBe(allocated);
  });

  it('keeps histories that share the pool apart, and a handle outstanding when its history closes reads nothing', () => {
    const rng = new Rng('kept:shared');
    const rings = [1, 2, 5, 64].map((limit) => ({ history: new KeptHistory(limit), all: [] as HistoryEntry[], limit }));
    const handles: { h: ReturnType<KeptHistory['push']>; text: string; owner: number }[] = [];
    for (let i = 0; i < 3000; i++) {
      const r = rng.pick(rings);
      const e = entry(i, randomText(rng));
      handles.push({ h: r.history.push(e), text: e.text, owner: rings.indexOf(r) });
      r.all.push(e);
      if (i % 500 === 499) {
        // one ring closes and a new one takes its place
        const j = rng.int(0, rings.length - 1);
        rings[j]!.history.close();
        for (const x of handles) if (x.owner === j) expect(x.h?.utf8()).toBeUndefined();
        rings[j] = { history: new KeptHistory(rings[j]!.limit), all: [], limit: rings[j]!.limit };
        for (const x of handles) if (x.owner === j) x.owner = -1;
      }
      for (const x of rings) expect(x.history.recent(Infinity)).toEqual(x.all.slice(-x.limit));
    }
    // every handle still in its history reads its own text
    for (const x of rings) {
      const kept = new Set(x.history.recent(Infinity).map((e) => e.callIndex));
      expect(kept.size).toBe(Math.min(x.limit, x.all.length));
    }
    for (const { h, text } of handles) {
      const bytes = h?.utf8();
      if (bytes) expect(Buffer.from(bytes).toString('utf8')).toBe(text);
    }
  });

  it('keeps nothing with a limit of 0', () => {
    const ring = new KeptHistory(0);
    expect(ring.push(entry(0, 'x'))).toBeUndefined();
    expect(ring.length).toBe(0);
    expect(ring.recent(Infinity)).toEqual([]);
  });
});
