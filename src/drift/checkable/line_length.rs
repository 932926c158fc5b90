//! Lines measured in characters: a commit subject's bound and its body's wrap ("the subject: 50
//! characters at most; wrap the body at 72"), every line of a text the reply shows ("Keep every
//! line of the entry under 80 characters", "all lines in the YAML under 80 characters"), every
//! line of the reply ("no line of your report over 100 characters"). A bound is said of the
//! nearest line noun before its number, so one sentence may bound the subject and the body apart.

use super::has_any_in;
use crate::drift::text::str_is;
use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::drift::text::Words;
use crate::gather::Gather;
use crate::gather::Keep;
use crate::gather::PushAll;

/// A bound on the length of some lines.
#[derive(Debug, Clone, PartialEq)]
pub struct LineChars {
    /// The most characters a line may hold.
    pub n: usize,
    pub lines: Lines,
    pub of: Of,
}

/// Which lines of the text are bounded.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Lines {
    /// Those after the commit message's first blank line.
    Body,
    All,
    /// Bullet lines ("each bullet must fit on one line of at most 80 characters").
    Bullets,
}

/// Where the bounded lines are.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Of {
    /// The commit message the reply shows (a plain fenced block of a commit's shape, or with
    /// `true`, the message asking for the commit message itself, the reply when it is one).
    Commit(bool),
    /// The reply's fenced blocks where it has any (a pasted entry, script, YAML), else the
    /// reply; with `true`, only blocks (the sentence names a file or code the reply may not show).
    Pasted(bool),
    /// Every line of the reply, notes and all.
    Reply,
}

/// What a sentence bounds: a commit subject (checked as a `TitleChars` rule) or lines.
#[derive(Debug, Clone, PartialEq)]
pub enum Asked {
    Subject(usize),
    Lines(LineChars),
}

/// What the whole message says that every sentence's reading needs (read once).
#[derive(Clone, Copy)]
pub struct MessageCx {
    /// The message speaks of a commit: a subject and a body are a commit's.
    commit: bool,
    /// It asks for the commit message itself: the reply may be it.
    whole: bool,
    /// It excepts some lines ("table rows are excluded"): which is not read.
    excepted: bool,
}

impl MessageCx {
    pub fn whole(&self) -> bool {
        self.whole
    }

    pub fn of(lower_message: &str) -> Self {
        MessageCx {
            commit: lower_message.has("commit"),
            whole: has_any_in(
                lower_message,
                "commit message|write the commit|give me the commit",
            ),
            excepted: has_any_in(lower_message, "exception|exclud|exempt"),
        }
    }
}

/// Words after a number that make it a count of characters.
const UNITS: &str = "characters|character|chars|char|columns|column|cols";

/// Where a count is said of a template's slot ("`fix(api): <summary>` …, the summary 50
/// characters", "… at most 50", "… no longer than 50"): the length of the fixed text before
/// the slot, `None` inside it when that text has slots too; `None` when the count is not the
/// slot's.
fn placeholder_prefix(clause: &str, ws: &[&str], i: usize) -> Option<Option<usize>> {
    let slot = clause.find(": <")?;
    let name = clause.get(slot + 3..)?.split('>').next()?;
    // Named again after the template (not only inside it), and not "… in total".
    let after = clause.get(slot + 3 + name.len()..).unwrap_or_default();
    let owned = (1..=4).any(|k| i.checked_sub(k).and_then(|j| ws.get(j)) == Some(&name))
        && after.has(name)
        && !after.has("total");
    if !owned {
        return None;
    }
    let head = clause.get(..slot)?;
    let prefix = head.get(head.rfind('`')? + 1..)?;
    Some((!prefix.contains('<')).then(|| prefix.chars().count() + 2))
}

