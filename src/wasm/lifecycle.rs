//! Binding of the lifecycle registry and of mode restoration. Times come from the wrapper's
//! injectable clock as milliseconds.

use super::callback::call_with_timeout;
use super::{fail, ms, read, to_js, IntoJs, WasmGuard};
use crate::error::ErrorCode;
use crate::gather::Gather;
use crate::lifecycle::{plan_restore, LifecycleEvent, Registry, RestoreInput, Transition};
use js_sys::Function;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A task id argument: a string of bounded length.
fn task_id(v: &JsValue) -> Result<String, JsValue> {
    super::arg_text(v, "the task id", super::MAX_ID_UNITS)
}

#[wasm_bindgen]
impl WasmGuard {
    /// Applies one host event (either Roo Code API); returns the transitions.
    #[wasm_bindgen(js_name = lifecycleApply)]
    pub fn lifecycle_apply(&mut self, event: JsValue, now: f64) -> Result<JsValue, JsValue> {
        let text = super::stringify(&event, "the event", 2 * self.max_in())?.unwrap_or_default();
        let event = LifecycleEvent::from_json(&text).map_err(|e| {
            fail(
                ErrorCode::InvalidArgument,
                "/type",
                format!("not a lifecycle event: {e}"),
            )
        })?;
        let out = self.engine.lifecycle_apply(&event, ms(now)).js()?;
        to_js(&out)
    }

    #[wasm_bindgen(js_name = lifecycleTick)]
    pub fn lifecycle_tick(&mut self, now: f64) -> Result<JsValue, JsValue> {
        to_js(&self.engine.registry.tick(ms(now)))
    }

    #[wasm_bindgen(js_name = lifecycleNextDeadline)]
    pub fn lifecycle_next_deadline(&self) -> Option<f64> {
        self.engine.registry.next_deadline().map(|d| d as f64)
    }

    /// Step one of a resume: `{ delivery, transitions }`; the result stays in the outbox.
    #[wasm_bindgen(js_name = lifecyclePrepareResume)]
    pub fn lifecycle_prepare_resume(
        &mut self,
        parent_id: JsValue,
        now: f64,
    ) -> Result<JsValue, JsValue> {
        let parent_id = &task_id(&parent_id)?;
        #[derive(Serialize)]
        struct Prepared {
            delivery: crate::lifecycle::Delivery,
            transitions: Vec<Transition>,
        }
        let (delivery, transitions) = self
            .engine
            .registry
            .prepare_resume(parent_id, ms(now))
            .js()?;
        to_js(&Prepared {
            delivery,
            transitions,
        })
    }

    #[wasm_bindgen(js_name = lifecycleCommitResume)]
    pub fn lifecycle_commit_resume(
        &mut self,
        parent_id: JsValue,
        now: f64,
    ) -> Result<JsValue, JsValue> {
        let parent_id = &task_id(&parent_id)?;
        to_js(
            &self
                .engine
                .registry
                .commit_resume(parent_id, ms(now))
                .js()?,
        )
    }

    #[wasm_bindgen(js_name = lifecycleRollbackResume)]
    pub fn lifecycle_rollback_resume(
        &mut self,
        parent_id: JsValue,
        reason: JsValue,
        now: f64,
    ) -> Result<JsValue, JsValue> {
        let parent_id = &task_id(&parent_id)?;
        let reason = &super::arg_text(&reason, "the reason", super::MAX_ID_UNITS)?;
        to_js(
            &self
                .engine
                .registry
                .rollback_resume(parent_id, reason, ms(now))
                .js()?,
        )
    }

    #[wasm_bindgen(js_name = lifecycleTask)]
    pub fn lifecycle_task(&self, id: JsValue) -> Result<JsValue, JsValue> {
        to_js(&self.engine.registry.task(&task_id(&id)?))
    }

    #[wasm_bindgen(js_name = lifecycleTasks)]
    pub fn lifecycle_tasks(&self) -> Result<JsValue, JsValue> {
        to_js(&self.engine.registry.tasks().gather())
    }

    /// Child results waiting for their parents.
    #[wasm_bindgen(js_name = lifecyclePending)]
    pub fn lifecycle_pending(&self) -> Result<JsValue, JsValue> {
        to_js(&self.engine.registry.deliveries().gather())
    }

    #[wasm_bindgen(js_name = lifecycleExport)]
    pub fn lifecycle_export(&self, now: f64) -> String {
        self.engine.registry.export_json(ms(now))
    }

