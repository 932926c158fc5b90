//! One line in capitals: "The subject line must be entirely in capital letters", "The first
//! line (the title) must be in ALL CAPS; the rest in normal case", "The first line must be
//! just the status word in all caps: GREEN, AMBER or RED", "The first line of your reply must
//! be the ticket id in uppercase". Read on the line the rule names: an e-mail's labelled
//! subject, a commit's first line, or the first line of the text the reply gives (after a
//! lead-in such as "Here is the SMS:"). Where the rule is about a thing on the line (a ticket
//! key, a status word from a list), only that thing is read.

use super::{has_any_in, words_at};
use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::gather::Gather;
use crate::gather::GatherText;

/// Which line the rule is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// The first line of the text the reply gives (a title, a headline, a status line).
    First,
    /// An e-mail's or an alert's subject, where the reply labels it ("Subject: …").
    Subject,
    /// A commit message's first line, where the reply shows the message in a block.
    CommitSubject,
    /// The first line of a text the reply shows ("the first line of the SMS"): of its first
    /// block where it shows one, else as `First`.
    TextFirst,
}

/// What on that line must be in capitals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Thing {
    /// Every word of the line.
    Whole,
    /// A ticket key on it ("the ticket id in uppercase").
    Key,
    /// One of the words the message lists ("DONE, PARTIAL or BLOCKED", "`STATUS: PASS`").
    Words(Vec<String>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineCase {
    pub line: Line,
    pub thing: Thing,
}

/// Phrases that ask for capitals.
const CAPS: &str = "capital letters|in capitals|all caps|all-caps|all capitals|block capitals|uppercase|upper case|upper-case";

/// The line rule a sentence states (its lowercased form beside it), if any.
pub fn asked(sentence: &str, lower: &str) -> Option<LineCase> {
    let caps = crate::drift::text::first_of(lower, CAPS)?;
    // A letter's or a word's case ("start with an uppercase letter", "each word
    // capitalised"), a name's style ("UPPER_SNAKE", "uppercase env var names").
    if has_any_in(
        lower,
        "letter |letter,|letter.|first word|each word|every word|snake|constant|variable|env ",
    ) {
        return None;
    }
    let ws = words_at(lower);
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    // The line noun nearest the caps phrase, in the same clause.
    let noun_at = (0..ws.len()).filter_map(|i| {
        let line = match (w(i), w(i + 1)) {
            ("subject", "line") => Some(Line::Subject),
            // "the subject must be …", "the e-mail subject …" (not "subject to review").
            ("subject", _)
                if i.checked_sub(1).is_some_and(|p| {
                    crate::drift::text::in_list(
                        "the|email|e-mail|mail|alert|commit|its|your|message",
                        w(p),
                    )
                }) =>
            {
                Some(Line::Subject)
            }
            // (Not "the final status line": the last one.)
            ("first" | "top" | "title" | "headline" | "status", "line")
                if !i.checked_sub(1).is_some_and(|p| {
                    crate::drift::text::word_in(&ws, p, "final|last|closing|bottom")
                }) =>
            {
                Some(Line::First)
            }
            ("headline", _) => Some(Line::First),
            // "Start with a one-line verdict in ALL CAPS": the first line.
            ("verdict", _)
                if i.checked_sub(1)
                    .is_some_and(|p| crate::drift::text::word_in(&ws, p, "one-line|one-word")) =>
            {
                Some(Line::First)
            }
            _ => None,
        }?;
        Some((ws.get(i)?.0, line))
    });
    let (at, mut line) = noun_at.min_by_key(|(at, _)| at.abs_diff(caps))?;
    let (from, to) = (at.min(caps), at.max(caps));
    let between = lower.get(from..to)?;
    // ";" or a part named between them ("the first line is the title; the rest in all caps",
    // "the subject is plain and the body in capitals") makes the case another part's.
    if between.contains(&[';', '.'][..])
        || has_any_in(
            between,
            "the rest|rest of|the body|everything|remaining|other lines|below|after it|underneath|each |every ",
        )
    {
        return None;
    }
    // "… must not be in all caps", "the subject line doesn't need capitals".
    let negated = words_at(between).iter().any(|(_, x)| {
        crate::drift::text::in_list("not|never|no|without|don't|doesn't|isn't|avoid", x)
            || x.ends_with("n't")
    }) || {
        // "our linter rejects uppercase anywhere in the subject": a ban, not a rule for
        // capitals.
        let head = lower.get(..caps).unwrap_or_default();
        words_at(head).iter().rev().take(3).any(|(_, x)| {
            crate::drift::text::in_list(
                "no|not|without|avoid|reject|rejects|forbid|forbids|ban|bans|bars|disallows",
                x,
            ) || x.ends_with("n't")
        })
    };
    if negated {
        return None;
    }
    // Whose line: a commit's, or one of a text the reply does not give ("the first line of
    // the CSV", "of each file", "of the e-mail's body").
    let of = lower
        .get(at..)
        .unwrap_or_default()
        .split_once(" of ")
        .filter(|(head, _)| head.split_whitespace().count() <= 2)
        .map(|(_, tail)| {
            tail.split_whitespace()
                .find(|x| !crate::drift::text::in_list("the|your|this|that|its", x))
                .unwrap_or_default()
                .trim_matches(crate::drift::text::not_alnum_char)
        });
    if of.is_some_and(|x| x.starts_with("commit")) || (line == Line::Subject && lower.has("commit")) {
        line = Line::CommitSubject;
    } else if line == Line::First
        && of.is_some_and(|x| {
            crate::drift::text::in_list(
                "sms|text|message|notice|banner|alert|announcement|post|template|tweet|notification",
                x,
            )
        })
    {
        line = Line::TextFirst;
    } else if of.is_some_and(|x| {
        crate::drift::text::in_list(
            "each|every|all|file|files|csv|log|logs|email|e-mail|body|script|code|function|output|config|header|table|page|readme|docstring|comment|response",
            x,
        )
    }) {
        return None;
    }
    // Of a line the sentence makes whole ("entirely", "a status line", "the title"), every
    // word; of a key or a listed word it puts on the line, that thing.
    let whole = has_any_in(
        lower,
        "entirely|whole line|status line|title|headline|all of the|the line itself|verdict",
    ) || !matches!(line, Line::First | Line::TextFirst)
        || !has_any_in(lower, "ticket|the id|the key|status|word");
    let thing = if whole {
        Thing::Whole
    } else if has_any_in(lower, "ticket|the id|the key") {
        Thing::Key
    } else {
        let listed = listed_words(sentence);
        if listed.is_empty() {
            return None;
        }
        Thing::Words(listed)
    };
    Some(LineCase { line, thing })
}

/// The words in capitals a sentence lists ("DONE, PARTIAL or BLOCKED", "`STATUS: PASS`"):
/// two or more capital letters, not the caps phrase's own ("ALL CAPS") or a ticket key.
fn listed_words(sentence: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in sentence.split(crate::drift::text::char_test(|c: char| {
        !(c.is_alphanumeric() || c == '-')
    })) {
        let word = word.trim_matches('-');
        let caps = word.chars().filter(|c| c.is_alphabetic()).count() >= 2
            && word.chars().all(|c| c.is_ascii_uppercase() || c == '-');
        // (Not a small word of a listed phrase: "ON TRACK" lists "TRACK", not "on".)
        if caps
            && !crate::drift::text::in_list(
                "ALL|CAPS|CAPITALS|UPPERCASE|UPPER|CASE|ID|ON|IN|AT|TO|OF|OR|AND|THE|BY|FOR|UP|IS|IT|AS",
                word,
            )
            && !out.iter().any(|x| x == word)
        {
            out.push(word.to_string());
        }
    }
    out
}

/// A line's words that are not in capitals, read outside code spans and placeholders, and
/// not counting a word with a digit or a path's or an address's marks ("v4.0", "12pm",
/// `m/s`, "citywater.example").
fn lowercase_words(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut code = false;
    let mut start: Option<usize> = None;
    fn flush<'a>(line: &'a str, from: Option<usize>, to: usize, out: &mut Vec<&'a str>) {
        if let Some(word) = from.and_then(|f| line.get(f..to)) {
            let word = word.trim_matches(crate::drift::text::not_alnum_char);
            let marked = word.contains(crate::drift::text::char_test(|c: char| {
                c.is_ascii_digit() || "/._@\\".contains(c)
            }));
            if !marked && word.chars().any(char::is_lowercase) {
                out.push(word);
            }
        }
    }
    for (i, c) in line.char_indices() {
        match c {
            '`' => {
                flush(line, start.take(), i, &mut out);
                code = !code;
            }
            '{' | '<' | '[' => {
                flush(line, start.take(), i, &mut out);
                depth += 1;
            }
            '}' | '>' | ']' => {
                flush(line, start.take(), i, &mut out);
                depth = (depth - 1).max(0);
            }
            c if c.is_whitespace() => flush(line, start.take(), i, &mut out),
            _ if code || depth > 0 => {}
            _ => {
                start.get_or_insert(i);
            }
        }
    }
    flush(line, start, line.len(), &mut out);
    out
}

