// Node log sinks (seed 000 §4.2 step 8): JSONL under .roo/logs/ and the Markdown log. Appends
// are synchronous so records keep their order and none is lost when the host exits.
import { appendFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { MARKDOWN_LOG_HEADER, renderVerificationMarkdown } from "./log.js";
import type { LogSink } from "./types.js";

export interface FileSinkOptions {
  /** The workspace root the default paths are relative to (default: process.cwd()). */
  cwd?: string;
  /** The file to append to (relative to cwd or absolute). */
  path?: string;
}

function target(options: FileSinkOptions | undefined, fallback: string): string {
  const file = resolve(options?.cwd ?? process.cwd(), options?.path ?? fallback);
  mkdirSync(dirname(file), { recursive: true });
  return file;
}

/** Appends one JSON line per record to `.roo/logs/boomerang-guard-verification.jsonl`. */
export function jsonlLogSink(options?: FileSinkOptions): LogSink & { path: string } {
  const file = target(options, ".roo/logs/boomerang-guard-verification.jsonl");
  const sink = (record: Parameters<LogSink>[0]) => appendFileSync(file, JSON.stringify(record) + "\n", "utf8");
  return Object.assign(sink, { path: file });
}

/** Appends one Markdown section per record to `.roo/logs/cross_task_consistency_verification_log.md`. */
export function markdownLogSink(options?: FileSinkOptions): LogSink & { path: string } {
  const file = target(options, ".roo/logs/cross_task_consistency_verification_log.md");
  const sink = (record: Parameters<LogSink>[0]) => {
    const head = existsSync(file) ? "" : MARKDOWN_LOG_HEADER + "\n";
    appendFileSync(file, head + renderVerificationMarkdown(record), "utf8");
  };
  return Object.assign(sink, { path: file });
}
