/**
 * An HTTP/1.x response read incrementally from a connection's bytes (RFC 9112): the status line, the
 * header fields, then the body framed by the rules of §6.3: none (a HEAD request, 1xx, 204, 304),
 * `Transfer-Encoding: chunked` (chunk extensions and trailer fields read and dropped), `Content-Length`,
 * or the rest of the connection. Interim 1xx responses are skipped. Anything malformed throws, and the
 * connection must then be closed.
 */

/** Bytes of a response head (status line and fields) at most. */
export const MAX_HEAD_BYTES = 64 * 1024;
/** Bytes of a response body at most (a world model's answer is a few KB; this only stops a runaway). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** Characters of a chunk-size or trailer line at most. */
const MAX_LINE = 8 * 1024;

/**
 * A response that is not HTTP/1.x as written. The message never quotes the server's bytes (a caller may
 * read its words: the SDK takes any error saying "timed out" for a timeout); `sample` has them.
 */
export class ResponseFormatError extends Error {
  constructor(message: string, readonly sample = '') {
    super(message);
    this.name = 'ResponseFormatError';
  }
}

export interface ParsedHead {
  /** 1 for HTTP/1.1, 0 for HTTP/1.0. */
  minor: number;
  status: number;
  statusText: string;
  /** Field values by lower-case name, each list in the order received. */
  headers: Record<string, string[]>;
  /** The connection may carry another request after this response. */
  keepAlive: boolean;
  /** The server's Keep-Alive `timeout` hint, in ms (undefined: none given). */
  keepAliveMs: number | undefined;
}

/** An HTTP token (RFC 9110 §5.6.2): a method or a field name. */
export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: ([^\r\n]*))?$/;

/** The comma-separated tokens of a field's values, lower-case. */
function tokens(values: string[] | undefined): string[] {
  if (!values) return [];
  const out: string[] = [];
  for (const v of values) for (const t of v.split(',')) if (t.trim()) out.push(t.trim().toLowerCase());
  return out;
}