/// A line without its quote, heading and bold marks.
fn bare(line: &str) -> &str {
    line.trim()
        .trim_start_matches(&['>', '#', ' '][..])
        .trim()
        .trim_matches(&['*', '_'][..])
        .trim()
}

/// The line's text after a label naming it ("Subject:", "**Headline:**"), if it has one.
fn unlabelled(line: &str) -> Option<&str> {
    let b = bare(line);
    let lower = b.to_ascii_lowercase();
    crate::drift::text::strip_any(
        &lower,
        "subject line:|subject:|title line:|title:|headline:|heading:",
    )
    .and_then(|r| b.get(lower.len() - r.len()..))
    .map(|rest| rest.trim().trim_start_matches(&['*', '_'][..]).trim())
}

/// The first non-empty line at or after `from`, and, where that opens a fenced block, the
/// block's first line instead.
fn first_from<'a>(lines: &[&'a str], from: usize) -> Option<&'a str> {
    let mut rest = lines
        .iter()
        .skip(from)
        .map(|l| l.trim())
        .filter(|l| !l.is_empty());
    let first = rest.next()?;
    if first.starts_any("```|~~~") {
        return rest
            .next()
            .filter(|l| !l.starts_with("```") && !l.starts_with("~~~"));
    }
    Some(first)
}

