/**
 * Every frame of the easy tier and of family B rendered with every theme's attribute words and entity
 * nouns (all 8 themes): grammatical patterns hold (articles, agreement, no unit glued to a label, Who for
 * people), each kind and direction has at least five frames, and each rendering reads back.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/rng.js';
import { listThemes } from '../../../src/themes/registry.js';
import { sayConditions } from '../../../src/tasks/questions/described.js';
import { LOOKUP_FRAMES, TABLE_FRAMES, TOTAL_FRAMES, VALUE_FRAMES, WHICH_FRAMES, readEasy } from '../../../src/tasks/questions/easy.js';
import { frame } from '../../../src/tasks/questions/frame.js';
import {
  DIFFERENCE_FRAMES,
  RANK_FRAMES,
  RATIO_FRAMES,
  RUNNING_FRAMES,
  SNAPSHOT_FRAMES,
  DAYS_FRAMES,
  readReasoning,
  runningNoun,
} from '../../../src/tasks/questions/reasoning.js';
import { WIDE_FRAMES, readWide, renderWide } from '../../../src/tasks/questions/wide.js';
import { type Attr, allAttrs, cap, isPlural, uniqueNoun } from '../../../src/tasks/questions/words.js';

const NAME = 'Zentria X9';
const OTHER = 'Halvorsen Group';

/** The problems a rendered question has; `nouns` are the attribute nouns it says. */
function problems(q: string, nouns: { n: string; a: Attr }[]): string[] {
  const out: string[] = [];
  if (/[{}]/.test(q)) out.push('slot left');
  if (/ {2}/.test(q)) out.push('double space');
  if (!/^[A-Z]/.test(q) || !/[?.]$/.test(q)) out.push('not a sentence');
  if (/\b(a|an|the) (a|an|the)\b/i.test(q)) out.push('double article');
  if (/\ba [aeiou]/i.test(q) || /\ban [b-df-hj-np-tv-z]/i.test(q)) out.push('a/an');
  if (/\b(total|combined|cumulative) (total|combined|cumulative)\b/.test(q)) out.push('total total');
  if (/\bin (mAh|kg|metres|inches|minutes|centimetres|square kilometres|degrees north)\b/.test(q)) out.push('unit glued to a label');
  for (const { n, a } of nouns) {
    if (a.wh === 'who' && new RegExp(`\\bWhat (is|are) the ${n}\\b`).test(q)) out.push(`"What is the ${n}"`);
    if (isPlural(n) && (q.includes(`is the ${n}`) || q.includes(` ${n} is `) || q.includes(`does the ${n} `))) out.push(`plural "${n}" with a singular verb`);
    if (!isPlural(n) && (q.includes(`are the ${n}`) || q.includes(` ${n} are `) || q.includes(`do the ${n} `))) out.push(`singular "${n}" with a plural verb`);
  }
  return out;
}

const attrs = allAttrs();
const numeric = attrs.filter((a) => a.column.type === 'integer' || a.column.type === 'real');
const dates = attrs.filter((a) => a.column.type === 'date');

