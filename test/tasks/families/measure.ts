/** Family A figures over 50 worlds of seed 11 (not a test): `npx tsx test/tasks/families/measure.ts` (WANT=n drafts asked per world, default 6). */
import { contextOf, themeDb } from './_worlds.js';
import { proofHolds } from './_check.js';
import { grammarProblem } from '../questions/grammar.js';
import { generateWorld } from '../../../src/world/generate.js';
import { drawConstraint, readConstraint } from '../../../src/tasks/families/constraint.js';
import { drawChain, readChain } from '../../../src/tasks/families/chain.js';
import { ATTRIBUTE_FRAMES, SUBJECT_FRAMES, matchEvery } from '../../../src/tasks/questions/asks.js';
import { isDeepStrictEqual } from 'node:util';
const WANT = Number(process.env.WANT ?? 6);
const fams = { constraint: [drawConstraint, readConstraint], chain: [drawChain, readChain] } as const;
const stats: Record<string, any> = {};
const quotes: any[] = [];
for (const f of Object.keys(fams))
  stats[f] = {
    drafts: 0,
    perWorld: [] as number[],
    proof: 0,
    proofN: 0,
    sql: 0,
    read: 0,
    gram: 0,
    frames: { entity: new Set(), value: new Set() },
    ms: 0,
    dirs: {} as any,
    ops: {} as any,
    cons: [] as number[],
    hops: [] as number[],
    zero: 0,
  };
for (let i = 0; i < 50; i++) {
  const data = generateWorld(11, i);
  const db = themeDb(data);
  for (const [f, [draw, read]] of Object.entries(fams)) {
    const s = stats[f];
    const t0 = performance.now();
    const drafts = draw(contextOf(data), WANT);
    s.ms += performance.now() - t0;
    s.drafts += drafts.length;
    s.perWorld.push(drafts.length);
    if (!drafts.length) s.zero++;
    for (const d of drafts) {
      if (d.proof) {
        s.proofN++;
        if (proofHolds(db, d)) s.proof++;
      }
      if (JSON.stringify(db.prepare(d.sql).raw(true).all()) === d.answer) s.sql++;
      if (isDeepStrictEqual(read(d.question, f as never), d.reading)) s.read++;
      else console.log('NOREAD', d.question);
      const g = grammarProblem(d.question);
      if (g) {
        s.gram++;
        console.log('GRAM', g, d.question);
      }
      const fr = [...ATTRIBUTE_FRAMES, ...SUBJECT_FRAMES].find((x) => matchEvery(x.template, d.question).length > 0 && (read as any)(d.question, f) !== null);
      const dir = d.answerType === 'entity' ? 'entity' : 'value';
      s.dirs[dir] = (s.dirs[dir] ?? 0) + 1;
      s.frames[dir].add(fr?.id);
      const walk = (cs: any[]) =>
        cs.forEach((c) => {
          s.ops[c.op] = (s.ops[c.op] ?? 0) + 1;
          if (c.op === 'via') walk(c.target.conditions);
        });
      walk((d.reading as any).target?.conditions ?? (d.reading as any).start?.conditions ?? []);
      s.cons.push(d.constraints);
      s.hops.push(d.hops);
      if (quotes.length < 12 && !quotes.some((q) => q.theme === data.theme.id) && d.hops >= 2)
        quotes.push({
          theme: data.theme.id,
          family: f,
          q: d.question,
          a: d.answerText,
          reading: d.reading,
          constraints: d.constraints,
          hops: d.hops,
          loo: d.proof?.leaveOneOut.map((l) => (db.prepare(l.sql).raw(true).get() as number[])[0]),
        });
    }
  }
  db.close();
}
const hist = (xs: number[]) => Object.fromEntries([...new Set(xs)].sort().map((v) => [v, xs.filter((x) => x === v).length]));
for (const [f, s] of Object.entries(stats))
  console.log(f, {
    worlds: 50,
    want: WANT,
    drafts: s.drafts,
    perWorld: (s.drafts / 50).toFixed(2),
    worldsWithNone: s.zero,
    proofHolds: `${s.proof}/${s.proofN}`,
    sqlAnswers: `${s.sql}/${s.drafts}`,
    readBack: `${s.read}/${s.drafts}`,
    grammarProblems: s.gram,
    framesEntity: [...s.frames.entity],
    framesValue: [...s.frames.value],
    msPerWorld: (s.ms / 50).toFixed(0),
    dirs: s.dirs,
    ops: s.ops,
    constraints: hist(s.cons),
    hops: hist(s.hops),
  });
console.log(JSON.stringify(quotes, null, 1));
