//! Answer logic: the result fails the request's own logic (no option of a closed question
//! picked, a rating outside the asked scale, advice against the stated goal).

use super::{Ctx, Signal};
use crate::gather::Gather;

pub const NAME: &str = "answer";

pub fn measure(ctx: &Ctx) -> Signal {
    let evidence = ctx.findings.iter().map(|f| f.reason.clone()).gather();
    Signal::new(NAME, ctx.findings.len() as f64 / 2.0, evidence)
}
