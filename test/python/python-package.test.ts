/**
 * The Python package (python/): installed offline into a fresh venv and its unittest suite run against
 * a live server on loopback over a small world folder.
 */
import { execFile } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/log.js';
import { startServer, type RunningServer } from '../../src/server/listen.js';
import { openAiTools } from '../../src/tools/definitions.js';
import { tempDir } from '../helpers.js';
import { worldsDir } from '../server/fixtures.js';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../..');
const TOKEN = 'python-test-token';
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ worlds: worldsDir(2, 26).dir, port: 0, adminToken: TOKEN, logger: createLogger('silent') });
});

afterAll(async () => {
  await server?.shutdown('SIGTERM');
});

/** What veRL's OpenAIFunctionToolSchema keeps of a tool (verl/tools/schemas.py): type, description and enum per property. */
function keptByVerl(tool: ReturnType<typeof openAiTools>[number]) {
  const { name, description, parameters, strict } = tool.function;
  const properties = Object.fromEntries(
    Object.entries(parameters.properties).map(([k, p]) => [
      k,
      Object.fromEntries(Object.entries(p).filter(([f]) => ['type', 'description', 'enum'].includes(f))),
    ]),
  );
  return { type: tool.type, function: { name, description, parameters: { type: parameters.type, properties, required: parameters.required }, strict } };
}

describe('python/ (fictionworld for Python trainers)', () => {
  it('installs offline into a fresh venv (pip --no-build-isolation --no-index) and its unittest suite passes against a live server', async () => {
    const work = tempDir('fw-python-');
    // a copy: setuptools builds in the source tree (build/, *.egg-info)
    cpSync(join(REPO, 'python'), join(work, 'pkg'), { recursive: true, filter: (p) => !/(__pycache__|\.egg-info|[/\\]build)$/.test(p) });
    const venv = join(work, 'venv');
    await run('python3', ['-m', 'venv', venv]);
    const py = join(venv, 'bin', 'python');
    // setuptools before 70.1 (Python 3.11's venv has 65.5) builds wheels only with the `wheel` package
    const probe = await run(py, ['-c', 'import importlib.util as u; print(bool(u.find_spec("wheel") or u.find_spec("setuptools.command.bdist_wheel")))']);
    if (probe.stdout.trim() !== 'True') await run(py, ['-m', 'pip', 'install', '--quiet', 'wheel']);
    const install = await run(py, ['-m', 'pip', 'install', '--no-build-isolation', '--no-index', join(work, 'pkg')]);
    expect(install.stdout).toMatch(/Successfully installed fictionworld-\d+\.\d+\.\d+/);

    const tests = await run(py, ['-m', 'unittest', 'discover', '-v', '-s', 'tests', '-t', '.'], {
      cwd: join(work, 'pkg'),
      env: { ...process.env, FICTIONWORLD_TEST_URL: server.url, FICTIONWORLD_TEST_ADMIN_TOKEN: TOKEN, PYTHONPATH: '' },
    }).catch((e: { stdout: string; stderr: string }) => e);
    const summary = tests.stderr;
    const ran = /^Ran (\d+) tests? in [\d.]+s$/m.exec(summary);
    expect(ran, summary.slice(-3000)).not.toBeNull();
    expect(Number(ran![1])).toBeGreaterThan(0);
    expect(summary.trimEnd().split('\n').at(-1), summary.slice(-3000)).toBe('OK');
    // the tests import the installed package, not the copy beside them
    const where = await run(py, ['-c', 'import fictionworld; print(fictionworld.__file__)'], { cwd: work });
    expect(where.stdout).toContain(join(venv, 'lib'));
  }, 600_000);

  it("the packaged tool schemas and the example tool config are what veRL's schema model keeps of the declared tools", async () => {
    const packaged = JSON.parse(readFileSync(join(REPO, 'python/fictionworld/tool_schemas.json'), 'utf8'));
    expect(packaged).toEqual(openAiTools().map(keptByVerl));
    // the YAML read as veRL reads it (OmegaConf loads it with PyYAML)
    const yaml = await run('python3', [
      '-c',
      'import json, sys, yaml; print(json.dumps([t["tool_schema"] for t in yaml.safe_load(open(sys.argv[1]))["tools"]]))',
      join(REPO, 'python/examples/verl_tool_config.yaml'),
    ]);
    expect(JSON.parse(yaml.stdout)).toEqual(packaged);
    // what veRL drops, the description says: queries is a list of strings, with its bounds
    const queries = openAiTools()[0]!.function.parameters.properties.queries!;
    expect(queries.items).toEqual({ type: 'string' });
    expect(packaged[0].function.parameters.properties.queries).toEqual({ type: 'array', description: queries.description });
    expect(queries.description).toMatch(/each a string \(1 to 8\)/);
  });
});
