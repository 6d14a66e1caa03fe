/** The fictionworld library: re-exports only. */
export { FictionError, isFictionError, HTTP_STATUS, type ErrorCode } from './errors.js';
export { Rng, hash32 } from './rng.js';

// Worlds
export { generateWorld, type GenerateOptions } from './world/generate.js';
export { generateBatch, parseShard, type BatchOptions, type BatchSummary, type BatchProgress, type Shard } from './world/batch.js';
export { validateDir, validateFile, type ValidateReport } from './world/validate.js';
export { inspectWorld, type WorldSummary } from './world/inspect.js';
export { checkWorld } from './world/consistency.js';
export { readManifest, type ManifestEntry } from './world/manifest.js';
export { writeWorld, type WrittenWorld } from './db/write.js';
export { openWorld, type OpenWorld } from './db/open.js';
export { loadWorld, loadTasks, loadFacts } from './db/load.js';
export { locateWorld, isWorldId } from './db/locate.js';
export { listThemes, getTheme, registerTheme } from './themes/registry.js';
export type { ThemeDef } from './themes/_define.js';
export type { WorldData, Task, Fact, Document, Passage, TaskKind } from './world/types.js';

// Search simulator
export { callTool, callToolSync, type ToolResult, type ToolMeta, type CallOptions } from './search/call-tool.js';
export { createSession } from './compose.js';
export { Session, DEFAULT_HISTORY_LIMIT, DEFAULT_HISTORY_CHARS, type SessionOptions, type HistoryEntry, type HistoryReader } from './search/session.js';
export { createSearchWorld, SearchWorld, FIRST_PASSAGE_LIMIT } from './search/world-index.js';
export { prepareQuery, normaliseQueryText, tokenise, buildMatch, MAX_QUERY_CHARS, MAX_QUERY_TOKENS, type PreparedQuery } from './search/query.js';
export { buildSnippet, createSnippetBuilder, cutAtWord, SNIPPET_MAX_CHARS, SNIPPET_FILL_CHARS } from './search/snippet.js';
export { rankPages } from './search/rank-pages.js';
export {
  selectDefault,
  type SearchGuard,
  type GuardView,
  type GuardViewInput,
  type GuardBackstopInput,
  type GuardSelection,
  type GuardDecision,
} from './search/guard-hook.js';
export { parseSearchArgs, parseExtractorArgs, type ToolCall, type SearchArgs, type ExtractorArgs } from './search/tool-args.js';
export { RESULTS_PER_PAGE, SPARE_RESULTS } from './search/web-search.js';
export type { PageRecord, PassageRecord, MatchedPassage, Candidate, Snippet, Hit, RenderedResult, PassageFilter, SnippetBuilder } from './search/types.js';

// Rendering
export {
  createRenderer,
  createRendererSync,
  RENDERERS,
  type Renderer,
  type RendererFactory,
  type RenderSearchInput,
  type RenderSearchOutput,
} from './render/renderer.js';
export { templateRenderer, resultFromHit } from './render/template.js';
export {
  formatSearch,
  formatSearchText,
  formatSearchJson,
  formatPageText,
  formatPageJson,
  NO_RESULTS,
  type ObservationError,
  type FaultType,
  type QueryBlock,
  type SearchObservationJson,
  type SearchQueryJson,
  type SearchResultJson,
  type PageObservationJson,
} from './render/observation.js';

// Perturbations
export {
  parseProfile,
  loadProfile,
  isProfileOff,
  NO_PERTURBATION,
  PRESETS,
  PROFILE_FIELDS,
  TRANSIENT_KINDS,
  type PerturbationProfile,
  type TransientKind,
} from './perturb/profile.js';

// Leakage guard and audit
export { fold } from './text/fold.js';
export {
  createDetector,
  createValueDetector,
  createFactDetector,
  answerItems,
  type Detector,
  type Detection,
  type AnswerItem,
  type ValueSpec,
} from './leakage/detector.js';
export { findNumbers, numberMatch, type NumberReading, type NumberMention } from './text/numbers.js';
export { findDates, type DateReading, type DateMention } from './text/dates.js';
export { createLeakGuard, guardChanges, type GuardChange } from './leakage/guard.js';
export { guardContext, GuardContext, type Exposure } from './leakage/guard-context.js';
export { classifyQuery, RELATED_TOP_K, type Relatedness } from './leakage/relatedness.js';
export { auditWorld, auditWorlds, sampleWorldFiles, type AuditOptions, type WorldAudit, type QueryRecord, type TaskRecord } from './audit/run.js';
export { AuditAccumulator, summarise, type AuditSummary, type Figures } from './audit/figures.js';
export { buildSuites, SUITES, type AuditQuery, type SuiteName } from './audit/suites.js';
export { judgeResults, type LeakFinding } from './audit/judge.js';
export { formatAuditTable } from './audit/report-table.js';
export { auditJson } from './audit/report-json.js';
export { auditHtml } from './audit/report-html.js';

// Solvability and the reference agent loop
export { solveTask, ORACLE_BUDGET, type OracleAnswer } from './oracle/solve.js';
export {
  solveBatch,
  solveWorld,
  summarizeSolves,
  budgetFor,
  SOLVABILITY_TARGET,
  type SolvabilityReport,
  type SolveGroup,
  type TaskSolve,
  type SolveBatchOptions,
} from './oracle/batch.js';
export { oracleView, type OracleTask, type Observation, type ToolFn } from './oracle/oracle-task.js';
export { formatSolvability } from './oracle/report.js';
export { runAgent, DEFAULT_MAX_TURNS, type AgentRun, type AgentRunOptions } from './agent/run-agent.js';
export { createChatModel, type ChatModel, type ChatModelOptions, type AgentMessage, type AssistantTurn, type ToolCallRequest } from './agent/chat-model.js';
export { memorySink, fileSink, type TrajectoryLine, type TrajectorySink, type StopReason } from './agent/trajectory.js';

// Tasks: scoring, export, tools
export { scoreAnswer } from './tasks/score.js';
export { exportTasks, taskRecord } from './tasks/export.js';
export { blindCheck } from './tasks/blind.js';
export { reportTasks, formatTaskReport } from './tasks/report.js';
export { openAiTools, responsesTools, mcpTools, toolDefinitions, webSearchArgs, webExtractorArgs } from './tools/definitions.js';
export { createLlmRenderer, type LlmRendererOptions } from './render/llm/llm-renderer.js';
export { createApp } from './server/app.js';
export { startServer } from './server/listen.js';
export { createServerContext, type ServerOptions } from './server/context.js';
