/**
 * slime / DeepDive: requests as THUDM/DeepDive's rollout sends them (training/rollout/deepdive_rollout.py
 * `_call_tool_server`: one JSON POST to DEEPDIVE_TOOL_SERVER_URL, no headers, `resp.raise_for_status()`
 * then `.json()`, the model shown `observation` else `output`), with the sample's metadata carrying
 * `remote_env_info` as training/scripts/data/convert_qa_to_slime.py writes it, plus our world and task.
 */
import { describe, expect, it } from 'vitest';
import { testServer, worldsDir } from '../fixtures.js';
import { twin } from './twin.js';

const { dir, worlds } = worldsDir(1);
const W = worlds[0]!.meta.world_id;
const task = worlds[0]!.tasks[0]!;

/** The payload `_call_tool_server` builds. */
const payload = (session_id: string, tool_call: { name: string; arguments?: Record<string, unknown> }, remote_env_info: Record<string, unknown>) => ({
  session_id,
  name: tool_call.name,
  arguments: tool_call.arguments ?? {},
  remote_env_info,
});

describe('POST /tool (slime / DeepDive)', () => {
  it('a rollout under its own session id: search, click, open, as the core answers them in a session bound to the task', async () => {
    const s = testServer(dir);
    const core = twin(dir, W, task.id);
    const sid = 'deepdive-3-1764633600123456789';
    const env = { forbidden_texts: [task.question], world: W, task: task.id };
    try {
      const started = await s.post('/tool', payload(sid, { name: 'start_session' }, env));
      expect(started.status).toBe(200);
      const start = await started.json();
      expect(start.output).toBe('Successfully started session.');
      expect(start.session).toMatch(/^s_/);

      const search = await (await s.post('/tool', payload(sid, { name: 'search', arguments: { query: task.question, num: 10 } }, env))).json();
      const want = await core.call({ name: 'web_search', arguments: { query: task.question } });
      expect(search.output).toBe(want.text);
      expect(search.observation).toBe(want.text);

      // click {link_id}: the URL ranked link_id in the latest search
      const first = (want.json as { queries: { results: { rank: number; url: string }[] }[] }).queries[0]!.results[0]!;
      const click = await (await s.post('/tool', payload(sid, { name: 'click', arguments: { link_id: first.rank } }, env))).json();
      expect(click.output).toBe((await core.call({ name: 'web_extractor', arguments: { url: first.url } })).text);
      const open = await (await s.post('/tool', payload(sid, { name: 'open', arguments: { url: first.url } }, env))).json();
      expect(open.output).toBe((await core.call({ name: 'web_extractor', arguments: { url: first.url } })).text);

      // the calls landed in one session of ours, bound to the task
      const described = await (await s.request(`/v1/sessions/${start.session}`)).json();
      expect(described).toMatchObject({ world: W, task: task.id, calls: 3 });

      // a bad call is an observation (DeepDive's server answers "Undefined function" the same way), not a 4xx the rollout would retry
      const bad = await s.post('/tool', payload(sid, { name: 'browse', arguments: {} }, env));
      expect(bad.status).toBe(200);
      expect((await bad.json()).output).toMatch(/^unknown tool "browse"/);
      const badClick = await (await s.post('/tool', payload(sid, { name: 'click', arguments: { link_id: 999 } }, env))).json();
      expect(badClick.output).toBe('Must provide a valid link_id from the latest search results.');

      const closed = await (await s.post('/tool', payload(sid, { name: 'close_session' }, env))).json();
      expect(closed.output).toBe(`Successfully closed session ${sid}.`);
      expect((await s.request(`/v1/sessions/${start.session}`)).status).toBe(404);
    } finally {
      core.close();
      s.ctx.close();
    }
  });

  it('one of our session ids is used as it is; a first call may be a search (no start_session)', async () => {
    const s = testServer(dir);
    try {
      const { session } = await (await s.post('/v1/sessions', { world: W, task: task.id })).json();
      const r = await (await s.post('/tool', payload(session, { name: 'search', arguments: { query: ['phone', 'price'] } }, {}))).json();
      expect(r.output).toMatch(/^Results for "phone":/);
      expect(r.output).toMatch(/Results for "price":/);
      expect((await (await s.request(`/v1/sessions/${session}`)).json()).calls).toBe(1);
      // a fresh foreign id with no world to create it over is a bad request
      const orphan = await s.post('/tool', payload('deepdive-9-1', { name: 'search', arguments: { query: 'x' } }, { forbidden_texts: [] }));
      expect(orphan.status).toBe(400);
      expect((await orphan.json()).error.message).toMatch(/remote_env_info\.world/);
      expect((await s.post('/tool', { name: 'search', arguments: { query: 'x' } })).status).toBe(400);
      // binding a task is an admin action, as on POST /v1/sessions
      const guarded = testServer(dir, { adminToken: 'tok' });
      expect((await guarded.post('/tool', payload('deepdive-1-2', { name: 'start_session' }, { world: W, task: task.id }))).status).toBe(401);
      expect((await guarded.post('/tool', payload('deepdive-1-2', { name: 'start_session' }, { world: W }))).status).toBe(200);
      guarded.ctx.close();
    } finally {
      s.ctx.close();
    }
  });
});
