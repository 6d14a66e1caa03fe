/**
 * Our trainer shapes through veRL's own code (two files copied from veRL b178a3cd5 into test/python/verl/):
 * the tool schemas through its pydantic schema model, and exported ground truths through its search-R1
 * exact-match scorer. Runs the system python3 (pydantic for the schema model).
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportTasks, type TaskRecord } from '../../src/tasks/export.js';
import { openAiTools } from '../../src/tools/definitions.js';
import { tempDir } from '../helpers.js';
import { worldsDir } from '../server/fixtures.js';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../..');
const VERL = join(REPO, 'test/python/verl');

async function python(script: string, input: unknown): Promise<any> {
  const dir = tempDir('fw-verl-');
  writeFileSync(join(dir, 'in.json'), JSON.stringify(input));
  const { stdout } = await run('python3', ['-c', script, join(dir, 'in.json')], { env: { ...process.env, PYTHONPATH: VERL } });
  return JSON.parse(stdout);
}

let records: TaskRecord[];

beforeAll(() => {
  const out = join(tempDir(), 'tasks.json');
  exportTasks({ dir: worldsDir(2, 26).dir, out });
  records = JSON.parse(readFileSync(out, 'utf8'));
});

describe("veRL's own code on our shapes", () => {
  it('the packaged tool schemas pass through OpenAIFunctionToolSchema unchanged; the declared ones lose only what it drops', async () => {
    const packaged = JSON.parse(readFileSync(join(REPO, 'python/fictionworld/tool_schemas.json'), 'utf8'));
    const script = [
      'import json, sys',
      'from schemas import OpenAIFunctionToolSchema',
      'packaged, declared = json.load(open(sys.argv[1]))',
      'dump = lambda s: OpenAIFunctionToolSchema.model_validate(s).model_dump(exclude_unset=True, exclude_none=True)',
      'print(json.dumps({"packaged": [dump(s) for s in packaged], "declared": [dump(s) for s in declared]}))',
    ].join('\n');
    const out = await python(script, [packaged, openAiTools()]);
    expect(out.packaged).toEqual(packaged);
    // veRL's model keeps of our declared tools exactly what we package: queries' items go, its description stays
    expect(out.declared).toEqual(packaged);
    expect(openAiTools()[0]!.function.parameters.properties.queries!.items).toEqual({ type: 'string' });
  });

  it("search-R1's scorer reads the exported ground_truth without an error: 1 for the answer text and each alias", async () => {
    const script = [
      'import contextlib, io, json, sys',
      'import search_r1_like_qa_em as em',
      'records = json.load(open(sys.argv[1]))',
      'out = []',
      'with contextlib.redirect_stdout(io.StringIO()):  # the scorer prints one call in 64',
      '    for r in records:',
      '        gt = r["reward_model"]["ground_truth"]',
      '        right = [em.compute_score(f"<answer>{t}</answer>", gt) for t in gt["target"]]',
      '        wrong = em.compute_score("<answer>certainly not this</answer>", gt)',
      '        out.append({"right": right, "wrong": wrong, "none": em.compute_score("no tags", gt)})',
      'print(json.dumps(out))',
    ].join('\n');
    const scores = (await python(script, records)) as { right: number[]; wrong: number; none: number }[];
    expect(scores).toHaveLength(records.length);
    expect(records.length).toBeGreaterThan(10);
    for (const [i, s] of scores.entries()) {
      expect(s.right).toHaveLength(records[i]!.reward_model.ground_truth.target.length);
      expect(s.right.every((x) => x === 1)).toBe(true);
      expect([s.wrong, s.none]).toEqual([0, 0]);
    }
  });
});
