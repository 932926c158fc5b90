//! Native tests of the contract checks: the seeds' examples, sanitization, and every bad input
//! of the foundation issue, each followed by a call that must still work.
#![cfg(not(target_arch = "wasm32"))]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
mod common;

use boomerang_guard::{Config, ContractSource, ErrorCode, Guard};
use serde_json::{json, Value};

fn guard() -> Guard {
    Guard::new(Config::from_json("").unwrap()).unwrap()
}

fn fixture(name: &str) -> Value {
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

fn code_generation_guard() -> Guard {
    let mut g = guard();
    g.register_schema(fixture("code_generation_output.schema.json"))
        .unwrap();
    g.set_mode_contract(
        "code-generation",
        None,
        Some(ContractSource::Id("code_generation_output".into())),
    )
    .unwrap();
    g
}

/// The next ordinary call after an error still works.
fn still_works(g: &mut Guard) {
    let r = g
        .check_task_input(
            "code",
            json!({ "message": "Add a unit test for parseTodos" }),
        )
        .unwrap();
    assert!(r.ok, "{}", r.summary);
}

#[test]
fn seed_001_example_1_xml_instead_of_json_gets_the_standard_error() {
    let mut g = code_generation_guard();
    let r = g
        .check_task_result(
            "code-generation",
            "<result><code>print('hi')</code></result>",
        )
        .unwrap();
    assert!(!r.ok);
    let obj = r.error_object.as_ref().unwrap();
    assert!(obj
        .error
        .starts_with("Invalid output format from child task"));
    assert!(obj.details.starts_with("Schema validation failed"));
    // The text the parent receives is the error object, not the XML.
    let text = r.text.unwrap();
    assert!(!text.contains("<result>"));
    assert!(text.contains("Invalid output format"));
}

#[test]
fn seed_001_example_1_json_missing_code_is_named() {
    let mut g = code_generation_guard();
    let r = g
        .check_task_result("code-generation", r#"Here you go: {"language": "python"}"#)
        .unwrap();
    assert!(!r.ok);
    let e = r.errors.iter().find(|e| e.keyword == "required").unwrap();
    assert_eq!(e.params["missingProperty"], "code");
    assert_eq!(e.message, "must have required property 'code'");
    assert!(
        r.summary.contains("must have required property 'code'"),
        "{}",
        r.summary
    );
}

#[test]
fn seed_001_example_1_good_output_in_a_fence_passes_and_is_cleaned() {
    let mut g = code_generation_guard();
    let text = "Done!\n```json\n{\"code\": \"print('hi')\\u001b[0m\", \"language\": \"python\", \"debug\": true}\n```";
    let r = g.check_task_result("code-generation", text).unwrap();
    assert!(r.ok, "{}", r.summary);
    let v = r.value.unwrap();
    assert_eq!(v, json!({ "code": "print('hi')", "language": "python" }));
    let ops: Vec<String> = r
        .changes
        .iter()
        .map(|c| format!("{:?} {}", c.op, c.path))
        .collect();
    assert!(ops.contains(&"Extract ".to_string()), "{ops:?}");
    assert!(ops.contains(&"Remove /debug".to_string()), "{ops:?}");
    assert!(ops.contains(&"StripChars /code".to_string()), "{ops:?}");
}

#[test]
fn seed_001_example_3_number_for_file_path_rejects_the_task() {
    let mut g = guard();
    g.register_schema(fixture("file_writing_input.schema.json"))
        .unwrap();
    g.set_mode_contract(
        "file-writing",
        Some(ContractSource::Id("file_writing_input".into())),
        None,
    )
    .unwrap();
    let bad =
        json!({ "message": { "task": "write the config", "filePath": 42, "content": "x=1" } });
    let r = g.check_task_input("file-writing", bad).unwrap();
    assert!(!r.ok);
    let e = &r.errors[0];
    assert_eq!(e.instance_path, "/message/filePath");
    assert_eq!(e.keyword, "type");
    assert_eq!(e.message, "must be string");
    assert_eq!(
        e.schema_path,
        "#/properties/message/properties/filePath/type"
    );
    assert!(r.summary.contains("No child task was created"));
    let good = json!({ "message": { "task": "write the config", "filePath": "cfg/app.toml", "content": "x=1" } });
    assert!(g.check_task_input("file-writing", good).unwrap().ok);
}

#[test]
fn builtin_contracts_accept_roo_code_messages_and_todos() {
    let mut g = guard();
    for mode in ["orchestrator", "code", "architect", "ask", "debug"] {
        let r = g
            .check_task_input(
                mode,
                json!({
                    "message": "Implement validateEmail in src/utils.ts. Do not add dependencies.",
                    "todos": "- [ ] write the function\n- [x] read the spec\n- [-] add tests\n",
                    "context": { "repo": "acme/web", "files": ["src/utils.ts"] }
                }),
            )
            .unwrap();
        assert!(r.ok, "{mode}: {}", r.summary);
        assert!(r.value_unchanged);
    }
    let structured = json!({
        "message": { "task": "Refactor auth", "requirements": ["REQ-12"], "constraints": ["no new deps"] },
        "todos": [{ "id": "1", "content": "split module", "status": "pending" }]
    });
    assert!(g.check_task_input("code", structured).unwrap().ok);
    let bad_todos = json!({ "message": "x", "todos": "buy milk\nsecond line" });
    let r = g.check_task_input("code", bad_todos).unwrap();
    assert!(!r.ok);
    assert!(r.errors.iter().any(|e| e.instance_path == "/todos"));
}

#[test]
fn plain_text_results_are_the_summary() {
    let mut g = guard();
    let r = g
        .check_task_result(
            "code",
            "Implemented validateEmail\r\nand added 3 tests.\u{202E}",
        )
        .unwrap();
    assert!(r.ok, "{}", r.summary);
    assert_eq!(
        r.text.as_deref(),
        Some("Implemented validateEmail\nand added 3 tests.")
    );
    assert_eq!(
        r.value.unwrap()["summary"],
        "Implemented validateEmail\nand added 3 tests."
    );
    let blank = g.check_task_result("code", "   ").unwrap();
    assert!(!blank.ok);
}

#[test]
fn structured_results_are_validated_and_extra_fields_removed() {
    let mut g = guard();
    let result = json!({
        "status": "completed",
        "summary": "Added the endpoint",
        "files": ["src/api.ts", { "path": "src/api.test.ts", "action": "created", "secret": 1 }],
        "__proto__": { "polluted": true },
        "confidence": 0.9
    })
    .to_string();
    let r = g.check_task_result("code", &result).unwrap();
    assert!(r.ok, "{}", r.summary);
    let v = r.value.unwrap();
    assert!(v.get("confidence").is_none());
    assert!(v["files"][1].get("secret").is_none());
    let paths: Vec<&str> = r.changes.iter().map(|c| c.path.as_str()).collect();
    assert!(paths.contains(&"/files/1/secret"), "{paths:?}");
    assert!(paths.contains(&"/__proto__"), "{paths:?}");
    let wrong_status = json!({ "status": "done", "summary": "x" }).to_string();
    let r = g.check_task_result("code", &wrong_status).unwrap();
    assert_eq!(r.errors[0].keyword, "enum");
    assert_eq!(r.errors[0].instance_path, "/status");
}

/// The sanitizer removes only from a value the contract rejects: a property that validation
/// accepts through keywords the sanitizer does not model (`if`/`then` under
/// `unevaluatedProperties: false`) stays, also when a string needs cleaning; the same property
/// on a rejected value is removed as before.
#[test]
fn accepted_values_lose_no_property() {
    let mut g = guard();
    let contract = json!({
        "type": "object",
        "properties": { "kind": { "type": "string" }, "summary": { "type": "string" } },
        "required": ["kind", "summary"],
        "if": { "properties": { "kind": { "const": "patch" } } },
        "then": { "properties": { "diff": { "type": "string" } } },
        "unevaluatedProperties": false
    });
    g.set_mode_contract("patcher", None, Some(ContractSource::Schema(contract)))
        .unwrap();
    // The second summary holds a CRLF and ANSI colour codes (JSON escapes in the text).
    for summary in [
        r"Patched the parser",
        r"Patched the parser\r\n\u001b[31mred\u001b[0m",
    ] {
        let result =
            format!(r#"{{"kind":"patch","summary":"{summary}","diff":"--- a/x\n+++ b/x"}}"#);
        let r = g.check_task_result("patcher", &result).unwrap();
        assert!(r.ok, "{}", r.summary);
        assert!(
            r.changes.iter().all(|c| c.path != "/diff"),
            "{:?}",
            r.changes
        );
        assert_eq!(r.value.as_ref().unwrap()["diff"], "--- a/x\n+++ b/x");
        assert_eq!(
            r.changes.is_empty(),
            !summary.contains('\\'),
            "{:?}",
            r.changes
        );
    }
    // Rejected (kind is not "patch", so diff is unevaluated): diff is removed and the rest passes.
    let r = g
        .check_task_result("patcher", r#"{"kind":"note","summary":"x","diff":"y"}"#)
        .unwrap();
    assert!(r.ok, "{}", r.summary);
    assert!(r.value.unwrap().get("diff").is_none());
    assert!(
        r.changes.iter().any(|c| c.path == "/diff"),
        "{:?}",
        r.changes
    );
}

#[test]
fn long_results_are_truncated_visibly_long_inputs_are_rejected() {
    let mut g =
        Guard::new(Config::from_value(json!({ "limits": { "maxStringLength": 100 } })).unwrap())
            .unwrap();
    let long = "é".repeat(500);
    let r = g.check_task_result("code", &long).unwrap();
    assert!(r.ok, "{}", r.summary);
    let text = r.text.unwrap();
    assert!(text.chars().count() <= 100);
    assert!(text.contains("[truncated"));
    assert_eq!(
        r.changes[0].op,
        boomerang_guard::sanitize::ChangeOp::Truncate
    );
    let r = g
        .check_task_input("code", json!({ "message": long }))
        .unwrap();
    assert!(!r.ok);
    assert_eq!(r.errors[0].keyword, "maxStringLength");
}

#[test]
fn bad_message_types_are_contract_errors() {
    let mut g = guard();
    for bad in [
        json!({ "message": null }),
        json!({ "message": 42 }),
        json!({}),
        json!({ "message": "" }),
    ] {
        let r = g.check_task_input("code", bad.clone()).unwrap();
        assert!(!r.ok, "{bad} passed");
        assert!(r.error_object.is_some());
        still_works(&mut g);
    }
}

#[test]
fn ten_megabyte_input_is_a_limit_error() {
    let mut g = guard();
    let big = json!({ "message": "a".repeat(10 * 1024 * 1024) }).to_string();
    let r = g.check_task_input_json("code", &big).unwrap();
    assert!(!r.ok);
    assert_eq!(r.errors[0].keyword, "maxBytes");
    let r = g
        .check_task_result("code", &"a".repeat(10 * 1024 * 1024))
        .unwrap();
    assert!(!r.ok);
    assert_eq!(r.errors[0].keyword, "maxBytes");
    still_works(&mut g);
}

#[test]
fn ten_thousand_deep_nesting_is_a_limit_error() {
    let mut g = guard();
    let deep = format!(
        r#"{{"message":"x","context":{{"a":{}1{}}}}}"#,
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let r = g.check_task_input_json("code", &deep).unwrap();
    assert!(!r.ok);
    assert_eq!(r.errors[0].keyword, "maxDepth");
    let deep_result = "[".repeat(10_000) + &"]".repeat(10_000);
    let r = g.check_task_result("code", &deep_result).unwrap();
    assert!(!r.ok);
    still_works(&mut g);
}

#[test]
fn moderately_deep_context_is_pruned_at_max_depth() {
    let mut g =
        Guard::new(Config::from_value(json!({ "limits": { "maxDepth": 4 } })).unwrap()).unwrap();
    let r = g
        .check_task_input(
            "code",
            json!({ "message": "x", "context": { "a": { "b": { "c": { "d": 1 } } } } }),
        )
        .unwrap();
    let v = r.value.unwrap();
    assert_eq!(v["context"]["a"]["b"]["c"], Value::Null);
    assert_eq!(r.changes[0].path, "/context/a/b/c");
}

#[test]
fn lone_surrogates_are_replaced_and_reported() {
    let mut g = guard();
    let r = g
        .check_task_input_json("code", r#"{"message":"fix \ud800 this"}"#)
        .unwrap();
    assert!(r.ok, "{}", r.summary);
    assert_eq!(r.value.unwrap()["message"], "fix \u{FFFD} this");
    assert_eq!(r.changes[0].path, "/message");
    let r = g
        .check_task_result_escaped("code", r#""done \udc00""#)
        .unwrap();
    assert_eq!(r.text.as_deref(), Some("done \u{FFFD}"));
}

#[test]
fn invalid_schemas_fail_at_registration() {
    let mut g = guard();
    let e = g
        .register_schema(json!({ "$id": "bad", "type": "strin" }))
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidSchema);
    let e = g.register_schema(json!({ "type": "string" })).unwrap_err();
    assert_eq!(e.code, ErrorCode::MissingSchemaId);
    let e = g
        .register_schema(json!({ "$id": "p", "pattern": "([a-z" }))
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidSchema);
    let e = g
        .register_schema(json!(["not", "an", "object"]))
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidSchema);
    still_works(&mut g);
}

#[test]
fn remote_refs_are_never_fetched() {
    let mut g = guard();
    let e = g
        .register_schema(json!({ "$id": "remote", "$ref": "https://example.com/schema.json" }))
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::UnresolvedRef, "{e}");
    assert!(e.message.contains("never fetched"));
    still_works(&mut g);
}

#[test]
fn refs_between_registered_schemas_resolve() {
    let mut g = guard();
    g.register_schema(json!({
        "$id": "https://acme.dev/schemas/defs.json",
        "$defs": { "ticket": { "type": "string", "pattern": "^[A-Z]+-[0-9]+$" } }
    }))
    .unwrap();
    g.set_mode_contract(
        "triage",
        Some(ContractSource::Schema(json!({
            "type": "object",
            "properties": { "message": { "type": "string" }, "context": { "type": "object", "properties": { "ticket": { "$ref": "https://acme.dev/schemas/defs.json#/$defs/ticket" } } } },
            "required": ["message"]
        }))),
        None,
    )
    .unwrap();
    let bad = g
        .check_task_input(
            "triage",
            json!({ "message": "x", "context": { "ticket": "nope" } }),
        )
        .unwrap();
    assert_eq!(bad.errors[0].keyword, "pattern");
    let good = g
        .check_task_input(
            "triage",
            json!({ "message": "x", "context": { "ticket": "ENG-12" } }),
        )
        .unwrap();
    assert!(good.ok);
}

#[test]
fn older_drafts_are_honoured_by_schema_keyword() {
    let mut g = guard();
    // Draft 4: exclusiveMaximum is a boolean modifier of maximum.
    g.register_schema(json!({
        "$schema": "http://json-schema.org/draft-04/schema#",
        "id": "http://acme.dev/d4.json",
        "type": "object",
        "properties": { "message": { "type": "string" }, "context": { "properties": { "n": { "maximum": 5, "exclusiveMaximum": true } } } }
    }))
    .unwrap();
    g.set_mode_contract(
        "d4",
        Some(ContractSource::Id("http://acme.dev/d4.json".into())),
        None,
    )
    .unwrap();
    let r = g
        .check_task_input("d4", json!({ "message": "x", "context": { "n": 5 } }))
        .unwrap();
    assert!(!r.ok);
    for draft in [
        "http://json-schema.org/draft-06/schema#",
        "http://json-schema.org/draft-07/schema#",
        "https://json-schema.org/draft/2019-09/schema",
    ] {
        let id = format!("urn:test:{}", draft.len());
        g.register_schema(
            json!({ "$schema": draft, "$id": id, "type": "object", "required": ["message"] }),
        )
        .unwrap();
    }
}

#[test]
fn catastrophic_pattern_finishes() {
    let mut g = guard();
    g.set_mode_contract(
        "redos",
        Some(ContractSource::Schema(json!({
            "type": "object",
            "properties": { "message": { "type": "string", "pattern": "^(a+)+$" } }
        }))),
        None,
    )
    .unwrap();
    let evil = "a".repeat(50_000) + "!";
    let r = g
        .check_task_input("redos", json!({ "message": evil }))
        .unwrap();
    assert!(!r.ok);
    assert_eq!(r.errors[0].keyword, "pattern");
    // A backtracking-only pattern (backreference) is bounded too.
    g.set_mode_contract(
        "redos2",
        Some(ContractSource::Schema(json!({
            "type": "object",
            "properties": { "message": { "type": "string", "pattern": "^(a+)+\\1$" } }
        }))),
        None,
    )
    .unwrap();
    let r = g
        .check_task_input("redos2", json!({ "message": "a".repeat(5_000) + "!" }))
        .unwrap();
    assert!(!r.ok);
    still_works(&mut g);
}

#[test]
fn unknown_modes_are_typed_errors_or_generic_by_config() {
    let mut g = guard();
    let e = g
        .check_task_input("translate", json!({ "message": "x" }))
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::UnknownMode);
    let e = g
        .check_task_input("", json!({ "message": "x" }))
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    still_works(&mut g);
    let mut lenient = Guard::new(
        Config::from_value(json!({ "contracts": { "unknownMode": "generic" } })).unwrap(),
    )
    .unwrap();
    assert!(
        lenient
            .check_task_input("translate", json!({ "message": "x" }))
            .unwrap()
            .ok
    );
}

#[test]
fn all_errors_are_reported_not_only_the_first() {
    let mut g = guard();
    let r = g
        .check_task_result(
            "code",
            &json!({ "status": "nope", "summary": "", "files": [3] }).to_string(),
        )
        .unwrap();
    let paths: Vec<&str> = r.errors.iter().map(|e| e.instance_path.as_str()).collect();
    for p in ["/status", "/summary", "/files/0"] {
        assert!(paths.contains(&p), "{p} not in {paths:?}");
    }
}

#[test]
fn built_in_contract_ids_are_reserved_and_name_the_clash() {
    let mut g = guard();
    for id in [
        "common.schema.json",
        "code.output.schema.json",
        "https://boomerang-guard.local/schemas/orchestrator.input.schema.json",
    ] {
        let e = g
            .register_schema(json!({"$id": id, "type": "string"}))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidSchema);
        assert!(e.message.contains(id), "{}", e.message);
        // Inline contracts cannot take a built-in id either.
        let e = g
            .set_mode_contract(
                "mine",
                None,
                Some(ContractSource::Schema(json!({"$id": id, "type": "string"}))),
            )
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidSchema);
    }
    still_works(&mut g);
}

