import { describe, expect, it } from 'vitest';
import { dropReasoning, extractObservation, parseObservation } from '../../../src/render/llm/parse-observation.js';

const block = (body: string) => `<predicted_observation>\n${body}\n</predicted_observation>`;
const one = '[1] https://a.example/x\nTitle: A page\nSnippet: It says things.\nDate: Mar 4, 2029';

describe('parseObservation', () => {
  it('reads the results of the text format, after dropping the reasoning', () => {
    const content = `<think>Maybe <predicted_observation>[1] https://wrong.example</predicted_observation></think>\n${block(`Results for "q":\n${one}\n\n[2] https://b.example/y\nTitle: B\nSnippet: Two lines\nof snippet.\nDate: N/A`)}`;
    const out = parseObservation(content);
    expect(out).toEqual({
      ok: true,
      results: [
        { rank: 1, url: 'https://a.example/x', title: 'A page', snippet: 'It says things.', date: 'Mar 4, 2029' },
        { rank: 2, url: 'https://b.example/y', title: 'B', snippet: 'Two lines of snippet.', date: 'N/A' },
      ],
    });
  });

  it('drops everything before a lone </think> (reasoning parsers that strip the opening tag)', () => {
    expect(dropReasoning('thinking about [1] http://x\n</think>\nanswer')).toBe('\nanswer');
    expect(extractObservation(`plan</think>${block(one)}`)).toContain('https://a.example/x');
  });

  it('takes the last block, and accepts a bare observation', () => {
    expect(extractObservation(`${block('[1] https://old.example\nTitle: o')}\n${block(one)}`)).toContain('a.example');
    expect(parseObservation(`Results for "q":\n${one}`).ok).toBe(true);
  });

  it('tolerates bold field names, code fences and <url> brackets; N/A snippets become null', () => {
    const out = parseObservation(block('```\n[1] <https://a.example/x>\n**Title:** A\n**Snippet:** N/A\n**Date:** N/A\n```'));
    expect(out).toEqual({ ok: true, results: [{ rank: 1, url: 'https://a.example/x', title: 'A', snippet: null, date: 'N/A' }] });
  });

  it('calls malformed what it cannot read', () => {
    expect(parseObservation('Here are some results: a page about phones.')).toEqual({ ok: false, reason: 'no_observation_block' });
    expect(parseObservation('<predicted_observation>\n[1] https://a.example/x\nTitle: cut off')).toEqual({ ok: false, reason: 'no_observation_block' });
    expect(parseObservation(block('No results found.'))).toEqual({ ok: false, reason: 'unexpected_line' });
    expect(parseObservation(block(''))).toEqual({ ok: false, reason: 'no_results' });
    expect(parseObservation(block('[1] not-a-url\nTitle: x'))).toEqual({ ok: false, reason: 'entry_without_url' });
    expect(parseObservation(block('[1] https://a.example/x\nSnippet: no title'))).toEqual({ ok: false, reason: 'result_without_title' });
    expect(parseObservation(block(`Intro text first.\n${one}`))).toEqual({ ok: false, reason: 'unexpected_line' });
  });
});

/** The reading of tags as it was first written: lower-case the whole text, then look for the tag. */
function dropReasoningByLowerCase(content: string): string {
  let text = content.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const lone = text.toLowerCase().lastIndexOf('</think>');
  if (lone >= 0) text = text.slice(lone + '</think>'.length);
  return text;
}

function extractByLowerCase(content: string): string | null {
  const text = dropReasoningByLowerCase(content);
  const lower = text.toLowerCase();
  const start = lower.lastIndexOf('<predicted_observation>');
  if (start >= 0) {
    const end = lower.indexOf('</predicted_observation>', start);
    if (end < 0) return null;
    return text.slice(start + '<predicted_observation>'.length, end);
  }
  const bare = text.trim();
  return /^(?:Results for |\[1\] )/.test(bare) ? bare : null;
}

describe('tags are found where a lower-cased text has them, without lower-casing it', () => {
  const pieces = [
    '<think>',
    '</think>',
    '</THINK>',
    '</thin\u212a>',
    '</thİnk>',
    '<predicted_observation>',
    '<PREDICTED_Observation>',
    '</predicted_observation>',
    '</Predicted_Observation>',
    '<predicted_obſervation>',
    'İ',
    'ı',
    'K',
    'Results for "q":\n',
    '[1] https://a.example/x\n',
    'Title: A\n',
    'text ',
    '\n',
  ];
  let state = 11;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff);
  const contents: string[] = [];
  for (let i = 0; i < 4000; i++) {
    let s = '';
    for (let n = next() % 12; n > 0; n--) s += pieces[next() % pieces.length];
    contents.push(s);
  }

  it('dropReasoning and extractObservation agree with the lower-casing reading on every text', () => {
    for (const c of contents) {
      expect(dropReasoning(c)).toBe(dropReasoningByLowerCase(c));
      expect(extractObservation(c)).toBe(extractByLowerCase(c));
      expect(extractObservation(c, dropReasoning(c))).toBe(extractByLowerCase(c));
    }
  });

  it('a Kelvin sign closes reasoning as a k does; a text with İ keeps its offsets', () => {
    expect(dropReasoning('secret</THIN\u212a>shown')).toBe('shown');
    expect(extractObservation('İİ <Predicted_Observation>body</PREDICTED_OBSERVATION> tail')).toBe(
      extractByLowerCase('İİ <Predicted_Observation>body</PREDICTED_OBSERVATION> tail'),
    );
    expect(extractObservation('<predicted_observation>[1] https://a.example/x</predicted_observation>')).toBe('[1] https://a.example/x');
  });

  it('parseObservation gives the same outcome with the reasoning already dropped', () => {
    for (const c of contents.slice(0, 500)) expect(parseObservation(c, dropReasoning(c))).toEqual(parseObservation(c));
  });
});
