//! Counts said of one named part of the report: "a **Summary** section of exactly 3 bullets",
//! "keep the `## Risks` section to at most 4 bullets", "the `summary` value must be under 20
//! words". The part is looked up in the result (a heading, a bold or plain label, a JSON key)
//! and the count checked on it alone; a part the result does not show is not checked, since
//! silence is better than a guess.

use super::words_at;
use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::drift::text::{word_in, word_is};
use crate::gather::Gather;
use crate::gather::Keep;
use crate::gather::PushAll;

/// Words that make the name before (or after) them a part: "the Risks section", "the `summary`
/// field".
const PART_WORDS: &str = "section|field|value|key|heading|part|list";

/// Words before a part word that leave it unnamed: "the section you write".
const DETERMINERS: &str = "the|a|an|this|that|each|every|your|our|its";

/// A count's part, as the message names it.
#[derive(Debug, PartialEq)]
pub(super) enum Part {
    /// A part with a name to look up ("summary", "next steps").
    Named(String),
    /// A part with no name to look up ("the section you write"): not checkable.
    Unnamed,
    /// A thing that may be the whole answer or a labelled part of it ("the description must be
    /// exactly 25 words", "5 bullet points of recommendations"): the part where one is shown.
    Maybe(String),
}

/// The part a sentence's count is said of, if any. A sentence that names the whole reply
/// ("your whole reply, Summary included") bounds the reply.
pub(super) fn part_of(sentence: &str) -> Option<Part> {
    let lower = sentence.to_ascii_lowercase();
    // "Keep the subject line under 8 words": the subject's count.
    if let Some(i) = lower.find_str("subject line") {
        if counts_in_clause(&lower, i)
            && !super::has_any_in(
                &lower,
                "whole reply|entire reply|your reply|your answer|overall|in total",
            )
        {
            return Some(Part::Named("subject".into()));
        }
    }
    // "Give me an internal write-up (any length) and a buyer notice of under 50 words": the
    // count is the part named after the free one, with no name to find it by.
    // (Not "`## Technical status` (any length) and `## What residents will notice`, which must
    // be under 50 words": a marked name.)
    if let Some(r) = lower.split_once("(any length) and ").map(|x| x.1) {
        if crate::drift::text::starts_with_any(r, "a |an |the ")
            && r.contains(crate::drift::text::digit_char)
            && !super::has_any_in(r, "whole|entire|total|reply|overall|included")
        {
            return Some(Part::Unnamed);
        }
    }
    let ws = words_at(&lower);
    if ws.iter().any(|(_, w)| {
        crate::drift::text::in_list(
            "whole|entire|total|overall|including|included|altogether",
            w,
        )
    }) {
        return None;
    }
    // "Use a Changes section and a Risks section; Risks may have at most 3 bullets": a
    // clause whose subject is a section the sentence names.
    for clause in sentence.split(';') {
        let mut ws = clause.split_whitespace();
        let (Some(mut name), Some(mut modal)) = (ws.next(), ws.next()) else {
            continue;
        };
        // "Keep Risks to at most 3 bullets", "Keep the Summary under 30 words": a capitalised
        // name kept to a count.
        if name.eq_ignore_ascii_case("keep") {
            let named = if modal == "the" {
                ws.next()
            } else {
                Some(modal)
            };
            if ws
                .next()
                .is_some_and(|p| crate::drift::text::in_list("to|under|below|within", p))
            {
                name = named.unwrap_or_default();
                modal = "must";
            }
        }
        let l = name.to_ascii_lowercase();
        if name.starts_with(crate::drift::text::char_test(|c: char| {
            c.is_ascii_uppercase()
        })) && crate::drift::text::in_list(
            "may|must|should|can|gets|has",
            modal.to_ascii_lowercase(),
        ) && (lower.has(&format!(" {l} section")) || lower.trim_start().starts_with("keep "))
            && clause.contains(crate::drift::text::digit_char)
        {
            return Some(Part::Named(l));
        }
    }
    // "The TL;DR line must be at most 25 words": the line labelled "TL;DR:".
    if lower
        .trim_start()
        .starts_any("the tl;dr line must|the tl;dr must|the tl;dr line should")
    {
        return Some(Part::Named("tl;dr".into()));
    }
    // "The report ends with Risks; give it at most three bullets": "it" is the part just named.
    // (ASCII lowercasing keeps byte offsets: both split at the same "; ".)
    if let (Some((head, _)), Some((head_lower, tail))) =
        (sentence.split_once("; "), lower.split_once("; "))
    {
        let last = head
            .trim_end_matches(&['.', ',', '`', '*', '"', '\''][..])
            .rsplit(' ')
            .next();
        if tail.starts_any("give it |keep it |limit it ")
            && head_lower.has_any("ends with|end with|section|heading")
            && last
                .is_some_and(|w| w.len() > 1 && w.starts_with(crate::drift::text::ascii_upper_char))
        {
            return last.map(|w| Part::Named(w.to_ascii_lowercase()));
        }
    }
    // A marked name: `**Summary**`, "`## Risks`", "'Next steps'", "`summary`".
    let marked = marked_names(sentence);
    // "Add a 'Berth holds' section to `docs/README.md`, at most 80 words": the section the
    // sentence adds to a file, where the reply shows it.
    if !crate::drift::file_scope::paths(sentence).is_empty() {
        // "The paragraph you add to docs/CLI.md must be 40 words or fewer": a text the file
        // holds, with no name to find it by.
        // (With the reply's own bound beside it, "…, and so must your reply to me", the reply's.)
        if word_is(&ws, 0, "the")
            && (2..4).any(|i| word_is(&ws, i, "you") && word_in(&ws, i + 1, "add|write|put|insert"))
        {
            return (!super::has_any_in(&lower, "your reply|your answer|your report|so must"))
                .then_some(Part::Unnamed);
        }
        if let Some((_, name)) = marked.iter().find(|(end, _)| {
            lower.get(*end..).is_some_and(|r| {
                r.trim_start_matches(&['\'', '"', '`', '*'][..])
                    .starts_with(" section ")
            })
        }) {
            return Some(Part::Maybe(name.clone()));
        }
    }
    for (k, (at, w)) in ws.iter().enumerate() {
        // The count is in the part word's clause: "a Summary section of exactly 3 bullets", not
        // "Use the heading 'Summary'; keep it under 100 words".
        // ("For the Risks section: no more than 2 bullets", "in the Risks section, use at most
        // three": the count after the place it opens with.)
        let labelled = || {
            let opens = lower
                .get(..*at)
                .and_then(|b| b.rsplit(&[';', '.', ':'][..]).next())
                .is_some_and(|b| {
                    crate::drift::text::starts_with_any(
                        b.trim_start(),
                        "in the |for the |under the ",
                    )
                });
            lower
                .get(at + w.len()..)
                .and_then(|r| {
                    r.strip_prefix(':')
                        .or(r.strip_prefix(',').filter(|_| opens))
                })
                .is_some_and(|r| counts_in_clause(r, r.len() - r.trim_start().len()))
        };
        if !crate::drift::text::in_list(PART_WORDS, w)
            || !(counts_in_clause(&lower, *at) || labelled())
        {
            continue;
        }
        // "code blocks" and "keys" of a JSON answer are no part: "key" must be the head of a
        // phrase with a name before it ("the `summary` key").
        // The name right before the part word: "a `## Summary` section", "the Risks section".
        if let Some((_, name)) = marked
            .iter()
            .filter(|(end, _)| {
                *end <= *at && lower.get(*end..*at).is_some_and(|g| g.trim().is_empty())
            })
            .max_by_key(|(end, _)| *end)
        {
            return Some(Part::Named(name.clone()));
        }
        // "the key points", "without a heading", "the value of the timeout": only a marked
        // name makes these a part.
        if *w != "section" {
            continue;
        }
        // "End with a Follow-ups section containing exactly three bullets": a capitalised name.
        if let Some((b, name)) = k.checked_sub(1).and_then(|j| ws.get(j)) {
            if sentence
                .get(*b..)
                .is_some_and(|r| r.starts_with(crate::drift::text::ascii_upper_char))
                && k > 2
                && !crate::drift::text::in_list(DETERMINERS, name)
                && !crate::drift::text::in_list(
                    "markdown|html|json|yaml|csv|new|final|single|separate",
                    name,
                )
            {
                return Some(Part::Named(name.to_string()));
            }
        }
        // Called by name after it: "a section called 'Risks'", "the section "Rollback"".
        let after = lower.get(at + w.len()..).unwrap_or_default();
        let after = after
            .trim_start()
            .trim_start_matches("called ")
            .trim_start_matches("named ")
            .trim_start_matches("titled ");
        let offset = lower.len() - after.len();
        if let Some((_, name)) = marked.iter().find(|(end, name)| {
            end.checked_sub(name.len())
                .is_some_and(|start| start.abs_diff(offset) <= 3)
        }) {
            return Some(Part::Named(name.clone()));
        }
        // An unmarked name: the word before the part word, capitalised as a name ("the Risks
        // section") or a part's own noun ("the summary section"); after an article or a
        // pronoun, a part with no name ("the section you write").
        let before = k.checked_sub(1).and_then(|i| ws.get(i));
        if before.is_some_and(|(_, b)| crate::drift::text::in_list(DETERMINERS, b)) {
            return Some(Part::Unnamed);
        }
        let named = before.filter(|(b_at, b)| {
            let original = sentence.get(*b_at..).and_then(|r| r.chars().next());
            b.chars().all(|c| c.is_ascii_alphabetic())
                && (original.is_some_and(|c| c.is_ascii_uppercase())
                    || crate::drift::text::in_list(PART_NOUNS, b))
        });
        if let Some((_, b)) = named {
            return Some(Part::Named(b.to_string()));
        }
        // "The Known issues section": a capitalised name of two words.
        let upper = |at: usize| {
            sentence
                .get(at..)
                .is_some_and(|r| r.starts_with(crate::drift::text::ascii_upper_char))
        };
        if let (Some((_, b)), Some((a_at, a))) = (before, k.checked_sub(2).and_then(|i| ws.get(i)))
        {
            if b.chars().all(|c| c.is_ascii_alphabetic())
                && a.chars().all(|c| c.is_ascii_alphabetic())
                && upper(*a_at)
                && !crate::drift::text::in_list(DETERMINERS, a)
            {
                return Some(Part::Named(format!("{a} {b}")));
            }
        }
    }
    // "List your findings as at most 4 bullets": the findings, when they are a part's name.
    for (k, (_, w)) in ws.iter().enumerate() {
        if crate::drift::text::in_list("your|the", *w)
            && ws
                .get(k + 1)
                .is_some_and(|(_, n)| crate::drift::text::in_list(PART_NOUNS, n))
            && ws
                .get(k + 2)
                .is_some_and(|(_, a)| crate::drift::text::in_list("as|in", *a))
            && k.checked_sub(1)
                .and_then(|i| ws.get(i))
                .is_some_and(|(_, v)| {
                    crate::drift::text::in_list(
                        "list|give|write|put|present|summarize|summarise",
                        v,
                    )
                })
        {
            if let Some((_, n)) = ws.get(k + 1) {
                return Some(Part::Named(n.to_string()));
            }
        }
    }
    // A marked name opening the sentence, as a place or a label: "Under "Risks", no more than
    // 3 bullets", "**Root cause** — no more than two sentences".
    let opening = lower.trim_start_matches(&['-', ' ', '\t'][..]);
    let opening =
        crate::drift::text::strip_any(opening, "under |in |within |for ").unwrap_or(opening);
    // "Under a `Next steps` heading, …", "Under the heading `## Next steps`, …".
    let opening = crate::drift::text::strip_any(opening, "a |the |your ").unwrap_or(opening);
    let opening = crate::drift::text::strip_any(opening, "heading |section ").unwrap_or(opening);
    if let Some((end, name)) = marked.iter().min_by_key(|(end, _)| *end) {
        let start = lower.len() - opening.len();
        let lead = opening.starts_with(&['*', '`', '"', '\'', '\u{201c}'][..]);
        let rest = lower
            .get(*end..)
            .unwrap_or_default()
            .trim_start_matches(&['*', ' '][..]);
        // "Under a `Next steps` heading, …".
        let rest = crate::drift::text::strip_any(rest, "heading|section").unwrap_or(rest);
        if lead
            && *end > start
            && (rest.starts_with(&[',', ':'][..])
                || rest.starts_with("\u{2014}")
                || rest.starts_with("- ")
                // "- `## Summary` with at most 40 words".
                || rest.starts_any("with |of "))
            && counts_in_clause(
                &lower,
                lower.len() - rest.len() + rest.chars().next().map_or(0, char::len_utf8),
            )
        {
            return Some(Part::Named(name.clone()));
        }
    }
    // A marked name with its count after it, anywhere: "then \"Key features\" with max 4
    // bullets".
    for (end, name) in &marked {
        let rest = lower.get(*end..).unwrap_or_default();
        let rest = rest.trim_start_matches(&['*', '`', '"', '\'', '\u{201d}', ' '][..]);
        if rest.starts_with("with ") && counts_in_clause(&lower, lower.len() - rest.len() + 5) {
            return Some(Part::Named(name.clone()));
        }
    }
    // A marked name kept to a count: "keep `Next steps` to at most 3 bullets".
    for (end, name) in &marked {
        let rest = lower.get(*end..).unwrap_or_default();
        let rest = rest.trim_start_matches(&['*', '`', '"', '\'', '\u{201d}', ' '][..]);
        let before = lower.get(..*end).unwrap_or_default();
        let kept = before
            .strip_suffix(&['`', '"', '\'', '\u{201d}'][..])
            .unwrap_or(before)
            .strip_suffix(name.as_str())
            .map(|b| b.trim_end_matches(&['*', '`', '"', '\'', '\u{201c}', ' ', '#'][..]))
            .is_some_and(|b| b.ends_any(" keep| limit") || b == "keep" || b == "limit");
        if kept
            && crate::drift::text::starts_with_any(rest, "to |under |below ")
            && counts_in_clause(&lower, lower.len() - rest.len())
        {
            return Some(Part::Named(name.clone()));
        }
    }
    // A marked name as the place of a clause, then its count: "Put recommendations under
    // '## Recommendations', at most 3 bullets".
    for (end, name) in &marked {
        let rest = lower.get(*end..).unwrap_or_default();
        // The opening mark: not an apostrophe inside a word ("What's").
        let Some(mark_start) = lower.get(..*end).and_then(|b| {
            let b = b.trim_end_matches(&['*', '`', '"', '\'', '\u{201d}', '\u{2019}'][..]);
            b.char_indices()
                .rev()
                .find(|&(i, c)| {
                    matches!(c, '*' | '`' | '"' | '\'' | '\u{201c}' | '\u{2018}')
                        && !(c == '\''
                            && b.get(..i)
                                .and_then(|p| p.chars().last())
                                .is_some_and(|p| p.is_ascii_alphanumeric()))
                })
                .map(|(i, _)| i)
        }) else {
            continue;
        };
        let before = lower
            .get(..mark_start)
            .unwrap_or_default()
            .trim_end_matches(&['*', '`', '"', '\'', ' '][..]);
        let before = before
            .strip_suffix(" the")
            .or_else(|| before.strip_suffix(" a"))
            .unwrap_or(before);
        let placed = crate::drift::text::ends_with_any(before, " under| below| beneath");
        let rest = rest.trim_start_matches(&['*', ' '][..]);
        let rest = crate::drift::text::strip_any(rest, "heading|section").unwrap_or(rest);
        let after = rest.starts_with(&[',', ':', '\u{2014}'][..])
            && counts_in_clause(
                &lower,
                lower.len() - rest.len() + rest.chars().next().map_or(0, char::len_utf8),
            );
        // Or the count first: "no more than 5 bullets under 'Changes'."
        let first = (rest.is_empty() || rest.starts_with(&['.', ';'][..]))
            && counts_in_clause(&lower, mark_start);
        if placed && (after || first) {
            return Some(Part::Named(name.clone()));
        }
    }
    // An unmarked name, capitalised, after the count: "with at most 3 bullets under Risks".
    for (i, _) in lower.match_indices(" under ") {
        let at = i + " under ".len();
        let name: Vec<&str> = sentence
            .get(at..)
            .unwrap_or_default()
            .split(' ')
            .take(2)
            .take_while(|x| x.starts_with(crate::drift::text::ascii_upper_char))
            .gather();
        let Some(last) = name.last() else {
            continue;
        };
        let bare = last.trim_end_matches(&['.', ';', ',', ':'][..]);
        let ends = bare.len() < last.len()
            || lower
                .get(at..)
                .is_some_and(|r| r.len() == name.join(" ").len());
        let name = format!(
            "{}{bare}",
            name.get(..name.len() - 1).map_or(String::new(), |h| h
                .iter()
                .map(|x| format!("{x} "))
                .collect())
        );
        // A heading the sentence names again or says is one ("`## Risks`, … under Risks"), not
        // "in at most 5 bullets under GDPR".
        let name = name.to_ascii_lowercase();
        let heading = lower.matches(name.as_str()).count() > 1
            || super::has_words_any(&lower, "section|sections|heading|headings");
        if ends
            && heading
            && name.chars().all(|c| c.is_ascii_alphabetic() || c == ' ')
            && counts_in_clause(&lower, i)
        {
            return Some(Part::Named(name));
        }
    }
    // A marked name as the subject: "the **Summary** must be exactly 3 bullets", "`summary`
    // must be 20 words or fewer".
    let subject = marked
        .iter()
        .filter(|(end, _)| {
            let rest = lower.get(*end..).unwrap_or_default();
            let rest = rest.trim_start_matches(&['*', '`', '"', '\'', ' '][..]);
            // ("containing ": "a `### Summary` containing exactly 3 bullets".)
            counts_in_clause(&lower, *end)
                && crate::drift::text::starts_with_any(
                    rest,
                    "must |should |needs |has to |containing |can be at most|is limited",
                )
        })
        .min_by_key(|(end, _)| *end)
        .map(|(_, name)| Part::Named(name.clone()));
    subject.or_else(|| maybe_part(&lower, &ws))
}

