// What both ESM entries (web.ts, with the JSON Schema compiler module; lite-web.ts, without it)
// do with their glue: async instantiation (streaming where the host serves application/wasm),
// or synchronous from bytes. The full entry fetches the compiler module's bytes beside the
// guard's module (from `compilerWasm` when given, else from its URL unless the guard's module
// was given: a host that places its modules itself) and compiles them on the first schema, as
// the Node entry does. A compiler that cannot be fetched never fails the guard's load: compiling
// a schema then throws SCHEMAS_UNAVAILABLE with the reason, and the next initGuard tries again.
import { wrap, type Parts } from "./core.js";
import * as freeze from "./freeze.js";
import * as lifecycle from "./lifecycle.js";
import * as verify from "./verify.js";
import type { CompilerGlue, Glue } from "./glue.js";
import { lazyPort } from "./compiler-port.js";
import { BoomerangGuardError } from "./errors.js";
import { checkLoaded, isModule, loadError, moduleOf, moduleOfAsync, type Build } from "./build-check.js";
import type { CreateOptions, Guard, GuardConfig } from "./types.js";

export interface WebGlue {
  default(arg: { module_or_path: unknown }): Promise<unknown>;
  initSync(arg: { module: BufferSource | WebAssembly.Module }): unknown;
}

/** The compiler module's `web` glue: its exports are the port once initialized. */
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
  /** The compiler module's bytes (or compiled module) once fetched or passed. */
  let compilerSource: BufferSource | WebAssembly.Module | undefined;
  /** Where it came from, for errors. */
  let compilerFrom = "";
  let compilerFetching: Promise<void> | undefined;
  /** Why the last fetch of the compiler module failed (cleared when the next one starts). */
  let compilerFailed: Error | undefined;
  /** The compiler module is instantiated: its source can no longer change. */
  let compilerReady = false;
  /** Fetches the compiler's bytes (no compile: that waits for the first schema). Never rejects:
   * a failure is kept for the port to report, and the next initGuard tries again. */
  const fetchCompiler = (c: CompilerWeb, given: unknown): Promise<void> => {
    compilerFailed = undefined;
    const attempt = (async () => {
      compilerFrom = given === undefined ? c.wasmFile : "the module passed as { compilerWasm }";
      try {
        if (isBytes(given)) {
          compilerSource = given;
        } else {
          const passed = given as Response | string | URL | undefined;
          const response = passed instanceof Response ? passed : await fetch(passed ?? c.url);
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          compilerSource = await response.arrayBuffer();
        }
      } catch (e) {
        compilerFailed = loadError(compilerFrom, e);
      }
    })();
    compilerFetching = attempt;
    void attempt.then(() => {
      if (compilerFetching === attempt) compilerFetching = undefined;
    });
    return attempt;
  };
  /** One port for every guard of this entry (handles live in one compiler instance). On its
   * first call it compiles and instantiates the module synchronously (a browser allows that for
   * a module this size: 10–15 ms in Chromium 156, which compiles lazily), or throws why it
   * cannot: decided at that call, so a guard created before the bytes arrived gets them. */
  let port: CompilerGlue | undefined;
  const portFor = (options?: CreateOptions): CompilerGlue | undefined => {
    if (!compiler) return undefined;
    const given = options?.compilerWasm;
    // Bytes passed now replace a source that has not loaded (it may be the wrong module).
    if (!compilerReady && isBytes(given)) {
      compilerSource = given;
      compilerFrom = "the module passed as { compilerWasm }";
      compilerFailed = undefined;
    }
    return (port ??= lazyPort(() => {
      const source = compilerSource;
      if (source === undefined) {
        throw (
          compilerFailed ??
          new Error(
            compilerFetching
              ? "the JSON Schema compiler module is still downloading: await initGuard() or createGuard() first"
              : "the JSON Schema compiler module was not loaded: with the guard's module passed as { wasm }, pass the compiler's as { compilerWasm } too (boomerang-guard/compiler/wasm)",
          )
        );
      }
      try {
        compiler.glue.initSync({ module: moduleOf(source, "compiler") });
      } catch (e) {
        throw loadError(compilerFrom, e, ". A browser that compiles no large module synchronously can be given { compilerWasm: await WebAssembly.compileStreaming(fetch(url)) }.");
      }
      compilerReady = true;
      return compiler.glue;
    }));
  };
  const initGuard = (options?: CreateOptions): Promise<void> => {
    if (refused) return Promise.reject(refused);
    // The compiler's bytes download beside the guard's module; one that has not arrived (or
    // failed) is fetched again, also once the guard's module has loaded.
    const wanted = options?.compilerWasm !== undefined || options?.wasm === undefined;
    const withCompiler =
      compiler && !compilerReady && compilerSource === undefined && wanted ? (compilerFetching ?? fetchCompiler(compiler, options?.compilerWasm)) : compilerFetching;
    if (!ready) {
      const given: unknown = options?.wasm;
      // Bytes are checked before the glue is initialized (once only) with them; a module the
      // glue fetches itself (the entry's URL, or a URL or Response passed) is asked after.
      const bytes = isBytes(given);
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
        });
    }
    return withCompiler ? ready.then(() => withCompiler) : ready;
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
