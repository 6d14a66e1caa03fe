/** How family B's drafts write a cell: answer text as pages write values, SQL literals. */
import { formatDate, formatNumber } from '../../format.js';
import type { Cell, ColumnDef } from '../../themes/_define.js';
import type { FactIndex } from '../../world/facts.js';

/** A cell as an answer writes it: "March 4, 2031", "$1,200", an entity's name. */
export function cellText(fx: FactIndex, col: ColumnDef, value: Cell): string {
  if (value === null) return '';
  if (col.type === 'entity') return fx.name(col.ref!, Number(value));
  if (col.type === 'date') return formatDate(String(value), 0);
  if (col.type === 'integer' || col.type === 'real') return formatNumber(Number(value), col.unit ?? 'plain', col.decimals ?? 0, 0);
  return String(value);
}

export const sqlQuote = (s: string) => `'${s.replace(/'/g, "''")}'`;