/// A plain noun as the count's subject ("The description must be exactly 25 words") or what a
/// list holds ("at most 5 bullet points of recommendations"): the answer may be that thing, or
/// hold it under a label.
fn maybe_part(lower: &str, ws: &[(usize, &str)]) -> Option<Part> {
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    let noun = |x: &str| {
        x.len() > 3 && x.chars().all(|c| c.is_ascii_alphabetic()) && !super::reply_noun(x)
    };
    let modal =
        |x: &str| crate::drift::text::in_list("must|should|needs|has|can|cannot|may|shall|is", x);
    // At the sentence's start, or its clause's after a semicolon ("Write a release note; the
    // release note must be under 40 words").
    // (Not where the clause before has a count of its own: "Keep the reply under 100 words;
    // the summary must be 2 sentences" bounds the reply.)
    let starts = (0..ws.len()).filter(|&i| {
        i == 0
            || (ws.get(i).is_some_and(|(at, _)| {
                lower
                    .get(..*at)
                    .is_some_and(|b| b.trim_end().ends_with(';'))
            }) && !ws.iter().take(i).any(|(_, x)| super::number(x).is_some()))
    });
    for s in starts {
        if !word_in(ws, s, "the|your") {
            continue;
        }
        if let Some(k) = (s + 2..s + 5).find(|&k| modal(w(k))) {
            // "The release note itself must be under 80 words".
            let end = if word_is(ws, k - 1, "itself") {
                k - 1
            } else {
                k
            };
            let name: Vec<&str> = (s + 1..end).map(w).gather();
            if (1..=2).contains(&name.len())
                && name
                    .iter()
                    .all(|x| noun(x) || x.len() > 2 && x.chars().all(|c| c.is_ascii_alphabetic()))
                && name.last().is_some_and(|x| noun(x))
                && counts_in_clause(lower, ws.get(k).map_or(0, |x| x.0))
            {
                return Some(Part::Maybe(name.join(" ")));
            }
        }
    }
    let of = (1..ws.len())
        .find(|&i| word_is(ws, i, "of") && word_in(ws, i - 1, "bullets|points|items"))?;
    let name = if word_in(ws, of + 1, "the|your") {
        w(of + 2)
    } else {
        w(of + 1)
    };
    (noun(name) && counts_in_clause(lower, ws.get(of).map_or(0, |x| x.0)))
        .then(|| Part::Maybe(name.to_string()))
}

/// The bold label a list item of `message` opens with, for a sentence (a slice of `message`)
/// on that item's line: "1. **Summary for the PM** — … Three to five sentences."
pub(super) fn item_label(message: &str, sentence: &str) -> Option<String> {
    let start = (sentence.as_ptr() as usize).checked_sub(message.as_ptr() as usize)?;
    let line_start = message.get(..start)?.rfind('\n').map_or(0, |i| i + 1);
    let line = message.get(line_start..)?.lines().next()?.trim_start();
    let item = line
        .trim_start_matches(crate::drift::text::digit_char)
        .trim_start_matches(&['.', ')', '-', '*', '\u{2022}'][..]);
    if item.len() == line.len() || !item.starts_with(' ') {
        return None;
    }
    let rest = item.trim_start().strip_prefix("**")?;
    let end = rest.find_str("**")?;
    let after = rest.get(end + 2..)?.trim_start();
    let label = normalise(rest.get(..end)?);
    (!label.is_empty()
        && label.split_whitespace().count() <= 6
        && (after.is_empty() || after.starts_with(&[':', '\u{2014}', '\u{2013}', '-'][..])))
    .then_some(label)
}

/// Nouns that name a part of a report when a rule is placed in them.
const PART_NOUNS: &str = "summary|copy|draft|email|announcement|notice|memo|post|risks|details|background|testing|rollback|appendix|intro|introduction|conclusion|overview|findings|recommendations|notes|abstract|tl;dr|tldr|section|table";

/// "Structure the reply as a Summary (at most 3 sentences, and don't use 'urgent' in it)
/// followed by …": what the parentheses after a part named in capitals say is that part's (a
/// count or a ban in them).
pub(super) fn in_parentheses_after(sentence: &str) -> Option<Part> {
    let open = sentence.find('(')?;
    let inside = sentence
        .get(open + 1..)?
        .split(')')
        .next()?
        .to_ascii_lowercase();
    let ruled = inside
        .split(crate::drift::text::not_ascii_alnum_char)
        .any(|w| {
            crate::drift::text::in_list(
                "sentence|sentences|word|words|bullet|bullets|line|lines|don|not|never|no",
                w,
            )
        });
    let head = sentence
        .get(..open)?
        .trim_end()
        .trim_end_matches(&['*', '`', '"'][..]);
    let name: Vec<&str> = head
        .rsplit(' ')
        .take_while(|w| w.starts_with(crate::drift::text::ascii_upper_char))
        .gather();
    // A part's noun laid out "as a …" ("as agreed with Sales (not 4 …)" names no part).
    let named_len: usize = name.iter().map(|w| w.len() + 1).sum();
    let before = head
        .get(..head.len().saturating_sub(named_len))
        .unwrap_or_default()
        .to_ascii_lowercase();
    let before = format!(" {}", before.trim_end());
    let laid_out = crate::drift::text::ends_with_any(&before, " as a| as an| into a| into an");
    let noun = name
        .last()
        .is_some_and(|w| crate::drift::text::in_list(PART_NOUNS, w.to_ascii_lowercase()));
    (ruled && laid_out && noun && (1..=3).contains(&name.len())).then(|| {
        let name: Vec<&str> = name.into_iter().rev().gather();
        Part::Named(
            name.join(" ")
                .trim_matches(&['*', '`', '"', '\''][..])
                .to_ascii_lowercase(),
        )
    })
}

