import { describe, expect, it } from 'vitest';
import { allAttrs } from '../../src/tasks/questions/words.js';
import {
  BUILTIN_THEMES,
  getTheme,
  hasTheme,
  listThemes,
  registerSpecTheme,
  registryVersion,
  specDigest,
  unregisterTheme,
  withSpecTheme,
} from '../../src/themes/registry.js';
import { goodSpec } from './draft/fixtures.js';

describe('the theme registry', () => {
  it('ships the built-in themes, which cannot be replaced or removed', () => {
    expect(BUILTIN_THEMES.size).toBe(listThemes().length);
    expect(() => registerSpecTheme(goodSpec('cities') as never)).toThrow('theme id "cities" is taken by a built-in theme: give the spec another id');
    expect(() => unregisterTheme('cities')).toThrow(/built in/);
    expect(hasTheme('cities')).toBe(true);
  });

  it('takes a theme from a spec: the same spec again is a no-op, another under its id is refused', () => {
    const v = registryVersion();
    const theme = registerSpecTheme(goodSpec('towns-a') as never);
    try {
      expect(getTheme('towns-a')).toBe(theme);
      expect(registryVersion()).toBe(v + 1);
      expect(registerSpecTheme(goodSpec('towns-a') as never)).toBe(theme);
      expect(registryVersion()).toBe(v + 1);
      expect(() => registerSpecTheme({ ...goodSpec('towns-a'), title: 'Other towns' } as never)).toThrow(/taken by another theme spec/);
      expect(specDigest(theme)).toMatch(/^[0-9a-f]{64}$/);
      expect(specDigest(theme)).not.toBe(specDigest(getTheme('cities')));
    } finally {
      unregisterTheme('towns-a');
    }
    expect(hasTheme('towns-a')).toBe(false);
    expect(registryVersion()).toBe(v + 2);
  });

  it('refuses a spec the schema refuses, in one line', () => {
    expect(() => registerSpecTheme({ id: 'x' } as never)).toThrow(/^theme spec x: title: /);
  });

  it('withSpecTheme registers for the call only, and what is read over every theme follows', async () => {
    const count = (id: string) => allAttrs().filter((a) => a.theme === id).length;
    expect(count('towns-b')).toBe(0);
    const inside = await withSpecTheme(goodSpec('towns-b') as never, () => count('towns-b'));
    expect(inside).toBe(count('cities'));
    expect(count('towns-b')).toBe(0);
    expect(hasTheme('towns-b')).toBe(false);
  });
});
