// ESM entry for browsers, VS Code for the Web and bundlers: the wasm-bindgen `web` glue with
// async instantiation (streaming where the host serves application/wasm). The JSON Schema
// compiler module's bytes are fetched beside the guard's module (createGuard and initGuard await
// both) and compiled on the first schema.
import * as glue from "../../pkg/boomerang_guard_web.mjs";
import * as compilerGlue from "../../pkg/compiler/boomerang_guard_compiler_web.mjs";
import { webEntry } from "./web-entry.js";
// scripts/build.sh bundles this entry, its glue and every module it loads into one file: a
// browser fetches the entry, then the two wasm modules (two round trips; the module graph took
// three).

// Types only: nothing at run time.
export type * from "./types.js";
export { BoomerangGuardError, ERROR_CODES } from "./errors.js";
export { renderVerificationMarkdown } from "./log.js";
export { createRooHooks } from "./roo.js";
export type { RooHooks, RooHooksOptions, NewTaskInput, NewTaskDecision, ResultDecision, Reconciled, StateStore } from "./roo.js";

export const { createGuardSync, createGuard, initGuard } = webEntry(
  "core",
  glue,
  new URL("../../pkg/boomerang_guard_bg.wasm", import.meta.url),
  "boomerang_guard_bg.wasm",
  {
    glue: compilerGlue,
    url: new URL("../../pkg/compiler/boomerang_guard_compiler_bg.wasm", import.meta.url),
    wasmFile: "compiler/boomerang_guard_compiler_bg.wasm",
  },
);
