//! Deferral: the result puts the work off or declines it instead of delivering — hedges,
//! hand-backs to the reader, "to do" markers, or a denial of the very thing asked for. The
//! phrases are ordinary English ways of deferring, not taken from any evaluation pair.

use super::{Ctx, Signal};
use crate::drift::phrases::Phrases;
use crate::gather::Gather;

pub const NAME: &str = "deferral";

static DEFERRING: Phrases = Phrases::new(
"let me know|left as an exercise|you may want to|you might want to|todo|tbd|not sure|i cannot|i can't|i am unable|i'm unable|unable to|out of scope|beyond the scope|in a follow-up|in a future|would need to|will need to|needs further|further investigation|more information|could you clarify|before we can|before i can|once we have|not yet|placeholder");

/// Words that deny what was asked for, when they sit just before one of its key concepts.
static DENIALS: Phrases =
    Phrases::new("there are no |there is no | no |none|cannot|can't|nothing|not possible");

pub fn measure(ctx: &Ctx) -> Signal {
    // Whole words only ("todo", not "todos"); each phrase once.
    let text = ctx.result_lower;
    let bytes = text.as_bytes();
    let edge = |i: usize| bytes.get(i).is_none_or(|b| !b.is_ascii_alphanumeric());
    let mut evidence: Vec<String> = Vec::new();
    for (at, p) in DEFERRING.occurrences(text) {
        let whole = (at == 0 || edge(at - 1)) && edge(at + p.len());
        let quoted = format!("\"{p}\"");
        if whole && !evidence.contains(&quoted) {
            evidence.push(quoted);
        }
    }
    let mut value = evidence.len() as f64 / 3.0;
    let negs: Vec<usize> = DENIALS
        .occurrences(ctx.result_lower)
        .into_iter()
        .map(|(i, _)| i)
        .gather();
    let key: Vec<&std::rc::Rc<str>> = ctx.key.iter().take(6).map(|(s, _)| s).gather();
    let denies = ctx
        .cr
        .tokens
        .iter()
        .any(|t| key.contains(&&t.stem) && negs.iter().any(|&n| n < t.at && t.at - n < 24));
    if denies {
        evidence.push("denies what was asked for".into());
        value += 0.5;
    }
    Signal::new(NAME, value, evidence)
}
