//! The run-time JSON Schema compiler behind one small interface: what `SchemaStore`, the
//! sanitizer's plan and a contract check ask of a schema that was not generated when the crate
//! was built (a user's schema). One backend per build:
//!
//! - `local` (the `runtime-schemas` feature: native builds, the wasm tests): jsonschema's
//!   compiler and the regex engines in this module.
//! - `remote` (wasm without that feature): the same `local` code in a second wasm module
//!   (`pkg/compiler/`, loaded only when a schema must be compiled), reached through a port the
//!   JavaScript wrapper installs (`setSchemaCompiler`); values cross it as JSON text. Without a
//!   port (`boomerang-guard/lite`) nothing compiles: `SCHEMAS_UNAVAILABLE`.
//! - `none` (native without the feature): nothing compiles.
//!
//! Each backend has the same items: [`Validator`] (`is_valid`, `errors`), [`KeyRegex`]
//! (`new`, `matches`), [`build`], [`first_invalid`] and [`key_patterns`].

#[cfg(any(feature = "runtime-schemas", target_arch = "wasm32"))]
pub mod protocol;

#[cfg(feature = "runtime-schemas")]
pub mod local;
#[cfg(feature = "runtime-schemas")]
pub mod serve;
#[cfg(feature = "runtime-schemas")]
pub use local::{build, first_invalid, key_patterns, KeyRegex, Validator};

// Also in the tests of the default build, over `serve` (a port without the module between).
#[cfg(any(
    all(not(feature = "runtime-schemas"), target_arch = "wasm32"),
    all(test, feature = "runtime-schemas")
))]
pub mod remote;
#[cfg(all(not(feature = "runtime-schemas"), target_arch = "wasm32"))]
pub use remote::{build, first_invalid, key_patterns, KeyRegex, Validator};

#[cfg(all(not(feature = "runtime-schemas"), not(target_arch = "wasm32")))]
mod none;
#[cfg(all(not(feature = "runtime-schemas"), not(target_arch = "wasm32")))]
pub use none::{build, first_invalid, key_patterns, KeyRegex, Validator};

use crate::error::{ErrorCode, GuardError};

/// The error of a build that cannot compile a schema.
pub fn unavailable(id: &str) -> GuardError {
    GuardError::new(
        ErrorCode::SchemasUnavailable,
        "",
        format!(
            "schema {id}: this guard has no JSON Schema compiler, only the built-in contracts: boomerang-guard/lite never loads it; use \"boomerang-guard\" to register schemas (in a browser, after await createGuard() or initGuard(), or with {{ compilerWasm }})"
        ),
    )
}
