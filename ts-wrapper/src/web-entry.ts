// What both ESM entries (web.ts: the full module; lite-web.ts: the module without the JSON
// Schema compiler) do with their glue: async instantiation (streaming where the host serves
// application/wasm), or synchronous from bytes.
import { wrap } from "./core.js";
import type { Glue } from "./glue.js";
import { BoomerangGuardError } from "./errors.js";
import type { CreateOptions, Guard, GuardConfig } from "./types.js";

export interface WebGlue {
  default(arg: { module_or_path: unknown }): Promise<unknown>;
  initSync(arg: { module: BufferSource | WebAssembly.Module }): unknown;
}

export interface WebEntry {
  createGuardSync(config?: GuardConfig, options?: CreateOptions): Guard;
  createGuard(config?: GuardConfig, options?: CreateOptions): Promise<Guard>;
  initGuard(options?: CreateOptions): Promise<void>;
}

export function webEntry(glue: WebGlue, wasmUrl: URL, wasmFile: string): WebEntry {
  let ready: Promise<void> | undefined;
  let loaded = false;
  const initGuard = (options?: CreateOptions): Promise<void> => {
    if (!ready) {
      const source = options?.wasm ?? wasmUrl;
      ready = glue.default({ module_or_path: source }).then(
        () => {
          loaded = true;
        },
        (e: unknown) => {
          ready = undefined;
          const why = e instanceof Error ? e.message : String(e);
          throw new BoomerangGuardError("WASM_LOAD_FAILED", `could not load ${wasmFile}: ${why}`);
        },
      );
    }
    return ready;
  };
  const createGuardSync = (config?: GuardConfig, options?: CreateOptions): Guard => {
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
  };
  return {
    initGuard,
    createGuardSync,
    createGuard: async (config, options) => {
      await initGuard(options);
      return createGuardSync(config, options);
    },
  };
}
