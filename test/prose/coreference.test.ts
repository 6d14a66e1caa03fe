/**
 * Coreference on pages mixing several entities with fillers: every pronoun, short name and description
 * is recorded, comes only after the subject's full name is on the page, and a pronoun only right after
 * a sentence about the same entity, agreeing with a person's gender and never for a person of unknown
 * gender; short names are unambiguous; a value description restates a value the page already stated.
 */
import { describe, expect, it } from 'vitest';
import { exactForms } from '../../src/format.js';
import { indexWorld } from '../../src/prose/coreference.js';
import type { Sentence } from '../../src/prose/types.js';
import { mentions } from '../../src/text.js';
import { THEME_IDS, makeWorld, writerFor } from './_world.js';

describe.each(THEME_IDS)('coreference on %s', (id) => {
  it('references follow a full-name mention, pronouns follow their own subject, and agree', () => {
    const world = makeWorld(id, 4);
    const index = indexWorld(world);
    const counts = { pronoun: 0, short: 0, description: 0 };
    for (let page = 0; page < 25; page++) {
      const w = writerFor(world, `${id}|coref|${page}`);
      // A page about a few rows of different tables, interleaved, with fillers between groups.
      const rows = world.theme.tables.flatMap((t) => (world.rows[t.name] ?? []).slice(page % 3, (page % 3) + 2).map((r) => ({ t: t.name, id: r.id })));
      const sentences: { s: Sentence; filler: boolean }[] = [];
      for (const r of rows) {
        const facts = world.fx.ofRow(r.t, r.id);
        const half = Math.ceil(facts.length / 2);
        for (const s of w.state(facts.slice(0, half))) sentences.push({ s, filler: false });
        // A filler may name the subject; a pronoun never follows it (its grammatical subject is rarely the entity).
        if (page % 2 === 0) sentences.push({ s: w.filler('commentary', page % 4 === 0 ? world.fx.name(r.t, r.id) : undefined), filler: true });
        for (const s of w.state(facts.slice(half))) sentences.push({ s, filler: false });
      }
      let before = '';
      let prevSubject: string | null = null;
      const stated = new Set<number>();
      for (const { s, filler } of sentences) {
        const subject = filler ? null : s.facts[0]!.subject;
        s.claims.forEach((c, i) => {
          const f = s.facts[i]!;
          if (c.subjectForm === 'name') return;
          counts[c.subjectForm as keyof typeof counts]++;
          // Named in full earlier on the page, or earlier in this very sentence.
          const named = mentions(before, f.subject) || s.claims.some((o, j) => j < i && o.subjectForm === 'name' && s.facts[j]!.subject === f.subject);
          expect(named, `${c.subjectForm} "${c.subjectText}" before ${f.subject} was named: ${s.text}`).toBe(true);
          const e = index.entities.get(f.subject)!;
          if (c.subjectForm === 'pronoun') {
            const sameSentence = i > 0 && s.claims[0]!.subjectForm !== 'pronoun' && s.facts[0]!.subject === f.subject;
            expect(prevSubject === f.subject || sameSentence, `pronoun for ${f.subject} after a sentence about ${prevSubject}: ${s.text}`).toBe(true);
            const g = world.genderOf(f.subject);
            if (e.person) expect(g, `pronoun for ${f.subject} of unknown gender`).toBeDefined();
            const expected = !e.person ? ['it', 'its'] : g === 'female' ? ['she', 'her'] : ['he', 'his'];
            expect(expected).toContain(c.subjectText.toLowerCase());
          }
          if (c.subjectForm === 'short') {
            const short = c.subjectText.replace(/'s?$/, '');
            expect(index.short.get(f.subject)).toBe(short);
            const others = [...index.short.entries()].filter(([n, sh]) => n !== f.subject && sh.toLowerCase() === short.toLowerCase());
            expect(others).toEqual([]);
            expect(world.fx.facts.some((x) => x.objectType === 'text' && x.object.toLowerCase() === short.toLowerCase())).toBe(false);
          }
          if (c.subjectForm === 'description' && c.subjectText.replace(/'s?$/, '') === `the ${e.table.entity}`) {
            // "the company" only while no other row of its table has been named on the page.
            const rivals = (world.rows[e.table.name] ?? []).map((r) => world.fx.name(e.table.name, r.id)).filter((n) => n !== f.subject && mentions(before, n));
            expect(rivals, `"${c.subjectText}" is ambiguous: ${s.text}`).toEqual([]);
          }
          if (c.subjectForm === 'description' && s.frames![i] === 'description') {
            // A value description restates a fact the page had stated, with its exact value.
            expect(stated.has(f.id), `description "${c.subjectText}" restates fact ${f.id} not yet stated`).toBe(true);
            const col = world.fx.column(f.sourceTable, f.sourceColumn);
            expect(exactForms(f.object, f.objectType, col.unit ?? 'plain', col.decimals ?? 0).some((x) => c.subjectText.includes(x))).toBe(true);
          }
        });
        for (const f of s.facts) stated.add(f.id);
        before += ` ${s.text}`;
        prevSubject = subject;
      }
    }
    expect(counts.pronoun + counts.short + counts.description).toBeGreaterThan(20);
    expect(counts.description).toBeGreaterThan(0);
  });

  it('the first mention of a subject on a page is its full name', () => {
    const world = makeWorld(id, 5);
    for (const t of world.theme.tables) {
      const row = world.rows[t.name]![0]!;
      const s = writerFor(world, `${id}|first|${t.name}`).state(world.fx.ofRow(t.name, row.id))[0]!;
      expect(s.claims[0]!.subjectForm).toBe('name');
      expect(s.text.toLowerCase()).toContain(s.facts[0]!.subject.toLowerCase());
    }
  });
});

describe('people of unknown gender', () => {
  it('never get a pronoun', () => {
    let people = 0;
    for (const id of THEME_IDS) {
      const world = makeWorld(id, 6);
      people += world.unknownGender.size;
      for (const name of world.unknownGender) {
        const e = indexWorld(world).entities.get(name)!;
        for (let page = 0; page < 10; page++) {
          const out = writerFor(world, `${id}|ug|${name}|${page}`).state(world.fx.ofRow(e.table.name, e.row.id));
          for (const s of out)
            for (const c of s.claims) if (s.facts.find((f) => f.id === c.factId)!.subject === name) expect(c.subjectForm).not.toBe('pronoun');
        }
      }
    }
    expect(people).toBeGreaterThan(0);
  });
});
