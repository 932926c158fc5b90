//! Typed errors: every failure the guard reports carries a stable code, a JSON pointer to
//! where it happened and a sentence a person (or a parent LLM) can act on.

use serde::Serialize;
use std::fmt;

/// Stable, machine-readable error codes. They are part of the public API (`err.code` in JS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// The configuration does not match `schemas/config.schema.json`.
    InvalidConfig,
    /// A schema is not valid JSON Schema, or cannot be compiled.
    InvalidSchema,
    /// A schema has no usable `$id`.
    MissingSchemaId,
    /// A `$ref` points outside the registered schemas; nothing is ever fetched.
    UnresolvedRef,
    /// No contract is registered for the mode.
    UnknownMode,
    /// A contract names a schema id that is not registered.
    UnknownSchema,
    /// Text handed across the boundary is not valid JSON.
    InvalidJson,
    /// Input is larger than `limits.maxBytes`.
    TooLarge,
    /// Input is nested deeper than the parser allows.
    TooDeep,
    /// A value cannot be represented as JSON (cycle, BigInt, function...), raised by the wrapper.
    Unserializable,
    /// An argument has the wrong type or shape.
    InvalidArgument,
    /// A value cannot be frozen (typed arrays, ArrayBuffer) or copied (functions in copy mode).
    Unfreezable,
    /// The lifecycle does not know this task id.
    UnknownTask,
    /// A task with this id already exists.
    DuplicateTask,
    /// The event is not allowed in the task's current state.
    InvalidTransition,
    /// The parent already waits for another child.
    ChildAlreadyOpen,
    /// A resume was asked for a parent that has no child result waiting.
    NothingToResume,
    /// An exported lifecycle state is corrupt or inconsistent.
    InvalidState,
    /// An exported lifecycle state comes from a newer version of the guard.
    UnsupportedVersion,
    /// The host's mode switch failed, hung, or did not take effect.
    ModeSwitchFailed,
    /// A callback (a listener, a judge, a getter) called back into the guard while the guard
    /// was inside a call; refused so that the module stays consistent.
    Busy,
    /// The module was built without the JSON Schema compiler (`boomerang-guard/lite`): only
    /// the built-in contracts can be used.
    SchemasUnavailable,
}

impl ErrorCode {
    /// Every code, in declaration order.
    pub const ALL: [ErrorCode; 22] = [
        ErrorCode::InvalidConfig,
        ErrorCode::InvalidSchema,
        ErrorCode::MissingSchemaId,
        ErrorCode::UnresolvedRef,
        ErrorCode::UnknownMode,
        ErrorCode::UnknownSchema,
        ErrorCode::InvalidJson,
        ErrorCode::TooLarge,
        ErrorCode::TooDeep,
        ErrorCode::Unserializable,
        ErrorCode::InvalidArgument,
        ErrorCode::Unfreezable,
        ErrorCode::UnknownTask,
        ErrorCode::DuplicateTask,
        ErrorCode::InvalidTransition,
        ErrorCode::ChildAlreadyOpen,
        ErrorCode::NothingToResume,
        ErrorCode::InvalidState,
        ErrorCode::UnsupportedVersion,
        ErrorCode::ModeSwitchFailed,
        ErrorCode::Busy,
        ErrorCode::SchemasUnavailable,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidConfig => "INVALID_CONFIG",
            ErrorCode::InvalidSchema => "INVALID_SCHEMA",
            ErrorCode::MissingSchemaId => "MISSING_SCHEMA_ID",
            ErrorCode::UnresolvedRef => "UNRESOLVED_REF",
            ErrorCode::UnknownMode => "UNKNOWN_MODE",
            ErrorCode::UnknownSchema => "UNKNOWN_SCHEMA",
            ErrorCode::InvalidJson => "INVALID_JSON",
            ErrorCode::TooLarge => "TOO_LARGE",
            ErrorCode::TooDeep => "TOO_DEEP",
            ErrorCode::Unserializable => "UNSERIALIZABLE",
            ErrorCode::InvalidArgument => "INVALID_ARGUMENT",
            ErrorCode::Unfreezable => "UNFREEZABLE",
            ErrorCode::UnknownTask => "UNKNOWN_TASK",
            ErrorCode::DuplicateTask => "DUPLICATE_TASK",
            ErrorCode::InvalidTransition => "INVALID_TRANSITION",
            ErrorCode::ChildAlreadyOpen => "CHILD_ALREADY_OPEN",
            ErrorCode::NothingToResume => "NOTHING_TO_RESUME",
            ErrorCode::InvalidState => "INVALID_STATE",
            ErrorCode::UnsupportedVersion => "UNSUPPORTED_VERSION",
            ErrorCode::ModeSwitchFailed => "MODE_SWITCH_FAILED",
            ErrorCode::Busy => "BUSY",
            ErrorCode::SchemasUnavailable => "SCHEMAS_UNAVAILABLE",
        }
    }
}

