import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createChatModel } from '../../src/agent/chat-model.js';
import { runAgent } from '../../src/agent/run-agent.js';
import { memorySink, type TrajectoryLine } from '../../src/agent/trajectory.js';
import { writeWorld } from '../../src/db/write.js';
import { createSession } from '../../src/compose.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import { generateWorld } from '../../src/world/generate.js';
import type { Task, WorldData } from '../../src/world/types.js';
import { cli, tempDir } from '../helpers.js';
import { deadEndpoint } from '../dead-endpoint.js';
import { startFakeOpenAi, type FakeEndpoint, type FakeReply, type FakeRequest } from '../fake-openai.js';

/** The first result URL of a search observation ("[1] https://…"). */
const firstUrl = (observation: string): string | null => /^\[\d+\] (\S+)$/m.exec(observation)?.[1] ?? null;

let path: string;
let data: WorldData;
let lookup: Task;
let endpoint: FakeEndpoint | undefined;

beforeAll(() => {
  data = generateWorld(21, 0, { themes: ['smartphones'] });
  path = join(tempDir('fw-agent-'), `${data.meta.world_id}.sqlite`);
  writeWorld(path, data);
  // A task with one value to answer (a lookup when the world has one).
  lookup = data.tasks.find((t) => t.kind === 'lookup') ?? data.tasks.find((t) => t.answerType !== 'table')!;
});

afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

const lastTool = (req: FakeRequest) => [...req.body.messages].reverse().find((m) => m.role === 'tool')?.content ?? '';

/** Search the question, open the first result, then answer `answer`. */
const scripted =
  (answer: string) =>
  (req: FakeRequest, n: number): FakeReply => {
    if (n === 0) return { content: null, toolCalls: [{ name: 'web_search', arguments: JSON.stringify({ query: req.body.messages[1]!.content }) }] };
    if (n === 1) return { toolCalls: [{ name: 'web_extractor', arguments: JSON.stringify({ url: firstUrl(lastTool(req)) }) }] };
    return { content: `I read the page. <answer>${answer}</answer>` };
  };

const readJsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as TrajectoryLine);

