/**
 * The layers of src/ (.dependency-cruiser.cjs), checked with dependency-cruiser: the tree has no
 * violation, and each rule catches the import it forbids in a small tree written for the purpose.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
let options: ICruiseOptions;

beforeAll(async () => {
  options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
});

async function cruiseTree(baseDir: string): Promise<ICruiseResult> {
  const tsConfig = extractTSConfig(join(baseDir, 'tsconfig.json'));
  const { output } = await cruise(['src'], { ...options, baseDir, tsConfig: { fileName: join(baseDir, 'tsconfig.json') } }, {}, { tsConfig });
  return output as ICruiseResult;
}

const violations = (r: ICruiseResult) => r.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

describe('layers', () => {
  it('src/ breaks no layer rule', async () => {
    const r = await cruiseTree(root);
    expect(violations(r)).toEqual([]);
    // The cruise saw the tree (not an empty one), type-only imports as such, and the lazy world model.
    expect(r.summary.totalCruised).toBeGreaterThan(150);
    const deps = (from: string) => r.modules.find((m) => m.source === from)?.dependencies ?? [];
    expect(deps('src/compose.ts').map((d) => d.resolved)).toContain('src/leakage/guard.ts');
    expect(deps('src/search/session.ts').find((d) => d.resolved === 'src/render/renderer.ts')?.dependencyTypes).toContain('type-only');
    expect(deps('src/render/renderer.ts').find((d) => d.resolved === 'src/render/llm/llm-renderer.ts')?.dependencyTypes).toContain('dynamic-import');
  });

  it('each rule catches what it forbids', async () => {
    const dir = tempDir('fw-layers-');
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true }, include: ['src/**/*.ts'] }),
      'src/errors.ts': 'export const E = 1;\n',
      'src/text/forms.ts': "import { E } from '../errors.js';\nimport { page } from '../search/result.js';\nexport const f = E + page;\n",
      'src/search/result.ts': 'export const page = 1;\n',
      'src/search/session.ts':
        "import { guard } from '../leakage/guard.js';\nimport type { Llm } from '../render/llm/llm.js';\nexport const s: Llm | number = guard;\n",
      'src/leakage/guard.ts': "import { page } from '../search/result.js';\nimport { t } from '../render/template.js';\nexport const guard = page + t;\n",
      'src/render/template.ts': 'export const t = 1;\n',
      'src/render/renderer.ts': "export const load = () => import('./llm/llm.js');\n",
      'src/render/llm/llm.ts': 'export type Llm = string;\nexport const llm = 1;\n',
      'src/tasks/agent.ts': "import { llm } from '../render/llm/llm.js';\nexport const a = llm;\n",
      'src/db/open.ts': 'export const open = 1;\n',
      'src/world/types.ts': 'export type W = number;\n',
      'src/world/generate.ts': 'export const gen = 1;\n',
      'src/oracle/solve.ts':
        "import type { W } from '../world/types.js';\nimport type { open } from '../db/open.js';\nimport { gen } from '../world/generate.js';\nexport const x: W = gen;\nexport type O = typeof open;\n",
      'src/oracle/batch.ts': "import { open } from '../db/open.js';\nexport const b = open;\n",
      'src/cycle/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/cycle/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      'src/cycle/c.ts': "import type { D } from './d.js';\nexport type C = D;\nexport const c = 1;\n",
      'src/cycle/d.ts': "import { c } from './c.js';\nexport type D = number;\nexport const d = c;\n",
      'src/missing.ts': "import { nothing } from './nowhere.js';\nexport const m = nothing;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    expect(violations(await cruiseTree(dir)).sort()).toEqual([
      'leakage-not-render: src/leakage/guard.ts → src/render/template.ts',
      'no-circular: src/cycle/a.ts → src/cycle/b.ts', // a cycle is reported once; c ↔ d goes through a type-only import
      'oracle-reads-observations: src/oracle/solve.ts → src/db/open.ts',
      'oracle-reads-observations: src/oracle/solve.ts → src/world/generate.ts',
      'resolvable: src/missing.ts → ./nowhere.js',
      'search-core-alone: src/search/session.ts → src/leakage/guard.ts',
      'text-is-a-leaf: src/text/forms.ts → src/search/result.ts',
      'world-model-from-the-top: src/tasks/agent.ts → src/render/llm/llm.ts',
    ]);
  });
});
