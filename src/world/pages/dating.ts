/**
 * Dating pages truthfully: when each fact becomes true (fact-time.ts, with a conservative fallback for
 * columns whose theme has not declared a time role yet), and page dates drawn on or after every fact a
 * page reports, never on a date the world states as a fact, never after the world's reference date.
 */
import { dayFromIso, isoFromDay } from '../../format.js';
import type { Rng } from '../../rng.js';
import type { Row, Rows, TableDef, ThemeDef } from '../../themes/_define.js';
import type { FactIndex } from '../facts.js';
import { factTime, periodEnd } from '../fact-time.js';
import type { Fact } from '../types.js';

export class Dating {
  /** The last day a page may carry: the day before the world's reference date. */
  readonly last: string;
  /** The first day a page may carry. */
  readonly first: string;
  private readonly factDates: Set<string>;
  private readonly rowsById = new Map<string, Row>();
  private readonly periodColumn = new Map<string, string | null>();
  /** Measures of a table summed from rows per period beneath it ("units_sold" over quarterly "units"): totals of the year. */
  private readonly yearTotals = new Set<string>();

  constructor(
    private readonly theme: ThemeDef,
    rows: Rows,
    private readonly fx: FactIndex,
    readonly year: number,
  ) {
    this.last = `${year + 1}-01-14`;
    this.first = `${year - 1}-01-01`;
    this.factDates = new Set(fx.facts.filter((f) => f.objectType === 'date').map((f) => f.object));
    for (const t of theme.tables) {
      for (const r of rows[t.name] ?? []) this.rowsById.set(`${t.name}#${r.id}`, r);
      this.periodColumn.set(t.name, findPeriodColumn(t, rows[t.name] ?? []));
    }
    for (const t of theme.tables) {
      if (!this.periodColumn.get(t.name)) continue;
      const parts = t.columns.filter((c) => c.measure).map((c) => c.name);
      for (const c of t.columns)
        if (c.type === 'entity' && c.ref)
          for (const m of fx.table(c.ref).columns) if (m.measure && parts.some((part) => m.name.includes(part))) this.yearTotals.add(`${c.ref}.${m.name}`);
    }
  }

  /** The date from which a page may report `fact` as done (null: a standing fact). */
  when(fact: Fact): string | null {
    const col = this.fx.column(fact.sourceTable, fact.sourceColumn);
    const row = this.rowsById.get(`${fact.sourceTable}#${fact.sourceRowid}`);
    if (col.time) return factTime(fact, col, row, this.year);
    // No declared role: a past date is an event; a figure of a row with its own period is true once the period ends.
    if (fact.objectType === 'date') return fact.object <= `${this.year}-12-31` ? fact.object : null;
    if (this.yearTotals.has(`${fact.sourceTable}.${fact.sourceColumn}`)) return `${this.year}-12-31`;
    const pc = this.periodColumn.get(fact.sourceTable);
    if (pc && (fact.objectType === 'integer' || fact.objectType === 'real')) {
      const v = row?.[pc];
      return v == null ? null : periodEnd(String(v));
    }
    return null;
  }

  /** The latest `when` over facts (null when all are standing). */
  readyBy(facts: readonly Fact[]): string | null {
    let out: string | null = null;
    for (const f of facts) {
      const t = this.when(f);
      if (t && (out === null || t > out)) out = t;
    }
    return out;
  }

  /** Facts a page dated `date` may report as done. */
  trueBy(facts: readonly Fact[], date: string): Fact[] {
    return facts.filter((f) => {
      const t = this.when(f);
      return t === null || t <= date;
    });
  }

  /**
   * A date in [from, from + spread] days (clamped to the world's page window, and to `before` when
   * given), never a date the world states as a fact.
   */
  pick(rng: Rng, from: string | null, spread: number, before?: string): string {
    // A fact true only after the window is the Writer's to state as scheduled: pages stay within the window.
    const lo = Math.min(Math.max(dayFromIso(from ?? this.first), dayFromIso(this.first)), dayFromIso(this.last));
    const hi = Math.min(lo + spread, dayFromIso(this.last), before ? dayFromIso(before) - 1 : Number.POSITIVE_INFINITY);
    const top = Math.max(lo, hi);
    for (let k = 0; k < 200; k++) {
      const iso = isoFromDay(rng.int(lo, top));
      if (!this.factDates.has(iso)) return iso;
    }
    for (let d = top; d >= lo; d--) if (!this.factDates.has(isoFromDay(d))) return isoFromDay(d);
    for (let d = top + 1; ; d++) if (!this.factDates.has(isoFromDay(d))) return isoFromDay(d);
  }

  /** The table of a fact's subject. */
  table(fact: Fact): TableDef {
    return this.fx.table(fact.sourceTable);
  }

  get themeId(): string {
    return this.theme.id;
  }
}

/** A text column of an unnamed table whose values are periods ("Q2 2031"), or a week-ending date: the row's period. */
function findPeriodColumn(t: TableDef, rows: Row[]): string | null {
  if (t.nameColumn || rows.length === 0) return null;
  for (const c of t.columns) {
    if (c.type !== 'text' && c.type !== 'date') continue;
    const v = rows[0]![c.name];
    if (v != null && periodEnd(String(v)) !== null) return c.name;
  }
  return null;
}
