/**
 * The conflict family over the first 16 worlds of seed 11 (every theme twice): each draft asks a fact
 * some page states wrongly, early or rounded, of an entity the question describes (never names), proved
 * unique with a minimal set of conditions, medium or hard by its certificate and never on one page; its
 * question reads back, its SQL gives its answer, and draws are deterministic.
 */
import { describe, expect, it } from 'vitest';
import { createCertifier } from '../../../src/tasks/certificate/certify.js';
import { drawConflict, misleadingFacts } from '../../../src/tasks/families/conflict.js';
import type { TaskDraft } from '../../../src/tasks/families/family.js';
import { readConflict } from '../../../src/tasks/questions/conflict.js';
import { mentions } from '../../../src/text.js';
import type { WorldData } from '../../../src/world/types.js';
import { contextOf, themeDb, world } from './_worlds.js';

const all: { data: WorldData; drafts: TaskDraft[] }[] = Array.from({ length: 16 }, (_, i) => {
  const data = world(11, i);
  return { data, drafts: drawConflict(contextOf(data, 'conflict'), 6) };
});

describe('the conflict family', () => {
  it('draws in several worlds and themes, deterministically from the rng, one draft per fact', () => {
    const drawn = all.filter((w) => w.drafts.length > 0);
    expect(drawn.length).toBeGreaterThanOrEqual(4);
    expect(new Set(drawn.map((w) => w.data.theme.id)).size).toBeGreaterThanOrEqual(3);
    for (const { data, drafts } of drawn) {
      expect(JSON.stringify(drawConflict(contextOf(data, 'conflict'), 6))).toBe(JSON.stringify(drafts));
      expect(new Set(drafts.map((d) => d.answerFactIds[0])).size).toBe(drafts.length);
    }
  });

  it('asks a fact some page states otherwise, of an entity it never names, and reads back', () => {
    for (const { data, drafts } of all) {
      const misleading = new Set(misleadingFacts(contextOf(data, 'x')).map((m) => m.fact.id));
      for (const d of drafts) {
        const fact = data.facts.find((f) => f.id === d.answerFactIds[0])!;
        expect(misleading.has(fact.id)).toBe(true);
        expect(mentions(d.question, fact.subject), d.question).toBe(false);
        expect(mentions(d.question, d.answerText), d.question).toBe(false);
        for (const b of d.bridgeNames ?? []) expect(mentions(d.question, b), d.question).toBe(false);
        expect(readConflict(d.question), d.question).toEqual(d.reading);
        expect(d.reading?.family === 'conflict' && 'kind' in d.reading.of).toBe(true);
      }
    }
  });

  it('certifies every draft as medium or hard, unique with a minimal set, its evidence on two pages or more', () => {
    let n = 0;
    for (const { data, drafts } of all) {
      const cert = createCertifier({ theme: data.theme, rows: data.rows, facts: data.facts, documents: data.documents });
      for (const d of drafts) {
        const c = cert.certify(d);
        expect(c.ok, c.ok ? '' : `${c.why}: ${d.question}`).toBe(true);
        if (!c.ok) continue;
        n++;
        const { certificate, difficulty } = c.task;
        expect(['medium', 'hard']).toContain(difficulty);
        expect(certificate.pagesNeeded).toBeGreaterThanOrEqual(2);
        expect(certificate.checks).toContain('no_single_page');
        expect(certificate.uniqueness?.count).toBe(1);
        expect(certificate.uniqueness!.leaveOneOut.length).toBe(d.constraints);
        for (const l of certificate.uniqueness!.leaveOneOut) expect(l.count).toBeGreaterThanOrEqual(2);
        expect(certificate.evidenceFactIds).toEqual(expect.arrayContaining([...d.answerFactIds, ...d.hopFactIds, ...d.constraintFactIds]));
      }
      cert.close();
    }
    expect(n).toBeGreaterThanOrEqual(10);
  });

  it('answers reproduce from their SQL over the theme tables', () => {
    for (const { data, drafts } of all) {
      if (drafts.length === 0) continue;
      const db = themeDb(data);
      for (const d of drafts) expect(JSON.stringify(db.prepare(d.sql).raw(true).all()), d.sql).toBe(d.answer);
      db.close();
    }
  });
});