describe('question frames over every theme', () => {
  it('covers all 8 themes', () => {
    expect(new Set(attrs.map((a) => a.theme))).toEqual(new Set(listThemes().map((t) => t.id)));
  });

  it('lookup and multi-hop: at least 5 frames for every attribute, each reads back', () => {
    for (const a of attrs)
      for (const n of a.nouns) {
        const made = LOOKUP_FRAMES.flatMap((f) => f.make(a, n) ?? []);
        expect(made.length, `${a.theme}.${a.table.name}.${a.column.name}`).toBeGreaterThanOrEqual(5);
        for (const t of made) {
          const q = frame(t).render({ s: NAME, sp: `${NAME}'s` });
          expect(problems(q, [{ n, a }]), q).toEqual([]);
          const r = readEasy('lookup', q, []);
          expect(r?.kind === 'chain' && r.readings.some((c) => c.subject === NAME && c.label === a.label && c.links.length === 0), q).toBe(true);
        }
      }
  });

  it('comparison and temporal, both directions: at least 5 frames, each reads back', () => {
    for (const a of [...numeric, ...dates]) {
      const n = uniqueNoun(a);
      if (!n) continue;
      const sups = a.column.type === 'date' ? (['earliest', 'latest'] as const) : (['highest', 'lowest'] as const);
      for (const [ask, frames, last] of [
        ['which', WHICH_FRAMES, 'or'],
        ['value', VALUE_FRAMES, 'and'],
      ] as const) {
        const made = frames.flatMap((f) => {
          const t = f.make(a, n);
          return t ? [{ id: f.id, t }] : [];
        });
        expect(made.length).toBeGreaterThanOrEqual(5);
        for (const { id, t } of made)
          for (const sup of sups) {
            const first = sup === 'earliest' ? 'first' : 'last';
            const cands = `Tovar One, Brisk Two ${id === 'value.when-first' ? 'or' : last} Cala Three`;
            const q = frame(t).render({ cands, sup, first });
            expect(problems(q, [{ n, a }]), q).toEqual([]);
            expect(readEasy(a.column.type === 'date' ? 'temporal' : 'comparison', q, []), q).toEqual({
              kind: 'extreme',
              candidates: ['Tovar One', 'Brisk Two', 'Cala Three'],
              extreme: sup,
              label: a.label,
              ask,
            });
          }
      }
    }
  });

  it('aggregation: at least 5 frames for every measure, never "total total", each reads back', () => {
    for (const a of numeric.filter((x) => x.column.measure && x.column.type === 'integer')) {
      const n = uniqueNoun(a, a.table.entity);
      const fk = attrs.find((x) => x.table === a.table && x.column.type === 'entity');
      const link = fk && uniqueNoun(fk, a.table.entity);
      if (!n || !fk || !link) continue;
      const made = TOTAL_FRAMES.flatMap((f) => f.make(a, n) ?? []);
      expect(made.length).toBeGreaterThanOrEqual(5);
      for (const t of made) {
        const q = frame(t).render({ rows: `${a.table.plural} whose ${link} is ${OTHER}` });
        expect(problems(q, [{ n: n.replace(/^total /, ''), a }]), q).toEqual([]);
        expect(readEasy('aggregation', q, []), q).toEqual({ kind: 'total', label: a.label, plural: a.table.plural, link: fk.label, parent: OTHER });
      }
    }
  });

  it('tables (easy and wide): every entity noun and attribute, pronouns agree with people', () => {
    expect(TABLE_FRAMES.length).toBeGreaterThanOrEqual(5);
    expect(WIDE_FRAMES.length).toBeGreaterThanOrEqual(5);
    const rng = new Rng('frames');
    for (const th of listThemes())
      for (const t of th.tables) {
        const own = attrs.filter((a) => a.theme === th.id && a.table === t && uniqueNoun(a, t.entity));
        const num = own.find((a) => a.column.type === 'integer' || a.column.type === 'real');
        if (own.length < 2 || !num) continue;
        const cols = own.slice(0, 3).map((a) => ({ a, noun: uniqueNoun(a, t.entity)! }));
        for (const f of TABLE_FRAMES) {
          const its = t.naming?.kind === 'person' ? 'their' : 'its';
          const q = f.render({ its, entity: t.entity, plural: t.plural, attrs: cols.map((c) => c.noun).join(' and ') });
          expect(problems(q, []), q).toEqual([]);
          if (t.naming?.kind === 'person') expect(q).not.toMatch(/\bits\b/);
        }
        const cond = { c: { op: 'above' as const, label: num.label, value: '500' }, a: num, noun: uniqueNoun(num, t.entity)! };
        for (let i = 0; i < 12; i++) {
          const columns = [cap(t.entity), ...cols.map((c) => cap(c.noun))];
          const { question } = renderWide(rng, { table: t, conditions: [cond], attrs: cols, columns });
          expect(
            problems(
              question,
              [cond, ...cols].map((c) => ({ n: c.noun, a: c.a })),
            ),
            question,
          ).toEqual([]);
          expect(readWide(question), question).toEqual({ family: 'wide', rows: { kind: t.entity, conditions: [cond.c] }, columns: cols.map((c) => c.a.label) });
        }
        // Both the singular and the plural say every condition form of a date.
        const date = own.find((a) => a.column.type === 'date');
        if (date) {
          const noun = uniqueNoun(date, t.entity)!;
          for (const plural of [false, true])
            for (const c of [
              { op: 'between' as const, label: date.label, lo: '2031', hi: '2031' },
              { op: 'below' as const, label: date.label, value: '2030' },
            ]) {
              const said = sayConditions([{ c, a: date, noun }], plural);
              expect(said).not.toMatch(plural ? /\bwas\b/ : /\bwere\b/);
            }
        }
      }
  });

  it('reasoning: at least 5 frames per operation, every numeric and date attribute, each reads back', () => {
    for (const list of [DIFFERENCE_FRAMES, RATIO_FRAMES, DAYS_FRAMES, RANK_FRAMES, RUNNING_FRAMES, SNAPSHOT_FRAMES])
      expect(list.length).toBeGreaterThanOrEqual(5);
    for (const a of numeric) {
      const n = uniqueNoun(a);
      if (!n) continue;
      for (const [op, list] of [
        ['difference', DIFFERENCE_FRAMES],
        ['ratio', RATIO_FRAMES],
      ] as const)
        for (const make of list) {
          const q = frame(make(n)).render({ a: NAME, b: OTHER });
          expect(problems(q, [{ n, a }]), q).toEqual([]);
          expect(readReasoning(q), q).toEqual({ family: 'reasoning', op, label: a.label, a: { name: NAME }, b: { name: OTHER } });
        }
      if (a.column.time && typeof a.column.time === 'object')
        for (const [total, list] of [
          [true, RUNNING_FRAMES],
          [false, SNAPSHOT_FRAMES],
        ] as const)
          for (const make of list) {
            const q = frame(make(total ? runningNoun(n) : n)).render({ a: NAME, date: 'the end of Q3 2032', period: 'quarter' });
            expect(problems(q, [{ n, a }]), q).toEqual([]);
            expect(readReasoning(q)).toMatchObject({ op: 'as_of', label: a.label, of: { name: NAME }, date: 'the end of Q3 2032' });
          }
    }
    const one = (xs: Attr[], theme: string) => xs.find((x) => x.theme === theme && uniqueNoun(x));
    for (const th of listThemes()) {
      const [d1, d2] = [one(dates, th.id), dates.filter((x) => x.theme === th.id && uniqueNoun(x)).at(-1)];
      if (!d1 || !d2) continue;
      for (const make of DAYS_FRAMES) {
        const q = frame(make(uniqueNoun(d1)!, uniqueNoun(d2)!)).render({ a: NAME, b: OTHER });
        expect(problems(q, []), q).toEqual([]);
        expect(readReasoning(q), q).toEqual({
          family: 'reasoning',
          op: 'days_between',
          a: { ref: { name: NAME }, label: d1.label },
          b: { ref: { name: OTHER }, label: d2.label },
        });
      }
    }
  });
});
