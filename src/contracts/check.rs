//! The contract checks at the two crossings: sanitize, then validate what will be handed on.

use super::ajv_errors::ContractError;
use super::extract::{self, Extraction};
use super::report::{self, CheckReport, Crossing};
use super::tape::{At, Tape};
use crate::config::Settings;
use crate::error::Result;
use crate::json_text;
use crate::sanitize::{self, Change, ChangeOp, Direction, Plan, SanitizeOptions};
use crate::schema_store::{SchemaStore, LOCAL_BASE};
use serde_json::{Map, Value};
use std::sync::Arc;

/// Where a mode's contract comes from: a registered schema id or an inline schema.
#[derive(Debug, Clone)]
pub enum ContractSource {
    Id(String),
    Schema(Value),
}

/// A mode's two contracts, as registered schema ids. `None`: that crossing is not validated
/// (strings are still cleaned).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModeContract {
    pub input: Option<String>,
    pub output: Option<String>,
}

pub fn short_name(id: &str) -> String {
    id.strip_prefix(LOCAL_BASE)
        .unwrap_or(id)
        .trim_end_matches(".schema.json")
        .to_string()
}

fn sanitize_opts(settings: &Settings, direction: Direction) -> SanitizeOptions {
    SanitizeOptions {
        direction,
        max_string_length: settings.limits.max_string_length,
        max_depth: settings.limits.max_depth,
        remove: true,
    }
}

fn plan_for(store: &mut SchemaStore, contract_id: Option<&str>) -> Result<Arc<Plan>> {
    match contract_id {
        Some(id) => store.plan(id),
        None => Ok(Arc::new(Plan::default())),
    }
}

/// Whether the contract accepts `value` as it is, before any sanitizing. Not tested (false)
/// for a contract with backtracking `patternProperties`: their budget is settled by
/// `validate`, so there a value may still lose what the sanitizer takes as forbidden.
fn accepts(store: &mut SchemaStore, id: &str, value: &Value) -> Result<bool> {
    store.validator(id)?;
    if store.key_patterns(id).0 > 0 {
        // validate() settles the pattern budget and reports it: no shortcut there.
        return Ok(false);
    }
    Ok(store.validator(id)?.is_valid(value))
}

/// Sanitizes `value` in place and validates the result. A value the contract accepts loses no
/// property (the sanitizer only cleans it), and one the walk would not touch skips the walk
/// and the second validation: the common case of a well-formed input or result.
fn sanitize_and_validate(
    store: &mut SchemaStore,
    contract_id: Option<&str>,
    value: &mut Value,
    mut opts: SanitizeOptions,
    errors: &mut Vec<ContractError>,
) -> Result<sanitize::SanitizeOutcome> {
    // One pattern budget for the whole check: the sanitizer's property names and validation.
    super::pattern::start_call();
    let accepted = match contract_id {
        Some(id) => accepts(store, id, value)?,
        None => true,
    };
    if accepted && sanitize::untouched(value, opts) {
        return Ok(sanitize::SanitizeOutcome::default());
    }
    if contract_id.is_some() {
        // The walk and validation get the budget the acceptance test may have spent: a value
        // needing cleaning must not fail "could not be checked" for being tested twice.
        super::pattern::start_call();
    }
    opts.remove = !accepted;
    // The plan is built only for a value the walk must visit.
    let plan = plan_for(store, contract_id)?;
    let outcome = sanitize::sanitize(value, &plan, opts);
    if let Some(id) = contract_id {
        if !(accepted && outcome.changes.is_empty()) {
            validate(store, id, value, errors)?;
        }
    }
    Ok(outcome)
}

fn validate(
    store: &mut SchemaStore,
    id: &str,
    value: &Value,
    out: &mut Vec<ContractError>,
) -> Result<()> {
    store.validator(id)?;
    let (key_patterns, at) = store.key_patterns(id);
    let unaffordable = match key_patterns {
        0 => None,
        n => super::pattern::keys_affordable(value, n).err(),
    };
    let validator = match unaffordable {
        None => store.validator(id)?,
        Some((instance_path, why)) => {
            out.push(ContractError {
                instance_path,
                schema_path: at.unwrap_or_else(|| "#".into()),
                keyword: "patternProperties".into(),
                params: serde_json::json!({ "reason": "pattern-budget" }),
                message: format!("pattern could not be checked: {why}"),
            });
            store.validator_keys_unchecked(id)?
        }
    };
    // is_valid short-circuits and builds no error objects: the common, valid case.
    if validator.is_valid(value) {
        return Ok(());
    }
    validator.errors(value, out);
    Ok(())
}

