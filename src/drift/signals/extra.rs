//! Extra work: the result reports changes beyond the request, in the words a report uses for
//! them — "I also rewrote …", "additionally, I …", "while I was at it", "went ahead and" — and
//! the list of changes such a sentence introduces. Scope expansion
//! in a completion report is told in these words whatever the task; what the request names
//! cannot show it (the extra files are new to the request, and so are a faithful report's).
//! The phrases are ordinary English for going further, not taken from any evaluation pair.
//! What was only looked at ("I also checked …", "also noticed …") is not extra work.

use super::{Ctx, Signal};
use crate::drift::phrases::Phrases;
use crate::drift::text::ListTests;
use crate::drift::text::Lower;
use crate::gather::Gather;
use crate::gather::GatherText;
use crate::gather::Keep;
use crate::gather::PushAll;

pub const NAME: &str = "extra";

/// Phrases that introduce further work on their own; the verb after them must still be a change
/// ("went ahead and ran the suite" is not more work).
static GOING_FURTHER: Phrases = Phrases::any_case(
"additionally, i|in addition, i|while i was at it|while at it|while i was there|while i was in|went ahead and|gone ahead and|took the opportunity to|took the liberty of|as a bonus|beyond what was asked|beyond the request");

/// Stems of verbs that report looking, checking or keeping, not changing ("also checked",
/// "went ahead and ran", "also made sure"); an "-ed" word that starts with none of them reads as
/// a change.
const LOOKING: &str = "check|double-check|verif|confirm|test|ran|run|ensur|look|review|tried|try|reproduc|note|noted|notic|inspect|skip|avoid|preserv|follow|compar|revert|need|base|use|saw|see|found|find|consider|kept|keep|left|leave|search|observ|measur|profil|benchmark|validat|investigat|explor|examin|touch";

/// Verbs of changing, in the forms a report uses after "also" ("also renamed", "have also
/// rewritten"). A closed list: "-ed" alone also takes "also checked", "also needed".
const CHANGES: &str = "added|adding|removed|removing|deleted|rewrote|rewritten|rewriting|refactored|refactoring|renamed|moved|replaced|introduced|created|extracted|converted|migrated|switched|upgraded|bumped|generalised|generalized|generalising|generalizing|extended|reorganised|reorganized|restructured|changed|modified|updated|implemented|built|wrote|written|made|fixed|cleaned|tidied|reformatted|optimised|optimized|unified|split|merged|dropped|exposed|enabled|disabled|simplified|consolidated|deprecated|ported|redesigned|reworked|overhauled|swapped|wired|set";

/// What the work after a change verb is about, when it is not more work: tests that go with the
/// change, nothing at all, or what the writer only made sure of.
fn not_more_work(after: &[String]) -> bool {
    let first = after.first().map(String::as_str).unwrap_or_default();
    crate::drift::text::in_list("nothing|no|none|sure|certain", first)
        || after.iter().take(3).any(|w| w.starts_with("test"))
}

/// Words of a sentence, lowercased, punctuation around them dropped ("Also," → "also").
fn words(sentence: &str) -> Vec<String> {
    sentence
        .split_whitespace()
        .map(|w| {
            w.trim_matches(crate::drift::text::char_test(|c: char| {
                !c.is_alphanumeric() && c != '\'' && c != '’'
            }))
            .replace('’', "'")
            .lower()
        })
        .gather()
        .kept(|w| !w.is_empty())
}

