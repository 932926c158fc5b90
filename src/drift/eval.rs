//! Pairwise accuracy on labelled pairs (`../shared/eval/` format): a scorer is right on a pair
//! when the labelled output scores as less drifted than the other; a tie counts half.

use super::score;
use crate::config::Thresholds;
use crate::error::{ErrorCode, GuardError, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct Pair {
    #[serde(default)]
    source: String,
    instruction: String,
    output_a: String,
    output_b: String,
    label: String,
}

#[derive(Debug, Default, Serialize)]
pub struct EvalSummary {
    pub overall: f64,
    pub by_source: BTreeMap<String, f64>,
    pub pairs: usize,
}

/// Scores every pair of JSONL `text`; a malformed line is an error naming its line number.
pub fn evaluate(texts: &[&str]) -> Result<EvalSummary> {
    let th = Thresholds::default();
    let mut per: BTreeMap<String, (f64, usize)> = BTreeMap::new();
    let (mut right, mut n) = (0.0, 0usize);
    for text in texts {
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let p: Pair = serde_json::from_str(line).map_err(|e| {
                GuardError::new(
                    ErrorCode::InvalidArgument,
                    format!("/line/{}", i + 1),
                    format!("line {}: {e}", i + 1),
                )
            })?;
            let a = score(&p.instruction, &p.output_a, &th).score;
            let b = score(&p.instruction, &p.output_b, &th).score;
            let (good, bad) = if p.label == "a" { (a, b) } else { (b, a) };
            let r = if (good - bad).abs() < 1e-9 {
                0.5
            } else if good < bad {
                1.0
            } else {
                0.0
            };
            let e = per.entry(p.source).or_default();
            e.0 += r;
            e.1 += 1;
            right += r;
            n += 1;
        }
    }
    Ok(EvalSummary {
        overall: if n == 0 { 0.0 } else { right / n as f64 },
        by_source: per
            .into_iter()
            .map(|(k, (r, c))| (k, r / c as f64))
            .collect(),
        pairs: n,
    })
}