/// "At most 3 bullets under Next steps": a section named in capitals, ending the sentence.
pub(super) fn under_a_name(sentence: &str) -> Option<Part> {
    // "…; under `## Next steps` give at most 3 bullets", "…, and under `## Risks` give at most
    // 3 bullets": each "under `…`" with what follows it, to the next one or a comma.
    let lower = sentence.to_ascii_lowercase();
    let starts: Vec<usize> = lower.match_indices("under `").map(|(i, _)| i).gather();
    for (k, &i) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(sentence.len());
        let Some(r) = sentence.get(i + "under `".len()..end) else {
            continue;
        };
        let (name, rest) = r.split_once('`').unwrap_or_default();
        let name = name.trim_start_matches('#').trim();
        // The one whose own clause holds the count ("Under `## Changes` list everything; …").
        let rest = rest.to_ascii_lowercase();
        // … or the clause before it: "…, then give no more than 5 bullets under `## Next steps`".
        let before = lower
            .get(..i)
            .unwrap_or_default()
            .rsplit(&[',', ';', '`'][..])
            .next()
            .unwrap_or_default();
        let counted = crate::drift::text::contains_any(
            rest.split(&[',', ';'][..]).next().unwrap_or_default(),
            "bullet|item|point|word|sentence|line|paragraph",
        ) || (before.bytes().any(|b| b.is_ascii_digit())
            && crate::drift::text::ends_with_any(
                before.trim_end(),
                "bullets|bullet|items|points|words|sentences",
            ));
        if counted && (1..=4).contains(&name.split_whitespace().count()) {
            return Some(Part::Named(name.to_ascii_lowercase()));
        }
    }
    // "Under the Risks heading, give at most 3 bullets": a named heading or section the
    // clause's count is under.
    for (i, _) in lower.match_indices("under the ") {
        let Some(r) = sentence.get(i + "under the ".len()..) else {
            continue;
        };
        let Some((name, rest)) = r
            .split_once(" heading")
            .or_else(|| r.split_once(" section"))
        else {
            continue;
        };
        let name = name.trim_matches(&['`', '"', '\'', '*'][..]);
        let rest = rest.to_ascii_lowercase();
        if name.starts_with(crate::drift::text::ascii_upper_char)
            && (1..=4).contains(&name.split_whitespace().count())
            && crate::drift::text::contains_any(
                rest.split(';').next().unwrap_or_default(),
                "bullet|item|point|word|sentence|line|paragraph",
            )
        {
            return Some(Part::Named(name.to_ascii_lowercase()));
        }
    }
    // "Under Risks, give exactly four bullets": a capitalised name opening the sentence.
    if let Some((name, rest)) = sentence
        .trim_start()
        .strip_prefix("Under ")
        .and_then(|r| r.split_once(", "))
    {
        let name = name.trim_matches(&['`', '"', '\'', '*'][..]);
        if name.starts_with(crate::drift::text::ascii_upper_char)
            && (1..=4).contains(&name.split_whitespace().count())
            && name.chars().all(|c| c.is_alphanumeric() || c == ' ')
            && crate::drift::text::contains_any(
                rest.to_ascii_lowercase(),
                "bullet|item|point|word|sentence|line|paragraph",
            )
        {
            return Some(Part::Named(name.to_ascii_lowercase()));
        }
    }
    let (_, name) = sentence
        .trim_end()
        .trim_end_matches(&['.', '!'][..])
        .rsplit_once(" under ")?;
    // Not a name in capitals ("under GDPR": a law).
    (name.starts_with(crate::drift::text::ascii_upper_char)
        && name.chars().any(|c| c.is_ascii_lowercase())
        && (1..=4).contains(&name.split_whitespace().count())
        && name.chars().all(|c| c.is_alphanumeric() || c == ' '))
    .then(|| Part::Named(name.to_ascii_lowercase()))
}

