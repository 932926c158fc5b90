//! The one thin binding layer: JS values cross as JSON text (JSON.stringify/parse run inside
//! the engine, faster than walking object graphs from Rust), errors become JS `Error`s with
//! `code`, `path` and `details`. No logic lives here.

mod callback;
#[cfg(not(feature = "runtime-schemas"))]
mod compiler;
mod freeze;
mod host;
mod lifecycle;
mod verify;

pub use freeze::{binary_note_js, freeze_fault, hash_stream};
pub use lifecycle::restore_mode;
pub use verify::call_judge;

use crate::contracts::check::ResultCall;
use crate::contracts::extract::Extraction;
use crate::contracts::{CheckReport, ContractSource};
use crate::error::{ErrorCode, GuardError};
use crate::gather::Gather;
use crate::guard::InputPart;
use crate::json_text::Sink;
use crate::{Config, Engine};
use js_sys::{Error as JsError, JsString, Reflect, JSON};
use serde_json::Value;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// Talc instead of the default dlmalloc: faster on the many small allocations of a JSON value
/// tree, and smaller. Single-threaded wasm only (no atomics), which is what we build.
#[cfg(not(target_feature = "atomics"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// The build, readable before instantiation (`WebAssembly.Module.customSections(m,
/// "boomerang_guard_build")`): an entry handed the bytes of the other build refuses them before
/// its glue is initialized with them (an initialized glue cannot be initialized again).
#[used]
#[link_section = "boomerang_guard_build"]
static BUILD: [u8; 4] = VARIANT;

/// The build's name; code reads this copy (a custom section is not in linear memory).
const VARIANT: [u8; 4] = if cfg!(feature = "runtime-schemas") {
    *b"full"
} else {
    *b"core"
};

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

thread_local! {
    /// `String.prototype.isWellFormed` (ES2024), looked up once; `None` on older engines.
    static IS_WELL_FORMED: Option<js_sys::Function> = Reflect::get(&js_sys::global(), &"String".into())
        .and_then(|ctor| Reflect::get(&ctor, &"prototype".into()))
        .and_then(|proto| Reflect::get(&proto, &"isWellFormed".into()))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
}

thread_local! {
    /// The report key a result's own text is set under, made once (see `REPORT_KEYS`).
    static TEXT_KEY: JsValue = JsValue::from_str("text");
}

thread_local! {
    static JSON_PARSE: Option<js_sys::Function> = Reflect::get(&js_sys::global(), &"JSON".into())
        .and_then(|json| Reflect::get(&json, &"parse".into()))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
}

thread_local! {
    /// A `TextEncoder`, its `encodeInto`, and the keys `read` and `written` of what it returns.
    static ENCODE_INTO: Option<(JsValue, js_sys::Function, JsValue, JsValue)> = Reflect::get(&js_sys::global(), &"TextEncoder".into())
        .ok()
        .and_then(|ctor| ctor.dyn_into::<js_sys::Function>().ok())
        .and_then(|ctor| Reflect::construct(&ctor, &js_sys::Array::new()).ok())
        .and_then(|enc| {
            let f = Reflect::get(&enc, &"encodeInto".into()).ok()?.dyn_into::<js_sys::Function>().ok()?;
            Some((enc, f, JsValue::from_str("read"), JsValue::from_str("written")))
        });
}

/// A well-formed JS string as a Rust `String`. Long strings are encoded by the engine's native
/// `TextEncoder.encodeInto` straight into the string's buffer (one copy); the generic path
/// encodes character by character in JS.
fn to_rust_string(s: &JsString) -> String {
    const NATIVE_FROM: u32 = 256;
    if s.length() >= NATIVE_FROM {
        if let Some(text) = encode_into(s) {
            return text;
        }
    }
    String::from(s)
}

/// [`to_rust_string`] through `encodeInto`; `None` where the engine has none. Room for one byte
/// a unit first (all a mostly-ASCII text needs), then for the rest at three bytes a unit, so a
/// large text never holds three times its size.
fn encode_into(s: &JsString) -> Option<String> {
    let units = s.length();
    let mut buf = vec![0u8; units as usize];
    let (read, mut len) = encode_at(s, &mut buf)?;
    if read < units {
        let rest = s.slice(read, units);
        buf.resize(len + 3 * (units - read) as usize, 0);
        let (_, more) = encode_at(&rest, buf.get_mut(len..)?)?;
        len += more;
    }
    buf.truncate(len);
    String::from_utf8(buf).ok()
}

