//! The drift stage's declared signals. Each signal lives in its own file and turns what the
//! stage measured ([`Ctx`]) into one value in 0..1 (1 = the strongest evidence of drift) and
//! the evidence a person reads. [`SIGNALS`] lists them; `super::weights` holds one fitted weight
//! per name (scripts/fit-drift.mjs). A new signal is one file, one row here, and a refit.
//! Length is not a signal: no value grows with the result's size alone.

mod answer;
mod artefacts;
mod checklist;
mod constraints;
mod coverage;
mod deferral;
mod echo;
mod extra;
mod failed_run;
mod modality;
mod novelty;
mod off_topic;
mod overlap;
mod questions;
mod scope;
mod tentative;

use super::checklist::ChecklistItem;
use super::constraints::Violation;
use super::modality::Modality;
use super::{answer as answers, Concepts};
use crate::gather::Gather;
use serde::Serialize;
use std::rc::Rc;

/// One signal's measurement.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Signal {
    pub name: &'static str,
    /// 0..1; 1 = the strongest evidence of drift this signal can give.
    pub value: f64,
    /// What the value rests on, for the reasons and the per-pair evaluation.
    pub evidence: Vec<String>,
}

impl Signal {
    pub fn new(name: &'static str, value: f64, evidence: Vec<String>) -> Signal {
        Signal {
            name,
            value: if value.is_finite() {
                value.clamp(0.0, 1.0)
            } else {
                0.0
            },
            evidence,
        }
    }
}

/// What the stage measured once, for every signal to read.
pub struct Ctx<'a> {
    /// The task proper (boilerplate removed; for an inverted instruction, the wrapped input).
    pub task: &'a str,
    pub result: &'a str,
    pub result_lower: &'a str,
    /// The result's prose, code left out ([`prose`]).
    pub prose: &'a str,
    pub ci: &'a Concepts,
    pub cr: &'a Concepts,
    /// The instruction's key concepts (most specific first) and their weights.
    pub key: &'a [(Rc<str>, f64)],
    pub checklist: &'a [ChecklistItem],
    pub violations: &'a [Violation],
    pub expected: Modality,
    pub modality_reason: Option<&'a str>,
    /// The request limits its scope ("only", "a single", "minimal").
    pub limited: bool,
    /// Definitions in the result's code that the request does not name.
    pub new_definitions: &'a [String],
    pub findings: &'a [answers::Finding],
    /// The checkable constraints the message states, each kept or not.
    pub checked: &'a [super::checkable::Checked],
}

type Measure = fn(&Ctx) -> Signal;

/// Every signal, in the order of the weights table.
pub const SIGNALS: [(&str, Measure); 16] = [
    (coverage::NAME, coverage::measure),
    (overlap::NAME, overlap::measure),
    (checklist::NAME, checklist::measure),
    (constraints::NAME, constraints::measure),
    (modality::NAME, modality::measure),
    (artefacts::NAME, artefacts::measure),
    (novelty::NAME, novelty::measure),
    (scope::NAME, scope::measure),
    (extra::NAME, extra::measure),
    (echo::NAME, echo::measure),
    (deferral::NAME, deferral::measure),
    (answer::NAME, answer::measure),
    (questions::NAME, questions::measure),
    (tentative::NAME, tentative::measure),
    (off_topic::NAME, off_topic::measure),
    (failed_run::NAME, failed_run::measure),
];

/// The prose of a text: fenced code blocks and inline code removed (a `?` in a regex is not a
/// question, a `will` in a comment is not a promise).
pub fn prose(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                out.push(c);
            }
        }
        out.push('\n');
    }
    out
}

/// `text` cut after each '.', '!', '?' and newline, the terminator kept with its piece: what
/// `split_inclusive` with those four characters gives, found by a byte scan (all four are ASCII,
/// so every cut is a character boundary) instead of decoding every character.
pub fn pieces(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest
            .bytes()
            .position(|b| matches!(b, b'.' | b'!' | b'?' | b'\n'))
            .map_or(rest.len(), |i| i + 1);
        let (piece, tail) = rest.split_at_checked(end)?;
        rest = tail;
        Some(piece)
    })
}

/// Measures every signal.
pub fn measure(ctx: &Ctx) -> Vec<Signal> {
    SIGNALS.iter().map(|(_, m)| m(ctx)).gather()
}