/// The part a ban is placed in: "don't use the word "vulnerable" in the Summary", "avoid
/// "bias" in the executive summary", "no jargon in the **Findings** section".
pub(super) fn place_of(sentence: &str) -> Option<Part> {
    // "The announcement (between the `---` lines) must …": where it is, said aside.
    let aside;
    let sentence = match sentence
        .split_once(" (between ")
        .and_then(|(a, b)| Some((a, b.split_once(')')?.1)))
    {
        Some((a, b)) => {
            aside = [a, b].concat();
            aside.as_str()
        }
        None => sentence,
    };
    // "Keep the commit message under 60 characters and do not use the word 'hotfix' in it".
    {
        let l = sentence.to_ascii_lowercase();
        // "Don't write 'TBD' anywhere in the schedule table": the table's rows.
        if crate::drift::text::parts("anywhere in the |in any cell of the |in any row of the ")
            .iter()
            .flat_map(|p| l.match_indices(p))
            .any(|(i, m)| {
                let r = l.get(i + m.len()..).unwrap_or_default();
                let mut ws = r.split([' ', ';', ',', '.']);
                // (Not "… or in the notes below it": more than the table.)
                (ws.next() == Some("table") || ws.next() == Some("table"))
                    && !r
                        .split(['.', ';'])
                        .next()
                        .unwrap_or_default()
                        .has(" or in ")
            })
        {
            return Some(Part::Named("table".into()));
        }
        // "The PR title must not contain the word 'hotfix'", "the release note title must
        // not …": the title's, which the reply labels.
        let ws = super::ws_of(&l);
        if ws.first() == Some(&"the")
            && (2..5).any(|i| {
                ws.get(i - 1) == Some(&"title")
                    && ws
                        .get(i)
                        .is_some_and(|m| crate::drift::text::in_list("must|should|may", *m))
                    && ws.get(i + 1) == Some(&"not")
            })
        {
            return Some(Part::Named("title".into()));
        }
        // "The Summary section goes to the board, so don't use the word 'blocker' in it".
        // (Not with another place after it: "… in it, or in the title either".)
        let in_it = (l.trim_end_matches(&['.', ')', ' '][..]).ends_with(" in it")
            || l.has_any(" in it,| in it;"))
            && !super::has_any_in(
                &l,
                " in it, or| in it, and| in it or| in it and| either| nor ",
            );
        if let Some(name) = (2..4)
            .find(|&i| in_it && ws.first() == Some(&"the") && ws.get(i) == Some(&"section"))
            .and_then(|i| ws.get(1..i))
        {
            return Some(Part::Named(name.join(" ")));
        }
        if l.has("commit message") && (l.has_any(" in it|in the commit message itself")) {
            return Some(Part::Named("commit message".into()));
        }
    }
    // "Two versions: a public one …, which must not mention ticket ids, and an internal one":
    // the version the adjective names, where the result shows it.
    if let Some(name) = lettered_part(&sentence.to_ascii_lowercase()).filter(|n| !n.ends_with(')'))
    {
        return Some(Part::Maybe(name));
    }
    // The ban's own clause: "the title must not contain 'urgent'; put the priority in the body
    // instead" places the ban in the title, not the body.
    let bans = |c: &str| super::has_words_any(&c.to_ascii_lowercase(), "not|never|no|don't|avoid");
    // ("Give the commit message on its own line; the commit message must not contain …": the
    // later clause, where only it bans; not after a file written: "Write `x.md`; the page must
    // not …" is the file's.)
    let sentence = match sentence.split_once("; ") {
        Some((ban, _)) if bans(ban) => ban,
        Some((first, ban)) if bans(ban) && crate::drift::file_scope::paths(first).is_empty() => ban,
        _ => sentence,
    };
    let lower = sentence.to_ascii_lowercase();
    let ws = words_at(&lower);
    // The ban's subject: "the release notes must not contain the word "crash"".
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    let subject = ws
        .iter()
        .position(|(_, x)| crate::drift::text::in_list("the|your", *x))
        .and_then(|d| {
            let modal = |i: usize| {
                word_in(&ws, i, "must|mustn't|shouldn't|cannot|can't")
                    || (word_is(&ws, i, "should") && word_is(&ws, i + 1, "not"))
            };
            // "the changelog blurb itself must not …", "the release notes themselves must
            // not …": a stressed name may be longer.
            let stressed = |i: usize| word_in(&ws, i, "itself|themselves");
            // "The summary for the board must not …": a part named with whom it is for.
            let for_whom = word_is(&ws, d + 2, "for") && word_in(&ws, d + 1, PART_NOUNS);
            // "The PR description you write must be …": the name, then who writes it.
            let writes = |i: usize| {
                word_is(&ws, i - 2, "you")
                    && word_in(&ws, i - 1, "write|draft|open|post|send|add")
            };
            let m = (d + 2..d + 4)
                .find(|&i| modal(i))
                .or_else(|| (d + 3..d + 6).find(|&i| stressed(i - 1) && modal(i)))
                .or_else(|| (d + 4..d + 6).find(|&i| for_whom && modal(i)))
                .or_else(|| (d + 4..d + 7).find(|&i| writes(i) && modal(i)))?;
            let itself = stressed(m - 1);
            let cut = if writes(m) { 2 } else { usize::from(itself) };
            let name: Vec<&str> = (d + 1..m - cut).map(w).gather();
            let last = name.last()?;
            // "The Slack message must not …": a message with a name is no reply.
            let named_text = name.len() >= 2
                && !name.first().is_some_and(|f| {
                    crate::drift::text::in_list("final|whole|entire|full|same|main|own|complete", f)
                });
            // (A short word before the head: "the PR description".)
            (name.iter().all(|x| {
                (x.len() > 2
                    || (x.len() == 2
                        && name.last() != Some(x)
                        && !crate::drift::text::in_list("of|to|in|on|at|by|or|an|is|as|it|be", x)))
                    && x.chars()
                        .all(|c| c.is_ascii_alphabetic() || (itself && c == '\''))
            }) && (named_text || !name.iter().any(|x| super::reply_noun(x)))
                // "the store text", "the FAQ text" name a text; a text called final or whole is the reply.
                && (!crate::drift::text::in_list("text|prose|code|word|words", last)
                    || (*last == "text"
                        && name.len() >= 2
                        && (itself
                            || !crate::drift::text::any_word_in(&name, "final|whole|entire|full|plain|same|main")))))
            .then(|| Part::Maybe(name.join(" ")))
        });
    // "Part 1 is a plain-English summary for marketing: no code": a numbered part opening the
    // sentence.
    if let [(_, kind @ ("part" | "section")), (_, n), (_, next), ..] = ws.as_slice() {
        if n.len() <= 2
            && n.chars().all(|c| c.is_ascii_alphanumeric())
            && (*next == "is" || lower.contains(&format!("{n}:")))
            && lower.trim_start().starts_with(&['p', 's'][..])
        {
            return Some(Part::Named(format!("{kind} {n}")));
        }
    }
    let marked = marked_names(sentence);
    // "The `## For readers` section must not contain the word 'free'": a marked section as the
    // ban's subject.
    if let Some((end, name)) = marked.iter().min_by_key(|(end, _)| *end) {
        let head = lower
            .get(..*end)
            .and_then(|h| h.rfind(name.as_str()).and_then(|s| h.get(..s)))
            .unwrap_or_default()
            .trim_end_matches(&['`', '*', '"', '\'', '#', ' '][..])
            .trim_start();
        let tail = lower
            .get(*end..)
            .unwrap_or_default()
            .trim_start_matches(&['`', '*', '"', '\''][..]);
        let banned = tail.strip_prefix(" section ").is_some_and(|r| {
            crate::drift::text::starts_with_any(
                r,
                "must not|mustn't|should not|shouldn't|cannot|can't",
            )
        });
        // Or named beside it: "The first section, `## For council`, must not use …" (", headed
        // `…`," too).
        let head =
            crate::drift::text::strip_any_suffix(head, " headed| titled| called").unwrap_or(head);
        let beside = head.ends_with(" section,")
            && head.split_whitespace().count() <= 3
            && tail.strip_prefix(", ").is_some_and(|r| {
                crate::drift::text::starts_with_any(r, "must not|mustn't|should not|shouldn't")
            });
        // Or as the first of the parts a sentence opens: "Write two sections: `For editorial`
        // must contain no code; `For engineering` …".
        let opened = (head.ends_any("sections:|parts:"))
            && crate::drift::text::starts_with_any(tail.trim_start(), "must not|mustn't|should not|must contain no|should contain no|must have no|may contain no");
        // ("The section headed `X` must not use …".)
        let headed = head == "the section"
            && tail
                .trim_start()
                .starts_any("must not|mustn't|should not|shouldn't");
        if (crate::drift::text::in_list("the|your", head) && banned)
            || headed
            || (head.starts_with("the ") && beside)
            || opened
        {
            return Some(Part::Named(name.clone()));
        }
    }
    // "a first section `For owners` in plain words that does not use the words …; then a
    // `Technical` section": the ban is the relative clause of a marked section's name.
    for (end, name) in &marked {
        let Some(head) = lower
            .get(..*end)
            .and_then(|h| h.rfind(name.as_str()).and_then(|s| h.get(..s)))
        else {
            continue;
        };
        let tail = lower.get(*end..).unwrap_or_default();
        let head = head.trim_end_matches(&['`', '*', '"', '\'', '#', ' '][..]);
        let tail = tail.trim_start_matches(&['`', '*', '"', '\'', ':', ' '][..]);
        let (named, tail) = match tail.strip_prefix("section") {
            Some(t) => (true, t),
            None => (head.ends_with(" section"), tail),
        };
        let clause = tail
            .split(&[';', '.', '\u{2014}'][..])
            .next()
            .unwrap_or_default();
        let cw = words_at(clause);
        let relative = cw
            .iter()
            .take(8)
            .position(|(_, x)| crate::drift::text::in_list("that|which", *x));
        // The clause's own ban of words ("that does not use the words …"), and no other ban in
        // the sentence ("…, and don't use 'outage' anywhere").
        let x = |i: usize| cw.get(i).map_or("", |y| y.1);
        let ban_at = relative.and_then(|r| {
            if crate::drift::text::in_list("doesn't|mustn't|never", x(r + 1)) {
                Some(r + 2)
            } else if crate::drift::text::in_list("does|must|should", x(r + 1)) && x(r + 2) == "not"
            {
                Some(r + 3)
            } else {
                None
            }
        });
        let bans_words = ban_at.is_some_and(|v| {
            crate::drift::text::in_list("use|mention|say|contain|include|name", x(v))
        });
        let rest = tail.get(clause.len()..).unwrap_or_default();
        let another = crate::drift::text::contains_any(
            clause,
            " and don't| and do not| and never| but don't| but never",
        );
        if named
            && bans_words
            && !another
            && !super::has_words_any(rest, "anywhere|throughout")
            && !super::has_words_any(clause, "anywhere|throughout")
        {
            return Some(Part::Named(name.clone()));
        }
    }
    if let Some(part) = under_a_name(sentence) {
        return Some(part);
    }
    // "Write two parts: a summary for the managers with no bullet points, and an appendix …":
    // the part the clause opens with.
    if let Some(i) = lower.find(" with no ") {
        let clause = lower.get(..i).unwrap_or_default();
        let clause = clause
            .rsplit(&[':', ',', ';'][..])
            .next()
            .unwrap_or_default();
        if let [article, noun, ..] = super::ws_of(clause).as_slice() {
            if crate::drift::text::in_list("a|an|the", article)
                && crate::drift::text::in_list(PART_NOUNS, noun)
                && !crate::drift::text::in_list("section|table", noun)
            {
                return Some(Part::Maybe((*noun).to_string()));
            }
        }
    }
    for (i, (at, w)) in ws.iter().enumerate() {
        if !crate::drift::text::in_list("in|within|inside", w) {
            continue;
        }
        let Some((next_at, next)) = ws.get(i + 1) else {
            continue;
        };
        // "Don't use the word 'simply' in 'Setup'": a quoted name right after "in".
        let right_after = |(end, name): &&(usize, String)| {
            lower
                .get(..*end)
                .and_then(|h| h.get(..h.rfind(name.as_str())?))
                .and_then(|h| h.get(at + w.len()..))
                .is_some_and(|g| matches!(g, " '" | " \"" | " \u{2018}" | " \u{201c}"))
        };
        // (Not an example: "as in 'just rerun it'".)
        if let Some((_, name)) = marked
            .iter()
            .find(right_after)
            .filter(|_| i == 0 || ws.get(i - 1).is_some_and(|p| p.1 != "as"))
        {
            return Some(Part::Named(name.clone()));
        }
        if !crate::drift::text::in_list("the|your|that|this", next) {
            continue;
        }
        let start = next_at + next.len();
        // A marked name there: "in the **Findings** section".
        if let Some((_, name)) = marked.iter().find(|(end, name)| {
            end.checked_sub(name.len())
                .and_then(|s| lower.get(start..s))
                .is_some_and(|g| {
                    g.trim()
                        .trim_matches(&['*', '`', '"', '\'', '#'][..])
                        .trim()
                        .is_empty()
                })
        }) {
            return Some(Part::Named(name.clone()));
        }
        // Up to three words to the clause's end, the last a part noun.
        let mut name: Vec<&str> = Vec::new();
        for j in i + 2..i + 5 {
            let (Some(prev), Some(cur)) = (ws.get(j - 1), ws.get(j)) else {
                break;
            };
            let gap = lower.get(prev.0 + prev.1.len()..cur.0).unwrap_or_default();
            if j > i + 2 && !gap.trim().is_empty() {
                break;
            }
            // A dash ends the clause too: "in the README section - the last one had …".
            if crate::drift::text::in_list("of|and|or|but|to|for|with|as|you", cur.1)
                || !cur.1.chars().any(|c| c.is_alphanumeric())
            {
                break;
            }
            name.push(cur.1);
        }
        let _ = at;
        // "In the commit message itself, …": the stress names nothing.
        if name
            .last()
            .is_some_and(|x| crate::drift::text::in_list("itself|themselves", x))
        {
            name.pop();
        }
        // "In the subject line, …": a line named by what it holds.
        if let [.., a, "line"] = name.as_slice() {
            // A "Subject:" line is found by its label.
            if crate::drift::text::in_list("subject|title", a) {
                return Some(Part::Named((*a).to_string()));
            }
            if crate::drift::text::in_list("first|last|summary|status|opening|closing", a) {
                return Some(Part::Named(format!("{a} line")));
            }
        }
        // Any other thing: "no 'just' in the guidance" is the guidance's where the result labels
        // it, else the whole answer's.
        // "in the README section": the README.
        // "in the wardens' paragraph": whose paragraph it is.
        let thing = match name.as_slice() {
            [.., x, "section" | "part" | "table"] => Some(*x),
            [.., x, "paragraph" | "note"] if x.ends_with('\'') => {
                Some(x.trim_end_matches("'s").trim_end_matches('\''))
            }
            [.., x] => Some(*x),
            [] => None,
        };
        let maybe = thing
            .filter(|x| x.len() > 2 && x.chars().all(|c| c.is_ascii_alphabetic()))
            .filter(|x| {
                !super::reply_noun(x)
                    && !crate::drift::text::in_list(
                        "prose|text|body|code|language|future|same|instead|wording|words|phrasing",
                        x,
                    )
            })
            .map(|x| Part::Maybe((*x).to_string()))
            // "in the Slack message": a message with a name is no reply.
            .or_else(|| match name.as_slice() {
                // Not "in your own wording": the reply's words.
                [a, b]
                    if b != &"section"
                        && *a != "own"
                        && a.chars().all(|c| c.is_ascii_alphabetic()) =>
                {
                    Some(Part::Maybe(format!("{a} {b}")))
                }
                _ => None,
            });
        while let Some(last) = name.last() {
            if crate::drift::text::in_list(PART_NOUNS, last) {
                break;
            }
            name.pop();
        }
        if !name.is_empty() && name.last() != Some(&"section") && name.last() != Some(&"table") {
            return Some(Part::Named(name.join(" ")));
        }
        if maybe.is_some() {
            return maybe;
        }
    }
    subject
}

/// The part a ban sends what it bans to: "No URLs in the memo body; put any links in an
/// 'Engineering links' appendix at the end", "… put snippets under a `## Appendix` heading". A
/// verb of placing, then "in"/"under"/"into", then a quoted or code-marked name.
pub(super) fn elsewhere_part(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    let verb = crate::drift::text::parts("put |place |move |keep ")
        .iter()
        .filter_map(|v| {
            lower
                .match_indices(v)
                .find(|(i, _)| *i == 0 || lower[..*i].ends_with(&[' ', ';', ',', ':'][..]))
                .map(|(i, _)| i)
        })
        .min()?;
    let rest = &sentence[verb..];
    let rest_lower = &lower[verb..];
    let place = crate::drift::text::first_end(rest_lower, " in | under | into ")?;
    let mut tail = rest[place..].trim_start();
    // ("in a final section called "Engineering notes"".)
    for lead in concat!(
        "a |an |the |final |last |separate |its own ",
        "|section called |section named |section titled |heading called |heading named ",
    )
    .split('|')
    {
        if tail.to_ascii_lowercase().starts_with(lead) {
            tail = tail[lead.len()..].trim_start();
        }
    }
    let open = tail.chars().next()?;
    let close = match open {
        '\'' | '"' | '`' => open,
        '\u{201c}' => '\u{201d}',
        '\u{2018}' => '\u{2019}',
        // "under a final heading called Appendix.": a capitalised name after "called".
        c if c.is_ascii_uppercase() && tail.len() < rest.len() => {
            let called = rest_lower
                .get(..rest.len() - tail.len())
                .is_some_and(|b| b.ends_any("called |named |titled "));
            let name = tail
                .split(&['.', ',', ';', ':', '(', ')'][..])
                .next()
                .unwrap_or_default()
                .trim();
            return (called && name.split_whitespace().count() <= 3)
                .then(|| name.to_ascii_lowercase());
        }
        // "put supporting data in an appendix": the one part its common noun names.
        _ if tail.to_ascii_lowercase().split([' ', ',', '.', ';']).next() == Some("appendix") => {
            return Some("appendix".into())
        }
        _ => return None,
    };
    let inner = &tail[open.len_utf8()..];
    let name = &inner[..inner.find(close)?];
    let name = name.trim().trim_start_matches('#').trim();
    (!name.is_empty() && name.split_whitespace().count() <= 4).then(|| name.to_ascii_lowercase())
}

