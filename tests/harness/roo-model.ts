// A model of Roo Code v3.52.1's delegation flow with docs/boomerang-guard-roo-v3.52.1.patch
// applied, and nothing more: every guard call below stands where the patch puts it, and the
// model makes no call the patch does not show. Shapes follow the real code (RooCodeInc/Roo-Code
// cb83656): `HistoryItem` in a TaskHistoryStore, API messages with the new_task tool_use and its
// tool_result, UI messages, `globalState` as a Memento that survives a reload,
// `removeClineFromStack`'s delegation repair, `reopenParentFromDelegation`'s steps, and
// `createTaskWithHistoryItem`'s own mode restoration (defaultModeSlug "architect").
import type { GuardConfig } from "../../ts-wrapper/src/types.js";
import type { HostDelivery, RooHooks, RooHooksOptions, ResultDecision } from "../../ts-wrapper/src/roo.js";
import type { Guard, CreateOptions } from "../../ts-wrapper/src/types.js";

export interface HistoryItem {
  id: string;
  rootTaskId?: string;
  parentTaskId?: string;
  task: string;
  ts: number;
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

export interface Runtime {
  createGuardSync(config?: unknown, options?: CreateOptions): Guard;
  createRooHooks(source: Guard | (() => Guard), options?: RooHooksOptions): RooHooks;
}

export type ToolResult = { kind: "delegated"; childTaskId: string; text: string } | { kind: "error"; text: string };

/** VS Code's Memento, kept across reloads (the extension's globalState). */
export class Memento {
  readonly data = new Map<string, unknown>();
  get(key: string): unknown {
    const v = this.data.get(key);
    return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.data.delete(key);
    else this.data.set(key, JSON.parse(JSON.stringify(value)));
  }
}

export class RooModel {
  /** TaskHistoryStore: the persisted records. */
  readonly history = new Map<string, HistoryItem>();
  readonly api = new Map<string, ApiMessage[]>();
  readonly ui = new Map<string, UiMessage[]>();
  globalState = new Memento();
  /** Custom modes may vanish between sessions. */
  modes = new Set(["orchestrator", "code", "architect", "ask", "debug"]);
  readonly defaultModeSlug = "architect";
  mode = "orchestrator";
  clineStack: string[] = [];
  settings: unknown;
  log: string[] = [];
  clock = 1_700_000_000_000;
  hooks!: RooHooks | undefined;
  private seq = 0;
  private stopWatch: (() => void) | undefined;

  constructor(
    private readonly runtime: Runtime,
    settings: GuardConfig | unknown = {},
  ) {
    this.settings = settings;
    this.activate();
  }

  // ---- the patch's src/core/boomerang/guard.ts ------------------------------------------------
  private reconciled = false;
  private activate() {
    this.hooks = this.runtime.createRooHooks(() => this.runtime.createGuardSync(this.settings, { lenient: true }), {
      host: "roo",
      records: (id) => this.history.get(id),
      state: this.globalState,
      onProblem: (m) => this.log.push(`[boomerang-guard] ${m}`),
      now: () => this.clock,
    });
    this.reconciled = false;
  }

  /** The extension host restarts: module memory is gone, globalState and the records stay. */
  async reload(options: { clearGuardState?: boolean } = {}) {
    this.stopWatch?.();
    if (options.clearGuardState) this.globalState = new Memento();
    this.clineStack = [];
    this.activate();
    await this.initializeTaskHistoryStore();
  }

  /** ClineProvider.initializeTaskHistoryStore with the patch's reconciliation. */
  async initializeTaskHistoryStore() {
    if (!this.hooks || this.reconciled) return;
    this.reconciled = true;
    const { deliveries } = await this.hooks.reconcile([...this.history.values()]);
    for (const d of deliveries) await this.deliverDelegationResult(d.parentTaskId, d.childTaskId, d.text);
  }

  private id() {
    this.seq += 1;
    return `task-${this.seq}`;
  }

  private now() {
    this.clock += 1000;
    return this.clock;
  }

  current(): string | undefined {
    return this.clineStack.at(-1);
  }

  /** The user starts a task (ClineProvider.createTask without a parent). */
  startTask(text: string, mode = "orchestrator"): string {
    const id = this.id();
    this.history.set(id, { id, rootTaskId: id, task: text, ts: this.now(), mode, status: "active" });
    this.api.set(id, [{ role: "user", content: [{ type: "text", text: `<task>\n${text}\n</task>` }], ts: this.clock }]);
    this.ui.set(id, [{ type: "say", say: "text", text, ts: this.clock }]);
    this.clineStack = [id];
    this.mode = mode;
    return id;
  }

  async handleModeSwitch(mode: string) {
    if (!this.modes.has(mode)) throw new Error(`mode ${mode} does not exist`);
    this.mode = mode;
  }