/// `encodeInto(s, into)`: the UTF-16 units read and the bytes written.
fn encode_at(s: &JsString, into: &mut [u8]) -> Option<(u32, usize)> {
    ENCODE_INTO.with(|e| {
        let (encoder, encode_into, read, written) = e.as_ref()?;
        // SAFETY: the view covers `into`, which outlives it, and is used by this one call only,
        // during which nothing runs in the module (so its memory can neither grow nor move).
        let view = unsafe { js_sys::Uint8Array::view_mut_raw(into.as_mut_ptr(), into.len()) };
        let result = encode_into.call2(encoder, s, &view).ok()?;
        let read = Reflect::get(&result, read).ok()?.as_f64()? as u32;
        let written = Reflect::get(&result, written).ok()?.as_f64()? as usize;
        Some((read, written.min(into.len())))
    })
}

/// `JSON.parse` on a JS string without copying it through wasm memory.
fn parse_in_js(text: &JsValue) -> Option<JsValue> {
    JSON_PARSE.with(|f| f.as_ref().and_then(|f| f.call1(&JsValue::NULL, text).ok()))
}

/// Whether a JS string has no lone surrogates. Called through `Function::call0` so that an
/// engine without `isWellFormed` cannot throw through wasm; there, a scan in Rust.
fn is_well_formed(s: &JsString) -> bool {
    IS_WELL_FORMED
        .with(|f| {
            f.as_ref()
                .and_then(|f| f.call0(s).ok())
                .and_then(|b| b.as_bool())
        })
        .unwrap_or_else(|| s.is_valid_utf16())
}

/// A typed JS error: `err.code`, `err.path`, `err.details`, `err.name = "BoomerangGuardError"`.
pub(crate) fn to_js_error(e: &GuardError) -> JsValue {
    let err = JsError::new(&e.message);
    err.set_name("BoomerangGuardError");
    let obj: &JsValue = err.as_ref();
    let _ = Reflect::set(obj, &"code".into(), &e.code.as_str().into());
    let _ = Reflect::set(obj, &"path".into(), &e.path.as_str().into());
    let details = crate::json_text::to_string(&e.details)
        .ok()
        .and_then(|d| JSON::parse(&d).ok())
        .unwrap_or_else(|| js_sys::Array::new().into());
    let _ = Reflect::set(obj, &"details".into(), &details);
    err.into()
}

/// A serializable value as a JS object: JSON text parsed by the engine, faster than building the
/// object property by property from Rust.
pub(crate) fn to_js<T: serde::Serialize>(v: &T) -> Result<JsValue, JsValue> {
    to_js_by(&mut |sink| serde_json::to_writer(sink, v))
}

/// [`to_js`] past the one generic line: `write` serializes the value into a sink. Shared by
/// every report type (the buffer handling was compiled once per type).
#[inline(never)]
fn to_js_by(
    write: &mut dyn FnMut(&mut Sink) -> serde_json::Result<()>,
) -> Result<JsValue, JsValue> {
    let bad = |e: serde_json::Error| fail(ErrorCode::InvalidArgument, "", e.to_string());
    // Most reports fit a fixed buffer and are written once. A larger one is sized first, then
    // written once: a growing buffer would peak at three times its size, and wasm memory never
    // shrinks.
    let mut sink = Sink::keeping(SMALL_REPORT, true);
    if let Err(e) = write(&mut sink) {
        if !e.is_io() {
            return Err(bad(e));
        }
        let mut count = Sink::counting();
        write(&mut count).map_err(bad)?;
        sink = Sink::keeping(count.counted, false);
        write(&mut sink).map_err(bad)?;
    }
    let text = String::from_utf8(sink.buf)
        .map_err(|e| fail(ErrorCode::InvalidArgument, "", e.to_string()))?;
    JSON::parse(&text)
}

/// The bytes a report is first written into; past them it is sized and written again.
const SMALL_REPORT: usize = 64 * 1024;

impl Sink {
    fn counting() -> Sink {
        Sink {
            buf: Vec::new(),
            capped: false,
            count_only: true,
            counted: 0,
        }
    }
}

pub(crate) fn fail(code: ErrorCode, path: &str, message: String) -> JsValue {
    to_js_error(&GuardError::new(code, path, message))
}

pub(crate) trait IntoJs<T> {
    fn js(self) -> Result<T, JsValue>;
}

