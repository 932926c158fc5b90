//! The reply's first line asked to hold one short answer and nothing else: "The first line
//! must be exactly `YES` or `NO`", "Put a plain `Yes` or `No` on the first line, then your
//! reasoning", "First line: only `yes` or `no`", "Answer "Yes" or "No" on the first line by
//! itself". A first word asked ("Start with a one-word answer, Yes or No", "The first word of
//! your reply must be either "Yes" or "No"") is an opening, read here too. Never under a
//! condition, never of another text's first line.

use super::has_any_in;
use crate::drift::text::Has;
use crate::gather::Gather;
use crate::gather::GatherText;

/// The answer that is a number written in digits ("4,126", "37", "12.5 %").
pub const NUMBER: &str = "<a number>";

/// What a sentence asks of the reply's start.
#[derive(Debug, PartialEq)]
pub enum Asked {
    /// The whole first line is one of these.
    Line(Vec<String>),
    /// The first word is one of these.
    Word(Vec<String>),
}

/// The answer a sentence asks on the reply's first line, or as its first word.
pub fn asked(sentence: &str, lower: &str) -> Option<Asked> {
    let line = lower.has("first line");
    let word = has_any_in(
        lower,
        "first word|one-word answer|one word answer|single-word answer|single word answer|one-word verdict|one word verdict",
    );
    if !(line || word) {
        return None;
    }
    // "the first line of the commit message": another text's.
    if let Some((_, after)) = lower.split_once("first line of ") {
        let owner = after.split_whitespace().take(3).gather();
        if !crate::drift::text::any_word_in(&owner, "reply|report|answer|response|output|yours") {
            return None;
        }
    }
    // "the annotation's first line": another text's (not "the reply's").
    if let Some(at) = lower.find_str("first line") {
        let owner = lower.get(..at).unwrap_or_default().trim_end();
        if (owner.ends_with("'s") || owner.ends_with("\u{2019}s"))
            && !has_any_in(
                owner.rsplit(' ').next().unwrap_or_default(),
                "reply|report|answer|response",
            )
        {
            return None;
        }
    }
    // Under a condition, or a ban: not read.
    if has_any_in(
        lower,
        " if | unless |otherwise| whether |don't|do not|never|must not|should not|shouldn't",
    ) {
        return None;
    }
    // An example is no answer: "the ticket key alone (e.g. `IVC-123`)".
    if has_any_in(
        lower,
        "e.g.|for example|such as|like `|like \"|like '|in the form|in the format|formatted as",
    ) {
        return None;
    }
    // The line holds the answer alone: said of the line ("by itself", "nothing else"), or of
    // the answer right before it ("exactly `YES`", "a plain `Yes`", "only `yes`").
    let alone = has_any_in(
        lower,
        "by itself|on its own|nothing else|alone on|a line of its own|on a line by itself",
    );
    // "First line: just the number, nothing else", "Put just the number on the first line".
    if line
        && has_any_in(
            lower,
            "just the number|only the number|the number alone|just the total|only the total|the total alone|just the count|only the count|the count alone|a bare number",
        )
    {
        return Some(Asked::Line(vec![NUMBER.into()]));
    }
    let (at, choices) = choices(sentence, lower)?;
    // "`Status: ` followed by one of GREEN, AMBER or RED, and nothing else on that line": the
    // line's start, not the line.
    if lower.has("followed by")
        && choices
            .iter()
            .any(|c| crate::drift::text::ends_with_any(c, " |:"))
    {
        return Some(Asked::Word(choices));
    }
    // ("a one-word answer, Yes or No, on its own line": the line.)
    if word && !alone {
        return Some(Asked::Word(choices));
    }
    let before = lower.get(at.saturating_sub(14)..at).unwrap_or_default();
    let exact = has_any_in(before, "exactly|only|plain|bare|just");
    let more = has_any_in(
        lower,
        "followed by a|followed by the|followed by your|same line|on that line|then a colon|then a dash",
    );
    (alone || (exact && !more)).then_some(Asked::Line(choices))
}