#[test]
fn a_relative_ref_finds_a_schema_registered_by_that_name_as_the_readme_shows() {
    let mut g = guard();
    g.register_schema(
        json!({"$id": "ticket.json", "type": "string", "pattern": "^[A-Z]+-[0-9]+$"}),
    )
    .unwrap();
    let input = json!({"type": "object", "required": ["message"], "properties": {"message": {"type": "string"}, "context": {"type": "object", "properties": {"ticket": {"$ref": "ticket.json"}}}}});
    g.set_mode_contract(
        "triage",
        Some(ContractSource::Schema(input)),
        Some(ContractSource::Schema(json!({"$ref": "ticket.json"}))),
    )
    .unwrap();
    let ok = g
        .check_task_input(
            "triage",
            json!({"message": "Look at it", "context": {"ticket": "BUG-12"}}),
        )
        .unwrap();
    assert!(ok.ok, "{:?}", ok.errors);
    let bad = g
        .check_task_input(
            "triage",
            json!({"message": "Look at it", "context": {"ticket": "bug 12"}}),
        )
        .unwrap();
    assert!(!bad.ok);
    assert!(g.check_task_result("triage", "BUG-7").unwrap().ok);
    assert!(!g.check_task_result("triage", "no ticket").unwrap().ok);
}

