import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('src/text is a leaf', () => {
  it('imports nothing of the project but its own files and the bounded cache', () => {
    const dir = fileURLToPath(new URL('../../src/text', import.meta.url));
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    const seen = new Set<string>();
    for (const f of files) {
      const imports = [...readFileSync(`${dir}/${f}`, 'utf8').matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)].map((m) => m[1]!);
      for (const i of imports) seen.add(i);
      for (const i of imports) expect(i, `${f} imports ${i}`).toMatch(/^\.\/[\w-]+\.js$|^\.\.\/util\/bounded-cache\.js$/);
    }
    expect([...seen]).toEqual(expect.arrayContaining(['./fold.js', './numbers.js', './dates.js', '../util/bounded-cache.js']));
  });
});