impl<T> IntoJs<T> for crate::error::Result<T> {
    fn js(self) -> Result<T, JsValue> {
        self.map_err(|e| to_js_error(&e))
    }
}

/// Identifiers (modes, task ids, schema names) longer than this are refused before they are
/// copied into the module.
pub(crate) const MAX_ID_UNITS: usize = crate::lifecycle::MAX_ID_BYTES;
/// Values crossing where no configured limit applies (contexts, judge answers, restore plans).
pub(crate) const CEILING_BYTES: usize = 64 << 20;

/// A JS string as Rust text, refused with `TOO_LARGE` before any copy when it cannot fit in
/// `max` UTF-8 bytes (a string has at least as many UTF-8 bytes as UTF-16 units), and after the
/// copy when it does not. Lone surrogates become U+FFFD.
pub(crate) fn text_within(s: &JsString, max: usize, what: &str) -> Result<String, GuardError> {
    let too_large = |n: usize| {
        GuardError::new(
            ErrorCode::TooLarge,
            "",
            format!(
                "{what} is {n} characters or more, over the limit of {max} bytes (limits.maxBytes)"
            ),
        )
    };
    let units = s.length() as usize;
    if units > max {
        return Err(too_large(units));
    }
    let text = if is_well_formed(s) {
        to_rust_string(s)
    } else {
        String::from_utf16_lossy(&s.iter().collect::<Vec<u16>>())
    };
    if text.len() > max {
        return Err(too_large(units));
    }
    Ok(text)
}

/// A string argument, typed: anything else is `INVALID_ARGUMENT`, a longer one `TOO_LARGE`.
pub(crate) fn arg_text(v: &JsValue, what: &str, max: usize) -> Result<String, JsValue> {
    match v.dyn_ref::<JsString>() {
        Some(s) => text_within(s, max, what).map_err(|e| to_js_error(&e)),
        None => Err(fail(
            ErrorCode::InvalidArgument,
            "",
            format!("{what} must be a string, got {}", js_type(v)),
        )),
    }
}

pub(crate) fn js_type(v: &JsValue) -> String {
    if v.is_null() {
        return "null".into();
    }
    if js_sys::Array::is_array(v) {
        return "an array".into();
    }
    v.js_typeof()
        .as_string()
        .unwrap_or_else(|| "a value".into())
}

/// How a task input crosses the boundary.
enum InputCrossing {
    /// As one JSON text: the engine's `JSON.stringify` of the input (`None`), or that text
    /// assembled from the fields already serialized (the host's code is not run again).
    Whole(Option<JsString>),
    /// Field by field (see [`input_crossing`]).
    Parts(Vec<(String, InputPart)>),
    /// Serializing a field failed as `JSON.stringify` of the whole input would have.
    Failed(GuardError),
}

/// A field ready to cross: a string, or the JSON text of `{"key": value}`.
enum Piece {
    Text(JsString),
    Json(JsString),
}

/// The most fields that cross one by one; a larger input crosses as one text.
const MAX_FIELDS: u32 = 8;

