// Public types of boomerang-guard. Shapes follow ../shared/API.md; errors follow Ajv.
// Types of the boundary that are generated from the Rust types (src/ts_types.rs).
import type { BinaryHandling, BinaryNote, Change, ChangeOp, CheckReport, Checked, ChecklistItem, Concept, Decision, ContractError, DriftReport, DriftStatus, ErrorEntry, ErrorObject, Extraction, Finding, HostDelivery, HostKind, HostRecord, IntegrationStatus, Modality, NextRound, ParentApi, Signal, Violation } from "./generated/boundary.js";
export type { BinaryHandling, BinaryNote, Change, ChangeOp, CheckReport, Checked, ChecklistItem, Concept, Decision, ContractError, DriftReport, DriftStatus, ErrorEntry, ErrorObject, Extraction, Finding, HostDelivery, HostKind, HostRecord, IntegrationStatus, Modality, NextRound, ParentApi, Signal, Violation };

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
  /** Drift score from which a result is POTENTIAL_DRIFT (default: fitted with the drift weights, 0.576). */
  potential?: number;
  /** Drift score from which a result is SIGNIFICANT_DRIFT (default: fitted with the drift weights, 0.757). */
  significant?: number;
}

export interface JudgeSettings {
  /** When verify() asks the judge (default "borderline": where the keyword stage is unsure). */
  mode?: "never" | "borderline" | "always";
  /** Keyword scores [low, high] for which borderline mode asks the judge instead (default unset; null unsets the base's). */
  band?: [number, number] | null;
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
  /** Strategy B: clarification rounds before the parent gets the result augmented (default 2). */
  clarification?: { maxRounds?: number };
  /** Verification records carry the texts only when asked (hashes always). */
  log?: { includeTexts?: boolean };
}

/** The configuration, validated against schemas/config.schema.json. All fields optional. */
export interface GuardConfig extends ModeSettings {
  version?: string;
  defaultMode?: string;
  contracts?: { unknownMode?: "error" | "generic" };
  modes?: { [mode: string]: ModeSettings };
}

/** The fields every check report has (generated `CheckReport`); `summary` is one paragraph a parent LLM can act on. */
type CheckBase = Pick<CheckReport, "ok" | "mode" | "contract" | "errors" | "changes" | "summary" | "errorObject">;

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
  /**
   * The JSON Schema compiler module (`boomerang-guard/compiler/wasm`) for hosts that bundle:
   * its bytes or a compiled module; in a browser also a URL or Response, fetched by createGuard
   * and initGuard. The root entry loads it only when a schema must be compiled (registerSchema,
   * setModeContract with a schema); until then, the latest one passed is used.
   */
  compilerWasm?: BufferSource | WebAssembly.Module | URL | Response;
  /**
   * Never throw on the configuration: invalid fields are dropped (the rest kept) and listed in
   * `guard.configProblems`. For hosts, whose activation must not fail on a user's setting.
   */
  lenient?: boolean;
}

/** A configuration field `lenient` construction dropped. */
export interface ConfigProblem {
  path: string;
  message: string;
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
  | "WASM_LOAD_FAILED"
  | "UNFREEZABLE"
  | "UNKNOWN_TASK"
  | "DUPLICATE_TASK"
  | "INVALID_TRANSITION"
  | "CHILD_ALREADY_OPEN"
  | "NOTHING_TO_RESUME"
  | "INVALID_STATE"
  | "UNSUPPORTED_VERSION"
  | "MODE_SWITCH_FAILED"
  | "BUSY"
  | "SCHEMAS_UNAVAILABLE";

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

  /** Keyword and concept drift of a child's result from its instructions (seed 000 §3.3–§3.6). */
  scoreDrift(instructions: string, result: string, options?: { mode?: string }): DriftReport;

  /** A deep-frozen copy for the child; the parent keeps its original (seed 001 §2.2). Bytes
   *  (typed arrays, `Buffer`, `DataView`, `ArrayBuffer`) are copied, since JS cannot freeze
   *  them; a `SharedArrayBuffer` is refused (`UNFREEZABLE`). */
  freezeContext<T>(value: T): DeepReadonly<T>;
  /** Freezes in place; Maps, Sets and Dates get throwing mutators. Bytes stay writable (JS
   *  cannot freeze them): `isolateContext(value, { inPlace: true })` lists them. */
  deepFreeze<T>(value: T): DeepReadonly<T>;
  /** `freezeContext` (or, with `inPlace`, `deepFreeze`) with its report: the value, its context
   *  hash, and every run of bytes met with what was done with it (`copied` or `not-frozen`). */
  isolateContext<T>(value: T, options?: { inPlace?: boolean }): IsolationReport<T>;
  /** A stable hash of a value graph (XXH3-128), to detect mutation after spawn. */
  contextHash(value: unknown): string;
  readonly lifecycle: TaskLifecycle;
  setModeSwitcher(switchMode: (mode: string) => unknown, options?: ModeSwitcherOptions): void;

