// ESM entry for browsers, VS Code for the Web and bundlers: the wasm-bindgen `web` glue with
// async instantiation (streaming where the host serves application/wasm).
import init, * as glue from "../../pkg/boomerang_guard_web.mjs";
import { wrap } from "./core.js";
import type { Glue } from "./glue.js";
import { BoomerangGuardError } from "./errors.js";
import type { CreateOptions, Guard, GuardConfig } from "./types.js";
// What those modules import in turn, named here as well: a browser only finds an import by
// parsing the module that holds it, so this fetches the whole graph in two round trips instead of
// four (the wasm module is fetched only once the graph has loaded).
import "./freeze.js";
import "./lifecycle.js";
import "./verify.js";
import "./generated/freeze-rules.js";

export * from "./types.js";
export { BoomerangGuardError, ERROR_CODES } from "./errors.js";
export { renderVerificationMarkdown } from "./log.js";
export { createRooHooks } from "./roo.js";
export type { RooHooks, RooHooksOptions, NewTaskInput, NewTaskDecision, ResultDecision, Reconciled, StateStore } from "./roo.js";

let ready: Promise<void> | undefined;
let loaded = false;

export function initGuard(options?: CreateOptions): Promise<void> {
  if (!ready) {
    const source = options?.wasm ?? new URL("../../pkg/boomerang_guard_bg.wasm", import.meta.url);
    ready = init({ module_or_path: source }).then(
      () => {
        loaded = true;
      },
      (e: unknown) => {
        ready = undefined;
        const why = e instanceof Error ? e.message : String(e);
        throw new BoomerangGuardError("WASM_LOAD_FAILED", `could not load boomerang_guard_bg.wasm: ${why}`);
      },
    );
  }
  return ready;
}

export function createGuardSync(config?: GuardConfig, options?: CreateOptions): Guard {
  if (!loaded) {
    if (options?.wasm === undefined) {
      throw new BoomerangGuardError(
        "WASM_LOAD_FAILED",
        "the module is not loaded yet: await initGuard() or createGuard(), or pass { wasm: bytes }",
      );
    }
    glue.initSync({ module: options.wasm });
    loaded = true;
  }
  return wrap(glue as unknown as Glue, config, options);
}

export async function createGuard(config?: GuardConfig, options?: CreateOptions): Promise<Guard> {
  await initGuard(options);
  return createGuardSync(config, options);
}
