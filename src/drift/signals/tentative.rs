//! Tentative voice: modal and future verbs ("would", "could", "should", "will", "might") per
//! sentence of prose, against what a completion report is written in — things done.

use super::{Ctx, Signal};

pub const NAME: &str = "tentative";

const MODALS: [&str; 10] = [
    "will", "would", "could", "should", "might", "may", "shall", "can", "i'll", "we'll",
];

pub fn measure(ctx: &Ctx) -> Signal {
    let text = ctx.prose.to_lowercase();
    let sentences = text
        .split_inclusive(['.', '!', '?', '\n'])
        .filter(|s| s.split_whitespace().count() >= 3)
        .count()
        .max(1);
    let mut found: Vec<&str> = Vec::new();
    let mut n = 0usize;
    for w in text.split(|c: char| !(c.is_alphanumeric() || c == '\'')) {
        if let Some(m) = MODALS.iter().find(|m| **m == w) {
            n += 1;
            if !found.contains(m) {
                found.push(m);
            }
        }
    }
    let evidence = if n == 0 {
        Vec::new()
    } else {
        vec![format!(
            "{n} modal or future verbs in {sentences} sentences ({})",
            found.join(", ")
        )]
    };
    Signal::new(NAME, n as f64 / sentences as f64, evidence)
}
