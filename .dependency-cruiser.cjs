/**
 * The layers of src/, checked by dependency-cruiser (`npx depcruise src`; test/layers.test.ts runs it).
 *
 *   text, errors, util        leaves: import nothing of the project (text may use errors and the cache helper)
 *   search                    the search core: sessions, ranking, snippets, call-tool. It loads neither the
 *                             leakage guard, nor a world model, nor anything that serves or audits it
 *   leakage                   the guard: reads the search core's types, never the renderers
 *   render                    the template (light) and render/llm (the world model: HTTP client, cache,
 *                             prompts), which only the top layers load statically; render/renderer.ts
 *                             loads it with import() when a world model is asked for by name
 *   compose.ts                the composition root: the Session with its default guard
 *   oracle                    the oracle searcher reads observations only; its batch driver opens worlds
 *   cli, server, audit        the top: they wire everything
 *
 * Type-only imports are allowed across layers where a rule says so (they load nothing at run time).
 */
const TYPE_ONLY = ['type-only'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No cycle of run-time imports among src/ modules (cycles through type-only imports load nothing and are allowed).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, dependencyTypesNot: TYPE_ONLY, viaOnly: { dependencyTypesNot: TYPE_ONLY } },
    },
    {
      name: 'text-is-a-leaf',
      comment: 'The text forms (src/text/, src/text.ts) import nothing of the project but errors.ts and the bounded-cache helper.',
      severity: 'error',
      from: { path: '^src/text([.]ts$|/)' },
      to: { path: '^src/', pathNot: '^src/(errors[.]ts|util/bounded-cache[.]ts|text([.]ts$|/))' },
    },
    {
      name: 'leakage-not-render',
      comment: 'The guard does not import the renderers: what both need (resultFromHit) lives in src/search/.',
      severity: 'error',
      from: { path: '^src/leakage/' },
      to: { path: '^src/render/' },
    },
    {
      name: 'search-core-alone',
      comment:
        'The search core loads neither the guard, nor a world model, nor the composition root, nor anything that serves, audits or drives it: ' +
        'the guard and renderer are injected (src/compose.ts wires the defaults).',
      severity: 'error',
      from: { path: '^src/search/' },
      to: { path: ['^src/leakage/', '^src/render/llm/', '^src/(server|cli|audit|oracle)/', '^src/compose[.]ts$'], dependencyTypesNot: TYPE_ONLY },
    },
    {
      name: 'world-model-from-the-top',
      comment:
        'Only the top layers (cli, server, audit, the reference agent), the composition root and the package entry import the world-model renderer statically; ' +
        'render/renderer.ts loads it with import() on demand.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/(cli|server|audit|agent|render/llm)/', '^src/(compose|index)[.]ts$'] },
      to: { path: '^src/render/llm/', dependencyTypesNot: [...TYPE_ONLY, 'dynamic-import'] },
    },
    {
      name: 'oracle-reads-observations',
      comment:
        'No oracle module but the drivers (batch.ts, run-task.ts, generation.ts) imports the database, the world index, sessions, call-tool, the guard, the tasks or the ' +
        "generator (world/types.ts, the Reading a question is read into (tasks/families/reading.ts) and the question language that reads a question's text (tasks/questions/) aside): the oracle searcher knows a world only by what the tools show it. Type-only imports count too.",
      severity: 'error',
      from: { path: '^src/oracle/', pathNot: '^src/oracle/(batch|run-task|generation)[.]ts$' },
      to: {
        path: [
          'node_modules/(@types/)?better-sqlite3/',
          '^src/db/',
          '^src/search/(world-index|session|call-tool)[.]ts$',
          '^src/compose[.]ts$',
          '^src/leakage/',
          '^src/tasks/',
          '^src/world/',
        ],
        pathNot: ['^src/world/types[.]ts$', '^src/tasks/families/reading[.]ts$', '^src/tasks/questions/'],
      },
    },
    {
      name: 'audit-judge-apart-from-the-guard',
      comment:
        "The audit's independent judge (independent-judge.ts and the answer forms it matches) is built apart from the guard: it reaches nothing of src/leakage/, directly or through what it imports (the scorer, the text readers), type-only imports included.",
      severity: 'error',
      from: { path: '^src/audit/(independent-judge|answer-forms)[.]ts$' },
      to: { path: '^src/leakage/', reachable: true },
    },
    {
      name: 'audit-probe-reads-observations',
      comment:
        "The audit's probe (probe.ts) applies the independent judge to what the tools return and reads the guard's label from the call's metadata: it imports nothing of src/leakage/ itself (the session it searches in carries the guard).",
      severity: 'error',
      from: { path: '^src/audit/probe[.]ts$' },
      to: { path: '^src/leakage/' },
    },
    {
      name: 'resolvable',
      comment: 'Every import resolves (an unresolved one would slip past the rules above); the bin shim imports the build output.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/bin/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
