// What both ESM entries (web.ts: the full module; lite-web.ts: the module without the JSON
// Schema compiler) do with their glue: async instantiation (streaming where the host serves
// application/wasm), or synchronous from bytes.
import { wrap, type Parts } from "./core.js";
import * as freeze from "./freeze.js";
import * as lifecycle from "./lifecycle.js";
import * as verify from "./verify.js";
import type { Glue } from "./glue.js";
import { BoomerangGuardError } from "./errors.js";
import { checkedModule, checkLoaded, type Build } from "./build-check.js";
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

/** Imported with the entry: a browser fetches the whole graph in parallel. */
const PARTS: Parts = { freeze: () => freeze, lifecycle: () => lifecycle, verify: () => verify };

export function webEntry(build: Build, glue: WebGlue, wasmUrl: URL, wasmFile: string): WebEntry {
  let ready: Promise<void> | undefined;
  let loaded = false;
  const initGuard = (options?: CreateOptions): Promise<void> => {
    if (!ready) {
      const given = options?.wasm;
      // Given bytes are checked before the glue is initialized (once only) with them; a module
      // fetched from the entry's own URL is asked after.
      const source =
        given === undefined
          ? Promise.resolve<URL | WebAssembly.Module>(wasmUrl)
          : (given instanceof WebAssembly.Module ? Promise.resolve(given) : WebAssembly.compile(given)).then((m) => checkedModule(m, build));
      ready = source.then((s) => glue.default({ module_or_path: s })).then(
        () => {
          checkLoaded(glue as unknown as Glue, build);
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
      const given = options.wasm;
      try {
        glue.initSync({ module: checkedModule(given instanceof WebAssembly.Module ? given : new WebAssembly.Module(given), build) });
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        throw new BoomerangGuardError("WASM_LOAD_FAILED", `could not load ${wasmFile}: ${why}`);
      }
      loaded = true;
    }
    return wrap(glue as unknown as Glue, PARTS, config, options);
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