    /// Replaces the registry with an exported one; on error the current one is kept.
    #[wasm_bindgen(js_name = lifecycleImport)]
    pub fn lifecycle_import(&mut self, text: JsValue) -> Result<(), JsValue> {
        let text = super::arg_text(&text, "the exported state", super::CEILING_BYTES)?;
        self.engine.registry = Registry::import_json(&text).js()?;
        Ok(())
    }

    /// Which mode a parent goes back to (before the host's switch is called).
    #[wasm_bindgen(js_name = planRestore)]
    pub fn plan_restore(&self, input: JsValue) -> Result<JsValue, JsValue> {
        let input = read(
            &input,
            "the restore input",
            self.max_in(),
            RestoreInput::from_value,
        )?;
        let default_mode = &self.engine.guard.config().settings().default_mode;
        to_js(&plan_restore(&input, default_mode))
    }
}

/// What a mode restoration did, for the host's logs and UI.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Restoration {
    requested: Option<String>,
    mode: Option<String>,
    fell_back: bool,
    took_effect: Option<bool>,
    ok: bool,
    reasons: Vec<String>,
}

/// Pre-mode-restoration (seed 001 §3.3): switches to the planned mode through the host's async
/// `switchMode`, falls back to the host's default if that throws, rejects or hangs, and reads the
/// mode back through `current` (when given): after a success to report a switch that did not
/// take effect, after a failure to report the mode the host is really in, so the host can
/// record that. Every call shares one budget of `budget_ms` in all.
#[wasm_bindgen(js_name = restoreMode)]
pub async fn restore_mode(
    plan: JsValue,
    requested: Option<String>,
    switch_mode: Function,
    current: Option<Function>,
    budget_ms: f64,
) -> Result<JsValue, JsValue> {
    let text =
        super::stringify(&plan, "the restore plan", super::CEILING_BYTES)?.unwrap_or_default();
    let plan = serde_json::from_str(&text)
        .and_then(crate::json_fields::Fields::of)
        .and_then(|mut f| {
            Ok(crate::lifecycle::RestorePlan {
                target: f.opt_text("target")?,
                fallback: f.text("fallback")?,
                reason: f.opt_text("reason")?,
            })
        });
    let plan = plan.map_err(|e| {
        fail(
            ErrorCode::InvalidArgument,
            "",
            format!("bad restore plan: {e}"),
        )
    })?;
    let deadline = js_sys::Date::now() + budget_ms.max(0.0);
    let left = || (deadline - js_sys::Date::now()).max(1.0);
    let mut reasons: Vec<String> = plan.reason.iter().cloned().gather();
    let Some(target) = plan.target.clone() else {
        // Nothing to switch: the host is already where it should be, or the user chose.
        let mode = match &current {
            Some(get) => call_with_timeout(get, &JsValue::UNDEFINED, left())
                .await
                .ok()
                .and_then(|v| v.as_string()),
            None => requested.clone(),
        };
        return to_js(&Restoration {
            fell_back: false,
            took_effect: Some(true),
            ok: mode.is_some(),
            requested,
            mode,
            reasons,
        });
    };
    let mut fell_back = Some(target.as_str()) != requested.as_deref();
    let mut mode = None;
    match call_with_timeout(&switch_mode, &JsValue::from_str(&target), left()).await {
        Ok(_) => mode = Some(target.clone()),
        Err(why) => {
            let why = why.message;
            reasons.push(format!("switching to {target:?} failed: {why}"));
            if plan.fallback != target {
                fell_back = true;
                match call_with_timeout(&switch_mode, &JsValue::from_str(&plan.fallback), left())
                    .await
                {
                    Ok(_) => mode = Some(plan.fallback.clone()),
                    Err(why) => reasons.push(format!(
                        "falling back to {:?} failed too: {}",
                        plan.fallback, why.message
                    )),
                }
            }
        }
    }
    let mut took_effect = None;
    let switched = mode.is_some();
    if let Some(get) = &current {
        match call_with_timeout(get, &JsValue::UNDEFINED, left()).await {
            Ok(v) => {
                let now = v.as_string();
                if let Some(expected) = &mode {
                    let same = now.as_deref() == Some(expected.as_str());
                    if !same {
                        reasons.push(format!(
                            "the host reports mode {:?} after switching to {expected:?}: the switch did not take effect",
                            now.clone().unwrap_or_default()
                        ));
                    }
                    took_effect = Some(same);
                }
                // The mode the host is really in is what its records must say.
                if now.is_some() {
                    mode = now;
                }
            }
            Err(why) => reasons.push(format!("reading the current mode failed: {}", why.message)),
        }
    }
    let ok = switched && took_effect != Some(false);
    let report = Restoration {
        requested,
        mode,
        fell_back,
        took_effect,
        ok,
        reasons,
    };
    to_js(&report)
}
