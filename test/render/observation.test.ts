import { describe, expect, it } from 'vitest';
import { FictionError } from '../../src/errors.js';
import { formatPageJson, formatPageText, formatSearch, formatSearchJson, formatSearchText, type QueryBlock } from '../../src/render/observation.js';
import { createRenderer, createRendererSync } from '../../src/render/renderer.js';
import { resultFromHit, templateRenderer } from '../../src/render/template.js';
import type { RenderedResult } from '../../src/search/types.js';

const result = (n: number, date: string | null, snippet: string | null = `Snippet ${n} text.`): RenderedResult => ({
  documentId: n,
  url: `https://wiki.orbis-encyclopedia.example/wiki/Page_${n}`,
  title: `Page ${n} - Orbis Encyclopedia`,
  snippet,
  date,
  site: 'wiki.orbis-encyclopedia.example',
  passageIds: [n],
});

describe('search observation text', () => {
  it('is the Qwen-AgentWorld format: header, numbered results, Title/Snippet/Date, blank lines between', () => {
    const blocks: QueryBlock[] = [
      { query: 'zentria x9 price', page: 1, firstRank: 1, results: [result(1, '2029-03-04'), result(2, null)], hasMore: false },
      { query: 'nothing', page: 1, firstRank: 1, results: [], hasMore: false },
    ];
    expect(formatSearchText(blocks)).toBe(
      'Results for "zentria x9 price":\n' +
        '[1] https://wiki.orbis-encyclopedia.example/wiki/Page_1\nTitle: Page 1 - Orbis Encyclopedia\nSnippet: Snippet 1 text.\nDate: Mar 4, 2029\n\n' +
        '[2] https://wiki.orbis-encyclopedia.example/wiki/Page_2\nTitle: Page 2 - Orbis Encyclopedia\nSnippet: Snippet 2 text.\nDate: N/A\n\n' +
        'Results for "nothing":\nNo results found.',
    );
  });

  it('numbers later pages from their first rank, shows a missing snippet as N/A and keeps each field on one line', () => {
    const r = { ...result(3, '2031-12-25'), title: 'Two\nlines', snippet: null };
    const text = formatSearchText([{ query: 'q', page: 2, firstRank: 11, results: [r], hasMore: true }]);
    expect(text).toBe(
      'Results for "q":\n[11] https://wiki.orbis-encyclopedia.example/wiki/Page_3\nTitle: Two lines\nSnippet: N/A\nDate: Dec 25, 2031\n\n' +
        'More results are available: request page 3.',
    );
  });

  it('says more results are available whenever there are (the JSON hasMore), paginated or not, and only then', () => {
    const page1 = (hasMore: boolean, results = [result(1, null)]) => ({ query: 'q', page: 1, firstRank: 1, results, hasMore });
    const more = '\n\nMore results are available: request page 2.';
    // An ordinary page 1 of ten results with more behind it: the text said nothing of them before.
    expect(formatSearchText([page1(true)]).endsWith(`Date: N/A${more}`)).toBe(true);
    expect(formatSearchJson([page1(true)]).queries[0]!.hasMore).toBe(true);
    expect(formatSearchText([page1(false)])).not.toContain('More results');
    // In a batch each block says it for itself; a page the guard emptied still points at the next one.
    const batch = formatSearchText([page1(true), { ...page1(false), query: 'r' }, { ...page1(true, []), query: 's' }]);
    expect(batch.split(more)).toHaveLength(3);
    expect(batch.endsWith(`Results for "s":\nNo results found.${more}`)).toBe(true);
  });

  it('shows faults as observations: a failed call is its message, a failed batch query its own block', () => {
    const error = { type: 'rate_limited' as const, message: 'Error 429: Too Many Requests.' };
    expect(formatSearchText([], error)).toBe('Error 429: Too Many Requests.');
    expect(formatSearchJson([], error)).toEqual({ tool: 'web_search', queries: [], error });
    const failed = { type: 'query_failed' as const, message: 'Error: This query failed.' };
    const blocks: QueryBlock[] = [{ query: 'a', page: 1, firstRank: 1, results: [], hasMore: false, error: failed }];
    expect(formatSearchText(blocks)).toBe('Results for "a":\nError: This query failed.');
    expect(formatSearchJson(blocks).queries[0]!.error).toEqual(failed);
  });

  it('JSON carries the same content as the text', () => {
    const json = formatSearchJson([{ query: 'q', page: 1, firstRank: 1, results: [result(1, '2029-03-04'), result(2, null, null)], hasMore: true }]);
    expect(json).toEqual({
      tool: 'web_search',
      queries: [
        {
          query: 'q',
          page: 1,
          hasMore: true,
          results: [
            {
              rank: 1,
              url: 'https://wiki.orbis-encyclopedia.example/wiki/Page_1',
              title: 'Page 1 - Orbis Encyclopedia',
              snippet: 'Snippet 1 text.',
              date: 'Mar 4, 2029',
              site: 'wiki.orbis-encyclopedia.example',
            },
            {
              rank: 2,
              url: 'https://wiki.orbis-encyclopedia.example/wiki/Page_2',
              title: 'Page 2 - Orbis Encyclopedia',
              snippet: null,
              date: 'N/A',
              site: 'wiki.orbis-encyclopedia.example',
            },
          ],
        },
      ],
    });
  });
});

