//! "Only files X": a message that limits its changes to named files or folders ("only edit
//! files under `docs/`", "limit your changes to `src/parser.rs`", "do not touch anything
//! outside `lib/`"), and the files a result reports changing outside them.
//!
//! Silence over a guess: a limit is read only where a limiting phrase and at least one path
//! share a sentence, and a result breaks it only with a path that names its folder
//! (`src/router.ts`, not a bare `router.ts`) in a sentence that reports a change, not negated.

use super::constraints::Violation;
use super::text;

/// A limit of the message: its sentence and the files or folders it allows.
#[derive(Debug, Clone, PartialEq)]
pub struct Limit {
    pub text: String,
    allowed: Vec<String>,
}

/// Verbs of a change to a file, in a message's limit and in a result's report.
const CHANGE_VERBS: [&str; 8] = [
    "edit", "chang", "modif", "touch", "updat", "writ", "rewrit", "wrot",
];
/// What a result reports doing to a file (a new file is a change too).
const REPORTED_VERBS: [&str; 13] = [
    "edit", "chang", "modif", "touch", "updat", "rewrit", "rewrot", "add", "creat", "delet",
    "remov", "renam", "refactor",
];
/// Phrases that limit where changes may go; the paths after them are the allowed ones.
const LIMITS: [&str; 8] = [
    "limit your changes to",
    "limit changes to",
    "limit the changes to",
    "restrict your changes to",
    "restrict changes to",
    "changes must stay",
    "changes should stay",
    "only the files",
];
/// Negated "outside": "do not touch anything outside `lib/`".
const OUTSIDE: [&str; 3] = [" outside ", " outside of ", " beyond "];

/// The message's file limits.
pub fn limits(instructions: &str) -> Vec<Limit> {
    let mut out = Vec::new();
    // Most messages hold no limiting word: one lowercased copy to find out.
    let lower = instructions.to_ascii_lowercase();
    if !text::contains(&lower, "only")
        && !LIMITS
            .iter()
            .chain(OUTSIDE.iter())
            .any(|p| text::contains(&lower, p.trim()))
    {
        return out;
    }
    for (_, sentence) in text::sentences(instructions) {
        if out.len() >= super::constraints::MAX_CONSTRAINTS {
            break;
        }
        // ASCII lowercasing keeps byte offsets.
        let lower = sentence.to_ascii_lowercase();
        let Some(from) = cue(&lower) else { continue };
        let allowed: Vec<String> = paths(sentence.get(from..).unwrap_or_default())
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        if !allowed.is_empty() {
            out.push(Limit {
                text: sentence.trim().to_string(),
                allowed,
            });
        }
    }
    out
}

/// Where the limiting phrase of a lowercased sentence starts, if it has one: "only" next to a
/// change verb ("only edit", "edit only", "change only"), "only files in/under", a LIMITS
/// phrase, or a negated change verb before "outside".
fn cue(lower: &str) -> Option<usize> {
    if let Some(at) = LIMITS.iter().filter_map(|p| lower.find(p)).min() {
        return Some(at);
    }
    let words: Vec<(usize, &str)> = text::word_runs(lower, |b| b.is_ascii_alphanumeric()).collect();
    let is_change = |w: &str| CHANGE_VERBS.iter().any(|v| w.starts_with(v));
    for (i, &(at, w)) in words.iter().enumerate() {
        if w != "only" {
            continue;
        }
        let next = words.get(i + 1).map(|&(_, w)| w).unwrap_or_default();
        let prev = i
            .checked_sub(1)
            .and_then(|j| words.get(j))
            .map(|&(_, w)| w)
            .unwrap_or_default();
        let files_in = matches!(next, "files" | "file")
            && words
                .get(i + 2)
                .is_some_and(|&(_, w)| matches!(w, "in" | "under" | "within"));
        if is_change(next) || is_change(prev) || files_in {
            return Some(at);
        }
    }
    // "Do not change anything outside `lib/`": a negation and a change verb before "outside".
    let outside = OUTSIDE.iter().filter_map(|p| lower.find(p)).min()?;
    let before = lower.get(..outside).unwrap_or_default();
    let negated = ["do not", "don't", "never", "must not", "should not"]
        .iter()
        .any(|n| before.contains(n));
    (negated && text::word_runs(before, |b| b.is_ascii_alphanumeric()).any(|(_, w)| is_change(w)))
        .then_some(outside)
}