/// "If engineers need snippets, put them under a final `## Appendix for engineers` heading": the
/// part a message sends code to, in a sentence of its own.
pub(super) fn code_part(message: &str) -> Option<String> {
    // By clause: "The main summary must have no code blocks; put any technical details in a
    // final section called "Engineering notes", where code is fine".
    let clauses = super::sentences(message)
        .into_iter()
        .flat_map(|s| s.split("; "));
    clauses.into_iter().find_map(|s| {
        let lower = s.to_ascii_lowercase();
        let ws = words_at(&lower);
        let has = |list: &'static str| ws.iter().any(|(_, w)| crate::drift::text::in_list(list, w));
        // A permission ("If engineers need snippets, put them …", "you may put code …", "where
        // code is fine"), not a ban ("Don't put snippets in the Summary either").
        // ("put any queries in a final `## Appendix` section": a place for them too.)
        let allows = has("snippet|snippets|code|diff|diffs|query|queries|sql|function|script")
            && (has("if|may|can|fine|allowed|welcome")
                || super::has_any_in(
                    &lower,
                    "put any code|put any queries|put any query|put any sql|put any snippets|put all code|put all queries|put all sql",
                ))
            && !ws.iter().any(|(_, w)| super::negates(w))
            // "… with no code blocks in it, then put the diff under a separate 'Patch'
            // heading": a ban, then the place the code goes.
            || super::has_any_in(
                &lower,
                "then put the diff|then put the code|then put the patch|and put the diff|and put the code|and put the patch",
            )
            // "…; put the technical detail and diff under a `## Technical` heading".
            // ("…; put any stack traces in an appendix".)
            || (ws.first().is_some_and(|w| w.1 == "put")
                && has("diff|diffs|code|patch|snippets|traces|logs|log|excerpts|queries")
                && !ws.iter().any(|(_, w)| super::negates(w)));
        // "…, then a section for developers with the diff": the section asked to hold it.
        let with_code = lower.match_indices("section for ").find_map(|(i, m)| {
            let (who, after) = lower.get(i + m.len()..)?.split_once(" with ")?;
            (who.split_whitespace().count() <= 3
                && crate::drift::text::parts("the diff|the code|a diff|the snippet")
                    .iter()
                    .any(|c| {
                        after
                            .strip_prefix(c)
                            .is_some_and(|r| r.is_empty() || r.starts_with(&['.', ',', ';', ')'][..]))
                    }))
            .then(|| who.trim().to_string())
        });
        // "the appendix for the developers can include code": the appendix.
        // ("the developer appendix can include code": that appendix.)
        let appendix = crate::drift::text::starts_with_any(lower.trim_start(), "the appendix|an appendix|any appendix")
            .then(|| "appendix".to_string())
            .or_else(|| {
                let (subject, _) = lower.trim_start().strip_prefix("the ")?.split_once(" can ")?;
                (subject.ends_with(" appendix") && subject.split(' ').count() <= 3)
                    .then(|| subject.to_string())
            });
        // "…with no code, then an 'Engineering appendix' where you can include anything
        // useful": the part anything may go in.
        let free = lower.find(", then ").and_then(|i| {
            let r = s.get(i + 7..)?;
            let r = crate::drift::text::strip_any(r, "a |an |the ").unwrap_or(r);
            let q = r.chars().next().filter(|c| "'\"`".contains(*c))?;
            let (name, after) = r.get(1..)?.split_once(q)?;
            let after = after.trim_start();
            crate::drift::text::starts_with_any(
                crate::drift::text::strip_any(after, "part |section ").unwrap_or(after),
                "where you can include anything|where anything|where you can put anything|where code is fine|where code is allowed|where code is welcome",
            )
            .then(|| name.to_ascii_lowercase())
        });
        // "Underneath, add a section headed '## For engineers' with whatever technical detail
        // you need": the part detail is sent to.
        let detail = super::has_any_in(&lower, "whatever technical|any technical detail|whatever detail")
            .then(|| {
                let at = crate::drift::text::first_end(&lower, "headed |called |named |titled ")?;
                let r = s.get(at..)?;
                let q = r.chars().next().filter(|c| "'\"`".contains(*c))?;
                let (name, _) = r.get(1..)?.split_once(q)?;
                Some(name.trim_start_matches(&['#', ' '][..]).to_ascii_lowercase())
            })
            .flatten();
        with_code
            .or(free)
            .or(detail)
            .or_else(|| allows.then(|| elsewhere_part(s).or(appendix)).flatten())
    })
}

/// Whether the clause around byte `at` holds a number: the count is said there.
fn counts_in_clause(lower: &str, at: usize) -> bool {
    // (A file's dot is no stop: "the section you add to README.md must be …".)
    let stop = |i: usize, c: char| {
        [';', ',', '\u{2014}', '(', ')', ':'].contains(&c)
            || (c == '.'
                && !lower
                    .get(i + 1..)
                    .is_some_and(|r| r.starts_with(char::is_alphanumeric)))
    };
    let start = lower
        .get(..at)
        .and_then(|b| b.char_indices().rev().find(|&(i, c)| stop(i, c)))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let end = lower
        .get(at..)
        .and_then(|r| r.char_indices().find(|&(i, c)| stop(at + i, c)))
        .map_or(lower.len(), |(i, _)| at + i);
    let clause = lower.get(start..end).unwrap_or_default();
    // "… include a Testing section and must be under 150 words": the count is past "and".
    let at = at - start;
    let from = clause
        .get(..at)
        .and_then(|b| b.rfind(" and "))
        .map_or(0, |i| i + 5);
    let to = clause
        .get(at..)
        .and_then(|r| r.find_str(" and "))
        .map_or(clause.len(), |i| at + i);
    let clause = clause.get(from..to).unwrap_or_default();
    words_at(clause).iter().any(|(_, w)| {
        w.chars().all(|c| c.is_ascii_digit())
            || crate::drift::text::in_list(
                "one|two|three|four|five|six|seven|eight|nine|ten|single",
                w,
            )
    })
}

/// The sections a message names marked, as a section ("then a '## For developers' section",
/// "the final 'For IT' section can be as technical as needed").
pub(super) fn marked_sections(message: &str) -> Vec<String> {
    let lower = message.to_ascii_lowercase();
    marked_names(message)
        .into_iter()
        .filter(|(end, name)| {
            // Not the text asked for: "Write the "Rescheduling" section for the help center".
            let asked = lower
                .get(..*end)
                .and_then(|b| b.rfind(name.as_str()))
                .is_some_and(|at| {
                    let before = lower
                        .get(..at)
                        .unwrap_or_default()
                        .trim_end_matches(&['"', '\'', '`', '#', ' ', '*'][..]);
                    crate::drift::text::ends_with_any(before, "write the|write a|draft the|draft a")
                });
            !asked
                && lower
                    .get(*end..)
                    .is_some_and(|r| r.trim_start_matches('*').starts_with(" section"))
        })
        .map(|(_, n)| n)
        .gather()
}

/// The sections a message names and leaves free ("add an 'Engineering notes' section for me in
/// whatever format you like"): a format rule of the reply does not hold there.
pub(super) fn free_sections(message: &str) -> Vec<String> {
    super::sentences(message)
        .into_iter()
        .filter(|s| {
            crate::drift::text::contains_any(
                s.to_ascii_lowercase(),
                "whatever format|any format|format you like|however you like|as technical as|anything goes",
            )
        })
        .flat_map(marked_sections)
        .gather()
}

/// "Avoid the abbreviations 'MNF' and 'DMA' in the body; you may define them in a short
/// glossary at the end": the kind of part a sentence lets banned words stand in.
pub(super) fn glossary_allowed(message: &str) -> Option<&'static str> {
    // By clause: "Don't use 'SLA' in the main text; you may define it in a glossary".
    let clauses = super::sentences(message)
        .into_iter()
        .flat_map(|s| s.split(';'));
    clauses.into_iter().find_map(|s| {
        let lower = s.to_ascii_lowercase();
        let ws: Vec<&str> = words_at(&lower).into_iter().map(|(_, w)| w).gather();
        let has = |list: &'static str| crate::drift::text::any_word_in(&ws, list);
        // Not "You may not define them in a glossary".
        if !has("may|can|fine|allowed|ok|okay")
            || !has("them|it|those|these|terms|abbreviations")
            || ws.iter().any(|w| super::negates(w))
        {
            return None;
        }
        "glossary|appendix|footnotes"
            .split('|')
            .find(|k| ws.contains(k))
    })
}

/// Names marked in a sentence (bold, code, quotes), lowercased, each with the byte where its
/// mark closes; a leading `#` run is dropped ("`## Risks`" names "risks").
fn marked_names(sentence: &str) -> Vec<(usize, String)> {
    let lower = sentence.to_ascii_lowercase();
    let mut out = Vec::new();
    for (open, close) in [
        ("**", "**"),
        ("`", "`"),
        ("\"", "\""),
        ("'", "'"),
        ("\u{201c}", "\u{201d}"),
        ("\u{2018}", "\u{2019}"),
    ] {
        let mut from = 0;
        while let Some(i) = lower.get(from..).and_then(|r| r.find(open)) {
            let start = from + i + open.len();
            // An apostrophe inside a word opens nothing ("don't").
            let prev = lower.get(..from + i).and_then(|b| b.chars().last());
            if open == "'" && prev.is_some_and(|c| c.is_ascii_alphanumeric()) {
                from = start;
                continue;
            }
            // Nor closes one: "'What's new'" closes after "new".
            let Some(j) = lower.get(start..).and_then(|r| {
                r.match_indices(close).map(|(j, _)| j).find(|&j| {
                    close != "'"
                        || !r
                            .get(j + 1..)
                            .and_then(|a| a.chars().next())
                            .is_some_and(|c| c.is_ascii_alphanumeric())
                })
            }) else {
                break;
            };
            let name = lower
                .get(start..start + j)
                .unwrap_or_default()
                .trim_start_matches('#')
                .trim()
                .trim_end_matches(':')
                .to_string();
            from = start + j + close.len();
            if !name.is_empty() && name.split_whitespace().count() <= 4 && name.len() <= 40 {
                out.push((from, name));
            }
        }
    }
    // In the order of the marks (by kind, then place): callers pick by place.
    out
}

/// A label's text, normalised for comparison: lowercase, marks and a trailing colon gone.
fn normalise(label: &str) -> String {
    label
        .trim()
        .trim_start_matches('#')
        .trim_matches(&['*', '_', '`', ' ', ':', '"', '\''][..])
        .to_ascii_lowercase()
}

