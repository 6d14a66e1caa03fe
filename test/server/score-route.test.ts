import { describe, expect, it } from 'vitest';
import { scoreAnswer } from '../../src/tasks/score.js';
import { testServer, worldsDir } from './fixtures.js';

const { dir, worlds } = worldsDir(2);
const W0 = worlds[0]!.meta.world_id;
const W1 = worlds[1]!.meta.world_id;

async function json(res: Response): Promise<any> {
  return JSON.parse(await res.text());
}

describe('POST /v1/score', () => {
  it("gives the CLI's score object for each item, in order, across worlds and answer types", async () => {
    const s = testServer(dir);
    const items = worlds.flatMap((w) =>
      w.tasks.flatMap((t) => [
        { world: w.meta.world_id, task: t.id, answer: `<answer>${t.answerText}</answer>` },
        { world: w.meta.world_id, task: t.id, answer: 'I could not find it.' },
      ]),
    );
    const res = await s.post('/v1/score', { items });
    expect(res.status).toBe(200);
    const { results } = await json(res);
    expect(results).toHaveLength(items.length);
    const tasks = new Map(worlds.flatMap((w) => w.tasks.map((t) => [`${w.meta.world_id}/${t.id}`, t] as const)));
    items.forEach((item, i) => {
      // the same object `score --json` prints: scoreAnswer on the task, JSON round-tripped
      expect(results[i]).toEqual(JSON.parse(JSON.stringify(scoreAnswer(tasks.get(`${item.world}/${item.task}`)!, item.answer))));
    });
    expect(results.filter((_: unknown, i: number) => i % 2 === 0).every((r: { reward: number }) => r.reward === 1)).toBe(true);
    expect(results.filter((_: unknown, i: number) => i % 2 === 1).every((r: { reward: number }) => r.reward < 1)).toBe(true);
    expect(new Set(results.map((r: { answerType: string }) => r.answerType)).size).toBeGreaterThan(1);
    s.ctx.close();
  });

  it('one bad item is that item’s error, never the batch’s', async () => {
    const s = testServer(dir);
    const t = worlds[1]!.tasks[0]!;
    const res = await s.post('/v1/score', {
      items: [
        { world: 'w99-000000', task: 't01', answer: 'x' },
        { world: W1, task: 'no-such-task', answer: 'x' },
        { world: W1, task: t.id, answer: 42 },
        { world: '../etc/passwd', task: t.id, answer: 'x' },
        'not an object',
        { world: W1, task: t.id },
        { world: W1, task: t.id, answer: t.answerText },
      ],
    });
    expect(res.status).toBe(200);
    const { results } = await json(res);
    expect(results.map((r: { error?: { code: string } }) => r.error?.code ?? 'ok')).toEqual([
      'NOT_FOUND',
      'NOT_FOUND',
      'BAD_INPUT',
      'BAD_INPUT',
      'BAD_INPUT',
      'BAD_INPUT',
      'ok',
    ]);
    expect(results[0].error.message).toMatch(/world w99-000000 not found/);
    expect(results[1].error.message).toMatch(/no task no-such-task/);
    expect(results[2].error.message).toBe('item 2: answer must be a string');
    expect(results[4].error.message).toBe('item 4: an item must be an object {world, task, answer}');
    expect(results[5].error.message).toBe('item 5: answer must be a string');
    expect(results[6]).toMatchObject({ reward: 1, exact: true });
    // no error message carries the answer
    for (const r of results.slice(0, 6)) expect(r.error.message).not.toContain(t.answerText);
    s.ctx.close();
  });

  it('a body that is not {items: [...]} is a 400 with a one-line message', async () => {
    const s = testServer(dir, { limits: { maxScoreItems: 3 } });
    const cases: [unknown, RegExp][] = [
      [{}, /the body must be \{"items"/],
      [{ items: 'x' }, /the body must be \{"items"/],
      [[{ world: W0 }], /must be a JSON object/],
      ['not json', /not valid JSON/],
      [{ items: [1, 2, 3, 4] }, /at most 3 items per call/],
    ];
    for (const [body, message] of cases) {
      const res = await s.post('/v1/score', body);
      expect(res.status).toBe(400);
      const { error } = await json(res);
      expect(error.code).toBe('BAD_INPUT');
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain('\n');
    }
    expect(await json(await s.post('/v1/score', { items: [] }))).toEqual({ results: [] });
    s.ctx.close();
  });

  it('a reply over the answer cap is that item’s error; a body over the body cap is a 413', async () => {
    const s = testServer(dir, { limits: { maxScoreAnswerChars: 100, maxScoreBodyBytes: 2000 } });
    const t = worlds[0]!.tasks[0]!;
    const { results } = await json(await s.post('/v1/score', { items: [{ world: W0, task: t.id, answer: 'x'.repeat(101) }] }));
    expect(results[0].error).toEqual({ code: 'BAD_INPUT', message: 'item 0: answer is longer than 100 characters' });
    const big = await s.post('/v1/score', { items: [{ world: W0, task: t.id, answer: 'x'.repeat(3000) }] });
    expect(big.status).toBe(413);
    s.ctx.close();
  });

  it('is an admin action: the admin token when one is set, like the task-answer routes', async () => {
    const s = testServer(dir, { adminToken: 's3cret' });
    const t = worlds[0]!.tasks[0]!;
    const body = { items: [{ world: W0, task: t.id, answer: t.answerText }] };
    const none = await s.post('/v1/score', body);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await s.post('/v1/score', body, { authorization: 'Bearer wrong' })).status).toBe(401);
    // the task-answer route answers the same without the token
    expect((await s.request(`/v1/worlds/${W0}/tasks/${t.id}`)).status).toBe(401);
    const ok = await s.post('/v1/score', body, { authorization: 'Bearer s3cret' });
    expect(ok.status).toBe(200);
    expect((await json(ok)).results[0]).toMatchObject({ reward: 1 });
    s.ctx.close();
  });
});
