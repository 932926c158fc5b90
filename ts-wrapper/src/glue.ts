import type { FreezeBinding } from "./freeze.js";
// The shape of what wasm-bindgen generates from src/wasm (the same for every glue).
export interface WasmGuardInstance {
  registerSchema(schema: unknown): string;
  setModeContract(mode: string, spec: unknown): void;
  checkTaskInput(mode: string, input: unknown): unknown;
  checkTaskResult(mode: string, result: unknown): unknown;
  modes(): string[];
  settingsFor(mode: string): unknown;
  lifecycleApply(event: unknown, now: number): unknown;
  lifecycleTick(now: number): unknown;
  lifecycleNextDeadline(): number | undefined;
  lifecyclePrepareResume(parentId: string, now: number): unknown;
  lifecycleCommitResume(parentId: string, now: number): unknown;
  lifecycleRollbackResume(parentId: string, reason: string, now: number): unknown;
  lifecycleTask(id: string): unknown;
  lifecycleTasks(): unknown;
  lifecyclePending(): unknown;
  lifecycleExport(now: number): string;
  lifecycleImport(text: string): void;
  planRestore(input: unknown): unknown;
  configProblems(): { path: string; message: string }[];
  integrateBegin(input: unknown, now: number): unknown;
  integrateFinish(token: number, answer: unknown, now: number): unknown;
  integrateAbandon(token: number): boolean;
  hostApply(state: unknown, event: unknown, now: number): unknown;
  hostReconcile(state: unknown, host: unknown, records: unknown, now: number): unknown;
  hostNextDeadline(state: unknown): number | undefined;
  scoreDrift(instructions: unknown, result: unknown, mode: string | undefined): unknown;
  verifyBegin(input: unknown, now: number): unknown;
  verifyFinish(token: number, answer: unknown, now: number): unknown;
  verifyAbandon(token: number): boolean;
  judgeBudgetUsed(rootTaskId: string): number;
  judgeChanged(): void;
  /** Lets this guard compile schemas through the compiler module's `port`. */
  useSchemaCompiler(port: CompilerGlue): void;
}

/** What the compiler module exports (src/compiler_module.rs), which a guard calls as its port. */
export interface CompilerGlue {
  build(id: string, docs: string, keysUnchecked: boolean, meta: boolean): string;
  release(handle: number): void;
  validate(handle: number, value: string, left: number, errors: boolean): string;
  firstInvalid(doc: string): string;
  keyPatterns(docs: string): string;
  keyRegex(pattern: string): number;
  keyMatches(handle: number, key: string, left: number): number;
  releaseKeyRegex(handle: number): void;
}

export interface Glue extends FreezeBinding {
  WasmGuard: { new (config: unknown): WasmGuardInstance; lenient(config: unknown): WasmGuardInstance };
  restoreMode(
    plan: unknown,
    requested: string | undefined,
    switchMode: (mode: string) => unknown,
    current: (() => unknown) | undefined,
    timeoutMs: number,
  ): Promise<unknown>;
  callJudge(judge: (request: unknown) => unknown, request: unknown, timeoutMs: number, retries: number): Promise<unknown>;
  /** `"core"` (the packaged module) or `"full"` (the crate's wasm tests): which build it is. */
  buildVariant(): string;
}