/// Whether a line opens a part, and its label: a Markdown heading, a bold label ("**Risks**",
/// "**Risks:** …") or a plain one ("Summary: …", a capitalised label of up to four words).
fn label_of(line: &str) -> Option<(char, String, &str)> {
    let t = line.trim();
    // "## Summary", not "#123 was the culprit".
    let h = t.trim_start_matches('#');
    if h.len() < t.len() {
        return h.starts_with(' ').then(|| ('#', normalise(h), ""));
    }
    if let Some(b) = t.strip_prefix("**") {
        let end = b.find_str("**")?;
        let label = b.get(..end)?;
        let rest = b.get(end + 2..)?;
        let rest = rest.trim_start_matches(':').trim();
        // "**Risks**" alone (a mark after it too: "**Note for you** ⚠️"), or "**Risks:**
        // text", not bold words opening a sentence.
        // (The mark only after a note's label: "**Offline mode** 🎉" in a text is its own.)
        let note = super::has_any_in(
            &label.to_ascii_lowercase(),
            "note|for you|for me|internal|for the team",
        );
        if rest.is_empty()
            || (note && !rest.contains(char::is_alphanumeric))
            || label.trim_end().ends_with(':')
            || b.get(end + 2..)?.starts_with(':')
        {
            return Some(('*', normalise(label), rest));
        }
        return None;
    }
    let colon = t.find(':')?;
    let label = t.get(..colon)?;
    let words = label.split_whitespace().count();
    ((1..=4).contains(&words)
        && label.starts_with(crate::drift::text::ascii_upper_char)
        && label
            .chars()
            // ("Slack message for #ops:": a channel's name.)
            .all(|c| c.is_alphanumeric() || " &/-()'#".contains(c)))
    .then(|| {
        (
            ':',
            normalise(label),
            t.get(colon + 1..).unwrap_or_default().trim(),
        )
    })
}

/// A result's parts under labels ("## For customers", "**Internal**", "Note for you:") or
/// between `---` lines, where it has two or more; else none.
pub(super) fn labelled_parts(result: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut part = String::new();
    let mut fence = false;
    let mut labelled = false;
    for l in result.lines() {
        let t = l.trim();
        if t.starts_any("```|~~~") {
            fence = !fence;
        }
        let rule = !fence && t == "---";
        if !fence && (rule || label_of(l).is_some()) {
            // (Words before the first label or rule are a preamble, no part: "Here's the draft
            // and my note.")
            if !part.trim().is_empty() && labelled {
                out.push(std::mem::take(&mut part));
            }
            part.clear();
            labelled = true;
        }
        if !rule {
            part.push_str(l);
            part.push('\n');
        }
    }
    if !part.trim().is_empty() {
        out.push(part);
    }
    if out.len() < 2 {
        out.clear();
    }
    out
}

/// Whether a message asks for a part of its own beside the main text ("Add a separate note for
/// me with the technical details", "followed by an internal section for the team"): a ban it
/// places in one part may be kept there and not in the other.
pub(super) fn asks_a_part_apart(lower_message: &str) -> bool {
    super::has_any_in(
        lower_message,
        "separate note|separate section|internal section|internal note|an internal summary|a short internal summary|a note for me|a note to me|a short note to me|section for the team|technical note|two parts|two sections",
    )
}

/// The text of the part named `name` in a result, if the result shows it.
pub(super) fn find(result: &str, name: &str) -> Option<String> {
    // A heading named with its marks ("the `## For council` section") is found by its words.
    let name = name.trim_start_matches(&['#', ' '][..]);
    if let Some(v) = json_field(result, name) {
        return Some(v);
    }
    // A one-line part on its label's line: "Headline: …", "**TL;DR:** …".
    if crate::drift::text::in_list("headline|tl;dr|tagline", name) {
        let own = result.lines().find_map(|l| {
            let (label, rest) = l
                .trim_start_matches(&['*', '#', '>', ' '][..])
                .split_once(':')?;
            let rest = rest.trim_start_matches('*').trim();
            (label.eq_ignore_ascii_case(name) && !rest.is_empty()).then(|| rest.to_string())
        });
        if own.is_some() {
            return own;
        }
    }
    // "Appendix" alone on its line: the part "put it in an appendix" names, to the end
    // ("Engineering appendix" too).
    // (A plain line that ends with the name, "Engineering appendix" for "appendix", too.)
    if name == "appendix" || name.ends_with(" appendix") {
        if let Some(l) = result.lines().find(|l| {
            let t = l.trim().to_ascii_lowercase();
            t.strip_suffix(name)
                .is_some_and(|h| h.is_empty() || (h.ends_with(' ') && h.len() < 24))
                // ("Appendix for engineers".)
                || (t.len() < 32 && t.strip_prefix(name).is_some_and(|r| r.starts_with(" for ")))
        }) {
            let at = l.as_ptr() as usize - result.as_ptr() as usize + l.len();
            return result.get(at..).map(str::to_string);
        }
    }
    // "… in the schedule table": the rows of the result's Markdown table.
    if name == "table" {
        let rows: Vec<&str> = result
            .lines()
            .filter(|l| l.trim_start().starts_with('|'))
            .gather();
        // (Of several tables, which one is named is not told: silent.)
        let tables = rows.iter().filter(|l| l.contains("---")).count();
        return (tables == 1).then(|| rows.join("\n"));
    }
    // "Any log messages you add must be lowercase": the messages the result's code logs.
    if name == "log messages" {
        let found = log_messages(result);
        return (!found.is_empty()).then(|| found.join("\n"));
    }
    // "the commit message" shown under "Commit:".
    if name == "commit message" {
        // (Only what the label shows: its line's code span, or the block under it; not the
        // report's words after it.)
        if let Some(p) = find_named(result, name).or_else(|| find_named(result, "commit")) {
            let t = p.trim_start();
            let block = |t: &str| {
                let at = t.find_str("```")?;
                let b = t.get(at..)?;
                b.get(3..)
                    .and_then(|r| r.find_str("```"))
                    .and_then(|e| b.get(..e + 6))
                    .map(str::to_string)
            };
            let first = t.split("\n\n").next().unwrap_or(t);
            // The label's line: its code spans ("`a1b2c3d`" names a commit, it holds no
            // words of it), else the block under it, else the line.
            let spans = crate::drift::text::code_spans(first);
            let own = if t.starts_with("```") {
                block(t).unwrap_or_else(|| t.to_string())
            } else if !spans.is_empty() && !first.has("```") {
                spans.join("\n")
            } else {
                block(t).unwrap_or_else(|| first.to_string())
            };
            return Some(own);
        }
        // A plain block of a commit's shape, unlabelled (its subject capitalised or typed, not
        // a command: "cargo test -p auth").
        if let Some(lines) = super::line_length::commit_message(result, false).filter(|ls| {
            ls.first()
                .is_some_and(|s| s.starts_with(crate::drift::text::ascii_upper_char) || s.has(": "))
        }) {
            return Some(lines.join("\n"));
        }
    }
    find_named(result, name)
}

/// The string literals a result logs: the first argument of a logging call
/// (`logger.warning("…")`, `console.error('…')`, `log.info(f"…")`), or, where no call is shown
/// and the result speaks of logging, a code span that is one quoted string (a listed message:
/// `` `"retry limit reached"` ``). Placeholders (`{id}`, `%s`) are no words of the message.
fn log_messages(result: &str) -> Vec<String> {
    let mut called = Vec::new();
    let mut listed = Vec::new();
    for (i, q) in result.match_indices(['"', '\'']) {
        let before = result.get(..i).unwrap_or_default();
        let head = before.strip_suffix('f').unwrap_or(before);
        let call = head.strip_suffix('(').is_some_and(|h| {
            let callee = h
                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_'))
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase();
            let mut segs = callee.rsplit('.');
            let last = segs.next().unwrap_or_default();
            let owner = segs.next().unwrap_or_default();
            // (A chained call: "logging.getLogger(__name__).info(": its line names the logger.)
            let line = h.rsplit('\n').next().unwrap_or_default().to_ascii_lowercase();
            (crate::drift::text::in_list("log|logger|logging|console|syslog|_log|_logger", owner)
                || (owner.is_empty() && callee.starts_with('.') && line.has("log")))
                && crate::drift::text::in_list(
                    "log|debug|info|warn|warning|error|critical|fatal|trace|exception|notice|printf|println|print",
                    last,
                )
        });
        let span = before.ends_with('`') && q == "\"";
        if !(call || span) {
            continue;
        }
        let Some(body) = result.get(i + 1..).and_then(|r| r.split(q).next()) else {
            continue;
        };
        let closed = result.get(i + 1 + body.len()..).unwrap_or_default();
        if body.contains('\n') {
            continue;
        }
        // ("missing load {load_id}": the value's name is not the message's.)
        let words: String = body
            .split('{')
            .enumerate()
            .map(|(k, p)| {
                if k == 0 {
                    p
                } else {
                    p.split_once('}').map_or("", |x| x.1)
                }
            })
            .collect();
        if call {
            called.push(words);
        } else if closed.starts_with("\"`") {
            listed.push(words);
        }
    }
    if called.is_empty() && result.to_ascii_lowercase().has("log") {
        listed
    } else {
        called
    }
}

fn find_named(result: &str, name: &str) -> Option<String> {
    // "Summary", "Summary (for the PM)", "Draft Slack message" for "slack message".
    let named = |label: &str| {
        label == name
            || label
                .strip_prefix(name)
                .is_some_and(|r| r.starts_with(&[' ', '(', '-', '\u{2014}'][..]))
            || label
                .strip_suffix(name)
                .is_some_and(|r| r.ends_with(' ') && r.split_whitespace().count() == 1)
    };
    // "**Risks: the rollout**": the name is before the colon.
    let matches = |label: &str| {
        named(label)
            || label
                .split_once(':')
                .is_some_and(|(head, _)| named(head.trim_end()))
    };
    // Each line with whether it is code (a fence or inside one): no label there, but a fenced
    // paste under a label is the part's.
    let mut fence = false;
    let lines: Vec<(&str, bool)> = result
        .lines()
        .map(|l| {
            let marker = l.trim_start().starts_with("```") || l.trim_start().starts_with("~~~");
            fence ^= marker;
            (l, fence || marker)
        })
        .gather();
    let label_at = |i: usize| {
        lines
            .get(i)
            .filter(|(_, code)| !code)
            .and_then(|(l, _)| label_of(l))
    };
    // Looser, where no label matches: the name's head noun ("ticket title" labelled
    // "Title:"), or the name for whom a part is ("partner section" headed "For partners").
    let head = name.rsplit(' ').next().unwrap_or(name);
    // A label with a list marker whose words are all the name's, its head last: "(a) Member
    // announcement" for "member-facing announcement".
    let name_words = dash_words(name);
    let fewer_words = |label: &str| {
        let t = label.trim_start();
        // Only after a marker: "Launch email" is no "partner launch email".
        let Some(t) = t
            .strip_prefix('(')
            .and_then(|r| r.split_once(')'))
            .filter(|(m, _)| m.len() <= 2 && m.chars().all(|c| c.is_ascii_alphanumeric()))
            .map(|(_, rest)| rest.trim_start())
        else {
            return false;
        };
        let words = dash_words(t);
        words.len() >= 2
            && words.last() == name_words.last()
            && words.iter().all(|w| name_words.contains(w))
    };
    // Also after a label's colon: "Part 1: for the sponsor".
    let loose = |label: &str| {
        fewer_words(label) || {
            let tail = label.split_once(':').map_or("", |(_, t)| t.trim());
            [label, tail].iter().any(|&label| {
                let l = label
                    .strip_prefix("for the ")
                    .or_else(|| label.strip_prefix("for "))
                    .unwrap_or(label);
                // "Draft email:" for "the member email".
                (head != name && label.strip_prefix("draft ") == Some(head))
                    || (head != name
                        && label == head
                        && crate::drift::text::in_list(
                            "title|subject|headline|caption|tagline|body",
                            head,
                        ))
                    || (l != label && l.trim_end_matches('s') == name.trim_end_matches('s'))
                    // "For the keepers" for "the keeper message".
                    || (l != label
                        && name.split_once(' ').is_some_and(|(who, what)| {
                            crate::drift::text::in_list("message|note|version|text|update", what)
                                && l.trim_end_matches('s') == who.trim_end_matches('s')
                        }))
            })
        }
    };
    let start = (0..lines.len())
        .find(|&i| label_at(i).is_some_and(|(_, label, _)| matches(&label)))
        .or_else(|| {
            (0..lines.len()).find(|&i| label_at(i).is_some_and(|(_, label, _)| loose(&label)))
        })?;
    let first = lines.get(start)?.0;
    let (kind, _, inline) = label_of(first)?;
    let level = |l: &str| l.trim().chars().take_while(|c| *c == '#').count();
    let own = level(first);
    // "Subject: …" is one line: the email's body follows it.
    if !inline.is_empty() && crate::drift::text::in_list("subject|title", name) {
        return Some(inline.to_string());
    }
    let mut body: Vec<&str> = Vec::new();
    if !inline.is_empty() {
        body.push(inline);
    }
    for (i, (line, _)) in lines.iter().enumerate().skip(start + 1) {
        // A plain "Guidance text:" label's part is the quote or fenced block pasted after it,
        // to a blank line.
        if kind == ':' && line.trim().is_empty() {
            let content: Vec<&&str> = body.iter().filter(|l| !l.trim().is_empty()).gather();
            let fenced = content.len() >= 2
                && content
                    .first()
                    .is_some_and(|l| l.trim_start().starts_with("```"))
                && content
                    .last()
                    .is_some_and(|l| l.trim_start().starts_with("```"));
            if fenced
                || (!content.is_empty() && content.iter().all(|l| l.trim_start().starts_with('>')))
            {
                break;
            }
            if content.is_empty() {
                continue;
            }
        }
        // A horizontal rule closes the part: "---\n\nFor you only: …" is set apart.
        if !lines.get(i).is_some_and(|(_, code)| *code)
            && is_rule(line)
            && body.iter().any(|l| !l.trim().is_empty())
        {
            break;
        }
        // "(For your reference, not in the post: …)", last: a line set apart as no part of it.
        let l = line.to_ascii_lowercase();
        if l.trim_start().starts_with('(')
            && (l.has(&format!("not in the {name}")) || l.has(&format!("not part of the {name}")))
            && lines.iter().skip(i + 1).all(|(x, _)| x.trim().is_empty())
        {
            break;
        }
        match label_at(i) {
            // A heading's part runs to the next heading of its level or above (its bold
            // labels are its own); a label's part to the next label or heading.
            Some(('#', _, _)) if kind != '#' || level(line) <= own => break,
            Some((k, _, _)) if kind != '#' && k != '#' => break,
            _ => body.push(*line),
        }
    }
    Some(body.join("\n"))
}

