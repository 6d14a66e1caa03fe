/** Invented names, unique within a world. Word lists are data; the pool enforces uniqueness. */
import type { Faker } from '@faker-js/faker';
import type { Rng } from '../rng.js';
import type { Gender, NameModel } from './spec/parts.js';

const ONSETS = [
  'b',
  'br',
  'c',
  'cr',
  'd',
  'dr',
  'f',
  'fl',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'pr',
  'qu',
  'r',
  's',
  'st',
  't',
  'tr',
  'v',
  'z',
  'th',
  'sh',
  'l',
  'm',
  'n',
  'r',
  's',
  't',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'a', 'e', 'o', 'ae', 'io', 'ia', 'ei'];
const CODAS = ['', '', '', '', '', 'n', 'r', 'l', 's', 'm', 'x'];
const ENDINGS = ['a', 'on', 'ix', 'ia', 'or', 'is', 'ex', 'um', 'era', 'ant', 'ora', 'en', 'el', 'ova', 'ar', 'ios', 'ine', 'us', 'o', 'ay'];

/** A pronounceable invented word: 1–2 syllables and an ending, capitalised. */
export function inventWord(rng: Rng, syllables = rng.int(1, 2)): string {
  // Onset + vowel (+ coda) per syllable, then onset + ending: "Zentria", "Corvex", "Lumora".
  let w = '';
  for (let i = 0; i < syllables; i++) w += rng.pick(ONSETS) + rng.pick(VOWELS) + rng.pick(CODAS);
  w += rng.pick(ONSETS) + rng.pick(ENDINGS);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

export class NamePool {
  private readonly used = new Set<string>();
  /** The gender drawn for each person named (lower-cased name → gender), for pronouns that agree. */
  private readonly genders = new Map<string, Gender>();
  constructor(
    private readonly rng: Rng,
    private readonly faker: Faker,
  ) {}

  /** Reserve a name made by `make`, retrying until it is unused in this world. */
  take(make: () => string): string {
    for (let i = 0; i < 200; i++) {
      const name = make();
      const key = name.toLowerCase();
      if (!this.used.has(key)) {
        this.used.add(key);
        return name;
      }
    }
    throw new Error('name pool exhausted');
  }

  /** Reserve an exact name, or fail if it is taken. */
  has(name: string): boolean {
    return this.used.has(name.toLowerCase());
  }

  word(syllables?: number): string {
    return this.take(() => inventWord(this.rng, syllables));
  }

  /** An invented word followed by one of the given suffixes: "Zentria Mobile". */
  withSuffix(suffixes: readonly string[]): string {
    return this.take(() => `${inventWord(this.rng)} ${this.rng.pick(suffixes)}`);
  }

  /** A person: first name from faker, invented surname, so no real person is named. */
  person(gender?: Gender): string {
    const name = this.take(() => `${this.faker.person.firstName(gender)} ${inventWord(this.rng, this.rng.int(1, 2))}`);
    if (gender) this.genders.set(name.toLowerCase(), gender);
    return name;
  }

  /** The gender drawn for a person this pool named. */
  genderOf(name: string): Gender | undefined {
    return this.genders.get(name.toLowerCase());
  }

  /** A place name: an invented word, sometimes with a suffix. */
  place(suffixes: readonly string[] = ['', '', 'ville', 'port', ' Falls', 'burg', ' Heights', 'ford']): string {
    return this.take(() => `${inventWord(this.rng)}${this.rng.pick(suffixes)}`);
  }

  /**
   * A name made by a table's naming model (spec/parts.ts): the one entry point the spec engine uses.
   * `parent` is the display name of the row's parent (a product's maker) where the model uses it.
   */
  make(model: NameModel, ctx: { parent?: string } = {}): string {
    switch (model.kind) {
      case 'person':
        return this.person(model.gender);
      case 'place':
        return model.suffixes ? this.place(model.suffixes) : this.place();
      case 'product':
        return this.take(() => `${(ctx.parent ?? inventWord(this.rng)).split(' ')[0]} ${this.rng.pick(model.words ?? ['One'])}${this.rng.int(2, 99)}`);
      default:
        return model.suffixes && model.suffixes.length > 0 ? this.withSuffix(model.suffixes) : this.word();
    }
  }
}
