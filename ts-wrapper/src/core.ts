// The wrapper over the wasm bindings, shared by the CommonJS (Node) and ESM (web) entries.
import { BoomerangGuardError, busy, toGuardError } from "./errors.js";
import type * as FreezeModule from "./freeze.js";
import type { CompilerGlue, Glue } from "./glue.js";
import type * as LifecycleModule from "./lifecycle.js";
import type { Lifecycle } from "./lifecycle.js";
import type * as VerifyModule from "./verify.js";
import type { VerifierApi } from "./verify.js";
import type {
  ConfigProblem,
  DeepReadonly,
  DriftReport,
  Guard,
  GuardConfig,
  InputCheck,
  IsolationReport,
  BinaryNote,
  JsonObject,
  JsonSchema,
  ModeContractSpec,
  ModeRestoration,
  ModeSettings,
  ModeSwitcherOptions,
  ResultCheck,
  ResultIntegration,
  TaskCreationCheck,
  TaskInput,
} from "./types.js";

/**
 * Runs one call into the module. A callback of the host that the module runs synchronously (a
 * getter, a proxy trap, a toJSON) and that calls back into the same guard is refused with
 * `BUSY`: the module is in the middle of the outer call. Async callbacks (judge, mode switch,
 * listeners) run between calls and are served.
 */
function caller(): <T>(f: () => T) => T {
  let depth = 0;
  return <T>(f: () => T): T => {
    if (depth > 0) {
      throw busy();
    }
    depth++;
    try {
      return f();
    } catch (e) {
      throw toGuardError(e);
    } finally {
      depth--;
    }
  };
}

function requireMode(mode: unknown): string {
  // The core names the problem precisely; only non-strings need converting here.
  return typeof mode === "string" ? mode : String(mode ?? "");
}

/** The whole mode restoration, every host call included. */
const DEFAULT_RESTORE_BUDGET_MS = 2_000;

