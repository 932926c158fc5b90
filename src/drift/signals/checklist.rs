//! Checklist: the share of the instruction's items (bullets, steps, enumerations, imperative
//! sentences) that the result gives no evidence of.

use super::{Ctx, Signal};
use crate::gather::Gather;
use crate::gather::GatherText;

pub const NAME: &str = "checklist";

pub fn measure(ctx: &Ctx) -> Signal {
    let open: Vec<String> = ctx
        .checklist
        .iter()
        .filter(|c| !c.fulfilled)
        .map(|c| c.item.chars().take(80).gather_text())
        .gather();
    if ctx.checklist.is_empty() {
        return Signal::new(NAME, 0.0, Vec::new());
    }
    let value = open.len() as f64 / ctx.checklist.len() as f64;
    Signal::new(NAME, value, open)
}
