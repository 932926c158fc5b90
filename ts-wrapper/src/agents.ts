// Adapter for the OpenAI Agents SDK for TypeScript (`boomerang-guard/agents`): a handoff input
// filter for the delegation boundary and an output guardrail for the result boundary. The SDK is
// an optional peer dependency: nothing here imports it; the shapes below are the parts of its
// `HandoffInputData`, `OutputGuardrail` and `GuardrailFunctionOutput` we read and return
// (@openai/agents-core 0.20: handoff.d.ts, guardrail.d.ts). Every decision is the core's
// (`checkTaskInput`, `integrate`); this file converts.
import { BoomerangGuardError } from "./errors.js";
import type { Guard, Integration, IntegrationStatus } from "./types.js";

/** The part of the SDK's `HandoffInputData` the filter reads; the rest passes through. */
export interface HandoffData {
  inputHistory: string | readonly unknown[];
  preHandoffItems: readonly unknown[];
  newItems: readonly unknown[];
  runContext?: object;
}

/** The part of the SDK's `OutputGuardrailFunctionArgs` the guardrail reads. */
export interface GuardrailArgs {
  agent: { name: string };
  agentOutput: unknown;
  context: object;
}

export interface GuardrailOutput {
  tripwireTriggered: boolean;
  outputInfo: AgentsVerdict;
}

export interface AgentsVerdict {
  status: IntegrationStatus | "ERROR";
  mode: string;
  summary: string;
  /** The guard's clarification for the agent (strategy B), when it asks for one. */
  clarification?: string;
  score?: number;
  reasons?: string[];
  /** The task the result was checked against, when one was recorded by the handoff filter. */
  task?: string;
  error?: string;
}

export interface AgentsGuardOptions {
  /** Agent name → the mode whose contracts apply. Unlisted agents get `defaultMode`. */
  agents?: Record<string, string>;
  /** Default "generic". */
  defaultMode?: string;
  /** Result statuses that trip the guardrail (the run then throws the SDK's `OutputGuardrailTripwireTriggered`). Default: contract violations and significant drift. */
  tripOn?: IntegrationStatus[];
  /** Give the next agent a frozen copy of the handed-over history (the parent's items can never be changed through it). Default true. */
  freeze?: boolean;
  /** The task of a run that had no handoff (for example the input of `run(agent, input)`). */
  taskOf?: (args: GuardrailArgs) => string | undefined;
}

export interface AgentsGuard {
  /** For `handoff(agent, { inputFilter })`: checks the task handed to `agentName` against its mode's input contract. */
  handoffInputFilter(agentName: string): <T extends HandoffData>(data: T) => T;
  /** For `new Agent({ outputGuardrails: [...] })`. */
  outputGuardrail(name?: string): { name: string; execute(args: GuardrailArgs): Promise<GuardrailOutput> };
}

const DEFAULT_TRIP: IntegrationStatus[] = ["CONTRACT_VIOLATION", "SIGNIFICANT_DRIFT"];

/** The text of one input item's content: a string, or its text parts. */
function textOf(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const parts = content
    .map((c) => (c && typeof c === "object" && typeof (c as { text?: unknown }).text === "string" ? (c as { text: string }).text : undefined))
    .filter((t): t is string => t !== undefined);
  return parts.length ? parts.join("\n") : undefined;
}

/** The task handed over: the input when it is a string, else the last user message's text. */
export function taskOfHistory(history: string | readonly unknown[]): string | undefined {
  if (typeof history === "string") return history;
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i] as { role?: unknown; content?: unknown } | null;
    if (item && typeof item === "object" && item.role === "user") return textOf(item.content);
  }
  return undefined;
}

export function createAgentsGuard(guard: Guard, options: AgentsGuardOptions = {}): AgentsGuard {
  const modeOf = (agent: string) => options.agents?.[agent] ?? options.defaultMode ?? "generic";
  const tripOn = new Set(options.tripOn ?? DEFAULT_TRIP);
  // The task each run handed to each agent, for the guardrail to check its result against.
  const tasks = new WeakMap<object, Map<string, string>>();

  return {
    handoffInputFilter(agentName) {
      return <T extends HandoffData>(data: T): T => {
        const mode = modeOf(agentName);
        const task = taskOfHistory(data.inputHistory);
        // A handoff whose last user turn has no text (an image, a file) has no task to check.
        const check = task === undefined ? undefined : guard.checkTaskInput({ mode, message: task });
        if (check && !check.ok) {
          // The SDK ends the run with this error: the handoff does not happen.
          const details = check.errors.map((e) => ({ path: e.instancePath, message: e.message ?? e.keyword }));
          throw new BoomerangGuardError("INVALID_ARGUMENT", `boomerang-guard: the task handed to ${agentName} does not meet the "${mode}" contract. ${check.summary}`, "/inputHistory", details);
        }
        if (data.runContext && task !== undefined) {
          const byAgent = tasks.get(data.runContext) ?? new Map<string, string>();
          byAgent.set(agentName, task);
          tasks.set(data.runContext, byAgent);
        }
        if (options.freeze === false) return data;
        return { ...data, inputHistory: guard.freezeContext(data.inputHistory) as T["inputHistory"] };
      };
    },

    outputGuardrail(name = "boomerang-guard") {
      return {
        name,
        async execute(args) {
          const mode = modeOf(args.agent.name);
          const text = typeof args.agentOutput === "string" ? args.agentOutput : JSON.stringify(args.agentOutput);
          const task = tasks.get(args.context)?.get(args.agent.name) ?? options.taskOf?.(args);
          let integration: Integration;
          try {
            integration = await guard.integrate({ host: "seed", childTaskId: args.agent.name, result: text ?? "", mode, ...(task !== undefined ? { instructions: task } : {}) });
          } catch (e) {
            // The guard's own failure never stops the run.
            const error = e instanceof Error ? e.message : String(e);
            return { tripwireTriggered: false, outputInfo: { status: "ERROR", mode, summary: `boomerang-guard could not check this result: ${error}`, error } };
          }
          const outputInfo: AgentsVerdict = {
            status: integration.status,
            mode,
            summary: integration.summary,
            ...(integration.clarification !== undefined ? { clarification: integration.clarification } : {}),
            ...(integration.verdict ? { score: integration.verdict.score, reasons: integration.verdict.reasons } : {}),
            ...(task !== undefined ? { task } : {}),
          };
          return { tripwireTriggered: tripOn.has(integration.status), outputInfo };
        },
      };
    },
  };
}
