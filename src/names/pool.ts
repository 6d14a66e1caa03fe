/**
 * NamePool: the names of one world, unique within it. `make(model)` is the entry point the spec
 * engine uses; `person`, `place`, `withSuffix`, `word` and `take` serve code that names rows itself.
 * Every draw comes from the pool's own rng (same rng, same names); the faker argument is accepted for
 * callers that pass one and is not used.
 */
import type { Faker } from '@faker-js/faker';
import type { Rng } from '../rng.js';
import type { Gender, Locale, NameKind, NameModel } from '../themes/spec/parts.js';
import type { DrugStem, LocaleNames } from './data/schema.js';
import { type Drawn, type NameParts, drawName } from './kinds.js';
import { localeNames } from './locale.js';
import { brandRoot, forbiddenOf, isHan, spacer } from './morphology.js';

export interface PoolOptions {
  /** The locale whose naming data the pool uses; default 'en'. */
  locale?: Locale;
  /**
   * The chance that a person, company, brand, team, mission or vehicle name deliberately shares its
   * first word (its surname, for a person) with one already made in this pool, as real near-names do
   * ("Corvane Mobile" and "Corvane Labs"); default 0.1. 0 turns near-names off.
   */
  nearRate?: number;
}

export interface MakeContext {
  /** The display name of the row's parent (a product's maker). */
  parent?: string;
  /** Force (true) or forbid (false) a near-name; default: drawn at the pool's nearRate. */
  near?: boolean;
  /** For a drug: the modality its stem must agree with ("monoclonal antibody" → "-mab"). */
  modality?: string;
}

/** Kinds whose names can share a first word (or a surname) with another name of the same group. */
const NEAR_GROUP: Partial<Record<NameKind, string>> = { person: 'person', company: 'org', brand: 'org', team: 'team', mission: 'mission', vehicle: 'vehicle' };

/** A pronounceable invented root with English letter statistics ("Corvane"), for code that builds names itself. */
export function inventWord(rng: Rng, syllables = rng.int(1, 2)): string {
  return brandRoot(rng, localeNames('en'), syllables);
}

export class NamePool {
  private readonly used = new Set<string>();
  /** What each name the pool made is made of (lower-cased name → parts), including the gender of a person. */
  private readonly parts = new Map<string, Drawn>();
  /** Reusable first words (or surnames) per near-name group, in the order made. */
  private readonly reusable = new Map<string, string[]>();
  private readonly d: LocaleNames;
  private readonly nearRate: number;
  readonly locale: Locale;

  constructor(
    private readonly rng: Rng,
    _faker?: Faker,
    opts: PoolOptions = {},
  ) {
    this.locale = opts.locale ?? 'en';
    this.d = localeNames(this.locale);
    this.nearRate = opts.nearRate ?? 0.1;
  }

  /** Reserve a name made by `make`, retrying until it is unused in this world. */
  take(make: () => string): string {
    for (let i = 0; i < 200; i++) {
      const name = make();
      if (this.claim(name)) return name;
    }
    throw new Error('name pool exhausted');
  }

  /** Whether the name is taken in this world. */
  has(name: string): boolean {
    return this.used.has(name.toLowerCase());
  }

  /** An invented root ("Corvane"), unique in the world. */
  word(syllables?: number): string {
    return this.take(() => brandRoot(this.rng, this.d, syllables ?? this.rng.int(1, 2)));
  }

  /** A company-like name: an invented root and one of the given suffixes ("Corvane Mobile"). */
  withSuffix(suffixes: readonly string[]): string {
    return this.make({ kind: 'company', suffixes: [...suffixes] });
  }

  /** A person: a first name of the gender (drawn when not given) and an invented surname; the gender is recorded. */
  person(gender?: Gender): string {
    return this.make({ kind: 'person', gender });
  }

  /** The gender of a person this pool named. */
  genderOf(name: string): Gender | undefined {
    return this.parts.get(name.toLowerCase())?.gender;
  }

  /** A place: town morphology ("Elmbury", "Port Stockmere"), or a town word with one of the suffixes. */
  place(suffixes?: readonly string[]): string {
    return this.make({ kind: 'place', suffixes: suffixes ? [...suffixes] : undefined });
  }