#[test]
fn registration_work_is_independent_of_how_many_schemas_exist() {
    let mut g = guard();
    let mut loaded = Vec::new();
    for n in [500usize, 1000, 2000] {
        while g.store().ids().count() < n {
            let i = g.store().ids().count();
            g.register_schema(json!({"$id": format!("s{i}.json"), "type": "object", "properties": {"a": {"$ref": "shared.json"}}}))
                .or_else(|_| g.register_schema(json!({"$id": "shared.json", "type": "string"})))
                .unwrap();
        }
        let i = g.store().ids().count();
        g.register_schema(
            json!({"$id": format!("s{i}.json"), "properties": {"a": {"$ref": "shared.json"}}}),
        )
        .unwrap();
        loaded.push(g.store().closure_len(&format!("s{i}.json")));
    }
    // Each compile loads the schema and what it references, whatever the number registered.
    assert_eq!(loaded, vec![2, 2, 2]);
    for mode in 0..500 {
        g.set_mode_contract(
            &format!("m{mode}"),
            None,
            Some(ContractSource::Schema(json!({"type": "object"}))),
        )
        .unwrap();
    }
    assert_eq!(g.store().closure_len("mode.m499.output.schema.json"), 1);
}

#[test]
fn lookaround_and_backreference_patterns_run_under_a_budget_per_check() {
    use boomerang_guard::contracts::pattern;
    let mut g = guard();
    for (mode, p) in [("ahead", "(?=(a+))\\1*b"), ("behind", "(?<=(a+))b")] {
        g.set_mode_contract(
            mode,
            Some(ContractSource::Schema(json!({
                "type": "object",
                "properties": {
                    "message": { "type": "string", "pattern": p },
                    "todos": { "type": "array", "items": { "type": "string", "pattern": p } }
                }
            }))),
            None,
        )
        .unwrap();
        // Short strings are checked as the pattern says.
        assert!(
            g.check_task_input(mode, json!({ "message": "aaab" }))
                .unwrap()
                .ok
        );
        let miss = g
            .check_task_input(mode, json!({ "message": "aaaa" }))
            .unwrap();
        assert!(!miss.ok);
        assert_eq!(miss.errors[0].keyword, "pattern");
        assert_eq!(miss.errors[0].params["pattern"], p);
        // 50,000 characters: not run, reported as not checked.
        let long = g
            .check_task_input(mode, json!({ "message": "a".repeat(50_000) }))
            .unwrap();
        assert!(!long.ok);
        assert_eq!(long.errors[0].params["reason"], "pattern-budget");
        assert!(pattern::spent() <= pattern::CALL_BUDGET);
        // Thousands of strings near the length bound: the budget stops the work, whatever the count.
        let mut spent = Vec::new();
        for n in [2_000usize, 4_000] {
            let todos: Vec<String> = (0..n).map(|_| "a".repeat(900)).collect();
            let r = g
                .check_task_input(mode, json!({ "message": "ab", "todos": todos }))
                .unwrap();
            assert!(!r.ok);
            assert!(r
                .errors
                .iter()
                .any(|e| e.params["reason"] == "pattern-budget"));
            spent.push(pattern::spent());
        }
        assert!(
            spent
                .iter()
                .all(|s| *s <= pattern::CALL_BUDGET + pattern::LIMIT_HIT_COST),
            "{spent:?}"
        );
    }
    still_works(&mut g);
}

