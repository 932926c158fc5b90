//! Scope expansion: under a request that limits its scope ("only", "a single", "minimal"),
//! code definitions the request did not name (a class and three methods for one function).

use super::{Ctx, Signal};

pub const NAME: &str = "scope";

pub fn measure(ctx: &Ctx) -> Signal {
    if !ctx.limited || ctx.new_definitions.is_empty() {
        return Signal::new(NAME, 0.0, Vec::new());
    }
    Signal::new(
        NAME,
        ctx.new_definitions.len() as f64 / 2.0,
        ctx.new_definitions.to_vec(),
    )
}
