//! Named artefacts: the files, functions, endpoints and other identifiers the message names
//! that the result never mentions (the wrong file fixed, a required format left out).

use super::{Ctx, Signal};
use crate::gather::Gather;

pub const NAME: &str = "artefacts";

pub fn measure(ctx: &Ctx) -> Signal {
    if ctx.ci.ids.is_empty() {
        return Signal::new(NAME, 0.0, Vec::new());
    }
    let mut missing: Vec<&str> = ctx
        .ci
        .ids
        .iter()
        .filter(|i| !ctx.cr.ids.contains(*i))
        .map(String::as_str)
        .gather();
    crate::sort::sort(&mut missing);
    let value = missing.len() as f64 / ctx.ci.ids.len() as f64;
    let evidence = missing.iter().take(8).map(|s| s.to_string()).gather();
    Signal::new(NAME, value, evidence)
}
