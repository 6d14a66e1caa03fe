/** `inspect WORLD`: summarise one world. */
import type { Command } from 'commander';
import { locateWorld } from '../../db/locate.js';
import { inspectWorld } from '../../world/inspect.js';
import type { Io } from '../main.js';
import { declareCommand } from './table.js';

export function registerInspect(program: Command, io: Io): void {
  declareCommand(program, 'inspect')
    .option('--worlds <dir>', 'folder to look world ids up in', 'worlds')
    .option('--json', 'print as JSON', false)
    .action((world: string, o) => {
      const s = inspectWorld(locateWorld(world, o.worlds));
      if (o.json) return io.out(`${JSON.stringify(s, null, 2)}\n`);
      const m = s.meta;
      const lines = [
        `${m.world_id} · theme ${m.theme} · seed ${m.seed} · index ${m.index} · reference date ${m.reference_date} · format v${m.format_version} · generator ${m.generator_version}`,
        '',
        'tables:',
        ...s.tables.map((t) => `  ${t.name.padEnd(20)} ${String(t.rows).padStart(6)}`),
        '',
        `sample facts (of ${m.fact_count}):`,
        ...s.facts.map((f) => `  ${f.subject} · ${f.predicate} · ${f.object}`),
        '',
        'pages:',
        ...s.pages.map((p) => `  ${p.kind.padEnd(8)} ${String(p.count).padStart(4)}  e.g. ${p.example}`),
        '',
        `tasks (${s.tasks.length}):`,
        ...s.tasks.map(
          (t) =>
            `  ${t.id} ${t.kind.padEnd(11)} ${t.question}\n      → ${t.answer.split('\n').length > 1 ? `table of ${t.answer.split('\n').length - 2} rows` : t.answer}`,
        ),
      ];
      io.out(`${lines.join('\n')}\n`);
    });
}
