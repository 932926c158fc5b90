// The verifier's async driver: the core decides (src/verify), the binding calls the judge with
// its timeout and retries (callJudge), and this loop connects them. The guard is borrowed only
// inside each step, so concurrent verify() calls interleave freely.
import { BoomerangGuardError } from "./errors.js";
import type { Glue, WasmGuardInstance } from "./glue.js";
import type { IntegrateInput, Integration, JudgeFunction, JudgeRequest, LogSink, Verdict, VerificationRecord, VerifyInput } from "./types.js";

type JudgeStep = { kind: "judge"; token: number; request: JudgeRequest; timeoutMs: number; retries: number };
type Step = { kind: "done"; verification: Verdict } | JudgeStep;
type IntegrateStep = { kind: "done"; integration: Integration } | JudgeStep;

type Call = <T>(f: () => T) => T;

const monotonic: () => number =
  typeof performance !== "undefined" && typeof performance.now === "function" ? () => performance.now() : () => Date.now();

export interface VerifierApi {
  verify(input: VerifyInput): Promise<Verdict>;
  integrate(input: IntegrateInput): Promise<Integration>;
  setJudge(judge: JudgeFunction | null): void;
  onLog(sink: LogSink): () => void;
  judgeBudgetUsed(rootTaskId: string): number;
}

export function createVerifier(inner: WasmGuardInstance, glue: Glue, call: Call): VerifierApi {
  let judge: JudgeFunction | null = null;
  const sinks = new Set<LogSink>();

  const deliver = (record: VerificationRecord): string[] => {
    const problems: string[] = [];
    for (const sink of sinks) {
      const fail = (e: unknown) => problems.push(e instanceof Error ? e.message : String(e));
      try {
        const r = sink(record);
        if (r && typeof (r as Promise<void>).then === "function") (r as Promise<void>).then(undefined, fail);
      } catch (e) {
        fail(e);
      }
    }
    return problems;
  };

  // Steps the core's machine: each judge request goes to the host's judge (with its timeout and
  // retries) and the answer back, until the core decides.
  const drive = async <S extends { kind: string }>(
    first: S | JudgeStep,
    finish: (token: number, answer: unknown) => S | JudgeStep,
    abandon: (token: number) => unknown,
  ): Promise<S> => {
    let step = first;
    while (step.kind === "judge") {
      const { token, request, timeoutMs, retries } = step as JudgeStep;
      let finished = false;
      try {
        const answer = judge
          ? await glue.callJudge(judge as (r: unknown) => unknown, request, timeoutMs, retries)
          : { kind: "failed", error: "no judge is set (setJudge)", timedOut: false, attempts: 0 };
        step = call(() => finish(token, answer));
        finished = true;
      } finally {
        if (!finished) abandon(token);
      }
    }
    return step as S;
  };

  const logged = (verdict: Verdict, t0: number): string[] => {
    verdict.elapsedMs = monotonic() - t0;
    const record = verdict.record;
    record.elapsedMs = verdict.elapsedMs;
    record.timestamp = new Date(record.endedMs || Date.now()).toISOString();
    return deliver(record);
  };

  const verify = async (input: VerifyInput): Promise<Verdict> => {
    if (input === null || typeof input !== "object") {
      throw new BoomerangGuardError("INVALID_ARGUMENT", "verify needs { parentInstructions, childOutput, ... }");
    }
    const t0 = monotonic();
    const first = call(() => inner.verifyBegin(input, Date.now()) as Step);
    const done = await drive<Extract<Step, { kind: "done" }>>(
      first,
      (t, a) => inner.verifyFinish(t, a, Date.now()) as Step,
      (t) => inner.verifyAbandon(t),
    );
    const verdict = done.verification;
    const problems = logged(verdict, t0);
    if (problems.length > 0) verdict.logErrors = problems;
    return verdict;
  };

  const integrate = async (input: IntegrateInput): Promise<Integration> => {
    if (input === null || typeof input !== "object") {
      throw new BoomerangGuardError("INVALID_ARGUMENT", "integrate needs { childTaskId, result, ... }");
    }
    const t0 = monotonic();
    const first = call(() => inner.integrateBegin(input, Date.now()) as IntegrateStep);
    const done = await drive<Extract<IntegrateStep, { kind: "done" }>>(
      first,
      (t, a) => inner.integrateFinish(t, a, Date.now()) as IntegrateStep,
      (t) => inner.integrateAbandon(t),
    );
    const integration = done.integration;
    if (integration.verdict) {
      const problems = logged(integration.verdict, t0);
      if (problems.length > 0) integration.logErrors = problems;
    }
    return integration;
  };

  return {
    verify,
    integrate,
    setJudge(fn) {
      if (fn !== null && typeof fn !== "function") {
        throw new BoomerangGuardError("INVALID_ARGUMENT", "setJudge needs an async function (request) => string | object, or null");
      }
      // A cached verdict is the previous judge's: never reuse it for another (or for none).
      if (fn !== judge) call(() => inner.judgeChanged());
      judge = fn;
    },
    onLog(sink) {
      if (typeof sink !== "function") {
        throw new BoomerangGuardError("INVALID_ARGUMENT", "onLog needs a function (record) => void");
      }
      sinks.add(sink);
      return () => {
        sinks.delete(sink);
      };
    },
    judgeBudgetUsed: (root) => call(() => inner.judgeBudgetUsed(String(root))),
  };
}