/// The bounds a sentence states. `commit`: the message asks for a commit message, so a subject
/// and a body are a commit's. Not a bound with an exception ("table rows are excluded"), a
/// lower bound, or a length no line noun owns ("the 88-column line length" of code).
pub fn asked(lower: &str, cx: &MessageCx) -> Vec<Asked> {
    let MessageCx {
        commit,
        whole,
        excepted,
    } = *cx;
    let mut out = Vec::new();
    if !has_any_in(lower, "line|wrap|subject|bullet")
        || !has_any_in(lower, "character|chars|column|wrap")
        || has_any_in(lower, "except|unless|at least|minimum|or more")
        || excepted
        // Lines to find, not a bound: "point out any lines longer than 100 characters".
        || has_any_in(lower, "point out|look for|find any|flag any|report any|list any|which lines|check for")
    {
        return out;
    }
    let wrapped = lower.has("wrap");
    for clause in lower.split(';') {
        let ws: Vec<&str> = clause.words_by(crate::drift::text::char_test(|c: char| {
            !(c.is_ascii_alphanumeric() || c == '-')
        }));
        let w = |i: usize| ws.get(i).copied().unwrap_or_default();
        // "Each bullet must fit on one line of …": bullet lines (read once per clause).
        let bullets = ws.windows(2).any(
            |p| matches!(p, [q, b] if crate::drift::text::in_list("each|every", *q) && b.starts_with("bullet")),
        );
        for i in 0..ws.len() {
            let unit = super::str_in(&ws, i + 1, UNITS);
            let bare_bound = crate::drift::text::in_list("under|than|to|most|max|exceed|exceeds|at|within", w(i.wrapping_sub(1))) && (wrapped || commit)
                // ("body in at most 3 lines": a count of lines.)
                && !super::super::text::in_list(
                    "line|lines|word|words|sentence|sentences|bullet|bullets|item|items|paragraph|paragraphs|point|points|percent|ms|seconds|minutes|hours|days|times|files|tests|commits|changes|entries|steps|rows",
                    w(i + 1),
                );
            let Some(n) = w(i).parse::<usize>().ok().filter(|_| unit || bare_bound) else {
                continue;
            };
            // ("at or under 80 characters": 80 is allowed.)
            let below = (crate::drift::text::in_list("under|below", w(i.wrapping_sub(1)))
                && w(i.wrapping_sub(2)) != "or")
                || (w(i.wrapping_sub(1)) == "than"
                    && crate::drift::text::in_list("less|fewer", w(i.wrapping_sub(2))));
            let n = if below { n.saturating_sub(1) } else { n };
            let Some(lines) = owner(&ws, i, wrapped, bullets) else {
                continue;
            };
            match lines {
                // "`type(scope): subject`, subject at most 50 characters": the part after the
                // colon, not the line.
                Owner::Subject if commit && !has_any_in(clause, "(scope)|(<scope>)|type(") => {
                    match placeholder_prefix(clause, &ws, i) {
                        // "`fix(ui): <summary>` …, the summary 50 characters or fewer": the line
                        // less its fixed prefix; a prefix with slots of its own is not read.
                        Some(Some(prefix)) => out.push(Asked::Subject(n + prefix)),
                        Some(None) => {}
                        None => out.push(Asked::Subject(n)),
                    }
                }
                Owner::Subject => {}
                Owner::Body if commit => out.push(Asked::Lines(LineChars {
                    n,
                    lines: Lines::Body,
                    of: Of::Commit(whole),
                })),
                Owner::Body => {}
                Owner::Lines(lines) => {
                    let of = if commit && !has_any_in(clause, "reply|report|answer|response") {
                        Of::Commit(whole)
                    } else if has_any_in(
                        clause,
                        "your reply|your report|your answer|your response|the reply|the report|the answer",
                    ) {
                        Of::Reply
                    } else {
                        Of::Pasted(has_any_in(
                            clause,
                            "file|code|script|yaml|readme|config|module|source",
                        ))
                    };
                    out.push(Asked::Lines(LineChars { n, lines, of }));
                }
            }
        }
    }
    out.dedup();
    out
}

enum Owner {
    Subject,
    Body,
    Lines(Lines),
}

/// The line noun nearest before the number at `at`, within a few words: "subject line" and
/// "first line" are a subject's, "body" and "body line" a body's, "every line" (and "subject
/// and body") all lines, "each bullet … one line" a bullet's. A line alone is every line only
/// with a word that says so ("every line", "wrap each line"; not "the title (one line, …)").
fn owner(ws: &[&str], at: usize, wrapped: bool, bullets: bool) -> Option<Owner> {
    let w = |i: usize| ws.get(i).copied().unwrap_or_default();
    for i in (at.saturating_sub(14)..at).rev() {
        match w(i) {
            "subject" | "summary" | "title" => {
                return Some(if str_is(ws, i + 1, "and") && str_is(ws, i + 2, "body") {
                    Owner::Lines(Lines::All)
                } else {
                    Owner::Subject
                });
            }
            "body" => {
                return Some(
                    if w(i.wrapping_sub(1)) == "and" && w(i.wrapping_sub(2)) == "subject" {
                        Owner::Lines(Lines::All)
                    } else {
                        Owner::Body
                    },
                );
            }
            "line" | "lines" => {
                return Some(match w(i.wrapping_sub(1)) {
                    "subject" | "first" | "summary" | "title" | "header" => Owner::Subject,
                    "body" => Owner::Body,
                    _ if bullets => Owner::Lines(Lines::Bullets),
                    // "comment lines", "code lines", "log lines": lines of something else.
                    "comment" | "code" | "log" | "diff" | "output" | "source" | "test"
                    | "query" => return None,
                    _ if str_is(ws, i, "lines")
                        || wrapped
                        || ws.get(i.saturating_sub(3)..i).is_some_and(|b| {
                            crate::drift::text::any_word_in(b, "every|each|all|no|any")
                        }) =>
                    {
                        Owner::Lines(Lines::All)
                    }
                    _ => return None,
                });
            }
            _ => {}
        }
    }
    None
}

