//! Binding of the verifier: `verifyBegin` / `verifyFinish` step the core's machine (the guard is
//! borrowed only inside each call, so concurrent verifications never block each other), and
//! `callJudge` runs the host's async judge with a timeout and retries. The wrapper loops them.

use super::callback::call_with_timeout;
use super::{fail, to_js, IntoJs, WasmGuard};
use crate::error::ErrorCode;
use crate::verify::{Outcome, Step, VerifyInput};
use js_sys::{Function, JsString, Reflect};
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// 96 bits from the platform's random source as hex (the judge prompt's fence).
pub(super) fn nonce() -> String {
    let mut bytes = [0u8; 12];
    if getrandom::fill(&mut bytes).is_err() {
        // No crypto source: Math.random still makes the fence unpredictable to the child.
        for b in bytes.iter_mut() {
            *b = (js_sys::Math::random() * 256.0) as u8;
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[wasm_bindgen]
impl WasmGuard {
    /// Starts a verification: `{ kind: "done", verification }` or `{ kind: "judge", token,
    /// request, timeoutMs, retries }`. Missing instructions, modes and root are taken from the
    /// lifecycle when it knows the child.
    #[wasm_bindgen(js_name = verifyBegin)]
    pub fn verify_begin(&mut self, input: JsValue, now: f64) -> Result<JsValue, JsValue> {
        let input = read_input(&input, self.max_in())?;
        let step = self.engine.verify_begin(input, &nonce(), now).js()?;
        step_to_js(step)
    }

    /// Gives the judge's answer (`{ kind: "text", text, attempts }` or `{ kind: "failed",
    /// error, timedOut, attempts }`) for `token`; returns the next step.
    #[wasm_bindgen(js_name = verifyFinish)]
    pub fn verify_finish(
        &mut self,
        token: u32,
        answer: JsValue,
        now: f64,
    ) -> Result<JsValue, JsValue> {
        let answer = super::judge_answer(&answer, self.max_in())?;
        let step = self.engine.verifier.finish(token, answer, now).js()?;
        step_to_js(step)
    }

    /// Drops a verification waiting for its judge.
    #[wasm_bindgen(js_name = verifyAbandon)]
    pub fn verify_abandon(&mut self, token: u32) -> bool {
        self.engine.verifier.abandon(token)
    }

    /// The host set another judge (or none): cached verdicts were the previous judge's.
    #[wasm_bindgen(js_name = judgeChanged)]
    pub fn judge_changed(&mut self) {
        self.engine.verifier.forget_verdicts();
    }

    /// Judge calls spent for a root task.
    #[wasm_bindgen(js_name = judgeBudgetUsed)]
    pub fn judge_budget_used(&self, root_task_id: JsValue) -> Result<u32, JsValue> {
        let root = super::arg_text(&root_task_id, "the root task id", super::MAX_ID_UNITS)?;
        Ok(self.engine.verifier.budget_used(&root))
    }
}

/// A step as a JS object. The outcome's text (the whole result, up to `limits.maxBytes`) crosses
/// as one string instead of inside the JSON text: no escaping, no second pass, no `JSON.parse`
/// of megabytes.
fn step_to_js(mut step: Step) -> Result<JsValue, JsValue> {
    let Step::Done { verification } = &mut step else {
        return to_js(&step);
    };
    let (key, text) = match &mut verification.outcome {
        Outcome::Proceed { text }
        | Outcome::Augment { text }
        | Outcome::Conditional { text, .. } => ("text", std::mem::take(text)),
        Outcome::Hold { result, .. } => ("result", std::mem::take(result)),
        Outcome::Clarify { message } => ("message", std::mem::take(message)),
    };
    let obj = to_js(&step)?;
    let outcome = Reflect::get(&obj, &"verification".into())
        .and_then(|v| Reflect::get(&v, &"outcome".into()))?;
    Reflect::set(&outcome, &key.into(), &JsValue::from_str(&text))?;
    Ok(obj)
}

/// Reads `{ parentInstructions, childOutput, ... }` field by field: the texts cross once, as
/// strings, instead of through JSON. Structured instructions or results are taken as JSON text.
fn read_input(v: &JsValue, max: usize) -> Result<VerifyInput, JsValue> {
    if !v.is_object() {
        return Err(fail(
            ErrorCode::InvalidArgument,
            "",
            "verify needs an object { parentInstructions, childOutput, ... }".into(),
        ));
    }
    let field = |key: &str| -> Result<JsValue, JsValue> {
        Reflect::get(v, &key.into()).map_err(|e| {
            fail(
                ErrorCode::InvalidArgument,
                &format!("/{key}"),
                format!("reading {key} failed: {}", super::callback::describe(&e)),
            )
        })
    };
    let text = |key: &str, structured: bool| -> Result<Option<String>, JsValue> {
        let x = field(key)?;
        if x.is_undefined() || x.is_null() {
            return Ok(None);
        }
        // Sizes are checked before the copy; lone surrogates become U+FFFD, as in scoreDrift.
        let located = |e: crate::error::GuardError| {
            super::to_js_error(&crate::error::GuardError::new(
                e.code,
                format!("/{key}"),
                e.message,
            ))
        };
        let limit = if structured { max } else { super::MAX_ID_UNITS };
        if let Some(s) = x.dyn_ref::<JsString>() {
            return super::text_within(s, limit, key).map(Some).map_err(located);
        }
        if structured && x.is_object() {
            return super::stringify_raw(&x, key, max).map_err(located);
        }
        Err(fail(
            ErrorCode::InvalidArgument,
            &format!("/{key}"),
            format!("{key} must be a string"),
        ))
    };
    let number = |key: &str| -> Result<Option<f64>, JsValue> {
        let x = field(key)?;
        if x.is_undefined() || x.is_null() {
            return Ok(None);
        }
        x.as_f64()
            .filter(|n| n.is_finite())
            .map(Some)
            .ok_or_else(|| {
                fail(
                    ErrorCode::InvalidArgument,
                    &format!("/{key}"),
                    format!("{key} must be a number"),
                )
            })
    };
    let child_output = text("childOutput", true)?.ok_or_else(|| {
        fail(
            ErrorCode::InvalidArgument,
            "/childOutput",
            "childOutput is missing: pass the child's attempt_completion result".into(),
        )
    })?;
    let round = number("round")?.unwrap_or(0.0);
    if !(0.0..=1e6).contains(&round) || round.fract() != 0.0 {
        return Err(fail(
            ErrorCode::InvalidArgument,
            "/round",
            "round must be a whole number of clarification rounds".into(),
        ));
    }
    Ok(VerifyInput {
        parent_instructions: text("parentInstructions", true)?.unwrap_or_default(),
        child_output,
        parent_mode: text("parentMode", false)?,
        child_mode: text("childMode", false)?,
        parent_task_id: text("parentTaskId", false)?,
        child_task_id: text("childTaskId", false)?,
        root_task_id: text("rootTaskId", false)?,
        round: round as u32,
        previous_score: number("previousScore")?,
    })
}

/// Calls the host's judge with `request`, bounded by `timeout_ms`, retrying `retries` times
/// after a throw, a rejection, a timeout or an empty answer. Never rejects: the outcome is
/// `{ kind: "text", text, attempts }` or `{ kind: "failed", error, timedOut, attempts }`.
#[wasm_bindgen(js_name = callJudge)]
pub async fn call_judge(
    judge: Function,
    request: JsValue,
    timeout_ms: f64,
    retries: u32,
) -> JsValue {
    let mut attempts = 0u32;
    let mut last = (String::new(), false);
    while attempts <= retries {
        attempts += 1;
        match call_with_timeout(&judge, &request, timeout_ms).await {
            Ok(answer) => match answer_text(&answer) {
                Some(Err(too_large)) => last = (too_large, false),
                Some(Ok(text)) => {
                    return answer_js(
                        &serde_json::json!({"kind": "text", "text": text, "attempts": attempts}),
                    )
                }
                None => {
                    last = (
                        format!("the judge returned {}", super::js_type(&answer)),
                        false,
                    )
                }
            },
            Err(e) => last = (e.message, e.timed_out),
        }
    }
    answer_js(&serde_json::json!({
        "kind": "failed",
        "error": last.0,
        "timedOut": last.1,
        "attempts": attempts,
    }))
}

fn answer_js(v: &Value) -> JsValue {
    to_js(v).unwrap_or(JsValue::NULL)
}

/// Judge answers longer than this are not read (a verdict is a few hundred bytes).
const MAX_ANSWER_BYTES: usize = 1 << 20;

/// The model's text: a string as is, an object as its JSON; nothing for empty answers; an
/// error for an answer too large to read.
fn answer_text(v: &JsValue) -> Option<Result<String, String>> {
    let text = if let Some(s) = v.dyn_ref::<JsString>() {
        super::text_within(s, MAX_ANSWER_BYTES, "the judge's answer")
    } else if v.is_object() {
        super::stringify_raw(v, "the judge's answer", MAX_ANSWER_BYTES).transpose()?
    } else {
        // A bare number ("4") or boolean is still the model's answer; the parser judges it.
        return v
            .as_f64()
            .map(crate::drift::text::show_number)
            .or_else(|| v.as_bool().map(|b| b.to_string()))
            .map(Ok);
    };
    match text {
        Ok(t) => (!t.trim().is_empty()).then_some(Ok(t)),
        Err(e) => Some(Err(e.message)),
    }
}
