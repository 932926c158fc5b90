//! A title's length in words: "PR title under 8 words", "the title must be at most seven words",
//! "Give the incident a title of at most six words", "Title it in 8 words or fewer". Checked on
//! the title the reply shows: a labelled line ("Title:", "**PR title:**"), a PR's quoted or bold
//! title after its number ("Opened PR #238: "…""), or, for a document's title, its first line
//! where that is a heading or a bold line. Not a bound of titles (plural), of a title with its
//! description, or one that a softener or the past tense marks (`admit` reads those).

use super::{bound, number, words_at, Rel};
use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::drift::text::{word_in, word_is};
use crate::gather::Gather;
use crate::gather::Keep;
use crate::gather::PushAll;

/// Words between "title" and the bound that make the bound another's or a shared one.
const SHARED: &str =
    "and|or|plus|description|body|summary|each|per|combined|together|total|subtitle";

/// The most words a sentence allows its title (lowercased sentence), with the noun the title
/// is said of where one stands right before it ("pr", "issue", "page"; empty for "the title").
pub(super) fn asked(lower: &str) -> Option<(usize, String)> {
    if !lower.has("title") || lower.has("title case") {
        return None;
    }
    let ws = words_at(lower);
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    let t = (0..ws.len()).find(|&i| word_is(&ws, i, "title"))?;
    // ("each title", "every section a title", "the job title", "under the title put …":
    // other titles, or a place.)
    let others =
        (t.saturating_sub(4)..t).any(|i| word_in(&ws, i, "each|every|all|any|per|their|his|her"));
    let of_a_part = t.checked_sub(1).is_some_and(|i| {
        crate::drift::text::in_list(
            "section|slide|chapter|job|column|field|song|track|book|episode|card|tab|menu|button|window|browser|meta|table|chart|figure|image",
            w(i),
        )
    });
    let place = t
        .checked_sub(2)
        .is_some_and(|i| word_in(&ws, i, "under|below|beneath|after|above|beside"));
    if others || of_a_part || place {
        return None;
    }
    // The bound's noun within a few words of "title", in its clause.
    // (Farther after a colon that opens the bound: "a title for the post about X: at most 8
    // words".)
    let colon = lower
        .get(ws.get(t)?.0..)
        .and_then(|r| r.split_once(": "))
        .is_some_and(colon_bound);
    let reach = if colon { 18 } else { 9 };
    let (k, hyphened) = (t + 1..(t + reach).min(ws.len())).find_map(|k| {
        let x = w(k);
        if crate::drift::text::in_list("word|words", x) {
            Some((k, None))
        } else {
            x.strip_suffix("-word")
                .and_then(number)
                .map(|n| (k, Some(n)))
        }
    })?;
    let between = lower.get(ws.get(t)?.0..ws.get(k)?.0)?;
    if between.contains(&[';', ',', '('][..]) || (t + 1..k).any(|i| word_in(&ws, i, SHARED)) {
        return None;
    }
    let after = |list: &'static str| crate::drift::text::in_list(list, w(k + 1));
    let n = match hyphened {
        // "an 8-word maximum".
        Some(n) => after("max|maximum|limit|cap").then_some(n)?,
        None => {
            let n = number(w(k.checked_sub(1)?))?;
            let or_fewer = word_in(&ws, k + 1, "or") && word_in(&ws, k + 2, "fewer|less|under");
            if or_fewer || after("max|maximum|tops") {
                n
            } else {
                match bound(lower, &ws, k)? {
                    (Rel::LessThan, m) => m.checked_sub(1)?,
                    _ => return None,
                }
            }
        }
    };
    let noun = t
        .checked_sub(1)
        .map(w)
        .filter(|x| {
            !crate::drift::text::in_list("the|a|an|its|your|this|that|short|clear|good|new", x)
        })
        .unwrap_or_default();
    (n > 0).then(|| (n, noun.to_string()))
}

/// A bound opened by a colon after its part's name, in one clause: ("a title for the post
/// about X", "at most 8 words").
pub(super) fn colon_bound((head, bound): (&str, &str)) -> bool {
    !head.contains(&[',', ';', '(', '.'][..])
        && bound.starts_any("at most |under |max |no more than |up to ")
}

