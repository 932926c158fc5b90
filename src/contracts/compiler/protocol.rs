//! What crosses between the guard's module and the compiler module ([`super::serve`],
//! [`super::remote`]): JSON text of these shapes.

use crate::contracts::ajv_errors::ContractError;
use crate::error::GuardError;
use serde::{Deserialize, Serialize};

/// A compile: a validator's handle, or why it did not compile.
#[derive(Debug, Serialize, Deserialize)]
pub struct Built {
    pub handle: Option<u32>,
    pub error: Option<GuardError>,
}

/// A validation: whether the value is valid, the pattern budget left, and its errors.
#[derive(Debug, Serialize, Deserialize)]
pub struct Checked {
    pub valid: bool,
    pub left: u64,
    pub errors: Vec<ContractError>,
}

impl Checked {
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