  /** Pre-task-creation hook: contract check, then a frozen, hashed copy of the context. */
  beforeTaskCreation(input: TaskInput & { parentTaskId?: string }): TaskCreationCheck;
  /** Registers the child the host created (today's TaskDelegated), with the frozen context's hash. */
  afterTaskCreation(created: { parentTaskId: string; childTaskId: string; mode: string; message?: unknown; creation?: TaskCreationCheck }): Transition[];
  /** Pre-result-integration hook: contract check and sanitization of the result, context hash check. */
  beforeResultIntegration(r: { childTaskId: string; parentTaskId?: string; mode?: string; result: string | JsonObject }): ResultIntegration;
  /** Pre-mode-restoration hook: switch the parent back, falling back to `defaultMode`. */
  beforeModeRestoration(r: ModeRestorationInput): Promise<ModeRestoration>;
  /**
   * Result integration in one step, as the host adapters run it: the host's records checked,
   * the output contract, sanitization, drift (the judge where the keyword stage is unsure) and
   * the configured outcome. Never rejects because of the judge.
   */
  integrate(input: IntegrateInput): Promise<Integration>;
  /** Configuration fields dropped by `{ lenient: true }` construction (empty otherwise). */
  readonly configProblems: ConfigProblem[];
  /**
   * The value the host adapters keep beside the host's records (deadlines, clarification
   * rounds, held results, results on their way): pure functions, state in, state out.
   */
  readonly hostState: HostStateApi;

  /**
   * The cross-task verifier (seed 000 §3.7, §4.2): keyword stage, the judge where that stage
   * is unsure (or in the configured band), combined verdict and the configured outcome. Never rejects because of the judge: a
   * judge that throws, rejects, hangs or cannot be read falls back to the keyword verdict.
   */
  verify(input: VerifyInput): Promise<Verdict>;
  /** The host's LLM call (in Roo Code, through its API handler). `null` removes it. */
  setJudge(judge: JudgeFunction | null): void;
  /** Adds a sink for every verification record; returns a function that removes it. */
  onLog(sink: LogSink): () => void;
  /** Judge calls spent for a root task (retries and re-asks count). */
  judgeBudgetUsed(rootTaskId: string): number;
}

// ---- Verification ------------------------------------------------------------------------

export interface VerifyInput {
  /** The parent's new_task `message`; taken from the lifecycle when omitted and the child is known. */
  parentInstructions?: string | JsonObject;
  /** The child's attempt_completion `result`. */
  childOutput: string | JsonObject;
  parentMode?: string;
  childMode?: string;
  parentTaskId?: string;
  childTaskId?: string;
  /** The task whose judge budget is spent; defaults to the parent's root in the lifecycle. */
  rootTaskId?: string;
  /** Strategy B: clarification rounds already sent, and the score of the previous answer. */
  round?: number;
  previousScore?: number;
}

/** What the host's judge gets: the structured request and the ready prompt. */
export interface JudgeRequest {
  instructions: string;
  result: string;
  parentMode?: string;
  childMode?: string;
  unevidenced: string[];
  violations: string[];
  lostConcepts: string[];
  questions: string[];
  /** The per-call random fence around the child's result in `prompt`. */
  delimiter: string;
  prompt: string;
}

/** Returns the model's text, or an already parsed object. */
export type JudgeFunction = (request: JudgeRequest) => string | object | Promise<string | object>;

export interface JudgeVerdict {
  directAdherence?: boolean;
  goalAlignment?: boolean;
  drift?: boolean;
  unaddressed: string[];
  /** 1..5 (5 = perfectly aligned). */
  alignment: number;
  explanation?: string;
}

export interface JudgeInfo {
  verdict?: JudgeVerdict;
  attempts: number;
  reasked: boolean;
  cached: boolean;
  /** No judge verdict was used; the keyword verdict stands. */
  fallback: boolean;
  /** An unreadable answer made the result drifted (judge.onUnparsable = "fail"). */
  failedClosed: boolean;
  timedOut: boolean;
  error?: string;
  unparsable?: string;
  skipped?: string;
  elapsedMs: number;
}

export type VerificationOutcome =
  | { kind: "proceed"; text: string }
  | { kind: "augment"; text: string }
  | { kind: "clarify"; message: string }
  | { kind: "hold"; state: "awaiting-drift-resolution"; result: string }
  | { kind: "conditional"; text: string; flags: string[] };

export interface Verdict extends DriftReport {
  method: "keyword" | "judge" | "hybrid";
  keyword: { score: number; alignment: number; status: DriftStatus };
  judge?: JudgeInfo;
  /** Keyword and judge on the same side of the potential threshold. */
  agreement?: boolean;
  strategy: Strategy;
  outcome: VerificationOutcome;
  record: VerificationRecord;
  elapsedMs: number;
  /** Log sinks that threw (the verdict stands; the record may be missing from those logs). */
  logErrors?: string[];
}