  /** A drug name whose class stem agrees with the modality ("monoclonal antibody" → "…mab"). */
  drug(modality?: string): string {
    return this.make({ kind: 'drug' }, { modality });
  }

  /** The class stem of a drug this pool named (its modality and plausible routes). */
  drugStemOf(name: string): DrugStem | undefined {
    return this.parts.get(name.toLowerCase())?.stem;
  }

  /** What a name this pool made is made of (its root, suffix, place, surname, gender, stem, line). */
  partsOf(name: string): NameParts | undefined {
    return this.parts.get(name.toLowerCase());
  }

  /**
   * The short form a page may use after the first mention: a person's surname, or a name without its
   * kind word ("Corvane" for "Corvane Mobile"), only when no other name of the pool has the same short
   * form or is that word (a near-name makes both shorts ambiguous, so neither has one).
   */
  short(name: string): string | undefined {
    const key = name.toLowerCase();
    const p = this.parts.get(key);
    const s = p && shortOf(p, this.d);
    if (!s || s.length < (isHan(this.d) ? 2 : 3) || this.used.has(s.toLowerCase())) return undefined;
    for (const [k, q] of this.parts) if (k !== key && shortOf(q, this.d)?.toLowerCase() === s.toLowerCase()) return undefined;
    return s;
  }

  /**
   * A name made by a table's naming model (spec/parts.ts): the one entry point the spec engine uses.
   * `parent` is the display name of the row's parent (a product's maker) where the model uses it.
   */
  make(model: NameModel, ctx: MakeContext = {}): string {
    const group = NEAR_GROUP[model.kind];
    const parentRoot = ctx.parent === undefined ? undefined : this.parts.get(ctx.parent.toLowerCase())?.root;
    const pool = group ? this.reusable.get(group) : undefined;
    if (group && pool && pool.length > 0 && (ctx.near ?? (this.nearRate > 0 && this.rng.chance(this.nearRate)))) {
      for (let i = 0; i < 20; i++) {
        const drawn = drawName({ rng: this.rng, d: this.d, model, parent: ctx.parent, parentRoot, modality: ctx.modality, reuse: this.rng.pick(pool) });
        if (this.claim(drawn.name, drawn)) return drawn.name;
      }
    }
    for (let i = 0; i < 200; i++) {
      const drawn = drawName({ rng: this.rng, d: this.d, model, parent: ctx.parent, parentRoot, modality: ctx.modality });
      if (this.claim(drawn.name, drawn)) {
        const reuse = drawn.kind === 'person' ? drawn.surname : drawn.root;
        if (group && reuse) {
          const list = this.reusable.get(group) ?? [];
          if (!list.includes(reuse)) list.push(reuse);
          this.reusable.set(group, list);
        }
        return drawn.name;
      }
    }
    throw new Error(`name pool exhausted for kind '${model.kind}'`);
  }

  /**
   * Take the name if it is unused; an invented one (with its parts) must also not be a real name of the
   * locale. A name given to `take` is the caller's own (a real brand under --real-brands).
   */
  private claim(name: string, drawn?: Drawn): boolean {
    const key = name.toLowerCase();
    if (this.used.has(key)) return false;
    if (drawn) {
      const real = forbiddenOf(this.d).real;
      // A product's root is its maker's name (a real brand under --real-brands); every other root is invented.
      const root = drawn.kind === 'product' ? undefined : (drawn.root ?? drawn.place);
      if (real.has(key) || (root && real.has(root.toLowerCase()))) return false;
    }
    this.used.add(key);
    if (drawn) this.parts.set(key, drawn);
    return true;
  }
}

/** A name's short form before the checks: a person's surname (none in Han script), or the name without its kind word. */
function shortOf(p: Drawn, d: LocaleNames): string | undefined {
  if (p.kind === 'person') return isHan(d) ? undefined : p.surname;
  const tail = `${spacer(d)}${p.suffix}`;
  if (p.suffix && p.name.endsWith(tail)) return p.name.slice(0, -tail.length);
  return undefined;
}
