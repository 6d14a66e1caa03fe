import { describe, expect, it } from 'vitest';
import type { AgentMessage, ChatModel } from '../../../src/agent/chat-model.js';
import { draftTheme, replyObject, themeIdOf } from '../../../src/themes/draft/draft.js';
import { hasTheme } from '../../../src/themes/registry.js';
import { fenced, goodSpec, schemaBroken } from './fixtures.js';

/** A chat model that answers from a script, and keeps every conversation it was sent. */
function scripted(replies: (string | { content: string; finishReason: string })[]) {
  const sent: AgentMessage[][] = [];
  const model: ChatModel = {
    model: 'scripted',
    async next(messages, tools) {
      expect(tools).toEqual([]);
      sent.push([...messages]);
      const r = replies[sent.length - 1];
      if (r === undefined) throw new Error('the script has no more replies');
      return typeof r === 'string' ? { content: r, toolCalls: [], finishReason: 'stop' } : { content: r.content, toolCalls: [], finishReason: r.finishReason };
    },
  };
  return { model, sent };
}

const QUICK = { seeds: [1], worldsPerSeed: 1 };

describe('a theme id from a topic', () => {
  it('is a slug of the topic that starts with a letter', () => {
    expect(themeIdOf('2031 e-scooter rental market')).toBe('e-scooter-rental-market');
    expect(themeIdOf('Cafés & Bakeries of Lyon')).toBe('cafes-bakeries-of-lyon');
    const long = themeIdOf('the very long history of regional narrow gauge railway preservation societies');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^[a-z][a-z0-9-]*[a-z0-9]$/);
  });

  it('is refused when the topic has no letters to make one of', () => {
    expect(() => themeIdOf('2031 !!!')).toThrow(/give --id/);
  });
});

describe('the JSON object of a reply', () => {
  it('is read from a bare object, a fenced block or the braces inside prose', () => {
    expect(replyObject('{"id":"a"}')).toEqual({ id: 'a' });
    expect(replyObject(fenced({ id: 'b' }))).toEqual({ id: 'b' });
    expect(replyObject('The spec: {"id":"c","n":{"x":1}} as asked.')).toEqual({ id: 'c', n: { x: 1 } });
  });

  it('is nothing when the reply holds no object', () => {
    expect(replyObject('I cannot help with that.')).toBeUndefined();
    expect(replyObject('[1, 2]')).toBeUndefined();
    expect(replyObject('{"id": "cut off')).toBeUndefined();
  });
});

describe('drafting a theme', () => {
  it('sends the refusal reasons back and accepts the corrected spec', async () => {
    const { model, sent } = scripted(['Here is my plan for the theme.', fenced(schemaBroken()), JSON.stringify(goodSpec('whatever'))]);
    const seen: number[] = [];
    const r = await draftTheme({ topic: '2031 town statistics', model, ...QUICK, onAttempt: (a) => seen.push(a.n) });
    expect(r.ok).toBe(true);
    expect(r.id).toBe('town-statistics');
    // the id is the caller's, whatever the model wrote
    expect(r.spec!.id).toBe('town-statistics');
    expect(r.attempts.map((a) => a.ok)).toEqual([false, false, true]);
    expect(seen).toEqual([1, 2, 3]);
    expect(r.attempts[0]!.reasons).toEqual(['the reply holds no JSON object']);
    expect(r.attempts[1]!.reasons.some((x) => /^schema: title: /.test(x))).toBe(true);
    expect(r.check!.worlds).toHaveLength(1);
    // the second request carries the first reply and its reasons; the third the schema's reasons
    expect(sent[1]!.at(-2)).toEqual({ role: 'assistant', content: 'Here is my plan for the theme.' });
    expect(sent[1]!.at(-1)!.content).toContain('- the reply holds no JSON object');
    expect(sent[2]!.at(-1)!.content).toMatch(/- schema: title: /);
    expect(sent[0]![1]!.content).toContain('"town-statistics"');
    // nothing stays registered after the checks
    expect(hasTheme('town-statistics')).toBe(false);
  }, 120_000);

  it('is refused with the last reasons when the repairs run out', async () => {
    const { model, sent } = scripted([fenced(schemaBroken()), { content: '{"id": "towns", "tables": [', finishReason: 'length' }]);
    const r = await draftTheme({ topic: 'towns', model, repairs: 1, ...QUICK });
    expect(r.ok).toBe(false);
    expect(sent).toHaveLength(2);
    expect(r.attempts.at(-1)!.reasons).toEqual(['the reply was cut off before its JSON object ended: write a shorter spec']);
    expect(r.check).toBeNull();
    // the last spec drafted is kept for the caller to look at
    expect(r.spec!.id).toBe('towns');
  });

  it('refuses a bad topic or id before asking the model', async () => {
    const { model, sent } = scripted([]);
    await expect(draftTheme({ topic: ' ', model })).rejects.toThrow('missing --topic TEXT');
    await expect(draftTheme({ topic: 'x'.repeat(201), model })).rejects.toThrow(/at most 200/);
    await expect(draftTheme({ topic: 'towns', id: 'Towns!', model })).rejects.toThrow(/--id must be/);
    expect(sent).toHaveLength(0);
  });
});
