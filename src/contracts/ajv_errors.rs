//! jsonschema's validation errors in Ajv's shape (`instancePath`, `schemaPath`, `keyword`,
//! `params`, `message`), with Ajv's message wording, so hosts that know Ajv read them as is.

use crate::gather::Gather;
use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::ValidationError;
use serde::Serialize;
use serde_json::{json, Value};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ContractError {
    pub instance_path: String,
    pub schema_path: String,
    pub keyword: String,
    #[cfg_attr(test, ts(type = "{ [key: string]: JsonValue }"))]
    pub params: Value,
    pub message: String,
}

impl ContractError {
    /// An error as the compiler module writes it.
    pub(crate) fn read(mut f: crate::json_fields::Fields) -> serde_json::Result<Self> {
        Ok(ContractError {
            instance_path: f.text("instancePath")?,
            schema_path: f.text("schemaPath")?,
            keyword: f.text("keyword")?,
            params: f.opt_value("params")?.unwrap_or_default(),
            message: f.text("message")?,
        })
    }

    /// An error of the guard's own limits, which are not schema keywords.
    pub fn limit(instance_path: &str, keyword: &str, limit: usize, message: String) -> Self {
        ContractError {
            instance_path: instance_path.to_string(),
            schema_path: format!("config#/limits/{keyword}"),
            keyword: keyword.to_string(),
            params: json!({ "limit": limit }),
            message,
        }
    }
}

/// Converts one jsonschema error into one or more Ajv-shaped errors (Ajv reports each
/// additional property separately, and the failing branches of `anyOf`/`oneOf` first).
pub fn convert(e: &ValidationError<'_>, out: &mut Vec<ContractError>) {
    let instance_path = e.instance_path().to_string();
    let mut schema_path = format!("#{}", e.schema_path());
    let kind = e.kind();
    let mut keyword = kind.keyword().to_string();
    // A pattern compiled as one of our keywords reports as the `pattern` it is in the schema.
    if super::pattern::is_pattern_keyword(&keyword) {
        if let Some(at) = schema_path.strip_suffix(keyword.as_str()) {
            schema_path = format!("{at}pattern");
        }
        keyword = "pattern".into();
    }
    let push = |out: &mut Vec<ContractError>, params: Value, message: String| {
        out.push(ContractError {
            instance_path: instance_path.clone(),
            schema_path: schema_path.clone(),
            keyword: keyword.clone(),
            params,
            message,
        })
    };
    match kind {
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            for p in unexpected {
                push(
                    out,
                    json!({ "additionalProperty": p }),
                    "must NOT have additional properties".into(),
                );
            }
        }
        ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            for p in unexpected {
                push(
                    out,
                    json!({ "unevaluatedProperty": p }),
                    "must NOT have unevaluated properties".into(),
                );
            }
        }
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            for branch in context {
                for sub in branch {
                    convert(sub, out);
                }
            }
            let message = if keyword == "anyOf" {
                "must match a schema in anyOf"
            } else {
                "must match exactly one schema in oneOf"
            };
            push(out, json!({}), message.into());
        }
        other => {
            let (params, message) = params_and_message(other, e);
            push(out, params, message);
        }
    }
}

fn params_and_message(kind: &ValidationErrorKind, e: &ValidationError<'_>) -> (Value, String) {
    use ValidationErrorKind as K;
    match kind {
        K::Required { property } => {
            let p = property
                .as_str()
                .map_or_else(|| property.to_string(), str::to_string);
            (
                json!({ "missingProperty": p }),
                format!("must have required property '{p}'"),
            )
        }
        K::Type { kind } => {
            let names = match kind {
                TypeKind::Single(t) => t.to_string(),
                TypeKind::Multiple(set) => set.iter().map(|t| t.to_string()).gather().join(","),
            };
            (json!({ "type": names }), format!("must be {names}"))
        }
        K::MaxLength { limit } => (
            json!({ "limit": limit }),
            format!("must NOT have more than {limit} characters"),
        ),
        K::MinLength { limit } => (
            json!({ "limit": limit }),
            format!("must NOT have fewer than {limit} characters"),
        ),
        K::MaxItems { limit } => (
            json!({ "limit": limit }),
            format!("must NOT have more than {limit} items"),
        ),
        K::MinItems { limit } => (
            json!({ "limit": limit }),
            format!("must NOT have fewer than {limit} items"),
        ),
        K::MaxProperties { limit } => (
            json!({ "limit": limit }),
            format!("must NOT have more than {limit} properties"),
        ),
        K::MinProperties { limit } => (
            json!({ "limit": limit }),
            format!("must NOT have fewer than {limit} properties"),
        ),
        K::Maximum { limit } => compare("<=", limit),
        K::Minimum { limit } => compare(">=", limit),
        K::ExclusiveMaximum { limit } => compare("<", limit),
        K::ExclusiveMinimum { limit } => compare(">", limit),
        K::Enum { options } => (
            json!({ "allowedValues": options.as_ref() }),
            "must be equal to one of the allowed values".into(),
        ),
        K::Constant { expected_value } => (
            json!({ "allowedValue": expected_value.as_ref() }),
            "must be equal to constant".into(),
        ),
        K::Pattern { pattern } => (
            json!({ "pattern": pattern }),
            format!("must match pattern \"{pattern}\""),
        ),
        K::BacktrackLimitExceeded { .. } => (
            json!({ "reason": "backtrack-limit" }),
            "pattern could not be checked: the regex backtracking limit was exceeded".into(),
        ),
        K::Format { format } => (
            json!({ "format": format }),
            format!("must match format \"{format}\""),
        ),
        K::MultipleOf { multiple_of } => (
            json!({ "multipleOf": multiple_of }),
            format!("must be multiple of {multiple_of}"),
        ),
        K::UniqueItems => (json!({}), "must NOT have duplicate items".into()),
        K::Contains => (json!({}), "must contain at least 1 valid item(s)".into()),
        K::Not { .. } => (json!({}), "must NOT be valid".into()),
        K::FalseSchema => (json!({}), "boolean schema is false".into()),
        K::OneOfMultipleValid { .. } => (
            json!({ "passingSchemas": null }),
            "must match exactly one schema in oneOf".into(),
        ),
        K::PropertyNames { error } => (
            json!({ "propertyName": error.instance().as_ref() }),
            format!("property name must be valid: {error}"),
        ),
        K::Custom { keyword, message } if super::pattern::is_pattern_keyword(keyword) => {
            if message.starts_with(super::pattern::INVALID_PREFIX) {
                (json!({ "reason": "invalid-pattern" }), message.clone())
            } else if message.starts_with("pattern could not be checked") {
                (json!({ "reason": "pattern-budget" }), message.clone())
            } else {
                let source = message
                    .strip_prefix("must match pattern \"")
                    .and_then(|m| m.strip_suffix('"'))
                    .unwrap_or_default();
                (json!({ "pattern": source }), message.clone())
            }
        }
        _ => (json!({}), e.to_string()),
    }
}

fn compare(op: &str, limit: &Value) -> (Value, String) {
    (
        json!({ "comparison": op, "limit": limit }),
        format!("must be {op} {limit}"),
    )
}