#[test]
fn lookaround_property_name_patterns_are_charged_before_they_run() {
    use boomerang_guard::contracts::pattern;
    let mut g = guard();
    g.set_mode_contract(
        "keys",
        Some(ContractSource::Schema(json!({
            "type": "object",
            "required": ["message"],
            "properties": { "message": { "type": "string" } },
            "patternProperties": { "(?<=(a+))b": { "type": "integer" } },
            "additionalProperties": false
        }))),
        None,
    )
    .unwrap();
    // Short names: matched as the pattern says, the subschema applies, and a matched name is
    // not "additional".
    assert!(
        g.check_task_input("keys", json!({ "message": "m", "aab": 3 }))
            .unwrap()
            .ok
    );
    let typed = g
        .check_task_input("keys", json!({ "message": "m", "aab": "three" }))
        .unwrap();
    assert_eq!(
        typed.errors.first().map(|e| e.keyword.as_str()),
        Some("type"),
        "{typed:?}"
    );
    assert_eq!(typed.errors[0].instance_path, "/aab");
    let extra = g
        .check_task_input("keys", json!({ "message": "m", "zzz": 1, "aab": 1 }))
        .unwrap();
    // The sanitizer removes the unknown name and keeps the one the pattern matches.
    assert!(extra.ok);
    assert_eq!(extra.value, Some(json!({ "message": "m", "aab": 1 })));
    assert_eq!(extra.changes.len(), 1);
    assert_eq!(extra.changes[0].path, "/zzz");
    // A 50,000-character name is never run: reported as not checked, the rest still checked.
    let long = g
        .check_task_input("keys", json!({ "a".repeat(50_000): 1 }))
        .unwrap();
    assert!(!long.ok);
    let budget = long
        .errors
        .iter()
        .find(|e| e.params["reason"] == "pattern-budget")
        .expect("reported as not checked");
    assert_eq!(budget.keyword, "patternProperties");
    assert_eq!(budget.schema_path, "#/patternProperties");
    assert!(long.errors.iter().any(|e| e.keyword == "required"));
    // Many names near the bound: the charge stops at the budget, whatever their number.
    let mut spent = Vec::new();
    for n in [1_000usize, 2_000] {
        let mut obj = serde_json::Map::new();
        obj.insert("message".into(), json!("m"));
        for i in 0..n {
            obj.insert(format!("{i}{}", "a".repeat(900)), json!(1));
        }
        let r = g.check_task_input("keys", Value::Object(obj)).unwrap();
        assert!(r
            .errors
            .iter()
            .any(|e| e.params["reason"] == "pattern-budget"));
        spent.push(pattern::spent());
    }
    assert!(
        spent.iter().all(|s| *s <= pattern::CALL_BUDGET),
        "{spent:?}"
    );
    still_works(&mut g);
}

