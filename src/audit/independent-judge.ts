/**
 * The audit's independent judge: does a text the agent read give a task's answer away? Built apart
 * from the guard (it imports nothing of src/leakage/, a dependency-cruiser rule says so), from the
 * task's answer, the world's facts and its `claims` table only:
 *
 * - scorer: the text (a result's title, snippet, date line, or all of them together), submitted as
 *   the answer, scores 1 with the task's own scorer (src/tasks/score.ts);
 * - cell: the text states an answer cell together with its row key (in one sentence or shown piece of
 *   the snippet, or the date line, the key there or in the title), the value in any form the world's
 *   claims record for it (exact, rounded, preliminary, corrected, scheduled; never `erroneous`) or a
 *   number or date form of answer-forms.ts, the key by its name or a short name the claims record
 *   (every part of a composite key: "Deneth Pro 32" and "Q1 2029"); when the answer is the row itself
 *   (the entity a constraint question asks for), its name with one of its answer facts' values;
 * - value: a number cell of at least five significant digits, in an exact form (digits, separators,
 *   words; not a rounding, which may be another row's), anywhere (no key needed: such a number names
 *   its cell).
 *
 * A finding is `strict` unless it rests on a value of fewer than three significant characters ("15"
 * years, a design life of 4), which a text states beside a name by chance ("Top 15 …", "4. Setith
 * Max 55", "May 13"): the scorer or a cell matching such a value alone is `weak`, reported apart.
 */
import type Database from 'better-sqlite3';
import type { Cell } from '../themes/_define.js';
import { scoreAnswer } from '../tasks/score.js';
import type { Fact, Task } from '../world/types.js';
import { dateForms, foldForJudge, formMatcher, numberForms } from './answer-forms.js';

export interface ClaimRecord {
  factId: number;
  form: string;
  stated: string;
  subjectForm: string;
  subjectText: string;
}

/** A world's claims, by fact id (read once per world). */
export function loadClaims(db: Database.Database): Map<number, ClaimRecord[]> {
  const rows = db.prepare('SELECT fact_id, form, stated, subject_form, subject_text FROM claims ORDER BY id').all() as {
    fact_id: number;
    form: string;
    stated: string;
    subject_form: string;
    subject_text: string;
  }[];
  const out = new Map<number, ClaimRecord[]>();
  for (const r of rows) {
    const c = { factId: r.fact_id, form: r.form, stated: r.stated, subjectForm: r.subject_form, subjectText: r.subject_text };
    (out.get(r.fact_id) ?? out.set(r.fact_id, []).get(r.fact_id)!).push(c);
  }
  return out;
}

export type JudgeCriterion = 'scorer' | 'cell' | 'value';

export interface Verdict {
  criterion: JudgeCriterion;
  strength: 'strict' | 'weak';
  /** What matched: "scorer:snippet:number", "cell:Deneth Pro 32|Q1 2029=2.37%", "value:1,851,156". */
  detail: string;
}

/** The visible parts of one result (or of an opened page: title and content). */
export interface VisibleText {
  title: string;
  snippet: string | null;
  date: string;
}

type Matcher = (folded: string) => string | null;

interface Item {
  label: string;
  /** A value of fewer than three significant characters ("4", "13"): found beside its key by chance too (a rank, a day). */
  weak?: boolean;
  /** Every part must be found (a composite key); each part has its own forms. */
  key: Matcher[];
  value: Matcher;
  /** Other rows that hold the same value in the same column: a piece naming one states the value as theirs. */
  others?: Matcher;
}

export interface IndependentJudge {
  /** The first reason the text gives the answer away, or null. */
  judge(text: VisibleText): Verdict | null;
  /** The answer cells (with their row keys) a text states, by label: what an honest search collects. */
  cellsStated(text: VisibleText): string[];
  /** How many answer cells have a row key to state them with. */
  readonly cellCount: number;
  /** Whether a text states an answer fact's value with its subject (an answer fact reached, a candidate's value shown). */
  statesFact(text: VisibleText, factId: number): boolean;
}

