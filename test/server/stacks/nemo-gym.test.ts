/**
 * NeMo Gym: requests as its simple agent sends them (responses_api_agents/simple_agent/app.py): `run`
 * posts the dataset row to /seed_session, then each function call's parsed arguments to
 * `/<function name>`, forwarding each response's cookies to the next request (`cookies=
 * api_response.cookies`: only what that response set), then the row plus `response` to /verify; the
 * tool output the model reads is the response body as text. The row's shape is BaseRunRequest
 * (responses_create_params) with our world and task beside it, as google_search's rows carry
 * `expected_answer`.
 */
import { describe, expect, it } from 'vitest';
import { NEMO_GYM_COOKIE } from '../../../src/server/stacks/nemo-gym.js';
import { testServer, worldsDir } from '../fixtures.js';
import { twin } from './twin.js';

const { dir, worlds } = worldsDir(1);
const W = worlds[0]!.meta.world_id;
const task = worlds[0]!.tasks[0]!;

/** What aiohttp's `response.cookies` holds: the cookies this response set, as `name=value`. */
function cookiesOf(res: Response): string {
  const set = res.headers.getSetCookie();
  return set.map((c) => c.split(';')[0]!).join('; ');
}

const row = {
  responses_create_params: { input: [{ role: 'user', content: task.question }], tools: [] },
  world: W,
  task: task.id,
};

/** A Responses API response whose last output is the assistant's reply. */
const responseWith = (reply: string) => ({
  id: 'resp_1',
  object: 'response',
  output: [
    { type: 'function_call', name: 'web_search', arguments: JSON.stringify({ query: task.question }), call_id: 'c1' },
    { type: 'function_call_output', call_id: 'c1', output: '…' },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: reply }] },
  ],
});

describe('NeMo Gym resources server', () => {
  it('seed_session binds the task in a cookie; each tool call answers as the core does and sets the cookie again; verify scores', async () => {
    const s = testServer(dir);
    const core = twin(dir, W, task.id);
    try {
      const seeded = await s.post('/seed_session', row);
      expect(seeded.status).toBe(200);
      expect(await seeded.json()).toEqual({});
      let cookies = cookiesOf(seeded);
      expect(cookies).toMatch(new RegExp(`^${NEMO_GYM_COOKIE}=s_`));
      const session = cookies.split('=')[1]!;

      const search = await s.post('/web_search', { query: task.question }, { cookie: cookies });
      expect(search.status).toBe(200);
      expect(await search.json()).toEqual({ search_results: (await core.call({ name: 'web_search', arguments: { query: task.question } })).text });
      cookies = cookiesOf(search);
      expect(cookies).toBe(`${NEMO_GYM_COOKIE}=${session}`);

      // Tongyi's names are endpoints too
      const tongyi = await s.post('/search', { query: [task.question, 'launch'] }, { cookie: cookies });
      expect(await tongyi.json()).toEqual({
        search_results: (await core.call({ name: 'web_search', arguments: { queries: [task.question, 'launch'] } })).text,
      });
      cookies = cookiesOf(tongyi);
      const url = worlds[0]!.documents[0]!.url;
      const page = await s.post('/web_extractor', { url }, { cookie: cookies });
      expect(await page.json()).toEqual({ page_content: (await core.call({ name: 'web_extractor', arguments: { url } })).text });
      cookies = cookiesOf(page);
      expect((await (await s.request(`/v1/sessions/${session}`)).json()).calls).toBe(3);

      const right = await s.post('/verify', { ...row, response: responseWith(`The answer is <answer>${task.answerText}</answer>`) }, { cookie: cookies });
      expect(right.status).toBe(200);
      const verified = await right.json();
      expect(verified).toMatchObject({ reward: 1, reward_components: { reward: 1, exact: 1, f1: 1 }, exact: 1, f1: 1, world: W, task: task.id });
      expect(verified.responses_create_params).toEqual(row.responses_create_params);
      const wrong = await (await s.post('/verify', { ...row, response: responseWith('<answer>no idea</answer>') }, { cookie: cookies })).json();
      expect(wrong.reward).toBe(0);
      expect(wrong.reward_components.exact).toBe(0);
    } finally {
      core.close();
      s.ctx.close();
    }
  });

  it('no cookie, a session with no task, bad arguments', async () => {
    const s = testServer(dir);
    try {
      const none = await s.post('/web_search', { query: 'x' });
      expect(none.status).toBe(400);
      expect((await none.json()).error.message).toMatch(/seed_session/);
      const cookies = cookiesOf(await s.post('/seed_session', { responses_create_params: { input: [] }, world: W }));
      expect((await s.post('/web_search', { qurey: 'x' }, { cookie: cookies })).status).toBe(400);
      const untasked = await s.post('/verify', { responses_create_params: {}, response: responseWith('x') }, { cookie: cookies });
      expect(untasked.status).toBe(400);
      expect((await untasked.json()).error.message).toMatch(/no task/);
    } finally {
      s.ctx.close();
    }
  });
});