/// A lookaround pattern runs on the backtracking engine, where `\w` and `\d` are Unicode; JSON
/// Schema's patterns are ECMA-262 regexes, where they are ASCII — the same as the linear path.
#[test]
fn backtracking_patterns_keep_ecma_ascii_classes() {
    let mut g = guard();
    g.set_mode_contract(
        "ids",
        Some(ContractSource::Schema(json!({
            "type": "object",
            "properties": {
                "message": { "type": "string", "pattern": "^(?=.*\\d)\\w+$" },
                "context": { "type": "object", "patternProperties": { "^(?!x)\\w+$": { "type": "integer" } } }
            }
        }))),
        None,
    )
    .unwrap();
    let ok = g
        .check_task_input("ids", json!({ "message": "abc1" }))
        .unwrap();
    assert!(ok.ok, "{:?}", ok.errors);
    let unicode = g
        .check_task_input("ids", json!({ "message": "é1" }))
        .unwrap();
    assert!(!unicode.ok);
    assert_eq!(unicode.errors[0].keyword, "pattern");
    // A property name with a non-ASCII letter is not matched by `\w+`: its value is not checked.
    let keys = g
        .check_task_input(
            "ids",
            json!({ "message": "a1", "context": { "né": "text", "ab": 3 } }),
        )
        .unwrap();
    assert!(keys.ok, "{:?}", keys.errors);
    let typed = g
        .check_task_input(
            "ids",
            json!({ "message": "a1", "context": { "ab": "text" } }),
        )
        .unwrap();
    assert!(!typed.ok);
    still_works(&mut g);
}

