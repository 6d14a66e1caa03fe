import { fork } from 'node:child_process';
import http from 'node:http';
import OpenAI from 'openai';
const child = fork('dist/bench/llm-endpoint.js', ['20']);
const port = await new Promise<number>((r) => child.once('message', (m: any) => r(m.port)));
const base = `http://127.0.0.1:${port}`;
const stats = async () => (await (await fetch(`${base}/stats`)).json()) as { count: number; heldMs: number };
const body = { model: 'm', messages: [{ role: 'system', content: 'x'.repeat(3000) }, { role: 'user', content: ('<record rank="1">\nURL: https://a.example/x\nTitle: T\nSite: s\nDate: N/A\nPassages:\n- hello world passage\n</record>\n\n').repeat(10) + '**Action:**\nweb_search {"query":"q"}' }] };
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
async function httpFetch(url: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const u = new URL(String(url));
  const payload = typeof init.body === 'string' ? init.body : '';
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => { headers[k] = v; });
    headers['content-length'] = String(Buffer.byteLength(payload));
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: h }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
    req.end(payload);
  });
}
const c = new OpenAI({ baseURL: `${base}/v1`, apiKey: 'x', maxRetries: 0 });
const c2 = new OpenAI({ baseURL: `${base}/v1`, apiKey: 'x', maxRetries: 0, fetch: httpFetch as any });
for (const mode of ['sdk', 'sdk-http', 'http', 'sdk', 'sdk-http', 'http']) {
  const s0 = await stats(); const cpu0 = process.cpuUsage(); const t0 = performance.now();
  const n = 100;
  for (let i = 0; i < n; i++) {
    if (mode === 'sdk') await c.chat.completions.create(body as any, { timeout: 60000 });
    else if (mode === 'sdk-http') await c2.chat.completions.create(body as any, { timeout: 60000 });
    else await (await httpFetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  }
  const wall = performance.now() - t0; const cpu = process.cpuUsage(cpu0); const s1 = await stats();
  console.log(mode.padEnd(9), 'wall/call', (wall / n).toFixed(2), 'held/call', ((s1.heldMs - s0.heldMs) / n).toFixed(2), 'overhead', ((wall - (s1.heldMs - s0.heldMs)) / n).toFixed(2), 'cpu/call ms', ((cpu.user + cpu.system) / 1000 / n).toFixed(2));
}
child.disconnect();
