//! Constraints: explicit instructions the result breaks (negative ones, counts, words,
//! formats), each with the text that breaks it. Two or more is the strongest evidence.

use super::{Ctx, Signal};
use crate::gather::Gather;

pub const NAME: &str = "constraints";

pub fn measure(ctx: &Ctx) -> Signal {
    let evidence = ctx
        .violations
        .iter()
        .map(|v| format!("{}: {}", v.constraint.trim(), v.reason))
        .gather();
    Signal::new(NAME, ctx.violations.len() as f64 / 2.0, evidence)
}
