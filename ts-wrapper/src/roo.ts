// Host adapters (`boomerang-guard/roo`) for Zoo Code, Roo Code v3.52.1 and the specifications'
// older flow. Each boundary is one call the host makes where it already is: spawn
// (NewTaskTool), result integration (AttemptCompletionTool → reopenParentFromDelegation),
// a child closed without a result, deadlines, mode restoration, start-up reconciliation.
//
// The host's persisted records (`HistoryItem`s) are the source of truth: the child's message,
// mode and parent are read from them at the moment they are needed, so a missed call or a reload
// cannot leave a delegation unguarded. What the hosts do not keep (deadlines, clarification
// rounds, held results, results on their way) lives in one value persisted with the host's state
// (VS Code's `globalState`). Every decision is the core's (`integrate`, `host` state); this file
// reads the host, converts, and never throws into the host.
import type {
  ContractError,
  Finding,
  Guard,
  HostDelivery,
  HostKind,
  HostRecord,
  Integration,
  IntegrationStatus,
  ModeRestoration,
  ModeRestorationInput,
  ResultCheck,
  TaskCreationCheck,
  Verdict,
} from "./types.js";

export type { HostDelivery, HostKind, HostRecord, IntegrationStatus } from "./types.js";

/** VS Code's `Memento` (`context.globalState`), or anything with its two methods. */
export interface StateStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void> | void;
}

export interface RooHooksOptions {
  /**
   * How the parent receives a child's result: `"today"` (reopenParentFromDelegation:
   * `Subtask <id> completed.\n\nResult:\n<text>`) or `"seed"` (resumePausedTask:
   * `[new_task completed] Result: <text>`). Default "today".
   */
  api?: "today" | "seed";
  /** Whose records these are, for their status set (default "zoo"; "seed" with `api: "seed"`). */
  host?: HostKind;
  /** Reads the host's persisted `HistoryItem` of a task (undefined when there is none). */
  records?: (taskId: string) => object | undefined | PromiseLike<object | undefined>;
  /** Where the guard keeps what the host does not (VS Code: `context.globalState`). */
  state?: StateStore;
  /** The key under `state` (default "boomerangGuard.hostState"). */
  stateKey?: string;
  /** Mode of a parent whose record gives none (default: unknown). */
  parentMode?: string;
  /** Run the drift verifier on results that pass their contract (default true). */
  verify?: boolean;
  /** Told once about each problem: a dropped setting, a disagreement with the records, the guard off. */
  onProblem?: (message: string) => void;
  /** The clock (ms), for deadlines. */
  now?: () => number;
}

export interface NewTaskInput {
  parentTaskId?: string;
  /** The parent's own mode, when known. */
  parentMode?: string;
  mode: string;
  message: unknown;
  todos?: unknown;
  context?: unknown;
}

export interface NewTaskDecision {
  ok: boolean;
  /** The sanitized message and todos to create the child with (use these, not the raw ones). */
  message: unknown;
  todos: unknown;
  frozenContext: unknown;
  contextHash: string | null;
  errors: ContractError[];
  summary: string;
  /** When `ok` is false: the text to return as the tool's error (the orchestrator reads it). */
  toolError?: string;
  /** Pass to `afterNewTask` once the host created the child. */
  creation: TaskCreationCheck | null;
}

export interface ResultDecision {
  /** Whether the parent should be resumed now (false for clarify and hold). */
  resume: boolean;
  /** The result text for the parent (`completionResultSummary`); null when not resuming. */
  text: string | null;
  /** `text` wrapped as the parent receives it under `options.api`. */
  parentMessage: string | null;
  status: IntegrationStatus;
  /** The drift verdict, when the result passed its contract and was verified. */
  verdict?: Verdict;
  outcome: Integration["outcome"];
  /** Strategy B: the message to send back to the child instead of resuming the parent. */
  clarification?: string;
  check: ResultCheck | null;
  contextIntact: boolean | null;
  /** Disagreements with the host's records (also sent to `onProblem`). */
  findings: Finding[];
  /** The child's result exactly as it came. Nothing is lost. */
  original: string;
  summary: string;
}

export interface Reconciled {
  /** Results to hand parents now (decided before a reload, or for children that are gone). */
  deliveries: HostDelivery[];
  /** Parents whose result strategy C still holds. */
  held: string[];
  findings: Finding[];
}