export interface VerificationRecord {
  schema: 1;
  seq: number;
  /** ISO time the verification ended. */
  timestamp: string;
  startedMs: number;
  endedMs: number;
  parentTaskId?: string;
  childTaskId?: string;
  rootTaskId?: string;
  parentMode?: string;
  childMode?: string;
  instructionsHash: string;
  resultHash: string;
  instructions?: string;
  result?: string;
  method: "keyword" | "judge" | "hybrid";
  status: DriftStatus;
  score: number;
  alignment: number;
  keyword: { score: number; alignment: number; status: DriftStatus };
  reasons: string[];
  lost: string[];
  violations: string[];
  unevidenced: string[];
  judge?: JudgeInfo;
  agreement?: boolean;
  strategy: Strategy;
  outcome: VerificationOutcome["kind"];
  round: number;
  requirements: { ids: string[]; addressed: string[]; missing: string[] };
  configVersion: string;
  elapsedMs: number;
}

export type LogSink = (record: VerificationRecord) => void | Promise<void>;

// ---- Isolation and lifecycle -------------------------------------------------------------

export type TaskState =
  | "created"
  | "active"
  | "delegated"
  | "awaiting-result"
  | "resuming"
  | "completed"
  | "aborted"
  | "timed-out"
  | "failed";

export type Outcome = "completed" | "aborted" | "timed-out" | "failed";

/** A child's result as its parent gets it; an error text when the child did not finish. */
export interface ChildResult {
  outcome: Outcome;
  text: string;
  reason?: string;
}

export interface TaskRecord {
  id: string;
  mode: string;
  parentId?: string;
  rootId: string;
  state: TaskState;
  childIds: string[];
  openChild?: string;
  deadlineMs?: number;
  contextHash?: string;
  instructions?: string;
  result?: ChildResult;
  createdMs: number;
  updatedMs: number;
}

/** A child's result waiting in the outbox until its parent's resume is committed. */
export interface Delivery {
  parentId: string;
  childId: string;
  result: ChildResult;
  attempts: number;
  prepared: boolean;
  /** Whether the child's frozen context still hashes as it did at spawn (when the guard froze it). */
  contextIntact?: boolean;
}

export interface Transition {
  taskId: string;
  from: TaskState | null;
  to: TaskState;
  cause: string;
  atMs: number;
}

/** Host events, in the names of both Roo Code APIs (the seeds' and today's). */
export type LifecycleEvent =
  | { type: "taskCreated" | "TaskCreated" | "TaskStarted"; taskId: string; mode?: string }
  | {
      type: "taskSpawned" | "TaskSpawned" | "TaskDelegated" | "taskDelegated";
      parentTaskId: string;
      childTaskId: string;
      mode?: string;
      message?: string;
      contextHash?: string;
    }
  | { type: "taskPaused" | "TaskPaused"; taskId: string }
  | { type: "taskCompleted" | "TaskCompleted"; taskId: string; result?: string }
  | { type: "TaskDelegationCompleted" | "taskDelegationCompleted"; parentTaskId: string; childTaskId: string; summary?: string; completionResultSummary?: string }
  | { type: "taskUnpaused" | "TaskUnpaused" | "TaskDelegationResumed" | "taskDelegationResumed"; taskId?: string; parentTaskId?: string; childTaskId?: string }
  | { type: "taskAborted" | "TaskAborted"; taskId: string; reason?: string }
  | { type: "taskActive" | "TaskActive"; taskId: string }
  | { type: "tick" };

export interface TaskLifecycle {
  /** Applies a host event; returns the transitions (also sent to `on` listeners). */
  handle(event: LifecycleEvent): Transition[];
  /** Listens to transitions; returns the function that stops listening. A listener that throws
   * never stops or undoes a transition: its error is kept for `listenerErrors()`. */
  on(listener: (transition: Transition) => void): () => void;
  /** The last 20 errors thrown by listeners: the state and task of the transition, the message. */
  listenerErrors(): { state: string; taskId: string; message: string }[];
  create(taskId: string, mode?: string): Transition[];
  spawn(spawn: { parentTaskId: string; childTaskId: string; mode: string; message?: string; contextHash?: string }): Transition[];
  complete(taskId: string, result: string): Transition[];
  abort(taskId: string, reason?: string): Transition[];
  /** Times out children past their deadline, as of the clock's now. */
  tick(): Transition[];
  nextDeadline(): number | null;
  /** Keeps a timer on the next deadline (unref'd in Node); returns the function that stops it. */
  watchDeadlines(): () => void;
  /**
   * Hands a parent its child's result: prepare, `deliver`, commit. If `deliver` throws or
   * rejects, the resume is rolled back and the result stays in the outbox; the error is rethrown.
   */
  resume(parentTaskId: string, deliver: (delivery: Delivery) => unknown): Promise<Delivery>;
  prepareResume(parentTaskId: string): Delivery;
  commitResume(parentTaskId: string): Transition[];
  rollbackResume(parentTaskId: string, reason: string): Transition[];
  task(taskId: string): TaskRecord | null;
  tasks(): TaskRecord[];
  /** Child results waiting for their parents. */
  pending(): Delivery[];
  /** The whole registry as JSON (for `.roo/boomerang-state.json`). */
  exportState(): string;
  /** Replaces the registry; an invalid or newer state throws and keeps the current one. */
  importState(json: string): void;
  /** The clock deadlines are measured with (default `Date.now`). */
  setClock(now: () => number): void;
}