const isNumber = (c: Cell): c is number => typeof c === 'number' && Number.isFinite(c);
const isIsoDate = (c: Cell): c is string => typeof c === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(c);

function significant(cell: Cell): number {
  if (isNumber(cell)) return Math.abs(cell).toString().replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;
  return String(cell ?? '').replace(/\s+/g, '').length;
}

/** The forms of one value: generated ones by its type, plus what the claims of `facts` state (erroneous claims excluded). */
function valueForms(cell: Cell, claims: readonly ClaimRecord[]): string[] {
  const forms = isNumber(cell) ? numberForms(cell) : isIsoDate(cell) ? dateForms(cell) : cell === null ? [] : [foldForJudge(String(cell))];
  for (const c of claims) if (c.form !== 'erroneous' && c.stated.trim()) forms.push(foldForJudge(c.stated));
  return forms;
}

/** A number's exact forms only (digits, separators, words): with no key beside it, a rounded "1.6 million" may be another row's. */
const exactNumberForms = (v: number) => numberForms(v, { rounded: false });

const sameValue = (fact: Fact, cell: Cell) => (isNumber(cell) ? Number(fact.object) === cell : fact.object === String(cell));

/** Longest passage prefix a snippet is searched for, to find where each passage it shows begins. */
const PASSAGE_KEY = 24;

/**
 * Where the passages of a world begin in a snippet: a snippet joins passages with a space, and a row
 * of a list ("Lumane 20 — Purpose: navigation") has no sentence end before the next passage.
 */
function passageStarts(passages: readonly string[]): (snippet: string) => number[] {
  const keys = new Map<number, Set<string>>();
  for (const p of passages) {
    const len = Math.min(PASSAGE_KEY, p.length);
    if (len < 8) continue;
    (keys.get(len) ?? keys.set(len, new Set()).get(len)!).add(p.slice(0, len));
  }
  return (snippet) => {
    const out: number[] = [];
    for (let i = 1; i < snippet.length; i++) {
      if (snippet[i - 1] !== ' ') continue;
      for (const [len, set] of keys)
        if (set.has(snippet.slice(i, i + len))) {
          out.push(i);
          break;
        }
    }
    return out;
  };
}

/**
 * `passages`: the world's passage texts (world data, as its pages show them), so that a key and a
 * value the snippet shows in two neighbouring passages are not read as one statement.
 */
