/**
 * The trainer record of `tasks export`, declared once: the TypeScript type, the JSON Schema
 * (schemas/task-record.schema.json, checked equal to `taskRecordJsonSchema()` by a test) and the
 * Parquet schema (parquet-schema.ts) all derive from this declaration.
 *
 * Field names are veRL's (verl/utils/dataset/rl_dataset.py reads `data_source`, `prompt`, `ability`,
 * `reward_model.ground_truth`, `extra_info` with `index`, `tools_kwargs`, `need_tools_kwargs`).
 * `ground_truth` is a struct whose `target` list (the answer text and its aliases) is what veRL's
 * search-R1 scorer reads (verl/utils/reward_score/search_r1_like_qa_em.py, `ground_truth["target"]`);
 * beside it is everything our scorer reads. Every record has the same types, with no free-form
 * objects, so it is one Arrow/Parquet type: the gold rows stay a JSON string (`answer`), since their
 * cells mix types.
 */
import { z } from 'zod';
import { WEB_EXTRACTOR, WEB_SEARCH } from '../tools/definitions.js';
import { TASK_KINDS } from '../world/types.js';
import { Difficulty } from './certificate/schema.js';

const count = (min: number, description: string) => z.int().min(min).max(2_147_483_647).describe(description);
const strings = (description: string) => z.array(z.string()).describe(description);

const createKwargs = z
  .object({
    create_kwargs: z
      .object({ world: z.string().describe('World id.'), task: z.string().describe('Task id.') })
      .describe("What the fictionworld veRL tool's create() binds its session to."),
  })
  .describe('veRL multi-turn: passed to the tool as create(create_kwargs=…).');

export const ANSWER_TYPES = ['text', 'integer', 'real', 'date', 'entity', 'list', 'table'] as const;

export const groundTruthSchema = z
  .object({
    target: strings("The answer text and its aliases: what veRL's search-R1 exact-match scorer compares with (ground_truth['target'])."),
    answer: z.string().regex(/^\[\[/).describe("The task's answer: a JSON array of rows, each an array of cells (what the task's SQL returns)."),
    answer_type: z.enum(ANSWER_TYPES),
    answer_text: z.string().describe('The answer in human form (a Markdown table for tables).'),
    columns: strings('Header names, for table and list answers; else empty.'),
    key_columns: strings('Columns that identify a row of a table answer.'),
    tolerance: z.number().min(0).describe('Relative tolerance for numbers (0 = exact).'),
    aliases: strings('Accepted alternative answers.'),
  })
  .describe('Everything the scorer reads; score with POST /v1/score, `fictionworld score` or the Python reward function.');

export const taskRecordSchema = z
  .object({
    data_source: z.string().min(1).describe('"fictionworld" unless exported with --data-source.'),
    prompt: z
      .array(z.object({ role: z.enum(['system', 'user']), content: z.string().min(1) }))
      .min(2)
      .max(2)
      .describe('Chat messages: a system message describing the tools and the <answer> convention, then the question.'),
    ability: z.literal('search'),
    reward_model: z.object({ style: z.literal('rule'), ground_truth: groundTruthSchema }),
    extra_info: z.object({
      split: z.string().describe('The split\'s name, or "all" without --split.'),
      index: count(0, 'Position of the record in its file.'),
      world_id: z.string().regex(/^w[0-9]+-[0-9]{6,}$/),
      world_sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .describe(
          'sha256 of the world file the task was exported from (its `sha256` in index.jsonl): a world id names this world only while its file has this hash.',
        ),
      theme: z.string(),
      task_id: z.string(),
      kind: z.enum(TASK_KINDS),
      question: z.string(),
      difficulty: Difficulty.describe("Derived from the task's certificate (pages needed, hops, constraints, width), not from its kind."),
      hops: count(1, 'Searches in a chain: the links the certificate counts, plus the last read.'),
      pages_needed: count(0, "The fewest pages that state the task's evidence (a set cover over the provenance)."),
      constraints: count(0, 'Constraints the question states.'),
      width: count(1, 'Answer cells (rows x columns) of a table answer; 1 otherwise.'),
      oracle_calls: count(0, "Tool calls of the reference oracle's plan when it solved the task at generation (0 when no prover ran)."),
      prompt_version: count(1, 'Version of the system prompt wording.'),
      need_tools_kwargs: z.literal(true),
      tools_kwargs: z
        .object({ [WEB_SEARCH]: createKwargs, [WEB_EXTRACTOR]: createKwargs })
        .describe(
          "Per-tool create_kwargs, keyed by the tool names of python/examples/verl_tool_config.yaml: the world and task a rollout's session is bound to.",
        ),
    }),
  })
  .meta({
    title: 'fictionworld trainer record (tasks export)',
    description:
      'One record per task of `tasks export` (a Parquet row, an element of the JSON array, or a JSONL line), in the field names veRL reads. Every record has the same types.',
  });

export type TaskRecord = z.infer<typeof taskRecordSchema>;
export type GroundTruth = z.infer<typeof groundTruthSchema>;

export const TASK_RECORD_SCHEMA_ID = 'https://fictionworld.example/schemas/task-record.schema.json';

/** The JSON Schema of a record, as schemas/task-record.schema.json holds it. */
export function taskRecordJsonSchema(): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(taskRecordSchema) as Record<string, unknown>;
  return { $schema, $id: TASK_RECORD_SCHEMA_ID, ...rest };
}
