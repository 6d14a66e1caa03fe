import { describe, expect, it } from 'vitest';
import { Metrics } from '../../src/server/metrics.js';

/** The lines of a rendered series (its name at the start of the line). */
const series = (text: string, name: string) => text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));

const sources = { sessions: () => 3, openWorlds: () => 2, worldOpens: () => 5, worldCloses: () => 3, inFlight: () => 1, rateLimitKeys: () => 7 };

describe('Metrics', () => {
  it('counts requests by route, method and status, each label set once, with a latency histogram by route', async () => {
    const m = new Metrics(sources);
    m.request('/v1/search', 'POST', 200, 0.004);
    m.request('/v1/open', 'POST', 404, 0.002);
    m.request('/v1/search', 'POST', 200, 0.03);
    m.request('/v1/search', 'POST', 429, 0.001);
    m.request('/v1/search', 'GET', 200, 0.001);
    const { text, contentType } = await m.render();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(series(text, 'fictionworld_http_requests_total').sort()).toEqual([
      'fictionworld_http_requests_total{route="/v1/open",method="POST",status="404"} 1',
      'fictionworld_http_requests_total{route="/v1/search",method="GET",status="200"} 1',
      'fictionworld_http_requests_total{route="/v1/search",method="POST",status="200"} 2',
      'fictionworld_http_requests_total{route="/v1/search",method="POST",status="429"} 1',
    ]);
    expect(series(text, 'fictionworld_http_request_duration_seconds_count').sort()).toEqual([
      'fictionworld_http_request_duration_seconds_count{route="/v1/open"} 1',
      'fictionworld_http_request_duration_seconds_count{route="/v1/search"} 4',
    ]);
    expect(series(text, 'fictionworld_http_request_duration_seconds_bucket')).toContain(
      'fictionworld_http_request_duration_seconds_bucket{le="0.005",route="/v1/search"} 3',
    );
  });

  it('counters sum by label set (escaped in the text); gauges read their sources when scraped; default process metrics', async () => {
    const m = new Metrics(sources);
    m.toolCalls.inc({ tool: 'web_search', outcome: 'ok' });
    m.toolCalls.inc({ tool: 'web_search', outcome: 'ok' }, 3);
    m.toolCalls.inc({ tool: 'say "hi"\\\n', outcome: 'ok' });
    m.toolCalls.inc({ tool: 'web_search', outcome: 'timeout' });
    m.rateLimited.inc();
    m.rateLimited.inc(2);
    const { text } = await m.render();
    expect(series(text, 'fictionworld_tool_calls_total').sort()).toEqual([
      'fictionworld_tool_calls_total{tool="say \\"hi\\"\\\\\\n",outcome="ok"} 1',
      'fictionworld_tool_calls_total{tool="web_search",outcome="ok"} 4',
      'fictionworld_tool_calls_total{tool="web_search",outcome="timeout"} 1',
    ]);
    expect(series(text, 'fictionworld_rate_limited_total')).toEqual(['fictionworld_rate_limited_total 3']);
    for (const [name, v] of [
      ['fictionworld_sessions', 3],
      ['fictionworld_open_worlds', 2],
      ['fictionworld_world_opens_total', 5],
      ['fictionworld_world_closes_total', 3],
      ['fictionworld_in_flight_requests', 1],
      ['fictionworld_rate_limit_keys', 7],
    ] as const)
      expect(series(text, name)).toEqual([`${name} ${v}`]);
    expect(text).toMatch(/^nodejs_heap_used_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^# TYPE nodejs_gc_duration_seconds histogram/m);
  });

  it('keeps one registry per server: two contexts count apart', async () => {
    const a = new Metrics(sources);
    const b = new Metrics(sources);
    a.sessionsCreated.inc();
    expect(series((await a.render()).text, 'fictionworld_sessions_created_total')).toEqual(['fictionworld_sessions_created_total 1']);
    expect(series((await b.render()).text, 'fictionworld_sessions_created_total')).toEqual(['fictionworld_sessions_created_total 0']);
  });
});