/// Review findings on the accepted-value path: a renamed prototype key is judged anew (removed
/// when the contract does not allow its new name); a value that needs cleaning is not refused
/// for a lookaround pattern tested twice; a draft-07 `$ref` sibling `maxLength` (which
/// validation ignores) cuts nothing, whether or not another string needs cleaning.
#[test]
fn accepted_values_keep_the_walk_consistent() {
    let mut g = guard();
    let closed = json!({
        "type": "object",
        "properties": { "summary": { "type": "string" }, "constructor": { "type": "string" } },
        "required": ["summary"],
        "additionalProperties": false
    });
    g.set_mode_contract("closed", None, Some(ContractSource::Schema(closed)))
        .unwrap();
    let r = g
        .check_task_result("closed", r#"{"summary":"s","constructor":"Foo"}"#)
        .unwrap();
    assert!(r.ok, "{}", r.summary);
    assert_eq!(r.value.unwrap(), json!({ "summary": "s" }));

    // The renamed key's contents are judged anew too (the contract accepted them under the old
    // name): a closed object under it loses what it does not allow, a string its excess.
    let open = json!({
        "type": "object",
        "properties": { "constructor": { "type": "object" } },
        "additionalProperties": {
            "type": "object",
            "properties": { "a": { "type": "string" } },
            "additionalProperties": false
        }
    });
    g.set_mode_contract("open", None, Some(ContractSource::Schema(open)))
        .unwrap();
    let r = g
        .check_task_result("open", r#"{"constructor":{"a":"x","b":1}}"#)
        .unwrap();
    assert!(r.ok, "{}", r.summary);
    assert_eq!(r.value.unwrap(), json!({ "_constructor": { "a": "x" } }));
    let capped =
        json!({ "type": "object", "additionalProperties": { "type": "string", "maxLength": 3 } });
    g.set_mode_contract("capped", None, Some(ContractSource::Schema(capped)))
        .unwrap();
    let r = g
        .check_task_result("capped", r#"{"constructor":"abcdef"}"#)
        .unwrap();
    assert!(r.ok, "{}", r.summary);
    assert!(
        r.changes.iter().any(|c| c.path == "/_constructor"),
        "{:?}",
        r.changes
    );

    let lookaround = json!({
        "type": "object",
        "properties": {
            "a": { "type": "string", "pattern": "^(?=x)x*$" },
            "b": { "type": "string" }
        },
        "required": ["a"]
    });
    g.set_mode_contract("look", None, Some(ContractSource::Schema(lookaround)))
        .unwrap();
    let result = json!({ "a": "x".repeat(750), "b": "y\r\nz" }).to_string();
    let r = g.check_task_result("look", &result).unwrap();
    assert!(r.ok, "{}", r.summary);
    assert_eq!(r.changes.len(), 1, "{:?}", r.changes);

    let old_draft = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {
            "summary": { "$ref": "#/definitions/text", "maxLength": 5 },
            "note": { "type": "string" }
        },
        "definitions": { "text": { "type": "string" } }
    });
    g.set_mode_contract("old", None, Some(ContractSource::Schema(old_draft)))
        .unwrap();
    for note in ["x", "x\r\ny"] {
        let result = json!({ "summary": "abcdefghij", "note": note }).to_string();
        let r = g.check_task_result("old", &result).unwrap();
        assert!(r.ok, "{}", r.summary);
        let summary = r.value.unwrap()["summary"].clone();
        assert_eq!(summary, "abcdefghij", "note {note:?}: {:?}", r.changes);
    }
}

/// A draft-07 schema whose `$id` carries a fragment still checks after the store recompiles
/// (a replaced contract clears every compiled validator).
#[test]
fn ids_with_fragments_survive_recompiles() {
    let mut g = guard();
    g.register_schema(json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": "https://example.com/report.json#v1",
        "type": "object",
        "properties": { "summary": { "type": "string" } },
        "required": ["summary"]
    }))
    .unwrap();
    g.set_mode_contract(
        "report",
        None,
        Some(ContractSource::Id(
            "https://example.com/report.json#v1".into(),
        )),
    )
    .unwrap();
    let check = |g: &mut Guard| g.check_task_result("report", r#"{"summary":"done"}"#);
    assert!(check(&mut g).unwrap().ok);
    for _ in 0..2 {
        g.set_mode_contract(
            "other",
            None,
            Some(ContractSource::Schema(json!({"type": "object"}))),
        )
        .unwrap();
    }
    let r = check(&mut g).unwrap();
    assert!(r.ok, "{}", r.summary);
}

