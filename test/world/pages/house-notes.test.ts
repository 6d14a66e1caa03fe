/**
 * A site's own notices: drawn once per site, the same on each of its pages, differently worded across
 * sites, and never carrying a number, a month or a number word.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/rng.js';
import { drawHouseNotes, fillNote } from '../../../src/world/pages/house-notes.js';

const MONTH = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
const NUMBER_WORD = /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|first|second|third|half|year)\b/i;

const texts = (n: ReturnType<typeof drawHouseNotes>) => [n.licence, n.method, n.credit, n.ties, n.seeArticle, ...Object.values(n.register)];

describe('house notes', () => {
  it("fills a notice's slots and leaves unknown ones", () => {
    expect(fillNote('Compiled by {site}. Last updated {date}. {x}', { site: 'UrbanFigures', date: 'May 2, 2031' })).toBe(
      'Compiled by UrbanFigures. Last updated May 2, 2031. {x}',
    );
  });

  it('the same site seed draws the same notices', () => {
    expect(drawHouseNotes(new Rng('a:house:x.example'), 'X Register')).toEqual(drawHouseNotes(new Rng('a:house:x.example'), 'X Register'));
  });

  it('differ between sites, read as sentences and state nothing that reads as a fact', () => {
    const licences = new Set<string>();
    const methods = new Set<string>();
    const filed = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const n = drawHouseNotes(new Rng(`site ${i}`), 'Civic Register');
      licences.add(n.licence);
      methods.add(n.method);
      filed.add(n.register.filedBy);
      for (const t of texts(n)) {
        expect(t, t).not.toMatch(/\d/);
        expect(t, t).not.toMatch(MONTH);
        expect(t, t).not.toMatch(NUMBER_WORD);
        expect(t, t).toMatch(/^[A-Z{]/);
        expect(t, t).not.toMatch(/\s[,.;]|\.\.| {2}/);
      }
      expect(n.licence).toMatch(/\.$/);
      expect(n.method).toMatch(/\.$/);
      expect(n.register.intro).toContain('Civic Register');
      expect(n.credit).toContain('{site}');
      expect(n.credit).toContain('{date}');
      expect(n.seeArticle).toContain('{link}');
      expect(n.register.confirmed).toMatch(/^\{date\}: /);
    }
    // 200 sites: most word their licence and method notes their own way.
    expect(licences.size).toBeGreaterThan(120);
    expect(methods.size).toBeGreaterThan(120);
    expect(filed.size).toBeGreaterThan(40);
  });
});
