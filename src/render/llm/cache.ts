/**
 * The world model's persistent cache: one small SQLite file (WAL, so several processes can share it)
 * mapping a request key (prompt.ts) to the snippets the model wrote, after they passed the grounding
 * check. A rollout that replays the same calls gets the same results without a request; re-runs cost
 * nothing. Only grounded answers are stored; fallbacks never are (the endpoint may be back next time).
 * Writes are queued and flushed in one transaction on the next turn of the event loop (or when the
 * cache closes), so a call never waits for the disk; a queued answer is already visible to `get`.
 * A cache that cannot be opened or written is never fatal: the renderer works without it.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { FictionError } from '../../errors.js';

/** The model's snippet for each page it wrote, by page URL (absent: the template's snippet). */
export interface CachedAnswer {
  snippets: Record<string, string>;
}

export interface LlmCache {
  get(key: string): CachedAnswer | undefined;
  set(key: string, meta: { model: string; prompt: string; world: string }, answer: CachedAnswer): void;
  readonly size: number;
  /** Write the queued answers now. */
  flush(): void;
  close(): void;
}

const DDL = `CREATE TABLE IF NOT EXISTS llm_cache (
  key TEXT PRIMARY KEY,
  world TEXT NOT NULL,
  model TEXT NOT NULL,
  prompt TEXT NOT NULL,
  answer TEXT NOT NULL
) WITHOUT ROWID`;

const PAGE_BYTES = 32_768;

/** The SQLite cache at `path` (":memory:" for one that lives as long as the process). */
export function openLlmCache(path: string): LlmCache {
  let db: Database.Database;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
    // A new file gets 32 KB pages: an answer (10 snippets, 3–4 KB) then fits in its b-tree cell. A value
    // that spills into overflow pages is read from the file again on every lookup (SQLite reads overflow
    // pages around its page cache), which made a hit cost several reads. No effect on an existing file.
    db.pragma(`page_size = ${PAGE_BYTES}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 2000');
    db.exec(DDL);
  } catch (e) {
    throw new FictionError('IO', `cannot open the llm cache ${path}: ${(e as Error).message.split('\n')[0]}`, { cause: e });
  }
  const getStmt = db.prepare('SELECT answer FROM llm_cache WHERE key = ?').pluck();
  const setStmt = db.prepare('INSERT OR REPLACE INTO llm_cache (key, world, model, prompt, answer) VALUES (?, ?, ?, ?, ?)');
  const countStmt = db.prepare('SELECT count(*) FROM llm_cache').pluck();
  const pending = new Map<string, [string, string, string, string, string]>();
  let scheduled: NodeJS.Immediate | undefined;
  const writeAll = db.transaction((rows: [string, string, string, string, string][]) => {
    for (const row of rows) setStmt.run(...row);
  });
  const flush = () => {
    scheduled = undefined;
    if (pending.size === 0 || !db.open) return;
    const rows = [...pending.values()];
    try {
      writeAll(rows);
    } catch {
      /* a cache that cannot be written is not fatal: the answers are simply not kept */
    }
    pending.clear();
  };
  return {
    get(key) {
      const queued = pending.get(key);
      const text = queued ? queued[4] : (getStmt.get(key) as string | undefined);
      if (text === undefined) return undefined;
      try {
        const v = JSON.parse(text) as CachedAnswer;
        return v && typeof v.snippets === 'object' && v.snippets !== null ? v : undefined;
      } catch {
        return undefined;
      }
    },
    set(key, meta, answer) {
      pending.set(key, [key, meta.world, meta.model, meta.prompt, JSON.stringify(answer)]);
      scheduled ??= setImmediate(flush);
    },
    get size() {
      flush();
      return countStmt.get() as number;
    },
    flush,
    close() {
      if (scheduled) clearImmediate(scheduled);
      flush();
      if (db.open) db.close();
    },
  };
}
