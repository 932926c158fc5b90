//! The LLM-judge protocol (seed 000 §3.1): the request the core builds for the host's model
//! call, and a robust reading of what models really answer. The call itself is the host's.

pub mod parse;
pub mod prompt;
pub mod prose;

pub use parse::{parse_verdict, Verdict};
pub use prompt::{build_request, JudgeRequest, QUESTIONS};
