//! What kind of deliverable the instructions expect and the result is: code, prose (a summary,
//! an explanation, a comparison, docs). A comparison asked for and code delivered is drift.

use super::phrases::{PhraseGroups, Phrases};
use super::text;
use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::drift::text::Lower;
use crate::gather::Gather;
use crate::gather::Keep;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Modality {
    Code,
    Tests,
    Comparison,
    Summary,
    Docs,
    Diagnosis,
    Unknown,
}

const CODE_STARTS: &str = "def |class |function |import |from |const |let |var |return |if (|for (|async |export |public |private |fn |#include|@|}|interface |struct |impl ";

/// The info string of a fence line ("json" for "```json"), `None` for any other line: the one
/// reading of "```" for [`fence_lines`] and [`fenced_blocks`].
fn fence_info(line: &str) -> Option<&str> {
    line.trim_start().strip_prefix("```").map(str::trim)
}

/// The lines of `text` that are not fences, each with its byte offset and whether it stands
/// inside a fenced block: the reading [`fenced_ranges`] and [`code_lines`] share.
fn fence_lines(text: &str) -> impl Iterator<Item = (usize, &str, bool)> {
    let mut in_fence = false;
    let mut at = 0;
    text.split('\n').filter_map(move |line| {
        let start = at;
        at += line.len() + 1;
        if fence_info(line).is_some() {
            in_fence = !in_fence;
            return None;
        }
        Some((start, line, in_fence))
    })
}

/// A fenced code block of a text.
pub struct Fenced<'a> {
    /// What follows the opening fence ("json", "mermaid"; empty for none).
    pub info: &'a str,
    /// The lines between the fences.
    pub body: &'a str,
    /// From the opening fence's start to the closing fence's end (the text's end when open).
    pub outer: (usize, usize),
    pub closed: bool,
}

/// The fenced code blocks of `text` that `keep` holds for, in order: the filter loop over the
/// blocks compiled once, not once per rule that picks some.
pub fn fenced_where<'a>(text: &'a str, keep: impl FnMut(&Fenced<'a>) -> bool) -> Vec<Fenced<'a>> {
    let mut blocks = fenced_blocks(text);
    blocks.keep(keep);
    blocks
}

/// The fenced code blocks of `text`, in order, as [`fence_lines`] reads the fences.
pub fn fenced_blocks(text: &str) -> Vec<Fenced<'_>> {
    let mut out = Vec::new();
    // The open block's fence start, info and body start.
    let mut open: Option<(usize, &str, usize)> = None;
    let mut at = 0;
    for line in text.split('\n') {
        let start = at;
        at += line.len() + 1;
        let Some(info) = fence_info(line) else {
            continue;
        };
        match open.take() {
            None => open = Some((start, info, at.min(text.len()))),
            Some((from, info, body)) => out.push(Fenced {
                info,
                body: text.get(body..start).unwrap_or_default(),
                outer: (from, (start + line.len()).min(text.len())),
                closed: true,
            }),
        }
    }
    if let Some((from, info, body)) = open {
        out.push(Fenced {
            info,
            body: text.get(body..).unwrap_or_default(),
            outer: (from, text.len()),
            closed: false,
        });
    }
    out
}

/// Byte ranges of the lines inside fenced code blocks (the fences themselves left out): what a
/// text certainly quotes as program, unlike [`code_lines`], which also guesses from a line's
/// look ("Changed the limit (MAX = 5)" looks like code).
pub fn fenced_ranges(text: &str) -> Vec<(usize, usize)> {
    fence_lines(text)
        .filter(|&(_, _, fenced)| fenced)
        .map(|(at, line, _)| (at, at + line.len()))
        .gather()
}

/// Lines that look like code.
pub fn code_lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (_, line, in_fence) in fence_lines(text) {
        let t = line.trim();
        let looks = text::starts_with_any(t, CODE_STARTS)
            || t.ends_with('{')
            || t.ends_with(';')
            || (t.has(" = ") && t.contains('(') && !t.has(". "))
            || (t.ends_with(':') && (t.starts_any("def |class |for |if |while ")))
            || (line.starts_with("    ") && t.contains('(') && !t.has(". "));
        if (in_fence || looks) && !t.is_empty() {
            out.push(t);
        }
    }
    out
}

/// A text's code lines, found once and shared by every check that asks about code.
pub struct Code<'a> {
    pub lines: Vec<&'a str>,
    nonempty: usize,
    fenced: bool,
}

impl<'a> Code<'a> {
    pub fn of(text: &'a str) -> Self {
        Code {
            lines: code_lines(text),
            nonempty: text.lines().filter(|l| !l.trim().is_empty()).count(),
            fenced: text.has("```"),
        }
    }

    /// Whether the text contains code: a fenced block, or two or more code-like lines.
    pub fn present(&self) -> bool {
        self.fenced || self.lines.len() >= 2
    }

