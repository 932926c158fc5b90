//! How each bullet of the reply starts: "every bullet must start with its ticket ID in square
//! brackets, like `[HUT-123]`", "… with one of: Added, Fixed, Changed", "… with the file path in
//! backticks", "… with the site name in bold", "… with a checkbox", "… with a past-tense verb".
//! Read on the reply's top-level list items outside fenced code. Only a start that is plainly
//! wrong breaks it: a word the reader cannot tell is a verb is left alone.

use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::drift::text::Words;
use crate::gather::Gather;
use crate::gather::GatherText;
use crate::gather::Keep;
/// What every bullet starts with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BulletStart {
    /// The shape of the message's example ("like `[QC-03]`", "in the form `PT-###`").
    Shape(Vec<Piece>),
    /// One of a closed list ("one of: Added, Fixed, Changed", "[P1], [P2] or [P3]").
    OneOf(Vec<String>),
    /// A ticket key (`ABC-123`), in the brackets named if any.
    Key(Option<char>),
    /// A file path, in backticks where `true`.
    Path(bool),
    Bold,
    Checkbox,
    PastTense,
    /// A verb (an imperative one where `true`): broken only by a word that is no verb.
    Verb(bool),
}

/// A piece of an example's shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Capital letters ("HUT" in `HUT-123`).
    Upper,
    /// Digits, `Some(n)` exactly n ("HH" in `HH:MM`).
    Digits(Option<usize>),
    /// A word written out ("Route" in `Route N:`), any case.
    Word(String),
    /// Letters of any case ("de" in `[de-DE]`).
    Letters,
    /// A mark as it stands (brackets, a hyphen, a space).
    Mark(char),
}

/// Words that start no verb: a bullet opening with one breaks a verb rule.
const NO_VERB: &str = "the|a|an|this|that|these|those|our|my|your|its|their|his|her|we|i|it|they|there|all|some|new|now|also|no|not|only|both|each|every|one|two|three|most|many|several";

/// The rule a sentence states about every bullet's start, if it states one plainly.
pub fn asked(sentence: &str, lower: &str) -> Option<BulletStart> {
    let ws: Vec<&str> = lower.words_by(crate::drift::text::char_test(|c: char| {
        !(c.is_alphanumeric() || c == '-' || c == '\'')
    }));
    // "each bullet …", "every list item …", then "start"/"begin" within a few words.
    let each = ws.iter().position(|w| *w == "each" || *w == "every")?;
    // The reply's bullets, not a kind of them ("each action item").
    let noun = |i: usize| ws.get(i).copied().unwrap_or_default();
    let list_item = crate::drift::text::in_list("list|bullet", noun(each + 1))
        && crate::drift::text::in_list("item|point", noun(each + 2));
    if !list_item && !crate::drift::text::in_list("bullet|item|entry|point", noun(each + 1)) {
        return None;
    }
    // ("Prefix every bullet with [DONE], [WIP] or [TODO]": the verb before.)
    let prefix = each.checked_sub(1).filter(|&i| noun(i) == "prefix");
    let verb = prefix.or_else(|| {
        (each + 2..(each + 8).min(ws.len()))
            .find(|&i| ws.get(i).is_some_and(|w| w.starts_any("start|begin")))
    })?;
    // A part's bullets ("each bullet under `Action items`", "every bullet in the Changes
    // list", "each line in the CHANGELOG"), not the reply's.
    // ("every bullet in your report" is the reply's.)
    // ("Prefix every bullet about a tower with …": the words up to "with".)
    let end = if prefix.is_some() {
        (each + 2..ws.len())
            .find(|&i| noun(i) == "with")
            .unwrap_or(ws.len())
    } else {
        verb
    };
    let scoped = (each + 2..end).any(|i| {
        crate::drift::text::in_list(
            "in|under|of|within|inside|for|about|on|that|which|where",
            noun(i),
        ) && !(crate::drift::text::in_list("your|the", noun(i + 1))
            && crate::drift::text::in_list("report|reply|answer|response", noun(i + 2)))
    });
    if scoped {
        return None;
    }
    let head = lower.trim_start();
    if head.starts_with("in the ") && !head.starts_with("in the report") {
        return None;
    }
    let from = lower.find(ws.get(verb)?)?;
    // What the bullet starts with, up to the next instruction ("…, then the file path", "…
    // and end with the link", "…; no bold").
    let end = crate::drift::text::first_of(
        lower.get(from..).unwrap_or_default(),
        ";| then | and end| and put| and cite| and add",
    )
    .map_or(lower.len(), |e| from + e);
    let rest = lower.get(from..end)?;
    let rest_cased = sentence.get(from..end)?;
    // Not a ban ("must not start with …", "…, no bold"; "`[ ]` for not done" is no ban).
    if super::has_any_in(rest, "n't|never|no |without")
        || super::has_any_in(lower, "not start|not begin|not be prefixed")
    {
        return None;
    }
    let has = |n: &'static str| super::has_any_in(rest, n);
    let word = |w: &str| {
        rest.split(crate::drift::text::not_alnum_char)
            .any(|x| x == w)
    };
    if has("past-tense|past tense") {
        return Some(BulletStart::PastTense);
    }
    if word("verb") {
        return Some(BulletStart::Verb(has("imperative")));
    }
    if has("bold") {
        return Some(BulletStart::Bold);
    }
    if has("checkbox|[ ]") {
        return Some(BulletStart::Checkbox);
    }
    if has("path") {
        return Some(BulletStart::Path(has("backtick")));
    }
    if let Some(list) = one_of(rest_cased) {
        return Some(BulletStart::OneOf(list));
    }
    if let Some(mut shape) = example(rest_cased) {
        // "the room code in square brackets, e.g. `[BO-407]`": one code of many shapes; the
        // brackets are what is asked.
        if has("e.g.") && has("square bracket") && !has("ticket|key") {
            shape.truncate(1);
        }
        return Some(BulletStart::Shape(shape));
    }
    if has("ticket|jira key|issue key") {
        let bracket = if has("square bracket") {
            Some('[')
        } else if has("parenthes") {
            Some('(')
        } else {
            None
        };
        return Some(BulletStart::Key(bracket));
    }
    None
}

