import { fork } from 'node:child_process';
import OpenAI from 'openai';
const child = fork('dist/bench/llm-endpoint.js', ['20']);
const port = await new Promise<number>((r) => child.once('message', (m: any) => r(m.port)));
const base = `http://127.0.0.1:${port}`;
const stats = async () => (await (await fetch(`${base}/stats`)).json()) as { count: number; heldMs: number };
const body = { model: 'm', messages: [{ role: 'system', content: 'x'.repeat(3000) }, { role: 'user', content: ('<record rank="1">\nURL: https://a.example/x\nTitle: T\nSite: s\nDate: N/A\nPassages:\n- hello world passage\n</record>\n\n').repeat(10) + '**Action:**\nweb_search {"query":"q"}' }] };
const c = new OpenAI({ baseURL: `${base}/v1`, apiKey: 'x', maxRetries: 0 });
for (const mode of ['sdk', 'fetch', 'sdk', 'fetch']) {
  const s0 = await stats(); const cpu0 = process.cpuUsage(); const t0 = performance.now();
  const n = 100;
  for (let i = 0; i < n; i++) {
    if (mode === 'sdk') await c.chat.completions.create(body as any, { timeout: 60000 });
    else await (await fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  }
  const wall = performance.now() - t0; const cpu = process.cpuUsage(cpu0); const s1 = await stats();
  console.log(mode, 'wall/call', (wall / n).toFixed(2), 'held/call', ((s1.heldMs - s0.heldMs) / n).toFixed(2), 'overhead', ((wall - (s1.heldMs - s0.heldMs)) / n).toFixed(2), 'cpu/call ms', ((cpu.user + cpu.system) / 1000 / n).toFixed(2));
}
child.disconnect();
