//! The compiler module's port as the JavaScript wrapper hands it over: an object with the
//! compiler module's functions (`src/compiler_module.rs`), which loads that module on its first
//! call. Converts only; `contracts::compiler::remote` reads the answers.

use super::WasmGuard;
use crate::contracts::compiler::protocol::Matched;
use crate::contracts::compiler::remote::{self, Port, PortResult};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The compiler module's exports (or an object that loads it and forwards).
    pub type SchemaCompilerPort;

    #[wasm_bindgen(method, catch)]
    fn build(
        this: &SchemaCompilerPort,
        id: &str,
        docs: &str,
        keys_unchecked: bool,
        meta: bool,
    ) -> Result<String, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn release(this: &SchemaCompilerPort, handle: u32) -> Result<(), JsValue>;
    #[wasm_bindgen(method, catch)]
    fn validate(
        this: &SchemaCompilerPort,
        handle: u32,
        value: &str,
        left: f64,
        errors: bool,
    ) -> Result<String, JsValue>;
    #[wasm_bindgen(method, catch, js_name = firstInvalid)]
    fn first_invalid(this: &SchemaCompilerPort, doc: &str) -> Result<String, JsValue>;
    #[wasm_bindgen(method, catch, js_name = keyPatterns)]
    fn key_patterns(this: &SchemaCompilerPort, docs: &str) -> Result<String, JsValue>;
    #[wasm_bindgen(method, catch, js_name = keyRegex)]
    fn key_regex(this: &SchemaCompilerPort, pattern: &str) -> Result<f64, JsValue>;
    #[wasm_bindgen(method, catch, js_name = keyMatches)]
    fn key_matches(
        this: &SchemaCompilerPort,
        handle: u32,
        key: &str,
        left: f64,
    ) -> Result<f64, JsValue>;
    #[wasm_bindgen(method, catch, js_name = releaseKeyRegex)]
    fn release_key_regex(this: &SchemaCompilerPort, handle: u32) -> Result<(), JsValue>;
}

/// Why a port call failed: what it threw, as text.
fn why(e: JsValue) -> String {
    super::callback::describe(&e)
}

struct JsPort(SchemaCompilerPort);

impl Port for JsPort {
    fn build(&self, id: &str, docs: &str, keys_unchecked: bool, meta: bool) -> PortResult<String> {
        self.0.build(id, docs, keys_unchecked, meta).map_err(why)
    }
    fn release(&self, handle: u32) {
        // A module that cannot be reached holds nothing to free.
        let _ = self.0.release(handle);
    }
    fn validate(&self, handle: u32, value: &str, left: u64, errors: bool) -> PortResult<String> {
        self.0
            .validate(handle, value, left as f64, errors)
            .map_err(why)
    }
    fn first_invalid(&self, doc: &str) -> PortResult<String> {
        self.0.first_invalid(doc).map_err(why)
    }
    fn key_patterns(&self, docs: &str) -> PortResult<String> {
        self.0.key_patterns(docs).map_err(why)
    }
    fn key_regex(&self, pattern: &str) -> PortResult<i64> {
        match self.0.key_regex(pattern) {
            // A handle is a whole number; -1 is "does not compile"; anything else is no answer.
            Ok(h) if h.is_finite() && h.fract() == 0.0 && h >= -1.0 && h <= f64::from(u32::MAX) => {
                Ok(h as i64)
            }
            Ok(h) => Err(format!(
                "not a handle: {}",
                crate::drift::text::show_number(h)
            )),
            Err(e) => Err(why(e)),
        }
    }
    fn key_matches(&self, handle: u32, key: &str, left: u64) -> PortResult<Matched> {
        self.0
            .key_matches(handle, key, left as f64)
            .map(Matched::decode)
            .map_err(why)
    }
    fn release_key_regex(&self, handle: u32) {
        let _ = self.0.release_key_regex(handle);
    }
}

#[wasm_bindgen]
impl WasmGuard {
    /// Lets this guard compile schemas through `port` (installed for the whole module instance:
    /// every guard of the entry that loads the compiler hands over the same port object).
    #[wasm_bindgen(js_name = useSchemaCompiler)]
    pub fn use_schema_compiler(&mut self, port: SchemaCompilerPort) {
        remote::set_port(Some(Box::new(JsPort(port))));
        self.engine.guard.allow_remote_compiler();
    }
}