export function createIndependentJudge(
  task: Task,
  facts: ReadonlyMap<number, Fact>,
  claims: ReadonlyMap<number, readonly ClaimRecord[]>,
  passages: readonly string[] = [],
): IndependentJudge {
  const startsOf = passageStarts(passages);
  const gold = JSON.parse(task.answer) as Cell[][];
  const answerFacts = task.answerFactIds.map((id) => facts.get(id)).filter((f): f is Fact => f !== undefined);
  const claimsOf = (f: Fact) => claims.get(f.id) ?? [];
  // A name's forms: the name, and the short names the claims use for it as a subject.
  const nameForms = new Map<string, string[]>();
  for (const f of facts.values()) {
    for (const c of claims.get(f.id) ?? [])
      if (c.subjectForm === 'short' && c.subjectText.trim()) {
        const list = nameForms.get(f.subject) ?? nameForms.set(f.subject, []).get(f.subject)!;
        list.push(foldForJudge(c.subjectText));
      }
  }
  const formsOfName = (name: string) => [foldForJudge(name), ...(nameForms.get(name) ?? [])];
  // A fact's subject as a key: every part of a composite subject ("Model, Quarter") must be found.
  const keyOf = (subject: string): Matcher[] => {
    const whole = formMatcher(formsOfName(subject));
    const parts = subject.split(', ').filter((p) => p.trim());
    if (parts.length < 2) return [whole];
    const partMatchers = parts.map((p) => formMatcher(formsOfName(p)));
    return [(t: string) => whole(t) ?? (partMatchers.every((m) => m(t) !== null) ? subject : null)];
  };

  // Other subjects with the same value in the same column as `fact` (a common value: a purpose, an occupation).
  const othersOf = (fact: Fact | undefined): Matcher | undefined => {
    if (!fact) return undefined;
    const names = [...facts.values()]
      .filter(
        (g) =>
          g.id !== fact.id &&
          g.sourceTable === fact.sourceTable &&
          g.sourceColumn === fact.sourceColumn &&
          g.object === fact.object &&
          g.subject !== fact.subject,
      )
      .flatMap((g) => formsOfName(g.subject));
    return names.length > 0 ? formMatcher(names) : undefined;
  };

  const items: Item[] = [];
  const distinctive: { label: string; value: Matcher }[] = [];
  const tabular = task.answerType === 'table' || task.answerType === 'list';
  if (!tabular) {
    const cell = gold[0]?.[0] ?? null;
    const answerForms = [...valueForms(cell, []), foldForJudge(task.answerText), ...task.aliases.map(foldForJudge)];
    for (const f of answerFacts.filter((x) => sameValue(x, cell)))
      items.push({
        label: `${f.subject}=${task.answerText}`,
        key: keyOf(f.subject),
        value: formMatcher([...answerForms, ...valueForms(cell, claimsOf(f))]),
        weak: significant(cell) < 3,
        others: othersOf(f),
      });
    // The answer is the row itself: its name with one of its own facts' values.
    for (const f of answerFacts.filter((x) => x.subject === String(cell)))
      items.push({
        label: `${task.answerText}+${f.predicate}`,
        key: [formMatcher([...formsOfName(f.subject), ...task.aliases.map(foldForJudge)])],
        value: formMatcher(valueForms(f.objectType === 'integer' || f.objectType === 'real' ? Number(f.object) : f.object, claimsOf(f))),
      });
    if (isNumber(cell) && significant(cell) >= 5) distinctive.push({ label: task.answerText, value: formMatcher(exactNumberForms(cell)) });
  } else {
    const keyIdx = task.keyColumns.map((k) => task.columns.indexOf(k)).filter((i) => i >= 0);
    for (const row of gold) {
      const keys = keyIdx.map((i) => row[i]);
      const keyMatchers = keys.map((k) => formMatcher(formsOfName(String(k))));
      row.forEach((cell, i) => {
        if (keyIdx.includes(i) || cell === null) return;
        const keyText = keys.map(String);
        const own = answerFacts.filter((f) => sameValue(f, cell) && keyText.every((k) => f.subject.includes(k)));
        const forms = valueForms(cell, own.flatMap(claimsOf));
        items.push({
          label: `${keyText.join('|')}=${String(cell)}`,
          key: keyMatchers,
          value: formMatcher(forms),
          weak: significant(cell) < 3,
          others: othersOf(own[0]),
        });
        if (isNumber(cell) && significant(cell) >= 5) distinctive.push({ label: String(cell), value: formMatcher(exactNumberForms(cell)) });
      });
    }
  }
  const scorerWeak = !tabular && significant(gold[0]?.[0] ?? null) < 3;

  const factMatchers = new Map<number, Item>();
  const factItem = (id: number): Item | undefined => {
    if (!factMatchers.has(id)) {
      const f = facts.get(id);
      if (!f) return undefined;
      const value: Cell = f.objectType === 'integer' || f.objectType === 'real' ? Number(f.object) : f.object;
      factMatchers.set(id, { label: f.subject, key: keyOf(f.subject), value: formMatcher(valueForms(value, claimsOf(f))) });
    }
    return factMatchers.get(id);
  };

  // A result as the judge reads it: the whole text (for a distinctive number), and each sentence or
  // shown piece of the snippet with the title before it (a key and its value must meet in one of them:
  // "Lodestar 12's purpose was communications. … owns Halberd 16." states no purpose of Halberd 16).
  const foldedParts = (t: VisibleText): { whole: string; title: string; pieces: string[] } => {
    const date = t.date && t.date !== 'N/A' ? t.date : '';
    const title = foldForJudge(t.title);
    const snippet = t.snippet ?? '';
    const cuts = [0, ...startsOf(snippet), snippet.length];
    const sentences = cuts
      .slice(1)
      .flatMap((end, i) => snippet.slice(cuts[i], end).split(/\s*(?:…|\.\.\.)\s*|\n+|(?<=[.!?]["”']?)\s+(?=["“'(]?\p{Lu})/u))
      .map(foldForJudge)
      .filter(Boolean);
    return {
      whole: foldForJudge([t.title, t.snippet ?? '', date].join('\n')),
      title,
      pieces: [title, ...[...sentences, foldForJudge(date)].filter(Boolean).map((x) => `${title}\n${x}`)],
    };
  };
  // A key and its value meet in a piece (a composite name that holds the value, "Rosocitumab-88" of
  // its drug Rosocitumab, states it). A value the piece says of another row that holds it too is
  // theirs, not the key's: the key only in the title line, or the value just before "‹key›'s" (where
  // one passage ends and the next begins), with that other row named before it.
  const states = (it: Item, parts: { title: string; pieces: string[] }): string | null => {
    for (const p of parts.pieces) {
      const keys = it.key.map((k) => k(p));
      if (keys.some((k) => k === null)) continue;
      const v = it.value(p);
      if (v === null) continue;
      if (it.others) {
        const body = p.slice(parts.title.length + 1);
        const other = it.others(body);
        if (other !== null) {
          if (keys.every((k) => !body.includes(k!))) continue;
          const at = body.indexOf(v);
          const keyAt = keys.map((k) => body.indexOf(`${k}'s`)).filter((i) => i >= 0);
          const otherAt = body.indexOf(other);
          if (at >= 0 && otherAt >= 0 && otherAt < at && keyAt.some((i) => i > at)) continue;
        }
      }
      return v;
    }
    return null;
  };
  // The same result comes back for many queries of a task: each answer is kept (bounded).
  const cache = <T>(compute: (t: VisibleText) => T) => {
    const memo = new Map<string, T>();
    return (t: VisibleText): T => {
      const key = `${t.title}\u0000${t.snippet ?? ''}\u0000${t.date}`;
      let v = memo.get(key);
      if (v === undefined && !memo.has(key)) {
        if (memo.size >= 4096) memo.clear();
        v = compute(t);
        memo.set(key, v);
      }
      return v as T;
    };
  };
  const folded = cache(foldedParts);

  const judge = cache((text: VisibleText): Verdict | null => {
    if (!tabular) {
      const pieces: [string, string][] = [
        ['title', text.title],
        ['snippet', text.snippet ?? ''],
        ['date', text.date === 'N/A' ? '' : text.date],
        ['all', [text.title, text.snippet ?? '', text.date === 'N/A' ? '' : text.date].join('\n')],
      ];
      for (const [where, piece] of pieces) {
        if (!piece.trim()) continue;
        const s = scoreAnswer(task, piece);
        if (s.reward === 1) return { criterion: 'scorer', strength: scorerWeak ? 'weak' : 'strict', detail: `scorer:${where}:${s.matchedBy ?? ''}` };
      }
    }
    const f = folded(text);
    let weak: Verdict | null = null;
    for (const it of items) {
      const v = states(it, f);
      if (v === null) continue;
      const verdict: Verdict = { criterion: 'cell', strength: it.weak ? 'weak' : 'strict', detail: `cell:${it.label} (${v})` };
      if (!it.weak) return verdict;
      weak ??= verdict;
    }
    for (const d of distinctive) {
      const v = d.value(f.whole);
      if (v !== null) return { criterion: 'value', strength: 'strict', detail: `value:${d.label} (${v})` };
    }
    return weak;
  });
  const cells = cache((text: VisibleText) => {
    const f = folded(text);
    return items.filter((it) => states(it, f) !== null).map((it) => it.label);
  });
  const factsOf = cache((text: VisibleText) => {
    const f = folded(text);
    const out = new Set<number>();
    for (const id of task.answerFactIds) {
      const it = factItem(id);
      if (it && states(it, f) !== null) out.add(id);
    }
    return out;
  });

  return {
    judge,
    cellCount: items.length,
    cellsStated: cells,
    statesFact: (text, factId) => factsOf(text).has(factId),
  };
}
