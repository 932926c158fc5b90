//! Extra work: the result reports changes beyond the request, in the words a report uses for
//! them — "I also rewrote …", "additionally, I …", "while I was at it", "went ahead and",
//! "generalised it so …" — and the list of changes such a sentence introduces. Scope expansion
//! in a completion report is told in these words whatever the task; what the request names
//! cannot show it (the extra files are new to the request, and so are a faithful report's).
//! The phrases are ordinary English for going further, not taken from any evaluation pair.
//! What was only looked at ("I also checked …", "also noticed …") is not extra work.

use super::{pieces, Ctx, Signal};
use crate::drift::phrases::Phrases;

pub const NAME: &str = "extra";

/// Phrases that introduce further work on their own.
static GOING_FURTHER: Phrases = Phrases::any_case(&[
    "additionally, i",
    "additionally i",
    "in addition, i",
    "on top of that",
    "while i was at it",
    "while at it",
    "while i was there",
    "while i was in there",
    "while doing this",
    "while doing that",
    "while i was doing",
    "went ahead and",
    "took the opportunity",
    "as a bonus",
    "for good measure",
    "beyond what was asked",
    "beyond the request",
    "went further",
    "i extended",
    "extended the fix",
    "extended the change",
    "i generalised",
    "i generalized",
    "generalised it",
    "generalized it",
    "and generalised",
    "and generalized",
]);

/// Verbs after "also" that report looking, not changing.
const LOOKING: [&str; 16] = [
    "noticed",
    "checked",
    "verified",
    "confirmed",
    "tested",
    "ran",
    "ensured",
    "looked",
    "found",
    "saw",
    "considered",
    "reviewed",
    "kept",
    "left",
    "made",
    "searched",
];

/// Irregular past forms of changing verbs ("also rewrote").
const IRREGULAR: [&str; 6] = ["rewrote", "wrote", "built", "set", "put", "split"];

/// Whether `word` reads as a past-tense change ("added", "rewrote"), not an observation.
fn changed(word: &str) -> bool {
    let w = word.trim_end_matches(|c: char| !c.is_ascii_alphabetic());
    let lower = w.to_ascii_lowercase();
    !LOOKING.contains(&lower.as_str())
        && (IRREGULAR.contains(&lower.as_str()) || (lower.len() > 4 && lower.ends_with("ed")))
}

/// The sentence reports a change introduced by "also": "I also added", "also renamed", "I've
/// also moved". The subject is the writer, or none (a report's clipped style). Tests added
/// with a change are part of doing it ("I also added a test for …"), not more work.
fn also_changed(sentence: &str) -> bool {
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let about_tests = |from: usize| {
        words
            .iter()
            .skip(from)
            .take(3)
            .any(|w| w.to_ascii_lowercase().starts_with("test"))
    };
    words.iter().enumerate().any(|(i, w)| {
        w.eq_ignore_ascii_case("also")
            && words.get(i + 1).is_some_and(|next| changed(next))
            && !about_tests(i + 2)
            && (i == 0
                || words.get(i - 1).is_some_and(|prev| {
                    let p = prev.trim_start_matches(|c: char| !c.is_ascii_alphabetic());
                    ["i", "i've", "we", "we've", "and", "i’ve", "we’ve"]
                        .iter()
                        .any(|s| p.eq_ignore_ascii_case(s))
                }))
    })
}

/// Bullets directly under `at` (the line that introduced them), up to a blank line or prose.
fn bullets_after(lines: &[&str], at: usize) -> usize {
    lines
        .iter()
        .skip(at + 1)
        .take_while(|l| {
            let t = l.trim_start();
            t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ") || l.starts_with("  ")
        })
        .filter(|l| {
            let t = l.trim_start();
            (t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ "))
                && !l.starts_with("  ")
        })
        .count()
}

pub fn measure(ctx: &Ctx) -> Signal {
    let lines: Vec<&str> = ctx.prose.lines().collect();
    let mut evidence = Vec::new();
    let mut units = 0.0;
    for (n, line) in lines.iter().enumerate() {
        for sentence in pieces(line) {
            let phrase = GOING_FURTHER.first(sentence).map(|(_, p)| p);
            let hit = match phrase {
                Some(p) => Some(format!("\"{p}\"")),
                None if also_changed(sentence) => Some("\"also\" + a change".to_string()),
                None => None,
            };
            let Some(hit) = hit else { continue };
            units += 1.0;
            // A list the sentence introduces is the extra work itself, item by item.
            let listed = if sentence.trim_end().ends_with(':') {
                bullets_after(&lines, n)
            } else {
                0
            };
            units += 0.5 * listed as f64;
            evidence.push(if listed > 0 {
                format!("{hit}, introducing {listed} listed changes")
            } else {
                hit
            });
        }
    }
    Signal::new(NAME, units / 3.0, evidence)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::{also_changed, bullets_after, changed};

    #[test]
    fn a_change_after_also_is_extra_work_and_a_look_is_not() {
        assert!(also_changed("I also renamed the helper."));
        assert!(also_changed("Also rewrote the parser."));
        assert!(also_changed(
            "I've also moved the constants into one module."
        ));
        assert!(!also_changed("I also checked the other callers."));
        assert!(!also_changed("I also noticed a stale link in the docs."));
        assert!(
            !also_changed("The parser also handled tabs."),
            "not the writer"
        );
        assert!(!also_changed("This is also needed by the tests."));
        assert!(!also_changed("I also added a test for the empty case."));
        assert!(!also_changed("Also added unit tests."));
        assert!(also_changed("I also added retries to the uploader."));
        assert!(changed("refactored,") && !changed("need") && !changed("used"));
    }

    #[test]
    fn bullets_under_a_line_are_counted_to_the_first_other_line() {
        let lines = [
            "So I went further:",
            "- one",
            "  continued",
            "- two",
            "",
            "- not this",
        ];
        assert_eq!(bullets_after(&lines, 0), 2);
    }
}
