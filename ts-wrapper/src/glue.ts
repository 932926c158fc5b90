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
  planRestore(saved: string | undefined, known: string[]): unknown;
  scoreDrift(instructions: unknown, result: unknown, mode: string | undefined): unknown;
  verifyBegin(input: unknown, now: number): unknown;
  verifyFinish(token: number, answer: unknown, now: number): unknown;
  verifyAbandon(token: number): boolean;
  judgeBudgetUsed(rootTaskId: string): number;
}

export interface Glue {
  WasmGuard: new (config: unknown) => WasmGuardInstance;
  freezeContext(value: unknown): unknown;
  deepFreeze(value: unknown): unknown;
  contextHash(value: unknown): string;
  freezeAndHash(value: unknown): { value: unknown; hash: string };
  restoreMode(
    plan: unknown,
    requested: string | undefined,
    switchMode: (mode: string) => unknown,
    current: (() => unknown) | undefined,
    timeoutMs: number,
  ): Promise<unknown>;
  callJudge(judge: (request: unknown) => unknown, request: unknown, timeoutMs: number, retries: number): Promise<unknown>;
}
