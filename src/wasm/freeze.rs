//! Bindings of `crate::freeze` for the JS walk (`ts-wrapper/src/freeze.ts`): the context hash
//! of its token stream, the typed error for a fault, the note for a run of bytes. Conversion
//! only.

use super::{to_js_error, IntoJs};
use crate::error::ErrorCode;
use crate::freeze::{binary_note, fault_error, fault_from_code, FreezeMode, Segment};
use crate::gather::Gather;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Path steps as the walk gives them: numbers (indices), strings, symbols.
fn segments(path: &[JsValue]) -> Vec<Segment> {
    path.iter()
        .map(|s| {
            if let Some(k) = s.as_string() {
                Segment::Key(k)
            } else if let Some(i) = s.as_f64() {
                Segment::Index(i as u32)
            } else {
                Segment::Symbol(
                    js_sys::Symbol::unchecked_from_js_ref(s)
                        .description()
                        .map(String::from)
                        .unwrap_or_default(),
                )
            }
        })
        .gather()
}

fn mode(code: u32) -> Option<FreezeMode> {
    match code {
        1 => Some(FreezeMode::Copy),
        2 => Some(FreezeMode::InPlace),
        _ => None,
    }
}

/// The context hash of a walk's token stream (`crate::freeze::stream`). The text comes as
/// UTF-8 bytes (the engine's `TextEncoder`): passed as a string, wasm-bindgen's glue copied its
/// ASCII prefix one character at a time in JS, a tenth of a context hash's time.
#[wasm_bindgen(js_name = hashStream)]
pub fn hash_stream(
    ops: &[u32],
    numbers: &[f64],
    text: &[u8],
    bytes: &[u8],
) -> Result<String, JsValue> {
    let text = std::str::from_utf8(text).map_err(|_| {
        crate::error::GuardError::new(
            ErrorCode::InvalidArgument,
            "",
            "context hash stream: the text is not UTF-8",
        )
    });
    text.and_then(|t| crate::freeze::stream::hash_stream(ops, numbers, t, bytes))
        .js()
}

/// The error (returned, for the walk to throw) for a fault at `path`: `fault` and `kind` are
/// codes from the generated rules, `mode` 0 (hash only), 1 (copy) or 2 (in place).
#[wasm_bindgen(js_name = freezeFault)]
pub fn freeze_fault(
    fault: u32,
    kind: u32,
    mode_code: u32,
    path: Vec<JsValue>,
    detail: String,
) -> JsValue {
    match fault_from_code(fault, kind) {
        Some(f) => to_js_error(&fault_error(f, mode(mode_code), &segments(&path), &detail)),
        None => super::fail(
            ErrorCode::InvalidArgument,
            "",
            format!("unknown freeze fault {fault}"),
        ),
    }
}

/// The note for a run of bytes the walk met (`crate::freeze::BinaryNote`), as a plain object.
#[wasm_bindgen(js_name = binaryNote)]
pub fn binary_note_js(
    mode_code: u32,
    path: Vec<JsValue>,
    type_name: String,
    byte_length: f64,
) -> Result<JsValue, JsValue> {
    let note = binary_note(
        mode(mode_code).unwrap_or(FreezeMode::Copy),
        &segments(&path),
        &type_name,
        byte_length.max(0.0) as usize,
    );
    super::to_js(&note)
}
