// Roo Code adapters (`boomerang-guard/roo`): the three hooks at the places Roo Code crosses a
// parent/child boundary, for both the flow of the specifications (newTaskTool.ts →
// initClineWithTask, Task.resumePausedTask) and today's (NewTaskTool.execute →
// delegateParentAndOpenChild, AttemptCompletionTool → reopenParentFromDelegation).
import type { ContractError, Guard, ModeRestoration, ResultCheck, TaskCreationCheck, Verdict, VerificationOutcome } from "./types.js";

export interface RooHooksOptions {
  /**
   * How the parent receives a child's result: `"today"` (reopenParentFromDelegation:
   * `Subtask <id> completed.\n\nResult:\n<text>`) or `"seed"` (resumePausedTask:
   * `[new_task completed] Result: <text>`). Default "today".
   */
  api?: "today" | "seed";
  /** Mode of a parent the lifecycle has not seen yet (default "orchestrator"). */
  parentMode?: string;
  /** Run the drift verifier on results that pass their contract (default true). */
  verify?: boolean;
}

export interface NewTaskInput {
  parentTaskId?: string;
  /** The parent's own mode, when known (for the lifecycle and the verification record). */
  parentMode?: string;
  mode: string;
  message: unknown;
  todos?: unknown;
  context?: unknown;
}

export interface NewTaskDecision {
  ok: boolean;
  /** The sanitized message and todos to create the child with. */
  message: unknown;
  todos: unknown;
  frozenContext: unknown;
  contextHash: string | null;
  errors: ContractError[];
  summary: string;
  /** When `ok` is false: the text to return as the tool's error (the orchestrator reads it). */
  toolError?: string;
  /** Pass to `afterNewTask` once the host created the child. */
  creation: TaskCreationCheck;
}

export type IntegrationStatus = Verdict["status"] | "CONTRACT_VIOLATION";

export interface ResultDecision {
  /** Whether the parent should be resumed now (false for clarify and hold). */
  resume: boolean;
  /** The result text for the parent (Roo Code's `completionResultSummary`); null when not resuming. */
  text: string | null;
  /** `text` wrapped as the parent receives it under `options.api`. */
  parentMessage: string | null;
  status: IntegrationStatus;
  /** The drift verdict, when the result passed its contract and verification is on. */
  verdict?: Verdict;
  outcome: VerificationOutcome | { kind: "contract-error"; text: string };
  /** Strategy B: the message to send back to the child instead of resuming the parent. */
  clarification?: string;
  check: ResultCheck;
  contextIntact: boolean | null;
  /** The child's result exactly as it came. Nothing is lost. */
  original: string;
  summary: string;
}

export interface RooHooks {
  /** Pre-task-creation: before `delegateParentAndOpenChild` (today) or `initClineWithTask` (seeds). */
  beforeNewTask(input: NewTaskInput): NewTaskDecision;
  /**
   * After the host created the child: registers it with the lifecycle (deadline, message). Never
   * throws: the host already created the child, so a lifecycle that disagrees (a previous child
   * it still thinks open, a duplicate id) is reported in `reason` and the child goes untracked.
   */
  afterNewTask(created: { parentTaskId: string; childTaskId: string; mode: string; message?: unknown; parentMode?: string; creation?: TaskCreationCheck }): { registered: boolean; reason?: string };
  /** Pre-result-integration: before `reopenParentFromDelegation` (today) or `resumePausedTask` (seeds). */
  beforeResultIntegration(input: { parentTaskId?: string; childTaskId: string; result: string; parentInstructions?: string; mode?: string }): Promise<ResultDecision>;
  /** Pre-mode-restoration: switches the parent back to its saved mode, falling back to `defaultMode`. */
  beforeModeRestoration(input: { taskId?: string; savedMode?: string | null; currentMode?: string }): Promise<ModeRestoration>;
}

