// CommonJS entry for Node and VS Code extension hosts. The wasm-bindgen `nodejs` glue loads
// boomerang_guard_bg.wasm from beside itself, synchronously, as tiktoken does; hosts that bundle
// copy that file beside their bundle or pass its bytes (then the byte-taking glue is used).
import { wrap } from "./core.js";
import type { Glue } from "./glue.js";
import { BoomerangGuardError } from "./errors.js";
import type { CreateOptions, Guard, GuardConfig } from "./types.js";

export * from "./types.js";
export { BoomerangGuardError, ERROR_CODES } from "./errors.js";
export { renderVerificationMarkdown } from "./log.js";
export { createRooHooks } from "./roo.js";
export type { RooHooks, RooHooksOptions, NewTaskInput, NewTaskDecision, ResultDecision, Reconciled, StateStore } from "./roo.js";

interface BytesGlue extends Glue {
  initSync(arg: { module: BufferSource | WebAssembly.Module }): unknown;
}

let fileGlue: Glue | undefined;
let bytesGlue: Glue | undefined;

function load(options?: CreateOptions): Glue {
  try {
    if (options?.wasm !== undefined) {
      if (!bytesGlue) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const glue = require("../../pkg/boomerang_guard_bytes.cjs") as BytesGlue;
        glue.initSync({ module: options.wasm });
        bytesGlue = glue;
      }
      return bytesGlue;
    }
    if (!fileGlue) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      fileGlue = require("../../pkg/boomerang_guard.js") as Glue;
    }
    return fileGlue;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new BoomerangGuardError(
      "WASM_LOAD_FAILED",
      `could not load boomerang_guard_bg.wasm: ${why}. A host that bundles must copy it beside its bundle or pass { wasm: bytes }.`,
    );
  }
}

export function createGuardSync(config?: GuardConfig, options?: CreateOptions): Guard {
  return wrap(load(options), config, options);
}

export async function createGuard(config?: GuardConfig, options?: CreateOptions): Promise<Guard> {
  return createGuardSync(config, options);
}

export async function initGuard(options?: CreateOptions): Promise<void> {
  load(options);
}
