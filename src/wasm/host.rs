//! Binding of result integration and of the host state (`crate::integrate`, `crate::host`):
//! JSON in, JSON out. The policy is the core's.

use super::{ms, read, to_js, IntoJs, WasmGuard};
use crate::host::{HistoryRecord, HostEvent, HostKind, HostState};
use crate::integrate::IntegrateInput;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A missing or unreadable host state starts empty: losing it must not stop the host.
fn read_state(v: &JsValue, max: usize) -> HostState {
    if v.is_undefined() || v.is_null() {
        return HostState::default();
    }
    match super::stringify(v, "the host state", max) {
        Ok(Some(text)) => serde_json::from_str(&text)
            .map(|v| HostState::from_value(&v))
            .unwrap_or_default(),
        _ => HostState::default(),
    }
}

#[derive(Serialize)]
struct Applied<'a> {
    state: &'a HostState,
    deliveries: Vec<crate::host::Delivery>,
}

#[wasm_bindgen]
impl WasmGuard {
    /// Starts a result integration: `{ kind: "done", integration }` or `{ kind: "judge", ... }`.
    #[wasm_bindgen(js_name = integrateBegin)]
    pub fn integrate_begin(&mut self, input: JsValue, now: f64) -> Result<JsValue, JsValue> {
        let input = read(
            &input,
            "the integration input",
            4 * self.max_in(),
            IntegrateInput::from_value,
        )?;
        let step = self
            .engine
            .integrate_begin(input, &super::verify::nonce(), now)
            .js()?;
        to_js(&step)
    }

    #[wasm_bindgen(js_name = integrateFinish)]
    pub fn integrate_finish(
        &mut self,
        token: u32,
        answer: JsValue,
        now: f64,
    ) -> Result<JsValue, JsValue> {
        let answer = super::judge_answer(&answer, self.max_in())?;
        to_js(&self.engine.integrate_finish(token, answer, now).js()?)
    }

    #[wasm_bindgen(js_name = integrateAbandon)]
    pub fn integrate_abandon(&mut self, token: u32) -> bool {
        self.engine.integrate_abandon(token)
    }

    /// Applies a boundary event to the host state: `{ state, deliveries }`.
    #[wasm_bindgen(js_name = hostApply)]
    pub fn host_apply(&self, state: JsValue, event: JsValue, now: f64) -> Result<JsValue, JsValue> {
        let mut state = read_state(&state, 4 * self.max_in());
        let event = super::read_with(
            &event,
            "the host event",
            2 * self.max_in(),
            HostEvent::from_json,
        )?;
        let deliveries = state.apply(event, ms(now), |m| self.engine.budget_ms(m));
        to_js(&Applied {
            state: &state,
            deliveries,
        })
    }

    /// Start-up reconciliation: `{ deliveries, held, findings, state }`.
    #[wasm_bindgen(js_name = hostReconcile)]
    pub fn host_reconcile(
        &self,
        state: JsValue,
        host: JsValue,
        records: JsValue,
        now: f64,
    ) -> Result<JsValue, JsValue> {
        let state = read_state(&state, 4 * self.max_in());
        let host = read(&host, "the host kind", super::MAX_ID_UNITS, |v| {
            HostKind::from_value(&v)
        })?;
        let records = read(
            &records,
            "the history items",
            4 * self.max_in(),
            HistoryRecord::list_from_value,
        )?;
        to_js(&self.engine.reconcile(state, host, &records, ms(now)))
    }

    /// The earliest child deadline in a host state, or undefined.
    #[wasm_bindgen(js_name = hostNextDeadline)]
    pub fn host_next_deadline(&self, state: JsValue) -> Option<f64> {
        read_state(&state, 4 * self.max_in())
            .next_deadline()
            .map(|d| d as f64)
    }
}
