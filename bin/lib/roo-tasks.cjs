// Reading a Roo Code tasks folder in Roo Code's on-disk format (RooCodeInc/Roo-Code,
// src/shared/globalFileNames.ts and src/core/task-persistence/): globalStorage/tasks/<taskId>/
// with history_item.json (the HistoryItem: parentTaskId, rootTaskId, childIds, mode, status,
// completedByChildId, completionResultSummary, task), api_conversation_history.json and
// ui_messages.json, and tasks/_index.json ({ version, updatedAt, entries: HistoryItem[] }) as a
// cache. Metadata is read once and kept small; messages are read one child at a time.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const FILES = {
  history: "history_item.json",
  api: "api_conversation_history.json",
  ui: "ui_messages.json",
  oldApi: "claude_messages.json",
  index: "_index.json",
};

/** Task files larger than this are not read (a real history runs to a few MB): one hostile
 * or corrupt file must not take the audit's memory (JSON.parse needs several times its size). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** A file's text, refused with a clear error past MAX_FILE_BYTES. */
function readCapped(file) {
  const size = fs.statSync(file).size;
  if (size > MAX_FILE_BYTES) {
    throw new Error(`${path.basename(file)} is ${Math.round(size / 1048576)} MB, over the audit's ${MAX_FILE_BYTES / 1048576} MB per file; not read`);
  }
  return fs.readFileSync(file, "utf8");
}

function readJson(file) {
  return JSON.parse(readCapped(file));
}

/** The tasks folder: DIR itself, or DIR/tasks when DIR is Roo Code's globalStorage folder. */
function tasksDir(dir) {
  const nested = path.join(dir, "tasks");
  if (fs.existsSync(nested) && fs.statSync(nested).isDirectory()) return nested;
  return dir;
}

/** Only the fields the audit needs; `task` (the message) is re-read per child when verifying. */
function slim(h) {
  return {
    id: String(h.id),
    parentTaskId: typeof h.parentTaskId === "string" && h.parentTaskId ? h.parentTaskId : undefined,
    rootTaskId: typeof h.rootTaskId === "string" ? h.rootTaskId : undefined,
    mode: typeof h.mode === "string" ? h.mode : undefined,
    status: typeof h.status === "string" ? h.status : undefined,
    ts: typeof h.ts === "number" ? h.ts : 0,
    number: typeof h.number === "number" ? h.number : 0,
    completedByChildId: typeof h.completedByChildId === "string" ? h.completedByChildId : undefined,
  };
}

/**
 * Pass one: every task's metadata. Problems (unreadable or corrupt files, older formats) are
 * collected per item; reading goes on.
 */
function readMetadata(dir, onProgress) {
  const base = tasksDir(dir);
  const problems = [];
  let entries;
  try {
    entries = fs.readdirSync(base, { withFileTypes: true });
  } catch (e) {
    return { base, tasks: new Map(), problems: [{ item: dir, message: `cannot read the folder: ${e.message}` }], folders: 0 };
  }
  let index = null;
  const indexFile = path.join(base, FILES.index);
  if (fs.existsSync(indexFile)) {
    try {
      const parsed = readJson(indexFile);
      if (Array.isArray(parsed?.entries)) index = new Map(parsed.entries.filter((e) => e && typeof e.id === "string").map((e) => [e.id, e]));
      else problems.push({ item: FILES.index, message: "not a task index ({ version, entries: [...] }); ignored" });
    } catch (e) {
      problems.push({ item: FILES.index, message: `corrupt JSON (${e.message}); ignored` });
    }
  }
  const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  const tasks = new Map();
  folders.forEach((id, k) => {
    onProgress?.(k + 1, folders.length);
    const dirOf = path.join(base, id);
    const file = path.join(dirOf, FILES.history);
    let h = null;
    if (fs.existsSync(file)) {
      try {
        h = readJson(file);
        if (!h || typeof h !== "object" || typeof h.id !== "string") {
          problems.push({ item: id, message: `${FILES.history} is not a HistoryItem (no "id"); skipped` });
          return;
        }
      } catch (e) {
        const fromIndex = index?.get(id);
        if (!fromIndex) {
          problems.push({ item: id, message: `${FILES.history}: ${e.code ? e.message : `corrupt JSON (${e.message})`}; skipped` });
          return;
        }
        problems.push({ item: id, message: `${FILES.history}: corrupt JSON; using its ${FILES.index} entry` });
        h = fromIndex;
      }
    } else if (index?.has(id)) {
      h = index.get(id);
    } else {
      const hasMessages = [FILES.api, FILES.ui, FILES.oldApi].some((f) => fs.existsSync(path.join(dirOf, f)));
      problems.push({
        item: id,
        message: hasMessages
          ? `no ${FILES.history}: written by an older Roo Code (task history lived in VS Code's global state) or copied partially; its parent and children cannot be linked${oldDelegations(dirOf)}`
          : "a partial task folder (no history item, no messages); skipped",
      });
      return;
    }
    if (h.id !== id) problems.push({ item: id, message: `${FILES.history} names task ${JSON.stringify(h.id)}; using the folder name` });
    tasks.set(id, { ...slim(h), id });
  });
  return { base, tasks, problems, folders: folders.length };
}