/// One problem found in one place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorDetail {
    pub path: String,
    pub message: String,
}

/// The error type of every fallible core operation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GuardError {
    pub code: ErrorCode,
    /// JSON pointer into the offending input ("" for the whole input).
    pub path: String,
    pub message: String,
    /// Every problem when there are several (an invalid configuration names each bad field).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub details: Vec<ErrorDetail>,
}

impl GuardError {
    pub fn new(code: ErrorCode, path: impl Into<String>, message: impl Into<String>) -> Self {
        GuardError {
            code,
            path: path.into(),
            message: message.into(),
            details: Vec::new(),
        }
    }

    /// An error as the compiler module writes it.
    pub(crate) fn read(mut f: crate::json_fields::Fields) -> serde_json::Result<Self> {
        let name = f.text("code")?;
        Ok(GuardError {
            code: ErrorCode::ALL
                .into_iter()
                .find(|c| c.as_str() == name)
                .ok_or_else(|| serde::de::Error::custom("unknown error code"))?,
            path: f.text("path")?,
            message: f.text("message")?,
            details: f.objects("details", |mut d| {
                Ok(ErrorDetail {
                    path: d.text("path")?,
                    message: d.text("message")?,
                })
            })?,
        })
    }

    pub fn with_details(mut self, details: Vec<ErrorDetail>) -> Self {
        self.details = details;
        self
    }

    /// The error as one JSON object, the form the binding hands to JS.
    pub fn to_json(&self) -> String {
        crate::json_text::to_string(self).unwrap_or_else(|_| {
            format!(
                "{{\"code\":\"{}\",\"path\":\"\",\"message\":\"unprintable error\"}}",
                self.code.as_str()
            )
        })
    }
}

impl fmt::Display for GuardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}: {}", self.code.as_str(), self.message)
        } else {
            write!(
                f,
                "{} at {}: {}",
                self.code.as_str(),
                self.path,
                self.message
            )
        }
    }
}

impl std::error::Error for GuardError {}

pub type Result<T> = std::result::Result<T, GuardError>;

#[cfg(test)]
mod tests {
    use super::*;

    /// `ALL` is written by hand: every variant of the enum is in it once, and each reads back
    /// from its name (the compiler module's errors are read by it).
    #[test]
    fn all_holds_every_code_once() {
        let source = include_str!("error.rs");
        let body = source
            .split("pub enum ErrorCode {")
            .nth(1)
            .and_then(|b| b.split("\n}").next())
            .unwrap_or_default();
        let variants = body
            .lines()
            .map(str::trim)
            .filter(|l| l.ends_with(',') && l.starts_with(crate::drift::text::ascii_upper_char))
            .count();
        assert_eq!(variants, ErrorCode::ALL.len());
        for (i, c) in ErrorCode::ALL.into_iter().enumerate() {
            let name = serde_json::to_value(c).unwrap_or_default();
            assert_eq!(name.as_str(), Some(c.as_str()));
            assert_eq!(ErrorCode::ALL.iter().position(|d| *d == c), Some(i));
        }
    }
}
