// The lifecycle over the wasm registry: transitions fan out to listeners, the clock is
// injectable, resumes are prepare → deliver → commit with rollback on failure.
import type { WasmGuardInstance } from "./glue.js";
import type { Delivery, LifecycleEvent, TaskLifecycle, TaskRecord, Transition } from "./types.js";

/** Listener failures kept for `listenerErrors()`. */
const MAX_LISTENER_ERRORS = 20;

export class Lifecycle implements TaskLifecycle {
  private listeners = new Set<(t: Transition) => void>();
  private failures: { state: string; taskId: string; message: string }[] = [];
  private now: () => number = Date.now;

  constructor(
    private readonly inner: WasmGuardInstance,
    private readonly call: <T>(f: () => T) => T,
    /** Re-hashes a child's frozen context: true when unchanged, null when there is none. */
    private readonly contextIntact: (childId: string) => boolean | null,
  ) {}

  // A listener runs after the transition took effect; its failure never undoes or stops one
  // (a resume that threw here would stay "resuming"): it is kept for listenerErrors().
  private emit(ts: Transition[]): Transition[] {
    for (const t of ts) {
      for (const l of [...this.listeners]) {
        try {
          l(t);
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          this.failures.push({ state: t.to, taskId: t.taskId, message });
          if (this.failures.length > MAX_LISTENER_ERRORS) this.failures.shift();
        }
      }
    }
    return ts;
  }

  listenerErrors(): { state: string; taskId: string; message: string }[] {
    return [...this.failures];
  }

  handle(event: LifecycleEvent): Transition[] {
    return this.emit(this.call(() => this.inner.lifecycleApply(event, this.now()) as Transition[]));
  }

  on(listener: (t: Transition) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  create(taskId: string, mode = "orchestrator"): Transition[] {
    return this.handle({ type: "taskCreated", taskId, mode });
  }

  spawn(s: { parentTaskId: string; childTaskId: string; mode: string; message?: string; contextHash?: string }): Transition[] {
    return this.handle({ type: "TaskDelegated", ...s });
  }

  complete(taskId: string, result: string): Transition[] {
    return this.handle({ type: "taskCompleted", taskId, result });
  }

  abort(taskId: string, reason?: string): Transition[] {
    return this.handle(reason === undefined ? { type: "TaskAborted", taskId } : { type: "TaskAborted", taskId, reason });
  }

  tick(): Transition[] {
    return this.emit(this.call(() => this.inner.lifecycleTick(this.now()) as Transition[]));
  }

  nextDeadline(): number | null {
    return this.call(() => this.inner.lifecycleNextDeadline()) ?? null;
  }

  watchDeadlines(): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const arm = () => {
      if (stopped) return;
      const next = this.nextDeadline();
      if (next === null) {
        timer = setTimeout(arm, 1000);
      } else {
        timer = setTimeout(() => {
          this.tick();
          arm();
        }, Math.max(0, Math.min(next - this.now(), 2 ** 31 - 1)));
      }
      (timer as { unref?: () => void }).unref?.();
    };
    arm();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }

  prepareResume(parentTaskId: string): Delivery {
    const { delivery, transitions } = this.call(
      () => this.inner.lifecyclePrepareResume(parentTaskId, this.now()) as { delivery: Delivery; transitions: Transition[] },
    );
    this.emit(transitions);
    const intact = this.contextIntact(delivery.childId);
    if (intact !== null) delivery.contextIntact = intact;
    return delivery;
  }

  commitResume(parentTaskId: string): Transition[] {
    return this.emit(this.call(() => this.inner.lifecycleCommitResume(parentTaskId, this.now()) as Transition[]));
  }

  rollbackResume(parentTaskId: string, reason: string): Transition[] {
    return this.emit(this.call(() => this.inner.lifecycleRollbackResume(parentTaskId, reason, this.now()) as Transition[]));
  }

  async resume(parentTaskId: string, deliver: (d: Delivery) => unknown): Promise<Delivery> {
    const delivery = this.prepareResume(parentTaskId);
    try {
      await deliver(delivery);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.rollbackResume(parentTaskId, why);
      throw e;
    }
    this.commitResume(parentTaskId);
    return delivery;
  }

  task(taskId: string): TaskRecord | null {
    return this.call(() => this.inner.lifecycleTask(taskId) as TaskRecord | null) ?? null;
  }

  tasks(): TaskRecord[] {
    return this.call(() => this.inner.lifecycleTasks() as TaskRecord[]);
  }

  pending(): Delivery[] {
    return this.call(() => this.inner.lifecyclePending() as Delivery[]);
  }

  exportState(): string {
    return this.call(() => this.inner.lifecycleExport(this.now()));
  }

  importState(json: string): void {
    this.call(() => this.inner.lifecycleImport(json));
  }

  setClock(now: () => number): void {
    this.now = now;
  }
}
