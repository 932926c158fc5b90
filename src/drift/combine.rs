//! Signals to a calibrated probability of drift, and the stage's own decision. The numbers come
//! from `weights.rs`, written by scripts/fit-drift.mjs (logistic regression on the training
//! split); nothing here is hand-set.

use super::signals::Signal;
use super::weights::{CONSISTENT_BELOW, DECIDE_BROKEN, DRIFT_FROM, FIXED, INTERCEPT, WEIGHTS};
use super::Decision;

/// P(drift | signals). When the instructions ask for an unhelpful answer, the content evidence
/// points the other way (an on-task answer drifts from them), so its logit is negated; a broken
/// explicit constraint (`FIXED` signals) counts the same either way.
pub fn probability(signals: &[Signal], inverted: bool) -> f64 {
    let mut content = INTERCEPT;
    let mut fixed = 0.0;
    for s in signals {
        let w = WEIGHTS
            .iter()
            .find(|(n, _)| *n == s.name)
            .map_or(0.0, |(_, w)| *w);
        if FIXED.contains(&s.name) {
            fixed += w * s.value;
        } else {
            content += w * s.value;
        }
    }
    let logit = if inverted { -content } else { content } + fixed;
    1.0 / (1.0 + (-logit).exp())
}

/// Decided only where the fitted probability is confident on the training split, and never
/// for instructions read as inverted: that reading is itself a guess from a few words, and an
/// inverted result with no evidence either way would otherwise be decided on the intercept.
/// A result that breaks an explicit constraint (`broken`: a checked fact with its evidence, not
/// a reading) is decided drift when the fit found that rule precise enough (`DECIDE_BROKEN`).
pub fn decision(probability: f64, inverted: bool, broken: bool) -> Decision {
    decide(probability, inverted, broken && DECIDE_BROKEN)
}

/// `decision` with the broken-constraint rule given (`drift`: a broken constraint under a rule
/// that decides on it), so both settings of the fit are tested.
fn decide(probability: f64, inverted: bool, drift: bool) -> Decision {
    if drift {
        Decision::Drift
    } else if inverted {
        Decision::Unsure
    } else if probability < CONSISTENT_BELOW {
        Decision::Consistent
    } else if probability >= DRIFT_FROM {
        Decision::Drift
    } else {
        Decision::Unsure
    }
}

#[cfg(test)]
mod tests {
    use super::{decide, decision, Decision};

    #[test]
    fn an_inverted_reading_is_never_decided() {
        for p in [0.0, 0.3, 0.7, 1.0] {
            assert_eq!(decision(p, true, false), Decision::Unsure);
        }
    }

    #[test]
    fn a_broken_constraint_decides_drift_only_under_the_fitted_rule() {
        for p in [0.0, 0.3, 0.7, 1.0] {
            for inverted in [false, true] {
                assert_eq!(decide(p, inverted, true), Decision::Drift);
                assert_eq!(decide(p, inverted, false), decision(p, inverted, false));
            }
        }
    }
}