/// The first line of `text` the bound covers that is longer than it allows.
pub fn first_long(b: &LineChars, text: &str) -> Option<String> {
    let own;
    let lines: Vec<&str> = match (b.lines, b.of) {
        // Bullets are the reply's own lines or a pasted text's ("- " in a diff is no bullet).
        (Lines::Bullets, _) => super::lists::outside_fences(text)
            .chain(
                super::super::modality::fenced_where(text, |b| {
                    super::super::text::in_list("|text|txt|markdown|md", b.info)
                })
                .into_iter()
                .flat_map(|b| b.body.lines()),
            )
            .gather(),
        (lines, Of::Commit(whole)) => {
            let message = commit_message(text, whole)?;
            match lines {
                Lines::Body => message
                    .iter()
                    .skip_while(|l| !l.trim().is_empty())
                    .copied()
                    .gather(),
                _ => message,
            }
        }
        (_, Of::Reply) => text.lines().gather(),
        (_, Of::Pasted(only_blocks)) => {
            let blocks = super::super::modality::fenced_blocks(text);
            if blocks.is_empty() {
                if only_blocks {
                    return None;
                }
                // The text without a lead-in ("Here is the entry:") and notes after it.
                own = super::notes::without_notes(text);
                // (A short lead-in only: a long line may end with a colon too.)
                until_note(own.as_deref().unwrap_or(text))
                    .kept(|l| !(l.trim_end().ends_with(':') && l.chars().count() <= 60))
            } else {
                // A text in a plain block; a file's or a program's in any (not a diff beside
                // the entry).
                let mut lines = Vec::new();
                for b in &blocks {
                    if only_blocks || super::super::text::in_list("|text|txt|markdown|md", b.info) {
                        lines.push_all(b.body.lines());
                    }
                }
                lines
            }
        }
    };
    for l in lines {
        if (b.lines != Lines::Bullets || l.trim_start().starts_with(&['-', '*', '+'][..]))
            && l.trim_end().chars().count() > b.n
        {
            return Some(l.to_string());
        }
    }
    None
}

/// The lines of the commit message a reply shows: the first plain fenced block of a commit's
/// shape (a first line, then a blank line or nothing), or, with `whole` (the message asks for
/// the commit message itself), the reply where it has no block and opens as a commit subject
/// does, up to a note after it ("Note: …", "I …").
pub fn commit_message(text: &str, whole: bool) -> Option<Vec<&str>> {
    let blocks = super::super::modality::fenced_blocks(text);
    if blocks.is_empty() {
        if !whole {
            return None;
        }
        super::commits::whole_subject(text)?;
        return Some(until_note(text.trim()));
    }
    for b in &blocks {
        if !super::super::text::in_list("|text|txt|gitcommit", b.info) {
            continue;
        }
        let ls: Vec<&str> = b.body.lines().gather();
        // (A subject is short: not a paragraph in a block, "Body:\n```\n…```".)
        // (Nor a log line, "a1b2c3d Use …", or a command.)
        if ls.first().is_some_and(|l| {
            let hash = l.split(' ').next().is_some_and(super::short_hash);
            !l.trim().is_empty() && l.chars().count() <= 100 && !hash && !l.starts_with('$')
        }) && ls.get(1).is_none_or(|l| l.trim().is_empty())
        {
            return Some(ls);
        }
    }
    None
}

/// The lines of `text` before a paragraph of notes to the requester ("Note: …", "I also …").
fn until_note(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    let mut blank = false;
    for l in text.lines() {
        let t = l.trim_start();
        let first = t
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        if blank
            && (t.starts_any("I |I'")
                || super::super::text::in_list(
                    "note|note:|notes|notes:|nb|nb:|fyi|fyi:|ps|ps:|p.s.",
                    &first,
                ))
        {
            break;
        }
        blank = t.is_empty();
        out.push(l);
    }
    out
}

/// The bound in words, for the constraint's report.
pub fn describe(b: &LineChars) -> String {
    let lines = match (b.lines, b.of) {
        (Lines::Body, _) => "every line of the commit body",
        (Lines::Bullets, _) => "every bullet line",
        (Lines::All, Of::Commit(_)) => "every line of the commit message",
        (Lines::All, Of::Reply) => "every line of the reply",
        (Lines::All, Of::Pasted(_)) => "every line of the text shown",
    };
    format!("{lines} at most {} characters", b.n)
}
