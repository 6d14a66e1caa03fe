import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeWorld } from '../../src/db/write.js';
import { budgetFor, solveBatch, type SolvabilityReport } from '../../src/oracle/batch.js';
import { oracleView, type Observation, type ToolFn } from '../../src/oracle/oracle-task.js';
import { solveTask } from '../../src/oracle/solve.js';
import { callTool } from '../../src/search/call-tool.js';
import { createSession } from '../../src/compose.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import { scoreAnswer } from '../../src/tasks/score.js';
import { listThemes } from '../../src/themes/registry.js';
import { generateProvedWorld } from '../../src/world/generate.js';
import { BATCH_PROVER } from '../../src/world/prover.js';
import { cli, tempDir } from '../helpers.js';

const PER_THEME = 2;
let dir: string;
let report: SolvabilityReport;

beforeAll(async () => {
  dir = tempDir('fw-oracle-');
  const themes = listThemes().map((t) => t.id);
  for (let i = 0; i < themes.length * PER_THEME; i++) {
    // As a batch writes them: every task proved by the oracle at generation, so the written worlds must
    // be solved again from disk, through the served tools, within each certificate's budget.
    const data = await generateProvedWorld(11, i, { themes }, BATCH_PROVER);
    writeWorld(join(dir, `${data.meta.world_id}.sqlite`), data);
  }
  report = await solveBatch(dir);
  // Generating and proving 16 worlds, then solving them again from disk: minutes on a shared 2-core machine.
}, 900_000);

describe('oracle searcher over every registered theme (guard on)', () => {
  it('solves at least 95% of tasks within budget, in every theme and every kind', () => {
    const themes = listThemes()
      .map((t) => t.id)
      .sort();
    expect(report.worlds).toBe(themes.length * PER_THEME);
    expect(Object.keys(report.byTheme).sort()).toEqual(themes);
    expect(report.overall.tasks).toBeGreaterThanOrEqual(themes.length * PER_THEME * 16);
    expect(report.overall.share).toBeGreaterThanOrEqual(0.95);
    expect(report.pass).toBe(true);
    for (const g of Object.values(report.byTheme)) expect(g.share).toBeGreaterThanOrEqual(0.9);
    // A world's kinds follow its certificates and the difficulty mix: several families, each solved.
    expect(Object.keys(report.byKind).length).toBeGreaterThanOrEqual(5);
    for (const g of Object.values(report.byKind)) expect(g.share).toBeGreaterThanOrEqual(0.95);
  });

  it('counts calls honestly: one count per solved task, each at least one search and one page', () => {
    const calls = Object.entries(report.callsHistogram).flatMap(([c, n]) => Array(n).fill(Number(c)) as number[]);
    expect(calls.length).toBe(report.overall.solved);
    expect(Math.min(...calls)).toBeGreaterThanOrEqual(2);
    for (const f of report.failures) expect(f.solved).toBe(false);
  });

  it('budgetFor gives wide tables one call per answer row', () => {
    expect(budgetFor({ kind: 'lookup', answer: '[["x"]]' })).toBe(10);
    expect(budgetFor({ kind: 'wide_table', answer: '[["a",1],["b",2],["c",3]]' })).toBe(13);
  });
});

describe('the oracle sees only the question and a session-bound tool', () => {
  it('reads nothing of the task but kind, question and columns, and calls only web_search and web_extractor', async () => {
    const file = join(
      dir,
      readdirSync(dir)
        .filter((f) => f.endsWith('.sqlite'))
        .sort()[0]!,
    );
    const world = createSearchWorld(file);
    try {
      for (const id of world.taskIds()) {
        const task = world.task(id)!;
        const session = createSession(world, { taskId: id });
        expect(session.guard).toBeDefined();
        const read = new Set<string>();
        const view = new Proxy(oracleView(task), {
          get(target, prop, receiver) {
            read.add(String(prop));
            return Reflect.get(target, prop, receiver);
          },
        });
        const names: string[] = [];
        const tool: ToolFn = async (call) => {
          names.push(call.name);
          const r = await callTool(session, call);
          if ('pages' in r.json) throw new Error('the oracle opens one page per call');
          const obs: Observation = { text: r.text, json: r.json };
          return obs;
        };
        const out = await solveTask(view, tool);
        expect([...read].every((p) => ['kind', 'question', 'columns'].includes(p))).toBe(true);
        expect(new Set(names).size).toBeLessThanOrEqual(2);
        expect(names.every((n) => n === 'web_search' || n === 'web_extractor')).toBe(true);
        expect(out.calls).toBe(names.length);
        expect(session.callCount).toBe(names.length);
        expect(scoreAnswer(task, out.reply).reward).toBeGreaterThanOrEqual(0);
      }
    } finally {
      world.close();
    }
  });
});

describe('oracle command', () => {
  it('prints the report, or JSON with --json; --sample counts worlds', async () => {
    const text = await cli(['oracle', '--worlds', dir, '--sample', '2']);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^oracle searcher: 2 worlds, \d+ tasks, leakage guard on, perturbations off;/);
    expect(text.out).toMatch(/solved \d+\/\d+ \(\d+\.\d%\) within budget; target ≥ 95\.0% overall and per kind: (pass|FAIL)/);
    const json = await cli(['oracle', '--worlds', dir, '--sample', '1', '--json']);
    expect(json.code).toBe(0);
    const r = JSON.parse(json.out) as SolvabilityReport;
    expect(r.worlds).toBe(1);
    expect(r.overall.tasks).toBeGreaterThanOrEqual(16);
  });

  it('tasks report --oracle joins solvability to the batch report', async () => {
    const json = await cli(['tasks', 'report', dir, '--oracle', '--sample', '1', '--json']);
    expect(json.code).toBe(0);
    const r = JSON.parse(json.out) as { tasks: number; solvability: SolvabilityReport };
    expect(r.solvability.worlds).toBe(1);
    expect(r.solvability.overall.tasks).toBeGreaterThanOrEqual(16);
    const text = await cli(['tasks', 'report', dir, '--oracle', '--sample', '1']);
    expect(text.out).toMatch(/^solvability: \d+\.\d% of \d+ tasks solved by the oracle within budget \(target ≥ 95%\): (pass|FAIL)$/m);
    expect(text.out).toContain('oracle searcher: 1 worlds');
    expect(text.out).not.toContain('not measured yet');
    const plain = await cli(['tasks', 'report', dir, '--json']);
    expect(JSON.parse(plain.out).solvability).toBeNull();
  });

  it('bad flags are one-line errors', async () => {
    for (const args of [
      ['oracle', '--worlds', dir, '--sample', '0'],
      ['oracle', '--worlds', join(dir, 'missing')],
      ['oracle', '--worlds', dir, '--samples', '2'],
      ['oracle', '--worlds', dir, '--profile', 'nope'],
      ['tasks', 'report', dir, '--oracle', '--sample', 'x'],
    ]) {
      const r = await cli(args);
      expect(r.code).not.toBe(0);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/^error: [^\n]+\n$/);
    }
  });
});
