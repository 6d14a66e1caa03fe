import { describe, it, expect } from 'vitest';
import { fold, alnum, foldFull } from '../../src/text/fold.js';
import { Rng } from '../../src/rng.js';

describe('fold', () => {
  it('folds case, accents, compatibility forms and look-alike letters', () => {
    expect(fold('ZENTRÍA Möbile')).toBe('zentria mobile');
    expect(fold('Ｚｅｎｔｒｉａ　１２')).toBe('zentria 12');
    expect(fold('𝐙𝐞𝐧𝐭𝐫𝐢𝐚')).toBe('zentria');
    expect(fold('Zеntriа')).toBe('zentria'); // Cyrillic е and а
    expect(fold('Straße')).toBe('strasse');
    expect(fold('Ze\u0301ntria')).toBe('zentria');
  });

  it('removes invisible and control characters', () => {
    expect(fold('Zen\u200Btria\u00AD Mo\u2060bile\uFEFF')).toBe('zentria mobile');
    expect(fold('Zen\u0007tria')).toBe('zentria');
    expect(fold('\u202EZentria\u202C')).toBe('zentria');
  });

  it('normalises dashes, quotes and spaces', () => {
    expect(fold('X9 \u2014 \u201Cbest\u201D \u2018phone\u2019')).toBe(`x9 - "best" 'phone'`);
    expect(fold('1\u202F234\u00A0567\u2009units\n\tnow')).toBe('1 234 567 units now');
    expect(fold('1.2\u00D710\u2076')).toBe('1.2x10^6');
  });

  it('reads the digits of every script as ASCII digits, and the Arabic number signs', () => {
    expect(fold('It sold ٤٢ million units in ١٩٩٩.')).toBe('it sold 42 million units in 1999.');
    expect(fold('٤٬٦٤٣ and ٣٫٥٪')).toBe('4,643 and 3.5%');
    expect(fold('۴۶ ४६ ৪৬ ๔๖ ༤༦')).toBe('46 46 46 46 46');
    // Every decimal digit Unicode has, run by run: each run of ten reads 0 to 9.
    const nd = /^\p{Nd}$/u;
    let runs = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if ((cp >= 0xd800 && cp <= 0xdfff) || !nd.test(String.fromCodePoint(cp))) continue;
      let start = cp;
      while (nd.test(String.fromCodePoint(start - 1))) start--;
      expect(fold(String.fromCodePoint(cp)), cp.toString(16)).toBe(String((cp - start) % 10));
      if ((cp - start) % 10 === 0) runs++;
    }
    expect(runs).toBeGreaterThan(50);
  });

  it('keeps letters and digits for length checks', () => {
    expect(alnum(fold('Zentria X-9!'))).toBe('zentriax9');
  });
});

describe('fold of printable ASCII (the fast path)', () => {
  it('equals the whole fold on random printable ASCII, spaces, backticks and edge cases', () => {
    const rng = new Rng('fold-ascii');
    const alphabet = ' `\'"-_.,;:!?()[]{}*^+=/\\|<>~@#$%&0123456789AaZzQqXx   ';
    const samples = ['', ' ', '  a  b  ', '`x`', 'TEN^6', 'Zentria X9 sold 11,621,927 units', '1 million  200 thousand'];
    for (let i = 0; i < 5000; i++) samples.push(Array.from({ length: rng.int(0, 60) }, () => alphabet[rng.int(0, alphabet.length - 1)]).join(''));
    for (const s of samples) expect(fold(s), JSON.stringify(s)).toBe(foldFull(s));
  });

  it('equals the whole fold on printable ASCII with en and em dashes (as world pages write them)', () => {
    const rng = new Rng('fold-dashes');
    const alphabet = ' `\'"-_.,;:!?()0123456789AaZzXx\u2013\u2014\u2014   ';
    const samples = ['\u2014', ' \u2014 ', 'Zentria X9 \u2014 Sales', '2019\u20132020', '\u2014\u2014  `A`'];
    for (let i = 0; i < 5000; i++) samples.push(Array.from({ length: rng.int(0, 60) }, () => alphabet[rng.int(0, alphabet.length - 1)]).join(''));
    for (const s of samples) expect(fold(s), JSON.stringify(s)).toBe(foldFull(s));
    expect(fold('Zentria X9 \u2014 Sales')).toBe('zentria x9 - sales');
  });
});
