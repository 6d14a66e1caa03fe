/** MCP SDK clients for the tests: over stdio (a spawned `fictionworld mcp`) and over streamable HTTP. */
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const REPO = resolve(import.meta.dirname, '../..');
export const MAIN = resolve(REPO, 'src/cli/main.ts');

export interface ToolOutcome {
  text: string;
  structured: unknown;
  isError: boolean;
}

export interface McpClient {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<ToolOutcome>;
  stderr(): string;
  close(): Promise<void>;
}

function wrap(client: Client, close: () => Promise<void>, stderr: () => string = () => ''): McpClient {
  return {
    client,
    stderr,
    close,
    async call(name, args) {
      const r = await client.callTool({ name, arguments: args });
      const content = r.content as { type: string; text: string }[];
      return { text: content.map((c) => c.text).join(''), structured: r.structuredContent, isError: r.isError === true };
    },
  };
}

/** Spawn `node --import tsx src/cli/main.ts mcp …args` and connect to it over stdio. */
export async function stdioClient(args: string[]): Promise<McpClient> {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', MAIN, 'mcp', ...args], cwd: REPO, stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => void (err += d.toString()));
  const client = new Client({ name: 'fictionworld-test', version: '0' });
  await client.connect(transport);
  return wrap(
    client,
    () => client.close(),
    () => err,
  );
}

/** Connect to `url` (an /mcp endpoint) over streamable HTTP. */
export async function httpClient(url: string): Promise<McpClient> {
  const client = new Client({ name: 'fictionworld-test', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return wrap(client, () => client.close());
}