export interface RooHooks {
  /** The guard, or null when it could not start (then every hook passes the host's values through). */
  readonly guard: Guard | null;
  /** Everything reported to `onProblem` so far (the last 100). */
  readonly problems: string[];
  /** Pre-task-creation: before `delegateParentAndOpenChild` (today) or `initClineWithTask` (seeds). */
  beforeNewTask(input: NewTaskInput): NewTaskDecision;
  /**
   * Optional, after the host created the child: starts its deadline now (otherwise it starts when
   * the guard first sees the child) and keeps its frozen context for the integrity check.
   */
  afterNewTask(created: { parentTaskId: string; childTaskId: string; mode: string; message?: unknown; parentMode?: string; creation?: TaskCreationCheck | null }): { registered: boolean; reason?: string };
  /** Pre-result-integration: before `reopenParentFromDelegation` (today) or `resumePausedTask` (seeds). */
  beforeResultIntegration(input: { parentTaskId?: string; childTaskId: string; result: string; parentInstructions?: string; mode?: string }): Promise<ResultDecision>;
  /** Pre-mode-restoration: switches the parent back to its saved mode, falling back to the host's default. */
  beforeModeRestoration(input: ModeRestorationInput): Promise<ModeRestoration>;
  /**
   * A child was closed without a result (cancelled, aborted, removed): the text its parent must
   * get instead, or null when its result is already on its way (the normal completion path).
   */
  childEnded(input: { parentTaskId: string; childTaskId: string; reason?: string }): Promise<HostDelivery | null>;
  /** The host handed the parent its result. Optional: the next reconciliation reads the records. */
  delivered(parentTaskId: string): Promise<void>;
  /** Start-up: compares the guard's state with all of the host's records. */
  reconcile(records: readonly object[]): Promise<Reconciled>;
  /** Children past their deadline now: the results their parents must get. */
  due(): Promise<HostDelivery[]>;
  /**
   * Calls `onExpired` for each child past its deadline, as deadlines come; returns a stop
   * function. An answer of `false` (the host did not reopen the parent) keeps the result pending.
   */
  watchDeadlines(onExpired: (d: HostDelivery) => unknown): () => void;
  /** Strategy C: lets a held result go to its parent. */
  release(parentTaskId: string): Promise<HostDelivery | null>;
}

const MAX_PROBLEMS = 100;
/** Spawns remembered for hosts that pass no records (message, mode, frozen context). */
const MAX_SPAWNS = 4096;

const why = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Only the fields the guard reads cross into the module. */
function pick(r: unknown): HostRecord | undefined {
  if (!r || typeof r !== "object") return undefined;
  const src = r as Record<string, unknown>;
  if (typeof src.id !== "string") return undefined;
  const out: HostRecord = { id: src.id };
  for (const k of ["task", "mode", "status", "parentTaskId", "rootTaskId", "delegatedToId", "awaitingChildId", "completedByChildId"] as const) {
    if (typeof src[k] === "string") out[k] = src[k] as string;
  }
  if (Array.isArray(src.childIds)) out.childIds = src.childIds.filter((c): c is string => typeof c === "string");
  if (typeof src.ts === "number") out.ts = src.ts;
  return out;
}

