// ESM entry for browsers, VS Code for the Web and bundlers: the wasm-bindgen `web` glue with
// async instantiation (streaming where the host serves application/wasm).
import * as glue from "../../pkg/boomerang_guard_web.mjs";
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
  "full",
  glue,
  new URL("../../pkg/boomerang_guard_bg.wasm", import.meta.url),
  "boomerang_guard_bg.wasm",
);
