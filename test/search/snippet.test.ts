import { describe, expect, it } from 'vitest';
import { SNIPPET_FILL_CHARS, SNIPPET_MAX_CHARS, buildSnippet, createSnippetBuilder, cutAtWord } from '../../src/search/snippet.js';
import { prepareQuery } from '../../src/search/query.js';
import type { MatchedPassage, PassageRecord } from '../../src/search/types.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import { splitShown } from '../../src/leakage/guard-context.js';
import { plainBody, snippetFragments } from './well-formed.js';
import { sampleWorlds } from './sample-worlds.js';

const page: PassageRecord[] = [
  { id: 1, documentId: 1, ord: 0, text: 'Zentria X9 - Orbis Encyclopedia', factIds: [] },
  { id: 2, documentId: 1, ord: 1, text: 'Zentria X9 is made by Zentria Mobile.', factIds: [10] },
  { id: 3, documentId: 1, ord: 2, text: 'Zentria X9 was launched on March 4, 2029.', factIds: [11] },
  { id: 4, documentId: 1, ord: 3, text: 'Zentria X9 launched at a price of $899.', factIds: [12] },
  { id: 5, documentId: 1, ord: 4, text: 'The battery capacity of Zentria X9 is 4,500 mAh.', factIds: [13] },
  { id: 6, documentId: 1, ord: 5, text: 'Zentria X9 has a 6.12-inch screen.', factIds: [14] },
  { id: 7, documentId: 1, ord: 6, text: 'Zentria X9 sold 1,200,000 units over the year.', factIds: [15] },
  { id: 8, documentId: 1, ord: 7, text: 'Zentria X9 ranked number 3 by units sold.', factIds: [16] },
];
const match = (id: number, score: number): MatchedPassage => ({ ...page.find((p) => p.id === id)!, score });

describe('cutAtWord', () => {
  it('cuts at a word boundary, never beyond the limit, without trailing separators', () => {
    expect(cutAtWord('one two three', 100)).toBe('one two three');
    expect(cutAtWord('one two three', 9)).toBe('one two');
    expect(cutAtWord('units sold: 729,240; market share', 21)).toBe('units sold: 729,240');
    expect(cutAtWord('abcdefghij', 4)).toBe('abcd');
    for (let max = 5; max < 40; max++) expect(cutAtWord('The battery capacity of Zentria X9 is 4,500 mAh.', max).length).toBeLessThanOrEqual(max);
  });
});