/// The words of a title, as a reader counts them: runs between spaces that hold a letter or a
/// digit ("e.max" one, "—" none); a conventional commit's type ("docs:", "fix(api):") is none.
pub(super) fn word_count(title: &str) -> usize {
    let mut ws: Vec<&str> = title
        .split_whitespace()
        .gather()
        .kept(|w| w.chars().any(char::is_alphanumeric));
    if ws.first().is_some_and(|w| {
        w.strip_suffix(':').is_some_and(|ty| {
            ty.bytes()
                .all(|b| b.is_ascii_lowercase() || matches!(b, b'(' | b')' | b'!' | b'-' | b'_'))
        })
    }) {
        ws.remove(0);
    }
    ws.len()
}

/// The titles a reply shows. `tracker`: the message speaks of a PR, an issue or a ticket, so
/// only a labelled title or a PR's title after its number is one; else a document's first line
/// may be (a heading, or a bold line that is not a label), unless `wrote` (the message names a
/// file the reply reports on: its headings are the report's). `noun`: what the bounded title is
/// of ("pr"), whose label a labelled line must carry (or none, or "proposed").
pub(super) fn shown(result: &str, tracker: bool, noun: &str, wrote: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut fence = false;
    let mut first: Option<&str> = None;
    for line in result.lines() {
        let t = line.trim();
        if t.starts_any("```|~~~") {
            fence = !fence;
            first.get_or_insert("");
            continue;
        }
        if fence || t.is_empty() {
            continue;
        }
        first.get_or_insert(t);
        let lower = t.to_ascii_lowercase();
        // Not an old or another text's title ("Old title:", "Bug report title: …").
        if super::has_any_in(
            &lower,
            "old |original|previous|current|was |before|instead|unchanged|\u{2192}|->",
        ) {
            continue;
        }
        let bare = lower.trim_start_matches(&['-', '*', '>', ' '][..]);
        if let Some(i) = bare.find_str("title:") {
            let label = bare
                .get(..i)
                .unwrap_or_default()
                .trim_end_matches(&['*', ' '][..]);
            let own = label == noun
                || (noun == "pr" && label == "pull request")
                || (noun.is_empty()
                    && tracker
                    && crate::drift::text::in_list("pr|pull request|issue|ticket", label))
                || crate::drift::text::in_list("|proposed|suggested|new", label);
            if own {
                let at = t.len() - bare.len() + i + "title:".len();
                out.push_all(clean(t.get(at..).unwrap_or_default()));
            }
            continue;
        }
        // "Opened PR #238: "Add bulk move"", "PR #903: **Add waitlist …**" (not "It builds
        // on PR #398: …").
        let opened = crate::drift::text::starts_with_any(
            bare,
            "pr #|pull request #|opened #|opened pr|created pr|raised pr",
        );
        if opened && crate::drift::text::in_list("|pr", noun) {
            if let Some((_, rest)) = t.split_once('#').and_then(|(_, r)| r.split_once(':')) {
                let rest = rest.trim();
                let quoted = "\"|\u{201c}|**".split('|').find_map(|q| {
                    let close = if q == "\u{201c}" { "\u{201d}" } else { q };
                    rest.strip_prefix(q)?.split_once(close).map(|(x, _)| x)
                });
                out.push_all(quoted.and_then(clean));
            }
        }
    }
    let first = first.unwrap_or_default();
    let heading = first.strip_prefix('#').map(|h| h.trim_start_matches('#'));
    // A document opening with its heading: that is its title (a "Title:" line below it is
    // another's, a book's or a role's).
    if !tracker && !wrote && heading.is_some() {
        out.clear();
    }
    if out.is_empty() && !tracker && !wrote {
        let bold = first
            .strip_prefix("**")
            .and_then(|b| b.strip_suffix("**"))
            .filter(|b| !b.has("**") && !b.contains(':') && !b.ends_with('.'));
        out.push_all(heading.or(bold).and_then(clean));
    }
    out
}

