/**
 * certify on drafts made from a generated world: a sound draft gets its certificate; a draft failing
 * each shortcut check, or its uniqueness proof, is dropped with the reason.
 */
import { describe, expect, it } from 'vitest';
import { createCertifier, guessableAnswer } from '../../../src/tasks/certificate/certify.js';
import { difficultyOf } from '../../../src/tasks/certificate/difficulty.js';
import { SHORTCUT_CHECKS } from '../../../src/tasks/certificate/schema.js';
import type { TaskDraft } from '../../../src/tasks/families/family.js';
import { Rng } from '../../../src/rng.js';
import { easyDrafts } from '../../../src/world/easy-drafts.js';
import { deriveFacts } from '../../../src/world/facts.js';
import { generateWorld } from '../../../src/world/generate.js';
import type { Fact } from '../../../src/world/types.js';

const data = generateWorld(7, 1, { themes: ['launches'] });
const fx = deriveFacts(data.theme, data.rows);
const certifier = createCertifier(data);
const byId = new Map(data.facts.map((f) => [f.id, f]));
const pagesOf = (id: number) => data.documents.filter((d) => d.passages.some((p) => p.factIds.includes(id))).map((d) => d.url);

/** A draft over `facts` (answer = the first one's value), asked by `question`. */
function draft(facts: Fact[], question: string, extra: Partial<TaskDraft> = {}): TaskDraft {
  const f = facts[0]!;
  return {
    kind: 'lookup',
    question,
    answer: JSON.stringify([[f.object]]),
    answerText: f.object,
    answerType: 'text',
    columns: [],
    keyColumns: [],
    tolerance: 0,
    aliases: [],
    answerFactIds: facts.map((x) => x.id),
    hopFactIds: [],
    sql: 'SELECT 1',
    constraintFactIds: [],
    constraints: 0,
    hops: 0,
    signature: question,
    ...extra,
  };
}

const intFacts = data.facts.filter((f) => f.objectType === 'integer');

