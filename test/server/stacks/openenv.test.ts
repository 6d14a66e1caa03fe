/**
 * OpenEnv: requests in the shapes of its HTTP server (src/openenv/core/env_server/types.py:
 * ResetRequest {seed, episode_id, …extra kwargs}, StepRequest {action, timeout_s, request_id, …extra},
 * StepResponse {observation, reward, done}; actions as mcp_types.py's CallToolAction {type: "call_tool",
 * tool_name, arguments}). The episode rides beside the action, as StepRequest allows extra fields.
 */
import { describe, expect, it } from 'vitest';
import { testServer, worldsDir } from '../fixtures.js';
import { twin } from './twin.js';

const { dir, worlds } = worldsDir(1);
const W = worlds[0]!.meta.world_id;
const task = worlds[0]!.tasks[0]!;

describe('OpenEnv-style episode', () => {
  it('reset → call_tool steps as the core answers them → an answer step ends the episode with its reward', async () => {
    const s = testServer(dir);
    const core = twin(dir, W, task.id);
    try {
      const reset = await (await s.post('/reset', { seed: 0, world: W, task: task.id })).json();
      expect(reset).toMatchObject({
        reward: null,
        done: false,
        observation: { world: W, task: task.id, question: task.question, tools: ['web_search', 'web_extractor'] },
      });
      const episode_id = reset.observation.episode_id as string;
      expect(episode_id).toMatch(/^s_/);

      const step1 = await (
        await s.post('/step', { action: { type: 'call_tool', tool_name: 'web_search', arguments: { query: task.question } }, timeout_s: 30, episode_id })
      ).json();
      expect(step1).toEqual({
        observation: {
          episode_id,
          tool_name: 'web_search',
          result: (await core.call({ name: 'web_search', arguments: { query: task.question } })).text,
          error: null,
        },
        reward: 0,
        done: false,
      });
      // Tongyi's visit with two URLs: one observation, each page in turn
      const urls = worlds[0]!.documents.slice(0, 2).map((d) => d.url);
      const step2 = await (
        await s.post('/step', { action: { type: 'call_tool', tool_name: 'visit', arguments: { url: urls, goal: 'find it' } }, episode_id })
      ).json();
      const pages = [];
      for (const url of urls) pages.push((await core.call({ name: 'web_extractor', arguments: { url } })).text);
      expect(step2.observation.result).toBe(pages.join('\n\n'));
      const bad = await (await s.post('/step', { action: { type: 'call_tool', tool_name: 'web_search', arguments: {} }, episode_id })).json();
      expect(bad.observation.error.message).toMatch(/web_search needs "query"/);

      expect(await (await s.request(`/state?episode_id=${episode_id}`)).json()).toEqual({ episode_id, step_count: 3, world: W, task: task.id, done: false });
      const answer = await (await s.post('/step', { action: { type: 'answer', answer: task.answerText }, episode_id })).json();
      expect(answer).toMatchObject({ reward: 1, done: true, observation: { scored: { reward: 1, exact: 1, f1: 1 } } });
      expect((await s.post('/step', { action: { type: 'answer', answer: 'again' }, episode_id })).status).toBe(400);
      expect((await (await s.request(`/state?episode_id=${episode_id}`)).json()).done).toBe(true);
    } finally {
      core.close();
      s.ctx.close();
    }
  });

  it("a client's own episode_id, a wrong answer, unknown episodes", async () => {
    const s = testServer(dir);
    try {
      const reset = await (await s.post('/reset', { episode_id: 'episode-001', world: W, task: task.id })).json();
      expect(reset.observation.episode_id).toBe('episode-001');
      const step = await (
        await s.post('/step', { action: { type: 'call_tool', tool_name: 'search', arguments: { query: ['x'] } }, episode_id: 'episode-001' })
      ).json();
      expect(step.observation.result).toMatch(/^Results for "x":/);
      const wrong = await (await s.post('/step', { action: { type: 'answer', answer: 'nothing like it' }, episode_id: 'episode-001' })).json();
      expect(wrong).toMatchObject({ reward: 0, done: true });
      // reset under the same id starts afresh
      await s.post('/reset', { episode_id: 'episode-001', world: W, task: task.id });
      expect((await (await s.request('/state?episode_id=episode-001')).json()).step_count).toBe(0);
      expect((await s.post('/step', { action: { type: 'answer', answer: 'x' }, episode_id: 'episode-404' })).status).toBe(404);
      expect((await s.post('/step', { action: 'web_search', episode_id: 'episode-001' })).status).toBe(400);
      expect((await s.request('/state')).status).toBe(400);
    } finally {
      s.ctx.close();
    }
  });
});
