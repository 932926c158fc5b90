//! Echo: the share of the result's stem trigrams copied from the request — restating it
//! instead of answering it.

use super::{Ctx, Signal};
use rustc_hash::FxHashSet as HashSet;
use std::rc::Rc;

pub const NAME: &str = "echo";

pub fn measure(ctx: &Ctx) -> Signal {
    let (instr, result) = (&ctx.ci.seq, &ctx.cr.seq);
    if result.len() < 6 {
        return Signal::new(NAME, 0.0, Vec::new());
    }
    let grams: HashSet<&[Rc<str>]> = instr.windows(3).collect();
    let total = result.len() - 2;
    let copied = result.windows(3).filter(|w| grams.contains(w)).count();
    let share = copied as f64 / total as f64;
    Signal::new(
        NAME,
        share,
        vec![format!(
            "{copied} of {total} word triples copied from the request"
        )],
    )
}
