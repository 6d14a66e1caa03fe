/**
 * Zero-search solves ≤ 2% (issue 25): the URL-guessing attacker of url-guesser.ts answers every task of
 * one sample world per theme with web_extractor alone, in a session bound to the task. With `open: any`
 * its guesses open pages stating the answer for a large share of tasks (the shortcut is real, and the
 * attacker finds it); with the bound session's default, `open: seen`, none of its guesses opens.
 * `node dist/bench/zero-search.js DIR` prints the same figures for a batch.
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/compose.js';
import type { OpenPolicy } from '../../src/search/session.js';
import { createSearchWorld } from '../../src/search/world-index.js';
import { sampleWorlds } from './sample-worlds.js';
import { attackWorld, emptyTally, guessUrls, namesIn, yearsFor, type ZeroSearchTally } from './url-guesser.js';

function attack(open: OpenPolicy | undefined): ZeroSearchTally {
  const tally = emptyTally();
  for (const { path } of sampleWorlds()) {
    const world = createSearchWorld(path);
    try {
      attackWorld(world, (taskId) => createSession(world, { taskId, historyLimit: 0, ...(open ? { open } : {}) }), tally);
    } finally {
      world.close();
    }
  }
  return tally;
}

describe('zero-search solves', () => {
  it('the attacker reads names from questions and builds the URLs the sites use', () => {
    expect(namesIn('Tell me the headcount of Hunet Labs.')).toEqual(expect.arrayContaining(['Hunet Labs', 'Hunet', 'Labs']));
    expect(namesIn('When did the Oakell Lite 70 launch?')).toContain('Oakell Lite 70');
    const { path, data } = sampleWorlds()[0]!;
    const world = createSearchWorld(path);
    try {
      // Every entity article of the world is among the guesses for a question naming its subject.
      const article = data.documents.find((d) => d.kind === 'encyclopedia')!;
      const name = article.title.split(/ [-|·] /)[0]!;
      const guesses = guessUrls(world, world.world.theme, { question: `What is known about ${name}?` }, yearsFor(world, ''));
      expect(guesses).toContain(article.url);
    } finally {
      world.close();
    }
  });

  it('are many with open: any, and at most 2% (none) with a bound session default, open: seen', () => {
    const any = attack('any');
    const seen = attack(undefined);
    const share = (n: number, t: ZeroSearchTally) => n / t.tasks;
    console.info(
      `zero-search solves over ${any.tasks} tasks: open any ${(100 * share(any.guessed, any)).toFixed(1)}% (links followed ${(100 * share(any.followed, any)).toFixed(1)}%), open seen ${(100 * share(seen.guessed, seen)).toFixed(1)}% (${(100 * share(seen.followed, seen)).toFixed(1)}%)`,
    );
    expect(any.tasks).toBeGreaterThan(50);
    expect(share(any.guessed, any)).toBeGreaterThan(0.25);
    expect(any.opened).toBeGreaterThan(any.tasks);
    expect(seen.tasks).toBe(any.tasks);
    expect(share(seen.guessed, seen)).toBeLessThanOrEqual(0.02);
    expect(share(seen.followed, seen)).toBeLessThanOrEqual(0.02);
    expect(seen.opened).toBe(0);
  });
});
