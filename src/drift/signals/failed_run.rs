//! Failed run: the last test or build run the result shows ended in failures. A report that
//! pastes a run whose outcome is "1 failed" has not delivered a passing change, whatever its
//! prose says of it; a run that failed and was then fixed and re-run ends on its passing line.
//!
//! The outcome markers are those of common test runners and build tools (counts of failed or
//! passed tests, the upper-case FAIL/PASS words, TAP's "not ok", cross and check marks), read
//! only where a run's output stands: fenced blocks that are not source code (where `FAILED` is
//! a name), table rows, and what follows a command in inline code and an arrow ("`npm test` →
//! 46 passed, 2 failed"). Other prose is not read: "fixed the 3 failing tests" tells of a run,
//! and a claim that all is green is what the shown run is checked against.

use super::{Ctx, Signal};
use crate::drift::text::Clip;
use crate::drift::text::Has;
use crate::drift::text::{one_of_in, word_runs};
use crate::gather::Gather;

pub const NAME: &str = "failed_run";

/// Words a count of failures goes with ("3 failed", "2 failing").
const FAILED: &str = "failed|failing";
/// Words that count failures only on a line about tests ("1 error" is not always a test's).
const FAILURES: &str = "failure|failures|error|errors";
/// What makes a line about tests.
const TEST_WORDS: &str =
    "test|tests|spec|specs|example|examples|suite|suites|assertion|assertions|check|checks";
const PASSED: &str = "passed|passing";
/// Fence languages whose blocks are output, not source (a block without one is output too).
const OUTPUT_FENCES: &str = "text|txt|console|shell|sh|bash|zsh|output|log|plaintext|terminal";

#[derive(Debug, Clone, Copy, PartialEq)]
enum Outcome {
    Failed,
    Passed,
}

fn is_count(w: &str, positive: bool) -> bool {
    !w.is_empty()
        && w.bytes().all(|b| b.is_ascii_digit())
        && (!positive || w.bytes().any(|b| b != b'0'))
}

/// The outcome one line states, if any: a failure wins over a pass on the same line
/// ("12 passed, 1 failed").
fn outcome(line: &str) -> Option<Outcome> {
    let t = line.trim();
    if t.starts_with("not ok ") || t.contains(&['❌', '✗', '✘'][..]) {
        return Some(Outcome::Failed);
    }
    let words: Vec<(usize, &str)> = word_runs(t, crate::drift::text::alnum_underscore).gather();
    let about_tests = words.iter().any(|(_, w)| one_of_in(w, TEST_WORDS));
    let mut passed = false;
    for (i, &(at, w)) in words.iter().enumerate() {
        if w == "FAIL" || w == "FAILED" {
            return Some(Outcome::Failed);
        }
        if crate::drift::text::in_list("PASS|PASSED|SUCCESS|SUCCESSFUL", w) {
            passed = true;
        }
        let Some(&(next_at, next)) = words.get(i + 1) else {
            continue;
        };
        let gap = t.get(at + w.len()..next_at).unwrap_or("");
        // "3 failed", "2 failing", "1 failure" on a line about tests; "0 failed" is a pass.
        if is_count(w, false) && gap.trim().is_empty() {
            let failed = one_of_in(next, FAILED) || (about_tests && one_of_in(next, FAILURES));
            if failed && is_count(w, true) {
                return Some(Outcome::Failed);
            }
            if failed || one_of_in(next, PASSED) {
                passed = true;
            }
        }
        // "Failures: 1", "failed=2".
        let counted = one_of_in(w, FAILED) || one_of_in(w, FAILURES);
        if counted && crate::drift::text::in_list(":|=", gap.trim()) {
            if is_count(next, true) {
                return Some(Outcome::Failed);
            }
            if is_count(next, false) {
                passed = true;
            }
        }
    }
    if passed
        || t.starts_with("ok ")
        || t.has("test result: ok")
        || t.contains(&['✅', '✓', '✔'][..])
    {
        return Some(Outcome::Passed);
    }
    None
}

/// The last line of `text`'s run output (output fences, table rows) that states an outcome.
fn last_outcome(text: &str) -> Option<(Outcome, &str)> {
    let mut last = None;
    let mut fence: Option<bool> = None; // Some(is_output) inside a fence
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(info) = t.strip_prefix("```").or_else(|| t.strip_prefix("~~~")) {
            fence = match fence {
                Some(_) => None,
                None => {
                    let lang = info.split_whitespace().next().unwrap_or("");
                    Some(lang.is_empty() || one_of_in(lang, OUTPUT_FENCES))
                }
            };
            continue;
        }
        let output = fence.unwrap_or_else(|| t.starts_with('|'));
        if !output {
            // In prose (not in a source fence), a command in inline code and an arrow quote its
            // run: "`npm test` → 12 passed, 1 failed".
            if fence.is_some() {
                continue;
            }
            for run in inline_runs(line) {
                if let Some(o) = outcome(run) {
                    last = Some((o, line.trim()));
                }
            }
            continue;
        }
        if let Some(o) = outcome(line) {
            last = Some((o, line.trim()));
        }
    }
    last
}

