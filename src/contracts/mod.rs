//! Task contracts: per-mode input and output schemas, and the checks that run at the two
//! crossings (seed 001 §2.1, §3.1, §3.2).

pub mod accept;
pub mod ajv_errors;
pub mod check;
pub mod compiler;
pub mod extract;
pub mod pattern;
pub mod report;
pub mod tape;

pub use ajv_errors::ContractError;
pub use check::{ContractSource, ModeContract};
pub use report::CheckReport;