/// Drafts 4–7: `$ref` replaces its schema object, so the sanitizer reads nothing beside it
/// either — not on a rejected value (where it removes and caps), as validation does not.
#[test]
fn old_draft_ref_siblings_are_not_sanitizer_rules() {
    let mut g = guard();
    let contract = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "required": ["status"],
        "properties": {
            "status": { "enum": ["done"] },
            "summary": { "$ref": "#/definitions/text", "maxLength": 5 },
            "meta": { "$ref": "#/definitions/meta", "additionalProperties": false }
        },
        "definitions": { "text": { "type": "string" }, "meta": { "type": "object" } }
    });
    g.set_mode_contract("old", None, Some(ContractSource::Schema(contract)))
        .unwrap();
    let result = r#"{"status":"nope","summary":"abcdefghij","meta":{"x":1}}"#;
    let r = g.check_task_result("old", result).unwrap();
    assert!(!r.ok);
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    assert_eq!(r.errors[0].instance_path, "/status");
    assert!(r.changes.is_empty(), "{:?}", r.changes);
    // The same contract in 2020-12, where siblings of $ref apply: the walk caps and removes.
    let mut newer = g;
    let contract = json!({
        "type": "object",
        "required": ["status"],
        "properties": {
            "status": { "enum": ["done"] },
            "summary": { "$ref": "#/$defs/text", "maxLength": 5 },
            "meta": { "$ref": "#/$defs/meta", "additionalProperties": false }
        },
        "$defs": { "text": { "type": "string" }, "meta": { "type": "object" } }
    });
    newer
        .set_mode_contract("new", None, Some(ContractSource::Schema(contract)))
        .unwrap();
    let r = newer.check_task_result("new", result).unwrap();
    let paths: Vec<&str> = r.changes.iter().map(|c| c.path.as_str()).collect();
    assert!(
        paths.contains(&"/summary") && paths.contains(&"/meta/x"),
        "{paths:?}"
    );
}

