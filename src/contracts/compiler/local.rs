//! The compiler in this module: jsonschema's, with the budgeted and lazy pattern keywords
//! (`contracts::pattern`) and fancy-regex for `patternProperties` names.

use crate::contracts::ajv_errors::{self, ContractError};
use crate::contracts::pattern;
use crate::error::{ErrorCode, GuardError, Result};
use crate::gather::Gather;
use crate::schema_store::reference_root;
use jsonschema::PatternOptions;
use serde_json::Value;

/// A schema compiled at run time.
pub struct Validator(pub jsonschema::Validator);

impl Validator {
    pub fn is_valid(&self, value: &Value) -> bool {
        self.0.is_valid(value)
    }

    /// Every error for `value` in a report's shape, in the validator's order.
    pub fn errors(&self, value: &Value, out: &mut Vec<ContractError>) {
        for e in self.0.iter_errors(value) {
            ajv_errors::convert(&e, out);
        }
    }
}

/// Compiles document `schema` (registered as `id`) against `docs`, its `$ref` closure.
/// Backtracking `pattern`s become the budgeted keyword; with `keys_unchecked`, backtracking
/// `patternProperties` are left out.
///
/// Without `meta` the document is not checked against its meta-schema again (it was when it
/// was registered; built-in contracts are checked by this crate's tests): the validator is
/// compiled from a root that only references it. jsonschema checks the root it compiles, and
/// on wasm builds the meta-schema's validator anew for every compile — about 10 ms for
/// 2020-12, most of a contract's first check. The referenced document keeps its own draft,
/// and error schema paths are locations in it, so nothing else changes (tested) — except
/// for ill-founded schemas whose `$ref`s loop back to the same instance (`not: {$ref: "#"}`),
/// where jsonschema's answer is arbitrary either way. An id with a fragment is compiled
/// directly.
pub fn build(
    id: &str,
    schema: &Value,
    docs: &[(&str, &Value)],
    keys_unchecked: bool,
    meta: bool,
) -> Result<Validator> {
    let variant = |v: &Value| -> Option<Value> {
        let dropped = keys_unchecked
            .then(|| pattern::drop_key_patterns(v))
            .flatten();
        // A document compiled before (at registration, or a shipped one: see `meta`)
        // compiles its regexes when they are first used.
        match dropped {
            Some(d) => Some(pattern::rewrite(&d, !meta).unwrap_or(d)),
            None => pattern::rewrite(v, !meta),
        }
    };
    let docs: Vec<(&str, Option<Value>, &Value)> =
        docs.iter().map(|&(k, v)| (k, variant(v), v)).gather();
    let registry = jsonschema::Registry::new()
        .extend(
            docs.iter()
                .map(|(k, rewritten, v)| (*k, rewritten.as_ref().unwrap_or(v))),
        )
        .and_then(|b| b.prepare())
        .map_err(|e| classify(id, String::new(), e.to_string(), false))?;
    // An id with a fragment (drafts 4–7 allow one) is not a document a `$ref` can name.
    let root = if meta || id.contains('#') {
        variant(schema)
    } else {
        Some(reference_root(id))
    };
    jsonschema::options()
        .offline()
        .with_registry(&registry)
        .with_pattern_options(
            PatternOptions::fancy_regex().backtrack_limit(pattern::JSONSCHEMA_BACKTRACK_LIMIT),
        )
        .with_keyword(pattern::KEYWORD, pattern::factory)
        .with_keyword(pattern::SIMPLE_KEYWORD, pattern::simple_factory)
        .with_keyword(pattern::LAZY_KEYWORD, pattern::lazy_factory)
        .build(root.as_ref().unwrap_or(schema))
        .map(Validator)
        .map_err(|e| compile_error(id, &e))
}

/// The first `pattern` of `schema` that does not compile: its schema path and why.
pub fn first_invalid(schema: &Value) -> Option<(String, String)> {
    pattern::first_invalid(schema)
}

/// How many backtracking `patternProperties` patterns `docs` hold, and the schema path of the
/// first.
pub fn key_patterns(docs: &[(&str, &Value)]) -> Result<(usize, Option<String>)> {
    Ok(docs.iter().fold((0, None), |acc, (_, doc)| {
        let (n, at) = pattern::key_patterns(doc);
        (acc.0 + n, acc.1.or(at))
    }))
}

/// A `patternProperties` name pattern, for the sanitizer (ECMA's ASCII classes).
#[derive(Debug)]
pub struct KeyRegex {
    re: fancy_regex::Regex,
    /// Needs backtracking: then run under the check's budget.
    backtracking: bool,
}

impl KeyRegex {
    /// `None` when the pattern does not compile.
    pub fn new(pattern: &str) -> Option<KeyRegex> {
        let re = fancy_regex::RegexBuilder::new(&pattern::ecma_classes(pattern))
            .backtrack_limit(pattern::BACKTRACK_LIMIT)
            .build()
            .ok()?;
        Some(KeyRegex {
            re,
            backtracking: pattern::needs_backtracking(pattern),
        })
    }

    /// Whether `key` matches; a name the pattern cannot be run on counts as matching.
    pub fn matches(&self, key: &str) -> bool {
        pattern::key_matches(&self.re, key, self.backtracking)
    }
}

fn compile_error(id: &str, e: &jsonschema::ValidationError<'_>) -> GuardError {
    let referencing = matches!(
        e.kind(),
        jsonschema::error::ValidationErrorKind::Referencing(_)
    );
    classify(
        id,
        e.instance_path().to_string(),
        e.to_string(),
        referencing,
    )
}

fn classify(id: &str, path: String, message: String, referencing: bool) -> GuardError {
    let unresolved = referencing
        || message.contains("not present in a registry")
        || message.contains("retriev")
        || message.contains("Unresolvable");
    if unresolved {
        GuardError::new(
            ErrorCode::UnresolvedRef,
            path,
            format!(
                "schema {id}: {message}. Remote references are never fetched: register the \
                 referenced schema first, by its $id"
            ),
        )
    } else {
        GuardError::new(
            ErrorCode::InvalidSchema,
            path,
            format!("schema {id}: {message}"),
        )
    }
}
