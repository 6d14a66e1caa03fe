/** Every genre renders with its real structure and a realistic length. */
import { describe, expect, it } from 'vitest';
import { createWriter } from '../../../src/prose/writer.js';
import { Rng } from '../../../src/rng.js';
import { deriveFacts } from '../../../src/world/facts.js';
import { countWords } from '../../../src/world/pages/builder.js';
import { CREDIT } from '../../../src/world/pages/house-notes.js';
import { escapeRegExp } from '../../../src/text/regex.js';
import { allDocs, batch, median } from './fixture.js';

const GENRES = ['encyclopedia', 'news', 'press_release', 'forum', 'data', 'review', 'list_article', 'faq', 'registry', 'background'] as const;

/** The baseline writer's fillers are one-line placeholders; the realizer's are real sentences. */
function baselineFillers(): boolean {
  const w = batch()[0]!;
  const writer = createWriter(
    { theme: w.theme, rows: w.rows, fx: deriveFacts(w.theme, w.rows), year: 2030, genderOf: () => undefined },
    { rng: new Rng(1), date: null, num: 0, dateStyle: 0, site: 'x', genre: 'news' },
  );
  return / follows below\.$/.test(writer.filler('context', 'X').text);
}

describe('page genres', () => {
  it('every world has every genre', () => {
    for (const w of batch()) {
      const kinds = new Set(w.documents.map((d) => d.kind));
      for (const g of GENRES) if (g !== 'list_article' && g !== 'review' && g !== 'press_release') expect(kinds, `${w.meta.world_id} ${g}`).toContain(g);
    }
    const kinds = new Set(allDocs().map(({ d }) => d.kind));
    for (const g of GENRES) expect(kinds).toContain(g);
  });

  it('encyclopedia articles: lead, infobox under the name, sections, see also, a last-edited date', () => {
    for (const { d } of allDocs().filter(({ d }) => d.kind === 'encyclopedia')) {
      const heading = d.body.split('\n')[0]!.slice(2);
      expect(d.body).toContain(`| ${heading} |  |`);
      expect(d.body).toMatch(/\n## /);
      expect(d.body).toMatch(/\nLast edited /);
      expect(d.dateKind).toBe('edited');
      expect(d.published).not.toBeNull();
      expect(d.body.split('\n')[2]).toMatch(new RegExp(`^\\*\\*${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*\\* is `));
    }
    const withSeeAlso = allDocs().filter(({ d }) => d.kind === 'encyclopedia' && /\nSee also: \[/.test(d.body));
    expect(withSeeAlso.length).toBeGreaterThan(allDocs().filter(({ d }) => d.kind === 'encyclopedia').length * 0.9);
  });

  it('news reports: byline, dateline, a lead, sections; headlines name only what the body states', () => {
    const news = allDocs().filter(({ d }) => d.kind === 'news');
    for (const { w, d } of news) {
      const lines = d.body.split('\n');
      expect(lines[2]).toMatch(/[A-Z]/);
      expect(d.body).toMatch(/\n[A-Z ]+, [^—]+ — /);
      // Every row fact whose text value the headline names is stated on the page.
      const heading = lines[0]!.slice(2).toLowerCase();
      const stated = new Set(d.passages.flatMap((p) => p.factIds));
      const names = [...new Set(w.facts.map((f) => f.subject.toLowerCase()))].sort((a, b) => b.length - a.length);
      // A subject named only inside a longer name ("The Citadel" in "The Citadel and the Cipher") is not named.
      const outsideLonger = (subject: string) =>
        names.filter((n) => n.length > subject.length && n.includes(subject)).reduce((h, n) => h.split(n).join(' '), heading);
      for (const f of w.facts) {
        if (
          (f.objectType !== 'entity' && f.objectType !== 'text') ||
          f.object.length < 3 ||
          !outsideLonger(f.subject.toLowerCase()).includes(f.subject.toLowerCase())
        )
          continue;
        // The value named outside every name in the headline ("Zentria" in "Zentria unveils the X9", not "Energy" in "Labron Energy").
        const o = f.object.toLowerCase();
        const rest = names.filter((n) => n !== o).reduce((h, n) => h.split(n).join(' '), heading);
        if (rest.includes(o)) expect(stated.has(f.id), `${d.url}: headline names ${f.object}`).toBe(true);
      }
    }
  });

  it('rows without names (an approval, a quarter, a match) are reported in prose, the row said again by its noun, never its name', () => {
    let prose = 0;
    for (const w of batch()) {
      const unnamed = new Set(w.theme.tables.filter((t) => !t.nameColumn).map((t) => t.name));
      const facts = new Map(w.facts.map((f) => [f.id, f]));
      for (const d of w.documents.filter((x) => x.kind === 'news')) {
        for (const p of d.passages) {
          const fs = p.factIds.map((id) => facts.get(id)!).filter((f) => unnamed.has(f.sourceTable));
          // A figure of such a row stated in a sentence (a table row's claims name no subject: form "none").
          if (fs.some((f) => !f.subject.includes(f.object)) && (p.claims ?? []).every((c) => c.subjectForm !== 'none')) prose++;
          // A part of a composite name ("Tavire" of "X approval by the Tavire …") said alone does not name the row again.
          const only = p.factIds.length === 1 ? fs[0] : undefined;
          if (only && (only.objectType === 'text' || only.objectType === 'entity') && only.subject.includes(only.object))
            expect(p.text, `${d.url}: ${p.text}`).not.toContain(only.subject);
        }
        // A report's headline ("Lefaximab: approval report") never carries a composite name: its parts are the body's to state.
        const heading = d.body.split('\n')[0]!.slice(2);
        for (const t of w.theme.tables.filter((x) => unnamed.has(x.name) && heading.toLowerCase().includes(x.entity)))
          for (const f of w.facts.filter((x) => x.sourceTable === t.name)) expect(heading, d.url).not.toContain(f.subject);
      }
    }
    // Early-figure pages alone state about 20 in this batch; event reports some 230 more.
    expect(prose).toBeGreaterThan(150);
  });

  it('press releases, forums, data tables, reviews, list articles, FAQs, registry records have their structure', () => {
    const of = (k: string) => allDocs().filter(({ d }) => d.kind === k);
    for (const { d } of of('press_release')) {
      expect(d.body).toContain('FOR IMMEDIATE RELEASE');
      expect(d.body).toMatch(/\n## About /);
      expect(d.body).toContain('Media contact:');
    }
    for (const { d } of of('forum')) {
      const handles = new Set([...d.body.matchAll(/^\*\*([^*]+)\*\*: /gm)].map((m) => m[1]));
      expect(handles.size).toBeGreaterThanOrEqual(3);
    }
    for (const { d } of of('data')) expect(d.body).toMatch(/\n\|---/);
    for (const { d } of of('review')) expect(d.body).toContain('## Verdict');
    for (const { w, d } of of('list_article')) {
      // Items are in the true order of the figure the title ranks by.
      const numbers = d.passages.flatMap((p) => p.factIds).map((id) => Number(w.facts[id - 1]!.object));
      expect(numbers.length).toBeGreaterThan(4);
      expect(numbers).toEqual(numbers.slice().sort((a, b) => b - a));
    }
    for (const { d } of of('faq')) expect(d.body).toMatch(/\n### What is the /);
    for (const { d } of of('registry')) expect(d.body).toMatch(/^Record \d+ · /m);
  });

  it('background pages state no fact', () => {
    const bg = allDocs().filter(({ d }) => d.kind === 'background');
    expect(bg.length).toBeGreaterThanOrEqual(4 * batch().length);
    for (const { d } of bg) for (const p of d.passages) expect(p.factIds).toEqual([]);
  });

  it('every page has at least 60 words', () => {
    for (const { d } of allDocs()) expect(countWords(d.body), d.url).toBeGreaterThanOrEqual(60);
  });

  it('entity and news pages are long enough with the baseline writer (a floor against regressions)', () => {
    const words = (k: string) =>
      allDocs()
        .filter(({ d }) => d.kind === k)
        .map(({ d }) => countWords(d.body));
    expect(median(words('encyclopedia'))).toBeGreaterThanOrEqual(200);
    expect(median(words('news'))).toBeGreaterThanOrEqual(140);
  });

  it.skipIf(baselineFillers())("entity pages median ≥ 300 words, news median ≥ 200 (with the realizer's fillers)", () => {
    const words = (k: string) =>
      allDocs()
        .filter(({ d }) => d.kind === k)
        .map(({ d }) => countWords(d.body));
    expect(median(words('encyclopedia'))).toBeGreaterThanOrEqual(300);
    expect(median(words('news'))).toBeGreaterThanOrEqual(200);
  });

  it('sentences write dates as spoken; ISO dates stay in records, table rows, credit lines and references', () => {
    const ISO = String.raw`\d{4}-\d{2}-\d{2}`;
    const iso = new RegExp(String.raw`\b${ISO}\b`);
    // A data page's credit line ("Table maintained by StatBase, updated 2034-01-10.") or its ranking source line.
    const credits = [...CREDIT, 'Data: {site}, {date}.'].map((c) => new RegExp(`^${escapeRegExp(c).replace('\\{site\\}', '.+').replace('\\{date\\}', ISO)}`));
    // A table row ("Name — Founding date: 2031-04-12"), a register log line, a table, or an edit line.
    const structured = /^\d{4}-\d{2}-\d{2}:|^\s*\||\S — [^:]+: |\bLast edited\b|\bRetrieved\b/;
    // An encyclopedia reference: '"Title". Site. 2031-04-12.'
    const reference = new RegExp(String.raw`^".+"\. .+\. ${ISO}\.$`);
    const prose = allDocs()
      .flatMap(({ d }) => d.passages.map((p) => p.text))
      .filter((t) => iso.test(t) && !structured.test(t) && !reference.test(t) && !credits.some((c) => c.test(t)));
    expect(prose.slice(0, 5)).toEqual([]);
  });
});
