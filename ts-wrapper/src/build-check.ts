// Which build of the module (full, or lite without the JSON Schema compiler) an entry was given.
// Both builds import the same functions, so the wrong file beside a bundle, or the wrong bytes,
// would load and fail later at a call that needs what differs; the entries refuse it at load.
import { BoomerangGuardError } from "./errors.js";

export type Build = "full" | "lite";

/** The custom section src/wasm/mod.rs writes: "full" or "lite". */
const SECTION = "boomerang_guard_build";

const FILES: Record<Build, string> = { full: "pkg/boomerang_guard_bg.wasm", lite: "pkg/lite/boomerang_guard_bg.wasm" };

function wrongBuild(expected: Build, found: string): BoomerangGuardError {
  return new BoomerangGuardError(
    "WASM_LOAD_FAILED",
    `the module is ${found}; this entry (${expected === "lite" ? "boomerang-guard/lite" : "boomerang-guard"}) needs the ${expected} build, ${FILES[expected]}`,
  );
}

/** A compiled module handed to an entry, checked; the glue is then initialized with it. */
export function checkedModule(module: WebAssembly.Module, expected: Build): WebAssembly.Module {
  const [section] = WebAssembly.Module.customSections(module, SECTION);
  const found = section ? new TextDecoder().decode(section) : undefined;
  if (found !== expected) throw wrongBuild(expected, found ? `the ${found} build` : "not a boomerang-guard module of this version");
  return module;
}

/** After the glue loaded its module from a file or a URL: the module's own answer. */
export function checkLoaded(glue: { buildVariant(): string }, expected: Build): void {
  let found: string | undefined;
  try {
    found = glue.buildVariant().split(" ")[0];
  } catch {
    // A module of an older version has no buildVariant.
  }
  if (found !== expected) throw wrongBuild(expected, found ? `the ${found} build` : "not a boomerang-guard module of this version");
}
