/** Checks that an observation is well formed and agrees with the world: shared by the search tests. */
import { expect } from 'vitest';
import { formatShortDate } from '../../src/format.js';
import type { ToolResult } from '../../src/search/call-tool.js';
import type { SearchObservationJson } from '../../src/render/observation.js';
import type { SearchWorld } from '../../src/search/world-index.js';
import { readingText } from '../../src/world/pages/table-text.js';

const RESULT_RE = /^\[(\d+)\] (\S+)\nTitle: ([^\n]+)\nSnippet: ([^\n]+)\nDate: (N\/A|[A-Z][a-z]{2} \d{1,2}, \d{4})$/;

/** A page body as it reads (src/world/pages/table-text.ts): headings dropped, Markdown marks removed, tables read row by row. */
export function plainBody(body: string): string {
  return readingText(body);
}

/** The fragments of a snippet, without the ellipses that join them. */
export function snippetFragments(snippet: string): string[] {
  return snippet
    .replace(/^\.\.\. /, '')
    .replace(/ \.\.\.$/, '')
    .split(' ... ')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Every result is a page of the world: title, site and date are the page's own, every snippet fragment is in its body. */
export function expectResultsAgreeWithWorld(json: SearchObservationJson, world: SearchWorld): void {
  for (const q of json.queries) {
    for (const r of q.results) {
      const page = world.pageAt(r.url);
      expect(page, r.url).toBeDefined();
      expect(r.title).toBe(page!.title);
      expect(r.site).toBe(page!.site);
      expect(r.date).toBe(formatShortDate(page!.published));
      const body = plainBody(world.body(page!.id));
      for (const frag of snippetFragments(r.snippet ?? '')) expect(body, `snippet of ${r.url}`).toContain(frag);
    }
  }
}

/** Problems with a web_search observation's form: its text and JSON must be well formed and say the same thing. */
export function searchProblems(result: ToolResult, queryCount = 1): string[] {
  const problems: string[] = [];
  const json = result.json as SearchObservationJson;
  if (json.tool !== 'web_search') problems.push(`tool is ${json.tool}`);
  if (result.error) {
    if (JSON.stringify(json.error) !== JSON.stringify(result.error)) problems.push('JSON error differs from the result error');
    if (result.text !== result.error.message) problems.push('text of a failed call is not its message');
    return problems;
  }
  if (json.queries.length !== queryCount) return [...problems, `${json.queries.length} query blocks in JSON, expected ${queryCount}`];
  const blocks = result.text.split(/\n\n(?=Results for ")/);
  if (blocks.length !== queryCount) return [...problems, `${blocks.length} query blocks in text, expected ${queryCount}`];
  blocks.forEach((block, i) => {
    const q = json.queries[i]!;
    const head = `Results for "${q.query}":\n`;
    if (!block.startsWith(head)) return problems.push(`block ${i} does not start with ${JSON.stringify(head)}`);
    const rest = block.slice(head.length);
    if (q.error) return rest === q.error.message || problems.push(`block ${i}: error text differs`);
    if (q.results.length === 0) return rest === 'No results found.' || problems.push(`block ${i}: empty block reads ${JSON.stringify(rest.slice(0, 80))}`);
    if (q.results.length > 10) problems.push(`block ${i}: ${q.results.length} results`);
    const parts = rest.replace(/\n\nMore results are available: request page \d+\.$/, '').split('\n\n');
    if (parts.length !== q.results.length) return problems.push(`block ${i}: ${parts.length} results in text, ${q.results.length} in JSON`);
    parts.forEach((part, k) => {
      const m = RESULT_RE.exec(part);
      const r = q.results[k]!;
      if (!m) return problems.push(`block ${i} result ${k} is malformed: ${JSON.stringify(part.slice(0, 120))}`);
      if (Number(m[1]) !== r.rank || m[2] !== r.url || m[3] !== r.title || m[4] !== (r.snippet ?? 'N/A') || m[5] !== r.date)
        problems.push(`block ${i} result ${k}: text and JSON differ`);
      if (k > 0 && r.rank !== q.results[k - 1]!.rank + 1) problems.push(`block ${i} result ${k}: rank ${r.rank} out of sequence`);
    });
  });
  return problems;
}

export function expectWellFormedSearch(result: ToolResult, queryCount = 1): void {
  expect(searchProblems(result, queryCount)).toEqual([]);
}
