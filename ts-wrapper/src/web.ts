// ESM entry for browsers, VS Code for the Web and bundlers: the wasm-bindgen `web` glue with
// async instantiation (streaming where the host serves application/wasm).
import * as glue from "../../pkg/boomerang_guard_web.mjs";
import { webEntry } from "./web-entry.js";
// What those modules import in turn, named here as well: a browser only finds an import by
// parsing the module that holds it, so this fetches the whole graph in two round trips instead of
// four (the wasm module is fetched only once the graph has loaded).
import "./core.js";
import "./errors.js";
import "./build-check.js";
import "./freeze.js";
import "./lifecycle.js";
import "./verify.js";
import "./generated/freeze-rules.js";

// Types only: nothing to load at run time (one request fewer for a browser).
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
