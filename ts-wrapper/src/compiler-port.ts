// The JSON Schema compiler module's port as the entries hand it to a guard
// (src/wasm/compiler.rs): the compiler glue's exports, loaded on the port's first call.
import type { CompilerGlue } from "./glue.js";

const METHODS = ["build", "release", "validate", "firstInvalid", "keyPatterns", "keyRegex", "keyMatches", "releaseKeyRegex"] as const;

/**
 * A port that loads the compiler module on its first call (a failed load is tried again on the
 * next call; its error reaches the guard, which reports SCHEMAS_UNAVAILABLE with it). A call
 * that traps (the module aborted) ends the port: the instance may have stopped halfway through
 * a table, and a new instance would not know the guard's handles.
 */
export function lazyPort(load: () => CompilerGlue): CompilerGlue {
  let glue: CompilerGlue | undefined;
  let stopped: Error | undefined;
  const port: Record<string, (...args: unknown[]) => unknown> = {};
  for (const name of METHODS) {
    port[name] = (...args) => {
      if (stopped) throw new Error(`the JSON Schema compiler module stopped after an error: ${stopped.message}`);
      glue ??= load();
      try {
        return (glue[name] as (...a: unknown[]) => unknown)(...args);
      } catch (e) {
        if (e instanceof WebAssembly.RuntimeError) stopped = e;
        throw e;
      }
    };
  }
  return port as unknown as CompilerGlue;
}
