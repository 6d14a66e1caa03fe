import { describe, expect, it } from 'vitest';
import { MAX_HEAD_BYTES, ResponseFormatError, ResponseReader } from '../../../src/render/llm/http1-response.js';

/** Feed `text` to a reader cut at the given offsets; then, when `close`, the connection's end. */
function read(text: string | Buffer, cuts: number[] = [], opts: { head?: boolean; close?: boolean } = {}) {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
  const reader = new ResponseReader(opts.head ?? false);
  let from = 0;
  let done = false;
  for (const at of [...cuts, bytes.length]) {
    if (at <= from) continue;
    done = reader.feed(bytes.subarray(from, at));
    from = at;
  }
  if (opts.close) {
    reader.end();
    done = reader.done;
  }
  return { reader, done, body: done ? reader.body()?.toString('utf8') ?? null : undefined };
}

/** Every way of cutting `text` in two, and a cut at every byte. */
function everySplit(text: string, check: (r: ReturnType<typeof read>) => void, opts: { close?: boolean } = {}) {
  for (let i = 0; i <= text.length; i++) check(read(text, [i], opts));
  check(read(text, Array.from({ length: text.length }, (_, i) => i), opts));
}

const CL = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nX-Request-Id: r1\r\n\r\n{"a":"b c"}';
const CHUNKED = 'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n4;ext=1\r\n{"a"\r\n7\r\n:"b c"}\r\n0\r\nX-Trailer: t\r\n\r\n';

