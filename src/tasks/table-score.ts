/**
 * Table answers scored the way WideSearch scores them: the agent's Markdown table is read, its columns
 * matched to the task's by normalised header, its rows to the answer's by the key columns (duplicate
 * keys kept once); each cell of a matched row is compared as a value (numbers within tolerance, dates
 * in any format, text normalised), key cells count as right. Item level: right cells over predicted
 * rows × columns (precision) and over answer rows × columns (recall); row level: rows with every
 * cell right. Success when every cell is right and no row is extra. Reward = item-level F1.
 *
 * Unlike WideSearch, a missing non-key column does not zero the table: its cells are simply wrong.
 * A table without a key column, or with no rows, or no table at all, scores 0 with a reason.
 */
import type { Cell } from '../themes/_define.js';
import { statedDate, statedNumber } from '../text/stated.js';
import { parseMarkdownTables, type MarkdownTable } from './markdown-table.js';
import { kindOfCell, valueMatches, type ValueKind } from './match-value.js';
import { headerWithoutParens, normalizeHeader, normalizeText } from './normalize.js';

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

export interface TableParts {
  item: Prf;
  row: Prf;
  success: boolean;
  goldRows: number;
  predictedRows: number;
  matchedRows: number;
  /** Answer columns the agent's table lacks (their cells count as wrong). */
  missingColumns: string[];
}

export interface TableScore {
  reward: number;
  table: TableParts | null;
  reason?: string;
}

export interface GoldTable {
  columns: string[];
  keyColumns: string[];
  rows: Cell[][];
  tolerance: number;
}