export interface ModeSwitcherOptions {
  /** Reads back the host's current mode, to report a switch that did not take effect. */
  current?: () => string | Promise<string>;
  /** The host's modes; a saved mode not among them falls back to `defaultMode`. */
  modes?: () => string[] | Promise<string[]>;
  /**
   * How long the whole restoration may take, every host call included (default 2000): past it,
   * a switch counts as failed and the parent is not kept waiting.
   */
  timeoutMs?: number;
  /** The host's own default mode (Roo Code's `defaultModeSlug`), the fallback; else `defaultMode`. */
  defaultMode?: string;
}

export interface ModeRestorationInput {
  taskId?: string;
  savedMode?: string | null;
  /** The mode the host is in now (read through `current` when not given). */
  currentMode?: string;
  /** The mode the host switched to for the child: a different current mode is the user's choice, kept. */
  delegatedMode?: string;
}

export interface ModeRestoration {
  requested: string | null;
  /** The mode the host is in now, or null when even the fallback failed. */
  mode: string | null;
  fellBack: boolean;
  tookEffect: boolean | null;
  ok: boolean;
  reasons: string[];
}

/** What `isolateContext` did. */
export interface IsolationReport<T> {
  value: DeepReadonly<T>;
  /** The context hash of the value (equal for the original and its copy). */
  hash: string;
  /** Bytes met, in walk order: copied for the child, or left writable in place. */
  binary: BinaryNote[];
}

export interface TaskCreationCheck {
  ok: boolean;
  check: InputCheck;
  /** The (sanitized) message and todos to create the child with. */
  message: unknown;
  todos: unknown;
  /** A deep-frozen copy of the context: what the child may read. */
  frozenContext: unknown;
  contextHash: string | null;
  /** Bytes in the context, which the child got as copies (JS cannot freeze bytes). */
  contextBinary: BinaryNote[];
  summary: string;
  errors: ContractError[];
}

export interface ResultIntegration {
  ok: boolean;
  check: ResultCheck;
  /** The text to hand the parent. */
  text: string;
  /** Whether the child's frozen context still hashes as at spawn; null when there was none. */
  contextIntact: boolean | null;
  summary: string;
}

// ---- Drift ----------------------------------------------------------------------------------

export interface IntegrateInput {
  host?: HostKind;
  /** `"today"`: `Subtask <id> completed.\n\nResult:\n<text>`; `"seed"`: `[new_task completed] Result: <text>`. */
  api?: ParentApi;
  parentTaskId?: string;
  childTaskId: string;
  result: string;
  parent?: HostRecord;
  child?: HostRecord;
  mode?: string;
  parentMode?: string;
  instructions?: string;
  rootTaskId?: string;
  /** Strategy B: rounds already sent and the last score; default: what `state` holds for the child. */
  round?: number;
  previousScore?: number;
  /** The host state the adapter persists (`hostState.apply`/`reconcile`); read leniently. */
  state?: unknown;
  verify?: boolean;
}

export interface Integration {
  /** Hand `text` to the parent now; otherwise `clarification` goes back to the child (B) or the result is `held` (C). */
  resume: boolean;
  status: IntegrationStatus;
  /** The mode whose contract was applied. */
  mode: string;
  text: string | null;
  parentMessage: string | null;
  clarification?: string;
  held?: string;
  nextRound?: NextRound;
  outcome: VerificationOutcome | { kind: "contract-error"; text: string } | { kind: "proceed"; text: string };
  check: ResultCheck;
  verdict?: Verdict;
  findings: Finding[];
  summary: string;
  logErrors?: string[];
}

export interface HostStateApi {
  apply(state: unknown, event: Record<string, unknown>, now: number): { state: unknown; deliveries: HostDelivery[] };
  reconcile(state: unknown, host: HostKind, records: HostRecord[], now: number): { state: unknown; deliveries: HostDelivery[]; held: string[]; findings: Finding[] };
  nextDeadline(state: unknown): number | null;
}
