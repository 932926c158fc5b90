// What both CommonJS entries (node.ts, which loads the JSON Schema compiler module when a schema
// must be compiled; lite-node.ts, which never does) do with their glue. Each entry passes its
// own static `require`s, so that bundlers see the paths.
import { wrap, type Parts } from "./core.js";
import type { CompilerGlue, Glue } from "./glue.js";
import { checkLoaded, loadError, moduleOf, type Build } from "./build-check.js";
import { lazyPort } from "./compiler-port.js";
import type { CreateOptions, Guard, GuardConfig } from "./types.js";
import type * as Log from "./log.js";
import type * as Roo from "./roo.js";

export interface BytesGlue extends Glue {
  initSync(arg: { module: BufferSource | WebAssembly.Module }): unknown;
}

/** The compiler module's glues: from the file beside it, or the one that takes bytes. */
export interface CompilerLoaders {
  file: () => CompilerGlue;
  bytes: () => CompilerGlue & { initSync(arg: { module: BufferSource | WebAssembly.Module }): unknown };
  /** The module file, for errors. */
  wasmFile: string;
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

// The entries' helpers that need no module, loaded on their first call: requiring them with the
// entry cost a fresh process about a millisecond before its first check.
export const renderVerificationMarkdown: typeof Log.renderVerificationMarkdown = (...args) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require("./log.js") as typeof Log).renderVerificationMarkdown(...args);
export const createRooHooks: typeof Roo.createRooHooks = (...args) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require("./roo.js") as typeof Roo).createRooHooks(...args);

/**
 * Why a module file that would not load is the wrong one, when it is another module (the
 * compiler's copied where the guard's belongs: the glue cannot even instantiate it, and its
 * error names only an import). Looked for where the glue reads it: beside a bundle, or in the
 * package's pkg/. Only on the error path: it compiles the file.
 */
function otherModule(wasmFile: string, build: Build): unknown {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  for (const at of [path.join(__dirname, path.basename(wasmFile)), path.join(__dirname, "..", "..", "pkg", wasmFile)]) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(at);
    } catch {
      continue;
    }
    try {
      moduleOf(bytes, build);
      return undefined;
    } catch (refused) {
      return refused;
    }
  }
  return undefined;
}

/** `file` loads the module from beside its glue; `bytes` returns the glue that takes bytes;
 * `compiler`, for the full entry, loads the JSON Schema compiler module on demand. */
export function nodeEntry(build: Build, wasmFile: string, file: () => Glue, bytes: () => BytesGlue, compiler?: CompilerLoaders): NodeEntry {
  let fileGlue: Glue | undefined;
  let bytesGlue: Glue | undefined;
  /** One port for every guard of this entry: handles live in one compiler instance. */
  let port: CompilerGlue | undefined;
  /** The latest `compilerWasm` passed: read when the port loads the module, so bytes passed
   * after a failed load are used by the next attempt. */
  let given: CreateOptions["compilerWasm"];
  // Why a glue's own file would not load, kept: it is not required a second time. Node's
  // `require` runs a module that threw again, but a bundler's module cache (esbuild, webpack)
  // hands back its half-built exports, and that second attempt failed with "Cannot read
  // properties of undefined" or "not a boomerang-guard module" in place of the hint.
  let fileFailed: unknown;
  let compilerFileFailed: unknown;
  const portFor = (options?: CreateOptions): CompilerGlue | undefined => {
    if (!compiler) return undefined;
    if (options?.compilerWasm !== undefined) given = options.compilerWasm;
    return (port ??= lazyPort(() => {
      const bytes = given;
      if (bytes === undefined) {
        try {
          if (compilerFileFailed !== undefined) throw compilerFileFailed;
          return compiler.file();
        } catch (e) {
          compilerFileFailed ??= e;
          throw loadError(compiler.wasmFile, compilerFileFailed, ". A host that bundles must copy it beside its bundle or pass { compilerWasm: bytes }.");
        }
      }
      try {
        const glue = compiler.bytes();
        glue.initSync({ module: moduleOf(bytes, "compiler") });
        return glue;
      } catch (e) {
        throw loadError("the module passed as { compilerWasm }", e);
      }
    }));
  };
  const load = (options?: CreateOptions): Glue => {
    if (options?.wasm !== undefined) {
      if (!bytesGlue) {
        try {
          const glue = bytes();
          // Checked before the glue is initialized: it cannot be initialized a second time.
          glue.initSync({ module: moduleOf(options.wasm, build) });
          bytesGlue = glue;
        } catch (e) {
          throw loadError("the module passed as { wasm }", e);
        }
      }
      return bytesGlue;
    }
    if (!fileGlue) {
      try {
        if (fileFailed !== undefined) throw fileFailed;
        const glue = file();
        checkLoaded(glue, build);
        fileGlue = glue;
      } catch (e) {
        fileFailed ??= otherModule(wasmFile, build) ?? e;
        throw loadError(wasmFile, fileFailed, ". A host that bundles must copy it beside its bundle or pass { wasm: bytes }.");
      }
    }
    return fileGlue;
  };
  const createGuardSync = (config?: GuardConfig, options?: CreateOptions): Guard => wrap(load(options), PARTS, config, options, portFor(options));
  return {
    createGuardSync,
    createGuard: async (config, options) => createGuardSync(config, options),
    initGuard: async (options) => {
      load(options);
    },
  };
}