/// A closed list of openings: "one of: Added, Fixed, Changed", "`Added:`, `Fixed:` or
/// `Changed:`", "a tag: [feat], [fix], or [chore]" (not examples: "such as Added or Fixed").
fn one_of(rest: &str) -> Option<Vec<String>> {
    let lower = rest.to_ascii_lowercase();
    if super::has_any_in(
        &lower,
        "such as|e.g.|for example|like |for instance|and so on|...|\u{2026}",
    ) {
        return None;
    }
    let (cue, start) = "one of these words|one of the words|one of|tag:|with"
        .split('|')
        .find_map(|cue| lower.find(cue).map(|i| (cue, i + cue.len())))?;
    let list = rest.get(start..)?.split(&['.', ';', '\n'][..]).next()?;
    let list = list.trim_start_matches(&[':', ' '][..]);
    if !list.has(" or ") && !cue.starts_with("one of") {
        return None;
    }
    let items: Vec<String> = list
        .split(&[','][..])
        .flat_map(|p| p.split(" or "))
        .map(|p| {
            p.trim()
                .trim_start_matches("or ")
                .trim_matches(&['`', '"', '\'', ':', ' '][..])
                .to_string()
        })
        .gather()
        .kept(|p| !p.is_empty());
    // Each a word or a tag, written as such (capitalised, quoted or bracketed).
    let plain = items.iter().all(|i| {
        i.split_whitespace().count() == 1
            && i.chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase() || c == '[')
    });
    (items.len() >= 2 && plain).then_some(items)
}

/// The shape of an example ("like `[HUT-123]`", "in the form `PT-###`", "(format WB-nnnnn)").
fn example(rest: &str) -> Option<Vec<Piece>> {
    let lower = rest.to_ascii_lowercase();
    let at = crate::drift::text::end_of_first(
        &lower,
        "like |e.g. |e.g., |for example |in the form |format ",
    )
    // "a UTC time in HH:MM format": the one word before "format", marks in it (not "in ISO
    // format", a name).
    .or_else(|| {
        let end = lower.find_str(" format")?;
        let start = lower.get(..end)?.rfind(' ')? + 1;
        lower
            .get(start..end)?
            .contains(crate::drift::text::not_alpha_char)
            .then_some(start)
    })?;
    let token = rest
        .get(at..)?
        .split(crate::drift::text::char_test(|c: char| {
            c.is_whitespace() && c != ' '
        }))
        .next()?;
    // The example: a code span, the words in quotes, or one word up to a comma, a bracket's
    // end or a stop.
    let token = if let Some(code) = token.strip_prefix('`') {
        code.split('`').next()?
    } else if let Some(quoted) = token.strip_prefix(&['\'', '"'][..]) {
        quoted.split(&['\'', '"'][..]).next()?
    } else {
        token
            .split(&[',', ')', ' '][..])
            .next()?
            .trim_end_matches('.')
    };
    let token = token
        .trim_end_matches(&['.', '\u{2026}', ' '][..])
        .trim_end_matches(':')
        .trim();
    // "e.g. `[HUT-12] Add retries`": the key, not the words after it ("Route N:" is kept whole).
    let token = match token.split_once(' ') {
        Some((key, _))
            if key.contains(crate::drift::text::char_test(|c: char| {
                c.is_ascii_digit() || c == '-' || c == '#'
            })) =>
        {
            key.trim_end_matches(':')
        }
        _ => token,
    };
    let shape = shape_of(
        token,
        token.has_any("HH:|YYYY") || token.contains(&['/', ':'][..]),
    );
    // A key-like example: digits or capitals in it, and at most three words.
    let keyish = shape
        .iter()
        .any(|p| matches!(p, Piece::Upper | Piece::Digits(_)));
    (keyish && token.split(' ').count() <= 3 && !token.is_empty()).then_some(shape)
}

