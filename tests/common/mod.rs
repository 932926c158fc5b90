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

/// The report of a task input checked as its whole JSON text and as its fields (`parts_of`):
/// what the wasm binding's two ways give for it.
pub fn both_ways(
    g: &mut boomerang_guard::Guard,
    mode: &str,
    input: &serde_json::Map<String, serde_json::Value>,
) -> (
    Result<boomerang_guard::CheckReport, boomerang_guard::GuardError>,
    Result<boomerang_guard::CheckReport, boomerang_guard::GuardError>,
) {
    let whole =
        g.check_task_input_json(mode, &serde_json::Value::Object(input.clone()).to_string());
    (whole, g.check_task_input_parts(mode, parts_of(input)))
}
