//! The compiler in another wasm module, reached through a port ([`Port`]) that answers as
//! [`super::serve`] does. The JavaScript wrapper installs it (`setSchemaCompiler`): an object
//! whose methods load the compiler module the first time one is called. Without a port nothing
//! compiles (`boomerang-guard/lite`). A port that fails (its module cannot load) is an error
//! value: a compile fails with `SCHEMAS_UNAVAILABLE`, a check reports the value unchecked.

use super::protocol::{Built, Checked, Matched};
use super::unavailable;
use crate::contracts::ajv_errors::ContractError;
use crate::contracts::pattern;
use crate::error::{ErrorCode, GuardError, Result};
use serde_json::Value;
use std::cell::RefCell;

/// What the compiler module answers; `Err` carries why the port failed.
pub trait Port {
    fn build(&self, id: &str, docs: &str, keys_unchecked: bool, meta: bool) -> PortResult<String>;
    fn release(&self, handle: u32);
    fn validate(&self, handle: u32, value: &str, left: u64, errors: bool) -> PortResult<String>;
    fn first_invalid(&self, doc: &str) -> PortResult<String>;
    fn key_patterns(&self, docs: &str) -> PortResult<String>;
    fn key_regex(&self, pattern: &str) -> PortResult<i64>;
    fn key_matches(&self, handle: u32, key: &str, left: u64) -> PortResult<Matched>;
    fn release_key_regex(&self, handle: u32);
}

pub type PortResult<T> = std::result::Result<T, String>;

thread_local! {
    static PORT: RefCell<Option<Box<dyn Port>>> = const { RefCell::new(None) };
}

/// Installs (or, with `None`, removes) the port every later compile goes through.
pub fn set_port(port: Option<Box<dyn Port>>) {
    // Never during a port call (nothing calls back in); if it were, the old port stays.
    let _ = PORT.try_with(|p| p.try_borrow_mut().map(|mut p| *p = port));
}

/// Calls the port; `None` when there is none.
fn with_port<T>(f: impl FnOnce(&dyn Port) -> T) -> Option<T> {
    // `try_with`: a handle dropped while the thread ends may outlive the port.
    PORT.try_with(|p| p.try_borrow().ok()?.as_deref().map(f))
        .ok()
        .flatten()
}

fn docs_text(docs: &[(&str, &Value)]) -> String {
    crate::json_text::to_string(docs).unwrap_or_default()
}

/// A schema compiled in the compiler module.
pub struct Validator {
    handle: u32,
}

impl Drop for Validator {
    fn drop(&mut self) {
        with_port(|p| p.release(self.handle));
    }
}

impl Validator {
    fn check(&self, value: &Value, errors: bool) -> Checked {
        let text = crate::json_text::to_string(value).unwrap_or_default();
        let answer = with_port(|p| p.validate(self.handle, &text, pattern::left(), errors))
            .unwrap_or_else(|| Err("no schema compiler is installed".into()));
        let checked = answer
            .and_then(|a| Checked::from_json(&a).map_err(|e| format!("unreadable answer: {e}")));
        match checked {
            Ok(c) => {
                pattern::set_left(c.left);
                c
            }
            Err(why) => Checked::unchecked(&format!("the schema compiler failed: {why}")),
        }
    }

    pub fn is_valid(&self, value: &Value) -> bool {
        self.check(value, false).valid
    }

    /// Every error for `value` in a report's shape, in the validator's order.
    pub fn errors(&self, value: &Value, out: &mut Vec<ContractError>) {
        out.extend(self.check(value, true).errors);
    }
}

/// Compiles document `id` against `docs` in the compiler module (see `local::build`).
pub fn build(
    id: &str,
    _schema: &Value,
    docs: &[(&str, &Value)],
    keys_unchecked: bool,
    meta: bool,
) -> Result<Validator> {
    let text = docs_text(docs);
    let answer =
        with_port(|p| p.build(id, &text, keys_unchecked, meta)).ok_or_else(|| unavailable(id))?;
    let answer = answer.map_err(|why| port_failed(id, &why))?;
    let built = Built::from_json(&answer).map_err(|e| port_failed(id, &format!("{e}")))?;
    match (built.handle, built.error) {
        (_, Some(e)) => Err(e),
        (Some(handle), None) => Ok(Validator { handle }),
        (None, None) => Err(port_failed(id, "no handle")),
    }
}

fn port_failed(id: &str, why: &str) -> GuardError {
    GuardError::new(
        ErrorCode::SchemasUnavailable,
        "",
        format!("schema {id}: the JSON Schema compiler could not be used: {why}"),
    )
}

/// The first `pattern` of `schema` that does not compile: its schema path and why. Without a
/// working port, `None`: the compile that follows fails instead.
pub fn first_invalid(schema: &Value) -> Option<(String, String)> {
    let text = crate::json_text::to_string(schema).unwrap_or_default();
    let answer = with_port(|p| p.first_invalid(&text))?.ok()?;
    // Read as a value: a typed answer's deserializer was compiled for this alone.
    match serde_json::from_str(&answer).ok()? {
        Value::Array(a) => match a.as_slice() {
            [Value::String(path), Value::String(why)] => Some((path.clone(), why.clone())),
            _ => None,
        },
        _ => None,
    }
}

