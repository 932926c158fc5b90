// The JSON Schema compiler module's port as the entries hand it to a guard
// (src/wasm/compiler.rs): the compiler glue's exports, loaded on the port's first call, or a
// port that reports why it cannot be.
import type { CompilerGlue } from "./glue.js";

/** A port that loads the compiler module on its first call (a failed load is retried on the
 * next; its error reaches the guard, which reports SCHEMAS_UNAVAILABLE with it). */
export function lazyPort(load: () => CompilerGlue): CompilerGlue {
  let glue: CompilerGlue | undefined;
  const get = (): CompilerGlue => (glue ??= load());
  return {
    build: (id, docs, keysUnchecked, meta) => get().build(id, docs, keysUnchecked, meta),
    release: (handle) => get().release(handle),
    validate: (handle, value, left, errors) => get().validate(handle, value, left, errors),
    firstInvalid: (doc) => get().firstInvalid(doc),
    keyPatterns: (docs) => get().keyPatterns(docs),
    keyRegex: (pattern) => get().keyRegex(pattern),
    keyMatches: (handle, key, left) => get().keyMatches(handle, key, left),
    releaseKeyRegex: (handle) => get().releaseKeyRegex(handle),
  };
}

/** A port whose every call throws `error` (the guard reports it as SCHEMAS_UNAVAILABLE). */
export function failingPort(error: Error): CompilerGlue {
  const fail = (): never => {
    throw error;
  };
  return { build: fail, release: fail, validate: fail, firstInvalid: fail, keyPatterns: fail, keyRegex: fail, keyMatches: fail, releaseKeyRegex: fail };
}