describe('formatSearch', () => {
  it('gives exactly what formatSearchText and formatSearchJson give', () => {
    const blocks: QueryBlock[] = [
      {
        query: 'a',
        page: 2,
        firstRank: 11,
        results: [result(1, '2029-03-04'), { ...result(2, null), snippet: ' two\n lines ' }],
        hasMore: true,
      },
      { query: 'b', page: 2, firstRank: 11, results: [], hasMore: false, error: { type: 'query_failed', message: 'Error: failed.' } },
    ];
    expect(formatSearch(blocks)).toEqual({ text: formatSearchText(blocks), json: formatSearchJson(blocks) });
    const error = { type: 'timeout' as const, message: 'Error: timed out.' };
    expect(formatSearch([], error)).toEqual({ text: formatSearchText([], error), json: formatSearchJson([], error) });
    expect(formatSearchJson(blocks).queries[0]!.results[1]!.snippet).toBe('two lines');
  });
});

describe('page observation', () => {
  it('is Markdown with Title, URL and Date lines above the body', () => {
    const view = { url: 'https://x.example/a', title: 'A - X', site: 'x.example', published: '2030-01-02', body: '# A\n\nText.\n' };
    expect(formatPageText(view)).toBe('Title: A - X\nURL: https://x.example/a\nDate: Jan 2, 2030\n\n# A\n\nText.');
    expect(formatPageJson(view)).toEqual({
      tool: 'web_extractor',
      url: 'https://x.example/a',
      title: 'A - X',
      site: 'x.example',
      date: 'Jan 2, 2030',
      content: '# A\n\nText.',
    });
  });
});

describe('renderers', () => {
  it('the template renderer writes each hit as its page states it', async () => {
    const page = { id: 7, url: 'https://x.example/p', title: 'P - X', site: 'x.example', published: null, kind: 'entity' };
    const hit = { candidate: { page, score: 1, passages: [] }, snippet: { text: 'S.', passageIds: [3, 4], cutIds: [] } };
    expect(resultFromHit(hit)).toEqual({ documentId: 7, url: page.url, title: page.title, snippet: 'S.', date: null, site: 'x.example', passageIds: [3, 4] });
    expect(await createRenderer('template')).toBe(templateRenderer);
    expect(createRendererSync('template')).toBe(templateRenderer);
  });

  it('an unknown renderer is a one-line BAD_INPUT error', async () => {
    await expect(createRenderer('toString')).rejects.toThrow(FictionError);
    await expect(createRenderer('gpt')).rejects.toThrow(/unknown renderer "gpt" \(known: template, llm\)$/);
    expect(() => createRendererSync('gpt')).toThrow(/unknown renderer "gpt"/);
  });

  it('the world model is made by name once its module loads; the synchronous form names only the template', async () => {
    const r = await createRenderer('llm', { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', cachePath: null });
    expect(r.name).toBe('llm');
    (r as { close?: () => void }).close?.();
    await expect(createRenderer('llm', { baseUrl: 'not a url', model: 'm', cachePath: null })).rejects.toThrow(/llm base URL is not a URL/);
    expect(() => createRendererSync('llm')).toThrow(/renderer "llm" loads its module: create it with await createRenderer\("llm"\)/);
  });
});