/// The line the rule reads in the reply, if the reply shows it.
fn shown<'a>(rule: &LineCase, text: &'a str) -> Option<&'a str> {
    let lines: Vec<&str> = text.lines().gather();
    let labelled = || {
        lines.iter().enumerate().find_map(|(i, l)| {
            let rest = unlabelled(l)?;
            let lower = bare(l).to_ascii_lowercase();
            if !lower.starts_with("subject") {
                return None;
            }
            if rest.is_empty() {
                first_from(&lines, i + 1)
            } else {
                Some(rest)
            }
        })
    };
    match rule.line {
        Line::Subject => labelled(),
        // A commit's subject: a labelled one, or the first line of the reply's first block.
        Line::CommitSubject => labelled().or_else(|| {
            let open = lines
                .iter()
                .position(|l| l.trim_start().starts_with("```"))?;
            first_from(&lines, open)
        }),
        Line::First | Line::TextFirst => {
            // The text's own first line, where the reply shows it in a block after its notes.
            if let Some(open) = lines
                .iter()
                .position(|l| l.trim_start().starts_with("```"))
                .filter(|_| rule.line == Line::TextFirst)
            {
                return first_from(&lines, open);
            }
            // A headline or title the reply labels, wherever it stands.
            let titled = lines.iter().enumerate().find_map(|(i, l)| {
                let lower = bare(l).to_ascii_lowercase();
                if !(lower.starts_any("headline|title")) {
                    return None;
                }
                match unlabelled(l)? {
                    "" => first_from(&lines, i + 1),
                    rest => Some(rest),
                }
            });
            if titled.is_some() {
                return titled;
            }
            let i = lines.iter().position(|l| !l.trim().is_empty())?;
            let first = lines.get(i)?.trim();
            if first.starts_any("```|~~~") {
                return first_from(&lines, i);
            }
            if let Some(rest) = unlabelled(first) {
                return if rest.is_empty() {
                    first_from(&lines, i + 1)
                } else {
                    Some(rest)
                };
            }
            // A lead-in ("Here is the SMS:", "Saved `notes.md`:", "**Draft banner**") opens
            // the text below it.
            let b = bare(first);
            let names_the_text = (first.starts_with('#') || first.starts_with("**"))
                && b.split_whitespace().any(|w| {
                    crate::drift::text::in_list(
                        "draft|text|sms|banner|alert|notice|message|email|e-mail|template|copy|version|proposed|suggested",
                        w.to_ascii_lowercase(),
                    )
                });
            if (b.ends_with(':') || names_the_text)
                && b.contains(crate::drift::text::char_test(char::is_lowercase))
            {
                return first_from(&lines, i + 1);
            }
            Some(first)
        }
    }
}

/// Whether the reply keeps the rule, with the line that breaks it.
pub fn holds(rule: &LineCase, text: &str) -> (bool, Option<String>) {
    let Some(line) = shown(rule, text) else {
        return (true, None);
    };
    let line = bare(line);
    let words: Vec<&str> = line.split_whitespace().gather();
    let broken = match &rule.thing {
        Thing::Whole => !lowercase_words(line).is_empty(),
        // A ticket key in its first words written with small letters.
        Thing::Key => words.iter().take(3).any(|w| {
            let w = w.trim_matches(crate::drift::text::not_alnum_char);
            let (head, num) = w.split_once('-').unwrap_or_default();
            head.len() >= 2
                && head.chars().all(|c| c.is_ascii_alphabetic())
                && !num.is_empty()
                && num.chars().all(|c| c.is_ascii_digit())
                && head.chars().any(|c| c.is_ascii_lowercase())
        }),
        // A listed word among its first words, written otherwise.
        Thing::Words(listed) => words.iter().take(4).any(|w| {
            let w = w.trim_matches(crate::drift::text::not_alnum_char);
            w.chars().any(char::is_lowercase) && listed.iter().any(|x| x.eq_ignore_ascii_case(w))
        }),
    };
    let head: String = line.chars().take(80).gather_text();
    (!broken, broken.then(|| format!("not in capitals: {head}")))
}

/// The rule in words, for a violation's constraint.
pub fn describe(rule: &LineCase) -> String {
    let line = match rule.line {
        Line::First | Line::TextFirst => "the first line",
        Line::Subject => "the subject line",
        Line::CommitSubject => "the commit subject",
    };
    match &rule.thing {
        Thing::Whole => format!("{line} in capitals"),
        Thing::Key => format!("the ticket key in capitals on {line}"),
        Thing::Words(w) => format!("{line}'s word ({}) in capitals", w.join(", ")),
    }
}
