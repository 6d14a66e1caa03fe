/** Links: pages link each other with Markdown links to pages of the same world, recorded in Document.links. */
import { describe, expect, it } from 'vitest';
import { batch } from './fixture.js';

describe('links', () => {
  it('every link target exists, every recorded link is in the body, every body link is recorded', () => {
    for (const w of batch()) {
      const urls = new Set(w.documents.map((d) => d.url));
      for (const d of w.documents) {
        for (const l of d.links ?? []) {
          expect(urls.has(l.url), `${d.url} → ${l.url}`).toBe(true);
          expect(d.body).toContain(`](${l.url})`);
          expect(d.body).toContain(`[${l.anchor}](`);
        }
        const inBody = [...d.body.matchAll(/\]\((https:\/\/[^)]+)\)/g)].map((m) => m[1]);
        for (const u of inBody) expect((d.links ?? []).some((l) => l.url === u)).toBe(true);
      }
    }
  });

  it('news links articles, forums link data pages, articles link references and see-also pages', () => {
    for (const w of batch()) {
      const kindOf = new Map(w.documents.map((d) => [d.url, d.kind]));
      const targets = (k: string) => w.documents.filter((d) => d.kind === k).flatMap((d) => (d.links ?? []).map((l) => kindOf.get(l.url)));
      expect(targets('news')).toContain('encyclopedia');
      expect(targets('forum')).toContain('data');
      expect(targets('encyclopedia')).toContain('encyclopedia');
      expect(new Set(targets('encyclopedia')).size).toBeGreaterThanOrEqual(2);
    }
  });
});