/// Whether `word` reads as a change: a listed change verb, or any other word of five letters
/// or more (the caller asks for "-ed", or after "to"/"and" any verb) that is not one of looking.
fn is_change(word: &str) -> bool {
    crate::drift::text::in_list(CHANGES, word)
        || (!crate::drift::text::starts_with_any(word, LOOKING)
            && word.len() > 4
            && word.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'))
}

/// Index of a change verb at `i` (or after one adverb in "-ly"); `None` when there is none.
/// Past forms only ("-ed" or listed), unless `infinitive` (after "to", "and").
fn change_at_with(w: &[String], i: usize, infinitive: bool) -> Option<usize> {
    let is_change = |j: usize| {
        w.get(j).is_some_and(|x| {
            is_change(x)
                && (infinitive
                    || x.ends_with("ed")
                    || crate::drift::text::in_list(CHANGES, x.as_str()))
        })
    };
    if is_change(i) {
        Some(i)
    } else if w.get(i).is_some_and(|x| x.ends_with("ly")) && is_change(i + 1) {
        Some(i + 1)
    } else {
        None
    }
}

fn change_at(w: &[String], i: usize) -> Option<usize> {
    change_at_with(w, i, false)
}

/// The adverbs `also_changed` reads, in any ASCII case.
static ADVERBS: Phrases = Phrases::any_case("also|additionally");

/// The sentence reports a change introduced by "also"/"additionally": "I also added", "also
/// renamed", "I've also moved", "I have also rewritten", "I additionally removed". The subject
/// is the writer, or none (a report's clipped style).
fn also_changed(sentence: &str) -> bool {
    // Most sentences hold neither word: no need to split them into lowercased words.
    if !ADVERBS.any(sentence) {
        return false;
    }
    let w = words(sentence);
    (0..w.len()).any(|i| {
        let at = w.get(i).map(String::as_str);
        if !at.is_some_and(|x| crate::drift::text::in_list("also|additionally", x)) {
            return false;
        }
        let prev = if i == 0 {
            None
        } else {
            w.get(i - 1).map(String::as_str)
        };
        let prev2 = if i < 2 {
            None
        } else {
            w.get(i - 2).map(String::as_str)
        };
        let writer = match prev {
            None => true,
            Some("i" | "i've" | "we" | "we've" | "and") => true,
            Some("have" | "had") => prev2.is_some_and(|x| crate::drift::text::in_list("i|we", x)),
            _ => false,
        };
        // "Also, I refactored …": the subject after the adverb.
        let verb_from = match w.get(i + 1).map(String::as_str) {
            Some("i" | "we") if prev.is_none() => i + 2,
            _ => i + 1,
        };
        writer
            && change_at(&w, verb_from)
                .is_some_and(|v| !not_more_work(w.get(v + 1..).unwrap_or(&[])))
    })
}

/// Whether the phrase at byte `at` (length `len`) of `sentence` starts and ends on word edges
/// and a change follows it within three words ("I went ahead and renamed", "while I was at it,
/// I also rewrote"; not "went ahead and ran the suite").
fn going_further(sentence: &str, at: usize, len: usize) -> bool {
    let bytes = sentence.as_bytes();
    let edge = |i: usize| bytes.get(i).is_none_or(|b| !b.is_ascii_alphanumeric());
    if !(at == 0 || edge(at - 1)) || !edge(at + len) {
        return false;
    }
    let after = words(sentence.get(at + len..).unwrap_or_default());
    // The verb comes first, after a subject or "also" ("while I was at it, I also renamed").
    let first = after
        .iter()
        .position(|w| !crate::drift::text::in_list("i|we|also|have|i've|we've", w.as_str()))
        .unwrap_or(after.len());
    change_at_with(&after, first, true)
        .is_some_and(|v| !not_more_work(after.get(v + 1..).unwrap_or(&[])))
}

/// Items of a list directly under line `at` (the line that introduced them): bullets ("-", "*",
/// "+", "•") and numbered items, up to a blank line or prose; continuation lines are skipped.
fn items_after(lines: &[&str], at: usize) -> usize {
    let item = |l: &str| {
        let t = l.trim_start();
        let numbered = t.split_once(&['.', ')'][..]).is_some_and(|(n, rest)| {
            !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && rest.starts_with(' ')
        });
        t.starts_any("- |* |+ |• ") || numbered
    };
    // One blank line may sit between the introducing line and its list.
    let from = at + 1 + usize::from(lines.get(at + 1).is_some_and(|l| l.trim().is_empty()));
    lines
        .iter()
        .skip(from)
        .take_while(|l| item(l) || l.starts_with("  "))
        .filter(|l| item(l) && !l.starts_with("  "))
        .count()
}

/// Sentences of a line: cut after '.', '!' or '?' followed by white space or the line's end, so
/// that "config.yaml" or "v1.2" stays inside its sentence.
fn sentences(line: &str) -> Vec<&str> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in bytes.iter().enumerate() {
        let ends = matches!(b, b'.' | b'!' | b'?')
            && bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace());
        if ends {
            out.push_all(line.get(start..=i));
            start = i + 1;
        }
    }
    out.push_all(line.get(start..).filter(|r| !r.trim().is_empty()));
    out
}

