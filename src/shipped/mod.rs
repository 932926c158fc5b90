//! Validators for the contracts and the judge verdict schema shipped in `schemas/`, generated
//! when the crate is built (jsonschema's `#[validator]` macro). A fresh process checks its
//! first result without compiling a schema at run time: on wasm, a runtime compile of a
//! built-in contract ran jsonschema's compiler (lazily compiled by V8 on first use) and a
//! meta-schema check of the root it compiled — most of the first check's time. The generated
//! code is jsonschema's own, from the same documents; with [`runtime_order`] its errors are the
//! runtime validator's, which the tests check on every one. The configuration schema is generated
//! from a copy without its one `propertyNames` (the generated code reports that keyword's
//! failure as the inner keyword's error at the object): `config` checks mode names itself.
//!
//! Built-in ids are reserved (`SchemaStore::register` refuses them), so a generated validator
//! can never be stale.

use crate::builtin::CONTRACT_SCHEMAS;
use crate::contracts::ajv_errors::ContractError;
use crate::contracts::pattern;
use crate::schema_store::LOCAL_BASE;
use jsonschema::ErrorIterator;
use serde_json::Value;

/// A generated validator: what `SchemaStore` and the verdict check call.
pub struct Shipped {
    pub is_valid: fn(&Value) -> bool,
    pub iter_errors: for<'i> fn(&'i Value) -> ErrorIterator<'i>,
}

// The shared definitions as the contracts are compiled: `schemas/common.schema.json` with its
// patterns (`\S`, `^[^\u0000]+$`, the requirement id, the todo list) renamed to the keyword of
// the hand-written matchers (`contracts::pattern::SIMPLE_KEYWORD`), as the runtime compile
// renames them: no shipped contract needs a regex engine.
// Built as a regex, `\S` alone took ~19 ms of a fresh process's first check on wasm. Kept
// in step with `schemas/` by a test (`common_is_the_shipped_document_rewritten`).
macro_rules! contract {
    ($name:ident, $path:tt) => {
        #[jsonschema::validator(
            path = $path,
            resources = { "https://boomerang-guard.local/schemas/common.schema.json" => { path = "src/shipped/common.schema.json" } },
            keywords = { "x-boomerang-simple-pattern" => crate::contracts::pattern::simple_factory }
        )]
        struct $name;
    };
}

// Every mode's input contract is the same document but for its `$id`, title and description
// (`{ "type": "object", "$ref": "common.schema.json#/$defs/taskInput" }`), and so is every
// output contract: one generated validator serves each direction, as jsonschema's errors name
// no `$id` (a test keeps the documents alike). Twelve generated copies were 67 KB of code, a
// share of every process's wasm compile.
contract!(TaskInput, "schemas/generic.input.schema.json");
contract!(TaskOutput, "schemas/generic.output.schema.json");

#[jsonschema::validator(
    path = "src/shipped/common.schema.json",
    keywords = { "x-boomerang-simple-pattern" => crate::contracts::pattern::simple_factory }
)]
struct Common;
#[jsonschema::validator(path = "schemas/verdict.schema.json")]
struct Verdict;
#[jsonschema::validator(path = "src/shipped/config.schema.json")]
struct ConfigSchema;

macro_rules! shipped {
    ($name:ident) => {
        Shipped {
            is_valid: $name::is_valid,
            iter_errors: $name::iter_errors,
        }
    };
}

static COMMON: Shipped = shipped!(Common);
static TASK_INPUT: Shipped = shipped!(TaskInput);
static TASK_OUTPUT: Shipped = shipped!(TaskOutput);

/// The generated validator of a shipped contract document (`id` absolute), if it is one: by its
/// name in `builtin::CONTRACT_SCHEMAS` (the tests look every registered built-in id up and
/// compare it with its runtime twin).
pub fn contract(id: &str) -> Option<&'static Shipped> {
    let (name, _) = CONTRACT_SCHEMAS.get(position(id)?)?;
    if *name == "common" {
        Some(&COMMON)
    } else if name.ends_with(".input") {
        Some(&TASK_INPUT)
    } else if name.ends_with(".output") {
        Some(&TASK_OUTPUT)
    } else {
        None
    }
}

