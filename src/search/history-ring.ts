/**
 * A session's bounded history: its last `limit` calls, each observation's text kept as UTF-8 in one
 * circular byte buffer per session, overwritten in place as old calls fall out.
 *
 * Why a ring: a busy server keeps up to `limit` observations (a few KB each) per session for minutes.
 * Kept as strings, each was copied by every young-generation collection it lived through and then
 * promoted; kept as one `Uint8Array` per call, each added off-heap memory that only a full collection
 * gives back, so the collector ran far more often. The ring allocates only when it has to grow: with
 * 100 bound sessions on two workers, keeping history this way serves about as fast as keeping none.
 *
 * Readers get snapshots: `recent(n)` decodes the last `n` texts into plain entries that stay valid
 * after the ring moves on, so a renderer that awaits (a world model) never reads overwritten bytes.
 */
import type { ObservationError } from '../render/observation.js';
import type { ToolName } from '../tools/definitions.js';

export interface HistoryEntry {
  callIndex: number;
  name: ToolName;
  /** The call's arguments as validated (queries normalised, page filled in). */
  arguments: Readonly<Record<string, unknown>>;
  /** The observation as the agent read it. */
  text: string;
  /**
   * For a page that opened (web_extractor without a fault), its URL and title: what a world model is
   * told of an earlier page instead of its content. The observation's JSON is not kept: every session
   * holds up to `historyLimit` entries, and a search's JSON repeats its text as a tree of small objects.
   */
  page?: { url: string; title: string };
  error?: ObservationError;
  renderer: string;
}

/** A kept observation's UTF-8, for as long as the ring keeps it. */
export interface KeptText {
  /** A copy of the text's UTF-8 in a new buffer the caller owns; undefined once the call has left the history. */
  utf8(): Uint8Array | undefined;
}

/** What the ring keeps of an entry: the entry with an empty text, and where its text's bytes are. */
class Kept implements KeptText {
  /** False once dropped from the history (its bytes may be overwritten). */
  live = true;

  constructor(
    private readonly ring: HistoryRing,
    /** The entry as given, its `text` emptied (so a snapshot has the given keys in the given order). */
    readonly entry: HistoryEntry,
    /** Offset and length of the text's UTF-8 in the ring (moved when the ring grows). */
    public at: number,
    readonly len: number,
    /** A text UTF-8 cannot hold exactly (a lone surrogate), kept as it is. */
    readonly text?: string,
  ) {}

  utf8(): Uint8Array | undefined {
    return this.live && this.text === undefined ? this.ring.copy(this.at, this.len) : undefined;
  }
}

const utf8 = new TextEncoder();
const MIN_CAPACITY = 4096;

/** `String.prototype.isWellFormed` (Node 20; not in this project's ES2022 library types). */
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

export class HistoryRing {
  readonly limit: number;
  private buf = new Uint8Array(0);
  /** Where the next text goes. */
  private head = 0;
  /** Oldest first. */
  private kept: Kept[] = [];
  /** Bytes of the kept texts. */
  private live = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  get length(): number {
    return this.kept.length;
  }

  /** Bytes the ring holds for its texts (its capacity, live or not). */
  get capacity(): number {
    return this.buf.length;
  }

  /**
   * Keep a call, dropping the oldest beyond the limit. Returns a handle on the text's UTF-8 (so a call's
   * text is encoded once), or undefined when nothing is kept (a limit of 0).
   */
  push(entry: HistoryEntry): KeptText | undefined {
    if (this.limit === 0) return undefined;
    if (this.kept.length >= this.limit) {
      for (const k of this.kept.splice(0, this.kept.length - this.limit + 1)) {
        k.live = false;
        this.live -= k.len;
      }
    }
    const text: unknown = entry.text;
    const meta = { ...entry, text: '' };
    let k: Kept;
    if (typeof text !== 'string' || !wellFormed(text)) k = new Kept(this, meta, 0, 0, String(text));
    else if (text.length === 0) k = new Kept(this, meta, 0, 0);
    else {
      const [at, len] = this.write(text);
      k = new Kept(this, meta, at, len);
      this.live += len;
    }
    this.kept.push(k);
    return k;
  }

  /** A copy of `len` bytes at `at`. */
  copy(at: number, len: number): Uint8Array {
    return this.buf.slice(at, at + len);
  }

  /** The last `n` entries (all with `Infinity`), oldest first, as plain objects with their text. */
  recent(n: number): HistoryEntry[] {
    const from = Math.max(0, this.kept.length - Math.max(0, n));
    const out: HistoryEntry[] = [];
    for (let i = from; i < this.kept.length; i++) {
      const k = this.kept[i]!;
      out.push({ ...k.entry, text: k.text ?? this.decode(k.at, k.len) });
    }
    return out;
  }

  private decode(at: number, len: number): string {
    return Buffer.from(this.buf.buffer, this.buf.byteOffset + at, len).toString('utf8');
  }

  /** Where the live bytes start: the offset of the oldest text with bytes in the ring. */
  private tail(): number {
    for (const k of this.kept) if (k.len > 0) return k.at;
    return this.head;
  }

  /** Encode `text` into free space (after the head, else from the start), growing the ring if none fits. */
  private write(text: string): [number, number] {
    const live = this.live;
    if (live === 0) this.head = 0;
    const tail = this.tail();
    // Free space: [head, end) and [0, tail) when the live bytes do not wrap, [head, tail) when they do.
    const wrapped = live > 0 && this.head <= tail;
    const regions: [number, number][] = wrapped ? [[this.head, tail]] : [[this.head, this.buf.length], [0, live > 0 ? tail : this.buf.length]];
    for (const [from, to] of regions) {
      if (to - from < text.length) continue;
      const r = utf8.encodeInto(text, this.buf.subarray(from, to));
      if (r.read === text.length) {
        this.head = from + r.written;
        return [from, r.written];
      }
    }
    this.grow(live, Buffer.byteLength(text, 'utf8'));
    const at = this.head;
    const r = utf8.encodeInto(text, this.buf.subarray(at));
    this.head += r.written;
    return [at, r.written];
  }

  /**
   * A new buffer, twice what the live texts and the next one take at least, with the live texts packed
   * at its start. Not zero-filled: only bytes written are ever read.
   */
  private grow(live: number, need: number): void {
    let capacity = Math.max(MIN_CAPACITY, this.buf.length);
    while (capacity < 2 * (live + need)) capacity *= 2;
    // A plain Uint8Array over it: its slice() copies (a Buffer's would be a view into the ring).
    const raw = Buffer.allocUnsafeSlow(capacity);
    const next = new Uint8Array(raw.buffer, raw.byteOffset, capacity);
    let w = 0;
    for (const k of this.kept) {
      if (k.len === 0) continue;
      next.set(this.buf.subarray(k.at, k.at + k.len), w);
      k.at = w;
      w += k.len;
    }
    this.buf = next;
    this.head = w;
  }
}
