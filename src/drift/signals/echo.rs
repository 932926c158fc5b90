//! Echo: the share of the result's stem trigrams copied from the request — restating it
//! instead of answering it. Words inside code identifiers (`src/text/slug.ts`, `parse_args`)
//! or inline code (`lodash`, `npm audit`) never count: a report that names the files,
//! functions and packages it was asked to touch is not restating the request.

use super::super::Concepts;
use super::{Ctx, Signal};
use crate::gather::Gather;

pub const NAME: &str = "echo";

/// The stems of `c` (the concepts of `text`) in order, `None` where a word is part of an
/// identifier or of inline code.
fn prose_stems<'c>(c: &'c Concepts, text: &str) -> Vec<Option<&'c str>> {
    let mut spans: Vec<(usize, usize)> = c
        .id_spans
        .iter()
        .map(|(at, id)| (*at, at + id.len()))
        .chain(crate::drift::text::inline_code_spans(text))
        .gather();
    crate::sort::sort(&mut spans);
    // Tokens come in text order: one pass over both.
    let mut k = 0;
    c.tokens
        .iter()
        .map(|t| {
            while spans.get(k).is_some_and(|(_, end)| *end <= t.at) {
                k += 1;
            }
            let in_id = spans.get(k).is_some_and(|(start, _)| *start <= t.at);
            (!in_id).then_some(&*t.stem)
        })
        .gather()
}

pub fn measure(ctx: &Ctx) -> Signal {
    let (instr, result) = (
        prose_stems(ctx.ci, ctx.task),
        prose_stems(ctx.cr, ctx.result),
    );
    let prose = |w: &&[Option<&str>]| w.iter().all(Option::is_some);
    // Triples of prose words only, on both sides: identifiers neither copy nor dilute.
    let total = result.windows(3).filter(prose).count();
    if total < 4 {
        return Signal::new(NAME, 0.0, Vec::new());
    }
    // Sorted and searched: a set of its own key type would add a hash table to the module.
    let mut grams = instr.windows(3).filter(prose).gather();
    crate::sort::sort(&mut grams);
    let copied = result
        .windows(3)
        .filter(|w| prose(w) && grams.binary_search(w).is_ok())
        .count();
    let share = copied as f64 / total as f64;
    Signal::new(
        NAME,
        share,
        vec![format!(
            "{copied} of {total} word triples copied from the request"
        )],
    )
}
