//! The report of one contract check, and the words for it: a summary paragraph a parent LLM
//! can act on and the standardized error object of seed 001 Example 1.

use super::ajv_errors::ContractError;
use super::extract::Extraction;
use crate::gather::Gather;
use crate::sanitize::Change;
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CheckReport {
    pub ok: bool,
    pub mode: String,
    /// Short name of the contract schema that was applied (e.g. `code.input`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub contract: Option<String>,
    pub errors: Vec<ContractError>,
    /// The sanitized value; absent when it equals the input (`valueUnchanged`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub value: Option<Value>,
    pub value_unchanged: bool,
    pub changes: Vec<Change>,
    pub summary: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub error_object: Option<ErrorObject>,
    /// Results only: the text to hand the parent (sanitized result, or the error object).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub text: Option<String>,
    /// Results only: how the structured value was found in the text.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub extraction: Option<Extraction>,
    /// Results only: the parent gets the result exactly as the child wrote it. Then a caller
    /// that holds the text ([`ResultCall::caller_has_text`](super::check::ResultCall)) gets no
    /// copy of it in `text`.
    #[serde(skip)]
    #[cfg_attr(test, ts(skip))]
    pub text_is_result: bool,
}

/// Which crossing a report is about, for its wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Crossing {
    Input,
    Result,
}

const LISTED_ERRORS: usize = 6;

fn describe_errors(errors: &[ContractError]) -> String {
    let mut parts: Vec<String> = errors
        .iter()
        .filter(|e| e.keyword != "anyOf" && e.keyword != "oneOf" || errors.len() == 1)
        .take(LISTED_ERRORS)
        .map(|e| {
            let at = if e.instance_path.is_empty() {
                "the value".to_string()
            } else {
                e.instance_path.clone()
            };
            let extra = match e.params.get("additionalProperty").and_then(Value::as_str) {
                Some(p) => format!(" ({p:?})"),
                None => String::new(),
            };
            format!("{at} {}{extra}", e.message)
        })
        .gather();
    if parts.is_empty() {
        parts = errors
            .iter()
            .take(LISTED_ERRORS)
            .map(|e| e.message.clone())
            .gather();
    }
    let more = errors.len().saturating_sub(LISTED_ERRORS);
    let mut s = parts.join("; ");
    if more > 0 {
        s.push_str(&format!("; and {more} more"));
    }
    s
}

fn describe_changes(changes: &[Change]) -> String {
    let mut parts: Vec<String> = changes
        .iter()
        .take(LISTED_ERRORS)
        .map(|c| {
            let at = if c.path.is_empty() { "(root)" } else { &c.path };
            format!("{at}: {}", c.reason)
        })
        .gather();
    if changes.len() > LISTED_ERRORS {
        parts.push(format!("and {} more", changes.len() - LISTED_ERRORS));
    }
    parts.join("; ")
}

pub fn summary(
    crossing: Crossing,
    mode: &str,
    contract_name: Option<&str>,
    errors: &[ContractError],
    changes: &[Change],
) -> String {
    let contract = || contract_name.map(|c| format!(" ({c})")).unwrap_or_default();
    let mut s = match (crossing, errors.is_empty()) {
        (_, true) => clean_summary(crossing, mode, contract_name),
        (Crossing::Input, false) => format!(
            "The task input for mode {mode:?} does not satisfy its contract{}: {}. No child task was created; correct these fields and delegate again.",
            contract(),
            describe_errors(errors)
        ),
        (Crossing::Result, false) => format!(
            "The result of the {mode:?} child does not satisfy its output contract{}: {}. The parent receives a standardized error instead; the original result is kept in the report.",
            contract(),
            describe_errors(errors)
        ),
    };
    if !changes.is_empty() {
        s.push_str(&format!(
            " Sanitization made {} change{}: {}.",
            changes.len(),
            if changes.len() == 1 { "" } else { "s" },
            describe_changes(changes)
        ));
    }
    s
}

/// The summary of a check that found no error: the same words for the same mode and
/// contract every time, so the last few are kept (formatting them was a tenth of a small input's check on wasm).
fn clean_summary(crossing: Crossing, mode: &str, contract: Option<&str>) -> String {
    type Kept = Vec<(Crossing, String, Option<String>, String)>;
    thread_local! {
        static KEPT: std::cell::RefCell<Kept> = const { std::cell::RefCell::new(Vec::new()) };
    }
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        let found = kept
            .iter()
            .find(|(c, m, k, _)| *c == crossing && m == mode && k.as_deref() == contract);
        if let Some((_, _, _, summary)) = found {
            return summary.clone();
        }
        let named = contract.map(|c| format!(" ({c})")).unwrap_or_default();
        let summary = match crossing {
            Crossing::Input => {
                format!("The task input for mode {mode:?} satisfies its contract{named}.")
            }
            Crossing::Result => {
                format!("The result of the {mode:?} child satisfies its output contract{named}.")
            }
        };
        if kept.len() >= 32 {
            kept.clear();
        }
        kept.push((
            crossing,
            mode.to_string(),
            contract.map(str::to_string),
            summary.clone(),
        ));
        summary
    })
}

/// Seed 001 Example 1: what the parent receives instead of a malformed result. A struct, so
/// that `error` and `details` come first when it is printed for the parent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ErrorObject {
    pub error: String,
    pub details: String,
    pub mode: String,
    pub contract: Option<String>,
    pub errors: Vec<ErrorEntry>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ErrorEntry {
    pub path: String,
    pub keyword: String,
    pub message: String,
}

pub fn error_object(
    crossing: Crossing,
    mode: &str,
    contract: Option<&str>,
    errors: &[ContractError],
) -> ErrorObject {
    let error = match crossing {
        Crossing::Input => format!("Invalid input for a {mode:?} task"),
        Crossing::Result => format!("Invalid output format from child task (mode {mode:?})"),
    };
    ErrorObject {
        error,
        details: format!("Schema validation failed: {}", describe_errors(errors)),
        mode: mode.to_string(),
        contract: contract.map(str::to_string),
        errors: errors
            .iter()
            .map(|e| ErrorEntry {
                path: e.instance_path.clone(),
                keyword: e.keyword.clone(),
                message: e.message.clone(),
            })
            .gather(),
    }
}