/// Whether the sentence says the work was asked for ("as requested").
fn requested(sentence: &str) -> bool {
    let s = sentence.to_ascii_lowercase();
    crate::drift::text::contains_any(
        &s,
        "as requested|as asked|as you asked|as instructed|as specified",
    )
}

/// Whether the sentence reports work beyond the request.
fn extra_work(sentence: &str) -> bool {
    (GOING_FURTHER
        .occurrences(sentence)
        .into_iter()
        .any(|(at, p)| going_further(sentence, at, p.len()))
        || also_changed(sentence))
        && !requested(sentence)
}

pub fn measure(ctx: &Ctx) -> Signal {
    let lines: Vec<&str> = ctx.prose.lines().gather();
    let mut evidence = Vec::new();
    let mut units = 0.0;
    for (n, line) in lines.iter().enumerate() {
        for sentence in sentences(line) {
            // One hit per sentence, however many markers it holds.
            if !extra_work(sentence) {
                continue;
            }
            units += 1.0;
            // A list the sentence introduces is the extra work itself, item by item.
            let listed = if sentence.trim_end().ends_with(':') {
                items_after(&lines, n)
            } else {
                0
            };
            units += 0.5 * listed as f64;
            let quoted: String = sentence.trim().chars().take(80).gather_text();
            evidence.push(if listed > 0 {
                format!("\"{quoted}\", introducing {listed} listed changes")
            } else {
                format!("\"{quoted}\"")
            });
        }
    }
    Signal::new(NAME, units / 3.0, evidence)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::{extra_work, items_after, sentences};

    fn fires(s: &str) -> bool {
        sentences(s).iter().any(|x| extra_work(x))
    }

    #[test]
    fn a_change_beyond_the_request_is_extra_work() {
        for s in [
            "I also renamed the helper.",
            "Also rewrote the parser.",
            "Also, I refactored the cache layer.",
            "I've also moved the constants into one module.",
            "I have also rewritten the retry loop.",
            "I also quickly migrated the old handlers.",
            "I additionally removed the legacy flag.",
            "I also added retries to the uploader.",
            "While I was at it, I renamed the config keys.",
            "I went ahead and upgraded the ORM.",
            "I've gone ahead and replaced the logger.",
            "I took the liberty of reorganising and renamed two modules.",
            "Additionally, I converted the callbacks to async functions.",
            "I also trimmed the build matrix.",
            "We took the opportunity to simplify the router.",
        ] {
            assert!(fires(s), "{s}");
        }
    }

    #[test]
    fn looking_tests_and_other_subjects_are_not_extra_work() {
        for s in [
            "I also checked the other callers.",
            "I also noticed a stale link in the docs.",
            "I also double-checked the migration on a copy.",
            "I also reproduced the bug first.",
            "The parser also handled tabs.",
            "This is also needed by the tests.",
            "I also added a test for the empty case.",
            "Also added unit tests.",
            "I also changed nothing else.",
            "I also made sure the old API still works.",
            "Additionally, it now returns the count.",
            "In addition, integration tests pass.",
            "The CLI extended help text is unchanged.",
            "Additionally, I ran cargo clippy.",
            "In addition, I added a regression test.",
            "I went ahead and ran the benchmarks.",
            "The overlay is drawn on top of that list.",
            "I also updated the docstring, as requested.",
            "While doing this, I noticed a race in the scheduler.",
            "I also tried a smaller batch size.",
            "I also inspected the generated SQL.",
            "I extended the test to cover the empty list.",
            "I also documented nothing new.",
            "I kept the change small while doing this, touching only one file.",
        ] {
            assert!(!fires(s), "{s}");
        }
    }

    #[test]
    fn sentences_keep_file_names_and_versions_whole() {
        assert_eq!(
            sentences(
                "Additionally, I updated config.yaml and also renamed utils.py helpers. Done."
            ),
            vec![
                "Additionally, I updated config.yaml and also renamed utils.py helpers.",
                " Done."
            ]
        );
        assert_eq!(
            sentences("I also bumped these in v1.2:"),
            vec!["I also bumped these in v1.2:"]
        );
    }

    #[test]
    fn items_under_a_line_are_counted_to_the_first_other_line() {
        let lines = [
            "So I went further:",
            "",
            "- one",
            "  continued",
            "2. two",
            "• three",
            "",
            "- not this",
        ];
        assert_eq!(items_after(&lines, 0), 3);
    }
}
