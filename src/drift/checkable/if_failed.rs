//! A heading asked for failing tests: "If any test fails, list the failing tests under a
//! `## Failures` heading". Its condition is read from the reply: a count of failed tests of
//! one or more ("2 failed, 46 passed", "two of the tests failed", a `FAILED` line), and no
//! word that every test passes in the end ("0 failed", "all tests pass"). Skipped or
//! expected failures are not failures.

use super::has_any_in;
use crate::drift::text::Has;
use crate::gather::Keep;

/// The heading's name a sentence asks for when a test fails.
pub fn asked(sentence: &str, lower: &str) -> Option<String> {
    if !(has_any_in(
        lower,
        "if any test fails|if a test fails|if any tests fail|if one or more tests fail|if any of the tests fail|if tests fail|if anything fails|if any test failed",
    ) || test_in_fails(lower))
        || !has_any_in(lower, "heading|section|##")
    {
        return None;
    }
    // The name in code or quotes: "`## Failures`", "'Failing tests'"; one written as a
    // heading first, and never a path or a test's name ("If a test in `tests/api/` fails").
    let mut spans = crate::drift::text::quoted_spans(
        sentence,
        &[
            '`', '"', '\'', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}',
        ],
    );
    for n in &mut spans {
        *n = n.trim();
    }
    let spans = spans.kept(|n| {
        !n.is_empty() && n.split_whitespace().count() <= 4 && !n.contains(&['/', '.', '_', ':'][..])
    });
    let name = spans
        .iter()
        .find(|n| n.starts_with('#'))
        .or(spans.first())?;
    Some(name.trim_start_matches('#').trim().to_string())
}

/// "If any test in `tests/api/` fails": the condition's clause, up to its comma, names a
/// failure.
fn test_in_fails(lower: &str) -> bool {
    crate::drift::text::parts("if any test in |if a test in |if any tests in ")
        .iter()
        .filter_map(|cue| lower.split_once(cue))
        .any(|(_, rest)| {
            // A path's dot ("`tests/api.py`") does not end the clause; a few words do.
            rest.split(&[',', ';', '\n'][..])
                .next()
                .is_some_and(|clause| {
                    clause
                        .split_whitespace()
                        .take(10)
                        .any(|w| w.starts_with("fail"))
                })
        })
}

const NUMBER_WORDS: &str = "one|two|three|four|five|six|seven|eight|nine|ten";

/// Whether the reply reports a test that fails.
pub fn failed(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    if has_any_in(
        &lower,
        "0 failed|failed: 0|failures: 0|failing: 0|0 failures|0 failing|no failures|no test failed|no tests failed|none failed|all tests pass|all tests are passing|all passed|all pass|0 tests failed",
    ) {
        return false;
    }
    if text
        .lines()
        .any(|l| l.trim_start().starts_with("FAILED ") || l.has(" FAILED ["))
    {
        return true;
    }
    // Words read within one line's clause: "(… Postgres 14)\n- Failed: 0" is no "14 failed".
    lower
        .split(&['\n', '.', ';', ':', '(', ')', '|'][..])
        .any(reports_failure)
}

/// Whether a clause counts failed tests of one or more.
fn reports_failure(clause: &str) -> bool {
    let ws: Vec<&str> = crate::drift::text::alnum_words(clause);
    let count = |w: &str| {
        w.parse::<u32>().is_ok_and(|n| n > 0) || crate::drift::text::in_list(NUMBER_WORDS, w)
    };
    ws.iter().enumerate().any(|(i, w)| {
        if !crate::drift::text::in_list("failed|failing|failures|fail|fails", *w) {
            return false;
        }
        // ("2 failed logins": a count of something else.)
        if ws.get(i + 1).is_some_and(|next| {
            !next.starts_with(crate::drift::text::digit_char)
                && !crate::drift::text::in_list(
                "and|or|in|on|at|with|after|because|due|when|while|since|so|but|for|during|locally|again|under|the|of|out|to|test|tests",
                next,
            )
        }) {
            return false;
        }
        let at = |k: usize| i.checked_sub(k).and_then(|j| ws.get(j)).copied().unwrap_or("");
        // "2 failed", "2 tests failed", "a test failed", "2 of the tests failed", "2 of 48
        // tests failed".
        match [at(1), at(2), at(3), at(4)] {
            [n, ..] if count(n) => true,
            ["test" | "tests", n, ..] if count(n) || crate::drift::text::in_list("a|one", n) => true,
            ["tests", "the", "of", n] | ["tests", _, "of", n] => count(n),
            _ => false,
        }
    })
}

/// Whether the reply has the heading (a markdown heading, a bold line or a label line).
pub fn has_heading(name: &str, text: &str) -> bool {
    let name = name.to_ascii_lowercase();
    text.lines().any(|l| {
        let bare = l
            .trim()
            .trim_start_matches('#')
            .trim()
            .trim_matches(&['*', '_'][..])
            .trim()
            .trim_end_matches(':')
            .trim_matches(&['*', '_'][..])
            .to_ascii_lowercase();
        bare == name
            || (bare.starts_with(&name)
                && bare.len() <= name.len() + 24
                && bare
                    .get(name.len()..)
                    .is_some_and(|r| r.starts_with(&[' ', '(', ':'][..])))
    })
}
