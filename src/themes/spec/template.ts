/** Row templates ("{model_id}, {quarter}"): a column's value, or for an entity column the referenced row's display name; `{col|lower}` lower-cases it. */
import type { Row } from '../_define.js';

export interface TemplateColumn {
  name: string;
  type: string;
  ref?: string;
}

/**
 * `{n:col}` is the row's position (1-based, by id) among the rows of `table` with the same `col`
 * value: a film's week of its run.
 */
export function fillTemplate(
  template: string,
  row: Row,
  columns: readonly TemplateColumn[],
  name: (table: string, id: number) => string,
  table: readonly Row[] = [],
): string {
  return template
    .replace(/\{n:(\w+)\}/g, (_, key: string) => String(table.filter((r) => r[key] === row[key] && r.id < row.id).length + 1))
    .replace(/\{(\w+)(\|lower)?\}/g, (_, key: string, lower?: string) => {
      const col = columns.find((c) => c.name === key);
      const v = row[key];
      if (v == null) return '';
      const text = col?.type === 'entity' && col.ref ? name(col.ref, Number(v)) : String(v);
      return lower ? text.toLowerCase() : text;
    });
}