describe('buildSnippet', () => {
  it('leads with the best matching passage and fills from the page to its usual length', () => {
    const s = buildSnippet(page, [match(4, 3), match(2, 1)], ['price']);
    expect(s.text.startsWith('Zentria X9 launched at a price of $899.')).toBe(true);
    expect(s.text.length).toBeGreaterThanOrEqual(SNIPPET_FILL_CHARS);
    expect(s.text.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(s.passageIds[0]).toBe(4);
    expect(s.passageIds).not.toContain(1);
  });

  it('joins neighbours with a space and distant passages with " ... ", in page order', () => {
    const s = buildSnippet(page, [match(7, 3), match(2, 2)], ['sold']);
    expect(s.text.startsWith('Zentria X9 is made by Zentria Mobile. ... ')).toBe(true);
    expect(s.text).toContain('Zentria X9 sold 1,200,000 units over the year. Zentria X9 ranked number 3 by units sold.');
    expect(s.passageIds).toEqual(expect.arrayContaining([7, 2]));
    expect([...s.passageIds].sort((a, b) => a - b)).toEqual(s.passageIds);
  });

  it('gives the same snippet when the page numbers its passages with gaps (ord is then not the position)', () => {
    // A hand-made world file may number a page's passages 0, 2, 5, ...: positions are looked up instead.
    const gapped = page.map((p, i) => ({ ...p, ord: i === 0 ? 0 : i * 2 + 1 }));
    const gappedMatch = (id: number, score: number): MatchedPassage => ({ ...gapped.find((p) => p.id === id)!, score });
    for (const [a, b, terms] of [
      [4, 2, ['price']],
      [7, 2, ['sold']],
      [5, 6, ['battery']],
    ] as const) {
      const plain = buildSnippet(page, [match(a, 3), match(b, 2)], terms);
      const other = buildSnippet(gapped, [gappedMatch(a, 3), gappedMatch(b, 2)], terms);
      expect(other).toEqual(plain);
    }
    // An ord that is text (a hand-made world's) is never used as a position.
    const texted = page.map((p) => ({ ...p, ord: String(p.ord) as unknown as number }));
    const textedMatch = (id: number, score: number): MatchedPassage => ({ ...texted.find((p) => p.id === id)!, score });
    expect(buildSnippet(texted, [textedMatch(4, 3), textedMatch(2, 2)], ['price'])).toEqual(buildSnippet(page, [match(4, 3), match(2, 2)], ['price']));
    // A matched passage that is not on the page at all is skipped, as before.
    const stray: MatchedPassage = { id: 99, documentId: 1, ord: 3, text: 'Not on this page.', factIds: [], score: 9 };
    expect(buildSnippet(page, [stray, match(4, 3)], ['price'])).toEqual(buildSnippet(page, [match(4, 3)], ['price']));
  });

  it('never uses an excluded passage and refills to the usual length', () => {
    const plain = buildSnippet(page, [match(4, 3)], ['price']);
    const guarded = buildSnippet(page, [match(4, 3)], ['price'], (p) => p.factIds.includes(12));
    expect(guarded.passageIds).not.toContain(4);
    expect(guarded.text).not.toContain('$899');
    expect(guarded.text.length).toBeGreaterThanOrEqual(SNIPPET_FILL_CHARS);
    expect(Math.abs(guarded.text.length - plain.text.length)).toBeLessThan(80);
    expect(guarded.text).not.toMatch(/redacted|\*\*\*|hidden/i);
  });

  it('gives an empty snippet only when every passage is excluded', () => {
    expect(buildSnippet(page, [match(4, 3)], ['price'], () => true)).toEqual({ text: '', passageIds: [], cutIds: [] });
    expect(buildSnippet(page.slice(0, 1), [], ['x']).text).toBe('');
  });

  it('windows a long passage around the query term', () => {
    const long: PassageRecord = {
      id: 9,
      documentId: 1,
      ord: 1,
      text: `${'alpha beta gamma '.repeat(30)}the needle is here ${'delta '.repeat(60)}end`,
      factIds: [],
    };
    const s = buildSnippet([page[0]!, long], [{ ...long, score: 1 }], ['needle']);
    expect(s.text.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(s.text).toContain('needle');
    expect(s.text.startsWith('... ')).toBe(true);
    expect(s.text.endsWith(' ...')).toBe(true);
    expect(s.cutIds).toEqual([9]);
  });

  it('says which passages it shows cut, and only those', () => {
    const whole = buildSnippet(page, [match(2, 1)], ['made'], undefined, 1000);
    expect(whole.cutIds).toEqual([]);
    expect(whole.passageIds.length).toBeGreaterThan(1);
    // 90 characters: the lead whole, then the passage after it cut.
    const s = buildSnippet(page, [match(4, 3)], ['price'], undefined, 90);
    expect(s.text.endsWith(' ...')).toBe(true);
    const last = s.passageIds[s.passageIds.length - 1]!;
    expect(last).toBe(5);
    expect(s.cutIds).toEqual([5]);
    expect(s.text).not.toContain(page.find((p) => p.id === last)!.text);
    for (const id of s.passageIds.filter((id) => id !== last)) expect(s.text).toContain(page.find((p) => p.id === id)!.text);
  });
});

describe('snippets of real worlds', () => {
  it('stay within length, agree with their page, and refill when their lead passage is excluded', () => {
    for (const sample of sampleWorlds()) {
      const world = createSearchWorld(sample.path);
      try {
        for (const task of sample.data.tasks) {
          const query = prepareQuery(task.question);
          const build = createSnippetBuilder(world, query);
          for (const c of world.retrieve(query, 10).slice(0, 10)) {
            const body = plainBody(world.body(c.page.id));
            const s = build(c);
            expect(s.text.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
            // The passages the builder says it cut are the ones whose whole text the snippet does not show.
            const shown = s.passageIds.map((id) => world.passage(id)!);
            expect([...s.cutIds].sort()).toEqual(
              splitShown(s.text, shown)
                .cut.map((p) => p.id)
                .sort(),
            );
            for (const f of snippetFragments(s.text)) expect(body).toContain(f);
            const lead = s.passageIds[0];
            if (lead === undefined) continue;
            const again = build(c, (p) => p.id === lead);
            expect(again.passageIds).not.toContain(lead);
            for (const f of snippetFragments(again.text)) expect(body).toContain(f);
            const rest = world
              .passagesOf(c.page.id)
              .filter((p) => p.ord > 0 && p.id !== lead)
              .reduce((n, p) => n + p.text.length + 1, 0);
            if (rest >= SNIPPET_MAX_CHARS) expect(again.text.length).toBeGreaterThanOrEqual(Math.min(s.text.length, SNIPPET_FILL_CHARS) - 60);
          }
        }
      } finally {
        world.close();
      }
    }
  });
});
