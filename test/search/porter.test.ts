import { describe, expect, it } from 'vitest';
import { ftsStemsOf, sqliteStems } from '../../src/search/fts-tokens.js';
import { porterStem } from '../../src/search/porter.js';
import { tokenise } from '../../src/search/query.js';
import { Rng } from '../../src/rng.js';
import { sampleWorlds } from './sample-worlds.js';

/** FTS5's own stems of each token (each a phrase of its stems), in one transaction. */
function fts5(tokens: readonly string[]): string[] {
  const out = tokens.map(() => [] as string[]);
  for (const [row, term] of sqliteStems(tokens)) out[row - 1]!.push(term);
  return out.map((s) => s.join(' '));
}

/** Tokens where the port and FTS5 differ, as "token: port ≠ fts5". */
function differences(tokens: readonly string[]): string[] {
  const theirs = fts5(tokens);
  return tokens.flatMap((t, i) => (porterStem(t) === theirs[i] ? [] : [`${t}: ${porterStem(t)} ≠ ${theirs[i]}`]));
}

/** Words that reach every rule of every step, and the edges of each (short stems, y, doubled letters). */
const RULE_WORDS = `caresses ponies ties caress cats feed agreed plastered bled motoring sing conflated troubled sized hopping
  tanned falling hissing fizzed failing filing happy sky relational conditional rational valenci hesitanci digitizer
  conformabli radicalli differentli vileli analogousli vietnamization predication operator feudalism decisiveness
  hopefulness callousness formaliti sensitiviti sensibiliti triplicate formative formalize electriciti electrical
  hopeful goodness revival allowance inference airliner gyroscopic adjustable defensible irritant replacement
  adjustment dependent adoption homologou communism activate angulariti homologous effective bowdlerize probate rate
  cease controll roll generalizations oscillators eed aed ied ies sss ess yyy ayy bey boy toy ying eying eyed ed ing
  sing bing aing mating matting hoping hopping filing filling cried cries spied agreed disagreed needed bleed speed
  logi phraseologi biologi analogi apologies archaeologies theologian entli presentli eli relativeli ousli ably
  mably bability ability possibility civility ation nation station relation sensation izer sizer organizer alism
  realism iveness fulness ousness aliti iviti biliti ical icate iciti ful ative alize ance ence er ic able ible ant
  ement ment ent ion sion tion ou ism ate iti ous ive ize agreement element cement ment123 x2y 4s 12s abc123s 2000s`;

describe('porterStem', () => {
  it('stems as FTS5 does every word of its rules and their edge cases', () => {
    const words = [...new Set(RULE_WORDS.split(/\s+/).filter(Boolean))];
    expect(differences(words)).toEqual([]);
  });

  it('stems as FTS5 does every ASCII word of generated worlds (every theme)', () => {
    const words = new Set<string>();
    for (const { data } of sampleWorlds()) {
      for (const d of data.documents) for (const t of tokenise(`${d.title} ${d.body}`)) if (/^[a-z0-9]+$/.test(t)) words.add(t);
      for (const t of data.tasks) for (const w of tokenise(t.question)) if (/^[a-z0-9]+$/.test(w)) words.add(w);
    }
    expect(words.size).toBeGreaterThan(1000);
    expect(differences([...words])).toEqual([]);
  });

  it('stems as FTS5 does random tokens built from suffixes, vowels, y and digits (lengths 1 to 70)', () => {
    const rng = new Rng('porter-random');
    const parts = ['a', 'e', 'i', 'o', 'u', 'y', 'b', 'l', 's', 't', 'z', 'n', 'c', 'w', 'x', 'd', 'g', '1', '0', 'ed', 'ing', 'eed',
      'ies', 'sses', 'ss', 'at', 'bl', 'iz', 'ational', 'tional', 'enci', 'ization', 'ation', 'alli', 'ousli', 'ness', 'ful',
      'icate', 'ical', 'ement', 'ment', 'ent', 'ion', 'll', 'ou', 'ism', 'iti', 'ive', 'ize', 'al', 'er', 'ic', 'able', 'ance'];
    const tokens = new Set<string>();
    while (tokens.size < 20_000) {
      let t = '';
      const len = rng.int(1, 70);
      while (t.length < len) t += parts[rng.int(0, parts.length - 1)];
      tokens.add(rng.chance(0.5) ? t : t.slice(0, len));
    }
    expect(differences([...tokens])).toEqual([]);
  });

  it('passes tokens under 3 or over 64 characters through', () => {
    expect(porterStem('is')).toBe('is');
    const at64 = `${'relational'.repeat(6)}ness`;
    const long = `${at64}x`;
    expect([at64.length, long.length]).toEqual([64, 65]);
    expect(porterStem(long)).toBe(long);
    expect(porterStem(at64)).not.toBe(at64);
    expect(differences([at64, long, 'is', 'a', '12'])).toEqual([]);
  });
});

describe('ftsStemsOf with the port', () => {
  it('gives FTS5\'s stems for ASCII tokens, digit groups and tokens only SQLite can stem, mixed in one query', () => {
    const tokens = ['relational', '1,200,000', 'abc1.50', 'zürich', 'generalizations', 'naïve', '2029', 'ωμέγα'];
    expect(ftsStemsOf(tokens).map((s) => s.join(' '))).toEqual(fts5(tokens));
  });
});
