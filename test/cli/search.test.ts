import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatShortDate } from '../../src/format.js';
import { cli, tempDir } from '../helpers.js';
import { smartphoneWorld } from '../search/sample-worlds.js';

describe('search and open commands', () => {
  it('search prints the text observation; several queries make a batch', async () => {
    const { path, data } = smartphoneWorld();
    const one = await cli(['search', '--world', path, data.tasks[0]!.question]);
    expect(one.code).toBe(0);
    expect(one.err).toBe('');
    expect(one.out).toMatch(/^Results for ".+":\n\[1\] https:\/\/\S+\nTitle: .+\nSnippet: .+\nDate: (N\/A|\w{3} \d{1,2}, \d{4})\n\n\[2\] /);
    expect(one.out.endsWith('\n')).toBe(true);
    const batch = await cli(['search', '--world', path, 'launch price', 'chief executive']);
    expect(batch.out.match(/^Results for "/gm)).toHaveLength(2);
  });

  it('search --json --page 2 prints JSON with the same content, ranks continuing', async () => {
    const { path } = smartphoneWorld();
    const r = await cli(['search', '--world', path, '--json', '--page', '2', 'launch price']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.tool).toBe('web_search');
    expect(json.queries[0].page).toBe(2);
    expect(json.queries[0].results[0].rank).toBe(11);
    const text = await cli(['search', '--world', path, '--page', '2', 'launch price']);
    expect(text.out).toContain(`[11] ${json.queries[0].results[0].url}\nTitle: ${json.queries[0].results[0].title}\n`);
  });

  it('finds a world by id in --worlds and binds a task with --task', async () => {
    const { path, data } = smartphoneWorld();
    const dir = tempDir('fw-cli-search-');
    copyFileSync(path, join(dir, `${data.meta.world_id}.sqlite`));
    const r = await cli(['search', '--world', data.meta.world_id, '--worlds', dir, '--task', data.tasks[0]!.id, 'launch price']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Results for "launch price":\n\[1\]/);
  });

  it('perturbation flags and profiles replay: the same seed prints the same faults', async () => {
    const { path } = smartphoneWorld();
    const dir = tempDir('fw-cli-profile-');
    const file = join(dir, 'p.json');
    writeFileSync(file, JSON.stringify({ errorRate: 1, errorKinds: ['rate_limited'] }));
    const a = await cli(['search', '--world', path, '--profile', file, '--session-seed', '3', 'launch price']);
    const b = await cli(['search', '--world', path, '--profile', file, '--session-seed', '3', 'launch price']);
    expect(a.code).toBe(0);
    expect(a.out).toMatch(/^Error 429: Too Many Requests\./);
    expect(b.out).toBe(a.out);
    const json = await cli(['search', '--world', path, '--profile', file, '--json', 'launch price']);
    expect(JSON.parse(json.out).error.type).toBe('rate_limited');
    const flags = await cli(['search', '--world', path, '--pagination-rate', '1', '--page-size-min', '3', '--page-size-max', '3', 'launch price']);
    expect(flags.out.match(/^\[\d+\] /gm)).toHaveLength(3);
    expect(flags.out).toContain('More results are available: request page 2.');
    const preset = await cli(['search', '--world', path, '--profile', 'heavy', '--error-rate', '0', 'launch price']);
    expect(preset.code).toBe(0);
    expect(preset.out).toMatch(/^Results for "launch price":/);
  });

  it('open prints the page as Markdown; an unknown URL is an observation, not an error', async () => {
    const { path, data } = smartphoneWorld();
    const doc = data.documents[0]!;
    // Pages carry their own date now (or none): a dated page and, when the world has one, an undated one.
    for (const d of [doc, data.documents.find((p) => !p.published)].filter((p) => p !== undefined)) {
      const r = await cli(['open', '--world', path, d.url]);
      expect(r.code).toBe(0);
      expect(r.out).toBe(`Title: ${d.title}\nURL: ${d.url}\nDate: ${d.published ? formatShortDate(d.published) : 'N/A'}\n\n${d.body.trim()}\n`);
    }
    const json = await cli(['open', '--world', path, '--json', doc.url]);
    expect(JSON.parse(json.out)).toMatchObject({ tool: 'web_extractor', url: doc.url, title: doc.title });
    const missing = await cli(['open', '--world', path, `https://${doc.site}/wiki/Nope`]);
    expect(missing.code).toBe(0);
    expect(missing.out).toMatch(/^Error: Failed to fetch .*: 404 Not Found\./);
  });

  it.each([
    [['search', '--world', 'PATH', '--page', '0', 'x'], /^error: --page must be a positive integer, got "0"\n$/],
    [['search', '--world', 'PATH', '--error-rate', '2', 'x'], /^error: perturbation flags: errorRate must be a number from 0 to 1, got "2"\n$/],
    [['search', '--world', 'PATH', '--profile', '/nonexistent/p.json', 'x'], /^error: no profile file at \/nonexistent\/p\.json/],
    [['search', '--world', 'PATH', '--renderer', 'magic', 'x'], /^error: unknown renderer "magic"/],
    [['search', '--world', 'PATH', '--task', 't999', 'x'], /^error: task t999 not found in world /],
    [['search', '--world', '/nonexistent/w.sqlite', 'x'], /^error: no world file at \/nonexistent\/w\.sqlite\n$/],
    [['search', '--world', 'w1-000001', '--worlds', '/nonexistent', 'x'], /^error: world w1-000001 not found in \/nonexistent\n$/],
    [['search', '--world', 'PATH'], /^error: missing required argument 'query'\n$/],
    [['open', '--world', 'PATH'], /^error: missing required argument 'url'\n$/],
  ])('%j fails with one line on stderr and a non-zero exit code', async (args, re) => {
    const r = await cli(args.map((a) => (a === 'PATH' ? smartphoneWorld().path : a)));
    // Usage errors exit 2, commander's own and ours alike.
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(re);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });
});
