//! Binding of the verifier: `verifyBegin` / `verifyFinish` step the core's machine (the guard is
//! borrowed only inside each call, so concurrent verifications never block each other), and
//! `callJudge` runs the host's async judge with a timeout and retries. The wrapper loops them.

use super::callback::call_with_timeout;
use super::{fail, IntoJs, WasmGuard};
use crate::error::ErrorCode;
use crate::verify::{JudgeAnswer, Step, VerifyInput};
use js_sys::{Function, JsString, JSON};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsValue> {
    let text = serde_json::to_string(v)
        .map_err(|e| fail(ErrorCode::InvalidArgument, "", e.to_string()))?;
    JSON::parse(&text)
}

/// 96 bits from the platform's random source as hex (the judge prompt's fence).
fn nonce() -> String {
    let mut bytes = [0u8; 12];
    if getrandom::fill(&mut bytes).is_err() {
        // No crypto source: Math.random still makes the fence unpredictable to the child.
        for b in bytes.iter_mut() {
            *b = (js_sys::Math::random() * 256.0) as u8;
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn string_field(map: &serde_json::Map<String, Value>, key: &str) -> Option<String> {
    map.get(key).and_then(Value::as_str).map(str::to_string)
}

#[wasm_bindgen]
impl WasmGuard {
    /// Starts a verification: `{ kind: "done", verification }` or `{ kind: "judge", token,
    /// request, timeoutMs, retries }`. Missing instructions, modes and root are taken from the
    /// lifecycle when it knows the child.
    #[wasm_bindgen(js_name = verifyBegin)]
    pub fn verify_begin(&mut self, input: JsValue, now: f64) -> Result<JsValue, JsValue> {
        let text = super::stringify(&input, "the verify input")?.ok_or_else(|| {
            fail(
                ErrorCode::InvalidArgument,
                "",
                "verify needs { parentInstructions, childOutput, ... }".into(),
            )
        })?;
        let Ok(Value::Object(mut map)) = serde_json::from_str::<Value>(&text) else {
            return Err(fail(
                ErrorCode::InvalidArgument,
                "",
                "verify needs an object { parentInstructions, childOutput, ... }".into(),
            ));
        };
        self.fill_from_lifecycle(&mut map);
        for key in ["parentInstructions", "childOutput"] {
            match map.get(key) {
                Some(Value::String(_)) => {}
                None | Some(Value::Null) if key == "parentInstructions" => {
                    return Err(fail(
                        ErrorCode::InvalidArgument,
                        "/parentInstructions",
                        "parentInstructions is missing and the lifecycle holds no message for this child (pass childTaskId of a spawned child, or the instructions)".into(),
                    ))
                }
                Some(Value::Object(_)) | Some(Value::Array(_)) => {
                    // A structured message or result is verified as its JSON text.
                    let t = map.get(key).map(Value::to_string).unwrap_or_default();
                    map.insert(key.into(), Value::String(t));
                }
                _ => {
                    return Err(fail(
                        ErrorCode::InvalidArgument,
                        &format!("/{key}"),
                        format!("{key} must be a string"),
                    ))
                }
            }
        }
        let input: VerifyInput = serde_json::from_value(Value::Object(map)).map_err(|e| {
            fail(
                ErrorCode::InvalidArgument,
                "",
                format!("bad verify input: {e}"),
            )
        })?;
        let mode = input
            .child_mode
            .clone()
            .or_else(|| input.parent_mode.clone());
        let config = self.inner.config();
        let settings = match mode.as_deref() {
            Some(m) => config.for_mode(m),
            None => config.settings(),
        };
        let step = self.verifier.begin(settings, input, &nonce(), now).js()?;
        step_to_js(&step)
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
        let text = super::stringify(&answer, "the judge answer")?.unwrap_or_default();
        let answer: JudgeAnswer = serde_json::from_str(&text).map_err(|e| {
            fail(
                ErrorCode::InvalidArgument,
                "",
                format!("bad judge answer: {e}"),
            )
        })?;
        let step = self.verifier.finish(token, answer, now).js()?;
        step_to_js(&step)
    }

    /// Drops a verification waiting for its judge.
    #[wasm_bindgen(js_name = verifyAbandon)]
    pub fn verify_abandon(&mut self, token: u32) -> bool {
        self.verifier.abandon(token)
    }

    /// Judge calls spent for a root task.
    #[wasm_bindgen(js_name = judgeBudgetUsed)]
    pub fn judge_budget_used(&self, root_task_id: &str) -> u32 {
        self.verifier.budget_used(root_task_id)
    }

    fn fill_from_lifecycle(&self, map: &mut serde_json::Map<String, Value>) {
        let Some(child) = string_field(map, "childTaskId") else {
            return;
        };
        let Some(task) = self.registry.task(&child) else {
            return;
        };
        let mut put = |key: &str, v: Option<String>| {
            if matches!(map.get(key), None | Some(Value::Null)) {
                if let Some(v) = v {
                    map.insert(key.into(), Value::String(v));
                }
            }
        };
        put("parentInstructions", task.instructions.clone());
        put("childMode", Some(task.mode.clone()));
        put("parentTaskId", task.parent_id.clone());
        put("rootTaskId", Some(task.root_id.clone()));
        let parent_mode = task
            .parent_id
            .as_deref()
            .and_then(|p| self.registry.task(p))
            .map(|p| p.mode.clone());
        put("parentMode", parent_mode);
    }
}

fn step_to_js(step: &Step) -> Result<JsValue, JsValue> {
    to_js(step)
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
                Some(text) => {
                    return answer_js(
                        &serde_json::json!({"kind": "text", "text": text, "attempts": attempts}),
                    )
                }
                None => last = (format!("the judge returned {}", kind_of(&answer)), false),
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
    JSON::parse(&v.to_string()).unwrap_or(JsValue::NULL)
}

/// The model's text: a string as is, an object as its JSON; nothing for empty answers.
fn answer_text(v: &JsValue) -> Option<String> {
    if let Some(s) = v.dyn_ref::<JsString>() {
        let s = super::to_rust_string(s);
        return (!s.trim().is_empty()).then_some(s);
    }
    if v.is_object() {
        return JSON::stringify(v).ok().and_then(|s| s.as_string());
    }
    // A bare number ("4") or boolean is still the model's answer; the parser judges it.
    v.as_f64()
        .map(|n| n.to_string())
        .or_else(|| v.as_bool().map(|b| b.to_string()))
}

fn kind_of(v: &JsValue) -> String {
    v.js_typeof()
        .as_string()
        .map(|t| if v.is_null() { "null".into() } else { t })
        .unwrap_or_else(|| "nothing".into())
}
