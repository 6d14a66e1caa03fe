/**
 * A session's bounded history: its last `limit` calls, each observation's text kept as UTF-8 in 32-KB
 * segments drawn from a pool each thread shares (the main thread and each compute worker has its own),
 * given back as old calls fall out or the session closes. A session's first texts go into a small
 * buffer of its own, so the many short or idle sessions of a busy server hold a few KB each, not 32.
 *
 * Why: a busy server keeps up to `limit` observations (a few KB each) per session for minutes. Kept as
 * strings, each was copied by every young-generation collection it lived through and then promoted;
 * kept as one `Uint8Array` per call, each added off-heap memory that only a full collection gives back,
 * so full collections ran far more often. Segments are reused by every session after, so keeping a
 * call's text allocates nothing once the pool has warmed up, past a session's first buffer. (One
 * growing buffer per session did not do: short sessions, which trainers' rollouts are, kept growing
 * it, copying and touching new memory each time.)
 *
 * A segment goes back to the pool only when no kept call's text is in it, so a kept text's bytes are
 * never overwritten; a handle on a call that has left the history reads nothing (`KeptText.utf8`).
 * Readers get snapshots: `recent(n)` decodes the last `n` texts into plain entries that stay valid
 * whatever happens to the history after, so a renderer that awaits (a world model) reads what it saw.
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

/** A kept observation's UTF-8, for as long as the history keeps it. */
export interface KeptText {
  /** A copy of the text's UTF-8 in a new buffer the caller owns; undefined once the call has left the history. */
  utf8(): Uint8Array | undefined;
}

/** Bytes per pooled segment: a search observation is 2–5 KB, a page up to a few times that. */
export const SEGMENT_BYTES = 32 * 1024;
/** Bytes of a session's first buffer (its own, not pooled): one or two observations. */
export const FIRST_BYTES = 8 * 1024;
/** Free segments the pool keeps at most (16 MB); beyond, given-back segments are left to the collector. */
const POOL_MAX = 512;

/** Where texts are written: a pooled segment, or a text's own buffer when it is longer than a segment. */
class Segment {
  used = 0;
  /** Kept calls whose text is in here. */
  live = 0;
  constructor(readonly bytes: Uint8Array, readonly pooled: boolean) {}
}

const free: Uint8Array[] = [];
let allocated = 0;

/** `bytes` of memory, not zero-filled (only bytes written are ever read), as a plain Uint8Array: its slice() copies (a Buffer's is a view). */
function unfilled(bytes: number): Uint8Array {
  const b = Buffer.allocUnsafeSlow(bytes);
  return new Uint8Array(b.buffer, b.byteOffset, bytes);
}

function takeSegment(): Segment {
  let bytes = free.pop();
  if (!bytes) {
    bytes = unfilled(SEGMENT_BYTES);
    allocated++;
  }
  return new Segment(bytes, true);
}

function giveBack(seg: Segment): void {
  if (seg.pooled && free.length < POOL_MAX) free.push(seg.bytes);
}

/** Pooled segments allocated so far in this thread (for tests and diagnostics). */
export function segmentsAllocated(): number {
  return allocated;
}

/** What the history keeps of an entry: the entry with an empty text, and where its text's bytes are. */
class Kept implements KeptText {
  /** False once dropped from the history (its segment may be reused). */
  live = true;

  constructor(
    /** The entry as given, its `text` emptied (so a snapshot has the given keys in the given order). */
    readonly entry: HistoryEntry,
    readonly seg: Segment | null,
    readonly at: number,
    readonly len: number,
    /** A text UTF-8 cannot hold exactly (a lone surrogate), kept as it is. */
    readonly text?: string,
  ) {}

  utf8(): Uint8Array | undefined {
    if (!this.live || this.text !== undefined) return undefined;
    return this.seg ? this.seg.bytes.slice(this.at, this.at + this.len) : new Uint8Array(0);
  }