/// The task input field by field, giving the report its whole JSON text would: strings cross as
/// themselves (no JSON text built in the engine and parsed here), any other field as the JSON
/// text of a one-field object holding it (so its `toJSON` gets the same key, and a cycle or a
/// depth is met as in the whole text). First every field is looked at, which runs no code of
/// the host's (the wrapper hands over a plain copy of the input whose own fields are data, and
/// a string has no `toJSON`): an input with a `toJSON`, more than [`MAX_FIELDS`] fields, a key
/// or string with lone surrogates, or strings that could come near `max` bytes (every UTF-16
/// unit counted as six bytes of JSON) crosses as one text. Then the other fields are
/// serialized in key order, which runs the host's `toJSON`s, getters and traps once: from here
/// there is no going back to `JSON.stringify(input)`; a text that could come near `max` is
/// assembled from the pieces, so every limit is reported by the same code as before.
fn input_crossing(input: &JsValue, max: usize) -> InputCrossing {
    use InputCrossing::Whole;
    if !input.is_object() || js_sys::Array::is_array(input) {
        return Whole(None);
    }
    let keys = js_sys::Object::keys(input.unchecked_ref::<js_sys::Object>());
    if keys.length() > MAX_FIELDS {
        return Whole(None);
    }
    // Braces, and per field a key's quotes, colon and comma.
    let mut bound: usize = 2;
    let mut fields = Vec::with_capacity(keys.length() as usize);
    for key in keys.iter() {
        let Ok(key) = key.dyn_into::<JsString>() else {
            return Whole(None);
        };
        let Ok(v) = Reflect::get(input, &key) else {
            return Whole(None);
        };
        if v.is_undefined() {
            continue;
        }
        let name = known_key(&key);
        if name.is_none() && !is_well_formed(&key) {
            return Whole(None);
        }
        bound += 6 * key.length() as usize + 6;
        match v.dyn_into::<JsString>() {
            Ok(s) if is_well_formed(&s) => {
                bound += 6 * s.length() as usize;
                fields.push((key, name, Ok(s)));
            }
            Ok(_) => return Whole(None),
            Err(v) => fields.push((key, name, Err(v))),
        }
    }
    // JSON.stringify would call a `toJSON` the object has or inherits.
    let to_json = Reflect::get(input, &"toJSON".into()).map_or(true, |f| !f.is_undefined());
    if bound > max || to_json {
        return Whole(None);
    }
    let mut pieces = Vec::with_capacity(fields.len());
    for (key, name, field) in fields {
        let v = match field {
            Ok(s) => {
                pieces.push((key, name, Piece::Text(s)));
                continue;
            }
            Err(v) => v,
        };
        // No prototype: a `__proto__` key is an own field, as in the input.
        let one: js_sys::Object = js_sys::Object::create(JsValue::NULL.unchecked_ref());
        if Reflect::set(&one, &key, &v).is_err() {
            return InputCrossing::Failed(GuardError::new(
                ErrorCode::Unserializable,
                "",
                "the task input cannot be serialized",
            ));
        }
        let text = match JSON::stringify(&one) {
            Ok(text) => text,
            Err(e) => return InputCrossing::Failed(serialize_error(&e, "the task input")),
        };
        // The field's text without its braces stands in the whole text: at most 3 bytes a unit.
        bound += 3 * text.length() as usize;
        pieces.push((key, name, Piece::Json(text)));
    }
    if bound > max {
        return Whole(Some(assemble(&pieces)));
    }
    let parts = pieces
        .iter()
        .map(|(key, name, piece)| {
            let part = match piece {
                Piece::Text(s) => InputPart::Text(to_rust_string(s)),
                Piece::Json(t) => InputPart::Json(to_rust_string(t)),
            };
            let key = name.map_or_else(|| to_rust_string(key), String::from);
            (key, part)
        })
        .gather();
    InputCrossing::Parts(parts)
}

/// The name of a field of the task input's contract, when `key` is one: read without a copy.
fn known_key(key: &JsString) -> Option<&'static str> {
    const KNOWN: [&str; 4] = ["message", "todos", "context", "requirements"];
    thread_local! {
        static KEYS: [JsValue; 4] = KNOWN.map(JsValue::from_str);
    }
    KEYS.with(|keys| {
        let i = keys
            .iter()
            .position(|k| k == key.unchecked_ref::<JsValue>())?;
        KNOWN.get(i).copied()
    })
}

/// The text `JSON.stringify` gives for an input whose fields are `fields`, from their pieces
/// (strings have no code to run; the other fields were serialized already).
fn assemble(pieces: &[(JsString, Option<&str>, Piece)]) -> JsString {
    let json = |s: &JsString| JSON::stringify(s).unwrap_or_else(|_| JsString::from("\"\""));
    let mut out = JsString::from("{");
    let mut first = true;
    for (key, _, piece) in pieces {
        let piece = match piece {
            Piece::Text(s) => json(key).concat(&":".into()).concat(&json(s)),
            Piece::Json(t) => {
                // `{}`: the value serialized to nothing, and JSON leaves the field out.
                if t.length() <= 2 {
                    continue;
                }
                t.slice(1, t.length() - 1)
            }
        };
        if !first {
            out = out.concat(&",".into());
        }
        first = false;
        out = out.concat(&piece);
    }
    out.concat(&"}".into())
}

/// JSON text of a JS value; cycles, BigInt and the like become `UNSERIALIZABLE`, nesting too
/// deep for the engine's serializer `TOO_DEEP`, text over `max` bytes `TOO_LARGE` (checked
/// before the text is copied into the module).
fn stringify_raw(value: &JsValue, what: &str, max: usize) -> Result<Option<String>, GuardError> {
    Ok(stringify_js(value, what, max)?.map(|(_, text)| text))
}

