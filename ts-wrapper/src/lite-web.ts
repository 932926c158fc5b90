// ESM entry of `boomerang-guard/lite` for browsers and bundlers: the guard's module without the
// JSON Schema compiler module (about half the download, a faster start). Only the built-in
// contracts can be used: registerSchema, and setModeContract with a schema, throw
// SCHEMAS_UNAVAILABLE.
import * as glue from "../../pkg/lite/boomerang_guard_web.mjs";
import { webEntry } from "./web-entry.js";
// scripts/build.sh bundles this entry, its glue and every module it loads into one file: a
// browser fetches the entry, then the wasm module (two round trips; the module graph took three).

// Types only: nothing at run time.
export type * from "./types.js";
export { BoomerangGuardError, ERROR_CODES } from "./errors.js";
export { renderVerificationMarkdown } from "./log.js";
export { createRooHooks } from "./roo.js";
export type { RooHooks, RooHooksOptions, NewTaskInput, NewTaskDecision, ResultDecision, Reconciled, StateStore } from "./roo.js";

export const { createGuardSync, createGuard, initGuard } = webEntry(
  "core",
  glue,
  new URL("../../pkg/lite/boomerang_guard_bg.wasm", import.meta.url),
  "lite/boomerang_guard_bg.wasm",
);