describe('http1 response: framing', () => {
  it('reads a Content-Length body however the bytes are cut', () => {
    everySplit(CL, (r) => {
      expect(r.done).toBe(true);
      expect(r.body).toBe('{"a":"b c"}');
      expect(r.reader.head).toMatchObject({ status: 200, statusText: 'OK', keepAlive: true, keepAliveMs: undefined });
      expect(r.reader.head!.headers['x-request-id']).toEqual(['r1']);
      expect(r.reader.extra).toBe(0);
    });
  });

  it('reads a chunked body (extensions and trailers dropped) however the bytes are cut', () => {
    everySplit(CHUNKED, (r) => {
      expect(r.done).toBe(true);
      expect(r.body).toBe('{"a":"b c"}');
      expect(r.reader.head!.status).toBe(201);
      expect(r.reader.head!.keepAlive).toBe(true);
    });
  });

  it('is not done before the last byte', () => {
    for (const text of [CL, CHUNKED]) {
      const reader = new ResponseReader(false);
      expect(reader.feed(Buffer.from(text.slice(0, -1), 'latin1'))).toBe(false);
      expect(reader.feed(Buffer.from(text.slice(-1), 'latin1'))).toBe(true);
    }
  });

  it('keeps UTF-8 bodies byte for byte, even cut inside a character', () => {
    const body = Buffer.from('{"s":"Zentria — 日本 😀"}', 'utf8');
    const text = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`, 'latin1'), body]);
    for (let i = 0; i <= text.length; i++) expect(read(text, [i]).body).toBe(body.toString('utf8'));
  });

  it('skips interim 1xx responses', () => {
    everySplit(`HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n${CL}`, (r) => {
      expect(r.body).toBe('{"a":"b c"}');
      expect(r.reader.head!.status).toBe(200);
      expect(r.reader.head!.headers.link).toBeUndefined();
    });
  });

  it('has no body for HEAD, 204 and 304, whatever their fields say', () => {
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n', [], { head: true })).toMatchObject({ done: true, body: null });
    expect(read('HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n')).toMatchObject({ done: true, body: null });
    expect(read('HTTP/1.1 304 Not Modified\r\nTransfer-Encoding: chunked\r\n\r\n')).toMatchObject({ done: true, body: null });
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n')).toMatchObject({ done: true, body: '' });
  });

  it('reads a body without a length to the close, and then does not reuse the connection', () => {
    const text = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end';
    everySplit(text, (r) => {
      expect(r.done).toBe(true);
      expect(r.body).toBe('until the end');
      expect(r.reader.head!.keepAlive).toBe(false);
    }, { close: true });
    expect(read(text).done).toBe(false);
    // A last coding other than chunked is also read to the close.
    expect(read('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nxyz', [], { close: true })).toMatchObject({ done: true, body: 'xyz' });
  });

  it('reads Transfer-Encoding over Content-Length, or a coding in HTTP/1.0, and then does not reuse the connection', () => {
    const both = read('HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n');
    expect(both).toMatchObject({ done: true, body: 'ok' });
    expect(both.reader.head!.keepAlive).toBe(false);
    const old = read('HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n');
    expect(old).toMatchObject({ done: true, body: 'ok' });
    expect(old.reader.head!.keepAlive).toBe(false);
  });

  it('counts bytes after the end of the response (the connection is then not reused)', () => {
    expect(read(`${CL}HTTP/1.1 200`).reader.extra).toBe(12);
    expect(read(`${CHUNKED}x`).reader.extra).toBe(1);
    expect(read('HTTP/1.1 204 No Content\r\n\r\nzz').reader.extra).toBe(2);
  });
});

describe('http1 response: fields', () => {
  it('reads keep-alive from the version and Connection, and the Keep-Alive timeout hint', () => {
    const head = (t: string) => read(`${t}\r\n\r\n`.replace('\r\n\r\n\r\n', '\r\n\r\n'), [], { close: true }).reader.head!;
    expect(head('HTTP/1.1 204 No Content\r\nConnection: Close')).toMatchObject({ keepAlive: false });
    expect(head('HTTP/1.1 204 No Content\r\nConnection: upgrade, close')).toMatchObject({ keepAlive: false });
    expect(head('HTTP/1.0 204 No Content')).toMatchObject({ keepAlive: false });
    expect(head('HTTP/1.0 204 No Content\r\nConnection: Keep-Alive\r\nKeep-Alive: timeout=5, max=100')).toMatchObject({ keepAlive: true, keepAliveMs: 5000 });
    expect(head('HTTP/1.1 204 No Content\r\nKeep-Alive: timeout=2')).toMatchObject({ keepAlive: true, keepAliveMs: 2000 });
  });

  it('keeps repeated fields in order, names lower-case, folded lines joined, and an empty reason', () => {
    const r = read('HTTP/1.1 200\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nX-Long: one\r\n  two\r\nContent-Length: 0\r\n\r\n');
    expect(r.reader.head!.statusText).toBe('');
    expect(r.reader.head!.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(r.reader.head!.headers['x-long']).toEqual(['one two']);
    // Repeated equal lengths are one length.
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok').body).toBe('ok');
  });
});

describe('http1 response: malformed input throws', () => {
  const bad: [string, string][] = [
    ['not http', 'garbage\r\n\r\n'],
    ['HTTP/2 status line', 'HTTP/2 200 OK\r\n\r\n'],
    ['bad field line', 'HTTP/1.1 200 OK\r\nno colon here\r\n\r\n'],
    ['field name with a space', 'HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n'],
    ['fold before any field', 'HTTP/1.1 200 OK\r\n folded\r\n\r\n'],
    ['a lone LF inside a field line', 'HTTP/1.1 200 OK\r\nX-A: 1\nX-B: 2\r\nContent-Length: 0\r\n\r\n'],
    ['two different lengths', 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc'],
    ['negative length', 'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n'],
    ['bad chunk size', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
    ['chunk longer than its size', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n'],
    ['chunk line without CR', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\nab\r\n'],
    ['switching protocols', 'HTTP/1.1 101 Switching Protocols\r\n\r\n'],
    ['a status under 100', 'HTTP/1.1 099 Odd\r\nContent-Length: 0\r\n\r\n'],
    ['a length past the limit', 'HTTP/1.1 200 OK\r\nContent-Length: 999999999999\r\n\r\n'],
  ];
  for (const [name, text] of bad) {
    it(name, () => {
      expect(() => read(text)).toThrow(ResponseFormatError);
    });
  }

  it('never quotes the server\'s bytes in its message (a caller may read its words), only in `sample`', () => {
    for (const text of ['HTTP/1.1 200 timed out\r\nKeep-Alive : timeout=5\r\n\r\n', 'timed out\r\n\r\n', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\ntimed out\r\n']) {
      let err: ResponseFormatError | undefined;
      try {
        read(text);
      } catch (e) {
        err = e as ResponseFormatError;
      }
      expect(err).toBeInstanceOf(ResponseFormatError);
      expect(err!.message).not.toMatch(/timed? ?out/i);
      expect(err!.sample).toMatch(/timed? ?out|timeout/);
    }
  });

  it('a head that never ends, past its limit', () => {
    const reader = new ResponseReader(false);
    expect(() => {
      reader.feed(Buffer.from('HTTP/1.1 200 OK\r\n'));
      for (let i = 0; i <= MAX_HEAD_BYTES / 1024; i++) reader.feed(Buffer.from(`X-Pad: ${'p'.repeat(1016)}\r\n`));
    }).toThrow(/head too large/);
  });

  it('a connection closed before the response ended, or before any response', () => {
    expect(() => read(CL.slice(0, -3), [], { close: true })).toThrow(/before the response ended/);
    expect(() => read(CHUNKED.slice(0, -2), [], { close: true })).toThrow(/before the response ended/);
    expect(() => read('HTTP/1.1 200 O', [], { close: true })).toThrow(/before a response/);
  });
});
