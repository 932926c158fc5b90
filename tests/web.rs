//! The contract checks through the real wasm boundary, in headless Chromium
//! (`scripts/test.sh` runs them with wasm-bindgen-test-runner and chromedriver). Every bad input
//! of the foundation issue gives a typed error or a failed report, and the next call works.
#![cfg(target_arch = "wasm32")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use boomerang_guard::wasm::WasmGuard;
use js_sys::{JsString, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(text: &str) -> JsValue {
    JSON::parse(text).unwrap()
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn ok(report: &JsValue) -> bool {
    get(report, "ok").as_bool().unwrap()
}

fn code(err: &JsValue) -> String {
    assert!(
        err.is_instance_of::<js_sys::Error>(),
        "not an Error: {err:?}"
    );
    assert_eq!(get(err, "name").as_string().unwrap(), "BoomerangGuardError");
    get(err, "code").as_string().unwrap()
}

fn first_error_keyword(report: &JsValue) -> String {
    let errors = get(report, "errors");
    get(&Reflect::get_u32(&errors, 0).unwrap(), "keyword")
        .as_string()
        .unwrap()
}

fn guard() -> WasmGuard {
    WasmGuard::new(JsValue::UNDEFINED).unwrap()
}

fn still_works(g: &mut WasmGuard) {
    let r = g
        .check_task_input("code", js(r#"{"message":"Add a unit test"}"#))
        .unwrap();
    assert!(ok(&r));
}

#[wasm_bindgen_test]
fn seed_001_example_3_number_for_file_path() {
    let mut g = guard();
    g.set_mode_contract(
        "file-writing",
        js(r#"{"input":{"type":"object","required":["message"],"properties":{"message":{"type":"object","required":["filePath"],"properties":{"filePath":{"type":"string"}}}}}}"#),
    )
    .unwrap();
    let r = g
        .check_task_input("file-writing", js(r#"{"message":{"filePath":42}}"#))
        .unwrap();
    assert!(!ok(&r));
    let e = Reflect::get_u32(&get(&r, "errors"), 0).unwrap();
    assert_eq!(
        get(&e, "instancePath").as_string().unwrap(),
        "/message/filePath"
    );
    assert_eq!(get(&e, "message").as_string().unwrap(), "must be string");
    assert!(get(&r, "errorObject").is_object());
    still_works(&mut g);
}

#[wasm_bindgen_test]
fn seed_001_example_1_malformed_result_gets_the_standard_error() {
    let mut g = guard();
    g.set_mode_contract(
        "code-generation",
        js(r#"{"output":{"type":"object","required":["code"],"properties":{"code":{"type":"string"}}}}"#),
    )
    .unwrap();
    let r = g
        .check_task_result("code-generation", "<result>print(1)</result>".into())
        .unwrap();
    assert!(!ok(&r));
    let text = get(&r, "text").as_string().unwrap();
    assert!(text.contains("Invalid output format from child task"));
    let good = g
        .check_task_result(
            "code-generation",
            "```json\n{\"code\":\"print(1)\"}\n```".into(),
        )
        .unwrap();
    assert!(ok(&good));
}

#[wasm_bindgen_test]
fn null_undefined_and_number_messages() {
    let mut g = guard();
    for input in [r#"{"message":null}"#, r#"{"message":42}"#, r#"{}"#] {
        let r = g.check_task_input("code", js(input)).unwrap();
        assert!(!ok(&r), "{input} passed");
        still_works(&mut g);
    }
    // `undefined` as the whole input is an argument error, not a report.
    let err = g.check_task_input("code", JsValue::UNDEFINED).unwrap_err();
    assert_eq!(code(&err), "INVALID_ARGUMENT");
    let err = g.check_task_result("code", JsValue::NULL).unwrap_err();
    assert_eq!(code(&err), "INVALID_ARGUMENT");
    still_works(&mut g);
}

#[wasm_bindgen_test]
fn ten_megabyte_string() {
    let mut g = guard();
    let big = "a".repeat(10 * 1024 * 1024);
    let input = Object::new();
    Reflect::set(&input, &"message".into(), &big.as_str().into()).unwrap();
    let r = g.check_task_input("code", input.into()).unwrap();
    assert!(!ok(&r));
    assert_eq!(first_error_keyword(&r), "maxBytes");
    let r = g.check_task_result("code", big.as_str().into()).unwrap();
    assert_eq!(first_error_keyword(&r), "maxBytes");
    still_works(&mut g);
}

#[wasm_bindgen_test]
fn ten_thousand_deep_nesting() {
    let mut g = guard();
    let text = format!(
        r#"{{"message":"x","context":{{"deep":{}0{}}}}}"#,
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let r = g.check_task_input("code", js(&text)).unwrap();
    assert!(!ok(&r));
    assert_eq!(first_error_keyword(&r), "maxDepth");
    still_works(&mut g);
}

#[wasm_bindgen_test]
fn lone_surrogates_are_replaced_and_reported() {
    let mut g = guard();
    let lone = JsString::from("fix ")
        .concat(&JsString::from_char_code1(0xD800))
        .concat(&" now".into());
    let input = Object::new();
    Reflect::set(&input, &"message".into(), &lone).unwrap();
    let r = g.check_task_input("code", input.into()).unwrap();
    assert!(ok(&r));
    let value = get(&r, "value");
    assert_eq!(
        get(&value, "message").as_string().unwrap(),
        "fix \u{FFFD} now"
    );
    let changes = get(&r, "changes");
    let op = get(&Reflect::get_u32(&changes, 0).unwrap(), "op")
        .as_string()
        .unwrap();
    assert_eq!(op, "replace-chars");
    let r = g.check_task_result("code", lone.into()).unwrap();
    assert_eq!(get(&r, "text").as_string().unwrap(), "fix \u{FFFD} now");
}

#[wasm_bindgen_test]
fn invalid_schema_unknown_mode_remote_ref() {
    let mut g = guard();
    let err = g
        .register_schema(js(r#"{"$id":"bad","type":"strin"}"#))
        .unwrap_err();
    assert_eq!(code(&err), "INVALID_SCHEMA");
    still_works(&mut g);
    let err = g
        .check_task_input("translate", js(r#"{"message":"x"}"#))
        .unwrap_err();
    assert_eq!(code(&err), "UNKNOWN_MODE");
    still_works(&mut g);
    let err = g
        .register_schema(js(r#"{"$id":"r","$ref":"https://example.com/s.json"}"#))
        .unwrap_err();
    assert_eq!(code(&err), "UNRESOLVED_REF");
    still_works(&mut g);
    let err = WasmGuard::new(js(r#"{"strategy":"Z"}"#)).err().unwrap();
    assert_eq!(code(&err), "INVALID_CONFIG");
    assert_eq!(
        get(&Reflect::get_u32(&get(&err, "details"), 0).unwrap(), "path")
            .as_string()
            .unwrap(),
        "/strategy"
    );
}

#[wasm_bindgen_test]
fn catastrophic_pattern() {
    let mut g = guard();
    g.set_mode_contract(
        "redos",
        js(r#"{"input":{"type":"object","properties":{"message":{"type":"string","pattern":"^(a+)+$"}}}}"#),
    )
    .unwrap();
    let input = Object::new();
    let evil = "a".repeat(50_000) + "!";
    Reflect::set(&input, &"message".into(), &evil.as_str().into()).unwrap();
    let r = g.check_task_input("redos", input.into()).unwrap();
    assert!(!ok(&r));
    assert_eq!(first_error_keyword(&r), "pattern");
    still_works(&mut g);
}

#[wasm_bindgen_test]
fn cyclic_object() {
    let mut g = guard();
    let context = Object::new();
    Reflect::set(&context, &"self".into(), &context).unwrap();
    let input = Object::new();
    Reflect::set(&input, &"message".into(), &"x".into()).unwrap();
    Reflect::set(&input, &"context".into(), &context).unwrap();
    let err = g.check_task_input("code", input.into()).unwrap_err();
    assert_eq!(code(&err), "UNSERIALIZABLE");
    let bigint = js_sys::BigInt::from(5u32);
    let input = Object::new();
    Reflect::set(&input, &"message".into(), &bigint).unwrap();
    let err = g.check_task_input("code", input.into()).unwrap_err();
    assert_eq!(code(&err), "UNSERIALIZABLE");
    still_works(&mut g);
}

#[wasm_bindgen_test]
fn unchanged_inputs_are_handed_back_as_they_are() {
    let mut g = guard();
    let input = js(r#"{"message":"Add a unit test","context":{"k":1}}"#);
    let r = g.check_task_input("code", input.clone()).unwrap();
    assert!(get(&r, "valueUnchanged").as_bool().unwrap());
    assert!(Object::is(&get(&r, "value"), &input));
}