/** How many new_task calls an older task's API history holds (XML tool calls in text). */
function oldDelegations(dirOf) {
  for (const f of [FILES.api, FILES.oldApi]) {
    const file = path.join(dirOf, f);
    if (!fs.existsSync(file)) continue;
    try {
      const n = (readCapped(file).match(/<new_task>|\\u003cnew_task\\u003e/g) ?? []).length;
      return n > 0 ? ` (it made ${n} new_task call${n === 1 ? "" : "s"})` : "";
    } catch {
      return "";
    }
  }
  return "";
}

/** Ancestor walks that revisit a task: cycles in parent links, reported once per cycle. */
function findCycles(tasks) {
  const inCycle = new Set();
  const cycles = [];
  for (const start of tasks.keys()) {
    const seen = new Set();
    let at = start;
    while (at && tasks.has(at) && !seen.has(at)) {
      seen.add(at);
      at = tasks.get(at).parentTaskId;
    }
    if (at && seen.has(at) && !inCycle.has(at)) {
      const loop = [];
      let x = at;
      do {
        loop.push(x);
        inCycle.add(x);
        x = tasks.get(x).parentTaskId;
      } while (x && x !== at && loop.length <= tasks.size);
      cycles.push(loop);
    }
  }
  return { inCycle, cycles };
}

/** The message the parent gave a child: the child's history `task`, else its first UI message. */
function childInstructions(base, id) {
  const dirOf = path.join(base, id);
  try {
    const h = readJson(path.join(dirOf, FILES.history));
    if (typeof h.task === "string" && h.task.trim()) return h.task;
  } catch {
    // fall through to the messages
  }
  try {
    const ui = readJson(path.join(dirOf, FILES.ui));
    const first = Array.isArray(ui) ? ui.find((m) => m && m.type === "say" && typeof m.text === "string") : undefined;
    if (first) return first.text;
  } catch {
    // nothing else to read
  }
  return undefined;
}

/** The child's attempt_completion result: its last completion_result, else the parent's summary. */
function childResult(base, child, parentMeta) {
  const file = path.join(base, child.id, FILES.ui);
  let problem;
  if (fs.existsSync(file)) {
    try {
      const ui = readJson(file);
      if (Array.isArray(ui)) {
        for (let i = ui.length - 1; i >= 0; i--) {
          const m = ui[i];
          if (m && m.type === "say" && m.say === "completion_result" && typeof m.text === "string" && m.text.trim()) return { text: m.text };
        }
      } else problem = `${FILES.ui} is not an array`;
    } catch (e) {
      problem = `${FILES.ui}: corrupt JSON (${e.message})`;
    }
  }
  if (parentMeta && parentMeta.completedByChildId === child.id) {
    try {
      const h = readJson(path.join(base, parentMeta.id, FILES.history));
      if (typeof h.completionResultSummary === "string") return { text: h.completionResultSummary, problem };
    } catch {
      // no summary either
    }
  }
  return { text: undefined, problem };
}

module.exports = {
  MAX_FILE_BYTES, readMetadata, findCycles, childInstructions, childResult, tasksDir, FILES };