/// The answers a sentence offers, and where the first stands: quoted phrases joined by "or"
/// (one quoted phrase alone too), or a bare "Yes or No".
fn choices(sentence: &str, lower: &str) -> Option<(usize, Vec<String>)> {
    let found: Vec<(usize, String)> = super::quoted(&sentence.replace('`', "\""))
        .into_iter()
        .map(|q| (lower.find_str(&q.to_ascii_lowercase()).unwrap_or(0), q))
        .gather();
    // A template is no answer: "`Records audit: <date>`", "`RESULT: PASS|FAIL`", "`CIN-###`".
    if found.iter().any(|(_, p)| {
        p.trim().is_empty()
            || p.len() > 60
            || p.contains(&['<', '{', '[', '|', '\u{2026}'][..])
            || p.trim_start_matches('#').contains('#')
    }) {
        return None;
    }
    // A bare "yes or no" beside quotes that are none ("yes or no: does `charts/api` …").
    let yes_no = lower
        .find_str("yes or no")
        .or_else(|| lower.find_str("yes/no"))
        .map(|at| (at, vec!["yes".into(), "no".into()]));
    // "a one-word verdict, Keep or Drop, then …": two capitalised words either side of "or".
    let bare = || {
        let (_, after) = lower.split_once(" or ")?;
        let at = lower.len() - after.len() - 4;
        let a = sentence.get(..at)?.rsplit(' ').next()?;
        let b = sentence.get(at + 4..)?.split(&[' ', ','][..]).next()?;
        let b = b.trim_end_matches(&['.', ','][..]);
        [a, b]
            .iter()
            .all(|w| {
                w.starts_with(crate::drift::text::ascii_upper_char)
                    && w.chars().all(|c| c.is_ascii_alphabetic())
            })
            .then(|| (at, vec![a.to_string(), b.to_string()]))
    };
    match found.as_slice() {
        [] => yes_no.or_else(bare),
        _ if yes_no.is_some() => yes_no,
        [(at, one)] => Some((*at, vec![one.clone()])),
        [(at, _), ..] => {
            // Each quote one choice where "or" joins them, or "one of" lists them.
            let last = found.last().map_or(0, |(i, _)| *i);
            (lower.has("one of") || lower.get(*at..last).is_some_and(|b| b.has(" or ")))
                .then(|| (*at, found.iter().take(4).map(|(_, p)| p.clone()).gather()))
        }
    }
}

/// A line as its words: Markdown's marks and a closing full stop set aside ("**Yes.**").
fn bare(line: &str) -> &str {
    let marks: &[char] = &['#', '>', '*', '_', '`', '"', '\'', ' ', '\t'];
    line.trim()
        .trim_start_matches(marks)
        .trim_end_matches(marks)
        .trim_end_matches(&['.', '!'][..])
        .trim_end_matches(marks)
}

/// Whether the text's first line is one of `choices` and nothing else, with the line found.
/// A word in lower or mixed case ("yes", "No") is compared without case; one in capitals
/// ("YES") and longer answers as written.
pub fn check(text: &str, choices: &[String]) -> (bool, Option<String>) {
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    let have = bare(line);
    let number = |t: &str| {
        t.chars().any(|c| c.is_ascii_digit())
            && t.chars().all(|c| c.is_ascii_digit() || ",. %".contains(c))
    };
    let ok = choices.iter().any(|c| {
        if c == NUMBER {
            return number(have);
        }
        let want = bare(c);
        // ("exactly `YES`": "Yes" is not it.)
        let caps = want.chars().any(|c| c.is_ascii_alphabetic())
            && !want.chars().any(|c| c.is_ascii_lowercase());
        if caps || want.contains(' ') || want.contains(':') {
            have == want
        } else {
            have.eq_ignore_ascii_case(want)
        }
    });
    let shown: String = line.trim().chars().take(60).gather_text();
    (ok, (!ok).then(|| format!("the first line is \"{shown}\"")))
}
