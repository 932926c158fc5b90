// The wrapper over the wasm bindings, shared by the CommonJS (Node) and ESM (web) entries.
import { toGuardError } from "./errors.js";
import type {
  Guard,
  GuardConfig,
  InputCheck,
  JsonObject,
  JsonSchema,
  ModeContractSpec,
  ModeSettings,
  ResultCheck,
  TaskInput,
} from "./types.js";

/** The class wasm-bindgen generates (src/wasm.rs). */
export interface WasmGuardInstance {
  registerSchema(schema: unknown): string;
  setModeContract(mode: string, spec: unknown): void;
  checkTaskInput(mode: string, input: unknown): unknown;
  checkTaskResult(mode: string, result: unknown): unknown;
  modes(): string[];
  settingsFor(mode: string): unknown;
}
export type WasmGuardClass = new (config: unknown) => WasmGuardInstance;

function call<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw toGuardError(e);
  }
}

function requireMode(mode: unknown): string {
  // The core names the problem precisely; only non-strings need catching here.
  return typeof mode === "string" ? mode : String(mode ?? "");
}

export function wrap(WasmGuard: WasmGuardClass, config?: GuardConfig): Guard {
  const inner = call(() => new WasmGuard(config));
  return {
    registerSchema: (schema: JsonSchema) => call(() => inner.registerSchema(schema)),
    setModeContract: (mode: string, contract: ModeContractSpec) =>
      call(() => inner.setModeContract(requireMode(mode), contract)),
    checkTaskInput: (input: TaskInput): InputCheck =>
      call(() => {
        const { mode, ...rest } = input ?? ({} as TaskInput);
        return inner.checkTaskInput(requireMode(mode), rest) as InputCheck;
      }),
    checkTaskResult: ({ mode, result }: { mode: string; result: string | JsonObject }): ResultCheck =>
      call(() => {
        const report = inner.checkTaskResult(requireMode(mode), result) as ResultCheck;
        report.original = typeof result === "string" ? result : JSON.stringify(result);
        return report;
      }),
    modes: () => call(() => inner.modes()),
    settingsFor: (mode: string) =>
      call(() => inner.settingsFor(mode) as Required<ModeSettings> & { defaultMode: string }),
  };
}
