import { describe, expect, it } from 'vitest';
import { pageWords, urlScheme } from '../../src/report/pages.js';

describe('page words', () => {
  it('counts runs of letters and digits, not markup, table rules or link targets', () => {
    expect(pageWords('# Tacova Corp\n\nIt sold 1,200 units of a second-stage part.')).toBe(10);
    expect(pageWords('| a | b |\n|---|---|\n| 1 | 2 |')).toBe(4);
    expect(pageWords('See [Tacova Corp](https://wiki.toy.example/wiki/Tacova_Corp).')).toBe(3);
    expect(pageWords('')).toBe(0);
  });
});

describe('URL schemes', () => {
  it('keeps the fixed words of a path and abstracts what varies', () => {
    expect(urlScheme('https://wiki.x.example/wiki/Tacova_Corp')).toBe('/wiki/{slug}');
    expect(urlScheme('https://other.example/wiki/Brell')).toBe('/wiki/{slug}');
    expect(urlScheme('https://news.x.example/2031/05/tacova-opens')).toBe('/{n}/{n}/{slug}');
    expect(urlScheme('https://forum.x.example/t/tacova-vs-brell-04')).toBe('/t/{slug}');
    expect(urlScheme('https://x.example/people/jane-smith-2/profile')).toBe('/people/{slug}/{slug}');
    expect(urlScheme('https://x.example/read.php?id=12&lang=en')).toBe('/{slug}.php?id={v}&lang={v}');
    expect(urlScheme('not a url')).toBe('{invalid}');
  });
});