describe('agent command with a scripted OpenAI-compatible endpoint', () => {
  it('writes a valid trajectory and scores a right answer 1', async () => {
    endpoint = await startFakeOpenAi(scripted(lookup.answerText));
    const out = join(tempDir('fw-agent-out-'), 'trajectory.jsonl');
    const r = await cli([
      'agent',
      '--world',
      path,
      '--task',
      lookup.id,
      '--llm-base-url',
      endpoint.baseUrl,
      '--llm-model',
      'fake-model',
      '--llm-api-key',
      'k123',
      '--out',
      out,
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^answered after 3 turns, 2 tool calls; trajectory in .+\nreward 1\.000 {2}exact yes/);

    const lines = readJsonl(out);
    expect(lines.map((l) => (l.type === 'message' ? `${l.type}:${l.role}` : l.type))).toEqual([
      'message:system',
      'message:user',
      'message:assistant',
      'tool_call',
      'observation',
      'message:assistant',
      'tool_call',
      'observation',
      'message:assistant',
      'score',
    ]);
    const [sys, user, a1, call1, obs1, , call2, obs2, final, score] = lines as any[];
    expect(sys.content).toMatch(/<answer>/);
    expect(user.content).toBe(lookup.question);
    expect(a1.tool_calls[0]).toMatchObject({ name: 'web_search', id: call1.id });
    expect(obs1).toMatchObject({ tool_call_id: call1.id, name: 'web_search', error: null });
    expect(obs1.content).toMatch(/^Results for ".+":\n\[1\] https:\/\//);
    expect(call2.name).toBe('web_extractor');
    expect(obs2.content).toMatch(/^Title: .+\nURL: https:\/\//);
    expect(final.content).toContain(`<answer>${lookup.answerText}</answer>`);
    expect(score).toMatchObject({
      world: data.meta.world_id,
      task: lookup.id,
      model: 'fake-model',
      reward: 1,
      exact: true,
      turns: 3,
      tool_calls: 2,
      stop: 'answer',
    });

    // What the endpoint saw: the model, the key, both tools, and each observation as a tool message.
    const [req0, , req2] = endpoint.requests;
    expect(req0!.body.model).toBe('fake-model');
    expect(req0!.headers.authorization).toBe('Bearer k123');
    expect(req0!.body.tools!.map((t) => t.function.name)).toEqual(['web_search', 'web_extractor']);
    expect(req0!.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(req2!.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(req2!.body.messages[3]!.tool_call_id).toBe(call1.id);
    expect(req2!.body.messages[5]!.content).toBe(obs2.content);
  });

  it('scores a wrong answer 0, and writes JSONL to stdout without --out', async () => {
    endpoint = await startFakeOpenAi(scripted('Nowhere at all'));
    const r = await cli(['agent', '--world', path, '--task', lookup.id, '--llm-base-url', endpoint.baseUrl, '--llm-model', 'm']);
    expect(r.code).toBe(0);
    const lines = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({ type: 'score', reward: 0, exact: false, stop: 'answer' });
  });

  it('answers bad tool arguments with a one-line error observation and goes on; stops at --max-turns', async () => {
    endpoint = await startFakeOpenAi(() => ({
      toolCalls: [
        { name: 'web_search', arguments: '{not json' },
        { name: 'fetch_page', arguments: '{}' },
      ],
    }));
    const out = join(tempDir('fw-agent-out-'), 't.jsonl');
    const r = await cli([
      'agent',
      '--world',
      path,
      '--task',
      lookup.id,
      '--llm-base-url',
      endpoint.baseUrl,
      '--llm-model',
      'm',
      '--max-turns',
      '2',
      '--out',
      out,
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ reward: 0, turns: 2, toolCalls: 4, stop: 'max_turns' });
    const obs = readJsonl(out).filter((l) => l.type === 'observation') as Extract<TrajectoryLine, { type: 'observation' }>[];
    expect(obs).toHaveLength(4);
    expect(obs[0]!.content).toMatch(/^Error: web_search arguments are not valid JSON$/);
    expect(obs[1]!.content).toMatch(/^Error: unknown tool "fetch_page"/);
    expect(obs.every((o) => o.error === 'bad_arguments')).toBe(true);
    expect(endpoint.requests).toHaveLength(2);
  });

  it('runs in-process with a task-bound session (guard on) and a memory sink', async () => {
    endpoint = await startFakeOpenAi(scripted(lookup.answerText));
    const world = createSearchWorld(path);
    try {
      const session = createSession(world, { taskId: lookup.id });
      expect(session.guard).toBeDefined();
      const sink = memorySink();
      const run = await runAgent({ session, task: world.task(lookup.id)!, model: createChatModel({ baseUrl: endpoint.baseUrl, model: 'm' }), sink });
      expect(run).toMatchObject({ turns: 3, toolCalls: 2, stop: 'answer' });
      expect(run.score.reward).toBe(1);
      expect(session.callCount).toBe(2);
      expect(sink.lines.at(-1)).toMatchObject({ type: 'score', reward: 1 });
    } finally {
      world.close();
    }
  });
});

describe('agent command errors are one line', () => {
  it('rejects bad flags and reports endpoint failures', async () => {
    endpoint = await startFakeOpenAi(() => ({ status: 400, error: 'model "nope" does not exist' }));
    const base = ['agent', '--world', path, '--task', lookup.id];
    const cases: [string[], RegExp][] = [
      [[...base, '--llm-model', 'm'], /missing --llm-base-url/],
      [[...base, '--llm-base-url', 'ftp://x/v1', '--llm-model', 'm'], /--llm-base-url must be an http\(s\) URL/],
      [[...base, '--llm-base-url', endpoint.baseUrl], /missing --llm-model/],
      [[...base, '--llm-base-url', endpoint.baseUrl, '--llm-model', 'm', '--max-turns', '0'], /--max-turns must be a positive integer/],
      [['agent', '--world', path, '--task', 't99', '--llm-base-url', endpoint.baseUrl, '--llm-model', 'm'], /task t99 not found/],
      [['agent', '--task', lookup.id, '--llm-base-url', endpoint.baseUrl, '--llm-model', 'm'], /--world/],
      [
        [...base, '--llm-base-url', endpoint.baseUrl, '--llm-model', 'nope'],
        new RegExp(`chat model request to ${endpoint.baseUrl} failed \\(HTTP 400\\): model "nope" does not exist\\n$`),
      ],
    ];
    const saved = { url: process.env.FICTIONWORLD_LLM_BASE_URL, model: process.env.FICTIONWORLD_LLM_MODEL };
    delete process.env.FICTIONWORLD_LLM_BASE_URL;
    delete process.env.FICTIONWORLD_LLM_MODEL;
    try {
      for (const [args, msg] of cases) {
        const r = await cli(args);
        expect(r.code, args.join(' ')).not.toBe(0);
        expect(r.err).toMatch(/^error: [^\n]+\n$/);
        expect(r.err).toMatch(msg);
      }
    } finally {
      if (saved.url !== undefined) process.env.FICTIONWORLD_LLM_BASE_URL = saved.url;
      if (saved.model !== undefined) process.env.FICTIONWORLD_LLM_MODEL = saved.model;
    }
  });
});

describe('agent against a model that fails mid-run', () => {
  it('names the endpoint (never the key) in its one-line error', async () => {
    const dead = await deadEndpoint();
    const r = await cli(['agent', '--world', path, '--task', lookup.id, '--llm-base-url', dead, '--llm-model', 'm', '--llm-api-key', 'sk-secret-77']);
    expect(r.code).not.toBe(0);
    expect(r.err).toBe(`error: chat model request to ${dead} failed: connection refused\n`);
    expect(r.err).not.toContain('sk-secret-77');
    // On stdout, the trajectory says it is incomplete: no score line, an `incomplete` one instead.
    const lines = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.type)).toEqual(['message', 'message', 'incomplete']);
    expect(lines.at(-1)).toMatchObject({ stop: 'error', turns: 1, tool_calls: 0, error: `chat model request to ${dead} failed: connection refused` });
  });

  it('--out never looks like a finished run: the file appears at the end, ended by an `incomplete` line', async () => {
    let calls = 0;
    endpoint = await startFakeOpenAi((req, n) => {
      calls = n + 1;
      return n === 0 ? scripted(lookup.answerText)(req, n) : { status: 400, error: 'context length exceeded' };
    });
    const dir = tempDir('fw-agent-fail-');
    const out = join(dir, 't.jsonl');
    writeFileSync(out, '{"type":"score","reward":1}\n'); // an earlier run's file is not left to be taken for this one's
    const r = await cli(['agent', '--world', path, '--task', lookup.id, '--llm-base-url', endpoint.baseUrl, '--llm-model', 'm', '--out', out]);
    expect(calls).toBe(2);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/^error: chat model request to \S+ failed \(HTTP 400\): context length exceeded\n$/);
    const lines = readJsonl(out);
    expect(lines.map((l) => l.type)).toEqual(['message', 'message', 'message', 'tool_call', 'observation', 'incomplete']);
    expect(lines.some((l) => l.type === 'score')).toBe(false);
    expect(lines.at(-1)).toMatchObject({ type: 'incomplete', stop: 'error', turns: 2, tool_calls: 1, task: lookup.id });
    expect(readdirSync(dir)).toEqual(['t.jsonl']); // the .partial file was renamed, not left behind
  });

  it('while the run goes on, the lines are in PATH.<pid>.partial and nothing is at PATH', async () => {
    const dir = tempDir('fw-agent-partial-');
    const out = join(dir, 't.jsonl');
    let seen: { atOut: boolean; partial: string[] } | undefined;
    endpoint = await startFakeOpenAi((req, n) => {
      if (n === 1) seen = { atOut: existsSync(out), partial: readdirSync(dir) };
      return scripted(lookup.answerText)(req, n);
    });
    const r = await cli(['agent', '--world', path, '--task', lookup.id, '--llm-base-url', endpoint.baseUrl, '--llm-model', 'm', '--out', out]);
    expect(r.code).toBe(0);
    expect(seen).toEqual({ atOut: false, partial: [`t.jsonl.${process.pid}.partial`] });
    expect(readdirSync(dir)).toEqual(['t.jsonl']);
    expect(readJsonl(out).at(-1)).toMatchObject({ type: 'score', reward: 1 });
  });
});
