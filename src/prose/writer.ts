/**
 * The page writer: states facts in frames built from each column's lexicon (frames.ts), composes 2–3
 * facts of one subject into one sentence (compose.ts), refers to subjects as real text does
 * (coreference.ts) and draws sentences that state no fact from the banks (banks/). One writer per page.
 */
import type { Row } from '../themes/_define.js';
import { factTime } from '../world/fact-time.js';
import { formatValue } from '../world/value-text.js';
import type { Claim, Fact } from '../world/types.js';
import { fillerSentence } from './banks/filler.js';
import { vocabularyOf } from './banks/parts.js';
import { COMPOSED_FRAMES } from './compose.js';
import { Coreference, indexWorld, type Mention, type Slot } from './coreference.js';
import { type Frame, type FrameCtx, type Piece, type Realized, SINGLE_FRAMES, fill } from './frames.js';
import { finish, possessive } from './grammar.js';
import { amountOf, lexiconOf } from './lexicon.js';
import type { CreateWriter, Sentence, StateOptions } from './types.js';

const FRAMES: Frame[] = [...SINGLE_FRAMES, ...COMPOSED_FRAMES];
/** How often a sentence states 1, 2 or 3 facts. */
const SIZE_WEIGHTS = [0.42, 0.4, 0.18];
const NUMERIC = new Set(['integer', 'real']);

