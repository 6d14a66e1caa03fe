/**
 * `--show-meta` of `search` and `open`: one line on stderr per call, after the observation (which stays
 * on stdout, unchanged): the tool, the call index, the renderer that answered (a world model, its cache,
 * "template:fallback:<reason>", or "world" for a page), why a world model fell back, the timings, and
 * any simulated latency and perturbations. key=value, values with spaces as JSON strings.
 */
import type { ToolMeta } from '../search/call-tool.js';

const ms = (v: number) => v.toFixed(1);
/** A value as key=value shows it: bare when it has no space or quote, else as a JSON string. */
const shown = (v: string) => (/^[^\s"]+$/.test(v) ? v : JSON.stringify(v));

/** `--show-meta`'s line: `meta: tool=web_search call=0 renderer=llm total_ms=… …`. */
export function formatMeta(meta: ToolMeta): string {
  const fields: [string, string][] = [
    ['tool', meta.tool],
    ['call', String(meta.callIndex)],
    ['renderer', meta.renderer],
  ];
  if (meta.fallbackReason) fields.push(['fallback', meta.fallbackReason]);
  fields.push(['total_ms', ms(meta.timings.totalMs)], ['retrieve_ms', ms(meta.timings.retrieveMs)], ['render_ms', ms(meta.timings.renderMs)]);
  if (meta.latencyMs > 0) fields.push(['latency_ms', String(meta.latencyMs)], ['slept', meta.slept ? 'yes' : 'no']);
  if (meta.perturbations.length > 0) fields.push(['perturbations', meta.perturbations.join(',')]);
  return `meta: ${fields.map(([k, v]) => `${k}=${shown(v)}`).join(' ')}\n`;
}
