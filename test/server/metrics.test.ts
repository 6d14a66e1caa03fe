import { describe, expect, it } from 'vitest';
import { Metrics } from '../../src/server/metrics.js';

/** The lines of a rendered series (its name at the start of the line). */
const series = (text: string, name: string) => text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));

describe('Metrics', () => {
  it('counts requests by route, method and status, each label set once, in the order first seen', () => {
    const m = new Metrics();
    m.request('/v1/search', 'POST', 200, 0.004);
    m.request('/v1/open', 'POST', 404, 0.002);
    m.request('/v1/search', 'POST', 200, 0.03);
    m.request('/v1/search', 'POST', 429, 0.001);
    m.request('/v1/search', 'GET', 200, 0.001);
    expect(series(m.render(), 'fictionworld_http_requests_total')).toEqual([
      'fictionworld_http_requests_total{route="/v1/search",method="POST",status="200"} 2',
      'fictionworld_http_requests_total{route="/v1/open",method="POST",status="404"} 1',
      'fictionworld_http_requests_total{route="/v1/search",method="POST",status="429"} 1',
      'fictionworld_http_requests_total{route="/v1/search",method="GET",status="200"} 1',
    ]);
    expect(series(m.render(), 'fictionworld_http_request_duration_seconds_count')).toEqual([
      'fictionworld_http_request_duration_seconds_count{route="/v1/search"} 4',
      'fictionworld_http_request_duration_seconds_count{route="/v1/open"} 1',
    ]);
  });

  it('counters sum by label set (escaped in the text), with and without labels; totals over all sets', () => {
    const m = new Metrics();
    m.count('t_total', 'help', { tool: 'web_search', outcome: 'ok' });
    m.count('t_total', 'help', { tool: 'web_search', outcome: 'ok' }, 3);
    m.count('t_total', 'help', { tool: 'say "hi"\\\n', outcome: 'ok' });
    m.count('t_total', 'help', { tool: 'web_search', outcome: 'error' });
    m.count('plain_total', 'help');
    m.count('plain_total', 'help', {}, 2);
    const text = m.render();
    expect(series(text, 't_total')).toEqual([
      't_total{tool="web_search",outcome="ok"} 4',
      't_total{tool="say \\"hi\\"\\\\\\n",outcome="ok"} 1',
      't_total{tool="web_search",outcome="error"} 1',
    ]);
    expect(series(text, 'plain_total')).toEqual(['plain_total 3']);
    expect(m.total('t_total')).toBe(6);
    expect(m.total('missing_total')).toBe(0);
  });
});
