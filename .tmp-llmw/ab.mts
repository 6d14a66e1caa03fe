import { fork } from 'node:child_process';
import http from 'node:http';
import { createOpenAiClient } from '../src/render/llm/client.js';
const child = fork('dist/bench/llm-endpoint.js', ['20']);
const port = await new Promise<number>((r) => child.once('message', (m: any) => r(m.port)));
const user = ('<record rank="1">\nURL: https://a.example/x\nTitle: T\nSite: s\nDate: N/A\nPassages:\n- hello world passage about the Semtus Edge44 which sold 11,621,927 units\n- more text here about things\n</record>\n\n').repeat(10) + '**Action:**\nweb_search {"query":"q"}';
const messages = [{ role: 'system' as const, content: 'x'.repeat(3000) }, { role: 'user' as const, content: user }];
const client = createOpenAiClient({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: null, model: 'm', temperature: 0.6, topP: 0.95, maxTokens: 100, concurrency: 8 });
const body = JSON.stringify({ model: 'm', messages });
const agent = new http.Agent({ keepAlive: true });
const post = () => new Promise<void>((resolve, reject) => {
  const req = http.request({ host: '127.0.0.1', port, path: '/v1/chat/completions', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => { const ch: Buffer[] = []; res.on('data', (c) => ch.push(c)); res.on('end', () => { JSON.parse(Buffer.concat(ch).toString()); resolve(); }); });
  req.on('error', reject); req.end(body);
});
const sdk = () => client.complete({ messages, seed: 1 }, { signal: new AbortController().signal, timeoutMs: 60000 });
const cpuA: number[] = [], cpuB: number[] = [];
for (let i = 0; i < 400; i++) {
  let c = process.cpuUsage(); await post(); let u = process.cpuUsage(c); if (i >= 50) cpuA.push((u.user + u.system) / 1000);
  c = process.cpuUsage(); await sdk(); u = process.cpuUsage(c); if (i >= 50) cpuB.push((u.user + u.system) / 1000);
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log('bare CPU p50', med(cpuA).toFixed(3), 'sdk CPU p50', med(cpuB).toFixed(3));
child.disconnect(); client.close!(); agent.destroy();
