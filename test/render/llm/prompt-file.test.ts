import { describe, expect, it } from 'vitest';
import { fillPrompt, loadPrompt, parsePromptFile } from '../../../src/render/llm/prompt-file.js';

describe('prompt files', () => {
  it('loads the search prompt with its version, parts and placeholders', () => {
    const p = loadPrompt();
    expect(p.id).toBe('search-world-model');
    expect(p.version).toBe('1');
    expect(p.key).toMatch(/^search-world-model@v1#[0-9a-f]{12}$/);
    expect(p.system).toMatch(/fictional/);
    expect(p.system).toMatch(/<predicted_observation>/);
    expect(p.placeholders).toEqual(expect.arrayContaining(['canary', 'records', 'history', 'answer', 'action', 'instructions']));
  });

  it('a changed file changes the key even at the same version', () => {
    const a = parsePromptFile('---\nid: x\nversion: 2\n---\n<!-- system -->\nS\n<!-- user -->\nU {{q}}', 'a');
    const b = parsePromptFile('---\nid: x\nversion: 2\n---\n<!-- system -->\nS!\n<!-- user -->\nU {{q}}', 'b');
    expect(a.key).not.toBe(b.key);
    expect(() => parsePromptFile('no front matter', 'c')).toThrow(/front matter/);
  });

  it('fills placeholders in one pass: a value is never expanded', () => {
    expect(fillPrompt('A {{q}} B {{r}}', { q: '{{r}}', r: 'secret' })).toBe('A {{r}} B secret');
    expect(() => fillPrompt('{{missing}}', {})).toThrow(/missing/);
  });
});