/// What `JSON.stringify` threw, as a typed error: cycles, BigInt and the like
/// `UNSERIALIZABLE`, nesting too deep for the engine's serializer `TOO_DEEP`.
fn serialize_error(e: &JsValue, what: &str) -> GuardError {
    let why = e
        .dyn_ref::<JsError>()
        .map(|e| String::from(e.message()))
        .unwrap_or_else(|| "not representable as JSON".into());
    // V8 and SpiderMonkey throw RangeError when nesting exhausts the serializer's stack
    // (and when the text would exceed the engine's string length).
    let code = if e.is_instance_of::<js_sys::RangeError>() {
        if why.contains("length") {
            ErrorCode::TooLarge
        } else {
            ErrorCode::TooDeep
        }
    } else {
        ErrorCode::Unserializable
    };
    GuardError::new(code, "", format!("{what} cannot be serialized: {why}"))
}

/// [`stringify_raw`], keeping the engine's string too (to hand back instead of a copy).
fn stringify_js(
    value: &JsValue,
    what: &str,
    max: usize,
) -> Result<Option<(JsString, String)>, GuardError> {
    if value.is_undefined() {
        return Ok(None);
    }
    let text = JSON::stringify(value).map_err(|e| serialize_error(&e, what))?;
    // JSON.stringify escapes lone surrogates, so its output is always well-formed.
    match text.dyn_into::<JsString>() {
        Ok(s) => text_within(&s, max, what).map(|text| Some((s, text))),
        Err(_) => Ok(None),
    }
}

thread_local! {
    /// The clean reports seen lately, each as a JS object that is never handed out: a template.
    static CLEAN_REPORTS: RefCell<Vec<(CheckReport, js_sys::Object)>> = const { RefCell::new(Vec::new()) };
    /// The keys a report's own arrays and value are set under, made once (a key made per call
    /// crosses as UTF-8 and is decoded each time).
    static REPORT_KEYS: [JsValue; 3] = [
        JsValue::from_str("errors"),
        JsValue::from_str("changes"),
        JsValue::from_str("value"),
    ];
}

/// A clean report (ok, nothing changed, no value or text in it) says the same words for the
/// same mode every time: it is built once as a JS object, a template, and each report is a
/// shallow copy of it with arrays of its own (the caller owns and may change the object) —
/// a fifth of what parsing its JSON text for each call cost. `None` for any other report.
fn clean_report_js(report: &CheckReport) -> Option<JsValue> {
    const KEPT: usize = 32;
    let clean = report.ok
        && report.errors.is_empty()
        && report.changes.is_empty()
        && report.value.is_none()
        && report.error_object.is_none()
        && report.text.is_none();
    if !clean {
        return None;
    }
    let template = CLEAN_REPORTS.with(|kept| {
        let mut kept = kept.borrow_mut();
        if let Some((_, js)) = kept.iter().find(|(r, _)| r == report) {
            return Some(js.clone());
        }
        let text = JsValue::from_str(&crate::json_text::to_string(report).ok()?);
        let js: js_sys::Object = parse_in_js(&text)?.dyn_into().ok()?;
        if kept.len() >= KEPT {
            kept.clear();
        }
        kept.push((report.clone(), js.clone()));
        Some(js)
    })?;
    let obj = js_sys::Object::assign(&js_sys::Object::new(), &template);
    REPORT_KEYS.with(|[errors, changes, _]| {
        Reflect::set(&obj, errors, &js_sys::Array::new()).ok()?;
        Reflect::set(&obj, changes, &js_sys::Array::new()).ok()
    })?;
    Some(obj.into())
}

/// The report as a JS object. An unchanged input value, or a result text equal to what the
/// caller passed, is not copied back across the boundary: the caller's own value is used.
fn report_to_js(report: &CheckReport, original: Option<&JsValue>) -> Result<JsValue, JsValue> {
    let obj = match clean_report_js(report) {
        Some(obj) => obj,
        None => {
            let text = crate::json_text::to_string(report)
                .map_err(|e| fail(ErrorCode::InvalidArgument, "", format!("report: {e}")))?;
            JSON::parse(&text)?
        }
    };
    if let Some(original) = original {
        if report.value_unchanged {
            REPORT_KEYS.with(|[_, _, value]| Reflect::set(&obj, value, original))?;
        }
    }
    Ok(obj)
}

