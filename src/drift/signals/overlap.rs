//! Overlap: one minus the plain Jaccard similarity of the two texts' stem sets (stop words
//! removed), the baseline the stage must never fall below.

use super::{Ctx, Signal};

pub const NAME: &str = "overlap";

pub fn measure(ctx: &Ctx) -> Signal {
    let a = &ctx.ci.stems;
    let b = &ctx.cr.stems;
    let inter = a.keys().filter(|s| b.contains_key(*s)).count();
    let union = a.len() + b.len() - inter;
    let jaccard = if union == 0 {
        1.0
    } else {
        inter as f64 / union as f64
    };
    Signal::new(
        NAME,
        1.0 - jaccard,
        vec![format!("{inter} of {union} stems shared")],
    )
}
