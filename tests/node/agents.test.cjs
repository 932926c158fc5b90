"use strict";
// The OpenAI Agents SDK adapter (`boomerang-guard/agents`) inside the real SDK (@openai/agents,
// a dev dependency): a Runner with a scripted model (no network) hands a task from a triage
// agent to a coder agent through the guard's input filter; the coder's result goes through the
// guard's output guardrail.
const test = require("node:test");
const assert = require("node:assert/strict");
const { Agent, Runner, handoff, setTracingDisabled, Usage, OutputGuardrailTripwireTriggered } = require("@openai/agents");
const { requireGuard, requireSubpath } = require("./load.cjs");

const { createGuardSync } = requireGuard();
const { createAgentsGuard } = requireSubpath("agents");
setTracingDisabled(true);

/** The SDK's `Model`: answers from a script, records what each agent was sent. */
class ScriptedModel {
  constructor(script) {
    this.script = script;
    this.requests = [];
  }
  async getResponse(request) {
    this.requests.push(request);
    return { usage: new Usage(), output: this.script.shift(), responseId: `r${this.requests.length}` };
  }
  // eslint-disable-next-line require-yield
  async *getStreamedResponse() {
    throw new Error("not scripted");
  }
}
const say = (text) => [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text }] }];
const transfer = [{ type: "function_call", callId: "call_1", name: "transfer_to_coder", arguments: "{}", status: "completed" }];

const TASK = "Add a `slugify(title)` function to `src/text/slug.ts` that lowercases the title, replaces runs of non-alphanumeric characters with one hyphen and trims hyphens at both ends. Add unit tests in `src/text/slug.test.ts`. Do not add dependencies.";
const GOOD = "```ts\nexport function slugify(title: string): string {\n  return title.toLowerCase().replace(/[^a-z0-9]+/g, \"-\").replace(/^-+|-+$/g, \"\");\n}\n```\nAdded to `src/text/slug.ts`; `src/text/slug.test.ts` covers spaces, punctuation runs, edge hyphens and an empty title (6 passed). No dependencies added.";
const DRIFTED = "I installed the `slugify` package from npm (added to package.json dependencies), rewrote the RSS feed generator in `src/feed/rss.ts` to use it and refactored the Markdown renderer.";

function setup(childText, options = {}, input = TASK) {
  const guard = createGuardSync({ judge: { mode: "never" } });
  const agents = createAgentsGuard(guard, { agents: { coder: "code" }, ...options });
  const coder = new Agent({ name: "coder", instructions: "You write code.", outputGuardrails: [agents.outputGuardrail()] });
  const triage = new Agent({ name: "triage", instructions: "Delegate coding tasks.", handoffs: [handoff(coder, { inputFilter: agents.handoffInputFilter("coder") })] });
  const model = new ScriptedModel([transfer, say(childText)]);
  const runner = new Runner({ modelProvider: { getModel: async () => model } });
  return { run: () => runner.run(triage, input), model };
}

test("a result that follows the handed task passes the guardrail", async () => {
  const { run } = setup(GOOD);
  const result = await run();
  assert.equal(result.lastAgent.name, "coder");
  assert.equal(result.finalOutput, GOOD);
  const [check] = result.outputGuardrailResults;
  assert.equal(check.output.tripwireTriggered, false);
  assert.equal(check.output.outputInfo.mode, "code");
  assert.equal(check.output.outputInfo.task, TASK, "the task recorded at the handoff is what the result is checked against");
  assert.ok(["CONSISTENT", "POTENTIAL_DRIFT"].includes(check.output.outputInfo.status), check.output.outputInfo.summary);
});

test("a drifted result trips the guardrail: the run throws the SDK's tripwire error with the verdict", async () => {
  const { run } = setup(DRIFTED);
  await assert.rejects(run(), (e) => {
    assert.ok(e instanceof OutputGuardrailTripwireTriggered, String(e));
    const info = e.result.output.outputInfo;
    assert.equal(info.status, "SIGNIFICANT_DRIFT");
    assert.ok(info.reasons.some((r) => /dependenc/i.test(r)), info.reasons.join(" | "));
    return true;
  });
  // Only contract violations trip when the user says so.
  const lenient = setup(DRIFTED, { tripOn: ["CONTRACT_VIOLATION"] });
  const r = await lenient.run();
  assert.equal(r.outputGuardrailResults[0].output.outputInfo.status, "SIGNIFICANT_DRIFT");
});

test("a result that breaks the mode's output contract trips the guardrail", async () => {
  const { run } = setup("   ");
  await assert.rejects(run(), (e) => e instanceof OutputGuardrailTripwireTriggered && e.result.output.outputInfo.status === "CONTRACT_VIOLATION");
});

test("a task that breaks the target's input contract is not handed over; the history handed over is a frozen copy", async () => {
  const empty = setup(GOOD, {}, "   ");
  await assert.rejects(empty.run(), (e) => e.code === "INVALID_ARGUMENT" && /coder does not meet the "code" contract/.test(e.message));
  assert.equal(empty.model.requests.length, 1, "the coder was never called");
  // The filter on its own, with history items: the next agent gets frozen copies.
  const guard = createGuardSync();
  const filter = createAgentsGuard(guard).handoffInputFilter("coder");
  const history = [{ type: "message", role: "user", content: [{ type: "input_text", text: TASK }] }];
  const handed = filter({ inputHistory: history, preHandoffItems: [], newItems: [] });
  assert.notEqual(handed.inputHistory, history);
  assert.ok(Object.isFrozen(handed.inputHistory) && Object.isFrozen(handed.inputHistory[0].content[0]));
  assert.throws(() => {
    "use strict";
    handed.inputHistory[0].content[0].text = "something else";
  }, TypeError);
  assert.equal(history[0].content[0].text, TASK);
  // A last user turn with no text (an image) has no task to check: it is handed over as is.
  const image = [{ type: "message", role: "user", content: [{ type: "input_image", image: "data:image/png;base64,AAAA" }] }];
  const passed = filter({ inputHistory: image, preHandoffItems: [], newItems: [] });
  assert.deepEqual(passed.inputHistory, image);
});

test("the guard's own failure never stops the run", async () => {
  const guard = createGuardSync();
  const broken = { ...guard, integrate: async () => { throw new Error("wasm trap"); }, checkTaskInput: guard.checkTaskInput, freezeContext: guard.freezeContext };
  const gr = createAgentsGuard(broken).outputGuardrail();
  const out = await gr.execute({ agent: { name: "coder" }, agentOutput: GOOD, context: {} });
  assert.equal(out.tripwireTriggered, false);
  assert.equal(out.outputInfo.status, "ERROR");
  assert.match(out.outputInfo.error, /wasm trap/);
});
