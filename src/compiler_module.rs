//! The compiler module's exports (`--features compiler-module`, `pkg/compiler/`): the run-time
//! JSON Schema compiler behind handles and JSON text, which the guard's module reaches through
//! its port (`contracts::compiler::remote`). Converts only: `contracts::compiler::serve`
//! answers.

use crate::contracts::compiler::serve;
use wasm_bindgen::prelude::*;

/// Which module this is, before instantiation (the guard's module writes "core" or "full").
#[used]
#[link_section = "boomerang_guard_build"]
static BUILD: [u8; 8] = *b"compiler";

/// Budget units as the port carries them (a JS number).
fn units(left: f64) -> u64 {
    if left.is_finite() && left > 0.0 {
        left as u64
    } else {
        0
    }
}

#[wasm_bindgen]
pub fn build(id: &str, docs: &str, keys_unchecked: bool, meta: bool) -> String {
    serve::build(id, docs, keys_unchecked, meta)
}

#[wasm_bindgen]
pub fn release(handle: u32) {
    serve::release(handle);
}

#[wasm_bindgen]
pub fn validate(handle: u32, value: &str, left: f64, errors: bool) -> String {
    serve::validate(handle, value, units(left), errors)
}

#[wasm_bindgen(js_name = firstInvalid)]
pub fn first_invalid(doc: &str) -> String {
    serve::first_invalid(doc)
}

#[wasm_bindgen(js_name = keyPatterns)]
pub fn key_patterns(docs: &str) -> String {
    serve::key_patterns(docs)
}

#[wasm_bindgen(js_name = keyRegex)]
pub fn key_regex(pattern: &str) -> f64 {
    serve::key_regex(pattern) as f64
}

#[wasm_bindgen(js_name = keyMatches)]
pub fn key_matches(handle: u32, key: &str, left: f64) -> f64 {
    serve::key_matches(handle, key, units(left)).encode()
}

#[wasm_bindgen(js_name = releaseKeyRegex)]
pub fn release_key_regex(handle: u32) {
    serve::release_key_regex(handle);
}
