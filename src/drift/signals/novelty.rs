//! Novel artefacts: the share of the identifiers the result works on that the message never
//! named (another function, another file), among all the result's identifiers.

use super::{Ctx, Signal};
use crate::gather::Gather;

pub const NAME: &str = "novelty";

pub fn measure(ctx: &Ctx) -> Signal {
    if ctx.cr.ids.is_empty() || ctx.ci.ids.is_empty() {
        return Signal::new(NAME, 0.0, Vec::new());
    }
    let mut new: Vec<&str> = ctx
        .cr
        .ids
        .iter()
        .filter(|i| !ctx.ci.ids.contains(*i))
        .map(String::as_str)
        .gather();
    crate::sort::sort(&mut new);
    let value = new.len() as f64 / ctx.cr.ids.len() as f64;
    let evidence = new.iter().take(8).map(|s| s.to_string()).gather();
    Signal::new(NAME, value, evidence)
}
