// Public types of boomerang-guard. Shapes follow ../shared/API.md; errors follow Ajv.

/** Deeply read-only view of a value handed to a child task. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends ReadonlyMap<infer K, infer V>
    ? ReadonlyMap<DeepReadonly<K>, DeepReadonly<V>>
    : T extends ReadonlySet<infer V>
      ? ReadonlySet<DeepReadonly<V>>
      : T extends object
        ? { readonly [P in keyof T]: DeepReadonly<T[P]> }
        : T;

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A JSON Schema document (drafts 4 to 2020-12). */
export type JsonSchema = { [key: string]: unknown } | boolean;

export type Strategy = "A" | "B" | "C" | "D";

export interface Thresholds {
  /** Drift score from which a result is POTENTIAL_DRIFT (default 0.35). */
  potential?: number;
  /** Drift score from which a result is SIGNIFICANT_DRIFT (default 0.6). */
  significant?: number;
}

export interface JudgeSettings {
  mode?: "never" | "borderline" | "always";
  band?: [number, number];
  timeoutMs?: number;
  retries?: number;
  budgetPerRootTask?: number;
  onUnparsable?: "pass" | "fail";
}

export interface Limits {
  /** Characters (code points) per string; results are truncated, inputs rejected. Default 100000. */
  maxStringLength?: number;
  /** Nesting depth; deeper subtrees are replaced by null. Default 32. */
  maxDepth?: number;
  /** Bytes of JSON (or result text) per check. Default 4 MiB. */
  maxBytes?: number;
}

export interface ModeSettings {
  enabled?: boolean;
  strategy?: Strategy;
  thresholds?: Thresholds;
  judge?: JudgeSettings;
  timeouts?: { childMs?: number };
  limits?: Limits;
}

/** The configuration, validated against schemas/config.schema.json. All fields optional. */
export interface GuardConfig extends ModeSettings {
  version?: string;
  defaultMode?: string;
  contracts?: { unknownMode?: "error" | "generic" };
  modes?: { [mode: string]: ModeSettings };
}

/** One validation error, in Ajv's shape. */
export interface ContractError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: { [key: string]: unknown };
  message: string;
}

export type ChangeOp =
  | "remove"
  | "truncate"
  | "strip-chars"
  | "replace-chars"
  | "normalize-newlines"
  | "rename"
  | "prune"
  | "undecided"
  | "extract";

/** One thing sanitization changed. Nothing changes silently. */
export interface Change {
  op: ChangeOp;
  /** JSON pointer to the changed place. */
  path: string;
  reason: string;
}

/** The standardized error of seed 001 Example 1, handed on instead of malformed data. */
export interface ErrorObject {
  error: string;
  details: string;
  mode: string;
  contract: string | null;
  errors: { path: string; keyword: string; message: string }[];
  [key: string]: unknown;
}

interface CheckBase {
  ok: boolean;
  mode: string;
  /** Short name of the contract applied, e.g. "code.input". */
  contract?: string;
  errors: ContractError[];
  changes: Change[];
  /** One paragraph a parent LLM can act on. */
  summary: string;
  errorObject?: ErrorObject;
}

export interface TaskInput {
  mode: string;
  message: unknown;
  todos?: unknown;
  context?: unknown;
  [key: string]: unknown;
}

export interface InputCheck extends CheckBase {
  /** The sanitized `{ message, todos, context }` the child should receive (the input itself when nothing changed). */
  value: unknown;
  valueUnchanged: boolean;
}

export type Extraction = "bare" | "fenced" | "embedded" | "plain" | "text";

export interface ResultCheck extends CheckBase {
  /** The sanitized result value (an object when JSON was found or the text was taken as the summary). */
  value: unknown;
  /** The text to hand the parent: the sanitized result, or the error object when the check failed. */
  text: string;
  /** How the structured value was found in the child's text. */
  extraction: Extraction;
  /** The child's result exactly as it came. Nothing is lost. */
  original: string;
}

export interface ModeContractSpec {
  /** A registered schema id, or a schema. */
  input?: string | JsonSchema;
  output?: string | JsonSchema;
}

export interface CreateOptions {
  /** The module's bytes (or a compiled module), for hosts that bundle and ship the .wasm themselves. */
  wasm?: BufferSource | WebAssembly.Module;
}

export type ErrorCode =
  | "INVALID_CONFIG"
  | "INVALID_SCHEMA"
  | "MISSING_SCHEMA_ID"
  | "UNRESOLVED_REF"
  | "UNKNOWN_MODE"
  | "UNKNOWN_SCHEMA"
  | "INVALID_JSON"
  | "TOO_LARGE"
  | "TOO_DEEP"
  | "UNSERIALIZABLE"
  | "INVALID_ARGUMENT"
  | "WASM_LOAD_FAILED";

/** The guard's public surface. */
export interface Guard {
  registerSchema(schema: JsonSchema): string;
  setModeContract(mode: string, contract: ModeContractSpec): void;
  checkTaskInput(input: TaskInput): InputCheck;
  checkTaskResult(check: { mode: string; result: string | JsonObject }): ResultCheck;
  /** Modes that have a contract. */
  modes(): string[];
  /** The effective settings for a mode, defaults filled in. */
  settingsFor(mode: string): Required<ModeSettings> & { defaultMode: string };
}
