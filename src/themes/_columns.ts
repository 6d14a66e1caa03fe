/** Column declarations several themes share (an organisation's seat, founding date, head and size). */
import type { ColumnDef } from './_define.js';

export const COMMON_COLUMNS = {
  headquarters: { name: 'headquarters', type: 'text', label: 'headquarters city', sentence: '{s} is headquartered in {v}.' },
  founded: { name: 'founded', type: 'date', label: 'founding date', sentence: '{s} was founded on {v}.' },
  ceo: { name: 'ceo', type: 'text', label: 'chief executive', sentence: 'The chief executive of {s} is {v}.' },
  employees: { name: 'employees', type: 'integer', label: 'employee count', unit: 'count', measure: true, optional: true, sentence: '{s} employs {v} people.' },
} as const satisfies Record<string, ColumnDef>;