function parseHead(text: string): ParsedHead {
  const lines = text.split('\r\n');
  const m = STATUS_LINE.exec(lines[0]!);
  if (!m || Number(m[2]) < 100) throw new ResponseFormatError('bad status line', lines[0]!.slice(0, 80));
  const headers: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  let last: string[] | undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    if (line.charCodeAt(0) === 32 || line.charCodeAt(0) === 9) {
      // An obsolete folded line continues the previous field's value.
      if (!last) throw new ResponseFormatError('folded line before any field');
      last[last.length - 1] = `${last[last.length - 1]} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon) : '';
    // A field line ends at CR LF only: a lone CR or LF inside one is refused, as Node's parser does.
    if (!TOKEN.test(name) || line.includes('\n') || line.includes('\r')) throw new ResponseFormatError('bad header line', line.slice(0, 80));
    const key = name.toLowerCase();
    const value = line.slice(colon + 1).trim();
    last = headers[key] ??= [];
    last.push(value);
  }
  const minor = Number(m[1]);
  const connection = tokens(headers.connection);
  const keepAlive = minor === 1 ? !connection.includes('close') : connection.includes('keep-alive');
  let keepAliveMs: number | undefined;
  for (const t of tokens(headers['keep-alive'])) {
    const hint = /^timeout=(\d+)$/.exec(t.replace(/\s+/g, ''));
    if (hint) keepAliveMs = Number(hint[1]) * 1000;
  }
  return { status: Number(m[2]), statusText: m[3] ?? '', headers, keepAlive, keepAliveMs, minor };
}

type BodyMode = { kind: 'none' } | { kind: 'length'; left: number } | { kind: 'chunked' } | { kind: 'close' };

/**
 * One response being read. `feed` each chunk of the connection's bytes in order; it returns true once
 * the response is complete (bytes after its end are left in `extra`). `end` is called when the
 * connection closes first: a body framed by the close completes, any other is cut short and throws.
 */
export class ResponseReader {
  head: ParsedHead | undefined;
  /** Bytes received after the end of the response (a well-behaved server sends none). */
  extra = 0;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #mode: BodyMode | undefined;
  readonly #parts: Buffer[] = [];
  #bodyBytes = 0;
  #chunkState: 'size' | 'data' | 'data-end' | 'trailer' = 'size';
  #chunkLeft = 0;
  #line = '';
  #done = false;

  constructor(private readonly headRequest: boolean) {}

  get done(): boolean {
    return this.#done;
  }

  /** The body (null when the response has none by its framing). */
  body(): Buffer | null {
    if (this.#mode?.kind === 'none') return null;
    return this.#parts.length === 1 ? this.#parts[0]! : Buffer.concat(this.#parts, this.#bodyBytes);
  }

  feed(chunk: Buffer): boolean {
    if (this.#done) {
      this.extra += chunk.length;
      return true;
    }
    let data = chunk;
    while (!this.#mode) {
      // Reading a head: look for its blank line across what has arrived.
      if (this.#pendingBytes > 0) {
        this.#pending.push(data);
        data = Buffer.concat(this.#pending, this.#pendingBytes + data.length);
        this.#pending = [];
        this.#pendingBytes = 0;
      }
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) {
        if (data.length > MAX_HEAD_BYTES) throw new ResponseFormatError('response head too large');
        // All that has arrived of the head (what was kept before is in `data` already).
        this.#pending = [data];
        this.#pendingBytes = data.length;
        return false;
      }
      if (end > MAX_HEAD_BYTES) throw new ResponseFormatError('response head too large');
      const head = parseHead(data.toString('latin1', 0, end));
      data = data.subarray(end + 4);
      if (head.status >= 100 && head.status < 200) {
        // An interim response (100 Continue, 103 Early Hints): the final one follows. 101 would switch protocols.
        if (head.status === 101) throw new ResponseFormatError('unexpected 101 Switching Protocols');
        continue;
      }
      this.head = head;
      this.#mode = this.#framing(head);
      if (this.#mode.kind === 'none' || (this.#mode.kind === 'length' && this.#mode.left === 0)) {
        this.#done = true;
        this.extra += data.length;
        return true;
      }
    }
    if (data.length > 0) this.#body(data);
    return this.#done;
  }

  /** The connection closed: complete a body framed by the close, else throw. */
  end(): void {
    if (this.#done) return;
    if (this.#mode?.kind === 'close') {
      this.#done = true;
      return;
    }
    throw new ResponseFormatError(this.#mode ? 'connection closed before the response ended' : 'connection closed before a response');
  }

  #framing(head: ParsedHead): BodyMode {
    if (this.headRequest || head.status === 204 || head.status === 304) return { kind: 'none' };
    const te = tokens(head.headers['transfer-encoding']);
    if (te.length > 0) {
      // Transfer-Encoding overrides Content-Length; a message with both, or with a coding in HTTP/1.0,
      // may be an attempt at smuggling: read it, but close the connection after (RFC 9112 §6.1, §6.3).
      if (head.headers['content-length'] || head.minor === 0) head.keepAlive = false;
      // Chunked must come last; any other last coding is delimited by the close (and not reusable).
      if (te[te.length - 1] === 'chunked') return { kind: 'chunked' };
      head.keepAlive = false;
      return { kind: 'close' };
    }
    const lengths = head.headers['content-length'];
    if (lengths) {
      const values = new Set(lengths.flatMap((v) => v.split(',').map((s) => s.trim())));
      const [only] = values;
      if (values.size !== 1 || !/^\d+$/.test(only!)) throw new ResponseFormatError('bad content-length', lengths.join(', ').slice(0, 80));
      const left = Number(only);
      if (left > MAX_BODY_BYTES) throw new ResponseFormatError('response body too large');
      return { kind: 'length', left };
    }
    head.keepAlive = false;
    return { kind: 'close' };
  }

  #take(part: Buffer): void {
    this.#bodyBytes += part.length;
    if (this.#bodyBytes > MAX_BODY_BYTES) throw new ResponseFormatError('response body too large');
    this.#parts.push(part);
  }

  #body(data: Buffer): void {
    const mode = this.#mode!;
    if (mode.kind === 'close') {
      this.#take(data);
      return;
    }
    if (mode.kind === 'length') {
      const n = Math.min(mode.left, data.length);
      this.#take(n === data.length ? data : data.subarray(0, n));
      mode.left -= n;
      if (mode.left === 0) {
        this.#done = true;
        this.extra += data.length - n;
      }
      return;
    }
    this.#chunked(data);
  }

  /** Reads one CR LF-terminated line from `data` at `at`: the index after it, or -1 (line kept for the next chunk). */
  #readLine(data: Buffer, at: number): number {
    const nl = data.indexOf(10, at);
    const upTo = nl < 0 ? data.length : nl;
    this.#line += data.toString('latin1', at, upTo);
    if (this.#line.length > MAX_LINE) throw new ResponseFormatError('chunk line too long');
    if (nl < 0) return -1;
    if (!this.#line.endsWith('\r')) throw new ResponseFormatError('chunk line without CR LF');
    this.#line = this.#line.slice(0, -1);
    return nl + 1;
  }

  #chunked(data: Buffer): void {
    let at = 0;
    while (at < data.length) {
      if (this.#chunkState === 'data') {
        const n = Math.min(this.#chunkLeft, data.length - at);
        this.#take(data.subarray(at, at + n));
        this.#chunkLeft -= n;
        at += n;
        if (this.#chunkLeft === 0) this.#chunkState = 'data-end';
        continue;
      }
      const next = this.#readLine(data, at);
      if (next < 0) return;
      at = next;
      const line = this.#line;
      this.#line = '';
      if (this.#chunkState === 'size') {
        const size = line.split(';')[0]!.trim();
        if (!/^[0-9a-fA-F]{1,12}$/.test(size)) throw new ResponseFormatError('bad chunk size', line.slice(0, 40));
        this.#chunkLeft = parseInt(size, 16);
        this.#chunkState = this.#chunkLeft === 0 ? 'trailer' : 'data';
      } else if (this.#chunkState === 'data-end') {
        if (line !== '') throw new ResponseFormatError('chunk data longer than its size');
        this.#chunkState = 'size';
      } else if (line === '') {
        // The blank line after the trailer fields (dropped): the response is complete.
        this.#done = true;
        this.extra += data.length - at;
        return;
      }
    }
  }
}
