/**
 * bench:load's floor: a bare node:http server on 127.0.0.1 that reads each request's body, parses it
 * as JSON (as every tool route does) and answers `bodyBytes` bytes of text. No routing, sessions, search
 * or worker threads: what serving HTTP alone costs on this machine, driven by the same load generator.
 *
 *   node dist/bench/load-floor.js <bodyBytes>     (prints "listening on <url>")
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = 'x'.repeat(Math.max(1, Number(process.argv[2] ?? 3000)));
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    } catch {
      /* the floor answers whatever it gets */
    }
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
