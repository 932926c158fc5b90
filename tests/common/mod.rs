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
