/**
 * The benchmark's fake world-model endpoint, run as a child process (so its own work never shares the
 * benchmark's event loop): an OpenAI-compatible /chat/completions that waits a fixed latency and answers
 * a grounded observation (each record's first passages). GET /stats reports how many requests it served
 * and the wall time it held each, in order (from the request's first bytes reaching its connection to
 * the response written: this server's own parsing included, latency included), and by the query asked
 * (for calls made several at once), so the benchmark subtracts each call's own; `heldFromHandler` is
 * the same from the request handler on (Node's parsing of the head left out, as through the
 * eleventh session). GET /last gives the last request body (for the bare-request floor).
 *
 *   node dist/bench/llm-endpoint.js <latencyMs>     (sends {port} to its parent over IPC)
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

const latencyMs = Number(process.argv[2] ?? 20);
let count = 0;
let heldMs = 0;
/** The time each request was held, in the order answered (the benchmark sends one at a time). */
const held: number[] = [];
const heldFromHandler: number[] = [];
/** The time the last request for each query was held. */
const byQuery: Record<string, number> = {};
let last = '';

function answer(body: { messages?: { role: string; content: string }[] }): { query: string; content: string } {
  const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
  const action = /\*\*Action:\*\*\nweb_search (.*)$/m.exec(user)?.[1];
  const query = action ? (JSON.parse(action) as { query: string }).query : '';
  const results: string[] = [];
  for (const m of user.matchAll(/<record rank="(\d+)">\n([\s\S]*?)\n<\/record>/g)) {
    const lines = m[2]!.split('\n');
    const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
    const passages = lines.filter((l) => l.startsWith('- ')).map((l) => l.slice(2));
    results.push(`[${m[1]}] ${field('URL')}\nTitle: ${field('Title')}\nSnippet: ${passages.slice(0, 2).join(' ... ') || field('Title')}\nDate: ${field('Date')}`);
  }
  return { query, content: `<think>One result per record.</think>\n<predicted_observation>\nResults for "${query}":\n${results.join('\n\n')}\n</predicted_observation>` };
}

/** When the current request's first bytes reached each connection (requests come one at a time on one). */
const arrived = new WeakMap<Socket, number>();
const idle = new WeakSet<Socket>();

const server = createServer((req, res) => {
  const handled = performance.now();
  const socket = req.socket;
  const started = arrived.get(socket) ?? handled;
  const answered = () => idle.add(socket);
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count, heldMs, held, heldFromHandler, byQuery }));
    answered();
    return;
  }
  if (req.method === 'GET' && req.url === '/last') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(last);
    answered();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    last = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(last);
    const { query, content } = answer(body);
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        id: 'bench', object: 'chat.completion', created: 0, model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      }));
      answered();
      const end = performance.now();
      count++;
      const ms = end - started;
      heldMs += ms;
      held.push(ms);
      heldFromHandler.push(end - handled);
      byQuery[query] = ms;
    }, latencyMs);
  });
});

// A request's first bytes on a connection (this listener runs before the server's parser sees them).
server.on('connection', (socket: Socket) => {
  idle.add(socket);
  socket.prependListener('data', () => {
    if (!idle.has(socket)) return;
    idle.delete(socket);
    arrived.set(socket, performance.now());
  });
});

// Idle keep-alive sockets stay open through the benchmark's phases without requests.
server.keepAliveTimeout = 600_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
