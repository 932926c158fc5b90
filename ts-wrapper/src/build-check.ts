// Loading the modules: which build (the guard's module, or the JSON Schema compiler module) an
// entry was given, and the errors a failed load throws. The wrong file beside a bundle, or the
// wrong bytes (another module, another version's), would load and fail later at a call that
// needs what differs; the entries refuse it at load.
import { BoomerangGuardError } from "./errors.js";

export type Build = "core" | "compiler";

/** The custom section src/wasm/mod.rs writes ("core"; "full" in the crate's wasm tests) and
 * src/compiler_module.rs ("compiler"); earlier versions wrote "full" and "lite". */
const SECTION = "boomerang_guard_build";

const NAMES: Record<string, string> = { core: "the guard's module", compiler: "the JSON Schema compiler module" };
const FILES: Record<Build, string> = {
  core: "pkg/boomerang_guard_bg.wasm (pkg/lite/ holds the same)",
  compiler: "pkg/compiler/boomerang_guard_compiler_bg.wasm",
};

/** `WASM_LOAD_FAILED` for `what` (a file, or the bytes passed), with `hint` after the cause. */
export function loadError(what: string, e: unknown, hint = ""): BoomerangGuardError {
  const why = e instanceof Error ? e.message : String(e);
  return new BoomerangGuardError("WASM_LOAD_FAILED", `could not load ${what}: ${why}${hint}`);
}

function refuse(expected: Build, found: string | undefined): void {
  if (found === expected) return;
  const what =
    found === undefined ? "not a boomerang-guard module" : (NAMES[found] ?? `another version's build (${found})`);
  throw new BoomerangGuardError("WASM_LOAD_FAILED", `the module is ${what}; this needs ${NAMES[expected]}, ${FILES[expected]}`);
}

/** A module compiled in this realm (the glue instantiates no other). */
export function isModule(v: unknown): v is WebAssembly.Module {
  return v instanceof WebAssembly.Module;
}

/** Bytes as the compilers take them: any view (a DataView too) as the bytes it shows. */
function bytesOf(source: BufferSource): BufferSource {
  return ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength) : source;
}

/** Checked before a glue is initialized with the module: a glue is initialized once only. */
function checked(module: WebAssembly.Module, expected: Build): WebAssembly.Module {
  const [section] = WebAssembly.Module.customSections(module, SECTION);
  refuse(expected, section ? new TextDecoder().decode(section) : undefined);
  return module;
}

/** The `wasm` option compiled (unless it is a module already) and checked, synchronously. */
export function moduleOf(source: BufferSource | WebAssembly.Module, expected: Build): WebAssembly.Module {
  return checked(isModule(source) ? source : new WebAssembly.Module(bytesOf(source)), expected);
}

/** The same without blocking (browsers refuse to compile large modules synchronously). */
export async function moduleOfAsync(source: BufferSource | WebAssembly.Module, expected: Build): Promise<WebAssembly.Module> {
  return checked(isModule(source) ? source : await WebAssembly.compile(bytesOf(source)), expected);
}

/** After a glue loaded its module from a file or a URL: the module's own answer. */
export function checkLoaded(glue: { buildVariant(): string }, expected: Build): void {
  let found: string | undefined;
  try {
    found = glue.buildVariant();
  } catch {
    // A module of an older version has no buildVariant.
  }
  refuse(expected, found);
}