    /// Share of the non-empty lines that are code.
    pub fn share(&self) -> f64 {
        if self.nonempty == 0 {
            return 0.0;
        }
        self.lines.len() as f64 / self.nonempty as f64
    }
}

/// Verbs and nouns that, in one sentence, ask for code ("implement a parser", "add an endpoint").
static CODE_VERBS: Phrases =
    Phrases::new("create|write|implement|build|add|change|migrate|refactor|need a|give me");
static CODE_NOUNS: Phrases = Phrases::new(CODE_NOUN_CUES);
const TESTS: &str = "unit test|add tests|write tests|test cases|add a test";
const COMPARISON: &str =
    "compare|comparison|research|pros and cons|evaluate the options|recommendation";
const DOCS: &str = "readme|document the|documentation|documenting";
const DIAGNOSIS: &str = "find the cause|root cause|why the|investigate|diagnose";
const SUMMARY: &str =
    "summarize|summarise|explain|describe|propose|in one paragraph|overview|summary of";
const CODE_WORK: &str = "migrate|refactor|snippet|one-liner";

/// The cues above, in one pass over the instructions.
static CUES: PhraseGroups<7> = PhraseGroups::new([
    TESTS,
    COMPARISON,
    DOCS,
    DIAGNOSIS,
    SUMMARY,
    CODE_WORK,
    CODE_NOUN_CUES,
]);
const CODE_NOUN_CUES: &str = "function|helper|method|class |script|one-liner|endpoint|module";

pub fn expected(instructions: &str) -> Modality {
    let l = instructions.lower();
    // A request to build code decides, even when the text also says "explain" (in a docstring).
    let [tests, comparison, docs, diagnosis, summary, code_work, code_nouns] = CUES.present(&l);
    let code_request = code_nouns
        && text::sentences(&l)
            .iter()
            .any(|(_, s)| CODE_VERBS.any(s) && CODE_NOUNS.any(s));
    if tests {
        Modality::Tests
    } else if code_request {
        Modality::Code
    } else if comparison {
        Modality::Comparison
    } else if docs {
        Modality::Docs
    } else if diagnosis {
        Modality::Diagnosis
    } else if summary {
        Modality::Summary
    } else if code_work {
        Modality::Code
    } else {
        Modality::Unknown
    }
}

pub fn delivered(result: &str, code: &Code) -> Modality {
    let share = code.share();
    if share >= 0.5 {
        if result.has_any("assert|test_|describe(|it(") {
            Modality::Tests
        } else {
            Modality::Code
        }
    } else {
        Modality::Summary
    }
}

/// A reason when the delivered kind does not fit the expected one.
/// `named`: the identifiers of the instructions (lowercased), whose file paths a reported
/// artifact must match.
pub fn mismatch(expected: Modality, result: &str, code: &Code, named: &[String]) -> Option<String> {
    let share = code.share();
    let code = code.present();
    match expected {
        Modality::Code | Modality::Tests
            if !code
                && share < 0.2
                && !reports_artifact(result, expected == Modality::Tests, named) =>
        {
            Some(format!(
                "{} asked for, but the result is prose without code",
                if expected == Modality::Tests {
                    "Tests were"
                } else {
                    "Code was"
                }
            ))
        }
        Modality::Comparison | Modality::Summary | Modality::Diagnosis if share >= 0.5 => Some(
            "A comparison or explanation was asked for, but the result is mostly code".to_string(),
        ),
        Modality::Diagnosis if !text::contains_any(result.lower(), CAUSAL) => {
            Some("A diagnosis was asked for, but the result names no cause".to_string())
        }
        _ => None,
    }
}

/// Verbs that ask for a change, in their base form: a request holding none of them ("What does
/// `--frozen-lockfile` do? Just explain it.") asks to be told, not for work on the files. Verbs
/// that are as often nouns of the pipeline ("the install step", "the build", "a commit") are
/// left out; "change" and "update" stay, so "what change broke it?" is not read (silence).
const CHANGE_REQUESTS: &str = "add|apply|bump|change|clean|convert|create|delete|disable|edit|enable|fix|implement|make|merge|migrate|modify|move|patch|refactor|remove|rename|replace|resolve|rewrite|set|translate|update|upgrade|downgrade|write";
/// Words a question opens with when it asks to be told ("what", "why", "does …?"); "can you …?"
/// and "could you …?" ask for work.
const TELLING_QUESTIONS: &str = "what|why|how|which|where|when|who|does|do|is|are|was|were";

