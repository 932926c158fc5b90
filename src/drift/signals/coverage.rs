//! Coverage: the share of the instruction's key concepts (IDF-weighted stems, identifiers
//! double) that the result does not mention.

use super::{Ctx, Signal};
use crate::gather::Gather;

pub const NAME: &str = "coverage";
const ID_WEIGHT: f64 = 2.0;

pub fn measure(ctx: &Ctx) -> Signal {
    let total: f64 =
        ctx.key.iter().map(|(_, w)| w).sum::<f64>() + ctx.ci.ids.len() as f64 * ID_WEIGHT;
    if total <= 0.0 {
        return Signal::new(NAME, 0.0, Vec::new());
    }
    let found: f64 = ctx
        .key
        .iter()
        .filter(|(s, _)| ctx.cr.stems.contains_key(s))
        .map(|(_, w)| w)
        .sum::<f64>()
        + ctx
            .ci
            .ids
            .iter()
            .filter(|i| ctx.cr.ids.contains(*i))
            .count() as f64
            * ID_WEIGHT;
    let mut missing: Vec<String> = ctx
        .key
        .iter()
        .filter(|(s, _)| !ctx.cr.stems.contains_key(s))
        .filter_map(|(s, _)| ctx.ci.stems.get(s).map(|(w, _)| w.to_string()))
        .take(8)
        .gather();
    crate::sort::sort(&mut missing);
    let evidence = if missing.is_empty() {
        Vec::new()
    } else {
        vec![format!(
            "key concepts not in the result: {}",
            missing.join(", ")
        )]
    };
    Signal::new(NAME, 1.0 - found / total, evidence)
}
