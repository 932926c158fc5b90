//! Off topic: how far the result's miss of the instruction's key concepts goes beyond what a
//! terse, on-task answer also misses. Coverage alone cannot tell a short answer that leaves
//! words out from a result about another task; past a knee fitted on training pairs
//! (`weights::OFF_TOPIC_KNEE`) only the second remains.

use super::super::weights::OFF_TOPIC_KNEE;
use super::{coverage, Ctx, Signal};

pub const NAME: &str = "off_topic";

/// The hinge on the coverage value, 0 up to the knee and 1 at a complete miss. The fitting
/// script (scripts/fit-drift.mjs) applies the same formula when it chooses the knee.
pub fn hinge(missed: f64, knee: f64) -> f64 {
    if knee >= 1.0 {
        0.0
    } else {
        ((missed - knee) / (1.0 - knee)).max(0.0)
    }
}

pub fn measure(ctx: &Ctx) -> Signal {
    let c = coverage::measure(ctx);
    let v = hinge(c.value, OFF_TOPIC_KNEE);
    let evidence = if v > 0.0 {
        vec![format!(
            "{:.0} % of the key concepts missed, past the {:.0} % a terse answer may miss",
            100.0 * c.value,
            100.0 * OFF_TOPIC_KNEE
        )]
    } else {
        Vec::new()
    };
    Signal::new(NAME, v, evidence)
}

#[cfg(test)]
mod tests {
    use super::hinge;

    #[test]
    fn the_hinge_is_zero_to_the_knee_and_one_at_a_complete_miss() {
        assert_eq!(hinge(0.3, 0.6), 0.0);
        assert_eq!(hinge(0.6, 0.6), 0.0);
        assert!((hinge(0.8, 0.6) - 0.5).abs() < 1e-12);
        assert!((hinge(1.0, 0.6) - 1.0).abs() < 1e-12);
        assert_eq!(hinge(0.9, 1.0), 0.0);
    }
}