fn position(id: &str) -> Option<usize> {
    let name = id.strip_prefix(LOCAL_BASE)?.strip_suffix(".schema.json")?;
    CONTRACT_SCHEMAS.iter().position(|(n, _)| *n == name)
}

/// What a result check reads of its contract before the text: whether the contract expects a
/// JSON object or array (then JSON is looked for in the text), and whether its root declares
/// `summary` (then plain text becomes `{ summary }`). Computed from a contract's sanitizing
/// plan; for the shipped ones known from their names, so a well-formed result never builds a
/// plan (on wasm the plan builder's first run, compiled lazily, was about a quarter of a fresh
/// process's first check). A test checks every shipped document against its plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultShape {
    pub structured: bool,
    pub summary: bool,
}

/// The result shape of a shipped contract document (`id` absolute), if it is one: every mode's
/// input and output contract is an object (an output's root declares `summary`, an input's
/// `message`); `common` holds definitions only.
pub fn result_shape(id: &str) -> Option<ResultShape> {
    let (name, _) = CONTRACT_SCHEMAS.get(position(id)?)?;
    Some(ResultShape {
        structured: *name != "common",
        summary: name.ends_with(".output"),
    })
}

/// Puts errors in the order jsonschema's runtime validator reports them. The generated code
/// checks a custom keyword before its subschema's typed keywords, the runtime after them: a
/// character-testing pattern's error (one of our keywords) moves behind the errors that follow
/// it for the same instance from the same subschema (`""` breaks `minLength` and `\S`).
pub fn runtime_order(errors: &mut [ContractError]) {
    fn parent(e: &ContractError) -> &str {
        let p = e.schema_path.as_str();
        p.rfind('/').and_then(|i| p.get(..i)).unwrap_or(p)
    }
    let mut i = 0;
    while let Some(e) = errors.get(i) {
        let simple = e.keyword == "pattern"
            && e.params
                .get("pattern")
                .and_then(Value::as_str)
                .is_some_and(pattern::is_simple);
        if !simple {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while errors
            .get(end)
            .is_some_and(|n| n.instance_path == e.instance_path && parent(n) == parent(e))
        {
            end += 1;
        }
        if let Some(run) = errors.get_mut(i..end) {
            run.rotate_left(1);
        }
        i = end;
    }
}

/// The judge verdict schema's generated validator.
pub static VERDICT: Shipped = shipped!(Verdict);
/// The configuration schema's, without `modes.propertyNames` (see the module's comment).
pub static CONFIG: Shipped = shipped!(ConfigSchema);

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    #![allow(clippy::unwrap_used)]
    use crate::builtin::{parse_builtin, CONTRACT_SCHEMAS, VERDICT_SCHEMA};
    use crate::contracts::pattern;
    use serde_json::Value;

    /// Fails when `src/shipped/{file}` is not `expected`; writes it first under `UPDATE_SHIPPED`.
    fn assert_shipped(file: &str, expected: &Value, test: &str) {
        let path = format!("{}/src/shipped/{file}", env!("CARGO_MANIFEST_DIR"));
        if std::env::var_os("UPDATE_SHIPPED").is_some() {
            let text = serde_json::to_string_pretty(expected).unwrap() + "\n";
            std::fs::write(&path, text).unwrap();
        }
        let found: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(
            &found, expected,
            "src/shipped/{file} is stale: run UPDATE_SHIPPED=1 cargo test {test}"
        );
    }

    /// The result shape each shipped contract gets from its name is the one its plan gives; the
    /// store answers with it for a shipped contract and from the plan for the same document
    /// registered under another id.
    #[test]
    fn result_shapes_are_the_plans() {
        use crate::schema_store::{SchemaStore, LOCAL_BASE};
        // Registered as the guard registers them (reserved ids: the table answers).
        let mut store = SchemaStore::default();
        for (name, text) in CONTRACT_SCHEMAS {
            store
                .register_builtin(parse_builtin(name, text).unwrap())
                .unwrap();
        }
        for (name, text) in CONTRACT_SCHEMAS {
            let id = format!("{LOCAL_BASE}{name}.schema.json");
            let plan = store.plan(&id).unwrap();
            let from_plan = super::ResultShape {
                structured: plan.expects_structured(),
                summary: plan.declares_property("summary"),
            };
            assert_eq!(super::result_shape(&id), Some(from_plan), "{name}");
            assert_eq!(store.result_shape(&id).unwrap(), from_plan, "{name}");
            // A user's copy (not reserved) is read from its own plan.
            let mut copy = parse_builtin(name, text).unwrap();
            copy["$id"] = Value::String(format!("{LOCAL_BASE}copy-{name}.schema.json"));
            let mut own = SchemaStore::default();
            for (n, t) in CONTRACT_SCHEMAS {
                own.register_builtin(parse_builtin(n, t).unwrap()).unwrap();
            }
            let copy_id = own.register(copy).unwrap();
            assert_eq!(own.result_shape(&copy_id).unwrap(), from_plan, "{name}");
        }
        assert_eq!(super::result_shape("https://example.test/x.json"), None);
    }

    /// One generated validator serves every mode's input contract and one every output
    /// contract: the documents must stay alike but for what names them.
    #[test]
    fn mode_contracts_are_one_document_per_direction() {
        let strip = |name: &str, text: &str| {
            let mut v = parse_builtin(name, text).unwrap();
            for k in ["$id", "title", "description"] {
                v.as_object_mut().unwrap().remove(k);
            }
            v
        };
        let (mut inputs, mut outputs) = (0, 0);
        for (name, text) in CONTRACT_SCHEMAS.iter().skip(1) {
            let generic = if name.ends_with(".input") {
                inputs += 1;
                "generic.input"
            } else {
                assert!(name.ends_with(".output"), "{name}");
                outputs += 1;
                "generic.output"
            };
            let (_, generic_text) = CONTRACT_SCHEMAS
                .iter()
                .find(|(n, _)| *n == generic)
                .unwrap();
            assert_eq!(
                strip(name, text),
                strip(generic, generic_text),
                "{name} differs from {generic}: give it a generated validator of its own"
            );
        }
        assert_eq!((inputs, outputs), (6, 6));
    }

    /// `src/shipped/config.schema.json` is `schemas/config.schema.json` without the mode names'
    /// `propertyNames` (`UPDATE_SHIPPED=1` writes it again).
    #[test]
    fn config_is_the_shipped_document_without_property_names() {
        let mut expected = parse_builtin("config", crate::builtin::CONFIG_SCHEMA).unwrap();
        let modes = expected.pointer_mut("/properties/modes").unwrap();
        let removed = modes.as_object_mut().unwrap().remove("propertyNames");
        assert_eq!(removed, Some(serde_json::json!({ "minLength": 1 })));
        assert_shipped(
            "config.schema.json",
            &expected,
            "config_is_the_shipped_document_without_property_names",
        );
        assert!(pattern::rewrite(&expected, false).is_none(), "no pattern");
    }

    /// The document the contracts are generated from is `schemas/common.schema.json` as the
    /// runtime compile rewrites it. After a change to `schemas/`, run this test with
    /// `UPDATE_SHIPPED=1` to write it again.
    #[test]
    fn common_is_the_shipped_document_rewritten() {
        let (name, text) = CONTRACT_SCHEMAS[0];
        assert_eq!(name, "common");
        let source = parse_builtin(name, text).unwrap();
        let expected = pattern::rewrite(&source, false).unwrap_or(source);
        assert_shipped(
            "common.schema.json",
            &expected,
            "common_is_the_shipped_document_rewritten",
        );
        // The other shipped documents hold no pattern: generated from `schemas/` as they are.
        let others = [("verdict", VERDICT_SCHEMA)];
        for (name, text) in CONTRACT_SCHEMAS.iter().skip(1).chain(&others) {
            let schema = parse_builtin(name, text).unwrap();
            assert!(pattern::rewrite(&schema, false).is_none(), "{name}");
        }
    }
}