/// The texts a result pastes: each block quote (its marks taken off), each fenced block of
/// prose (`markdown`, `text`) and each text it sets off between rules ([`ruled_pastes`]). A
/// rule on a thing the result may be or may paste is not taken as broken while one of these
/// keeps it: the thing may be that paste. A fence with no language is left out: a tree, a log
/// or code more often than a text to send.
pub(super) fn pastes(result: &str) -> Vec<String> {
    pasted(result, false)
}

/// [`pastes`] with every fenced block: what a commit message or a command is shown in.
pub(super) fn shown_blocks(result: &str) -> Vec<String> {
    pasted(result, true)
}

/// A Markdown horizontal rule: three or more of one of `-`, `*`, `_`, alone on a line.
pub(super) fn is_rule(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 3 && ['-', '*', '_'].iter().any(|&c| t.chars().all(|x| x == c))
}

/// The result without what it pastes or shows (block quotes and fenced blocks, fences and
/// all): the reply's own words around them.
pub(super) fn unpasted(result: &str) -> String {
    // The ruled pastes, in order: a line is in the first one not yet passed (its lines and
    // the two rules around it).
    let mut ruled = ruled_pastes(result).into_iter().peekable();
    let mut out = String::with_capacity(result.len());
    let mut fenced = false;
    for (i, line) in result.lines().enumerate() {
        while ruled.next_if(|&(_, to)| to < i).is_some() {}
        if ruled.peek().is_some_and(|&(from, _)| i + 1 >= from) {
            continue;
        }
        let t = line.trim_start();
        if t.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || t.starts_with('>') {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The texts a result sets off between two horizontal rules after a line that introduces them
/// ("The post, ready to paste:", "Draft below"), as line ranges (`from..to`, the rules at
/// `from - 1` and `to`). Rules between a report's own sections are no paste; an opening `---` right
/// under a line of text is a heading's underline. A rule that is never closed sets off the rest
/// of the result ("Patch notes:", a rule, then the notes to the end); a rule followed by a
/// document's title (`# …`) opens one whatever the line before it says.
fn ruled_pastes(result: &str) -> Vec<(usize, usize)> {
    let introduces = |l: &str| {
        let l = l.to_ascii_lowercase();
        l.trim_end().ends_with(':')
            || crate::drift::text::contains_any(&l, "draft|below|here's|here is")
    };
    let lines: Vec<&str> = result.lines().gather();
    // A document with a title of its own after the rule ("# Migrating to v5").
    let titled = |i: usize| {
        lines
            .iter()
            .skip(i + 1)
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| l.trim_start().starts_with("# "))
    };
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    let mut fenced = false;
    let mut intro = "";
    let mut prev_blank = true;
    // Words since the open rule: an unclosed one sets off only a text.
    let mut words_since = false;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        words_since |= open.is_some() && t.chars().any(char::is_alphabetic);
        if t.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && is_rule(t) {
            if let Some(from) = open.take() {
                out.push((from, i));
                prev_blank = false;
                continue;
            }
            if prev_blank && (introduces(intro) || titled(i)) {
                open = Some(i + 1);
                words_since = false;
                continue;
            }
        }
        if !t.is_empty() {
            intro = t;
        }
        prev_blank = t.is_empty();
    }
    if let (Some(from), true) = (open, words_since) {
        out.push((from, lines.len()));
    }
    out
}

/// Whether a message asks for a text in a fenced block ("show me the text in a fenced block",
/// "put it inside a code block"), not against one ("not in a code block").
pub(super) fn asks_for_a_fence(message: &str) -> bool {
    // A negation in the same sentence only: "… must not contain emojis. Put it in a code block."
    crate::drift::text::sentences(message)
        .iter()
        .any(|(_, sentence)| {
            let lower = sentence.to_ascii_lowercase();
            let ws = super::words_at(&lower);
            let w = |i: usize| ws.get(i).map_or("", |x| x.1);
            (0..ws.len()).any(|i| {
                word_in(&ws, i, "in|inside|into|within|as")
                    && word_in(&ws, i + 1, "a|one|the")
                    && (word_in(&ws, i + 2, "fenced|fence")
                        || (word_is(&ws, i + 2, "code") && word_in(&ws, i + 3, "block|fence"))
                        || (word_is(&ws, i + 2, "triple") && w(i + 3).starts_with("backtick")))
                    && !(i.saturating_sub(5)..i)
                        .any(|j| super::negation_at(&ws, j) || word_is(&ws, j, "no"))
            })
        })
}

fn pasted(result: &str, any_fence: bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut quote: Option<String> = None;
    let mut fence: Option<(bool, String)> = None;
    let ruled = ruled_pastes(result);
    if !ruled.is_empty() {
        let lines: Vec<&str> = result.lines().gather();
        for (from, to) in ruled {
            out.push(lines.get(from..to).unwrap_or_default().join("\n") + "\n");
        }
    }
    for line in result.lines() {
        let t = line.trim_start();
        if let Some(lang) = t.strip_prefix("```") {
            match fence.take() {
                Some((prose, body)) => {
                    if prose {
                        out.push(body);
                    }
                }
                None => {
                    let lang = lang.trim().to_ascii_lowercase();
                    fence = Some((
                        any_fence
                            || crate::drift::text::in_list(
                                "markdown|md|text|txt|plain|plaintext",
                                lang.as_str(),
                            ),
                        String::new(),
                    ));
                }
            }
            continue;
        }
        if let Some((_, body)) = fence.as_mut() {
            body.push_str(line);
            body.push('\n');
            continue;
        }
        match (t.strip_prefix('>'), quote.as_mut()) {
            (Some(q), Some(body)) => {
                body.push_str(q.trim_start());
                body.push('\n');
            }
            (Some(q), None) => quote = Some(format!("{}\n", q.trim_start())),
            (None, _) => out.push_all(quote.take()),
        }
    }
    out.push_all(quote);
    out
}

/// The part of a result a content ban is placed in ("no emojis in the Slack message"), where
/// the result labels it.
pub(super) fn placed_part(ban: &str, result: &str) -> Option<String> {
    match place_of(ban) {
        Some(Part::Named(name) | Part::Maybe(name)) => find(result, &name),
        Some(Part::Unnamed) => None,
        // "Keep the `## Summary` section prose-only — no code in it."
        None => {
            if let Some(paragraph) = ordinal_paragraph(ban, result) {
                return Some(paragraph.to_string());
            }
            let lower = ban.to_ascii_lowercase();
            if let Some(part) = lettered_part(&lower).and_then(|m| find(result, &m)) {
                return Some(part);
            }
            // "The summary for the residents' association must not mention costs": the part
            // the ban's subject names, where the result labels one so.
            let subject = lower.trim_start().strip_prefix("the ").and_then(|r| {
                crate::drift::text::first_of(
                    r,
                    " must not | mustn't | should not | shouldn't | may not ",
                )
                .and_then(|i| r.get(..i))
            });
            let subject = subject.filter(|s| (1..=6).contains(&s.split_whitespace().count()));
            if let Some(part) = subject.and_then(|s| find(result, s)) {
                return Some(part);
            }
            // "The customer email must not mention …" beside a reply's "Draft email:": the
            // text's own noun.
            if let Some(part) = subject
                .and_then(|s| s.rsplit(' ').next())
                .filter(|n| {
                    crate::drift::text::in_list(
                        "email|letter|sms|reply|post|announcement|notice",
                        n,
                    )
                })
                .and_then(|n| find(result, n))
            {
                return Some(part);
            }
            let (_, name) = marked_names(ban).found(|(end, _)| {
                lower
                    .get(*end..)
                    .is_some_and(|r| r.trim_start_matches('*').starts_with(" section"))
            })?;
            find(result, &name)
        }
    }
}

/// "Draft (a) an email to the council, which must not mention fines, and (b) a note for
/// finance": the marker of the enumerated text a relative clause bans in ("(a)").
fn lettered_part(lower: &str) -> Option<String> {
    let at = crate::drift::text::first_of(
        lower,
        ", which must not |, which mustn't |, which should not |, which shouldn't |, which may not ",
    )?;
    let head = lower.get(..at)?;
    let marker = head
        .rfind('(')
        .and_then(|open| head.get(open..)?.split_once(')'))
        .map(|m| m.0)
        .filter(|m| m.len() == 2 && m.bytes().skip(1).all(|b| b.is_ascii_alphanumeric()));
    if let Some(marker) = marker {
        return Some(format!("{marker})"));
    }
    // "Write a part for the centre manager first, which must not …": the part for whom.
    if let Some((before, whom)) = head.rsplit_once(" for the ") {
        let whom = whom.strip_suffix(" first").unwrap_or(whom);
        if crate::drift::text::ends_with_any(before, " part| section| version| note")
            && whom.split(' ').count() <= 3
        {
            return Some(["for the ", whom].concat());
        }
    }
    // "Write two versions: a public one for the help page, which must not mention ticket
    // ids, and an internal one …": the version its adjective names ("public").
    let one = head
        .rfind(" one ")
        .or_else(|| head.ends_with(" one").then(|| head.len() - 4))?;
    let adjective = head.get(..one)?.rsplit(' ').next()?;
    (adjective.len() > 2 && adjective.bytes().all(|b| b.is_ascii_lowercase()))
        .then(|| adjective.to_string())
}

/// "The first paragraph goes to customers via the status page, so it must not mention Redis":
/// a ban said of the paragraph the sentence opens with ("it"), that paragraph of a result of
/// several.
fn ordinal_paragraph<'a>(ban: &str, result: &'a str) -> Option<&'a str> {
    let lower = ban.trim_start().to_ascii_lowercase();
    let ws = words_at(&lower);
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    if !word_is(&ws, 0, "the") || !word_is(&ws, 2, "paragraph") {
        return None;
    }
    let banned_by_it = ws.windows(2).any(|p| {
        p.first().is_some_and(|x| x.1 == "it")
            && p.get(1).is_some_and(|x| {
                crate::drift::text::in_list("must|mustn't|should|shouldn't|cannot|can't", x.1)
            })
    });
    // A heading or a lead-in line ("Here is the update:") is no paragraph.
    let blocks: Vec<&str> = result.split("\n\n").map(str::trim).gather().kept(|b| {
        !b.is_empty() && !(!b.contains('\n') && (b.starts_with('#') || b.ends_with(':')))
    });
    if !banned_by_it || blocks.len() < 2 {
        return None;
    }
    match w(1) {
        "first" | "opening" => blocks.first().copied(),
        "second" => blocks.get(1).copied(),
        "third" => blocks.get(2).copied(),
        "last" | "final" | "closing" => blocks.last().copied(),
        _ => None,
    }
}