/// A report for input that never reached validation (over a size or depth limit).
pub fn limit_failure(
    crossing: Crossing,
    mode: &str,
    contract: Option<&str>,
    error: ContractError,
) -> CheckReport {
    let errors = vec![error];
    let error_object = report::error_object(crossing, mode, contract, &errors);
    CheckReport {
        ok: false,
        mode: mode.to_string(),
        contract: contract.map(str::to_string),
        summary: report::summary(crossing, mode, contract, &errors, &[]),
        text: (crossing == Crossing::Result).then(|| pretty(&error_object)),
        error_object: Some(error_object),
        errors,
        value: None,
        value_unchanged: false,
        changes: Vec::new(),
        extraction: None,
        text_is_result: false,
    }
}

pub fn check_input(
    store: &mut SchemaStore,
    settings: &Settings,
    mode: &str,
    contract_id: Option<&str>,
    mut value: Value,
) -> Result<CheckReport> {
    let contract = contract_id.map(short_name);
    let opts = sanitize_opts(settings, Direction::Input);
    let mut errors = Vec::new();
    let outcome = sanitize_and_validate(store, contract_id, &mut value, opts, &mut errors)?;
    for (path, len) in &outcome.overlong_inputs {
        let max = settings.limits.max_string_length;
        errors.push(ContractError::limit(
            path,
            "maxStringLength",
            max,
            format!(
                "must NOT have more than {max} characters (limits.maxStringLength; it has {len})"
            ),
        ));
    }
    let checked = Checked {
        errors,
        changes: outcome.changes,
        value,
        extraction: None,
        original: None,
        caller_has_text: false,
    };
    Ok(finish(Crossing::Input, mode, contract, checked))
}

/// What one check found, before it is worded as a report.
struct Checked<'t> {
    errors: Vec<ContractError>,
    changes: Vec<Change>,
    value: Value,
    extraction: Option<Extraction>,
    /// Results only: the text as the child wrote it.
    original: Option<&'t str>,
    /// Results only: the caller holds that text; the report need not copy it.
    caller_has_text: bool,
}

fn finish(
    crossing: Crossing,
    mode: &str,
    contract: Option<String>,
    checked: Checked<'_>,
) -> CheckReport {
    let Checked {
        errors,
        changes,
        value,
        extraction,
        original,
        caller_has_text,
    } = checked;
    let ok = errors.is_empty();
    let summary = report::summary(crossing, mode, contract.as_deref(), &errors, &changes);
    let error_object =
        (!ok).then(|| report::error_object(crossing, mode, contract.as_deref(), &errors));
    let unchanged = changes.is_empty() && crossing == Crossing::Input;
    // Nothing changed: the parent gets the result exactly as the child wrote it.
    let text_is_result =
        crossing == Crossing::Result && error_object.is_none() && changes.is_empty();
    let text =
        (crossing == Crossing::Result && !(text_is_result && caller_has_text)).then(|| {
            match (&error_object, extraction) {
                (Some(obj), _) => pretty(obj),
                (None, _) if changes.is_empty() => original.unwrap_or_default().to_string(),
                (None, Some(Extraction::Plain)) => value
                    .get("summary")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                (None, _) => value
                    .as_str()
                    .map_or_else(|| pretty(&value), str::to_string),
            }
        });
    CheckReport {
        ok,
        mode: mode.to_string(),
        contract,
        errors,
        value: (!unchanged).then_some(value),
        value_unchanged: unchanged,
        changes,
        summary,
        error_object,
        text,
        extraction,
        text_is_result,
    }
}

fn pretty<T: serde::Serialize>(v: &T) -> String {
    crate::json_text::to_string_pretty(v).unwrap_or_default()
}

/// The failed report of a result over `limits.maxBytes`; `size` says how large it is.
pub fn result_too_large(
    settings: &Settings,
    mode: &str,
    contract_id: Option<&str>,
    size: &str,
) -> CheckReport {
    let max_bytes = settings.limits.max_bytes;
    let err = ContractError::limit(
        "",
        "maxBytes",
        max_bytes,
        format!("must NOT be larger than {max_bytes} bytes (limits.maxBytes; it has {size})"),
    );
    let contract = contract_id.map(short_name);
    limit_failure(Crossing::Result, mode, contract.as_deref(), err)
}

/// How a result check is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ResultCall {
    /// The text is a JSON string literal (the wrapper sends that when the JS string holds lone
    /// surrogates, which UTF-8 cannot carry).
    pub escaped: bool,
    /// The caller holds the result's text and reads a clean bare JSON result's value from it:
    /// then the report leaves `value` out (`None`) for such a result, which is checked without
    /// building it, and leaves `text` out where it is the result unchanged (`text_is_result`).
    pub caller_has_text: bool,
}

/// The common case checked without a `Value`: a bare JSON result that the contract surely
/// accepts ([`Acceptor`](super::accept::Acceptor)) and the sanitizer would leave as it is.
/// Its report is the full path's, without `value`. `None`: anything else, for the full path.
fn clean_bare_result(
    store: &mut SchemaStore,
    settings: &Settings,
    mode: &str,
    (id, contract): (&str, &Option<String>),
    text: &str,
) -> Result<Option<CheckReport>> {
    let Some(body) = extract::bare(text) else {
        return Ok(None);
    };
    // The text first: one the tape refuses (too deep, say) is the full path's to report.
    let Some(tape) = Tape::parse(body) else {
        return Ok(None);
    };
    if !surely_clean(store, settings, id, tape.root(), Direction::Output)? {
        return Ok(None);
    }
    let checked = Checked {
        errors: Vec::new(),
        changes: Vec::new(),
        value: Value::Null,
        extraction: Some(Extraction::Bare),
        original: Some(text),
        caller_has_text: true,
    };
    let mut report = finish(Crossing::Result, mode, contract.clone(), checked);
    report.value = None;
    Ok(Some(report))
}

