// Types-only entry: both runtime entries (node.ts, web.ts) export this surface.
export * from "./types.js";
export { BoomerangGuardError, ERROR_CODES } from "./errors.js";
export { renderVerificationMarkdown } from "./log.js";
export { createRooHooks } from "./roo.js";
export type { RooHooks, RooHooksOptions, NewTaskInput, NewTaskDecision, ResultDecision, IntegrationStatus } from "./roo.js";
import type { CreateOptions, Guard, GuardConfig } from "./types.js";

/** Creates a guard; validates `config` against schemas/config.schema.json. */
export declare function createGuard(config?: GuardConfig, options?: CreateOptions): Promise<Guard>;
/** Synchronous creation: in Node always; in browsers after `await initGuard()` or with `options.wasm` bytes. */
export declare function createGuardSync(config?: GuardConfig, options?: CreateOptions): Guard;
/** Loads and instantiates the WebAssembly module once (optional: createGuard does it). */
export declare function initGuard(options?: CreateOptions): Promise<void>;