  /** NewTaskTool.execute, as patched. */
  async newTask(parentTaskId: string, params: { mode?: string; message?: string; todos?: string }): Promise<ToolResult> {
    const toolUseId = `toolu-${this.seq}-${this.clock}`;
    this.api.get(parentTaskId)!.push({ role: "assistant", content: [{ type: "tool_use", id: toolUseId, name: "new_task", input: { ...params } }], ts: this.now() });
    const answer = (text: string) => this.api.get(parentTaskId)!.push({ role: "user", content: [{ type: "tool_result", tool_use_id: toolUseId, content: text }], ts: this.now() });
    const fail = (text: string): ToolResult => {
      answer(`The tool execution failed with the following error:\n<error>\n${text}\n</error>`);
      return { kind: "error", text };
    };
    if (!params.mode) return fail("Missing value for required parameter 'mode'.");
    if (!params.message) return fail("Missing value for required parameter 'message'.");
    const unescapedMessage = params.message.replace(/\\\\@/g, "\\@");
    if (!this.modes.has(params.mode)) return fail(`Invalid mode: ${params.mode}`);
    // ---- patch -------------------------------------------------------------------------------
    let childMessage = unescapedMessage;
    const guarded = this.hooks?.beforeNewTask({ parentTaskId, mode: params.mode, message: unescapedMessage, todos: params.todos });
    if (guarded && !guarded.ok) return fail(guarded.toolError ?? guarded.summary);
    if (guarded && typeof guarded.message === "string") childMessage = guarded.message;
    // -------------------------------------------------------------------------------------------
    const childId = await this.delegateParentAndOpenChild(parentTaskId, childMessage, params.mode);
    this.hooks?.afterNewTask({ parentTaskId, childTaskId: childId, mode: params.mode, creation: guarded?.creation ?? null });
    const text = `Delegated to child task ${childId}`;
    answer(text);
    return { kind: "delegated", childTaskId: childId, text };
  }

  /** ClineProvider.delegateParentAndOpenChild (unpatched). */
  private async delegateParentAndOpenChild(parentTaskId: string, message: string, mode: string): Promise<string> {
    if (this.current() !== parentTaskId) throw new Error("[delegateParentAndOpenChild] Parent mismatch");
    await this.removeClineFromStack({ skipDelegationRepair: true });
    try {
      await this.handleModeSwitch(mode);
    } catch (e) {
      this.log.push(`handleModeSwitch failed: ${(e as Error).message}`);
    }
    const parent = this.history.get(parentTaskId)!;
    const childId = this.id();
    this.history.set(childId, { id: childId, parentTaskId, rootTaskId: parent.rootTaskId ?? parentTaskId, task: message, ts: this.now(), mode, status: "active" });
    this.api.set(childId, [{ role: "user", content: [{ type: "text", text: `<task>\n${message}\n</task>` }], ts: this.clock }]);
    this.ui.set(childId, [{ type: "say", say: "text", text: message, ts: this.clock }]);
    this.history.set(parentTaskId, { ...parent, status: "delegated", delegatedToId: childId, awaitingChildId: childId, childIds: [...new Set([...(parent.childIds ?? []), childId])] });
    this.clineStack.push(childId);
    return childId;
  }

  /**
   * AttemptCompletionTool.delegateToParent, as patched. `crashBeforeReopen` stops the extension
   * host between the guard's decision and reopenParentFromDelegation.
   */
  async attemptCompletion(childTaskId: string, result: string, options: { crashBeforeReopen?: boolean } = {}): Promise<ResultDecision | undefined> {
    const child = this.history.get(childTaskId)!;
    this.ui.get(childTaskId)!.push({ type: "say", say: "completion_result", text: result, ts: this.now() });
    if (!child.parentTaskId || (child.status !== "active" && child.status !== "completed")) return undefined;
    const guarded = await this.hooks?.beforeResultIntegration({ parentTaskId: child.parentTaskId, childTaskId, result });
    if (guarded && !guarded.resume) {
      this.api.get(childTaskId)!.push({ role: "user", content: [{ type: "text", text: guarded.clarification ?? `[boomerang-guard] ${guarded.summary}` }], ts: this.now() });
      return guarded;
    }
    if (options.crashBeforeReopen) return guarded;
    await this.reopenParentFromDelegation(child.parentTaskId, childTaskId, guarded?.text ?? result);
    return guarded;
  }

