/**
 * Writing trainer records in the three formats trainers load: Parquet (hyparquet-writer, schema
 * derived from the record's declaration), one JSON array, or JSON Lines. A writer writes aside
 * (`<path>.<pid>.tmp`) and renames on `close`, so a file appears whole or not at all. Output depends
 * only on the records: the same records give byte-identical files.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { fileWriter, ParquetWriter } from 'hyparquet-writer';
import { FictionError } from '../errors.js';
import { parquetSchemaOf } from './parquet-schema.js';
import { taskRecordSchema, type TaskRecord } from './record-schema.js';

export const EXPORT_FORMATS = ['parquet', 'json', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file extension of each format, as veRL's loader dispatches on it (`.parquet`, `.json`). */
export const EXTENSION: Record<ExportFormat, string> = { parquet: '.parquet', json: '.json', jsonl: '.jsonl' };

export function isExportFormat(f: unknown): f is ExportFormat {
  return typeof f === 'string' && (EXPORT_FORMATS as readonly string[]).includes(f);
}

/** The format a file name says, if it ends in one of the formats' extensions. */
export function formatOfPath(path: string): ExportFormat | undefined {
  return EXPORT_FORMATS.find((f) => path.endsWith(EXTENSION[f]));
}

/**
 * The format and file of an export: `format` if given (else the one `out` ends in, else parquet), and
 * `out`, by default `tasks.<ext>`. A name whose extension says another format is refused: trainers
 * pick their reader by the extension.
 */
export function exportTarget(o: { format?: string | undefined; out?: string | undefined }): { format: ExportFormat; out: string } {
  if (o.format !== undefined && !isExportFormat(o.format)) throw new FictionError('BAD_INPUT', `--format must be one of ${EXPORT_FORMATS.join(', ')}`);
  const named = o.out === undefined ? undefined : formatOfPath(o.out);
  if (o.format !== undefined && named !== undefined && named !== o.format)
    throw new FictionError('BAD_INPUT', `${o.out} ends in ${EXTENSION[named]} but the format is ${o.format}: trainers load a file by its extension`);
  const format = (o.format as ExportFormat | undefined) ?? named ?? 'parquet';
  return { format, out: o.out ?? `tasks${EXTENSION[format]}` };
}

export interface RecordWriter {
  write(records: readonly TaskRecord[]): void;
  /** Finish the file and move it into place. */
  close(): void;
  /** Remove what was written. */
  abort(): void;
}

/** Rows per Parquet row group (records are buffered until then). */
const ROW_GROUP = 10_000;
const PARQUET_SCHEMA = parquetSchemaOf(taskRecordSchema);
const COLUMNS = Object.keys(taskRecordSchema.shape) as (keyof TaskRecord)[];
/** Written into the Parquet footer; no version or time, so the bytes depend only on the records. */
const CREATED_BY = 'fictionworld tasks export';

function textWriter(tmp: string, open: string, separator: string, close: string): Omit<RecordWriter, 'close' | 'abort'> & { end(): void; fd: number } {
  const fd = openSync(tmp, 'w');
  let first = true;
  if (open) writeSync(fd, open);
  return {
    fd,
    write(records) {
      if (records.length === 0) return;
      const text = records.map((r) => JSON.stringify(r)).join(separator);
      writeSync(fd, first ? text : `${separator}${text}`);
      first = false;
    },
    end() {
      writeSync(fd, first ? close.trimStart() : close);
      closeSync(fd);
    },
  };
}

function parquetWriter(tmp: string): Omit<RecordWriter, 'close' | 'abort'> & { end(): void } {
  const pq = new ParquetWriter({ writer: fileWriter(tmp), schema: PARQUET_SCHEMA, createdBy: CREATED_BY });
  let buffered: TaskRecord[] = [];
  const flush = () => {
    if (buffered.length === 0) return;
    const columnData = COLUMNS.map((name) => ({ name, data: buffered.map((r) => r[name]) }));
    void pq.write({ columnData, rowGroupSize: ROW_GROUP });
    buffered = [];
  };
  return {
    write(records) {
      for (const r of records) {
        buffered.push(r);
        if (buffered.length >= ROW_GROUP) flush();
      }
    },
    end() {
      flush();
      pq.finish();
    },
  };
}

/** A writer of `format` records to `path`. */
export function createRecordWriter(format: ExportFormat, path: string): RecordWriter {
  const tmp = `${path}.${process.pid}.tmp`;
  let w: ReturnType<typeof parquetWriter>;
  let fd: number | undefined;
  try {
    if (format === 'parquet') w = parquetWriter(tmp);
    else {
      const t = format === 'json' ? textWriter(tmp, '[\n', ',\n', '\n]\n') : textWriter(tmp, '', '\n', '\n');
      fd = t.fd;
      w = t;
    }
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new FictionError('IO', `cannot write ${path}: ${(e as Error).message}`, { cause: e });
  }
  let done = false;
  return {
    write: (records) => w.write(records),
    close() {
      w.end();
      done = true;
      renameSync(tmp, path);
    },
    abort() {
      if (!done && fd !== undefined) {
        try {
          closeSync(fd);
        } catch {
          /* already closed */
        }
      }
      rmSync(tmp, { force: true });
    },
  };
}
