// A model of Roo Code's delegation flow (v3.52: NewTaskTool.execute → delegateParentAndOpenChild,
// AttemptCompletionTool → reopenParentFromDelegation, createTaskWithHistoryItem's mode
// restoration), with boomerang-guard wired in at the three hooks exactly where
// docs/roo-code-integration.md patches the real files. It keeps Roo Code's persisted shapes
// (HistoryItem, API messages with the new_task tool_use and its tool_result, UI messages) so that
// the tests can assert what a parent really receives, and it can be "reloaded" from them.
import type { Guard, GuardConfig } from "../../ts-wrapper/src/types.js";
import type { RooHooks, ResultDecision } from "../../ts-wrapper/src/roo.js";

export interface HistoryItem {
  id: string;
  rootTaskId?: string;
  parentTaskId?: string;
  task: string;
  mode?: string;
  status?: "active" | "completed" | "delegated";
  delegatedToId?: string;
  childIds?: string[];
  awaitingChildId?: string;
  completedByChildId?: string;
  completionResultSummary?: string;
}

type Block =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
  | { type: "tool_result"; tool_use_id: string; content: string };
export interface ApiMessage {
  role: "user" | "assistant";
  content: Block[];
  ts: number;
}
export interface UiMessage {
  type: "say" | "ask";
  say?: string;
  text?: string;
  ts: number;
}

export interface TaskFolder {
  history: HistoryItem;
  api: ApiMessage[];
  ui: UiMessage[];
}

export interface Runtime {
  createGuard(config?: GuardConfig): Guard;
  createRooHooks(guard: Guard, options?: { api?: "today" | "seed" }): RooHooks;
}

/** What a new_task tool call returned to the parent's model. */
export type ToolResult = { kind: "delegated"; childTaskId: string; text: string } | { kind: "error"; text: string };

export class RooModel {
  readonly tasks = new Map<string, TaskFolder>();
  /** Mode slugs that exist (custom modes may vanish between sessions). */
  modes = new Set(["orchestrator", "code", "architect", "ask", "debug"]);
  defaultModeSlug = "orchestrator";
  currentMode = "orchestrator";
  currentTaskId: string | null = null;
  /** Modes whose API profile fails to activate (handleModeSwitch throws). */
  brokenModes = new Set<string>();
  guard: Guard;
  hooks: RooHooks;
  private seq = 0;
  clock = 1_700_000_000_000;

  constructor(
    private readonly runtime: Runtime,
    private readonly config?: GuardConfig,
  ) {
    this.guard = runtime.createGuard(config);
    this.hooks = runtime.createRooHooks(this.guard);
    this.wire();
  }

  private wire() {
    this.guard.lifecycle.setClock(() => this.clock);
    this.guard.setModeSwitcher(
      async (mode: string) => {
        await this.handleModeSwitch(mode);
      },
      { modes: () => [...this.modes], current: () => this.currentMode, timeoutMs: 200 },
    );
  }

  private id(prefix: string) {
    this.seq += 1;
    return `${prefix}-${this.seq}`;
  }

  private now() {
    this.clock += 1000;
    return this.clock;
  }

  async handleModeSwitch(mode: string) {
    if (!this.modes.has(mode)) throw new Error(`mode ${mode} does not exist`);
    if (this.brokenModes.has(mode)) throw new Error(`API profile for ${mode} failed to load`);
    this.currentMode = mode;
  }

  /** The user starts a task (ClineProvider.createTask). */
  startTask(text: string, mode = "orchestrator"): string {
    const id = this.id("task");
    this.tasks.set(id, {
      history: { id, rootTaskId: id, task: text, mode, status: "active" },
      api: [{ role: "user", content: [{ type: "text", text: `<task>\n${text}\n</task>` }], ts: this.now() }],
      ui: [{ type: "say", say: "text", text, ts: this.clock }],
    });
    this.currentTask(id);
    this.currentMode = mode;
    this.guard.lifecycle.create(id, mode);
    return id;
  }

  private currentTask(id: string) {
    this.currentTaskId = id;
  }

  folder(id: string): TaskFolder {
    const f = this.tasks.get(id);
    if (!f) throw new Error(`no task ${id}`);
    return f;
  }

  /** NewTaskTool.execute, with the pre-task-creation hook before delegateParentAndOpenChild. */
  async newTask(parentTaskId: string, params: { mode?: string; message?: unknown; todos?: string; context?: unknown }): Promise<ToolResult> {
    const parent = this.folder(parentTaskId);
    const toolUseId = this.id("toolu");
    parent.api.push({ role: "assistant", content: [{ type: "tool_use", id: toolUseId, name: "new_task", input: { ...params } }], ts: this.now() });
    const answer = (text: string) => parent.api.push({ role: "user", content: [{ type: "tool_result", tool_use_id: toolUseId, content: text }], ts: this.now() });
    if (!params.mode) return this.fail(answer, "Missing value for required parameter 'mode'.");
    if (params.message === undefined || params.message === "") return this.fail(answer, "Missing value for required parameter 'message'.");
    if (!this.modes.has(params.mode)) return this.fail(answer, `Invalid mode: ${params.mode}`);
    // ---- boomerang-guard: pre-task-creation -------------------------------------------------
    const decision = this.hooks.beforeNewTask({
      parentTaskId,
      parentMode: parent.history.mode ?? this.defaultModeSlug,
      mode: params.mode,
      message: params.message,
      ...(params.todos !== undefined ? { todos: params.todos } : {}),
      ...(params.context !== undefined ? { context: params.context } : {}),
    });
    if (!decision.ok) return this.fail(answer, decision.toolError ?? decision.summary);
    const message = typeof decision.message === "string" ? decision.message : JSON.stringify(decision.message);
    // ---- delegateParentAndOpenChild -----------------------------------------------------------
    await this.handleModeSwitch(params.mode);
    const childId = this.id("task");
    this.tasks.set(childId, {
      history: { id: childId, parentTaskId, rootTaskId: parent.history.rootTaskId ?? parentTaskId, task: message, mode: params.mode, status: "active" },
      api: [{ role: "user", content: [{ type: "text", text: `<task>\n${message}\n</task>` }], ts: this.now() }],
      ui: [{ type: "say", say: "text", text: message, ts: this.clock }],
    });
    Object.assign(parent.history, {
      status: "delegated",
      delegatedToId: childId,
      awaitingChildId: childId,
      childIds: [...(parent.history.childIds ?? []), childId],
    });
    this.currentTask(childId);
    // ---- boomerang-guard: register the child (deadline, instructions) ------------------------
    this.hooks.afterNewTask({ parentTaskId, childTaskId: childId, mode: params.mode, message, creation: decision.creation });
    const text = `Delegated to child task ${childId}`;
    answer(text);
    return { kind: "delegated", childTaskId: childId, text };
  }

