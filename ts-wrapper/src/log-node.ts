// Node log sinks (seed 000 §4.2 step 8): JSON lines and the Markdown verification log, kept off
// the host's hot path. A sink call only queues the record; one writer appends queued records in
// order, a batch per write. The queue and the file are bounded: past `maxPending` records or
// `maxPendingBytes` the newest are dropped and counted (the next write says how many), and a
// file past `maxFileBytes` is moved to `<file>.1` before the next write. Nothing is written
// until the host creates a sink with a location: the location is the user's choice.
import { promises as fsp } from "node:fs";
import { dirname, resolve } from "node:path";
import { MARKDOWN_LOG_HEADER, renderVerificationMarkdown } from "./log.js";
import type { LogSink, VerificationRecord } from "./types.js";

export interface FileSinkOptions {
  /** The folder relative paths are resolved against (default: process.cwd()). */
  cwd?: string;
  /** The file to append to (relative to cwd or absolute). */
  path?: string;
  /** Most records waiting to be written (default 1,000). */
  maxPending?: number;
  /** Most bytes waiting to be written (default 8 MiB). */
  maxPendingBytes?: number;
  /** The file is moved to `<file>.1` once it is larger than this (default 64 MiB; 0 = never). */
  maxFileBytes?: number;
  /** Called with a write error (the records of that batch are counted as dropped). */
  onError?: (error: Error) => void;
}

export interface FileLogSink extends LogSink {
  /** The file written to. */
  readonly path: string;
  /** Records dropped so far (queue full or a failed write). */
  readonly dropped: number;
  /** Resolves when every record queued so far is written (or dropped). */
  flush(): Promise<void>;
}

type Render = (record: VerificationRecord) => string;
type DropNote = (count: number) => string;

class Dropped {
  constructor(public count: number) {}
}

// A record's size is estimated from its texts, the only fields that grow without limit.
const estimate = (r: VerificationRecord) => 512 + (r.instructions?.length ?? 0) + (r.result?.length ?? 0);

function fileSink(options: FileSinkOptions | undefined, fallback: string, header: string, render: Render, dropNote: DropNote): FileLogSink {
  const file = resolve(options?.cwd ?? process.cwd(), options?.path ?? fallback);
  const maxPending = Math.max(1, options?.maxPending ?? 1000);
  const maxPendingBytes = Math.max(1, options?.maxPendingBytes ?? 8 * 1024 * 1024);
  const maxFileBytes = options?.maxFileBytes ?? 64 * 1024 * 1024;
  // Records in order, with one note where records were dropped (consecutive drops share it).
  let queue: Array<VerificationRecord | Dropped> = [];
  // Records and bytes queued or being written.
  let pending = 0;
  let queuedBytes = 0;
  let dropped = 0;
  let size: number | undefined;
  let writing: Promise<void> | undefined;

  // Marks `count` unwritten records at the end of the queue (or its front, for a failed batch).
  const note = (count: number, front = false) => {
    const at = front ? queue[0] : queue[queue.length - 1];
    if (at instanceof Dropped) at.count += count;
    else if (front) queue.unshift(new Dropped(count));
    else queue.push(new Dropped(count));
  };

  const writeBatch = async (batch: Array<VerificationRecord | Dropped>) => {
    try {
      if (size === undefined) {
        await fsp.mkdir(dirname(file), { recursive: true });
        size = await fsp.stat(file).then((s) => s.size, () => 0);
      }
      if (maxFileBytes > 0 && size > maxFileBytes) {
        await fsp.rename(file, `${file}.1`);
        size = 0;
      }
      let text = size === 0 ? header : "";
      for (const item of batch) text += item instanceof Dropped ? dropNote(item.count) : render(item);
      await fsp.appendFile(file, text, "utf8");
      size += Buffer.byteLength(text);
    } catch (error) {
      size = undefined;
      // The batch is lost; a note takes its place, so the file says so once it can be written.
      const lost = batch.filter((item) => !(item instanceof Dropped)).length;
      dropped += lost;
      note(batch.reduce((n, item) => n + (item instanceof Dropped ? item.count : 0), lost), true);
      try {
        options?.onError?.(error instanceof Error ? error : new Error(String(error)));
      } catch {
        // A failing error handler must not stop the writer.
      }
    }
  };

  const pump = async () => {
    // A queue holding only a note waits for the next record (notes merge, so it is one item).
    while (queue.length > 0 && !(queue.length === 1 && queue[0] instanceof Dropped)) {
      const batch = queue;
      queue = [];
      await writeBatch(batch);
      // The batch counted against the bounds until it was written.
      for (const item of batch) {
        if (item instanceof Dropped) continue;
        pending -= 1;
        queuedBytes -= estimate(item);
      }
    }
    writing = undefined;
  };

  const sink = (record: VerificationRecord) => {
    const bytes = estimate(record);
    // One record is always taken when nothing waits, however large: it is in memory already.
    if (pending >= maxPending || (pending > 0 && queuedBytes + bytes > maxPendingBytes)) {
      dropped += 1;
      note(1);
      return;
    }
    queue.push(record);
    pending += 1;
    queuedBytes += bytes;
    // The writer starts after the current turn: the call itself never touches the disk, and
    // records queued in one turn share one write.
    writing ??= new Promise<void>((start) => setImmediate(start)).then(pump);
  };

  return Object.defineProperties(sink, {
    path: { value: file, enumerable: true },
    dropped: { get: () => dropped, enumerable: true },
    flush: { value: async () => {
      while (writing) await writing;
    } },
  }) as unknown as FileLogSink;
}

/** Queues one JSON line per record for `.roo/logs/boomerang-guard-verification.jsonl` (or `path`). */
export function jsonlLogSink(options?: FileSinkOptions): FileLogSink {
  return fileSink(
    options,
    ".roo/logs/boomerang-guard-verification.jsonl",
    "",
    (record) => JSON.stringify(record) + "\n",
    (count) => JSON.stringify({ kind: "dropped", count, timestamp: new Date().toISOString() }) + "\n",
  );
}

/** Queues one Markdown section per record for `.roo/logs/cross_task_consistency_verification_log.md` (or `path`). */
export function markdownLogSink(options?: FileSinkOptions): FileLogSink {
  return fileSink(
    options,
    ".roo/logs/cross_task_consistency_verification_log.md",
    MARKDOWN_LOG_HEADER + "\n",
    renderVerificationMarkdown,
    (count) => `\n> ${count} record${count === 1 ? " was" : "s were"} not written (the log queue was full or a write failed).\n\n`,
  );
}