/// How many backtracking `patternProperties` patterns `docs` hold, and the schema path of the
/// first. An error when the compiler cannot say: without the count, such patterns would run
/// without their budget check (`pattern::keys_affordable`).
pub fn key_patterns(docs: &[(&str, &Value)]) -> Result<(usize, Option<String>)> {
    let id = docs.first().map_or("", |(k, _)| *k);
    let text = docs_text(docs);
    let answer = with_port(|p| p.key_patterns(&text)).ok_or_else(|| unavailable(id))?;
    let answer = answer.map_err(|why| port_failed(id, &why))?;
    // `[count, path or null]`, read as a value (as in `first_invalid`).
    let answer: Option<Value> = serde_json::from_str(&answer).ok();
    let read = match answer.as_ref().and_then(Value::as_array).map(Vec::as_slice) {
        Some([count, path]) => {
            let path = match path {
                Value::Null => Some(None),
                Value::String(p) => Some(Some(p.clone())),
                _ => None,
            };
            count
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .zip(path)
        }
        _ => None,
    };
    read.ok_or_else(|| port_failed(id, "unreadable answer"))
}

/// A `patternProperties` name pattern compiled in the compiler module.
#[derive(Debug)]
pub struct KeyRegex {
    handle: u32,
}

impl Drop for KeyRegex {
    fn drop(&mut self) {
        with_port(|p| p.release_key_regex(self.handle));
    }
}

impl KeyRegex {
    /// `None` when the pattern does not compile (or there is no working compiler).
    pub fn new(pattern: &str) -> Option<KeyRegex> {
        let handle = with_port(|p| p.key_regex(pattern))?.ok()?;
        u32::try_from(handle).ok().map(|handle| KeyRegex { handle })
    }

    /// Whether `key` matches; a name that cannot be checked counts as matching.
    pub fn matches(&self, key: &str) -> bool {
        match with_port(|p| p.key_matches(self.handle, key, pattern::left())) {
            Some(Ok(m)) => {
                pattern::set_left(m.left);
                m.matched
            }
            _ => true,
        }
    }
}