  private fail(answer: (t: string) => void, text: string): ToolResult {
    answer(`The tool execution failed with the following error:\n<error>\n${text}\n</error>`);
    return { kind: "error", text };
  }

  /**
   * AttemptCompletionTool for a subtask: the pre-result-integration hook before
   * reopenParentFromDelegation; then the parent is rebuilt and its mode restored.
   */
  async attemptCompletion(childTaskId: string, result: string): Promise<ResultDecision> {
    const child = this.folder(childTaskId);
    child.ui.push({ type: "say", say: "completion_result", text: result, ts: this.now() });
    const parentTaskId = child.history.parentTaskId;
    if (!parentTaskId) throw new Error("not a subtask");
    // ---- boomerang-guard: pre-result-integration ----------------------------------------------
    const decision = await this.hooks.beforeResultIntegration({ parentTaskId, childTaskId, result });
    if (decision.clarification !== undefined) {
      // Strategy B: the child is asked to revise; the parent stays delegated.
      child.api.push({ role: "user", content: [{ type: "text", text: decision.clarification }], ts: this.now() });
      return decision;
    }
    child.history.status = "completed";
    if (!decision.resume) return decision; // Strategy C: held; the lifecycle keeps the result.
    await this.resumeParent(parentTaskId, childTaskId);
    return decision;
  }

  /** reopenParentFromDelegation, driven by the lifecycle's outbox (prepare → deliver → commit). */
  async resumeParent(parentTaskId: string, childTaskId?: string) {
    await this.guard.lifecycle.resume(parentTaskId, async (delivery) => {
      this.reopenParentFromDelegation(parentTaskId, childTaskId ?? delivery.childId, delivery.result.text);
    });
    await this.restoreMode(parentTaskId);
  }

  private reopenParentFromDelegation(parentTaskId: string, childTaskId: string, completionResultSummary: string) {
    const parent = this.folder(parentTaskId);
    parent.ui.push({ type: "say", say: "subtask_result", text: completionResultSummary, ts: this.now() });
    let toolUseId: string | undefined;
    for (let i = parent.api.length - 1; i >= 0 && !toolUseId; i--) {
      const m = parent.api[i]!;
      if (m.role === "assistant") for (const b of m.content) if (b.type === "tool_use" && b.name === "new_task") toolUseId = b.id;
    }
    const content = `Subtask ${childTaskId} completed.\n\nResult:\n${completionResultSummary}`;
    parent.api.push({
      role: "user",
      content: toolUseId ? [{ type: "tool_result", tool_use_id: toolUseId, content }] : [{ type: "text", text: content }],
      ts: this.now(),
    });
    Object.assign(parent.history, { status: "active", completedByChildId: childTaskId, completionResultSummary, awaitingChildId: undefined });
    this.currentTask(parentTaskId);
  }

  /** createTaskWithHistoryItem: restore historyItem.mode through the pre-mode-restoration hook. */
  async restoreMode(taskId: string) {
    const saved = this.folder(taskId).history.mode ?? null;
    return this.hooks.beforeModeRestoration({ taskId, savedMode: saved, currentMode: this.currentMode });
  }

  /** The user terminates a running subtask. */
  async abort(childTaskId: string, reason = "cancelled by the user") {
    this.guard.lifecycle.abort(childTaskId, reason);
    const parentTaskId = this.folder(childTaskId).history.parentTaskId;
    if (parentTaskId) await this.resumeParent(parentTaskId, childTaskId);
  }

  /** Time passes; children past their deadline time out and their parents are resumed. */
  async advance(ms: number) {
    this.clock += ms;
    const transitions = this.guard.lifecycle.tick();
    for (const d of this.guard.lifecycle.pending()) await this.resumeParent(d.parentId, d.childId);
    return transitions;
  }

  /** The extension host restarts: a new guard, state imported from what was persisted. */
  async reload(): Promise<void> {
    const saved = this.guard.lifecycle.exportState();
    this.guard = this.runtime.createGuard(this.config);
    this.hooks = this.runtime.createRooHooks(this.guard);
    this.wire();
    this.guard.lifecycle.importState(saved);
    for (const d of this.guard.lifecycle.pending()) await this.resumeParent(d.parentId, d.childId);
  }

  /** The text the parent's model sees as the new_task tool result. */
  lastToolResult(taskId: string): string {
    const api = this.folder(taskId).api;
    for (let i = api.length - 1; i >= 0; i--) {
      for (const b of api[i]!.content) {
        if (b.type === "tool_result") return b.content;
        if (b.type === "text" && api[i]!.role === "user") return b.text;
      }
    }
    return "";
  }
}