/// A result check's report as a JS object. When the text the parent gets is the text checked
/// (`js`, the caller's string or its JSON), that string is handed back instead of a copy; when
/// the value is that text's JSON unchanged, the engine's own `JSON.parse` builds it (cheaper
/// than serializing it into the report and parsing it there). `None`: the report left the value
/// to `JSON.parse` (`ResultCall::caller_has_text`), which refused the text.
fn result_report_to_js(mut report: CheckReport, js: &JsString) -> Result<Option<JsValue>, JsValue> {
    if !report.text_is_result {
        return report_to_js(&report, None).map(Some);
    }
    report.text = None;
    let reparse =
        report.ok && report.changes.is_empty() && report.extraction == Some(Extraction::Bare);
    let parsed = if reparse { parse_in_js(js) } else { None };
    if parsed.is_some() {
        report.value = None;
    } else if reparse && report.value.is_none() {
        return Ok(None);
    }
    let obj = report_to_js(&report, None)?;
    TEXT_KEY.with(|text| Reflect::set(&obj, text, js))?;
    if let Some(v) = parsed {
        REPORT_KEYS.with(|[_, _, value]| Reflect::set(&obj, value, &v))?;
    }
    Ok(Some(obj))
}

/// Milliseconds from the host's clock; anything not a positive finite number is 0.
pub(crate) fn ms(now: f64) -> u64 {
    if now.is_finite() && now > 0.0 {
        now as u64
    } else {
        0
    }
}

/// A JS value read as `T` by `from` through its JSON text; a shape that does not fit is
/// `INVALID_ARGUMENT`.
pub(crate) fn read<T>(
    v: &JsValue,
    what: &str,
    max: usize,
    from: fn(serde_json::Value) -> serde_json::Result<T>,
) -> Result<T, JsValue> {
    read_with(v, what, max, |text| {
        serde_json::from_str(text).and_then(from)
    })
}

/// The answer the wrapper got from the host's judge (`{ kind: "text", … }`).
pub(crate) fn judge_answer(v: &JsValue, max: usize) -> Result<crate::verify::JudgeAnswer, JsValue> {
    read_with(
        v,
        "the judge answer",
        max,
        crate::verify::JudgeAnswer::from_json,
    )
}

/// A JS value read through its JSON text by `parse`; a shape that does not fit is
/// `INVALID_ARGUMENT`.
pub(crate) fn read_with<T>(
    v: &JsValue,
    what: &str,
    max: usize,
    parse: impl FnOnce(&str) -> serde_json::Result<T>,
) -> Result<T, JsValue> {
    let text = stringify(v, what, max)?.unwrap_or_else(|| "null".into());
    parse(&text).map_err(|e| fail(ErrorCode::InvalidArgument, "", format!("{what}: {e}")))
}

pub(crate) fn stringify(
    value: &JsValue,
    what: &str,
    max: usize,
) -> Result<Option<String>, JsValue> {
    stringify_raw(value, what, max).map_err(|e| to_js_error(&e))
}

#[wasm_bindgen]
pub struct WasmGuard {
    engine: Engine,
}

impl WasmGuard {
    /// The most any text handed to this guard may hold (the largest `limits.maxBytes`).
    pub(crate) fn max_in(&self) -> usize {
        self.engine.guard.config().max_input_bytes()
    }

    /// The report of result `text` (the UTF-8 of JS string `js`). A clean bare JSON result is
    /// checked without building its value in wasm; `JSON.parse` builds it once, here.
    fn result_of_text(
        &mut self,
        mode: &str,
        text: &str,
        js: &JsString,
    ) -> Result<JsValue, JsValue> {
        let call = ResultCall {
            caller_has_text: true,
            ..ResultCall::default()
        };
        let report = self
            .engine
            .guard
            .check_task_result_with(mode, text, call)
            .js()?;
        if let Some(obj) = result_report_to_js(report, js)? {
            return Ok(obj);
        }
        // JSON.parse refused what serde_json read: the value comes from the full check.
        let report = self.engine.guard.check_task_result(mode, text).js()?;
        result_report_to_js(report, js)?
            .ok_or_else(|| fail(ErrorCode::InvalidArgument, "", "the result's value".into()))
    }