/// A title as written, without its quotes, code marks and bold, nor words after it ("Title:
/// "…" - 7 words", "… (7 words)").
fn clean(t: &str) -> Option<String> {
    let t = t.trim().trim_start_matches('*').trim_start();
    let quoted = ['"', '`', '\u{201c}'].iter().find_map(|q| {
        let close = if *q == '\u{201c}' { '\u{201d}' } else { *q };
        t.strip_prefix(*q)?.split_once(close).map(|(x, _)| x)
    });
    let t = quoted.unwrap_or_else(|| match t.rsplit_once(" (") {
        Some((head, tail)) if tail.trim_end().ends_with(')') => head,
        _ => t,
    });
    let t = t
        .trim()
        .trim_matches(&['`', '"', '*', '\u{201c}', '\u{201d}', '\''][..])
        .trim();
    (!t.is_empty()).then(|| t.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_read_from_the_title_sentence() {
        for (s, n) in [
            (
                "pr title under 8 words please, the release notes generator truncates long titles.",
                Some(7),
            ),
            ("keep the pr title to at most 8 words.", Some(8)),
            ("pr title: max 8 words.", Some(8)),
            ("the title must be at most seven words.", Some(7)),
            ("the issue title must be 8 words or fewer.", Some(8)),
            ("title must be under 10 words.", Some(9)),
            (
                "give the incident a title of at most six words, then a short summary.",
                Some(6),
            ),
            ("keep all section titles under 5 words.", None),
            ("title: 8 words max.", Some(8)),
            ("title it in 8 words or fewer.", Some(8)),
            ("the title and description must be under 50 words.", None),
            ("each title under 5 words.", None),
            ("use title case for the title, at most 8 words.", None),
            ("the title should not be under 8 words.", None),
            ("the pr title has an 8-word limit.", Some(8)),
            ("the title of the 3-word page.", None),
            ("give every section a title of at most 4 words.", None),
            ("each section title must be under 4 words.", None),
            ("give their name and job title in at most 3 words.", None),
            ("under the title put a tagline of at most 6 words.", None),
        ] {
            assert_eq!(asked(s).map(|(n, _)| n), n, "{s}");
        }
        assert_eq!(
            asked("the pr title must be at most 8 words.").map(|(_, x)| x),
            Some("pr".into())
        );
    }

    #[test]
    fn titles_are_counted_as_readers_count_them() {
        assert_eq!(
            word_count("Require stump shade on all e.max crown orders"),
            8
        );
        assert_eq!(word_count("docs: document rate limit headers"), 4);
        assert_eq!(word_count("Proposal: Saturday sessions"), 3);
        assert_eq!(word_count("Lines 22 \u{2013} 24 on 2024-05-21"), 5);
    }

    #[test]
    fn shown_titles_are_labelled_numbered_or_first() {
        assert_eq!(
            shown(
                "PR #231 opened.\n\n**Title:** Add provenance sidecars\n\n**Description:** x",
                true,
                "pr",
                false
            ),
            ["Add provenance sidecars"]
        );
        assert_eq!(
            shown(
                "Opened PR #238: \"Add bulk move of boxes\"",
                true,
                "pr",
                false
            ),
            ["Add bulk move of boxes"]
        );
        assert_eq!(
            shown(
                "PR #903: **Add waitlist for rooms**\n\nDescription:",
                true,
                "pr",
                false
            ),
            ["Add waitlist for rooms"]
        );
        assert_eq!(
            shown("# Dock B gate outage\n\nBody.", false, "", false),
            ["Dock B gate outage"]
        );
        assert!(shown("# Dock B gate outage\n\nBody.", true, "", false).is_empty());
        assert!(shown("# Notes on docs/a.md\n\nBody.", false, "", true).is_empty());
        // Another PR's or issue's title; words after the title.
        assert!(shown(
            "It builds on PR #398: \"Move the retry queue\"",
            true,
            "pr",
            false
        )
        .is_empty());
        assert!(shown(
            "**Issue title:** Customers see duplicate charges",
            true,
            "pr",
            false
        )
        .is_empty());
        assert_eq!(
            shown(
                "**PR title:** Drop duplicate kiosk charges (5 words)",
                true,
                "pr",
                false
            ),
            ["Drop duplicate kiosk charges"]
        );
        assert_eq!(
            shown(
                "Title: \"Drop duplicate charges\" - 3 words, within the limit.",
                true,
                "pr",
                false
            ),
            ["Drop duplicate charges"]
        );
        assert!(shown(
            "Bug report title: \"Easy way to dupe credits\"\n\nOld title: x y",
            false,
            "",
            false
        )
        .is_empty());
        assert!(shown(
            "Created the page. It starts:\n\n```markdown\n# A long page title here\n```",
            false,
            "",
            false
        )
        .is_empty());
        assert!(shown("**Summary:**\nAll good.", false, "", false).is_empty());
        assert!(shown("**Heads up: the fix is live**\n\nBody.", false, "", false).is_empty());
    }
}