#[cfg(all(test, feature = "runtime-schemas"))]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::super::{local, serve};
    use super::*;
    use serde_json::json;

    /// The port without the module between: `serve` in this thread.
    struct Loopback;

    impl Port for Loopback {
        fn build(&self, id: &str, docs: &str, unchecked: bool, meta: bool) -> PortResult<String> {
            Ok(serve::build(id, docs, unchecked, meta))
        }
        fn release(&self, handle: u32) {
            serve::release(handle);
        }
        fn validate(&self, h: u32, value: &str, left: u64, errors: bool) -> PortResult<String> {
            Ok(serve::validate(h, value, left, errors))
        }
        fn first_invalid(&self, doc: &str) -> PortResult<String> {
            Ok(serve::first_invalid(doc))
        }
        fn key_patterns(&self, docs: &str) -> PortResult<String> {
            Ok(serve::key_patterns(docs))
        }
        fn key_regex(&self, pattern: &str) -> PortResult<i64> {
            Ok(serve::key_regex(pattern))
        }
        fn key_matches(&self, handle: u32, key: &str, left: u64) -> PortResult<Matched> {
            // Through the number the wasm port carries.
            Ok(Matched::decode(
                serve::key_matches(handle, key, left).encode(),
            ))
        }
        fn release_key_regex(&self, handle: u32) {
            serve::release_key_regex(handle);
        }
    }

    fn errors_of(v: &dyn Fn(&Value, &mut Vec<ContractError>), value: &Value) -> Vec<String> {
        let mut out = Vec::new();
        v(value, &mut out);
        out.iter()
            .map(|e| serde_json::to_string(e).unwrap())
            .collect()
    }

    /// Through the port, a schema compiles, fails, validates, reports and spends the pattern
    /// budget exactly as the compiler in this module does.
    #[test]
    fn the_port_answers_as_the_local_compiler() {
        set_port(Some(Box::new(Loopback)));
        let common = json!({
            "$id": "https://x.test/common.json",
            "$defs": { "id": { "type": "string", "pattern": "^[A-Z]+-[0-9]+$" } }
        });
        let schema = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://x.test/result.json",
            "type": "object",
            "required": ["status", "ids"],
            "properties": {
                "status": { "enum": ["done", "blocked"] },
                "ids": { "type": "array", "items": { "$ref": "common.json#/$defs/id" } },
                "note": { "type": "string", "pattern": "^(?=.*ok)" }
            },
            "patternProperties": { "^x-(?!secret)": { "type": "string" } },
            "additionalProperties": false
        });
        let docs = [
            ("https://x.test/result.json", &schema),
            ("https://x.test/common.json", &common),
        ];
        let id = docs[0].0;
        let values = [
            json!({ "status": "done", "ids": ["AB-1"] }),
            json!({ "status": "late", "ids": ["ab-1", 3], "note": "not fine", "x-secret": "s", "x-a": 1, "y": 0 }),
            json!([]),
            json!({ "status": "done", "ids": [], "note": "ok" }),
        ];
        // A string a backtracking pattern is charged a large part of the budget for: asked as
        // `contracts::check` asks (is_valid, then errors), both must spend the same.
        let long = json!({ "status": "done", "ids": [], "note": "x".repeat(600) });
        let values: Vec<Value> = values.into_iter().chain([long]).collect();
        for meta in [true, false] {
            let mine = local::build(id, &schema, &docs, false, meta).unwrap();
            let theirs = build(id, &schema, &docs, false, meta).unwrap();
            for v in &values {
                pattern::start_call();
                let a = (mine.is_valid(v), errors_of(&|v, o| mine.errors(v, o), v));
                let spent_here = pattern::spent();
                pattern::start_call();
                let b = (
                    theirs.is_valid(v),
                    errors_of(&|v, o| theirs.errors(v, o), v),
                );
                assert_eq!(a, b, "is_valid then errors on {v}");
                assert_eq!(
                    spent_here,
                    pattern::spent(),
                    "budget of is_valid then errors on {v}"
                );
                pattern::start_call();
                let a = errors_of(&|v, o| mine.errors(v, o), v);
                let spent_here = pattern::spent();
                pattern::start_call();
                let b = errors_of(&|v, o| theirs.errors(v, o), v);
                assert_eq!(a, b, "{v}");
                assert_eq!(spent_here, pattern::spent(), "budget spent on {v}");
                assert_eq!(mine.is_valid(v), theirs.is_valid(v), "{v}");
            }
        }
        assert_eq!(
            key_patterns(&docs).unwrap(),
            local::key_patterns(&docs).unwrap()
        );
        assert_eq!(
            key_patterns(&docs).unwrap().0,
            1,
            "the lookahead name pattern"
        );
        // A compile error crosses as the same typed error.
        let broken = json!({ "$id": "https://x.test/broken.json", "type": 12 });
        let bad = [("https://x.test/broken.json", &broken)];
        let a = local::build(bad[0].0, &broken, &bad, false, true)
            .err()
            .unwrap();
        let b = build(bad[0].0, &broken, &bad, false, true).err().unwrap();
        assert_eq!(a, b);
        let dangling = json!({ "$id": "https://x.test/d.json", "$ref": "missing.json" });
        let d = [("https://x.test/d.json", &dangling)];
        assert_eq!(
            build(d[0].0, &dangling, &d, false, true)
                .err()
                .unwrap()
                .code,
            ErrorCode::UnresolvedRef
        );
        let invalid = json!({ "properties": { "a": { "pattern": "(" } } });
        assert_eq!(first_invalid(&invalid), local::first_invalid(&invalid));
        assert!(first_invalid(&invalid).is_some());
        // Names, including one a backtracking pattern is run on under the budget.
        for pattern in ["^x-(?!secret)", "^[a-z]+$", "(?<=(a+))b", "("] {
            let (mine, theirs) = (local::KeyRegex::new(pattern), KeyRegex::new(pattern));
            assert_eq!(mine.is_some(), theirs.is_some(), "{pattern}");
            let (Some(mine), Some(theirs)) = (mine, theirs) else {
                continue;
            };
            for key in ["x-a", "x-secret", "abc", "aaab", "Q"] {
                pattern::start_call();
                let a = mine.matches(key);
                let spent = pattern::spent();
                pattern::start_call();
                assert_eq!(a, theirs.matches(key), "{pattern} on {key}");
                assert_eq!(spent, pattern::spent(), "{pattern} on {key}");
            }
        }
        set_port(None);
    }

    /// Without a port nothing compiles, with a typed error; a dropped handle frees its slot.
    #[test]
    fn no_port_is_a_typed_error_and_handles_are_released() {
        set_port(None);
        let s = json!({ "$id": "https://x.test/a.json", "type": "object" });
        let docs = [("https://x.test/a.json", &s)];
        let e = build(docs[0].0, &s, &docs, false, true).err().unwrap();
        assert_eq!(e.code, ErrorCode::SchemasUnavailable);
        assert!(KeyRegex::new("^a").is_none());
        set_port(Some(Box::new(Loopback)));
        let first = build(docs[0].0, &s, &docs, false, true).unwrap();
        let handle = first.handle;
        drop(first);
        let again = build(docs[0].0, &s, &docs, false, true).unwrap();
        assert_eq!(again.handle, handle, "the released slot is used again");
        // A handle the compiler does not know is never valid.
        let stale = Validator { handle: 9999 };
        assert!(!stale.is_valid(&json!({})));
        std::mem::forget(stale);
        set_port(None);
    }
}
