import type { ErrorCode } from "./types.js";

/** Marks every BoomerangGuardError, whichever copy of this file made it. */
const BRAND = Symbol.for("boomerang-guard.error");

/** Every error the guard throws: a stable `code`, a JSON pointer `path`, and `details`. */
export class BoomerangGuardError extends Error {
  readonly code: ErrorCode;
  readonly path: string;
  readonly details: { path: string; message: string }[];

  /**
   * `instanceof` holds across copies of this class — the browser entries are single bundled
   * files, and a process can load the CommonJS and the ESM build side by side — so an error is
   * one by its brand. A subclass keeps the ordinary prototype test. It returns `boolean`, not a
   * type predicate, so TypeScript narrows by the class itself (a subclass to the subclass).
   */
  static [Symbol.hasInstance](v: unknown): boolean {
    if (this !== BoomerangGuardError) return Function.prototype[Symbol.hasInstance].call(this, v);
    return typeof v === "object" && v !== null && (v as { [BRAND]?: unknown })[BRAND] === true;
  }

  constructor(code: ErrorCode, message: string, path = "", details: { path: string; message: string }[] = []) {
    super(message);
    Object.defineProperty(this, BRAND, { value: true });
    this.name = "BoomerangGuardError";
    this.code = code;
    this.path = path;
    this.details = details;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/** Every code a thrown `BoomerangGuardError` can carry. */
export const ERROR_CODES: readonly ErrorCode[] = [
  "INVALID_CONFIG",
  "INVALID_SCHEMA",
  "MISSING_SCHEMA_ID",
  "UNRESOLVED_REF",
  "UNKNOWN_MODE",
  "UNKNOWN_SCHEMA",
  "INVALID_JSON",
  "TOO_LARGE",
  "TOO_DEEP",
  "UNSERIALIZABLE",
  "INVALID_ARGUMENT",
  "WASM_LOAD_FAILED",
  "UNFREEZABLE",
  "UNKNOWN_TASK",
  "DUPLICATE_TASK",
  "INVALID_TRANSITION",
  "CHILD_ALREADY_OPEN",
  "NOTHING_TO_RESUME",
  "INVALID_STATE",
  "UNSUPPORTED_VERSION",
  "MODE_SWITCH_FAILED",
  "BUSY",
  "SCHEMAS_UNAVAILABLE",
];
const KNOWN = new Set<string>(ERROR_CODES);

/** The error of a call made while the same guard is inside another call. */
export function busy(): BoomerangGuardError {
  return new BoomerangGuardError("BUSY", "the guard is inside another call: a callback it ran synchronously called back into it");
}

/** Re-throws what the wasm layer threw as a BoomerangGuardError (it already carries code/path). */
export function toGuardError(e: unknown): unknown {
  if (e instanceof BoomerangGuardError) return e;
  if (e instanceof Error && isRecord(e) && typeof e.code === "string" && KNOWN.has(e.code)) {
    const details = Array.isArray(e.details) ? (e.details as { path: string; message: string }[]) : [];
    const err = new BoomerangGuardError(e.code as ErrorCode, e.message, typeof e.path === "string" ? e.path : "", details);
    return err;
  }
  const message = e instanceof Error ? e.message : "";
  // wasm-bindgen's guard against re-entering an object that is in the middle of a call.
  if (message.includes("recursive use of an object")) {
    return busy();
  }
  // An argument of the wrong type, caught by the generated glue before the module saw it.
  if (e instanceof TypeError && isRecord(e) && typeof e.code === "string" && e.code.startsWith("ERR_INVALID_ARG")) {
    return new BoomerangGuardError("INVALID_ARGUMENT", `an argument has the wrong type: ${message}`);
  }
  // Anything else came from the host's own values (a getter, a proxy trap, a toJSON) while the
  // wrapper read them: still a typed error, with the host's error as its cause.
  const why = e instanceof Error ? e.message : String(e);
  const err = new BoomerangGuardError("UNSERIALIZABLE", `a value passed to the guard threw while it was read: ${why}`);
  (err as Error & { cause?: unknown }).cause = e;
  return err;
}