export function createRooHooks(source: Guard | (() => Guard), options: RooHooksOptions = {}): RooHooks {
  const api = options.api ?? "today";
  const host: HostKind = options.host ?? (api === "seed" ? "seed" : "zoo");
  const now = options.now ?? Date.now;
  const stateKey = options.stateKey ?? "boomerangGuard.hostState";
  const problems: string[] = [];
  const seen = new Set<string>();
  const report = (message: string) => {
    if (seen.has(message)) return;
    seen.add(message);
    problems.push(message);
    if (problems.length > MAX_PROBLEMS) seen.delete(problems.shift()!);
    try {
      options.onProblem?.(message);
    } catch {
      // A reporter that throws must not break the boundary it reports on.
    }
  };

  let guard: Guard | null = null;
  try {
    guard = typeof source === "function" ? source() : source;
  } catch (e) {
    report(`boomerang-guard could not start and guards nothing: ${why(e)}`);
  }
  for (const p of guard?.configProblems ?? []) report(`boomerang-guard setting ${p.path || "(root)"}: ${p.message}`);

  // The host state, persisted through `options.state`; writes are chained so they land in order.
  let state: unknown;
  try {
    state = options.state?.get(stateKey);
  } catch (e) {
    report(`the guard's saved state could not be read (${why(e)}); starting empty`);
  }
  let writing: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    const store = options.state;
    if (!store) return writing;
    const snapshot = state;
    writing = writing
      .then(() => store.update(stateKey, snapshot))
      .then(undefined, (e: unknown) => report(`the guard's state could not be saved: ${why(e)}`));
    return writing;
  };
  const apply = async (event: Record<string, unknown>): Promise<HostDelivery[]> => {
    if (!guard) return [];
    const out = guard.hostState.apply(state, event, now());
    state = out.state;
    await save();
    return out.deliveries;
  };

  const read = async (id: string | undefined): Promise<HostRecord | undefined> => {
    if (!id || !options.records) return undefined;
    try {
      return pick(await options.records(id));
    } catch {
      return undefined;
    }
  };

  // What the adapter saw at spawn: a fallback for hosts that pass no records, and the frozen
  // contexts to re-hash. Bounded; the records remain the source of truth.
  const spawns = new Map<string, { message?: string; mode: string; parentTaskId: string; context?: { value: unknown; hash: string } }>();
  const remember = (childId: string, entry: typeof spawns extends Map<string, infer V> ? V : never) => {
    spawns.delete(childId);
    spawns.set(childId, entry);
    if (spawns.size > MAX_SPAWNS) spawns.delete(spawns.keys().next().value as string);
  };

  const passThrough = (childTaskId: string, original: string, summary: string): ResultDecision => ({
    resume: true,
    text: original,
    parentMessage: api === "today" ? `Subtask ${childTaskId} completed.\n\nResult:\n${original}` : `[new_task completed] Result: ${original}`,
    status: "UNVERIFIED",
    outcome: { kind: "proceed", text: original },
    check: null,
    contextIntact: null,
    findings: [],
    original,
    summary,
  });

  const hooks: RooHooks = {
    get guard() {
      return guard;
    },
    problems,

    beforeNewTask(input) {
      if (!guard) {
        return { ok: true, message: input.message, todos: input.todos, frozenContext: input.context, contextHash: null, errors: [], summary: "boomerang-guard is off; nothing was checked.", creation: null };
      }
      const { parentMode: _parentMode, ...task } = input;
      void _parentMode;
      let creation: TaskCreationCheck;
      try {
        creation = guard.beforeTaskCreation(task);
      } catch (e) {
        // A call the guard cannot take (an unknown mode under unknownMode "error", unreadable
        // input) is the orchestrator's to fix: it reads why.
        const summary = why(e);
        return {
          ok: false,
          message: input.message,
          todos: input.todos,
          frozenContext: undefined,
          contextHash: null,
          errors: [],
          summary,
          toolError: `The new_task call for mode "${input.mode}" could not be checked, so no subtask was created: ${summary}`,
          creation: null,
        };
      }
      const decision: NewTaskDecision = {
        ok: creation.ok,
        message: creation.message,
        todos: creation.todos,
        frozenContext: creation.frozenContext,
        contextHash: creation.contextHash,
        errors: creation.errors,
        summary: creation.summary,
        creation,
      };
      if (!creation.ok) {
        decision.toolError = `The new_task message for mode "${input.mode}" does not meet that mode's contract, so no subtask was created. ${creation.summary} Fix the message and call new_task again.`;
      }
      return decision;
    },

    afterNewTask({ parentTaskId, childTaskId, mode, message, creation }) {
      if (!guard) return { registered: false, reason: "boomerang-guard is off" };
      const text = typeof message === "string" ? message : message === undefined ? undefined : JSON.stringify(message);
      const hash = creation?.contextHash ?? null;
      remember(childTaskId, {
        mode,
        parentTaskId,
        ...(text === undefined ? {} : { message: text }),
        ...(hash ? { context: { value: creation?.frozenContext, hash } } : {}),
      });
      void apply({ op: "spawned", parentTaskId, childTaskId, mode }).catch((e: unknown) => report(`deadline of ${childTaskId} not kept: ${why(e)}`));
      return { registered: true };
    },

    async beforeResultIntegration({ parentTaskId, childTaskId, result, parentInstructions, mode }) {
      const original = typeof result === "string" ? result : JSON.stringify(result);
      if (!guard) return passThrough(childTaskId, original, "boomerang-guard is off; the result was passed on unchecked.");
      const [parent, child] = await Promise.all([read(parentTaskId), read(childTaskId)]);
      const spawned = spawns.get(childTaskId);
      const parentId = parentTaskId ?? child?.parentTaskId ?? spawned?.parentTaskId;
      const parentMode = parent?.mode ?? options.parentMode;
      let integration: Integration;
      try {
        integration = await guard.integrate({
          host,
          api,
          childTaskId,
          result: original,
          ...(parentId ? { parentTaskId: parentId } : {}),
          ...(parent ? { parent } : {}),
          ...(child ? { child } : {}),
          ...(mode ?? (child?.mode === undefined ? spawned?.mode : undefined) ? { mode: (mode ?? spawned?.mode) as string } : {}),
          ...(parentMode ? { parentMode } : {}),
          ...(parentInstructions ?? (child?.task === undefined ? spawned?.message : undefined) ? { instructions: (parentInstructions ?? spawned?.message) as string } : {}),
          // Strategy B's round for this child comes from the persisted state, read by the core.
          state,
          ...(options.verify === false ? { verify: false } : {}),
        });
      } catch (e) {
        // Nothing is lost: a result the guard cannot check still reaches the parent, marked so.
        report(`the result of ${childTaskId} was passed on unchecked: ${why(e)}`);
        return passThrough(childTaskId, original, `boomerang-guard could not check this result (${why(e)}); it was passed on unchecked.`);
      }
      for (const f of integration.findings) report(`${f.code} (${f.taskId}): ${f.message}`);
      if (parentId) {
        await apply({
          op: "integrated",
          parentTaskId: parentId,
          childTaskId,
          resume: integration.resume,
          text: integration.text,
          ...(integration.held !== undefined ? { held: integration.held } : {}),
          ...(integration.nextRound ? { nextRound: integration.nextRound } : {}),
        }).catch((e: unknown) => report(`state after ${childTaskId}'s result not kept: ${why(e)}`));
      }
      const kept = spawned?.context;
      const contextIntact = kept ? guard.contextHash(kept.value) === kept.hash : null;
      let summary = integration.summary;
      if (contextIntact === false) summary += " The child's frozen context changed after it was handed over: a mutation got around the freeze.";
      if (integration.resume || integration.held !== undefined) spawns.delete(childTaskId);
      return {
        resume: integration.resume,
        text: integration.text,
        parentMessage: integration.parentMessage,
        status: integration.status,
        ...(integration.verdict ? { verdict: integration.verdict } : {}),
        outcome: integration.outcome,
        ...(integration.clarification !== undefined ? { clarification: integration.clarification } : {}),
        check: integration.check,
        contextIntact,
        findings: integration.findings,
        original,
        summary,
      };
    },

    async beforeModeRestoration(input) {
      if (!guard) {
        return { requested: input.savedMode ?? null, mode: null, fellBack: false, tookEffect: null, ok: false, reasons: ["boomerang-guard is off"] };
      }
      try {
        return await guard.beforeModeRestoration(input);
      } catch (e) {
        return { requested: input.savedMode ?? null, mode: null, fellBack: false, tookEffect: null, ok: false, reasons: [why(e)] };
      }
    },

    async childEnded({ parentTaskId, childTaskId, reason }) {
      try {
        const [d] = await apply({ op: "ended", parentTaskId, childTaskId, reason: reason ?? "it was cancelled before it finished" });
        spawns.delete(childTaskId);
        return d ?? null;
      } catch (e) {
        report(`the end of ${childTaskId} was not recorded: ${why(e)}`);
        return null;
      }
    },

    async delivered(parentTaskId) {
      await apply({ op: "delivered", parentTaskId }).catch((e: unknown) => report(why(e)));
    },

    async reconcile(records) {
      if (!guard) return { deliveries: [], held: [], findings: [] };
      try {
        const list = (Array.isArray(records) ? records : []).map(pick).filter((r): r is HostRecord => r !== undefined);
        const r = guard.hostState.reconcile(state, host, list, now());
        state = r.state;
        await save();
        for (const f of r.findings) report(`${f.code} (${f.taskId}): ${f.message}`);
        return { deliveries: r.deliveries, held: r.held, findings: r.findings };
      } catch (e) {
        report(`start-up reconciliation failed: ${why(e)}`);
        return { deliveries: [], held: [], findings: [] };
      }
    },

    async due() {
      try {
        return await apply({ op: "tick" });
      } catch (e) {
        report(`deadlines not checked: ${why(e)}`);
        return [];
      }
    },

    watchDeadlines(onExpired) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stopped = false;
      const arm = () => {
        if (stopped || !guard) return;
        const next = guard.hostState.nextDeadline(state);
        const wait = next === null ? 60_000 : Math.max(0, Math.min(next - now(), 60_000));
        timer = setTimeout(() => {
          void (async () => {
            for (const d of await hooks.due()) {
              try {
                // Zoo Code's reopenParentFromDelegation answers false when it did not reopen the
                // parent (a stale delivery, another task in focus): the result stays pending, and
                // the next start-up's reconciliation hands it over if the parent still waits.
                if ((await onExpired(d)) === false) {
                  report(`the host did not reopen ${d.parentTaskId} for its timed-out result: kept for the next reconciliation`);
                  continue;
                }
                await hooks.delivered(d.parentTaskId);
              } catch (e) {
                report(`the timed-out result for ${d.parentTaskId} was not delivered: ${why(e)}`);
              }
            }
            arm();
          })();
        }, wait);
        (timer as { unref?: () => void }).unref?.();
      };
      arm();
      return () => {
        stopped = true;
        if (timer !== undefined) clearTimeout(timer);
      };
    },

    async release(parentTaskId) {
      const [d] = await apply({ op: "release", parentTaskId });
      return d ?? null;
    },
  };
  return hooks;
}
