/**
 * Reasoning questions: read the operands, then compute. A difference (a − b) or a ratio (a / b) of one
 * attribute of two entities; days between two dates; the rank of an entity among those a
 * description fits; the value of a series (rows linked to the entity, one per period: "X, Q2 2031")
 * as of a date: the row of the latest period ended by then (or, asked for a total, the sum over every
 * period ended by then).
 */
import { MONTHS, withCommas } from '../../format.js';
import type { ReasoningReading } from '../../tasks/families/reading.js';
import { rankedWhole, read, resolveRef, searchAhead, select, statedValue, type SolveContext } from '../entities.js';
import { findMembers } from '../members.js';
import { labelType } from '../vocabulary.js';
import { amountOf, dayOf, daySpanOf, sortKey, daysBetween } from '../written.js';
import type { FamilyAnswer } from './result.js';

const decimalsOf = (s: string) => (/\d\.(\d+)/.exec(s)?.[1] ?? '').length;

/** A computed number as pages write one: grouped digits, as many decimals as its operands had (2 for a ratio). */
function written(n: number, decimals: number): string {
  return withCommas(Number(n.toFixed(decimals)), decimals);
}

/** The days a period written as "Q2 2031", "H1 2031", "June 2031", "2031" or a date covers (a series row's name ends with it); null otherwise. */
export function periodSpan(text: string): { from: string; to: string } | null {
  const q = /\b(Q|H)([1-4])\s+(\d{4})\b/.exec(text);
  if (q) {
    const months = q[1] === 'Q' ? 3 : 6;
    const first = (Number(q[2]) - 1) * months + 1;
    const last = first + months - 1;
    const to = daySpanOf(`${MONTHS[last - 1]} ${q[3]}`)!.to;
    return { from: `${q[3]}-${String(first).padStart(2, '0')}-01`, to };
  }
  // A row named for a day ("The Cipher, week ending May 5, 2030"): the period ends that day.
  const day = /(?:[A-Z][a-z]+ \d{1,2}, \d{4}|\d{4}-\d{2}-\d{2}|\d{1,2} [A-Z][a-z]+ \d{4})$/.exec(text.trim());
  if (day) return daySpanOf(day[0]);
  const tail = text.split(', ').at(-1) ?? text;
  return daySpanOf(tail) ?? daySpanOf(text.replace(/^(?:the )?end of /i, ''));
}

async function operand(ctx: SolveContext, ref: Parameters<typeof resolveRef>[1], label: string): Promise<string | null> {
  const one = await resolveRef(ctx, ref);
  if (!one.name) return null;
  await read(ctx, [one.name], [label]);
  return statedValue(ctx, one.name, label) || null;
}

export async function solveReasoning(ctx: SolveContext, r: ReasoningReading): Promise<FamilyAnswer> {
  switch (r.op) {
    case 'difference':
    case 'ratio': {
      const a = await operand(ctx, r.a, r.label);
      const b = a === null ? null : await operand(ctx, r.b, r.label);
      const [x, y] = [a === null ? null : amountOf(a), b === null ? null : amountOf(b)];
      if (x === null || y === null) return { answer: null, note: 'operands not found' };
      if (r.op === 'ratio') return y === 0 ? { answer: null, note: 'ratio over zero' } : { answer: written(x / y, 2) };
      return { answer: written(x - y, Math.max(decimalsOf(a!), decimalsOf(b!))) };
    }
    case 'days_between': {
      const a = await operand(ctx, r.a.ref, r.a.label);
      const b = a === null ? null : await operand(ctx, r.b.ref, r.b.label);
      const [x, y] = [a === null ? null : dayOf(a), b === null ? null : dayOf(b)];
      if (!x || !y) return { answer: null, note: 'dates not found' };
      return { answer: String(Math.abs(daysBetween(x, y))) };
    }
    case 'rank_among': {
      await searchAhead(ctx, [{ kind: r.among.kind, conditions: [...r.among.conditions, { op: 'rank', label: r.label, n: 1, order: r.order }] }]);
      const of = await resolveRef(ctx, r.of);
      if (!of.name) return { answer: null, note: 'entity not resolved' };
      const among = (r.among.conditions.length === 0 ? await rankedWhole(ctx, r.among.kind, r.label) : null) ?? (await select(ctx, r.among));
      const pool = among.some((n) => n.toLowerCase() === of.name!.toLowerCase()) ? among : [...among, of.name];
      await read(ctx, pool, [r.label]);
      const type = labelType(ctx.vocabulary, r.label, r.among.kind);
      const keyed = pool
        .map((name) => ({ name, k: sortKey(statedValue(ctx, name, r.label) ?? '', type) }))
        .filter((x): x is { name: string; k: number } => x.k !== null)
        .sort((a, b) => (r.order === 'highest' ? b.k - a.k : a.k - b.k));
      const at = keyed.findIndex((x) => x.name.toLowerCase() === of.name!.toLowerCase());
      return at < 0 ? { answer: null, note: 'value of the entity not found' } : { answer: String(at + 1) };
    }
    case 'as_of': {
      const of = await resolveRef(ctx, r.of);
      const when = daySpanOf(r.date) ?? periodSpan(r.date.replace(/^(?:the )?end of /i, ''));
      if (!of.name || !when) return { answer: null, note: 'entity or date not read' };
      // The series: a kind with the asked label and a link, listed per entity ("Quarterly sales records of X").
      const kinds = [...ctx.vocabulary.kinds.values()].filter((k) => k.labels.has(r.label.toLowerCase()) && [...k.labels.values()].some((l) => l.to));
      for (const k of kinds) {
        const link = [...k.labels].find(([, l]) => l.to)![0];
        const rows = await findMembers(ctx.b, { noun: k.plural, scope: { link, parent: of.name } });
        if (!rows || rows.length === 0) continue;
        // The periods ended by the date: the latest one's value, or with `total` the sum of them all.
        // A row's period is in its name ("X, Q2 2031"), else in its date ("week-ending date" of "X, week 3").
        const dateLabel = [...k.labels].find(([, l]) => l.type === 'date')?.[0];
        if (dateLabel && rows.some((name) => !periodSpan(name))) await read(ctx, rows, [dateLabel]);
        const spanOf = (name: string) => periodSpan(name) ?? (dateLabel ? daySpanOf(statedValue(ctx, name, dateLabel) ?? '') : null);
        const ended = rows
          .map((name) => ({ name, span: spanOf(name) }))
          .filter((x): x is { name: string; span: { from: string; to: string } } => x.span !== null && x.span.to <= when.to)
          .sort((a, b) => (a.span.to < b.span.to ? 1 : -1));
        if (ended.length === 0) return { answer: null, note: 'no period ended by the date' };
        const total = (r as { total?: boolean }).total === true;
        const used = total ? ended : ended.slice(0, 1);
        await read(
          ctx,
          used.map((x) => x.name),
          [r.label],
        );
        const values = used.map((x) => statedValue(ctx, x.name, r.label));
        if (values.some((v) => !v)) return { answer: null, note: `${r.label} of ${values.filter((v) => !v).length} periods not found` };
        if (!total) return { answer: values[0]! };
        const amounts = values.map((v) => amountOf(v!));
        if (amounts.some((n) => n === null)) return { answer: null, note: 'a period value is not a number' };
        return {
          answer: written(
            (amounts as number[]).reduce((x, n) => x + n, 0),
            Math.max(...values.map((v) => decimalsOf(v!))),
          ),
        };
      }
      return { answer: null, note: 'series not found' };
    }
  }
}
