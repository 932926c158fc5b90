//! The schemas shipped in `schemas/`, compiled into the module so that the guard works with
//! no file access (browsers, VS Code for the Web).

use crate::error::{ErrorCode, GuardError, Result};
use serde_json::Value;

/// Roo Code's built-in modes, each with an input and an output contract in `schemas/`.
pub const BUILTIN_MODES: [&str; 5] = ["orchestrator", "code", "architect", "ask", "debug"];

pub const CONFIG_SCHEMA: &str = include_str!("../schemas/config.schema.json");
pub const VERDICT_SCHEMA: &str = include_str!("../schemas/verdict.schema.json");

/// Every contract schema, dependencies first (registration compiles each one).
pub const CONTRACT_SCHEMAS: [(&str, &str); 13] = [
    ("common", include_str!("../schemas/common.schema.json")),
    (
        "generic.input",
        include_str!("../schemas/generic.input.schema.json"),
    ),
    (
        "generic.output",
        include_str!("../schemas/generic.output.schema.json"),
    ),
    (
        "orchestrator.input",
        include_str!("../schemas/orchestrator.input.schema.json"),
    ),
    (
        "orchestrator.output",
        include_str!("../schemas/orchestrator.output.schema.json"),
    ),
    (
        "code.input",
        include_str!("../schemas/code.input.schema.json"),
    ),
    (
        "code.output",
        include_str!("../schemas/code.output.schema.json"),
    ),
    (
        "architect.input",
        include_str!("../schemas/architect.input.schema.json"),
    ),
    (
        "architect.output",
        include_str!("../schemas/architect.output.schema.json"),
    ),
    (
        "ask.input",
        include_str!("../schemas/ask.input.schema.json"),
    ),
    (
        "ask.output",
        include_str!("../schemas/ask.output.schema.json"),
    ),
    (
        "debug.input",
        include_str!("../schemas/debug.input.schema.json"),
    ),
    (
        "debug.output",
        include_str!("../schemas/debug.output.schema.json"),
    ),
];

pub fn parse_builtin(name: &str, text: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|e| {
        GuardError::new(
            ErrorCode::InvalidSchema,
            "",
            format!("built-in schema {name} is not JSON: {e}"),
        )
    })
}

/// The configuration schema compiled at run time, which the generated validator and the mode-name
/// check (`config.rs`) are tested against.
#[cfg(test)]
pub fn config_validator() -> Result<&'static jsonschema::Validator> {
    use std::sync::OnceLock;
    static CELL: OnceLock<std::result::Result<jsonschema::Validator, GuardError>> = OnceLock::new();
    CELL.get_or_init(|| {
        let schema = parse_builtin("config", CONFIG_SCHEMA)?;
        crate::schema_store::compile_shipped(&schema)
            .map(|v| v.0)
            .map_err(|e| {
                GuardError::new(ErrorCode::InvalidSchema, "", format!("config schema: {e}"))
            })
    })
    .as_ref()
    .map_err(Clone::clone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema_store::SchemaStore;

    #[test]
    fn every_builtin_schema_compiles_and_resolves_its_refs() {
        assert!(config_validator().is_ok());
        let mut store = SchemaStore::default();
        for (name, text) in CONTRACT_SCHEMAS {
            let id = store.register(parse_builtin(name, text).unwrap());
            assert!(id.is_ok(), "{name}: {:?}", id.err());
        }
        for mode in BUILTIN_MODES {
            for dir in ["input", "output"] {
                let id = store.lookup_id(&format!("{mode}.{dir}")).unwrap();
                let plan = store.plan(&id).unwrap();
                assert!(plan.declares_property(if dir == "input" { "message" } else { "summary" }));
                assert!(plan.expects_structured());
            }
        }
        // Compiled without a meta-schema check at run time (schema_store::build): checked here.
        for (name, text) in CONTRACT_SCHEMAS
            .into_iter()
            .chain([("config", CONFIG_SCHEMA), ("verdict", VERDICT_SCHEMA)])
        {
            let schema = parse_builtin(name, text).unwrap();
            assert!(jsonschema::meta::validate(&schema).is_ok(), "{name}");
        }
    }
}
