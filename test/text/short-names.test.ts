import { describe, expect, it } from 'vitest';
import { shortForms, withoutSuffix } from '../../src/text/short-names.js';

describe('short names', () => {
  it('drops a corporate suffix when the rest can stand alone', () => {
    expect(withoutSuffix('Tacova Corp')).toBe('Tacova');
    expect(withoutSuffix('Halvorsen Mobile')).toBe('Halvorsen');
    expect(withoutSuffix('Norvik Airways')).toBe('Norvik');
    expect(withoutSuffix('Ixo Labs')).toBeNull();
    expect(withoutSuffix('Tacova')).toBeNull();
    expect(withoutSuffix('Fjord 7')).toBeNull();
  });

  it('keeps a short form only when it is unambiguous in the world', () => {
    const names = [
      { name: 'Tacova Corp', person: false },
      { name: 'Tacova Labs', person: false },
      { name: 'Korsvik United', person: false },
      { name: 'Halvorsen Mobile', person: false },
      { name: 'Ingrid Aasen', person: true },
      { name: 'Ole Aasen', person: true },
      { name: 'Mette Lund', person: true },
    ];
    const short = shortForms(names, ['Korsvik']);
    expect(short.get('Halvorsen Mobile')).toBe('Halvorsen');
    expect(short.get('Mette Lund')).toBe('Lund');
    expect(short.has('Tacova Corp')).toBe(false); // two names shorten to Tacova
    expect(short.has('Ingrid Aasen')).toBe(false); // two people share the surname
    expect(short.has('Korsvik United')).toBe(false); // Korsvik is a city of the world
  });
});