  decode(): string {
    if (this.text !== undefined) return this.text;
    return this.seg ? Buffer.from(this.seg.bytes.buffer, this.seg.bytes.byteOffset + this.at, this.len).toString('utf8') : '';
  }
}

/** `String.prototype.isWellFormed` (Node 20; not in this project's ES2022 library types). */
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();
const utf8 = new TextEncoder();

export class KeptHistory {
  readonly limit: number;
  /** Oldest first. */
  private kept: Kept[] = [];
  /** The segment being written. */
  private current: Segment | null = null;
  /** Whether a first buffer was taken (later texts go to pooled segments). */
  private started = false;
  /** Cleared for good (its session closed): later calls are not kept. */
  private closed = false;

  constructor(limit: number) {
    this.limit = limit;
  }

  get length(): number {
    return this.kept.length;
  }

  /**
   * Keep a call, dropping the oldest beyond the limit. Returns a handle on the text's UTF-8 (so a call's
   * text is encoded once), or undefined when nothing is kept (a limit of 0).
   */
  push(entry: HistoryEntry): KeptText | undefined {
    if (this.limit === 0 || this.closed) return undefined;
    while (this.kept.length >= this.limit) this.drop(this.kept.shift()!);
    const text: unknown = entry.text;
    const meta = { ...entry, text: '' };
    let k: Kept;
    if (typeof text !== 'string' || !wellFormed(text)) k = new Kept(meta, null, 0, 0, String(text));
    else if (text.length === 0) k = new Kept(meta, null, 0, 0);
    else k = this.write(meta, text);
    this.kept.push(k);
    return k;
  }

  /** The last `n` entries (all with `Infinity`), oldest first, as plain objects with their text. */
  recent(n: number): HistoryEntry[] {
    const from = Math.max(0, this.kept.length - Math.max(0, n));
    const out: HistoryEntry[] = [];
    for (let i = from; i < this.kept.length; i++) out.push({ ...this.kept[i]!.entry, text: this.kept[i]!.decode() });
    return out;
  }

  /** Forget every call and give the segments back, for good (a session closing): later calls are not kept. */
  close(): void {
    this.closed = true;
    for (const k of this.kept) this.drop(k);
    this.kept = [];
    this.setCurrent(null);
  }

  /** Write from now on into `seg`; the segment written until now goes back if no kept text is in it. */
  private setCurrent(seg: Segment | null): void {
    if (this.current && this.current.live === 0) giveBack(this.current);
    this.current = seg;
  }

  private drop(k: Kept): void {
    k.live = false;
    const seg = k.seg;
    if (seg && --seg.live === 0 && seg !== this.current) giveBack(seg);
  }

  /** Encode `text` after the current segment's last text, else into a new segment (its own if longer than one). */
  private write(meta: HistoryEntry, text: string): Kept {
    const cur = this.current;
    if (cur && text.length <= cur.bytes.length - cur.used) {
      const r = utf8.encodeInto(text, cur.bytes.subarray(cur.used));
      if (r.read === text.length) return this.keep(meta, cur, r.written);
    }
    const bytes = text.length * 3 <= SEGMENT_BYTES ? 0 : Buffer.byteLength(text, 'utf8');
    let seg: Segment;
    if (bytes <= SEGMENT_BYTES) {
      if (this.started) seg = takeSegment();
      else {
        // The session's first buffer: room for its first text (or two), its own.
        this.started = true;
        seg = new Segment(unfilled(Math.max(FIRST_BYTES, bytes || text.length * 3)), false);
      }
      this.setCurrent(seg);
    } else {
      seg = new Segment(unfilled(bytes), false);
    }
    return this.keep(meta, seg, utf8.encodeInto(text, seg.bytes.subarray(seg.used)).written);
  }

  private keep(meta: HistoryEntry, seg: Segment, written: number): Kept {
    const k = new Kept(meta, seg, seg.used, written);
    seg.used += written;
    seg.live++;
    return k;
  }
}
