import { describe, expect, it } from 'vitest';
import { draftMessages, EXAMPLE_THEME, repairMessages, systemPrompt } from '../../../src/themes/draft/prompt.js';
import { CHECKS } from '../../../src/themes/spec/checks.js';
import { DERIVATIONS } from '../../../src/themes/spec/derive/index.js';
import { specIssues } from '../../../src/themes/spec/schema.js';

describe('the prompt that asks for a theme spec', () => {
  const prompt = systemPrompt();
  const lines = prompt.split('\n');
  const jsonAfter = (intro: RegExp) => JSON.parse(lines[lines.findIndex((l) => intro.test(l)) + 1]!) as Record<string, unknown>;

  it("carries the spec's JSON Schema, every derivation and invariant by name, and an accepted example", () => {
    const schema = jsonAfter(/^The spec is one JSON object valid under this JSON Schema:$/) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['id', 'locale', 'title', 'tables', 'say', 'sites']));
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'title', 'tables']));
    expect(Object.keys(jsonAfter(/^Derivations /)).sort()).toEqual(Object.keys(DERIVATIONS).sort());
    expect(Object.keys(jsonAfter(/^Invariants /)).sort()).toEqual(Object.keys(CHECKS).sort());
    const example = jsonAfter(/^A complete, accepted spec/);
    expect(example.id).toBe(EXAMPLE_THEME);
    expect(specIssues(example)).toEqual([]);
    expect(prompt).toMatch(/Reply with the spec only: one JSON object/);
  });

  it('asks for the topic under the given id, and answers a refusal with its reasons', () => {
    const first = draftMessages('2031 e-scooter rental market', 'e-scooters');
    expect(first.map((m) => m.role)).toEqual(['system', 'user']);
    expect(first[1]!.content).toBe('Topic: 2031 e-scooter rental market\nThe spec\'s "id" is "e-scooters". Write the complete spec.');
    const next = repairMessages(first, '{"id": "e-scooters"}', ['schema: title: required', 'seed 1 world 0: 120 facts']);
    expect(next.slice(0, 2)).toEqual(first);
    expect(next[2]).toEqual({ role: 'assistant', content: '{"id": "e-scooters"}' });
    expect(next[3]!.content).toBe(
      'The spec was refused:\n- schema: title: required\n- seed 1 world 0: 120 facts\nReply with the whole corrected spec as one JSON object.',
    );
  });
});
