/** `themes`: the registered themes, their tables and the task kinds they yield. */
import type { Command } from 'commander';
import { listThemes } from '../../themes/registry.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';

export function registerThemes(program: Command, io: Io): void {
  declareCommand(program, 'themes')
    .option('--json', 'print as JSON', false)
    .action((o) => {
      const themes = listThemes().map((t) => ({
        id: t.id,
        title: t.title,
        description: t.description,
        tables: t.tables.map((tb) => ({
          name: tb.name,
          columns: tb.columns.map((c) => c.name),
          references: tb.columns.filter((c) => c.ref).map((c) => c.ref!),
        })),
      }));
      if (o.json) return io.out(`${JSON.stringify(themes, null, 2)}\n`);
      for (const t of themes) {
        io.out(`${t.id.padEnd(14)} ${t.title} — ${t.description}\n`);
        for (const tb of t.tables) io.out(`  ${tb.name.padEnd(20)} ${tb.columns.join(', ')}${tb.references.length ? `  → ${tb.references.join(', ')}` : ''}\n`);
      }
      io.out(`${themes.length} themes; task kinds: lookup, multi_hop, comparison, aggregation, temporal, wide_table\n`);
    });
}