export const createWriter: CreateWriter = (world, page) => {
  const style = { num: page.num, date: page.dateStyle };
  const index = indexWorld(world);
  const coref = new Coreference(world, index, style);
  const uses = new Map<string, number>();
  const worldSaid = page.said ?? new Map();
  const rng = page.rng;
  const vocabulary = vocabularyOf({ domain: world.theme.domain, title: world.theme.title, site: page.site, values: index.textValues });

  function rowOf(f: Fact): Row | undefined {
    return index.entities.get(f.subject)?.row ?? world.rows[f.sourceTable]?.find((r) => r.id === f.sourceRowid);
  }

  /** The piece of a fact, or null for a period figure not yet true at the page's date. */
  function pieceOf(f: Fact): Piece | null {
    const col = world.fx.column(f.sourceTable, f.sourceColumn);
    const t = page.date ? factTime(f, col, rowOf(f), world.year) : null;
    const future = t !== null && page.date !== null && t > page.date;
    if (future && col.time !== 'event') return null;
    const lex = lexiconOf(col);
    const value = formatValue(world.fx, f, style);
    return { fact: f, lex, value, amount: amountOf(lex, value, fill), scheduled: future, numeric: NUMERIC.has(f.objectType) };
  }

  function pickSize(max: number): number {
    const w = SIZE_WEIGHTS.slice(0, max);
    let r = rng.next() * w.reduce((a, b) => a + b, 0);
    for (let i = 0; i < w.length; i++) if ((r -= w[i]!) < 0) return i + 1;
    return 1;
  }

  /**
   * `unnamed`: the sentence states a part of a composite subject alone after the page has named it, so
   * naming it again would say the value twice ("the visiting side in A v B was B"): it takes its
   * noun ("the match") when it has one.
   */
  function contextFor(subject: string, exclude: Set<number>, source: string, unnamed = false): FrameCtx & { chosen(): Mention | null } {
    const entity = index.entities.get(subject)!;
    let head: Mention | null = null;
    return {
      rng,
      source,
      entity,
      head(slot: Slot, names = false) {
        if (head) return head;
        const m = coref.refer(subject, slot, rng, exclude);
        const noun = unnamed && m.form === 'name' ? coref.descriptions(subject, exclude).find((d) => !d.fact) : undefined;
        if (noun) head = { ...noun, text: slot === 'possessive' ? possessive(noun.text) : noun.text };
        else if (names && m.form !== 'name' && m.form !== 'short') {
          head = { text: coref.nameText(subject, slot), form: 'name' };
        } else head = m;
        return head;
      },
      again(slot) {
        const p = coref.pronoun(subject, slot);
        return p ? { text: p, form: 'pronoun' } : null;
      },
      chosen: () => head,
    };
  }

  /** Candidate orders of a chunk: the drawn one and its rotations (a frame may need a particular fact first). */
  function orders(ps: Piece[]): Piece[][] {
    const base = rng.shuffle(ps);
    return base.map((_, i) => [...base.slice(i), ...base.slice(0, i)]);
  }

  function realize(ps: Piece[], opts: StateOptions): Sentence | null {
    const subject = ps[0]!.fact.subject;
    if (!index.entities.has(subject)) return null;
    const exclude = new Set(ps.map((p) => p.fact.id));
    const source = opts.attribution ?? page.site;
    const options: { frame: Frame; order: Piece[] }[] = [];
    const unnamed = ps.length === 1 && isPart(ps[0]!, subject) && coref.hasMentioned(subject);
    const probe = contextFor(subject, exclude, source, unnamed);
    for (const frame of FRAMES) {
      if (!frame.sizes.includes(ps.length)) continue;
      if (opts.attribution && ps.length === 1 && frame.id !== 'attribution') continue;
      const order = orders(ps).find((o) => frame.ok(o, probe));
      if (order) options.push({ frame, order });
    }
    if (options.length === 0) return null;
    // A single fact also weighs how often its attribute took each frame on the world's earlier pages.
    const attribute = ps.length === 1 ? `${ps[0]!.fact.sourceTable}.${ps[0]!.fact.sourceColumn}` : null;
    const said = attribute ? (worldSaid.get(attribute) ?? worldSaid.set(attribute, new Map()).get(attribute)!) : null;
    const weights = options.map((o) => 1 / (1 + (uses.get(o.frame.id) ?? 0) + (said?.get(o.frame.id) ?? 0)));
    let r = rng.next() * weights.reduce((a, b) => a + b, 0);
    let choice = options[options.length - 1]!;
    for (let i = 0; i < options.length; i++)
      if ((r -= weights[i]!) < 0) {
        choice = options[i]!;
        break;
      }
    const ctx = contextFor(subject, exclude, source, unnamed);
    let made: Realized = choice.frame.make(choice.order, ctx);
    let frameId = choice.frame.id;
    // A composed sentence is sometimes attributed as a whole; always when the page asks for a source.
    if (ps.length > 1 && (opts.attribution ? true : rng.chance(0.08))) {
      made = {
        ...made,
        text: choice.frame.id !== 'with_front' && rng.chance(0.5) ? `according to ${source}, ${made.text}` : `${made.text}, according to ${source}`,
      };
      frameId = `attribution+${frameId}`;
    }
    uses.set(choice.frame.id, (uses.get(choice.frame.id) ?? 0) + 1);
    said?.set(choice.frame.id, (said.get(choice.frame.id) ?? 0) + 1);
    const facts: Fact[] = choice.order.map((p) => p.fact);
    const frames = facts.map(() => frameId);
    const claims: Claim[] = choice.order.map((p, i) => ({
      factId: p.fact.id,
      form: p.scheduled ? 'scheduled' : 'exact',
      stated: p.value,
      subjectForm: made.refs[i]!.form,
      subjectText: made.refs[i]!.text,
    }));
    for (const m of made.refs) {
      if (!m.fact || facts.includes(m.fact)) continue;
      facts.push(m.fact);
      frames.push('description');
      claims.push({ factId: m.fact.id, form: 'exact', stated: formatValue(world.fx, m.fact, style), subjectForm: 'description', subjectText: m.text });
    }
    const named = facts.filter((f) => f.objectType === 'entity').map((f) => f.object);
    // A pronoun may follow only if no other entity named here could be taken for its antecedent.
    const head = made.refs[0]!.text.toLowerCase();
    const topic =
      named.every((n) => n === subject) ||
      made.text
        .replace(/^according to [^,]*, /i, '')
        .toLowerCase()
        .startsWith(head);
    coref.after(subject, facts, named, topic);
    return { text: finish(made.text), facts, claims, frames };
  }

  /** Is the piece's value written inside its composite subject's name (a quarter, a club, a candidate)? */
  function isPart(p: Piece, subject: string): boolean {
    return (p.fact.objectType === 'text' || p.fact.objectType === 'entity') && subject.includes(p.value);
  }

  function attachImplied(host: Sentence, p: Piece, subject: string): void {
    host.facts.push(p.fact);
    host.claims.push({ factId: p.fact.id, form: 'exact', stated: p.value, subjectForm: 'name', subjectText: subject });
    host.frames!.push('implied');
    coref.note(p.fact.objectType === 'entity' ? [p.fact.object] : [], [p.fact]);
  }

  return {
    state(facts, opts = {}) {
      const max = Math.max(1, Math.min(3, opts.maxPerSentence ?? 3));
      const groups = new Map<string, Piece[]>();
      for (const f of facts) {
        const p = pieceOf(f);
        if (!p) continue;
        const list = groups.get(f.subject) ?? [];
        list.push(p);
        groups.set(f.subject, list);
      }
      const out: Sentence[] = [];
      for (const [subject, list] of groups) {
        // A composite subject's own parts ("Q2 2031" of "Zentria X9, Q2 2031") are stated by naming it:
        // they ride on the group's first sentence that names it, rather than "Zentria X9, Q2 2031 covers Q2 2031".
        const implied = index.entities.get(subject)?.composite ? list.filter((p) => isPart(p, subject)) : [];
        const rest = list.filter((p) => !implied.includes(p));
        if (rest.length === 0) rest.push(...implied.splice(0));
        const first = out.length;
        while (rest.length > 0) {
          const chunk = rest.splice(0, pickSize(Math.min(max, rest.length)));
          const s = realize(chunk, opts);
          if (s) out.push(s);
          else
            for (const p of chunk) {
              const one = realize([p], opts);
              if (one) out.push(one);
            }
        }
        const host = out.slice(first).find((s) => s.text.includes(subject));
        for (const p of implied) {
          if (host) attachImplied(host, p, subject);
          else {
            const one = realize([p], opts);
            if (one) out.push(one);
          }
        }
      }
      return out;
    },
    mention(subject) {
      coref.after(subject, []);
    },
    filler(role, about) {
      const entity = about ? index.entities.get(about) : undefined;
      let name: string | null = about ? (entity ? coref.nameText(about, 'object') : about) : null;
      // A filler sentence names its subject by name, short name or entity noun, never by a description that restates a value.
      if (about && entity && coref.hasMentioned(about)) {
        const options = [
          name,
          coref.short(about),
          ...coref
            .descriptions(about, new Set())
            .filter((d) => !d.fact)
            .map((d) => d.text),
        ];
        name = rng.pick(options.filter((o): o is string => o !== null));
      }
      const text = fillerSentence(role, rng, vocabulary, name);
      // It counts as a mention of its subject, but its grammatical subject is rarely that entity: no pronoun follows it.
      if (entity && text.includes(name!)) coref.note([about!], []);
      coref.after(null, []);
      return { text: finish(text), facts: [], claims: [] };
    },
  };
};