    /// The mode argument as text. A host names the same few modes again and again: the last
    /// one read is kept (for every guard; the rule is the same), so that naming it again costs
    /// one comparison in the engine instead of a check and a copy.
    fn mode_arg(&self, mode: &JsValue) -> Result<String, JsValue> {
        thread_local! {
            static LAST_MODE: RefCell<Option<(JsValue, String)>> = const { RefCell::new(None) };
        }
        let kept = LAST_MODE.with(|last| match &*last.borrow() {
            Some((js, text)) if js == mode => Some(text.clone()),
            _ => None,
        });
        if let Some(text) = kept {
            return Ok(text);
        }
        let text = arg_text(mode, "the mode", MAX_ID_UNITS)?;
        LAST_MODE.with(|last| *last.borrow_mut() = Some((mode.clone(), text.clone())));
        Ok(text)
    }
}

#[wasm_bindgen]
impl WasmGuard {
    /// `config`: the configuration object, or undefined for defaults.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<WasmGuard, JsValue> {
        let text = stringify(&config, "the configuration", CEILING_BYTES)?.unwrap_or_default();
        let config = Config::from_json(&text).js()?;
        Ok(WasmGuard {
            engine: Engine::new(config).js()?,
        })
    }

    /// A guard that always starts: invalid configuration fields are dropped and reported by
    /// `configProblems()` (for hosts, whose activation must not fail on a setting).
    pub fn lenient(config: JsValue) -> Result<WasmGuard, JsValue> {
        let text = match stringify_raw(&config, "the configuration", CEILING_BYTES) {
            Ok(t) => t.unwrap_or_default(),
            Err(_) => "\"unserializable\"".into(),
        };
        Ok(WasmGuard {
            engine: Engine::lenient(&text).js()?,
        })
    }

    /// What `lenient` dropped: `[{ path, message }]`.
    #[wasm_bindgen(js_name = configProblems)]
    pub fn config_problems(&self) -> Result<JsValue, JsValue> {
        to_js(&self.engine.config_problems)
    }

    /// Registers a schema by its `$id`; returns the absolute id.
    #[wasm_bindgen(js_name = registerSchema)]
    pub fn register_schema(&mut self, schema: JsValue) -> Result<String, JsValue> {
        let text = stringify(&schema, "the schema", self.max_in())?.unwrap_or_default();
        let value = crate::json_text::parse(&text, usize::MAX).js()?;
        self.engine.guard.register_schema(value).js()
    }

    /// `spec`: `{ input?: string | object, output?: string | object }` (schema ids or schemas).
    #[wasm_bindgen(js_name = setModeContract)]
    pub fn set_mode_contract(&mut self, mode: JsValue, spec: JsValue) -> Result<(), JsValue> {
        let mode = self.mode_arg(&mode)?;
        let mode = mode.as_str();
        let text = stringify(&spec, "the contract", self.max_in())?.unwrap_or_default();
        let value = crate::json_text::parse(&text, usize::MAX).js()?;
        let Value::Object(mut map) = value else {
            return Err(fail(
                ErrorCode::InvalidArgument,
                "",
                "the contract must be an object { input?, output? }".into(),
            ));
        };
        let mut source = |key: &str| -> Result<Option<ContractSource>, JsValue> {
            match map.remove(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(id)) => Ok(Some(ContractSource::Id(id))),
                Some(schema @ Value::Object(_)) => Ok(Some(ContractSource::Schema(schema))),
                Some(_) => Err(fail(
                    ErrorCode::InvalidArgument,
                    &format!("/{key}"),
                    format!("{key} must be a schema id (string) or a schema (object)"),
                )),
            }
        };
        let input = source("input")?;
        let output = source("output")?;
        self.engine
            .guard
            .set_mode_contract(mode, input, output)
            .js()
    }

    /// Pre-task-creation check of `{ message, todos?, context? }`.
    #[wasm_bindgen(js_name = checkTaskInput)]
    pub fn check_task_input(&mut self, mode: JsValue, input: JsValue) -> Result<JsValue, JsValue> {
        let mode = self.mode_arg(&mode)?;
        let mode = mode.as_str();
        let max = self
            .max_in()
            .min(self.engine.guard.config().for_mode(mode).limits.max_bytes);
        let text = match input_crossing(&input, max) {
            InputCrossing::Parts(parts) => {
                let report = self.engine.guard.check_task_input_parts(mode, parts).js()?;
                return report_to_js(&report, Some(&input));
            }
            InputCrossing::Whole(None) => stringify_raw(&input, "the task input", self.max_in()),
            InputCrossing::Whole(Some(text)) => {
                text_within(&text, self.max_in(), "the task input").map(Some)
            }
            InputCrossing::Failed(e) => Err(e),
        };
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                let report = self.engine.guard.input_limit_report(mode, &e).js()?;
                return report_to_js(&report, None);
            }
        };
        let Some(text) = text else {
            return Err(fail(
                ErrorCode::InvalidArgument,
                "",
                "the task input must be an object { message, todos?, context? }".into(),
            ));
        };
        let report = self.engine.guard.check_task_input_json(mode, &text).js()?;
        report_to_js(&report, Some(&input))
    }

    /// Pre-result-integration check of a child's result (a string; objects are taken as JSON).
    #[wasm_bindgen(js_name = checkTaskResult)]
    pub fn check_task_result(
        &mut self,
        mode: JsValue,
        result: JsValue,
    ) -> Result<JsValue, JsValue> {
        let mode = self.mode_arg(&mode)?;
        let mode = mode.as_str();
        let max = self.max_in();
        let report = match result.dyn_ref::<JsString>() {
            // Over every mode's limit: the contract report says so, without copying the text.
            Some(s) if s.length() as usize > max => self
                .engine
                .guard
                .result_too_large_report(mode, s.length() as usize)
                .js()?,
            Some(s) => {
                if is_well_formed(s) {
                    let text = to_rust_string(s);
                    return self.result_of_text(mode, &text, s);
                } else {
                    let escaped = stringify(&result, "the result", 3 * max)?.unwrap_or_default();
                    self.engine
                        .guard
                        .check_task_result_escaped(mode, &escaped)
                        .js()?
                }
            }
            None if result.is_null() || result.is_undefined() => {
                return Err(fail(
                    ErrorCode::InvalidArgument,
                    "",
                    "the result must be a string (or a JSON-serializable object)".into(),
                ))
            }
            None => {
                let Some((js, text)) =
                    stringify_js(&result, "the result", max).map_err(|e| to_js_error(&e))?
                else {
                    // A function or symbol: no JSON text, checked as the empty text.
                    let report = self.engine.guard.check_task_result(mode, "").js()?;
                    return report_to_js(&report, None);
                };
                return self.result_of_text(mode, &text, &js);
            }
        };
        report_to_js(&report, None)
    }

    /// Drift of a child's result from its parent's instructions (keyword and concept stage).
    /// `mode` picks per-mode thresholds. Lone surrogates become U+FFFD.
    #[wasm_bindgen(js_name = scoreDrift)]
    pub fn score_drift(
        &self,
        instructions: JsValue,
        result: JsValue,
        mode: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let max = self.max_in();
        let text = |v: &JsValue, name: &str| -> Result<String, JsValue> {
            match v.dyn_ref::<JsString>() {
                Some(s) => text_within(s, max, name).map_err(|e| {
                    to_js_error(&GuardError::new(e.code, format!("/{name}"), e.message))
                }),
                None => Err(fail(
                    ErrorCode::InvalidArgument,
                    &format!("/{name}"),
                    format!("{name} must be a string"),
                )),
            }
        };
        let i = text(&instructions, "instructions")?;
        let r = text(&result, "result")?;
        let settings = match mode.as_deref() {
            Some(m) => self.engine.guard.config().for_mode(m),
            None => self.engine.guard.config().settings(),
        };
        to_js(&crate::drift::score(&i, &r, &settings.thresholds))
    }

    /// The mode slugs that have a contract.
    pub fn modes(&self) -> Vec<String> {
        self.engine.guard.modes().cloned().gather()
    }

    /// The effective settings for a mode (defaults filled in), as a plain object.
    #[wasm_bindgen(js_name = settingsFor)]
    pub fn settings_for(&self, mode: JsValue) -> Result<JsValue, JsValue> {
        let mode = self.mode_arg(&mode)?;
        let text = crate::json_text::to_string(self.engine.guard.config().for_mode(&mode))
            .map_err(|e| fail(ErrorCode::InvalidConfig, "", e.to_string()))?;
        JSON::parse(&text)
    }
}

/// Bytes of wasm linear memory, for the flat-memory checks of the benchmarks.
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map(|m| {
            m.buffer()
                .unchecked_into::<js_sys::ArrayBuffer>()
                .byte_length() as f64
        })
        .unwrap_or(0.0)
}

/// Which build this module is, `"full"` or `"lite"` (the custom section's text). The two builds
/// share their glue's imports, so a module copied beside the wrong glue would load; the entries
/// compare this with what they expect.
#[wasm_bindgen(js_name = buildVariant)]
pub fn build_variant() -> String {
    String::from_utf8_lossy(&VARIANT).into_owned()
}