/// Whether contract `id` surely accepts `root` (its quick acceptor says so) and the sanitizer
/// would leave it as it is: then its check is clean without a `Value`.
fn surely_clean(
    store: &mut SchemaStore,
    settings: &Settings,
    id: &str,
    root: At<'_>,
    direction: Direction,
) -> Result<bool> {
    let Some(acceptor) = store.acceptor(id)? else {
        return Ok(false);
    };
    let opts = sanitize_opts(settings, direction);
    Ok(acceptor.accepts(root) && sanitize::untouched(&root, opts))
}

/// The clean report of a task input read as `root` (a token tape) when contract `id` surely
/// accepts it ([`Acceptor`](super::accept::Acceptor)) and the sanitizer would leave it as it
/// is — the report [`check_input`] gives that value. `None`: anything else (not sure, not
/// clean), for the full check.
pub fn clean_input(
    store: &mut SchemaStore,
    settings: &Settings,
    mode: &str,
    id: &str,
    root: At<'_>,
) -> Result<Option<CheckReport>> {
    if !surely_clean(store, settings, id, root, Direction::Input)? {
        return Ok(None);
    }
    let checked = Checked {
        errors: Vec::new(),
        changes: Vec::new(),
        value: Value::Null,
        extraction: None,
        original: None,
        caller_has_text: false,
    };
    Ok(Some(finish(
        Crossing::Input,
        mode,
        Some(short_name(id)),
        checked,
    )))
}

/// Checks a child's result text.
pub fn check_result(
    store: &mut SchemaStore,
    settings: &Settings,
    mode: &str,
    contract_id: Option<&str>,
    result: &str,
    call: ResultCall,
) -> Result<CheckReport> {
    let escaped = call.escaped;
    let contract = contract_id.map(short_name);
    let max_bytes = settings.limits.max_bytes;
    if result.len() > max_bytes {
        return Ok(result_too_large(
            settings,
            mode,
            contract_id,
            &result.len().to_string(),
        ));
    }
    let unescaped;
    let text: &str = if escaped {
        unescaped = match json_text::parse(result, usize::MAX)? {
            Value::String(s) => s,
            other => other.to_string(),
        };
        &unescaped
    } else {
        result
    };
    let shape = match contract_id {
        Some(id) => Some(store.result_shape(id)?),
        None => None,
    };
    if let (Some(id), true) = (contract_id, call.caller_has_text && !escaped) {
        if shape.is_some_and(|s| s.structured) {
            if let Some(report) = clean_bare_result(store, settings, mode, (id, &contract), text)? {
                return Ok(report);
            }
        }
    }
    let mut changes = Vec::new();
    let (mut value, how) = if shape.is_some_and(|s| s.structured) {
        match extract::extract_json(text) {
            Ok(Some(found)) => {
                if found.how != Extraction::Bare {
                    changes.push(Change {
                        op: ChangeOp::Extract,
                        path: String::new(),
                        reason: format!(
                            "JSON taken from {}; {} surrounding characters dropped",
                            if found.how == Extraction::Fenced {
                                "a fenced code block"
                            } else {
                                "inside the text"
                            },
                            found.dropped_chars
                        ),
                    });
                }
                (found.value, found.how)
            }
            Ok(None) if shape.is_some_and(|s| s.summary) => {
                let mut m = Map::new();
                m.insert("summary".into(), Value::String(text.to_string()));
                (Value::Object(m), Extraction::Plain)
            }
            Ok(None) => (Value::String(text.to_string()), Extraction::Plain),
            Err(extract::DepthExceeded) => {
                let err = ContractError::limit(
                    "",
                    "maxDepth",
                    128,
                    "must NOT be nested more than 128 levels deep".into(),
                );
                return Ok(limit_failure(
                    Crossing::Result,
                    mode,
                    contract.as_deref(),
                    err,
                ));
            }
        }
    } else {
        (Value::String(text.to_string()), Extraction::Text)
    };
    let opts = sanitize_opts(settings, Direction::Output);
    let mut errors = Vec::new();
    let outcome = sanitize_and_validate(store, contract_id, &mut value, opts, &mut errors)?;
    changes.extend(outcome.changes);
    let checked = Checked {
        errors,
        changes,
        value,
        extraction: Some(how),
        original: Some(text),
        caller_has_text: call.caller_has_text && !escaped,
    };
    Ok(finish(Crossing::Result, mode, contract, checked))
}
