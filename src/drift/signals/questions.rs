//! Questions: a result that asks instead of doing — sentences of prose (code and inline code
//! left out) that end in a question mark, handed back to the parent.

use super::{Ctx, Signal};
use crate::gather::Gather;
use crate::gather::GatherText;

pub const NAME: &str = "questions";

pub fn measure(ctx: &Ctx) -> Signal {
    let text = ctx.prose;
    let asked: Vec<String> = super::pieces(text)
        .map(str::trim)
        .filter(|s| s.ends_with('?') && s.split_whitespace().count() >= 3)
        .map(|s| s.chars().take(80).gather_text())
        .gather();
    Signal::new(
        NAME,
        asked.len() as f64 / 3.0,
        asked.into_iter().take(4).gather(),
    )
}
