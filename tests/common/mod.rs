//! Helpers shared by the native integration tests.
#![allow(dead_code, clippy::unwrap_used)]

/// A file of the seed 000 examples (`tests/fixtures/seed000/`).
pub fn seed000(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/fixtures/seed000/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// A task input field by field, as the wasm binding hands it over: strings as themselves, any
/// other field as the JSON text of `{"key": value}`.
pub fn parts_of(
    input: &serde_json::Map<String, serde_json::Value>,
) -> Vec<(String, boomerang_guard::guard::InputPart)> {
    use boomerang_guard::guard::InputPart;
    input
        .iter()
        .map(|(k, v)| {
            let part = match v {
                serde_json::Value::String(s) => InputPart::Text(s.clone()),
                v => InputPart::Json(serde_json::json!({ k: v }).to_string()),
            };
            (k.clone(), part)
        })
        .collect()
}
