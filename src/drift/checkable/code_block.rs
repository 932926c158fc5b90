//! A code block asked for in the reply: "include the exact command you ran in a code block",
//! "paste the query in a fenced code block", "list the commands in a ```bash block". Only a
//! reply with no code block at all breaks it: which of several blocks holds the command is not
//! read, and a command written in prose beside a block of output is left alone.

use super::has_any_in;
use crate::drift::text::ListTests;
use crate::gather::Gather;

/// Whether a sentence asks for a code block in the reply: `Some(true)` where it must be fenced.
pub fn asked(lower: &str) -> Option<bool> {
    let at = crate::drift::text::first_of(lower, "code block|fenced block|code fence|```")?;
    // "in a code block", "as a fenced block", "inside one ```sql block": the thing is put in
    // one (not "no code blocks", "headings inside code blocks were rendered").
    let before: Vec<&str> = lower.get(..at)?.split_whitespace().rev().take(4).gather();
    let into = before.iter().enumerate().any(|(i, w)| {
        crate::drift::text::in_list("in|as|inside|within", *w)
            && before.get(..i).is_some_and(|between| {
                between
                    .iter()
                    .all(|b| crate::drift::text::in_list(KEEPS_THE_BLOCK, b))
            })
    });
    // Asked, not allowed or banned ("you may put it in a code block", "don't use a code
    // block"), nor under a condition anywhere in the sentence ("paste the trace in a code
    // block if the job failed", "any failing output").
    let not_asked = has_any_in(
        lower.get(..at)?,
        "n't|not |never|no |without|may |can |could |feel free|optional|prefer|ideally",
    ) || has_any_in(
        lower,
        " if |if you|unless|whenever|in case| any |where useful|where helpful|where needed|for each|for every",
    )
        // Said of a text that holds one ("I've put the log in a code block below", "the issue
        // has the repro in …") or of a document ("the README should show …").
        || has_any_in(
            lower,
            "i've |i have |we've |we have |i put |we put |below|above|attached|readme|docs|documentation|wiki|the issue",
        );
    // Said as an ask ("paste it …", "… must be in …"), not of what a text holds ("headings
    // inside code blocks were rendered as headings").
    let ask = lower.get(..at)?.split_whitespace().any(|w| {
        crate::drift::text::in_list(
            "include|paste|put|show|give|list|wrap|add|provide|quote|copy|attach|post|share|format|present|reply|respond|answer|return|send|output|must|should|needs|need|has|have",
            w.trim_matches(crate::drift::text::not_alnum_char),
        )
    });
    (into && ask && !not_asked).then(|| lower.has_any("fenced|```"))
}

/// Words that may stand between "in" and the block: "in a single fenced code block".
const KEEPS_THE_BLOCK: &str = "a|an|one|single|fenced|separate|its|own|their|the";

/// Whether the reply holds a code block: a fence line, or (where a fence is not asked) an
/// indented block after a blank line that is no list item's continuation.
pub fn present(fenced: bool, text: &str) -> bool {
    let lines: Vec<&str> = text.lines().gather();
    let fence = lines.iter().any(|l| {
        let t = l.trim_start();
        t.starts_any("```|~~~")
    });
    fence
        || (!fenced
            && lines.windows(2).enumerate().any(|(i, pair)| {
                let (blank, line) = (pair.first().copied(), pair.get(1).copied());
                let indented = line.is_some_and(|l| {
                    (l.starts_with("    ") || l.starts_with('\t')) && !l.trim().is_empty()
                });
                // Before the blank line, no list item runs on into it.
                let after_list = lines.get(..i).is_some_and(|prev| {
                    prev.iter()
                        .rev()
                        .find(|p| !p.trim().is_empty())
                        .is_some_and(|p| {
                            let t = p.trim_start();
                            t.starts_any("- |* ")
                                || t.split_once(". ").is_some_and(|(n, _)| {
                                    !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
                                })
                        })
                });
                blank.is_some_and(|b| b.trim().is_empty()) && indented && !after_list
            }))
}
