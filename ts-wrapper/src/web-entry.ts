// What both ESM entries (web.ts: the full module; lite-web.ts: the module without the JSON
// Schema compiler) do with their glue: async instantiation (streaming where the host serves
// application/wasm), or synchronous from bytes.
import { wrap, type Parts } from "./core.js";
import * as freeze from "./freeze.js";
import * as lifecycle from "./lifecycle.js";
import * as verify from "./verify.js";
import type { Glue } from "./glue.js";
import { BoomerangGuardError } from "./errors.js";
import { checkLoaded, isModule, loadError, moduleOf, moduleOfAsync, type Build } from "./build-check.js";
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

/** Bundled with the entry (scripts/build.sh): one file for a browser to fetch. */
const PARTS: Parts = { freeze: () => freeze, lifecycle: () => lifecycle, verify: () => verify };

export function webEntry(build: Build, glue: WebGlue, wasmUrl: URL, wasmFile: string): WebEntry {
  /** Set while the module loads and once it has loaded; cleared by a load that can be retried. */
  let ready: Promise<void> | undefined;
  let loaded = false;
  /** The glue holds a module that is not this entry's: nothing can load after that. */
  let refused: Error | undefined;
  const asGlue = glue as unknown as Glue;
  const initGuard = (options?: CreateOptions): Promise<void> => {
    if (refused) return Promise.reject(refused);
    if (!ready) {
      const given: unknown = options?.wasm;
      // Bytes are checked before the glue is initialized (once only) with them; a module the
      // glue fetches itself (the entry's URL, or a URL or Response passed) is asked after.
      const bytes = typeof given === "object" && given !== null && (isModule(given) || (given as object) instanceof ArrayBuffer || ArrayBuffer.isView(given));
      const source: Promise<unknown> = bytes ? moduleOfAsync(given as BufferSource, build) : Promise.resolve(given ?? wasmUrl);
      ready = source
        .then((s) => glue.default({ module_or_path: s }))
        .then(() => {
          try {
            checkLoaded(asGlue, build);
          } catch (e) {
            refused = loadError(wasmFile, e);
            throw refused;
          }
          loaded = true;
        })
        .catch((e: unknown) => {
          if (refused) throw refused;
          ready = undefined;
          throw loadError(bytes ? "the module passed as { wasm }" : wasmFile, e);
        });
    }
    return ready;
  };
  const createGuardSync = (config?: GuardConfig, options?: CreateOptions): Guard => {
    if (refused) throw refused;
    if (!loaded) {
      if (ready) {
        throw new BoomerangGuardError("WASM_LOAD_FAILED", "the module is still loading: await initGuard() or createGuard() first");
      }
      if (options?.wasm === undefined) {
        throw new BoomerangGuardError(
          "WASM_LOAD_FAILED",
          "the module is not loaded yet: await initGuard() or createGuard(), or pass { wasm: bytes }",
        );
      }
      try {
        glue.initSync({ module: moduleOf(options.wasm, build) });
      } catch (e) {
        throw loadError("the module passed as { wasm }", e);
      }
      loaded = true;
    }
    return wrap(asGlue, PARTS, config, options);
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
