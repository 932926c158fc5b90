// What both ESM entries (web.ts, with the JSON Schema compiler module; lite-web.ts, without it)
// do with their glue: async instantiation (streaming where the host serves application/wasm),
// or synchronous from bytes. A browser cannot compile a large module synchronously when a schema
// first needs it, so the full entry loads the compiler module beside the guard's, in parallel:
// from `compilerWasm` when given, else from its URL unless the guard's module was given (a host
// that places its modules itself). A compiler that cannot load never fails the guard's load:
// compiling a schema then throws SCHEMAS_UNAVAILABLE with the reason.
import { wrap, type Parts } from "./core.js";
import * as freeze from "./freeze.js";
import * as lifecycle from "./lifecycle.js";
import * as verify from "./verify.js";
import type { CompilerGlue, Glue } from "./glue.js";
import { BoomerangGuardError } from "./errors.js";
import { checkLoaded, isModule, loadError, moduleOf, moduleOfAsync, type Build } from "./build-check.js";
import type { CreateOptions, Guard, GuardConfig } from "./types.js";

export interface WebGlue {
  default(arg: { module_or_path: unknown }): Promise<unknown>;
  initSync(arg: { module: BufferSource | WebAssembly.Module }): unknown;
}

/** The compiler module's `web` glue: its exports are the port. */
export interface CompilerWeb {
  glue: WebGlue & CompilerGlue;
  url: URL;
  /** The module file, for errors. */
  wasmFile: string;
}

export interface WebEntry {
  createGuardSync(config?: GuardConfig, options?: CreateOptions): Guard;
  createGuard(config?: GuardConfig, options?: CreateOptions): Promise<Guard>;
  initGuard(options?: CreateOptions): Promise<void>;
}

/** Bundled with the entry (scripts/build.sh): one file for a browser to fetch. */
const PARTS: Parts = { freeze: () => freeze, lifecycle: () => lifecycle, verify: () => verify };

/** Whether `given` is bytes or a module (checked before a glue is initialized with it) rather
 * than something the glue fetches (a URL or Response). */
function isBytes(given: unknown): given is BufferSource | WebAssembly.Module {
  return typeof given === "object" && given !== null && (isModule(given) || (given as object) instanceof ArrayBuffer || ArrayBuffer.isView(given));
}

/** A port whose every call throws `error` (the guard reports it as SCHEMAS_UNAVAILABLE). */
function failingPort(error: Error): CompilerGlue {
  const fail = (): never => {
    throw error;
  };
  return { build: fail, release: fail, validate: fail, firstInvalid: fail, keyPatterns: fail, keyRegex: fail, keyMatches: fail, releaseKeyRegex: fail };
}

/** Initializes `glue` from `given` (bytes, a module, a URL or Response) or `url`; bytes are
 * checked to be `build` first. */
function initFrom(glue: WebGlue, given: unknown, url: URL, build: Build): Promise<unknown> {
  const source: Promise<unknown> = isBytes(given) ? moduleOfAsync(given, build) : Promise.resolve(given ?? url);
  return source.then((s) => glue.default({ module_or_path: s }));
}

export function webEntry(build: Build, glue: WebGlue, wasmUrl: URL, wasmFile: string, compiler?: CompilerWeb): WebEntry {
  /** Set while the module loads and once it has loaded; cleared by a load that can be retried. */
  let ready: Promise<void> | undefined;
  let loaded = false;
  /** The glue holds a module that is not this entry's: nothing can load after that. */
  let refused: Error | undefined;
  const asGlue = glue as unknown as Glue;
  let compilerLoaded = false;
  let compilerLoading: Promise<void> | undefined;
  /** Why the compiler module did not load (cleared by the next attempt). */
  let compilerFailed: Error | undefined;
  const loadCompiler = (c: CompilerWeb, given: unknown): Promise<void> =>
    (compilerLoading ??= initFrom(c.glue, given, c.url, "compiler").then(
      () => {
        compilerLoaded = true;
        compilerFailed = undefined;
      },
      (e: unknown) => {
        compilerLoading = undefined;
        compilerFailed = loadError(isBytes(given) ? "the module passed as { compilerWasm }" : c.wasmFile, e);
      },
    ));
  /** The compiler's port for a guard created now: loaded, loaded now from bytes passed, or one
   * that reports why it could not load. */
  const portFor = (options?: CreateOptions): CompilerGlue | undefined => {
    if (!compiler) return undefined;
    const given = options?.compilerWasm;
    if (!compilerLoaded && given !== undefined && !compilerLoading && isBytes(given)) {
      try {
        compiler.glue.initSync({ module: moduleOf(given, "compiler") });
        compilerLoaded = true;
        compilerFailed = undefined;
      } catch (e) {
        compilerFailed = loadError("the module passed as { compilerWasm }", e);
      }
    }
    if (compilerLoaded) return compiler.glue;
    return compilerFailed ? failingPort(compilerFailed) : undefined;
  };
  const initGuard = (options?: CreateOptions): Promise<void> => {
    if (refused) return Promise.reject(refused);
    if (!ready) {
      const given: unknown = options?.wasm;
      // Bytes are checked before the glue is initialized (once only) with them; a module the
      // glue fetches itself (the entry's URL, or a URL or Response passed) is asked after.
      const bytes = isBytes(given);
      // Both modules download and compile at once; the guard's is checked first.
      const fetchCompiler = options?.compilerWasm !== undefined || options?.wasm === undefined;
      const withCompiler = compiler && !compilerLoaded && fetchCompiler ? loadCompiler(compiler, options?.compilerWasm) : undefined;
      ready = initFrom(glue, given, wasmUrl, build)
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
        })
        .then(() => withCompiler);
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
    return wrap(asGlue, PARTS, config, options, portFor(options));
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