/// Paths in `s` with their byte offsets: tokens with a '/' ("docs/", "src/api/list.ts") or a
/// file name with an extension ("parser.rs"), without the quotes, backticks and punctuation
/// around them, lowercased. URLs are not paths.
fn paths(s: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (at, raw) in text::word_runs(s, |b| {
        b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'-')
    }) {
        let token = raw
            .trim_start_matches(['.', '-'])
            .trim_end_matches(['.', '-']);
        if token.contains("//") || token.len() < 3 {
            continue;
        }
        let file = token.rsplit_once('.').is_some_and(|(stem, ext)| {
            let stem = stem.rsplit('/').next().unwrap_or(stem);
            stem.len() >= 2
                && stem.bytes().any(|b| b.is_ascii_alphabetic())
                && (1..=5).contains(&ext.len())
                && ext.bytes().all(|b| b.is_ascii_alphanumeric())
                && ext.bytes().any(|b| b.is_ascii_alphabetic())
        });
        let folder = token.contains('/') && token.bytes().any(|b| b.is_ascii_alphabetic());
        if file || folder {
            out.push((at, token.trim_start_matches("./").to_ascii_lowercase()));
        }
    }
    out
}

/// Whether `path` lies within `allowed` (a file, or a folder with or without its '/').
fn within(path: &str, allowed: &str) -> bool {
    let a = allowed.trim_end_matches('/');
    path == a
        || path
            .strip_prefix(a)
            .is_some_and(|rest| rest.starts_with('/'))
        // An allowed bare file name ("parser.rs") matches it in any folder.
        || (!a.contains('/') && path.rsplit('/').next() == Some(a))
}

/// The files a result reports changing outside each limit.
pub fn check(limits: &[Limit], result: &str) -> Vec<Violation> {
    if limits.is_empty() {
        return Vec::new();
    }
    let reported: Vec<(String, &str)> = text::sentences(result)
        .into_iter()
        .map(|(_, s)| s)
        .filter(|s| reports_a_change(s))
        .flat_map(|s| {
            paths(s)
                .into_iter()
                .filter(|(_, p)| p.contains('/') && !p.ends_with('/'))
                .map(move |(_, p)| (p, s))
        })
        .collect();
    limits
        .iter()
        .filter_map(|limit| {
            let (path, sentence) = reported
                .iter()
                .find(|(p, _)| !limit.allowed.iter().any(|a| within(p, a)))?;
            Some(Violation {
                constraint: limit.text.clone(),
                reason: format!(
                    "the result changes {path}, outside {}",
                    limit.allowed.join(", ")
                ),
                evidence: Some(sentence.trim().chars().take(120).collect()),
            })
        })
        .collect()
}

/// A sentence that reports a change: a change verb standing alone, outside inline code, not
/// negated in its clause ("Nothing else was changed", "did not touch `src/`").
fn reports_a_change(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    let code = text::inline_code_spans(sentence);
    text::word_runs(sentence, |b| b.is_ascii_alphanumeric()).any(|(at, w)| {
        REPORTED_VERBS
            .iter()
            .any(|v| w.get(..v.len()).is_some_and(|p| p.eq_ignore_ascii_case(v)))
            && text::stands_alone(sentence, at, w)
            && !text::in_spans(&code, at)
            && !super::constraints::negated(&lower, at, w)
    })
}

#[cfg(test)]
mod tests {
    use super::{check, limits};

    #[test]
    fn a_limit_names_its_paths_and_a_result_outside_them_breaks_it() {
        let l = limits("Fix the broken links in the guides. Only edit files under `docs/`.");
        assert_eq!(l.len(), 1);
        let inside = "Fixed 7 links in `docs/guides/setup.md` and `docs/guides/deploy.md`.";
        assert!(check(&l, inside).is_empty());
        let outside =
            "Fixed the links in `docs/guides/setup.md`, and updated `src/router.ts` to redirect.";
        let v = check(&l, outside);
        assert_eq!(v.len(), 1);
        assert!(v[0].reason.contains("src/router.ts"), "{:?}", v);
    }

    #[test]
    fn other_phrasings_of_a_limit() {
        for message in [
            "Limit your changes to `src/parser.rs`.",
            "Change only `src/parser.rs`; the lexer is frozen.",
            "Do not modify anything outside `src/parser.rs`.",
        ] {
            let l = limits(message);
            assert_eq!(l.len(), 1, "{message}");
            assert!(check(&l, "Rewrote `src/parser.rs` to recover from errors.").is_empty());
            assert_eq!(
                check(&l, "I also changed `src/lexer.rs`.").len(),
                1,
                "{message}"
            );
        }
    }

    #[test]
    fn silence_where_the_limit_or_the_change_is_not_stated() {
        // "Only" without a change verb next to it, or without a path: no limit.
        for message in [
            "Only perform the work outlined in these instructions.",
            "Fix the bug in `src/a.ts`; the error path is the only part that should behave differently.",
            "Only edit what you need to.",
        ] {
            assert!(limits(message).is_empty(), "{message}");
        }
        let l = limits("Only edit files under `docs/`.");
        // Negated, a bare file name, a path read but not changed: none breaks it.
        for result in [
            "I did not touch `src/router.ts`.",
            "Nothing in `src/` was changed.",
            "Fixed the links; `router.ts` still redirects the old URLs.",
            "The links point at `src/guide.md` in the old layout; fixed them in `docs/guide.md`.",
        ] {
            assert!(
                check(&l, result).is_empty(),
                "{result}: {:?}",
                check(&l, result)
            );
        }
    }
}
