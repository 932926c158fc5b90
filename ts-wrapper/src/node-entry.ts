// What both CommonJS entries (node.ts: the full module; lite-node.ts: the module without the
// JSON Schema compiler) do with their glue. Each entry passes its own static `require`s, so that
// bundlers see the paths.
import { wrap, type Parts } from "./core.js";
import type { Glue } from "./glue.js";
import { BoomerangGuardError } from "./errors.js";
import { checkedModule, checkLoaded, type Build } from "./build-check.js";
import type { CreateOptions, Guard, GuardConfig } from "./types.js";

export interface BytesGlue extends Glue {
  initSync(arg: { module: BufferSource | WebAssembly.Module }): unknown;
}

export interface NodeEntry {
  createGuardSync(config?: GuardConfig, options?: CreateOptions): Guard;
  createGuard(config?: GuardConfig, options?: CreateOptions): Promise<Guard>;
  initGuard(options?: CreateOptions): Promise<void>;
}

/** Loaded on first use: a process that only checks contracts never reads them. */
const PARTS: Parts = {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  freeze: () => require("./freeze.js") as ReturnType<Parts["freeze"]>,
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  lifecycle: () => require("./lifecycle.js") as ReturnType<Parts["lifecycle"]>,
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  verify: () => require("./verify.js") as ReturnType<Parts["verify"]>,
};

/** `file` loads the module from beside its glue; `bytes` returns the glue that takes bytes. */
export function nodeEntry(build: Build, wasmFile: string, file: () => Glue, bytes: () => BytesGlue): NodeEntry {
  let fileGlue: Glue | undefined;
  let bytesGlue: Glue | undefined;
  const load = (options?: CreateOptions): Glue => {
    try {
      if (options?.wasm !== undefined) {
        if (!bytesGlue) {
          const glue = bytes();
          const source = options.wasm;
          // Checked before the glue is initialized: it cannot be initialized a second time.
          const module = checkedModule(source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source), build);
          glue.initSync({ module });
          bytesGlue = glue;
        }
        return bytesGlue;
      }
      if (!fileGlue) {
        const glue = file();
        checkLoaded(glue, build);
        fileGlue = glue;
      }
      return fileGlue;
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new BoomerangGuardError(
        "WASM_LOAD_FAILED",
        `could not load ${wasmFile}: ${why}. A host that bundles must copy it beside its bundle or pass { wasm: bytes }.`,
      );
    }
  };
  const createGuardSync = (config?: GuardConfig, options?: CreateOptions): Guard => wrap(load(options), PARTS, config, options);
  return {
    createGuardSync,
    createGuard: async (config, options) => createGuardSync(config, options),
    initGuard: async (options) => {
      load(options);
    },
  };
}
