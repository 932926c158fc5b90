//! Off topic: how far the result's miss of the instruction's key concepts goes beyond what a
//! terse, on-task answer also misses. Coverage alone cannot tell a short answer that leaves
//! words out from a result about another task; past a knee fitted on training pairs
//! (`weights::OFF_TOPIC_KNEE`) only the second remains. A miss is evidence in proportion to
//! what the result says of its own: a one-word answer ("Sad") names none of the request's
//! concepts and may still answer it, a result about another task states many other concepts.
//! So the value grows with the result's concepts up to `weights::OFF_TOPIC_GATE` (0: no gate).

use super::super::weights::{OFF_TOPIC_GATE, OFF_TOPIC_KNEE};
use super::{coverage, Ctx, Signal};
use crate::drift::text::Has;

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

/// How far the result's own concepts carry a miss: `own / gate`, at most 1 (1 without a gate).
pub fn gate(own: usize, gate: f64) -> f64 {
    if gate <= 0.0 {
        1.0
    } else {
        (own as f64 / gate).min(1.0)
    }
}

/// Kinds of stated form that a result written for another request seldom keeps by chance.
const SPECIFIC_FORMS: &str = "json-keys|headings|table-columns|sections";

/// The stated form the result keeps, when it is specific: a JSON object with the given keys,
/// the given headings, table columns or sections, or exactly the given number of bullets or
/// items. A request whose words are mostly about form ("Summarize the incident in exactly three
/// bullet points") is answered in words of its own; keeping that form is the sign the result
/// answers it.
fn kept_form(ctx: &Ctx) -> Option<String> {
    ctx.checked
        .iter()
        .find(|c| {
            c.holds
                && (crate::drift::text::in_list(SPECIFIC_FORMS, c.kind)
                    || (crate::drift::text::in_list("bullets|list-items", c.kind)
                        && c.constraint.has("exactly ")))
        })
        .map(|c| c.constraint.clone())
}

pub fn measure(ctx: &Ctx) -> Signal {
    if let Some(form) = kept_form(ctx) {
        return Signal::new(NAME, 0.0, vec![format!("keeps the stated form: {form}")]);
    }
    let c = coverage::measure(ctx);
    let v = hinge(c.value, OFF_TOPIC_KNEE) * gate(ctx.cr.count(), OFF_TOPIC_GATE);
    let evidence = if v > 0.0 {
        vec![format!(
            "{} % of the key concepts missed, past the {} % a terse answer may miss",
            crate::drift::text::percent(c.value),
            crate::drift::text::percent(OFF_TOPIC_KNEE)
        )]
    } else {
        Vec::new()
    };
    Signal::new(NAME, v, evidence)
}

#[cfg(test)]
mod tests {
    use super::{gate, hinge};

    #[test]
    fn the_hinge_is_zero_to_the_knee_and_one_at_a_complete_miss() {
        assert_eq!(hinge(0.3, 0.6), 0.0);
        assert_eq!(hinge(0.6, 0.6), 0.0);
        assert!((hinge(0.8, 0.6) - 0.5).abs() < 1e-12);
        assert!((hinge(1.0, 0.6) - 1.0).abs() < 1e-12);
        assert_eq!(hinge(0.9, 1.0), 0.0);
    }

    #[test]
    fn the_gate_grows_with_the_results_own_concepts_up_to_one() {
        assert_eq!(gate(0, 20.0), 0.0);
        assert!((gate(5, 20.0) - 0.25).abs() < 1e-12);
        assert_eq!(gate(20, 20.0), 1.0);
        assert_eq!(gate(80, 20.0), 1.0);
        assert_eq!(gate(0, 0.0), 1.0);
    }
}
