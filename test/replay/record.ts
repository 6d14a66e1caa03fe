/** Record the replay corpus (see script.ts): `npx tsx test/replay/record.ts`. */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { runReplayScript } from './script.js';

const corpus = await runReplayScript();
const out = fileURLToPath(new URL('./corpus.json.gz', import.meta.url));
writeFileSync(out, gzipSync(JSON.stringify(corpus)));
console.log(`${corpus.records.length} observations over ${Object.keys(corpus.worlds).length} worlds written to ${out}`);
