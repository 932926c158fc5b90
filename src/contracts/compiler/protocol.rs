//! What crosses between the guard's module and the compiler module ([`super::serve`],
//! [`super::remote`]): JSON text of these shapes.

use crate::contracts::ajv_errors::ContractError;
use crate::error::GuardError;
use crate::json_fields::{need, Fields};
use serde::Serialize;

/// A compile: a validator's handle, or why it did not compile. Written by the derive, read by
/// hand ([`Built::from_json`]; serde's readers of these types were 19 KB of the guard's module
/// before wasm-opt).
#[derive(Debug, Serialize)]
pub struct Built {
    pub handle: Option<u32>,
    pub error: Option<GuardError>,
}

/// A validation: whether the value is valid, the pattern budget left, and its errors.
#[derive(Debug, Serialize)]
pub struct Checked {
    pub valid: bool,
    pub left: u64,
    pub errors: Vec<ContractError>,
}

impl Built {
    pub fn from_json(text: &str) -> serde_json::Result<Built> {
        let mut f = Fields::of(serde_json::from_str(text)?)?;
        Ok(Built {
            handle: f.opt_count("handle")?,
            error: f.opt_read("error", GuardError::read)?,
        })
    }
}

impl Checked {
    pub fn from_json(text: &str) -> serde_json::Result<Checked> {
        let mut f = Fields::of(serde_json::from_str(text)?)?;
        Ok(Checked {
            valid: need(f.opt_flag("valid")?, "valid")?,
            left: need(f.opt_u64("left")?, "left")?,
            errors: f.objects("errors", ContractError::read)?,
        })
    }

    /// A value the compiler could not check: never valid on a guess.
    pub fn unchecked(why: &str) -> Checked {
        Checked {
            valid: false,
            left: 0,
            errors: vec![ContractError {
                instance_path: String::new(),
                schema_path: "#".into(),
                keyword: "$compiler".into(),
                params: serde_json::json!({ "reason": "compiler-failed" }),
                message: format!("the value could not be checked: {why}"),
            }],
        }
    }
}

/// A name test of a `patternProperties` pattern, and the pattern budget left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Matched {
    pub matched: bool,
    pub left: u64,
}

impl Matched {
    /// One number for the port (`left` is at most the call budget, far below 2⁵²).
    pub fn encode(self) -> f64 {
        (self.left * 2 + u64::from(self.matched)) as f64
    }

    pub fn decode(n: f64) -> Matched {
        let n = if n.is_finite() && n >= 0.0 {
            n as u64
        } else {
            1
        };
        Matched {
            matched: n & 1 == 1,
            left: n / 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{ErrorCode, ErrorDetail};

    #[test]
    fn answers_read_back_as_written() {
        let e = GuardError::new(ErrorCode::UnresolvedRef, "/$ref", "no such schema").with_details(
            vec![ErrorDetail {
                path: "/a".into(),
                message: "first".into(),
            }],
        );
        let built = Built {
            handle: Some(7),
            error: Some(e.clone()),
        };
        let back = Built::from_json(&serde_json::to_string(&built).unwrap()).unwrap();
        assert_eq!((back.handle, back.error), (Some(7), Some(e)));
        let none = Built::from_json(r#"{"handle":null,"error":null}"#).unwrap();
        assert_eq!((none.handle, none.error), (None, None));
        let checked = Checked::unchecked("a reason");
        let back = Checked::from_json(&serde_json::to_string(&checked).unwrap()).unwrap();
        assert_eq!(
            (back.valid, back.left, back.errors),
            (checked.valid, checked.left, checked.errors)
        );
        for bad in [
            r#"{"valid":true,"errors":[]}"#,
            r#"{"valid":true,"left":1,"errors":[{"keyword":"type"}]}"#,
            r#"{"handle":null,"error":{"code":"NOT_A_CODE","path":"","message":"m"}}"#,
            r#"{"handle":-1}"#,
            "[]",
        ] {
            let as_built = Built::from_json(bad).is_err();
            let as_checked = Checked::from_json(bad).is_err();
            assert!(as_built || as_checked, "{bad}");
        }
        assert!(Checked::from_json(r#"{"valid":true,"errors":[]}"#).is_err());
    }
}