/// What follows "`command` →" (or "->", "=>") in a prose line, up to the end of its sentence or
/// clause: the run's output as the report quotes it.
fn inline_runs(line: &str) -> impl Iterator<Item = &str> {
    let ticks: Vec<usize> = line.match_indices('`').map(|(i, _)| i).gather();
    // Code spans: backticks in pairs, (opening, closing).
    let spans: Vec<(usize, usize)> = ticks
        .chunks_exact(2)
        .filter_map(|c| Some((*c.first()?, *c.get(1)?)))
        .gather();
    spans.into_iter().filter_map(move |(open, i)| {
        // The span must read as a command: words with a space ("npm test", "go test ./...") or
        // a test runner's name, not a setting or a value (`retry_limit` → 5).
        let span = line.get(open + 1..i)?;
        const RUNNERS: &str = "pytest|jest|vitest|mocha|tox|nox|rspec|phpunit|ctest|make";
        if !(span.trim().contains(' ') || crate::drift::text::in_list(RUNNERS, span.trim())) {
            return None;
        }
        let after = line.get(i + 1..)?.trim_start();
        let rest = crate::drift::text::strip_any(after, "\u{2192}|->|=>")?;
        // A runner's summary is short: looking further would make a line of arrows quadratic.
        let mut cap = rest.len().min(240);
        while !rest.is_char_boundary(cap) {
            cap -= 1;
        }
        let rest = rest.get(..cap)?;
        // To the end of the clause, the next code span or an aside ("(was 2 failed before)"):
        // the counts come first.
        let end = crate::drift::text::first_of(rest, ". |; |`|(").unwrap_or(rest.len());
        rest.get(..end)
    })
}

pub fn measure(ctx: &Ctx) -> Signal {
    match last_outcome(ctx.result) {
        Some((Outcome::Failed, line)) => Signal::new(
            NAME,
            1.0,
            vec![format!(
                "the last run shown ends in failures: {}",
                line.clip()
            )],
        ),
        _ => Signal::new(NAME, 0.0, Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::{last_outcome, outcome, Outcome};

    #[test]
    fn runner_summaries_are_read_as_their_outcome() {
        let failed = [
            "Tests: 2 failed, 40 passed, 42 total",
            "=== 1 failed, 17 passed in 0.42s ===",
            "  3 failing",
            "test result: FAILED. 9 passed; 1 failed; 0 ignored",
            "--- FAIL: TestParse (0.00s)",
            "FAILED (failures=1)",
            "Tests run: 12, Failures: 1, Errors: 0, Skipped: 0",
            "12 examples, 1 failure",
            "not ok 4 - rejects empty input",
            "| integration | ❌ timed out |",
        ];
        let passed = [
            "Tests: 42 passed, 42 total",
            "test result: ok. 10 passed; 0 failed; 0 ignored",
            "Tests run: 12, Failures: 0, Errors: 0, Skipped: 0",
            "ok  \texample.com/pkg\t0.012s",
            "BUILD SUCCESSFUL in 4s",
            "✓ renders the empty state",
            "8 passing (120ms)",
        ];
        let neither = [
            "Retries the request up to 3 times with a 2 s back-off.",
            "The probe allows 2 failures before restarting the pod.",
            "Added a STATUS_FAILED constant and a FailedJob type.",
            "Handles the 404 error and the 3 errors the parser reports.",
        ];
        let expected = [
            (&failed[..], Some(Outcome::Failed)),
            (&passed[..], Some(Outcome::Passed)),
            (&neither[..], None),
        ];
        for (lines, want) in expected {
            for line in lines {
                assert_eq!(outcome(line), want, "{line}");
            }
        }
    }

    #[test]
    fn the_last_run_shown_decides() {
        let fixed = "First run:\n```\n2 failed, 10 passed\n```\nFixed the fixture; re-run:\n```\n12 passed\n```";
        assert_eq!(last_outcome(fixed).map(|(o, _)| o), Some(Outcome::Passed));
        let broken =
            "All green.\n```console\n$ npm test\n11 passed, 1 failed\n```\nReady to merge.";
        assert_eq!(last_outcome(broken).map(|(o, _)| o), Some(Outcome::Failed));
        let table =
            "| job | result |\n|---|---|\n| lint | ✅ |\n| e2e | ❌ flaky |\n\nAll jobs pass.";
        assert_eq!(last_outcome(table).map(|(o, _)| o), Some(Outcome::Failed));
        assert_eq!(last_outcome("Implemented the parser."), None);
    }

    #[test]
    fn a_run_quoted_after_its_command_in_prose_is_a_run() {
        let failed = "Made `retry()` stop after 5 attempts. `npm test` \u{2192} 46 passed, 2 failed (`gives up`, `rethrows`). The suite passes.";
        assert_eq!(last_outcome(failed).map(|(o, _)| o), Some(Outcome::Failed));
        let passed = "`cargo test` -> 31 passed; `cargo clippy` is clean.";
        assert_eq!(last_outcome(passed).map(|(o, _)| o), Some(Outcome::Passed));
        // An arrow after prose, or after code that is no command, quotes no run; nor does an
        // aside, or a source fence.
        let told = "Renamed `load` \u{2192} `fetch_all`; the 2 failed imports were stale.";
        assert_eq!(last_outcome(told), None);
        let setting = "Raised `retry_limit` \u{2192} 5 so the 2 failing uploads go through.";
        assert_eq!(last_outcome(setting), None);
        let aside = "`npm test` \u{2192} 48 passed (was 46 passed, 2 failed before the fix).";
        assert_eq!(last_outcome(aside).map(|(o, _)| o), Some(Outcome::Passed));
        let scala = "```scala\ncase `expected run` => FAILED\n```";
        assert_eq!(last_outcome(scala), None);
    }

    #[test]
    fn prose_is_not_a_run() {
        let told =
            "Fixed the 2 failing tests; the 3 failed snapshots were stale. FAILED builds retry.";
        assert_eq!(last_outcome(told), None);
    }

    #[test]
    fn source_code_blocks_are_not_runs() {
        let code = "Added the states:\n```ts\nexport const FAILED = \"FAILED\";\n// 1 failed attempt\n```\nDone.";
        assert_eq!(last_outcome(code), None);
        let untyped = "```\nFAIL src/app.test.ts\n```";
        assert_eq!(last_outcome(untyped).map(|(o, _)| o), Some(Outcome::Failed));
    }
}