/// The pieces of an example; `timeish`: "HH", "MM", "YYYY" are digits.
fn shape_of(token: &str, timeish: bool) -> Vec<Piece> {
    let mut out = Vec::new();
    let cs: Vec<char> = token.chars().gather();
    let class = |x: char| {
        if x.is_ascii_digit() {
            0
        } else if x.is_alphabetic() {
            1
        } else if x == '#' {
            3
        } else {
            2
        }
    };
    let mut i = 0;
    while let Some(&c) = cs.get(i) {
        let k = class(c);
        let run = if k == 2 {
            1
        } else {
            cs.get(i..)
                .unwrap_or_default()
                .iter()
                .take_while(|x| class(**x) == k)
                .count()
        };
        let word: String = cs
            .get(i..i + run)
            .unwrap_or_default()
            .iter()
            .copied()
            .gather_text();
        let alone = !cs.get(i + run).is_some_and(|x| x.is_alphanumeric())
            && !i
                .checked_sub(1)
                .and_then(|j| cs.get(j))
                .is_some_and(|x| x.is_alphanumeric());
        // "#" for a digit ("PT-###"), or a mark before digits ("#1234").
        let number_sign = c == '#' && cs.get(i + run).is_some_and(char::is_ascii_digit);
        out.push(if number_sign {
            Piece::Mark('#')
        } else if c.is_ascii_digit() || c == '#' {
            Piece::Digits(None)
        } else if timeish && crate::drift::text::in_list("HH|MM|SS|DD|YYYY|YY", &word) {
            Piece::Digits(Some(run))
        } else if (word == "N" || word == "X") && alone
            || (run > 1 && word.bytes().all(|b| b == b'n' || b == b'N'))
        {
            Piece::Digits(None)
        } else if c.is_alphabetic() && word.chars().all(|x| x.is_ascii_uppercase()) {
            Piece::Upper
        } else if c.is_alphabetic() && cs.contains(&' ') {
            Piece::Word(word.to_ascii_lowercase())
        } else if c.is_alphabetic() {
            Piece::Letters
        } else {
            Piece::Mark(c)
        });
        i += run;
    }
    out
}

/// Whether a start matches a shape: capitals take one or more capitals, digits one or more
/// digits (or exactly n), a word itself, a mark itself.
fn fits(shape: &[Piece], start: &str) -> bool {
    let mut s = start;
    for p in shape {
        let n = match p {
            Piece::Upper => s.bytes().take_while(u8::is_ascii_uppercase).count(),
            Piece::Letters => s.bytes().take_while(u8::is_ascii_alphabetic).count(),
            Piece::Digits(exact) => {
                let n = s.bytes().take_while(u8::is_ascii_digit).count();
                if exact.is_some_and(|e| e != n) {
                    return false;
                }
                n
            }
            Piece::Word(w) => {
                let head = s.get(..w.len()).unwrap_or_default();
                if head.eq_ignore_ascii_case(w) {
                    w.len()
                } else {
                    0
                }
            }
            Piece::Mark(m) => usize::from(s.starts_with(*m)) * m.len_utf8(),
        };
        if n == 0 {
            return false;
        }
        s = s.get(n..).unwrap_or_default();
    }
    true
}

