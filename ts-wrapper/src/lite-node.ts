// CommonJS entry of `boomerang-guard/lite`: the guard's module (its copy in pkg/lite/) without
// ever loading the JSON Schema compiler module. Only the built-in contracts can be used:
// registerSchema, and setModeContract with a schema, throw SCHEMAS_UNAVAILABLE. Everything
// else is the same guard.
import type { Glue } from "./glue.js";
import { nodeEntry, type BytesGlue } from "./node-entry.js";
export { renderVerificationMarkdown, createRooHooks } from "./node-entry.js";

// Types only: nothing to load at run time (one request fewer for a browser).
export type * from "./types.js";
export { BoomerangGuardError, ERROR_CODES } from "./errors.js";
export type { RooHooks, RooHooksOptions, NewTaskInput, NewTaskDecision, ResultDecision, Reconciled, StateStore } from "./roo.js";

export const { createGuardSync, createGuard, initGuard } = nodeEntry(
  "core",
  "lite/boomerang_guard_bg.wasm",
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  () => require("../../pkg/lite/boomerang_guard.js") as Glue,
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  () => require("../../pkg/lite/boomerang_guard_bytes.cjs") as BytesGlue,
);
