// The verifier's async driver: the core decides (src/verify), the binding calls the judge with
// its timeout and retries (callJudge), and this loop connects them. The guard is borrowed only
// inside each step, so concurrent verify() calls interleave freely.
import { BoomerangGuardError } from "./errors.js";
import type { Glue, WasmGuardInstance } from "./glue.js";
import type { JudgeFunction, JudgeRequest, LogSink, Verdict, VerificationRecord, VerifyInput } from "./types.js";

type Step =
  | { kind: "done"; verification: Verdict }
  | { kind: "judge"; token: number; request: JudgeRequest; timeoutMs: number; retries: number };

type Call = <T>(f: () => T) => T;

const monotonic: () => number =
  typeof performance !== "undefined" && typeof performance.now === "function" ? () => performance.now() : () => Date.now();

export interface VerifierApi {
  verify(input: VerifyInput): Promise<Verdict>;
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

  const verify = async (input: VerifyInput): Promise<Verdict> => {
    if (input === null || typeof input !== "object") {
      throw new BoomerangGuardError("INVALID_ARGUMENT", "verify needs { parentInstructions, childOutput, ... }");
    }
    const t0 = monotonic();
    let step = call(() => inner.verifyBegin(input, Date.now()) as Step);
    while (step.kind === "judge") {
      const { token, request, timeoutMs, retries } = step;
      let finished = false;
      try {
        const answer = judge
          ? await glue.callJudge(judge as (r: unknown) => unknown, request, timeoutMs, retries)
          : { kind: "failed", error: "no judge is set (setJudge)", timedOut: false, attempts: 0 };
        step = call(() => inner.verifyFinish(token, answer, Date.now()) as Step);
        finished = true;
      } finally {
        if (!finished) inner.verifyAbandon(token);
      }
    }
    const verdict = step.verification;
    verdict.elapsedMs = monotonic() - t0;
    const record = verdict.record;
    record.elapsedMs = verdict.elapsedMs;
    record.timestamp = new Date(record.endedMs || Date.now()).toISOString();
    const problems = deliver(record);
    if (problems.length > 0) verdict.logErrors = problems;
    return verdict;
  };

  return {
    verify,
    setJudge(fn) {
      if (fn !== null && typeof fn !== "function") {
        throw new BoomerangGuardError("INVALID_ARGUMENT", "setJudge needs an async function (request) => string | object, or null");
      }
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
