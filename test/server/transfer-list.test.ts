import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { transferList } from '../../src/server/transfer-list.js';

describe('transferList', () => {
  it('takes the buffer of each byte reply once, and nothing else', () => {
    const a = new TextEncoder().encode('Results for "x"');
    const b = new TextEncoder().encode('');
    const shared = new Uint8Array(16);
    const part = shared.subarray(4, 8);
    const list = transferList([
      { ok: true, value: a },
      { ok: true, value: a },
      { ok: true, value: b },
      { ok: true, value: part },
      { ok: true, value: 'a string body' },
      { ok: true, value: { docs: [] } },
      { ok: false },
    ]);
    expect(list).toEqual([a.buffer, b.buffer]);
    expect(list[0]).toBe(a.buffer);
  });

  it('moves the bytes with the message: the sender keeps none, the receiver gets them whole', async () => {
    const { port1, port2 } = new MessageChannel();
    try {
      const body = new TextEncoder().encode('Snippet: ünïcödé 日本 🙂');
      const replies = [{ seq: 1, ok: true, value: body }];
      const got = new Promise<{ replies: { value: Uint8Array }[] }>((resolve) => port2.once('message', resolve));
      port1.postMessage({ replies }, transferList(replies));
      expect(body.byteLength).toBe(0); // detached: moved, not copied
      expect(new TextDecoder().decode((await got).replies[0]!.value)).toBe('Snippet: ünïcödé 日本 🙂');
    } finally {
      port1.close();
      port2.close();
    }
  });
});
