import { describe, expect, it } from 'vitest';
import { HistoryRing, type HistoryEntry } from '../../src/search/history-ring.js';
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

describe('history ring', () => {
  it('gives back the last `limit` entries exactly, in order, over random texts and limits', () => {
    for (const limit of [1, 2, 3, 7, 64]) {
      const rng = new Rng(`ring:${limit}`);
      const ring = new HistoryRing(limit);
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

  it('never writes over a kept text: a text longer than the gap before the oldest one, in UTF-16 or in UTF-8, goes elsewhere', () => {
    // Nine 1,000-byte texts with a limit of 3 leave the ring wrapped: the head near its start, the oldest
    // kept text near its end. Each last text is longer than the gap between them (in characters or only in
    // bytes) but not than the rest of the buffer.
    for (const last of ['x'.repeat(6100), '\u00fc'.repeat(3001), '\u00fc'.repeat(3000), 'x'.repeat(6000), '\u{1F642}'.repeat(1600)]) {
      const ring = new HistoryRing(3);
      const all = Array.from({ length: 9 }, (_, i) => entry(i, String.fromCharCode(97 + i).repeat(1000)));
      all.push(entry(9, last), entry(10, 'after'));
      for (const e of all) {
        ring.push(e);
        expect(ring.recent(Infinity)).toEqual(all.slice(0, e.callIndex + 1).slice(-3));
      }
    }
  });

  it('keeps the given keys in the given order', () => {
    const ring = new HistoryRing(4);
    const given = entry(1, 'x ünï');
    ring.push(given);
    const [e] = ring.recent(1);
    expect(Object.keys(e!)).toEqual(Object.keys(given));
    expect({ ...e }).toEqual(given);
    expect(structuredClone(e)).toEqual(given);
  });

  it('hands out snapshots: they stay whole after the ring overwrites their bytes, and its buffer is the caller\'s', () => {
    const rng = new Rng('ring:snapshots');
    const ring = new HistoryRing(3);
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
    // still kept (the ring has grown meanwhile when needed: the handle follows its bytes)
    ring.push(entry(3, 'y'.repeat(50_000)));
    expect(Buffer.from(second.utf8()!).toString('utf8')).toBe('second observation');
    // gone from the history: no bytes, whatever the ring now holds there
    ring.push(entry(4, 'fifth'));
    expect(second.utf8()).toBeUndefined();
    for (let i = 5; i < 300; i++) ring.push(entry(i, randomText(rng)));
    expect(snapshot).toEqual(copy);
    expect(ring.recent(1)[0]!.callIndex).toBe(299);
  });

  it('stops allocating once it has grown to the history it holds', () => {
    const rng = new Rng('ring:steady');
    const ring = new HistoryRing(64);
    const text = () => 'x'.repeat(rng.int(1000, 5000));
    for (let i = 0; i < 400; i++) ring.push(entry(i, text()));
    const grown = ring.capacity;
    // 64 texts of at most 5,000 bytes, with room to write the next one whole
    expect(grown).toBeLessThanOrEqual(4 * (64 * 5000 + 3 * 5000));
    for (let i = 400; i < 2000; i++) ring.push(entry(i, text()));
    expect(ring.capacity).toBe(grown);
  });

  it('keeps nothing with a limit of 0', () => {
    const ring = new HistoryRing(0);
    expect(ring.push(entry(0, 'x'))).toBeUndefined();
    expect(ring.length).toBe(0);
    expect(ring.recent(Infinity)).toEqual([]);
    expect(ring.capacity).toBe(0);
  });
});
