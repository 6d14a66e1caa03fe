/**
 * The theme's public vocabulary as the oracle may know it (what `fictionworld themes` lists): each kind
 * of entity with its plural, and each attribute label with its type and, for a link, the kind it leads
 * to. No rows, no values: what a reader of the theme's pages learns from their headings and tables.
 */
import type { ThemeDef } from '../themes/_define.js';
import type { ValueType } from '../themes/_define.js';

export interface KindVocabulary {
  kind: string;
  plural: string;
  /** Label → value type; links name the kind they lead to. */
  labels: Map<string, { type: ValueType; to?: string }>;
  /** Whether the kind's rows have names of their own (else a composite "X, Q2 2029"). */
  named: boolean;
}

export interface Vocabulary {
  kinds: Map<string, KindVocabulary>;
}

const key = (s: string) => s.trim().toLowerCase();

export function vocabularyOf(theme: ThemeDef): Vocabulary {
  const kinds = new Map<string, KindVocabulary>();
  const entityOf = new Map(theme.tables.map((t) => [t.name, t.entity]));
  for (const t of theme.tables) {
    const labels = new Map<string, { type: ValueType; to?: string }>();
    for (const c of t.columns) {
      if (c.name === t.nameColumn) continue;
      const to = c.ref ? entityOf.get(c.ref) : undefined;
      labels.set(key(c.label), to ? { type: c.type, to } : { type: c.type });
    }
    kinds.set(key(t.entity), { kind: t.entity, plural: t.plural, labels, named: t.nameColumn !== undefined });
  }
  return { kinds };
}

/** The kind `kind` names (singular or plural), or null. */
export function kindOf(v: Vocabulary, kind: string): KindVocabulary | null {
  const k = key(kind);
  return v.kinds.get(k) ?? [...v.kinds.values()].find((x) => key(x.plural) === k) ?? null;
}

/** The type of `label`: on `kind` when given, else on the first kind that has it. */
export function labelType(v: Vocabulary, label: string, kind?: string): ValueType | null {
  const own = kind ? kindOf(v, kind)?.labels.get(key(label)) : undefined;
  if (own) return own.type;
  for (const k of v.kinds.values()) {
    const l = k.labels.get(key(label));
    if (l) return l.type;
  }
  return null;
}

/** The kind a link label leads to from `kind` (or from any kind), or null. */
export function linkTarget(v: Vocabulary, link: string, kind?: string): string | null {
  const own = kind ? kindOf(v, kind)?.labels.get(key(link)) : undefined;
  if (own?.to) return own.to;
  if (kind && own) return null;
  for (const k of v.kinds.values()) {
    const l = k.labels.get(key(link));
    if (l?.to) return l.to;
  }
  return null;
}
