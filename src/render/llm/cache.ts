/**
 * The world model's persistent cache: one small SQLite file (WAL, so several processes can share it)
 * mapping a request key (prompt.ts) to the snippets the model wrote, after they passed the grounding
 * check. A rollout that replays the same calls gets the same results without a request; re-runs cost
 * nothing. Only grounded answers are stored; fallbacks never are (the endpoint may be back next time).
 * Each row carries the label of the check it passed (grounding.ts `groundingLabel`: the check and the
 * records it checked against) and a digest of its key and answer: a row that is unaltered and carries the
 * label of the request at hand is used as stored; any other is checked again. The digest detects edits
 * and damage, not a deliberate forgery (it has no secret): whoever can write the file can also edit worlds.
 * Writes are queued and flushed in one transaction on the next turn of the event loop (or when the
 * cache closes), serialized and stamped there, so a call never waits for either; a queued answer is
 * already visible to `get`.
 * A cache file is created only when there is an answer to keep (a dead endpoint leaves none behind).
 * A cache that cannot be created or written is never fatal: the renderer works without it.
 */
import Database from 'better-sqlite3';
import { hash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { FictionError } from '../../errors.js';

/** The model's snippet for each page it wrote, by page URL (absent: the template's snippet). */
export interface CachedAnswer {
  snippets: Record<string, string>;
}

/** A stored answer, and who checked it: the `checkedBy` given when it was stored, when its digest still matches. */
export interface StoredAnswer {
  answer: CachedAnswer;
  checkedBy: string | null;
}

export interface LlmCache {
  get(key: string): CachedAnswer | undefined;
  lookup(key: string): StoredAnswer | undefined;
  /** Store an answer; `checkedBy` names the check it passed (kept with a digest of key and answer). */
  set(key: string, meta: { model: string; prompt: string; world: string }, answer: CachedAnswer, checkedBy?: string): void;
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
  answer TEXT NOT NULL,
  checked TEXT
) WITHOUT ROWID`;

/** `checkedBy:digest`, the digest over key and answer text: an edited, damaged or moved row no longer matches. */
function stamp(checkedBy: string, key: string, text: string): string {
  return `${checkedBy}:${hash('sha256', `${key}\n${text}`, 'hex').slice(0, 32)}`;
}

function checkedByOf(stored: string | null, key: string, text: string): string | null {
  if (!stored) return null;
  const by = stored.slice(0, stored.lastIndexOf(':'));
  return by && stamp(by, key, text) === stored ? by : null;
}

const PAGE_BYTES = 32_768;

/**
 * An answer as stored: JSON with every character beyond ASCII written as a `\uXXXX` escape (the same
 * JSON value). A re-run reads each answer from the file once, and ASCII text is cheaper at every step of
 * that read: SQLite's UTF-8 becomes a one-byte string, the digest hashes it without transcoding, and
 * JSON.parse scans it faster. Rows stored before, unescaped, read the same.
 */
function asciiJson(answer: CachedAnswer): string {
  return JSON.stringify(answer).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

interface Opened {
  db: Database.Database;
  get: Database.Statement;
  count: Database.Statement;
  writeAll: (rows: Row[]) => void;
}

type Row = [key: string, world: string, model: string, prompt: string, answer: string, checked: string | null];

function openFile(path: string): Opened {
  let db: Database.Database | undefined;
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
    // Files from before the `checked` column: add it (their rows read as unchecked, so they are re-checked).
    if (!(db.pragma('table_info(llm_cache)') as { name: string }[]).some((c) => c.name === 'checked')) {
      try {
        db.exec('ALTER TABLE llm_cache ADD COLUMN checked TEXT');
      } catch (e) {
        // Another process opening the same old file may have added it first.
        if (!/duplicate column/i.test((e as Error).message)) throw e;
      }
    }
  } catch (e) {
    db?.close(); // opened but not usable: no handle left behind
    throw new FictionError('IO', `cannot open the llm cache ${path}: ${(e as Error).message.split('\n')[0]}`, { cause: e });
  }
  const setStmt = db.prepare('INSERT OR REPLACE INTO llm_cache (key, world, model, prompt, answer, checked) VALUES (?, ?, ?, ?, ?, ?)');
  return {
    db,
    get: db.prepare('SELECT answer, checked FROM llm_cache WHERE key = ?').raw(),
    count: db.prepare('SELECT count(*) FROM llm_cache').pluck(),
    writeAll: db.transaction((rows: Row[]) => {
      for (const row of rows) setStmt.run(...row);
    }),
  };
}

/**
 * The SQLite cache at `path` (":memory:" for one that lives as long as the process). An existing file is
 * opened at once (a damaged one is reported here); a missing one is created only when the first answer is
 * written: a run whose endpoint never answers leaves no file (nor folder) behind. Until then a lookup looks
 * for the file again (another process sharing it may have created it).
 */
export function openLlmCache(path: string): LlmCache {
  let file: Opened | undefined = path === ':memory:' || existsSync(path) ? openFile(path) : undefined;
  let closed = false;
  // A file that appeared later but could not be opened is not tried again: the run goes on without it.
  let failed = false;
  /** The open file; `create`: make it when there is none yet (else undefined until someone has). */
  const opened = (create: boolean): Opened | undefined => {
    if (!file && !closed && !failed) {
      if (create || existsSync(path)) {
        try {
          file = openFile(path);
        } catch (e) {
          failed = true;
          throw e;
        }
      }
    }
    return file?.db.open ? file : undefined;
  };
  /** Answers stored and not yet written: serialized and stamped when written, not by the call storing them. */
  const pending = new Map<string, { meta: { model: string; prompt: string; world: string }; answer: CachedAnswer; checkedBy: string | null }>();
  let scheduled: NodeJS.Immediate | undefined;
  const flush = () => {
    scheduled = undefined;
    if (pending.size === 0) return;
    const queued = [...pending];
    pending.clear();
    try {
      const target = opened(true);
      if (!target) return;
      const rows = queued.map(([key, { meta, answer, checkedBy }]): Row => {
        const text = asciiJson(answer);
        return [key, meta.world, meta.model, meta.prompt, text, checkedBy ? stamp(checkedBy, key, text) : null];
      });
      target.writeAll(rows);
    } catch {
      /* a cache that cannot be created or written is not fatal: the answers are simply not kept */
    }
  };
  const lookup = (key: string): StoredAnswer | undefined => {
    // Queued here, by this process: as stored (a copy, as a read from the file would be).
    const queued = pending.get(key);
    if (queued) return { answer: { snippets: { ...queued.answer.snippets } }, checkedBy: queued.checkedBy };
    let row: [string, string | null] | undefined;
    try {
      row = opened(false)?.get.get(key) as [string, string | null] | undefined;
    } catch {
      return undefined; // a file another process created but could not yet set up, say
    }
    if (row === undefined) return undefined;
    const [text, checked] = row;
    try {
      const v = JSON.parse(text) as CachedAnswer;
      if (!v || typeof v.snippets !== 'object' || v.snippets === null) return undefined;
      return { answer: v, checkedBy: checkedByOf(checked, key, text) };
    } catch {
      return undefined;
    }
  };
  return {
    get: (key) => lookup(key)?.answer,
    lookup,
    set(key, meta, answer, checkedBy) {
      pending.set(key, { meta, answer: { snippets: { ...answer.snippets } }, checkedBy: checkedBy || null });
      scheduled ??= setImmediate(flush);
    },
    get size() {
      flush();
      return (opened(false)?.count.get() as number | undefined) ?? 0;
    },
    flush,
    close() {
      if (scheduled) clearImmediate(scheduled);
      flush();
      closed = true;
      if (file?.db.open) file.db.close();
    },
  };
}
