//! Output sanitization (seed 001 §2.3): a schema-aware walk that removes what the contract does
//! not allow, cleans every string and caps lengths and depth. Every change is recorded.

mod graphemes;
pub mod plan;
pub mod text;
mod value;

pub use plan::Plan;
pub use value::{sanitize, untouched, Direction, SanitizeOptions, SanitizeOutcome, Tree};

use serde::Serialize;

/// What sanitization did to one place in the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum ChangeOp {
    /// A property the contract does not allow was removed.
    Remove,
    /// A string was cut to a length cap.
    Truncate,
    /// Control, ANSI, zero-width or bidi characters were removed.
    StripChars,
    /// Lone UTF-16 surrogates were replaced by U+FFFD.
    ReplaceChars,
    /// CRLF or lone CR became LF.
    NormalizeNewlines,
    /// A dangerous key (`__proto__`, `constructor`, `prototype`) was renamed.
    Rename,
    /// A subtree deeper than `limits.maxDepth` was replaced by null.
    Prune,
    /// The sanitizer could not decide which subschema applies; properties were kept.
    Undecided,
    /// Structured JSON was extracted from a textual result.
    Extract,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Change {
    pub op: ChangeOp,
    /// JSON pointer to the changed place.
    pub path: String,
    pub reason: String,
}
