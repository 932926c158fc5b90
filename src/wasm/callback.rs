//! Calling the host's async callbacks (mode switch, judge): a returned promise or thenable is
//! awaited, bounded by a timer; a throw, a rejection and a timeout all come back as values.

use crate::gather::GatherText;
use js_sys::{Function, Promise, Reflect};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

pub struct CallError {
    pub message: String,
    pub timed_out: bool,
}

fn global_fn(name: &str) -> Option<Function> {
    Reflect::get(&js_sys::global(), &name.into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
}

/// Calls `f(arg)`, awaiting a promise (or thenable) it returns, bounded by `timeout_ms`.
pub async fn call_with_timeout(
    f: &Function,
    arg: &JsValue,
    timeout_ms: f64,
) -> Result<JsValue, CallError> {
    let failed = |e: JsValue| CallError {
        message: describe(&e),
        timed_out: false,
    };
    let returned = f.call1(&JsValue::NULL, arg).map_err(failed)?;
    if !returned.is_instance_of::<Promise>() {
        // A getter on `then` may throw: that is the callback's failure, not ours.
        let is_thenable = returned.is_object()
            && Reflect::get(&returned, &"then".into())
                .map_err(failed)?
                .is_function();
        if !is_thenable {
            return Ok(returned);
        }
    }
    let promise = Promise::resolve(&returned);
    let Some(set_timeout) = global_fn("setTimeout") else {
        return JsFuture::from(promise).await.map_err(failed);
    };
    let fired = Rc::new(Cell::new(false));
    let mut timer = JsValue::UNDEFINED;
    let timeout = Promise::new(&mut |_, reject| {
        let fired = fired.clone();
        let cb = Closure::once_into_js(move || {
            fired.set(true);
            let _ = reject.call0(&JsValue::NULL);
        });
        timer = set_timeout
            .call2(&JsValue::NULL, &cb, &JsValue::from_f64(timeout_ms))
            .unwrap_or(JsValue::UNDEFINED);
    });
    let out = JsFuture::from(Promise::race(&js_sys::Array::of2(&promise, &timeout))).await;
    if let Some(clear) = global_fn("clearTimeout") {
        let _ = clear.call1(&JsValue::NULL, &timer);
    }
    out.map_err(|e| {
        if fired.get() {
            CallError {
                message: format!(
                    "no answer within {} ms",
                    crate::drift::text::show_number(timeout_ms)
                ),
                timed_out: true,
            }
        } else {
            failed(e)
        }
    })
}

/// A thrown value as text: an Error's message, a string, else a generic description.
pub fn describe(e: &JsValue) -> String {
    if let Some(err) = e.dyn_ref::<js_sys::Error>() {
        let m = String::from(err.message());
        return if m.is_empty() {
            String::from(err.name())
        } else {
            m
        };
    }
    if let Some(s) = e.as_string() {
        return s;
    }
    if e.is_undefined() || e.is_null() {
        return "the callback failed without a reason".into();
    }
    // `String(e)` may itself throw (a Proxy, an object with a throwing toString).
    js_sys::JSON::stringify(e)
        .ok()
        .and_then(|s| s.as_string())
        .map(|s| format!("the callback threw {}", s.chars().take(200).gather_text()))
        .unwrap_or_else(|| "the callback threw a value that cannot be shown".into())
}