/// A string (or list of strings, one bullet each) under the key `name` of a JSON answer.
fn json_field(result: &str, name: &str) -> Option<String> {
    let t = result.trim();
    let body = t
        .trim_start_matches("```json")
        .trim_start_matches("```")
        .trim_end_matches("```")
        .trim();
    if !body.starts_with('{') {
        return None;
    }
    let v: serde_json::Value = serde_json::from_str(body).ok()?;
    let (_, value) = v
        .as_object()?
        .iter()
        .find(|(k, _)| k.to_ascii_lowercase() == name)?;
    match value {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Array(items) => Some(
            items
                .iter()
                .filter_map(|i| i.as_str())
                .map(|i| format!("- {i}"))
                .gather()
                .join("\n"),
        ),
        _ => None,
    }
}

/// A text the message leaves free of an emoji ban, named as the subject of a clause that frees
/// it: "…; the Slack summary you post afterwards can have whatever you like" gives "slack
/// summary".
pub(in crate::drift) fn emoji_free_part(message: &str) -> Option<String> {
    free_part(
        message,
        "whatever you like|whatever you want|can have emojis|can use emojis|may have emojis|may use emojis",
    )
}

/// The text a clause frees of a rule in the words `frees` ("the internal changelog can use
/// it"), as [`emoji_free_part`] reads it.
pub(in crate::drift) fn free_part(message: &str, frees: &'static str) -> Option<String> {
    let lower = message.to_ascii_lowercase();
    lower.split(&['.', ';', '\n'][..]).find_map(|clause| {
        let clause = clause.trim_start();
        let clause = clause.strip_prefix("but ").unwrap_or(clause);
        // ("…; your covering note to me can.")
        let rest = clause.strip_prefix("the ").or(clause.strip_prefix("your "))?;
        // ("…; the internal note can.": the verb left out.)
        if !super::has_any_in(rest, frees)
            && !crate::drift::text::ends_with_any(rest.trim_end(), " can| may")
        {
            return None;
        }
        let name = rest
            .split(' ')
            .take_while(|w| {
                !crate::drift::text::in_list("you|we|i|they|can|may|is|are|that|which|should|will|to", w)
            })
            .gather();
        // A text ("the Slack summary"), not a person ("the customer may use emojis").
        let text = name.last().is_some_and(|w| {
            crate::drift::text::in_list("summary|post|message|note|notes|update|email|announcement|caption|tweet|description|notice|thread|section|part|reply|comment|comments|changelog", w)
        });
        // ("the Internal section" is labelled "**Internal**": the part word is no name.)
        let name = match name.as_slice() {
            [head @ .., "section" | "part"] if !head.is_empty() => head,
            _ => name.as_slice(),
        };
        ((1..=3).contains(&name.len()) && text).then(|| name.join(" "))
    })
}

/// The text of the part `name` in a result ([`find`]), or, under a line that opens with the name
/// and ends with a colon ("Slack summary posted in #ops:"), the paragraph that follows.
pub(in crate::drift) fn find_loose(result: &str, name: &str) -> Option<String> {
    find(result, name).or_else(|| {
        let at = result.lines().find(|l| {
            let l = l.trim().to_ascii_lowercase();
            l.starts_with(name) && l.ends_with(':')
        })?;
        let from = at.as_ptr() as usize - result.as_ptr() as usize;
        let rest = result.get(from..)?;
        let body = rest
            .get(at.len()..)?
            .trim_start_matches(&['\n', '\r', ' '][..]);
        let end = body.find("\n\n").unwrap_or(body.len());
        rest.get(..rest.len() - body.len() + end)
            .map(str::to_string)
    })
}

/// The words of `text` split at spaces and hyphens, empty ones left out ("member-facing
/// announcement" gives "member", "facing", "announcement").
fn dash_words(text: &str) -> Vec<&str> {
    text.split(&[' ', '-'][..]).gather().kept(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_named_by_marks_part_words_and_subjects() {
        let named = |s: &str| {
            part_of(s).and_then(|p| match p {
                Part::Named(n) => Some(n),
                _ => None,
            })
        };
        assert_eq!(
            named("Keep the `## Risks` section to at most 4 bullets."),
            Some("risks".into())
        );
        assert_eq!(
            named("Start your report with a **Summary** section of exactly 3 bullets."),
            Some("summary".into())
        );
        assert_eq!(
            named("Finish with a 'Next steps' section of at most 3 bullets."),
            Some("next steps".into())
        );
        assert_eq!(
            named("The `summary` value must be under 20 words."),
            Some("summary".into())
        );
        assert_eq!(
            named("`summary` must be 20 words or fewer; `details` can be long."),
            Some("summary".into())
        );
        assert_eq!(
            named("In your report, the **Summary** must be exactly 3 bullets."),
            Some("summary".into())
        );
        assert_eq!(
            named("Add a Rollback section of at most 5 steps."),
            Some("rollback".into())
        );
        assert_eq!(
            part_of("The section you write must not exceed 120 words."),
            Some(Part::Unnamed)
        );
        // The reply as a whole, or no part at all.
        assert_eq!(
            part_of("Keep your whole reply, Summary section included, under 200 words."),
            None
        );
        assert_eq!(part_of("Reply in at most 3 bullets."), None);
        assert_eq!(
            part_of("Don't use the word 'simple'; keep it under 50 words."),
            None
        );
        assert_eq!(
            part_of("Summarize the key points in under 100 words."),
            None
        );
        assert_eq!(
            part_of("Answer in under 100 words without a heading."),
            None
        );
        assert_eq!(
            named("Keep it short \u{2014} give a Summary section of exactly 3 bullets."),
            Some("summary".into())
        );
    }

    #[test]
    fn a_list_item_with_a_bold_label_is_a_part() {
        let m = "Write it up in two parts:\n\n1. **Summary for the PM** \u{2014} plain words. Three to five sentences.\n2. **Engineering notes** \u{2014} code welcome.";
        let at = m.find_str("Three").unwrap_or(0);
        let sentence = m.get(at..at + 24).unwrap_or_default();
        assert_eq!(
            item_label(m, sentence).as_deref(),
            Some("summary for the pm")
        );
        let plain = "Rules:\n- Three to five sentences.";
        let at = plain.find_str("Three").unwrap_or(0);
        assert_eq!(item_label(plain, plain.get(at..).unwrap_or_default()), None);
        // A list item may open with bold words that are no label.
        let bold = "- **Do not** add dependencies.";
        assert_eq!(item_label(bold, bold.get(2..).unwrap_or_default()), None);
    }

    #[test]
    fn a_ban_is_placed_in_a_named_part() {
        assert_eq!(
            place_of("Don't use the word \"vulnerable\" in the Summary \u{2014} say \"affected\"."),
            Some(Part::Named("summary".into()))
        );
        assert_eq!(
            place_of("Avoid the word \"bias\" in the executive summary."),
            Some(Part::Named("executive summary".into()))
        );
        assert_eq!(
            place_of("No jargon in the **Key findings** section."),
            Some(Part::Named("key findings".into()))
        );
        assert_eq!(place_of("Don't use the word \"simply\" anywhere."), None);
        // A dash ends the place.
        assert_eq!(
            place_of("No emojis in the README section - keep it plain."),
            Some(Part::Maybe("readme".into()))
        );
        // Any other thing: its part where the result labels one, else the whole.
        assert_eq!(
            place_of("Don't use \"users\" in the article."),
            Some(Part::Maybe("article".into()))
        );
        assert_eq!(
            place_of("Don't use 'just' or 'easy' in the guidance \u{2014} they get cut."),
            Some(Part::Maybe("guidance".into()))
        );
    }

    #[test]
    fn a_part_is_found_under_its_heading_label_or_key() {
        let report = "## Summary\n- a\n- b\n- c\n\n## Details\n- d\n- e\n- f\n- g";
        assert_eq!(find(report, "summary").as_deref(), Some("- a\n- b\n- c\n"));
        assert_eq!(
            find(report, "details").as_deref(),
            Some("- d\n- e\n- f\n- g")
        );
        let bold = "**Summary**\n- one\n- two\n\n**Details**\nlong text";
        assert_eq!(find(bold, "summary").as_deref(), Some("- one\n- two\n"));
        let plain = "Summary: fixed the loop.\nIt re-rendered.\nNext steps: none";
        assert_eq!(
            find(plain, "summary").as_deref(),
            Some("fixed the loop.\nIt re-rendered.")
        );
        // A plain label's part ends at a blank line.
        let pasted = "Guidance text:\n\n> Apply by phone.\n> Or online.\n\nI also saw a typo.";
        assert_eq!(
            find(pasted, "guidance").as_deref(),
            Some("> Apply by phone.\n> Or online.")
        );
        let json = "{\"summary\": \"Twelve words here\", \"details\": \"much longer\"}";
        assert_eq!(find(json, "summary").as_deref(), Some("Twelve words here"));
        assert_eq!(find(report, "risks"), None);
        // "#123" opens no heading.
        assert_eq!(
            find("## Summary\n#123 was the culprit\n- a", "summary").as_deref(),
            Some("#123 was the culprit\n- a")
        );
        // A heading's part runs past bold words in its text.
        let nested = "# Risks\n**Note:** low\n- one\n# Plan\n- two";
        assert_eq!(
            find(nested, "risks").as_deref(),
            Some("**Note:** low\n- one")
        );
    }

    #[test]
    fn pastes_are_block_quotes_and_fenced_prose() {
        let r = "Draft:\n\n> one\n> two\n\nNotes.\n\n```markdown\n# Title\nbody\n```\n\n```\nsrc/\n```\n\n```rust\nfn f() {}\n```\n> last";
        assert_eq!(pastes(r), ["one\ntwo\n", "# Title\nbody\n", "last\n"]);
        assert!(pastes("No paste here.\n- a bullet").is_empty());
        assert_eq!(shown_blocks(r).len(), 5);
    }
}
