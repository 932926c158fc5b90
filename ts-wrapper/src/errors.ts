import type { ErrorCode } from "./types.js";

/** Every error the guard throws: a stable `code`, a JSON pointer `path`, and `details`. */
export class BoomerangGuardError extends Error {
  readonly code: ErrorCode;
  readonly path: string;
  readonly details: { path: string; message: string }[];

  constructor(code: ErrorCode, message: string, path = "", details: { path: string; message: string }[] = []) {
    super(message);
    this.name = "BoomerangGuardError";
    this.code = code;
    this.path = path;
    this.details = details;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/** Re-throws what the wasm layer threw as a BoomerangGuardError (it already carries code/path). */
export function toGuardError(e: unknown): unknown {
  if (e instanceof BoomerangGuardError) return e;
  if (e instanceof Error && isRecord(e) && typeof e.code === "string") {
    const details = Array.isArray(e.details) ? (e.details as { path: string; message: string }[]) : [];
    const err = new BoomerangGuardError(e.code as ErrorCode, e.message, typeof e.path === "string" ? e.path : "", details);
    return err;
  }
  // Anything else came from the host's own values (a getter, a proxy trap, a toJSON) while the
  // wrapper read them: still a typed error, with the host's error as its cause.
  const why = e instanceof Error ? e.message : String(e);
  const err = new BoomerangGuardError("UNSERIALIZABLE", `a value passed to the guard threw while it was read: ${why}`);
  (err as Error & { cause?: unknown }).cause = e;
  return err;
}
