//! boomerang-guard: guards the boundaries between a parent task and its child tasks in agent
//! orchestrators such as Roo Code's Boomerang. This crate is the pure-Rust core (no `JsValue`);
//! `wasm` is the one thin binding layer.

pub mod builtin;
pub mod config;
pub mod contracts;
pub mod drift;
pub mod engine;
pub mod error;
pub mod freeze;
mod gather;
pub mod guard;
pub mod host;
pub mod integrate;
mod json_fields;
pub mod json_text;
pub mod judge;
pub mod lifecycle;
pub mod sanitize;
pub mod schema_store;
pub mod shipped;
mod sort;
mod swar;
#[cfg(test)]
mod ts_types;
pub mod verify;

#[cfg(all(target_arch = "wasm32", not(feature = "compiler-module")))]
pub mod wasm;

// The compiler module's exports (a build of its own: `scripts/build.sh`).
#[cfg(all(target_arch = "wasm32", feature = "compiler-module"))]
mod compiler_module;

pub use config::Config;
pub use contracts::{CheckReport, ContractError, ContractSource};
pub use engine::Engine;
pub use error::{ErrorCode, GuardError};
pub use guard::Guard;
