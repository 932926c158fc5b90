//! The compiler's side of the remote port: [`super::local`] behind handles and JSON text, as
//! the compiler wasm module exports it (`src/compiler_module.rs` only binds these functions)
//! and as [`super::remote`] reads it. Tables are per thread; a handle is an index into one.

use super::local::{self, KeyRegex, Validator};
use super::protocol::{Built, Checked, Matched};
use crate::contracts::pattern;
use crate::error::{ErrorCode, GuardError};
use crate::gather::Gather;
use serde_json::Value;
use std::cell::RefCell;

thread_local! {
    static VALIDATORS: RefCell<Vec<Option<Validator>>> = const { RefCell::new(Vec::new()) };
    static KEY_REGEXES: RefCell<Vec<Option<KeyRegex>>> = const { RefCell::new(Vec::new()) };
}

/// A free slot of `table` for `item`; its index.
fn store<T>(table: &mut Vec<Option<T>>, item: T) -> u32 {
    let at = match table.iter().position(Option::is_none) {
        Some(i) => i,
        None => {
            table.push(None);
            table.len() - 1
        }
    };
    if let Some(slot) = table.get_mut(at) {
        *slot = Some(item);
    }
    u32::try_from(at).unwrap_or(u32::MAX)
}

fn parse(text: &str, what: &str) -> Result<Value, GuardError> {
    serde_json::from_str(text).map_err(|e| {
        GuardError::new(
            ErrorCode::InvalidArgument,
            "",
            format!("the schema compiler could not read {what}: {e}"),
        )
    })
}

fn docs_of(value: &Value) -> Vec<(&str, &Value)> {
    value
        .as_array()
        .map(|pairs| {
            pairs
                .iter()
                .filter_map(|p| Some((p.get(0)?.as_str()?, p.get(1)?)))
                .gather()
        })
        .unwrap_or_default()
}

fn to_text<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// Compiles document `id` of `docs` (a JSON array of `[id, document]` pairs, its `$ref`
/// closure): a [`Built`] with a handle or the error.
pub fn build(id: &str, docs: &str, keys_unchecked: bool, meta: bool) -> String {
    let built = parse(docs, "the schema documents").and_then(|all| {
        let docs = docs_of(&all);
        let schema = docs
            .iter()
            .find(|(k, _)| *k == id)
            .map(|&(_, v)| v)
            .ok_or_else(|| {
                GuardError::new(
                    ErrorCode::UnknownSchema,
                    "",
                    format!("no schema with $id {id}"),
                )
            })?;
        local::build(id, schema, &docs, keys_unchecked, meta)
    });
    to_text(&match built {
        Ok(v) => Built {
            handle: Some(VALIDATORS.with(|t| store(&mut t.borrow_mut(), v))),
            error: None,
        },
        Err(e) => Built {
            handle: None,
            error: Some(e),
        },
    })
}

/// Forgets a validator.
pub fn release(handle: u32) {
    VALIDATORS.with(|t| {
        if let Some(slot) = t.borrow_mut().get_mut(handle as usize) {
            *slot = None;
        }
    });
}

/// Checks `value` (JSON text) with validator `handle`, starting from `left` pattern budget
/// units: a [`Checked`]. With `errors`, only the errors are computed (valid when there are
/// none), without it only `is_valid`: each call spends the budget as the same call does on
/// the compiler in-process (`contracts::check` asks `is_valid`, then `errors`).
pub fn validate(handle: u32, value: &str, left: u64, errors: bool) -> String {
    pattern::set_left(left);
    let checked = parse(value, "the value").map(|value| {
        VALIDATORS.with(|t| {
            let table = t.borrow();
            let Some(Some(v)) = table.get(handle as usize) else {
                return Checked::unchecked("the schema compiler has no such validator");
            };
            let mut out = Vec::new();
            let valid = if errors {
                v.errors(&value, &mut out);
                out.is_empty()
            } else {
                v.is_valid(&value)
            };
            Checked {
                valid,
                left: pattern::left(),
                errors: out,
            }
        })
    });
    to_text(&checked.unwrap_or_else(|e| Checked::unchecked(&e.message)))
}

/// [`local::first_invalid`] of a document: `[at, why]`, or `null`.
pub fn first_invalid(doc: &str) -> String {
    let found = parse(doc, "the schema")
        .ok()
        .and_then(|d| local::first_invalid(&d));
    to_text(&found)
}

/// [`local::key_patterns`] of `docs` (as for [`build`]): `[count, at]`, or `null` when the
/// documents cannot be read.
pub fn key_patterns(docs: &str) -> String {
    let found = parse(docs, "the schema documents")
        .and_then(|all| local::key_patterns(&docs_of(&all)))
        .ok();
    to_text(&found)
}

/// A `patternProperties` name pattern's handle, or `-1` when it does not compile.
pub fn key_regex(pattern: &str) -> i64 {
    match KeyRegex::new(pattern) {
        Some(re) => i64::from(KEY_REGEXES.with(|t| store(&mut t.borrow_mut(), re))),
        None => -1,
    }
}

/// Whether `key` matches pattern `handle`, starting from `left` budget units (a name that
/// cannot be checked matches, as in [`KeyRegex::matches`]).
pub fn key_matches(handle: u32, key: &str, left: u64) -> Matched {
    pattern::set_left(left);
    let matched = KEY_REGEXES.with(|t| match t.borrow().get(handle as usize) {
        Some(Some(re)) => re.matches(key),
        _ => true,
    });
    Matched {
        matched,
        left: pattern::left(),
    }
}

/// Forgets a name pattern.
pub fn release_key_regex(handle: u32) {
    KEY_REGEXES.with(|t| {
        if let Some(slot) = t.borrow_mut().get_mut(handle as usize) {
            *slot = None;
        }
    });
}