/** A host callback's answer, or `fallback` when it throws, rejects or takes longer than `ms`. */
async function within<T>(f: (() => T | Promise<T>) | undefined, ms: number, fallback: T): Promise<T> {
  if (!f) return fallback;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(f),
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), Math.max(0, ms));
      }),
    ]);
  } catch {
    return fallback;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/**
 * The parts of the wrapper a guard may never use: isolation, the lifecycle, the verifier. The
 * CommonJS entries load them on first use (a process that only checks contracts never reads
 * them); the ESM entries are bundled with them (one file for a browser to fetch).
 */
export interface Parts {
  freeze(): typeof FreezeModule;
  lifecycle(): typeof LifecycleModule;
  verify(): typeof VerifyModule;
}

export function wrap(glue: Glue, parts: Parts, config?: GuardConfig, options?: { lenient?: boolean }, compiler?: CompilerGlue): Guard {
  const call = caller();
  // Looked up once: a `require` per call would cost every freeze and hash a module lookup.
  let freezeOnce: ReturnType<Parts["freeze"]> | undefined;
  const isolate = (value: unknown, mode: "HASH_ONLY" | "COPY" | "IN_PLACE", hash: boolean) => {
    const freeze = (freezeOnce ??= parts.freeze());
    return freeze.isolate(glue, value, freeze[mode], hash);
  };
  const inner = call(() => (options?.lenient ? glue.WasmGuard.lenient(config) : new glue.WasmGuard(config)));
  // The full entries hand over the compiler module's port; boomerang-guard/lite never does.
  if (compiler) call(() => inner.useSchemaCompiler(compiler));
  const configProblems: ConfigProblem[] = options?.lenient ? call(() => inner.configProblems()) : [];
  // Frozen contexts handed to children, to re-hash on completion and on resume; the oldest are
  // forgotten past MAX_CONTEXTS, as the lifecycle prunes old rounds (then there is nothing to
  // compare: contextIntact is null).
  const contexts = new Map<string, { value: unknown; hash: string }>();
  const MAX_CONTEXTS = 1024;
  const contextIntact = (childId: string): boolean | null => {
    const kept = contexts.get(childId);
    if (!kept) return null;
    return call(() => isolate(kept.value, "HASH_ONLY", true).hash) === kept.hash;
  };
  let lifecycleOnce: Lifecycle | undefined;
  const lifecycle = (): Lifecycle => (lifecycleOnce ??= new (parts.lifecycle().Lifecycle)(inner, call, contextIntact));
  let switcher: { switchMode: (mode: string) => unknown; options: ModeSwitcherOptions } | undefined;

  const checkTaskInput = (input: TaskInput): InputCheck =>
    call(() => {
      let mode: unknown;
      let rest: Record<string, unknown>;
      try {
        // Reading the host's object runs its getters and proxy traps: their errors are the input's.
        ({ mode, ...rest } = input ?? ({} as TaskInput));
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        throw new BoomerangGuardError("UNSERIALIZABLE", `the task input cannot be read: ${why}`);
      }
      return inner.checkTaskInput(requireMode(mode), rest) as InputCheck;
    });
  const checkTaskResult = (check: { mode: string; result: string | JsonObject }): ResultCheck =>
    call(() => {
      const { mode, result } = check;
      const report = inner.checkTaskResult(requireMode(mode), result) as ResultCheck;
      report.original = typeof result === "string" ? result : JSON.stringify(result);
      return report;
    });

  let verifierOnce: VerifierApi | undefined;
  const verifier = (): VerifierApi => (verifierOnce ??= parts.verify().createVerifier(inner, glue, call));

  const guard: Guard = {
    verify: (input) => verifier().verify(input),
    integrate: (input) => verifier().integrate(input),
    setJudge: (judge) => verifier().setJudge(judge),
    onLog: (sink) => verifier().onLog(sink),
    judgeBudgetUsed: (rootTaskId) => verifier().judgeBudgetUsed(rootTaskId),
    registerSchema: (schema: JsonSchema) => call(() => inner.registerSchema(schema)),
    setModeContract: (mode: string, contract: ModeContractSpec) =>
      call(() => inner.setModeContract(requireMode(mode), contract)),
    checkTaskInput,
    checkTaskResult,
    modes: () => call(() => inner.modes()),
    settingsFor: (mode: string) =>
      call(() => inner.settingsFor(mode) as Required<ModeSettings> & { defaultMode: string }),
    scoreDrift: (instructions: string, result: string, options?: { mode?: string }) =>
      call(() => inner.scoreDrift(instructions, result, options?.mode) as DriftReport),
    freezeContext: <T>(value: T) => call(() => isolate(value, "COPY", false).value as DeepReadonly<T>),
    deepFreeze: <T>(value: T) => call(() => isolate(value, "IN_PLACE", false).value as DeepReadonly<T>),
    contextHash: (value: unknown) => call(() => isolate(value, "HASH_ONLY", true).hash),
    isolateContext: <T>(value: T, options?: { inPlace?: boolean }) =>
      call(() => isolate(value, options?.inPlace === true ? "IN_PLACE" : "COPY", true) as IsolationReport<T>),
    get lifecycle() {
      return lifecycle();
    },
    configProblems,
    hostState: {
      apply: (state, event, now) => call(() => inner.hostApply(state ?? null, event, now) as ReturnType<Guard["hostState"]["apply"]>),
      reconcile: (state, host, records, now) =>
        call(() => inner.hostReconcile(state ?? null, host, records, now) as ReturnType<Guard["hostState"]["reconcile"]>),
      nextDeadline: (state) => call(() => inner.hostNextDeadline(state ?? null)) ?? null,
    },
    setModeSwitcher(switchMode, options = {}) {
      if (typeof switchMode !== "function") {
        throw new BoomerangGuardError("INVALID_ARGUMENT", "setModeSwitcher needs a function (mode) => void | Promise<void>");
      }
      switcher = { switchMode, options };
    },

    beforeTaskCreation(input): TaskCreationCheck {
      const { parentTaskId: _parent, ...task } = input;
      void _parent;
      const check = checkTaskInput(task);
      const value = (check.value ?? {}) as { message?: unknown; todos?: unknown; context?: unknown };
      let frozenContext: unknown = undefined;
      let contextHash: string | null = null;
      let contextBinary: BinaryNote[] = [];
      if (check.ok && value.context !== undefined) {
        const frozen = call(() => isolate(value.context, "COPY", true));
        frozenContext = frozen.value;
        contextHash = frozen.hash;
        contextBinary = frozen.binary;
      }
      return { ok: check.ok, check, message: value.message, todos: value.todos, frozenContext, contextHash, contextBinary, summary: check.summary, errors: check.errors };
    },

    afterTaskCreation({ parentTaskId, childTaskId, mode, message, creation }) {
      const hash = creation?.contextHash ?? undefined;
      if (creation && hash) {
        contexts.delete(childTaskId);
        contexts.set(childTaskId, { value: creation.frozenContext, hash });
        while (contexts.size > MAX_CONTEXTS) contexts.delete(contexts.keys().next().value as string);
      }
      const text = typeof message === "string" ? message : message === undefined ? undefined : JSON.stringify(message);
      return lifecycle().spawn({
        parentTaskId,
        childTaskId,
        mode,
        ...(text === undefined ? {} : { message: text }),
        ...(hash ? { contextHash: hash } : {}),
      });
    },

    beforeResultIntegration({ childTaskId, mode, result }): ResultIntegration {
      const childMode = mode ?? lifecycle().task(childTaskId)?.mode;
      if (!childMode) {
        throw new BoomerangGuardError("UNKNOWN_TASK", `no mode given and no task ${JSON.stringify(childTaskId)} in the lifecycle`, "/childTaskId");
      }
      const check = checkTaskResult({ mode: childMode, result });
      const intact = contextIntact(childTaskId);
      let summary = check.summary;
      if (intact === false) {
        summary += " The child's frozen context changed after it was handed over: a mutation got around the freeze.";
      }
      return { ok: check.ok && intact !== false, check, text: check.text, contextIntact: intact, summary };
    },

    async beforeModeRestoration({ taskId, savedMode, currentMode, delegatedMode }): Promise<ModeRestoration> {
      const saved = savedMode ?? (taskId ? lifecycle().task(taskId)?.mode : undefined) ?? undefined;
      const started = Date.now();
      const budget = switcher?.options.timeoutMs ?? DEFAULT_RESTORE_BUDGET_MS;
      const left = () => Math.max(1, budget - (Date.now() - started));
      const opts = switcher?.options;
      const current = currentMode ?? (await within<string | undefined>(opts?.current, left(), undefined));
      const known = await within<string[]>(opts?.modes, left(), []);
      const plan = call(() =>
        inner.planRestore({
          saved: saved ?? null,
          known: Array.isArray(known) ? known.filter((m) => typeof m === "string") : [],
          hostDefault: opts?.defaultMode ?? null,
          current: typeof current === "string" ? current : null,
          delegatedMode: delegatedMode ?? null,
        }),
      ) as { target: string | null; reason?: string };
      if (!switcher) {
        if (plan.target === null) {
          return { requested: saved ?? null, mode: current ?? saved ?? null, fellBack: false, tookEffect: true, ok: true, reasons: plan.reason ? [plan.reason] : [] };
        }
        return { requested: saved ?? null, mode: null, fellBack: false, tookEffect: null, ok: false, reasons: ["no mode switcher is set (setModeSwitcher)"] };
      }
      return (await glue.restoreMode(plan, saved, switcher.switchMode, opts?.current, left())) as ModeRestoration;
    },
  };
  return guard;
}
