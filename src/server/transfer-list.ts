/**
 * What a compute worker moves to the HTTP thread instead of copying: the buffers of the replies that are
 * HTTP bodies (bytes). As strings, a turn's bodies made a message the HTTP thread rebuilt string by
 * string, and V8 builds every string of a message over 100 KB straight into the old generation; as
 * bytes outside the heap they cost the HTTP thread's collector nothing and are written as they are.
 */

/** A reply of a worker's batch (compute-worker.ts), as far as this needs to know. */
export interface ReplyValue {
  ok: boolean;
  value?: unknown;
}

/**
 * The buffers to transfer with a batch: each byte reply's buffer, once, and only when the bytes fill it
 * (a view on part of a buffer would take the rest with it; such a reply is copied instead).
 */
export function transferList(replies: readonly ReplyValue[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const r of replies) {
    const v = r.ok ? r.value : undefined;
    if (v instanceof Uint8Array && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
  }
  return [...out];
}
