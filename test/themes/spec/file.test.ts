import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getTheme } from '../../../src/themes/registry.js';
import { SPEC_OF } from '../../../src/themes/spec/compile.js';
import { readThemeFile, themeFileText, writeThemeFile } from '../../../src/themes/spec/file.js';
import { tempDir } from '../../helpers.js';

describe('a theme spec file', () => {
  const dir = tempDir('fw-specfile-');
  const spec = SPEC_OF.get(getTheme('museums'))!;

  it('is written atomically and read back as the same spec', () => {
    const path = join(dir, 'museums.json');
    writeThemeFile(path, spec);
    expect(readFileSync(path, 'utf8')).toBe(themeFileText(spec));
    expect(readThemeFile(path)).toEqual(JSON.parse(JSON.stringify(spec)));
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('that cannot be written leaves nothing behind', () => {
    const path = join(dir, 'no-such-folder', 'x.json');
    expect(() => writeThemeFile(path, spec)).toThrow(/^cannot write theme file .*x\.json \(ENOENT\)$/);
    expect(existsSync(path)).toBe(false);
  });

  it('is refused in one line when missing, not JSON or not a spec', () => {
    expect(() => readThemeFile(join(dir, 'missing.json'))).toThrow(/missing\.json: cannot read it \(ENOENT\)$/);
    const notJson = join(dir, 'bad.json');
    writeFileSync(notJson, '{"id": ');
    expect(() => readThemeFile(notJson)).toThrow(/bad\.json: not JSON \(/);
    const notSpec = join(dir, 'partial.json');
    writeFileSync(notSpec, JSON.stringify({ id: 'partial', title: 'Partial' }));
    let message = '';
    try {
      readThemeFile(notSpec);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^theme file .*partial\.json: \w+: .* \(and \d+ more\)$/);
    expect(message).not.toContain('\n');
  });
});