/// The reply's top-level list items outside fenced code, marker dropped.
fn bullets(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for line in super::lists::outside_fences(text) {
        let t = line.trim_start();
        if line.len() - t.len() > 1 {
            continue;
        }
        let item = crate::drift::text::strip_any(t, "- |* |+ |\u{2022} ").or_else(|| {
            t.split_once(&['.', ')'][..]).and_then(|(n, r)| {
                (!n.is_empty() && n.len() <= 2 && n.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| r.strip_prefix(' '))
                    .flatten()
            })
        });
        // A thematic break ("* * *", "- - -") is no item.
        if let Some(i) =
            item.filter(|i| !i.trim().chars().all(|c| matches!(c, '*' | '-' | '_' | ' ')))
        {
            out.push(i.trim());
        }
    }
    out
}

/// The first bullet whose start breaks the rule; none where the reply holds several lists and
/// one of them keeps it throughout (the rule may be that list's: "Changes" beside "Testing").
pub fn first_break<'t>(rule: &BulletStart, text: &'t str) -> Option<&'t str> {
    let lists = lists(text);
    if lists.len() > 1
        && lists
            .iter()
            .any(|l| l.iter().all(|b| starts_right(rule, b)))
    {
        return None;
    }
    bullets(text).found(|b| !starts_right(rule, b))
}

/// The reply's lists: runs of top-level items with no other non-blank line between them.
fn lists(text: &str) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        if let Some(item) = bullets(line).first().copied() {
            match out.last_mut() {
                Some(l) if open => l.push(item),
                _ => out.push(vec![item]),
            }
            open = true;
        } else if !line.trim().is_empty() && !line.starts_with(&[' ', '\t'][..]) {
            open = false;
        }
    }
    out
}

fn starts_right(rule: &BulletStart, item: &str) -> bool {
    // The start with code and bold marks dropped: "**`HUT-12`** …" is "HUT-12 …".
    let plain: String = item
        .chars()
        .take(60)
        .filter(|c| !matches!(c, '`' | '*'))
        .gather_text();
    let plain = plain.trim_start();
    let first = plain
        .split(crate::drift::text::char_test(|c: char| {
            !c.is_alphanumeric() && c != '-' && c != '\''
        }))
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    match rule {
        // ("[HUT-123](url) …": a linked key.)
        BulletStart::Shape(shape) => {
            fits(shape, plain)
                || (shape.first() != Some(&Piece::Mark('['))
                    && plain.strip_prefix('[').is_some_and(|p| fits(shape, p)))
        }
        BulletStart::OneOf(list) => list.iter().any(|o| {
            let o = o.trim_matches(&['`', ':'][..]);
            plain
                .get(..o.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(o))
                && !plain
                    .get(o.len()..)
                    .and_then(|r| r.chars().next())
                    .is_some_and(char::is_alphanumeric)
        }),
        BulletStart::Key(bracket) => {
            let s = match bracket {
                Some(b) => match plain.strip_prefix(*b) {
                    Some(s) => s,
                    None => return false,
                },
                None => plain.trim_start_matches(&['[', '('][..]),
            };
            // Any key with a digit ("OPS-12", "B2B-7", "#4821", "INC0012345").
            s.split(crate::drift::text::char_test(|c: char| {
                c.is_whitespace() || c == ':' || c == ']' || c == ')'
            }))
            .next()
            .is_some_and(|k| k.contains(crate::drift::text::digit_char))
        }
        BulletStart::Path(ticked) => {
            let t = item.trim_start_matches('*');
            let span = match t.strip_prefix('`') {
                Some(s) => s.split('`').next().unwrap_or_default(),
                None if *ticked => return false,
                None => t.split_whitespace().next().unwrap_or_default(),
            };
            // ("Makefile", "LICENSE", "`.env`": names a path may be.)
            span.contains(&['/', '.'][..])
                || span.ends_with("file")
                || (*ticked && !span.is_empty() && !span.contains(' '))
                || (!span.is_empty() && span.bytes().all(|b| b.is_ascii_uppercase()))
        }
        BulletStart::Bold => item.starts_with("**") || item.starts_with("__"),
        BulletStart::Checkbox => {
            crate::drift::text::in_list("[ ]|[x]|[X]", item.get(..3).unwrap_or_default())
        }
        BulletStart::PastTense => {
            !(crate::drift::text::in_list(NO_VERB, &first)
                || first.ends_with("ing")
                || (first.ends_with('s') && !first.ends_with("ss") && first != "was"))
        }
        BulletStart::Verb(imperative) => {
            // ("Bring", "Ping": short words in "-ing" may be verbs.)
            !(crate::drift::text::in_list(NO_VERB, &first)
                || *imperative && first.ends_with("ing") && first.len() > 6)
        }
    }
}