export function prf(right: number, predicted: number, gold: number): Prf {
  const precision = predicted > 0 ? right / predicted : 0;
  const recall = gold > 0 ? right / gold : 0;
  const f1 = precision + recall > 1e-9 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** Index of each gold column in `header`, or -1: exact normalised header first, then without "(unit)". */
export function mapColumns(columns: string[], header: string[]): number[] {
  const used = new Set<number>();
  const find = (norm: (h: string) => string, col: string) => {
    const want = norm(col);
    const i = header.findIndex((h, k) => !used.has(k) && want !== '' && norm(h) === want);
    return i;
  };
  const map = columns.map(() => -1);
  for (const norm of [normalizeHeader, headerWithoutParens]) {
    columns.forEach((col, c) => {
      if (map[c] !== -1) return;
      const i = find(norm, col);
      if (i !== -1) {
        map[c] = i;
        used.add(i);
      }
    });
  }
  return map;
}

/** A key cell's identity for dropping duplicate rows: its value as the column's kind reads it. */
function keyOf(text: string, kind: ValueKind): string {
  if (kind === 'number') {
    const n = statedNumber(text);
    if (n.length === 1) return `n:${n[0]}`;
  } else if (kind === 'date') {
    const d = statedDate(text);
    if (d.length > 0) return `d:${d.join('|')}`;
  }
  return `t:${normalizeText(text)}`;
}

function goldKeyOf(cell: Cell, kind: ValueKind): string {
  if (kind === 'number' && typeof cell === 'number') return `n:${cell}`;
  if (kind === 'date' && typeof cell === 'string') return `d:${cell}`;
  return `t:${normalizeText(String(cell ?? ''))}`;
}

const zero = (reason: string): TableScore => ({ reward: 0, table: null, reason });

export function scoreTableAnswer(gold: GoldTable, answer: string): TableScore {
  try {
    return scoreParsed(gold, parseMarkdownTables(answer));
  } catch (e) {
    return zero(`table could not be scored: ${(e as Error).message}`);
  }
}

export function scoreParsed(gold: GoldTable, tables: MarkdownTable[]): TableScore {
  const { columns, rows: goldRows, tolerance } = gold;
  const keyColumns = gold.keyColumns.length > 0 ? gold.keyColumns : columns.slice(0, 1);
  const keyIdx = keyColumns.map((k) => columns.indexOf(k));
  if (columns.length === 0 || keyIdx.some((i) => i < 0)) return zero('task has no usable columns');
  if (tables.length === 0) return zero('no Markdown table found');

  let table: MarkdownTable | undefined;
  let map: number[] = [];
  for (let t = tables.length - 1; t >= 0; t--) {
    const m = mapColumns(columns, tables[t]!.header);
    if (keyIdx.every((k) => m[k] !== -1)) {
      table = tables[t];
      map = m;
      break;
    }
  }
  if (!table) {
    const m = mapColumns(columns, tables[tables.length - 1]!.header);
    const missing = keyIdx.filter((k) => m[k] === -1).map((k) => columns[k]);
    return zero(`table has no ${missing.map((c) => `"${c}"`).join(', ')} column`);
  }
  if (table.rows.length === 0) return zero('table has no rows');

  const kinds = columns.map((_, c) => {
    const ks = new Set(goldRows.map((r) => kindOfCell(r[c] ?? null)).filter((k) => k !== 'empty'));
    return ks.size === 1 ? [...ks][0]! : 'text';
  });

  // Drop rows whose key repeats an earlier row's (WideSearch drops duplicates on the unique columns).
  const seen = new Set<string>();
  const predicted = table.rows.filter((row) => {
    const key = keyIdx.map((k) => keyOf(row[map[k]!] ?? '', kinds[k]!)).join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const cellOf = (row: string[], c: number) => (map[c] === -1 ? null : (row[map[c]!] ?? ''));
  const taken = new Set<number>();
  const keyMatches = (gi: number, row: string[]) => !taken.has(gi) && keyIdx.every((k) => valueMatches(goldRows[gi]![k] ?? null, cellOf(row, k)!, tolerance));
  // Fast path: a gold row whose key reads the same; else compare values one by one (tolerance, odd formats).
  const byKey = new Map<string, number[]>();
  goldRows.forEach((gr, gi) => {
    const key = keyIdx.map((k) => goldKeyOf(gr[k] ?? null, kinds[k]!)).join('\u0000');
    (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(gi);
  });
  let rightItems = 0;
  let rightRows = 0;
  for (const row of predicted) {
    const key = keyIdx.map((k) => keyOf(cellOf(row, k)!, kinds[k]!)).join('\u0000');
    let g = byKey.get(key)?.find((gi) => keyMatches(gi, row)) ?? -1;
    if (g === -1) g = goldRows.findIndex((_, gi) => keyMatches(gi, row));
    if (g === -1) continue;
    taken.add(g);
    let right = 0;
    columns.forEach((_, c) => {
      const text = cellOf(row, c);
      if (keyIdx.includes(c) || (text !== null && valueMatches(goldRows[g]![c] ?? null, text, tolerance))) right++;
    });
    rightItems += right;
    if (right === columns.length) rightRows++;
  }

  const item = prf(rightItems, predicted.length * columns.length, goldRows.length * columns.length);
  const row = prf(rightRows, predicted.length, goldRows.length);
  const success = item.f1 === 1 && row.f1 === 1;
  return {
    reward: item.f1,
    table: {
      item,
      row,
      success,
      goldRows: goldRows.length,
      predictedRows: predicted.length,
      matchedRows: taken.size,
      missingColumns: columns.filter((_, c) => map[c] === -1),
    },
  };
}

/** List items out of free text: one per line (bullets and numbering stripped), else split on ; or ,. */
export function listItems(answer: string): string[] {
  const strip = (s: string) =>
    s
      .replace(/^\s*(?:[-*•+]|\d+[.)])\s+/, '')
      .replace(/^and\s+/i, '')
      .trim();
  const lines = answer
    .split(/\r?\n/)
    .map(strip)
    .filter((l) => l !== '');
  if (lines.length > 1) return lines;
  const one = lines[0] ?? '';
  const parts = one.includes(';') ? one.split(';') : one.split(/,(?!\d{3}(?!\d))/);
  // "A, B and C": the last item holds the last two.
  const last = parts.length > 1 ? parts[parts.length - 1]!.split(/\s+and\s+/) : [];
  if (last.length === 2) parts.splice(parts.length - 1, 1, ...last);
  return parts.map(strip).filter((p) => p !== '');
}

/**
 * A list answer: a Markdown table if the agent wrote one, else the items of its text, each matched to
 * one answer row (its first cell); scored like a one-column table.
 */
export function scoreListAnswer(gold: GoldTable, answer: string): TableScore {
  try {
    const tables = parseMarkdownTables(answer);
    const columns = gold.columns.length > 0 ? gold.columns : ['Item'];
    if (tables.length > 0 && tables.some((t) => mapColumns(columns, t.header).some((i) => i !== -1))) return scoreParsed({ ...gold, columns }, tables);
    const first = columns[0]!;
    const items = listItems(answer);
    if (items.length === 0) return zero('empty answer');
    return scoreParsed({ columns: [first], keyColumns: [first], rows: gold.rows.map((r) => [r[0] ?? null]), tolerance: gold.tolerance }, [
      { header: [first], rows: items.map((i) => [i]) },
    ]);
  } catch (e) {
    return zero(`list could not be scored: ${(e as Error).message}`);
  }
}
