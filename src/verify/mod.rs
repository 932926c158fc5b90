//! The verifier's decisions (seed 000 §3.7, §4.2): when to ask the judge, how keyword and judge
//! verdicts combine, and what each outcome strategy hands the parent. The async judge call is the
//! binding's; everything decided here is a pure function.

use crate::config::{JudgeConfig, JudgeMode, Strategy, Thresholds};
use crate::drift::{Decision, DriftReport, DriftStatus};
use crate::gather::Gather;
use crate::judge::Verdict;
use serde::Serialize;

pub mod bounded;
pub mod record;
pub mod session;

pub use record::{JudgeInfo, VerificationRecord};
pub use session::{JudgeAnswer, Step, Verification, Verifier, VerifyInput};

/// Whether the judge is called for a keyword report (`judge.mode`, `judge.band`): in borderline
/// mode, where the keyword stage is unsure (seed 000 §3.7), or inside a configured band.
pub fn needs_judge(keyword: &DriftReport, judge: &JudgeConfig) -> bool {
    match (judge.mode, judge.band) {
        (JudgeMode::Never, _) => false,
        (JudgeMode::Always, _) => true,
        (JudgeMode::Borderline, Some([low, high])) => keyword.score >= low && keyword.score <= high,
        (JudgeMode::Borderline, None) => keyword.decision == Decision::Unsure,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    Keyword,
    Judge,
    Hybrid,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Combined {
    pub score: f64,
    pub alignment: u8,
    pub status: DriftStatus,
    pub method: Method,
    /// Whether keyword and judge put the result on the same side of the potential threshold
    /// (logged so that thresholds can be calibrated from real use).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agreement: Option<bool>,
}

/// The judge's alignment (1..5) as a drift score (0..1).
pub fn judge_score(alignment: u8) -> f64 {
    f64::from(5u8.saturating_sub(alignment.clamp(1, 5))) / 4.0
}

/// The combination rule: the judge's score weighs 0.7 and the keyword score 0.3, except that a
/// broken explicit constraint found by the keyword stage keeps the result at least at potential
/// drift (a judge can overlook "do not create a class").
pub fn combine(
    keyword: &DriftReport,
    verdict: Option<&Verdict>,
    thresholds: &Thresholds,
) -> Combined {
    let Some(v) = verdict else {
        return Combined {
            score: keyword.score,
            alignment: keyword.alignment,
            status: keyword.status,
            method: Method::Keyword,
            agreement: None,
        };
    };
    let js = judge_score(v.alignment);
    let mut score = ((0.7 * js + 0.3 * keyword.score) * 1000.0).round() / 1000.0;
    // After the rounding: a rounded-down threshold must not clear a broken constraint.
    if !keyword.violations.is_empty() {
        score = score.max(thresholds.potential);
    }
    let agreement = (keyword.score >= thresholds.potential) == (js >= thresholds.potential);
    Combined {
        score,
        alignment: crate::drift::alignment(score, thresholds),
        status: status_of(score, thresholds),
        method: Method::Hybrid,
        agreement: Some(agreement),
    }
}

pub fn status_of(score: f64, t: &Thresholds) -> DriftStatus {
    if score >= t.significant {
        DriftStatus::SignificantDrift
    } else if score >= t.potential {
        DriftStatus::PotentialDrift
    } else {
        DriftStatus::Consistent
    }
}

/// What the host does with the result (seed 000 §4.2 step 7).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Outcome {
    /// Consistent: resume the parent with the result as it is.
    Proceed { text: String },
    /// A: resume the parent with the drift analysis in front of the result.
    Augment { text: String },
    /// B: send the child this clarification instead of resuming the parent.
    Clarify { message: String },
    /// C: do not resume the parent; the result is kept (state "awaiting drift resolution").
    Hold { state: String, result: String },
    /// D: resume, flagged for the host's UI and logs.
    Conditional { text: String, flags: Vec<String> },
}

/// The short reason of seed 000's augmented result: the most serious reasons, joined.
pub fn reason_line(reasons: &[String]) -> String {
    let mut r: Vec<&str> = reasons
        .iter()
        .map(|s| s.trim_end_matches('.'))
        .take(2)
        .gather();
    if r.is_empty() {
        r.push("the result does not match the instructions closely");
    }
    r.join(". ")
}

/// Seed 000 §4.2 Strategy A, in its exact form:
/// `[new_task completed with potential semantic drift (Score: 2/5). Reason: ...] Original Result: ...`
/// ("semantic drift" without "potential" for significant drift, as in the seed's §6 examples).
pub fn augmented(status: DriftStatus, alignment: u8, reasons: &[String], original: &str) -> String {
    let what = if status == DriftStatus::SignificantDrift {
        "semantic drift"
    } else {
        "potential semantic drift"
    };
    format!(
        "[new_task completed with {what} (Score: {alignment}/5). Reason: {}.] Original Result: {original}",
        reason_line(reasons)
    )
}

/// The clarification of Strategy B, addressed to the child.
pub fn clarification(instructions: &str, reasons: &[String], round: u32) -> String {
    let mut m = format!(
        "Your result drifted from the task you were given (clarification round {round}). Please revise it so that it does exactly what was asked.\n\nWhat does not match:\n"
    );
    for r in reasons.iter().take(6) {
        m.push_str(&format!("- {r}\n"));
    }
    m.push_str("\nThe original task:\n");
    m.push_str(instructions);
    m
}

/// Strategy B stops when the rounds are used up or a new answer is no better than the last.
pub fn keep_clarifying(
    round: u32,
    max_rounds: u32,
    previous_score: Option<f64>,
    score: f64,
) -> bool {
    round < max_rounds && previous_score.is_none_or(|p| score < p - 1e-9)
}

/// The outcome for a combined verdict under `strategy`.
pub fn outcome(
    strategy: Strategy,
    c: &Combined,
    reasons: &[String],
    instructions: &str,
    original: &str,
    round: u32,
) -> Outcome {
    if c.status == DriftStatus::Consistent {
        return Outcome::Proceed {
            text: original.to_string(),
        };
    }
    match strategy {
        Strategy::A => Outcome::Augment {
            text: augmented(c.status, c.alignment, reasons, original),
        },
        Strategy::B => Outcome::Clarify {
            message: clarification(instructions, reasons, round + 1),
        },
        Strategy::C => Outcome::Hold {
            state: "awaiting-drift-resolution".into(),
            result: original.to_string(),
        },
        Strategy::D => {
            let mut flags = vec![match c.status {
                DriftStatus::SignificantDrift => "significant-drift".to_string(),
                _ => "potential-drift".to_string(),
            }];
            if c.agreement == Some(false) {
                flags.push("keyword-judge-disagree".into());
            }
            Outcome::Conditional {
                text: original.to_string(),
                flags,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drift;

    fn ex1(name: &str) -> String {
        std::fs::read_to_string(format!(
            "{}/tests/fixtures/seed000/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap_or_default()
    }

    #[test]
    fn strategy_a_has_the_seeds_exact_form() {
        let t = augmented(
            DriftStatus::PotentialDrift,
            2,
            &["Child focused on X, parent requested Y.".into()],
            "RESULT",
        );
        assert_eq!(t, "[new_task completed with potential semantic drift (Score: 2/5). Reason: Child focused on X, parent requested Y.] Original Result: RESULT");
        let s = augmented(DriftStatus::SignificantDrift, 1, &[], "R");
        assert!(s.starts_with("[new_task completed with semantic drift (Score: 1/5). Reason: "));
    }

    #[test]
    fn gating_and_combination() {
        let th = Thresholds::default();
        let k = drift::score(&ex1("ex1_instructions.md"), &ex1("ex1_b.js"), &th);
        // By default the judge is asked exactly where the keyword stage is unsure.
        let mut j = JudgeConfig::default();
        let with = |score: f64, decision: Decision| DriftReport {
            score,
            decision,
            ..k.clone()
        };
        assert!(needs_judge(&with(0.9, Decision::Unsure), &j));
        assert!(needs_judge(&with(0.1, Decision::Unsure), &j));
        assert!(!needs_judge(&with(0.5, Decision::Drift), &j));
        assert!(!needs_judge(&with(0.5, Decision::Consistent), &j));
        // A configured band overrides the decision.
        j.band = Some([0.3, 0.65]);
        assert!(needs_judge(&with(0.4, Decision::Drift), &j));
        assert!(!needs_judge(&with(0.1, Decision::Unsure), &j));
        j.mode = JudgeMode::Never;
        assert!(!needs_judge(&with(0.5, Decision::Unsure), &j));
        j.mode = JudgeMode::Always;
        assert!(needs_judge(&with(0.0, Decision::Consistent), &j));
        let v = Verdict {
            direct_adherence: Some(false),
            goal_alignment: Some(true),
            drift: Some(true),
            unaddressed: vec![],
            alignment: 2,
            explanation: None,
        };
        let c = combine(&k, Some(&v), &th);
        assert_eq!(c.method, Method::Hybrid);
        assert_eq!(c.agreement, Some(true));
        assert!(c.status != DriftStatus::Consistent);
        // A lenient judge cannot clear a broken explicit constraint.
        let lenient = Verdict { alignment: 5, ..v };
        assert!(combine(&k, Some(&lenient), &th).status != DriftStatus::Consistent);
        assert_eq!(combine(&k, None, &th).method, Method::Keyword);
    }

    #[test]
    fn clarification_stops_when_it_does_not_improve() {
        assert!(keep_clarifying(0, 2, None, 0.7));
        assert!(keep_clarifying(1, 2, Some(0.7), 0.5));
        assert!(!keep_clarifying(1, 2, Some(0.5), 0.5));
        assert!(!keep_clarifying(2, 2, Some(0.9), 0.1));
    }

    #[test]
    fn outcomes_per_strategy() {
        let c = Combined {
            score: 0.7,
            alignment: 2,
            status: DriftStatus::SignificantDrift,
            method: Method::Keyword,
            agreement: Some(false),
        };
        let reasons = vec!["Output is a class, not a single function as requested.".to_string()];
        assert!(
            matches!(outcome(Strategy::A, &c, &reasons, "task", "orig", 0), Outcome::Augment { text } if text.ends_with("Original Result: orig"))
        );
        assert!(
            matches!(outcome(Strategy::B, &c, &reasons, "task", "orig", 0), Outcome::Clarify { message } if message.contains("round 1") && message.contains("task"))
        );
        assert!(matches!(
            outcome(Strategy::C, &c, &reasons, "task", "orig", 0),
            Outcome::Hold { .. }
        ));
        assert!(
            matches!(outcome(Strategy::D, &c, &reasons, "task", "orig", 0), Outcome::Conditional { flags, .. } if flags.len() == 2)
        );
        let ok = Combined {
            status: DriftStatus::Consistent,
            ..c
        };
        assert_eq!(
            outcome(Strategy::C, &ok, &reasons, "t", "orig", 0),
            Outcome::Proceed {
                text: "orig".into()
            }
        );
    }
}
