//! No compiler (a native build without `runtime-schemas`): only the built-in contracts.

use super::unavailable;
use crate::contracts::ajv_errors::ContractError;
use crate::error::Result;
use serde_json::Value;

/// Never built: [`build`] always fails.
pub enum Validator {}

impl Validator {
    pub fn is_valid(&self, _value: &Value) -> bool {
        match *self {}
    }

    pub fn errors(&self, _value: &Value, _out: &mut Vec<ContractError>) {
        match *self {}
    }
}

pub fn build(
    id: &str,
    _schema: &Value,
    _docs: &[(&str, &Value)],
    _keys_unchecked: bool,
    _meta: bool,
) -> Result<Validator> {
    Err(unavailable(id))
}

/// Nothing is compiled from a user schema ([`build`] refuses it).
pub fn first_invalid(_schema: &Value) -> Option<(String, String)> {
    None
}

pub fn key_patterns(_docs: &[(&str, &Value)]) -> Result<(usize, Option<String>)> {
    Ok((0, None))
}

/// Never built: a plan then treats the object's names as opaque.
#[derive(Debug)]
pub enum KeyRegex {}

impl KeyRegex {
    pub fn new(_pattern: &str) -> Option<KeyRegex> {
        None
    }

    pub fn matches(&self, _key: &str) -> bool {
        match *self {}
    }
}
