/**
 * Reading a JSON request body with a byte cap: too large is 413, not JSON is 400, never a parser's own
 * text. On a real socket the body is read from Node's IncomingMessage directly (building a web stream
 * for each request costs more than the rest of the read); in-process (tests) from the Request.
 */
import type { IncomingMessage } from 'node:http';
import { FictionError } from '../errors.js';

export interface BodySource {
  req: Request;
  /** The Node request under `req`, when served by @hono/node-server. */
  incoming?: IncomingMessage | undefined;
}

export async function readJsonBody(src: BodySource, maxBytes: number): Promise<unknown> {
  // Node's own header (when there is one) spares building the web Headers of the request.
  const declared = src.incoming ? (src.incoming.headers['content-length'] ?? null) : src.req.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  const text = src.incoming && !src.incoming.readableEnded && src.incoming.readable ? await readIncoming(src.incoming, maxBytes) : await readWeb(src.req, maxBytes);
  if (text.trim() === '') throw new FictionError('BAD_INPUT', 'the request body is empty: send a JSON object');
  try {
    return JSON.parse(text);
  } catch {
    throw new FictionError('BAD_INPUT', 'the request body is not valid JSON');
  }
}

/** The JSON body, which must be an object. */
export async function readJsonObject(src: BodySource, maxBytes: number): Promise<Record<string, unknown>> {
  const value = await readJsonBody(src, maxBytes);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new FictionError('BAD_INPUT', 'the request body must be a JSON object');
  return value as Record<string, unknown>;
}

function tooLarge(maxBytes: number): FictionError {
  return new FictionError('TOO_LARGE', `the request body is larger than ${maxBytes} bytes`);
}

function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('aborted', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        incoming.resume(); // discard the rest; the 413 closes the connection
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      // Most bodies arrive in one chunk: decode it as it is, without a concatenated copy.
      resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8'));
    };
    const onError = () => {
      cleanup();
      reject(new FictionError('BAD_INPUT', 'the request body could not be read'));
    };
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onError);
    incoming.once('aborted', onError);
  });
}

async function readWeb(req: Request, maxBytes: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof FictionError) throw e;
    throw new FictionError('BAD_INPUT', 'the request body could not be read');
  }
  return Buffer.concat(chunks).toString('utf8');
}