/// The sanitizer tells `anyOf` branches apart by `const`/`enum` with JSON Schema's equality:
/// 1.0 selects the branch of `const: 1`, as validation says, so that branch's rules apply.
#[test]
fn branch_discriminators_compare_numbers_by_value() {
    let mut g = guard();
    let contract = json!({
        "type": "object",
        "required": ["v"],
        "anyOf": [
            { "properties": { "v": { "const": 1 }, "s": { "type": "string" } }, "additionalProperties": false },
            { "properties": { "v": { "const": 2 }, "t": { "type": "string" } }, "additionalProperties": false }
        ]
    });
    g.set_mode_contract("disc", None, Some(ContractSource::Schema(contract)))
        .unwrap();
    // Rejected (an extra property), so the walk removes what the chosen branch forbids.
    let r = g
        .check_task_result("disc", r#"{"v":1.0,"s":"kept","extra":true}"#)
        .unwrap();
    assert!(r.ok, "{}", r.summary);
    assert_eq!(r.value.unwrap(), json!({ "v": 1.0, "s": "kept" }));
}

#[test]
fn a_character_test_pattern_reports_as_the_schemas_own_pattern() {
    // `\S` and `^[^\u0000]+$` are checked without a regex (pattern.rs); the error is the one the
    // schema's `pattern` would give, at its own schema path. A pattern that is not one of them
    // reports the same shape through the regex engine.
    let mut g = guard();
    for (mode, p, bad) in [
        ("blank", "\\S", " \u{3000}\t"),
        ("nul", "^[^\\u0000]+$", ""),
        ("regex", "^[a-z]+$", "A"),
    ] {
        g.set_mode_contract(
            mode,
            Some(ContractSource::Schema(json!({
                "type": "object",
                "properties": { "message": { "type": "string", "pattern": p } }
            }))),
            None,
        )
        .unwrap();
        let miss = g.check_task_input(mode, json!({ "message": bad })).unwrap();
        assert!(!miss.ok, "{mode}");
        let e = &miss.errors[0];
        assert_eq!(e.keyword, "pattern", "{mode}");
        assert_eq!(e.params["pattern"], p, "{mode}");
        assert_eq!(e.message, format!("must match pattern \"{p}\""), "{mode}");
        assert_eq!(e.instance_path, "/message", "{mode}");
        assert!(
            e.schema_path.ends_with("/properties/message/pattern"),
            "{mode}: {}",
            e.schema_path
        );
        assert!(
            g.check_task_input(mode, json!({ "message": "abc" }))
                .unwrap()
                .ok,
            "{mode}"
        );
    }
}

#[test]
fn task_input_by_fields_meets_depth_and_size_limits_as_its_whole_text_does() {
    let mut g =
        Guard::new(Config::from_json(r#"{"limits": {"maxBytes": 2048}}"#).unwrap()).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for depth in 120..135 {
        let mut context = json!({ "leaf": "x" });
        for _ in 0..depth {
            context = json!({ "v": context });
        }
        let input = json!({ "message": "Refactor the parser.", "context": context });
        let (whole, parts) = common::both_ways(&mut g, "code", input.as_object().unwrap());
        let whole = whole.unwrap();
        assert_eq!(whole, parts.unwrap(), "depth {depth}");
        seen.insert(whole.errors.first().map(|e| e.keyword.clone()));
    }
    // Around the limit of the text: quotes, backslashes and control characters take more bytes.
    for n in [500, 600, 1000, 2000, 2040, 2100] {
        for piece in ["a", "\"", "\\", "\n", "\u{1}", "é"] {
            let input = json!({ "message": piece.repeat(n / 3), "todos": "- [ ] ship", "context": { "repo": piece.repeat(n / 3) } });
            let (whole, parts) = common::both_ways(&mut g, "code", input.as_object().unwrap());
            let whole = whole.unwrap();
            assert_eq!(whole, parts.unwrap(), "{n} × {piece:?}");
            seen.insert(whole.errors.first().map(|e| e.keyword.clone()));
        }
    }
    // Every outcome was met: passing, too deep, too large.
    assert!(
        seen.contains(&None)
            && seen.contains(&Some("maxDepth".into()))
            && seen.contains(&Some("maxBytes".into())),
        "{seen:?}"
    );
}