  /** writeSubtaskResult (the patch's extraction of reopenParentFromDelegation's steps 1-2). */
  private writeSubtaskResult(parentTaskId: string, childTaskId: string, summary: string) {
    const ui = this.ui.get(parentTaskId) ?? [];
    const api = this.api.get(parentTaskId) ?? [];
    ui.push({ type: "say", say: "subtask_result", text: summary, ts: this.now() });
    let toolUseId: string | undefined;
    for (let i = api.length - 1; i >= 0 && !toolUseId; i--) {
      const m = api[i]!;
      if (m.role === "assistant") for (const b of m.content) if (b.type === "tool_use" && b.name === "new_task") toolUseId = b.id;
    }
    const content = `Subtask ${childTaskId} completed.\n\nResult:\n${summary}`;
    const last = api.at(-1);
    const existing = last?.role === "user" ? last.content.find((b) => b.type === "tool_result" && b.tool_use_id === toolUseId) : undefined;
    if (existing && existing.type === "tool_result") existing.content = content;
    else api.push({ role: "user", content: toolUseId ? [{ type: "tool_result", tool_use_id: toolUseId, content }] : [{ type: "text", text: content }], ts: this.clock });
    return this.history.get(parentTaskId)!;
  }

  /** ClineProvider.reopenParentFromDelegation (steps 1-9). */
  async reopenParentFromDelegation(parentTaskId: string, childTaskId: string, completionResultSummary: string) {
    const historyItem = { ...this.writeSubtaskResult(parentTaskId, childTaskId, completionResultSummary) };
    if (this.current() === childTaskId) await this.removeClineFromStack();
    const child = this.history.get(childTaskId);
    if (child) this.history.set(childTaskId, { ...child, status: "completed" });
    const updated: HistoryItem = {
      ...historyItem,
      status: "active",
      completedByChildId: childTaskId,
      completionResultSummary,
      childIds: [...new Set([...(historyItem.childIds ?? []), childTaskId])],
    };
    delete updated.awaitingChildId;
    this.history.set(parentTaskId, updated);
    await this.createTaskWithHistoryItem(updated);
  }

  /** The patch's deliverDelegationResult: a parent that is not open gets its result. */
  async deliverDelegationResult(parentTaskId: string, childTaskId: string, text: string) {
    const historyItem = this.writeSubtaskResult(parentTaskId, childTaskId, text);
    const updated: HistoryItem = { ...historyItem, status: "active", completedByChildId: childTaskId, completionResultSummary: text };
    delete updated.awaitingChildId;
    this.history.set(parentTaskId, updated);
    await this.hooks?.delivered(parentTaskId);
  }

  /** ClineProvider.removeClineFromStack with its delegation repair, as patched. */
  async removeClineFromStack(options: { skipDelegationRepair?: boolean } = {}) {
    const childTaskId = this.clineStack.pop();
    if (!childTaskId) return;
    const parentTaskId = this.history.get(childTaskId)?.parentTaskId;
    if (parentTaskId && !options.skipDelegationRepair) {
      const parent = this.history.get(parentTaskId);
      if (parent?.status === "delegated" && parent.awaitingChildId === childTaskId) {
        const ended = await this.hooks?.childEnded({ parentTaskId, childTaskId, reason: "it was closed before it completed" });
        if (ended) this.writeSubtaskResult(parentTaskId, childTaskId, ended.text);
        const repaired: HistoryItem = { ...this.history.get(parentTaskId)!, status: "active", ...(ended ? { completedByChildId: childTaskId, completionResultSummary: ended.text } : {}) };
        delete repaired.awaitingChildId;
        this.history.set(parentTaskId, repaired);
      }
    }
  }

  /** createTaskWithHistoryItem's own mode restoration (unpatched): the host's default on a vanished mode. */
  async createTaskWithHistoryItem(item: HistoryItem) {
    if (this.current() !== item.id) await this.removeClineFromStack();
    if (item.mode) {
      if (!this.modes.has(item.mode)) {
        item.mode = this.defaultModeSlug;
        this.history.set(item.id, { ...this.history.get(item.id)!, mode: item.mode });
      }
      this.mode = item.mode;
    }
    this.clineStack.push(item.id);
  }

  /** The user closes the running child and starts something else (no result). */
  async closeCurrentTask() {
    await this.removeClineFromStack();
  }

  /** The patch's watchDeadlines callback, driven by a fake clock. */
  async advance(ms: number): Promise<HostDelivery[]> {
    this.clock += ms;
    const due = (await this.hooks?.due()) ?? [];
    for (const d of due) {
      await this.reopenParentFromDelegation(d.parentTaskId, d.childTaskId, d.text);
      await this.hooks?.delivered(d.parentTaskId);
    }
    return due;
  }

  /** The text the parent's model reads as its new_task tool result. */
  lastToolResult(taskId: string): string {
    const api = this.api.get(taskId) ?? [];
    for (let i = api.length - 1; i >= 0; i--) {
      for (const b of api[i]!.content) {
        if (b.type === "tool_result") return b.content;
        if (b.type === "text" && api[i]!.role === "user") return b.text;
      }
    }
    return "";
  }
}