describe('certify', () => {
  it('certifies the easy drafts it keeps: evidence, pages that state it, figures, difficulty, every applicable check', () => {
    const drafts = easyDrafts(data.theme, data.rows, fx, new Rng('certify-test'));
    const kept = drafts.map((d) => certifier.certify(d)).filter((c) => c.ok);
    expect(kept.length).toBeGreaterThan(5);
    for (const c of kept) {
      if (!c.ok) continue;
      const cert = c.task.certificate;
      expect(cert.evidenceFactIds).toEqual(expect.arrayContaining([...c.task.answerFactIds, ...c.task.hopFactIds]));
      for (const id of cert.evidenceFactIds) expect(cert.pages.some((u) => pagesOf(id).includes(u))).toBe(true);
      expect(cert.pagesNeeded).toBe(cert.pages.length);
      expect(c.task.difficulty).toBe(difficultyOf(cert));
      const waived = c.task.difficulty === 'easy' && cert.pagesNeeded === 1;
      expect(cert.checks).toEqual(SHORTCUT_CHECKS.filter((k) => !(waived && k === 'no_single_page')));
      expect(cert.plan).toEqual([]);
    }
  });

  it('drops a question that contains its answer (or an alias)', () => {
    const f = data.facts.find((x) => x.objectType === 'text' && x.object.length > 3)!;
    const r = certifier.certify(draft([f], `Is ${f.object} the ${f.predicate} of ${f.subject}?`));
    expect(r).toMatchObject({ ok: false, check: 'question_clean' });
    const alias = certifier.certify(draft([f], `What is the ${f.predicate} of ${f.subject}, also written Zq${f.subject}?`, { aliases: [`Zq${f.subject}`] }));
    expect(alias).toMatchObject({ ok: false, check: 'question_clean' });
    expect(certifier.certify(draft([f], `What is the ${f.predicate} of ${f.subject}?`)).ok).toBe(true);
  });

  it('drops a derived answer printed elsewhere as another fact of a related subject', () => {
    // a "total" of two facts of one subject that equals a third fact of that subject
    const subjects = [...new Set(intFacts.map((f) => f.subject))];
    const s = subjects.find((x) => intFacts.filter((f) => f.subject === x).length >= 2)!;
    const [a, b] = intFacts.filter((f) => f.subject === s);
    const printed = certifier.certify(
      draft([a!], `What is the combined figure of ${s}?`, {
        answer: JSON.stringify([[Number(b!.object) + 0]]),
        answerType: 'integer',
        answerText: 'n/a',
        answerFactIds: [a!.id],
      }),
    );
    // the answer equals b's value, b is not evidence, and b's subject is the evidence's subject
    expect(Number(b!.object)).not.toBe(Number(a!.object));
    expect(printed).toMatchObject({ ok: false, check: 'no_printed_answer' });
    const fresh = certifier.certify(
      draft([a!], `What is the combined figure of ${s}?`, {
        answer: JSON.stringify([[-987654]]),
        answerType: 'integer',
        answerText: 'n/a',
        answerFactIds: [a!.id],
      }),
    );
    expect(fresh.ok).toBe(true);
  });

  it('drops a chain whose bridge shares a word with a name in the question or the start entity', () => {
    const f = data.facts.find((x) => x.objectType === 'entity')!;
    const start = f.subject;
    const word = start.split(' ').find((w) => w.length >= 4) ?? start;
    const base = { kind: 'chain' as const, hops: 1, hopFactIds: [f.id] };
    const target = byId.get(data.facts.find((x) => x.subject === f.object && x.objectType !== 'entity')!.id)!;
    const q = `What is the ${target.predicate} of the company behind the product launched by ${start}?`;
    const guessable = certifier.certify(draft([target], q, { ...base, bridgeNames: [`${word} Zyx`] }));
    expect(guessable).toMatchObject({ ok: false, check: 'no_guessable_bridge' });
    const hidden = certifier.certify(draft([target], q, { ...base, bridgeNames: ['Qwertuvo Nxl'] }));
    expect(hidden.ok || (!hidden.ok && hidden.check !== 'no_guessable_bridge')).toBe(true);
  });

  it('drops a candidate list that is every row of its table', () => {
    // A named table of 4–12 rows with a whole-number column every row of this world has.
    const full = (x: (typeof data.theme.tables)[number]) => x.columns.find((c) => c.type === 'integer' && data.rows[x.name]!.every((r) => r[c.name] != null));
    const t = data.theme.tables.find((x) => {
      const n = data.rows[x.name]?.length ?? 0;
      return x.nameColumn && n >= 4 && n <= 12 && full(x);
    })!;
    const col = full(t)!;
    const facts = data.rows[t.name]!.map((r) => fx.cell(t.name, r.id, col.name)!);
    const names = facts.map((f) => f.subject);
    const q = (list: string[]) => `Which of ${list.slice(0, -1).join(', ')} or ${list.at(-1)} has the highest ${col.label}?`;
    const all = certifier.certify(
      draft(facts, q(names), { answer: JSON.stringify([[names[0]]]), answerType: 'entity', answerText: names[0]!, kind: 'comparison' }),
    );
    expect(all).toMatchObject({ ok: false, check: 'no_whole_table' });
    const some = facts.slice(0, -1);
    const part = certifier.certify(
      draft(some, q(names.slice(0, -1)), { answer: JSON.stringify([[names[0]]]), answerType: 'entity', answerText: names[0]!, kind: 'comparison' }),
    );
    expect(part.ok || (!part.ok && part.check !== 'no_whole_table')).toBe(true);
  });

  it('rates a task whose evidence sits on one page easy, whatever its constraints and hops (one page is never more than easy)', () => {
    const doc = data.documents.find((d) => new Set(d.passages.flatMap((p) => p.factIds)).size >= 5)!;
    const ids = [...new Set(doc.passages.flatMap((p) => p.factIds))].slice(0, 5);
    const facts = ids.map((id) => byId.get(id)!);
    const r = certifier.certify(
      draft(facts, 'Which one is it, given four conditions two links away?', { constraints: 4, hops: 2, answer: '[["zzz"]]', answerText: 'zzz' }),
    );
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.task.certificate.pagesNeeded).toBe(1);
      expect(r.task.difficulty).toBe('easy');
    }
  });

  it('refuses an answer that is one whole number under 10 (a guess away), and keeps 10 or a larger table', () => {
    const doc = data.documents.find((d) => new Set(d.passages.flatMap((p) => p.factIds)).size >= 3)!;
    const facts = [...new Set(doc.passages.flatMap((p) => p.factIds))].slice(0, 2).map((id) => byId.get(id)!);
    for (const [answer, ok] of [
      ['[[3]]', false],
      ['[[-9]]', false],
      ['[[10]]', true],
      ['[[2.5]]', true],
      ['[[2],[3]]', true],
    ] as const) {
      const r = certifier.certify(draft(facts, 'How many, in the end?', { answer, answerText: answer }));
      expect(r.ok, answer).toBe(ok);
      if (!r.ok) expect(r.why).toMatch(/guessable/);
    }
    expect(guessableAnswer('[["3"]]')).toBe(false);
  });

  it('proves uniqueness with SQL on the theme rows: count 1 and every leave-one-out at least 2', () => {
    const t = data.theme.tables.find((x) => x.nameColumn && (data.rows[x.name]?.length ?? 0) >= 4)!;
    const rows = data.rows[t.name]!;
    const name = String(rows[0]![t.nameColumn!]);
    const f = fx.ofRow(t.name, rows[0]!.id)[0]!;
    const base = { kind: 'constraint' as const, constraints: 2, answer: JSON.stringify([[name]]), answerType: 'entity' as const, answerText: name };
    const count = (where: string) => `SELECT COUNT(*) FROM ${t.name} WHERE ${where}`;
    const ids = rows.map((r) => r.id);
    const good = certifier.certify(
      draft([f], 'Which one meets both conditions?', {
        ...base,
        proof: {
          sql: count(`id = ${ids[0]}`),
          leaveOneOut: [
            { constraint: 'first', sql: count(`id IN (${ids[0]}, ${ids[1]})`) },
            { constraint: 'second', sql: count(`id IN (${ids[0]}, ${ids[1]}, ${ids[2]})`) },
          ],
        },
      }),
    );
    expect(good.ok).toBe(true);
    if (good.ok) expect(good.task.certificate.uniqueness).toMatchObject({ count: 1, leaveOneOut: [{ count: 2 }, { count: 3 }] });
    const twoLeft = certifier.certify(
      draft([f], 'Which one meets both conditions?', { ...base, proof: { sql: count(`id IN (${ids[0]}, ${ids[1]})`), leaveOneOut: [] } }),
    );
    expect(twoLeft).toMatchObject({ ok: false, why: expect.stringMatching(/^not unique: 2 candidates/) });
    const loose = certifier.certify(
      draft([f], 'Which one meets both conditions?', {
        ...base,
        proof: { sql: count(`id = ${ids[0]}`), leaveOneOut: [{ constraint: 'first', sql: count(`id = ${ids[0]}`) }] },
      }),
    );
    expect(loose).toMatchObject({ ok: false, why: expect.stringMatching(/dropping "first" leaves 1 candidate/) });
  });

  it('drops a draft resting on a fact the world does not have', () => {
    const f = data.facts[0]!;
    expect(certifier.certify(draft([f], 'What is it?', { constraintFactIds: [999_999] }))).toMatchObject({
      ok: false,
      why: 'evidence fact 999999 is no fact of the world',
    });
  });
});
