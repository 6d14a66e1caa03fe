import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runReplayScript, type ReplayCorpus } from './script.js';

const recorded = JSON.parse(gunzipSync(readFileSync(new URL('./corpus.json.gz', import.meta.url))).toString('utf8')) as ReplayCorpus;

describe('recorded observations replay byte-identically', () => {
  it('for the same worlds, seeds and calls', { timeout: 900_000 }, async () => {
    const now = await runReplayScript();
    // A changed world file means generation changed: re-record on purpose (see script.ts), never silently.
    expect(now.worlds).toEqual(recorded.worlds);
    expect(now.records.length).toBe(recorded.records.length);
    for (const [i, r] of recorded.records.entries()) {
      const got = now.records[i]!;
      expect(got.key).toBe(r.key);
      expect(got.text, r.key).toBe(r.text);
      expect(got.digest, r.key).toBe(r.digest);
    }
  });
});
