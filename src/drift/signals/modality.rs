//! Modality: the kind of answer asked for (code, tests, a comparison, a diagnosis…) against
//! the kind delivered.

use super::{Ctx, Signal};

pub const NAME: &str = "modality";

pub fn measure(ctx: &Ctx) -> Signal {
    match ctx.modality_reason {
        Some(why) => Signal::new(NAME, 1.0, vec![why.to_string()]),
        None => Signal::new(NAME, 0.0, Vec::new()),
    }
}