export function createRooHooks(guard: Guard, options: RooHooksOptions = {}): RooHooks {
  const api = options.api ?? "today";
  const wrap = (childTaskId: string, text: string): string =>
    api === "today" ? `Subtask ${childTaskId} completed.\n\nResult:\n${text}` : text.startsWith("[new_task completed") ? text : `[new_task completed] Result: ${text}`;

  // Strategy B: clarification rounds sent to each child, and the score of its last answer.
  const rounds = new Map<string, { round: number; score: number }>();

  const ensureParent = (parentTaskId: string, mode?: string) => {
    if (!guard.lifecycle.task(parentTaskId)) guard.lifecycle.create(parentTaskId, mode ?? options.parentMode ?? "orchestrator");
  };

  return {
    beforeNewTask(input) {
      const { parentMode: _parentMode, ...task } = input;
      void _parentMode;
      const creation = guard.beforeTaskCreation(task);
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

    afterNewTask({ parentTaskId, childTaskId, mode, message, parentMode, creation }) {
      try {
        ensureParent(parentTaskId, parentMode);
        guard.afterTaskCreation({ parentTaskId, childTaskId, mode, message, ...(creation ? { creation } : {}) });
        return { registered: true };
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        return { registered: false, reason: `the child runs, but the guard's lifecycle could not register it: ${why}` };
      }
    },

    async beforeResultIntegration({ parentTaskId, childTaskId, result, parentInstructions, mode }) {
      const known = guard.lifecycle.task(childTaskId);
      // A child the lifecycle does not know (registered before the guard, or lost) is checked
      // against the generic contract rather than refused: its result must still reach the parent.
      const childMode = mode ?? known?.mode ?? "generic";
      const integration = guard.beforeResultIntegration({ childTaskId, mode: childMode, result });
      const check = integration.check;
      const original = check.original;
      const complete = (text: string) => {
        if (known && !known.result) guard.lifecycle.complete(childTaskId, text);
      };
      if (!check.ok) {
        // The parent gets the standardized error (seed 001) with the child's original result in
        // it, so the orchestrator can decide; the lifecycle keeps it too.
        const max = guard.settingsFor(childMode).limits.maxStringLength ?? 100_000;
        const kept = [...original].length > max ? [...original].slice(0, max).join("") + " …[truncated by boomerang-guard]" : original;
        const text = check.errorObject ? JSON.stringify({ ...check.errorObject, originalResult: kept }, null, 2) : check.text;
        complete(text);
        return {
          resume: true,
          text,
          parentMessage: wrap(childTaskId, text),
          status: "CONTRACT_VIOLATION",
          outcome: { kind: "contract-error", text },
          check,
          contextIntact: integration.contextIntact,
          original,
          summary: integration.summary,
        };
      }
      const instructions = parentInstructions ?? known?.instructions;
      if (options.verify === false || instructions === undefined) {
        complete(check.text);
        const why = instructions === undefined ? " No parent instructions are known for this child, so drift was not checked." : "";
        return {
          resume: true,
          text: check.text,
          parentMessage: wrap(childTaskId, check.text),
          status: "CONSISTENT",
          outcome: { kind: "proceed", text: check.text },
          check,
          contextIntact: integration.contextIntact,
          original,
          summary: integration.summary + why,
        };
      }
      const previous = rounds.get(childTaskId);
      const verdict = await guard.verify({
        parentInstructions: instructions,
        childOutput: check.text,
        childTaskId,
        ...(previous ? { round: previous.round, previousScore: previous.score } : {}),
        ...(parentTaskId ? { parentTaskId } : {}),
        childMode,
      });
      const outcome = verdict.outcome;
      const base = { status: verdict.status, verdict, outcome, check, contextIntact: integration.contextIntact, original };
      const summary = `${integration.summary} Drift: ${verdict.status} (score ${verdict.score}, alignment ${verdict.alignment}/5, ${verdict.method}); outcome ${outcome.kind}.`;
      switch (outcome.kind) {
        case "clarify":
          rounds.set(childTaskId, { round: (previous?.round ?? 0) + 1, score: verdict.score });
          return { ...base, resume: false, text: null, parentMessage: null, clarification: outcome.message, summary };
        case "hold":
          rounds.delete(childTaskId);
          // The child is done and its result is kept in the lifecycle's outbox; the parent waits.
          complete(check.text);
          return { ...base, resume: false, text: null, parentMessage: null, summary };
        default:
          rounds.delete(childTaskId);
          complete(outcome.text);
          return { ...base, resume: true, text: outcome.text, parentMessage: wrap(childTaskId, outcome.text), summary };
      }
    },

    beforeModeRestoration({ taskId, savedMode, currentMode }) {
      return guard.beforeModeRestoration({
        ...(taskId ? { taskId } : {}),
        ...(savedMode !== undefined ? { savedMode } : {}),
        ...(currentMode !== undefined ? { currentMode } : {}),
      });
    },
  };
}
