/**
 * The reference oracle on the conflict family's own tasks (the family's reader, no stub), guard on,
 * within the certificate's budget: it finds the described entity by searching and reading, follows its
 * links, and answers the exact value although some page states it wrongly, early or rounded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HEDGES } from '../../../src/oracle/families/conflict.js';
import { proveByOracle, type OracleProof } from '../../../src/oracle/generation.js';
import { createCertifier } from '../../../src/tasks/certificate/certify.js';
import { drawConflict } from '../../../src/tasks/families/conflict.js';
import type { Task, WorldData } from '../../../src/world/types.js';
import { contextOf, world } from '../../tasks/families/_worlds.js';

/** Worlds of seed 11 whose conflict family draws (launches, cities, football). */
const INDICES = [1, 6, 12];
const runs: { data: WorldData; tasks: Task[]; proofs: OracleProof[] }[] = [];

beforeAll(async () => {
  for (const i of INDICES) {
    const data = world(11, i);
    const cert = createCertifier({ theme: data.theme, rows: data.rows, facts: data.facts, documents: data.documents });
    const tasks = drawConflict(contextOf(data, 'oracle'), 4).flatMap((d, k) => {
      const c = cert.certify(d);
      if (!c.ok) return [];
      const { signature: _s, ...t } = c.task;
      return [{ ...t, id: `c${String(k + 1).padStart(2, '0')}` }];
    });
    cert.close();
    runs.push({ data, tasks, proofs: await proveByOracle(data, tasks) });
  }
}, 120_000);

describe('the oracle on conflict tasks', () => {
  it('solves nearly all of them within budget, by searching and opening pages', () => {
    const proofs = runs.flatMap((r) => r.proofs);
    expect(proofs.length).toBeGreaterThanOrEqual(8);
    // Raw drafts, before generation drops what the oracle cannot solve: with figures spread over
    // statistics tables, payloads (no articles, listed by launch) run out of budget more often (9 of 12).
    expect(proofs.filter((p) => p.solved).length / proofs.length).toBeGreaterThanOrEqual(0.7);
    for (const r of runs)
      for (const [i, p] of r.proofs.entries()) {
        expect(p.budget).toBe(2 * r.tasks[i]!.certificate!.pagesNeeded + 4);
        if (!p.solved) continue;
        expect(p.plan.length).toBeLessThanOrEqual(p.budget);
        expect(p.plan.some((s) => s.tool === 'web_search')).toBe(true);
        expect(p.plan.some((s) => s.tool === 'web_extractor')).toBe(true);
      }
  });

  it('answers the exact value where some page of the world states another', () => {
    for (const r of runs)
      for (const [i, p] of r.proofs.entries()) {
        if (!p.solved) continue;
        const t = r.tasks[i]!;
        const stated = r.data.documents.flatMap((d) => d.passages.flatMap((ps) => ps.claims ?? [])).filter((c) => c.factId === t.answerFactIds[0]);
        expect(stated.some((c) => c.form === 'exact' || c.form === 'corrected')).toBe(true);
        expect(stated.some((c) => c.form === 'erroneous' || c.form === 'preliminary' || c.form === 'rounded')).toBe(true);
      }
  });

  it('treats hedged statements as hedged and exact ones as exact', () => {
    expect(HEDGES.test('an estimated 1,230,000 units')).toBe(true);
    expect(HEDGES.test('about 1.2 million')).toBe(true);
    expect(HEDGES.test('The population of Kingsley is 1,180,000, if I remember right.')).toBe(true);
    expect(HEDGES.test('1,184,311')).toBe(false);
  });
});