/// A reason when a request that asks only to be told (an explanation, a summary, a comparison,
/// a diagnosis, or a question with no kind named) gets a report of files the child changed.
/// The words of the request are read whole, outside inline code.
pub fn unasked_change(expected: Modality, task: &str, result: &str) -> Option<String> {
    let telling = match expected {
        Modality::Summary | Modality::Comparison | Modality::Diagnosis => true,
        Modality::Unknown => text::sentences(task).iter().any(|(_, s)| {
            s.ends_with('?')
                && s.split_whitespace()
                    .next()
                    .is_some_and(|w| text::one_of_in(w, TELLING_QUESTIONS))
        }),
        Modality::Code | Modality::Tests | Modality::Docs => false,
    };
    if !telling {
        return None;
    }
    let code = text::inline_code_spans(task);
    let asks_change = text::word_runs(task, |b| b.is_ascii_alphabetic())
        .any(|(at, w)| !text::in_spans(&code, at) && text::one_of_in(w, CHANGE_REQUESTS));
    if asks_change {
        return None;
    }
    super::constraints::changed_a_file(result, &[])
        .map(|_| "An answer was asked for, but the result reports changing files".to_string())
}

/// Source files the result says it wrote: code lives in files, and a child's completion summary
/// names them instead of pasting them (seed 000 §5.1, artifact referencing). For tests, the file
/// must look like a test file; when the instructions name source files, it must be one of them
/// (a fix reported in another file is the wrong target, not a delivery).
fn reports_artifact(result: &str, tests: bool, named: &[String]) -> bool {
    const EXTENSIONS: &str =
        "ts|tsx|js|jsx|mjs|cjs|py|rs|go|java|kt|rb|cs|cpp|c|h|swift|php|sql|sh|vue|svelte";
    const WROTE: &str =
        "add|creat|implement|wrot|writ|updat|modifi|chang|refactor|rewrot|extend|fix|replac|migrat|convert|remov|renam|switch";
    let is_source = |id: &str| {
        id.rsplit_once('.')
            .is_some_and(|(_, ext)| crate::drift::text::in_list(EXTENSIONS, ext))
    };
    let named_sources: Vec<&String> = named.iter().filter(|n| is_source(n)).gather();
    // A test file named in a report is the tests; other code needs a writing verb.
    if tests {
        let test_file = |id: &str| is_source(id) && (id.has_any("test|spec"));
        return super::text::file_report(result, None, test_file).is_some();
    }
    super::text::file_report(result, Some(text::parts(WROTE)), |id| {
        is_source(id) && (named_sources.is_empty() || named_sources.iter().any(|n| *n == id))
    })
    .is_some()
}

/// Words a diagnosis uses to name a cause.
const CAUSAL: &str =
    "cause|because|due to|the bug|happens when|results in|leads to|which means|the problem is|the issue is";

#[cfg(test)]
mod tests {
    use super::{expected, fenced_blocks, unasked_change};

    #[test]
    fn fenced_blocks_are_read_as_code_lines_reads_the_fences() {
        let text = "Intro\n```json\n{\"a\": 1}\n```\nmid\n  ```mermaid\nflowchart LR\n";
        let blocks = fenced_blocks(text);
        assert_eq!(blocks.len(), 2);
        let (json, open) = (&blocks[0], &blocks[1]);
        assert_eq!(
            (json.info, json.body, json.closed),
            ("json", "{\"a\": 1}\n", true)
        );
        assert_eq!(
            text.get(json.outer.0..json.outer.1),
            Some("```json\n{\"a\": 1}\n```")
        );
        // A block left open runs to the end, as `code_lines` reads it.
        assert_eq!(
            (open.info, open.body, open.closed),
            ("mermaid", "flowchart LR\n", false)
        );
        assert_eq!(open.outer.1, text.len());
        assert!(fenced_blocks("no fences here").is_empty());
    }

    #[test]
    fn a_request_to_be_told_that_gets_a_change_report_is_a_mismatch() {
        let report = "I removed `--frozen-lockfile` from `.github/workflows/ci.yml`; CI is green.";
        for task in [
            "What does `--frozen-lockfile` do in our CI install step?",
            "Explain why the nightly export runs twice.",
            "Give me a summary of what changed between v1.8 and v1.9.",
        ] {
            assert!(
                unasked_change(expected(task), task, report).is_some(),
                "{task}"
            );
            let told = "It makes `yarn install` fail instead of updating `yarn.lock`.";
            // Others' changes told verb first, or in the passive, are no report of the child's.
            for others in [
                "- Removed the `--legacy` flag from `cli/main.py`.\n- Bumped `requests` in `requirements.txt`.",
                "The cron line was duplicated when `deploy/cron.yaml` was updated in March.",
            ] {
                assert!(unasked_change(expected(task), task, others).is_none(), "{task} / {others}");
            }
            assert!(
                unasked_change(expected(task), task, told).is_none(),
                "{task}"
            );
        }
        // A request that also asks for work, or names no kind and asks no question.
        for task in [
            "Explain why the nightly export runs twice and fix it.",
            "Why does CI fail? Update `ci.yml` if the flag is the cause.",
            "The flag `--frozen-lockfile` in CI.",
            "Can you make the retry loop in `client.py` honour `Retry-After`?",
            "Could you tidy the imports in `api/views.py`?",
            "Upgrade lodash to 4.17.21 and describe any breaking changes.",
        ] {
            assert!(
                unasked_change(expected(task), task, report).is_none(),
                "{task}"
            );
        }
    }
}
