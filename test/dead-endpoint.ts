/**
 * An OpenAI-style base URL where nothing listens: a loopback port bound and closed again, so a request
 * there is refused at once (ECONNREFUSED). Not port 9 ("discard"): fetch refuses that one itself ("bad port").
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

export async function deadEndpoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
