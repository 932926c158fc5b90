// CommonJS entry for Node and VS Code extension hosts. The wasm-bindgen `nodejs` glue loads
// boomerang_guard_bg.wasm from beside itself, synchronously, as tiktoken does; hosts that bundle
// copy that file beside their bundle or pass its bytes (then the byte-taking glue is used). The
// JSON Schema compiler module (pkg/compiler/) loads the same way, the first time a schema must
// be compiled.
import type { CompilerGlue, Glue } from "./glue.js";
import { nodeEntry, type BytesGlue, type CompilerLoaders } from "./node-entry.js";
export { renderVerificationMarkdown, createRooHooks } from "./node-entry.js";

// Types only: nothing to load at run time (one request fewer for a browser).
export type * from "./types.js";
export { BoomerangGuardError, ERROR_CODES } from "./errors.js";
export type { RooHooks, RooHooksOptions, NewTaskInput, NewTaskDecision, ResultDecision, Reconciled, StateStore } from "./roo.js";

export const { createGuardSync, createGuard, initGuard } = nodeEntry(
  "core",
  "boomerang_guard_bg.wasm",
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  () => require("../../pkg/boomerang_guard.js") as Glue,
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  () => require("../../pkg/boomerang_guard_bytes.cjs") as BytesGlue,
  {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    file: () => require("../../pkg/compiler/boomerang_guard_compiler.js") as CompilerGlue,
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    bytes: () => require("../../pkg/compiler/boomerang_guard_compiler_bytes.cjs") as ReturnType<CompilerLoaders["bytes"]>,
    wasmFile: "compiler/boomerang_guard_compiler_bg.wasm",
  },
);
