//! Placeholders left unfilled in the text a reply delivers: "No placeholders such as TBD, TODO
//! or [insert X]", "it goes out as is: leave no `<...>` fields", "the notice must not contain
//! any placeholders". Read in the reply's own lines: a line that tells what was filled in or
//! removed ("replaced every TBD with the real date") mentions a placeholder, it leaves none.

use super::has_any_in;
use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::drift::text::Words;
use crate::gather::Gather;

/// The placeholders a message bans: marker words, and the marks of fill-in fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Blanks {
    /// Marker words, matched as written (`TBD`, `TODO`, `XXX`).
    pub words: Vec<String>,
    /// `[date]`, `[insert X]`.
    pub square: bool,
    /// `<name>`, `<TBD>`.
    pub angle: bool,
    /// `{{name}}`.
    pub curly: bool,
}

/// Words that stand for "fill this in later", whether or not the message lists them (other
/// capitalised words of its sentence are names: "no placeholders in the ACME notice").
const MARKERS: &str = "TBD|TBC|TODO|XXX|FIXME|TKTK";

/// Words of a bracketed field that say what goes there, when the message names no marks.
const FIELD_WORDS: &str =
    "date|name|amount|time|number|count|contact|insert|tbd|tbc|todo|x|n|phone|email|link|url";

/// The ban a sentence states, if it bans placeholders outright in what it covers. Not a
/// placeholder rule of code or secrets ("TODO comments", "placeholders for secrets"), a kept
/// or asked placeholder ("keep `{name}`"), or a soft or conditional one.
pub fn asked(sentence: &str, lower: &str) -> Option<Blanks> {
    let words: Vec<&str> = lower.words_by(crate::drift::text::char_test(|c: char| {
        !(c.is_ascii_alphanumeric() || c == '\'' || c == '-')
    }));
    let at = words.iter().position(|w| w.starts_with("placeholder"))?;
    let before = words.get(at.saturating_sub(5)..at).unwrap_or_default();
    let after = words
        .get(at + 1..(at + 5).min(words.len()))
        .unwrap_or_default();
    // The ban's verb before the placeholders it governs ("write the placeholder `<TBD>`;
    // don't leave fields blank" asks for one).
    let head = lower
        .get(..lower.find_str("placeholder").unwrap_or(0))
        .unwrap_or_default();
    let banned = crate::drift::text::any_word_in(before, "no|without|zero")
        || has_any_in(
            head,
            "not contain|n't contain|not include|n't include|not leave|n't leave|leave no|free of|no unfilled",
        )
        || lower.has("none may")
        || (crate::drift::text::any_word_in(after, "remain|remaining|left")
            && crate::drift::text::any_word_in(after, "not|no|never"));
    let other = has_any_in(
        lower,
        "secret|credential|password|token|api key|.env|comment|docstring|in the code|code you|the code|note to me|covering note|cover note|your note|if you|if any|unless|ideally|if possible|try to|where possible|keep |kept|as placeholder|use placeholder|use the placeholder|instead of real|no other placeholder|write the placeholder|except|apart from|other than|besides",
    );
    if !banned || other {
        return None;
    }
    let mut named: Vec<String> = MARKERS.split('|').map(String::from).gather();
    if sentence.has("???") {
        named.push("???".into());
    }
    let angle = sentence.contains('<') || lower.has("angle");
    // (Not a field the sentence lets stand: "use the mail-merge field {{first_name}} for the
    // greeting, that one is fine".)
    let curly = (sentence.has("{{") || lower.has_any("curly|brace"))
        && !has_any_in(lower, "that one is fine|merge field|that one is allowed");
    let square = sentence.contains('[') || (lower.has("bracket") && !angle && !curly);
    // "…; template variables you describe are fine": fields are allowed, marker words not.
    let none_named = !(angle
        || curly
        || square
        || has_any_in(lower, " fine| allowed| are ok|variables|merge field"));
    Some(Blanks {
        words: named,
        square: square || none_named,
        angle: angle || none_named,
        curly: curly || none_named,
    })
}

/// The first placeholder the reply leaves in its own lines, outside fenced blocks and quotes.
pub fn first(b: &Blanks, text: &str) -> Option<String> {
    let named_marks = !(b.square && b.angle && b.curly);
    // The reply's last line outside a block quote, lowercased: what leads a quote in.
    let mut intro = String::new();
    super::lists::outside_fences(text)
        .filter(|line| {
            // A block quote led in as what someone saw or what stood before ("Customers saw
            // lines like:", "The old text was:") shows a text, it leaves no blank.
            if line.trim_start().starts_with('>') {
                return !has_any_in(&intro, SHOWN_INTRO);
            }
            if !line.trim().is_empty() {
                intro = line.to_ascii_lowercase();
            }
            true
        })
        .filter(|line| {
            // A line about the placeholders ("filled in every TBD", "no `<...>` left").
            !has_any_in(
                &line.to_ascii_lowercase(),
                "placeholder|replaced|removed|filled|fill in|no longer|remain|grep|left in|none left|marker|rather than|instead of|leaving",
            )
        })
        .find_map(|line| {
            let line = super::without_quoted(line);
            let prose = crate::drift::text::outside_code_spans(&line);
            let word = prose
                .split(crate::drift::text::char_test(|c: char| !(c.is_ascii_alphanumeric() || c == '?')))
                .find(|t| b.words.iter().any(|w| w == t) && !kind_of_thing(&prose, t));
            // (A field in a code span names a template's syntax: "`{{name}}` variables".)
            word.map(String::from)
                .or_else(|| field(b, &prose, named_marks))
        })
}

/// "Resolved all 7 TODO comments": the marker names a kind of thing wherever it stands.
fn kind_of_thing(line: &str, word: &str) -> bool {
    line.match_indices(word).all(|(i, _)| {
        line.get(i + word.len()..).is_some_and(|r| {
            crate::drift::text::starts_with_any(r, " comment| item| marker| tag| entr| note")
        })
    })
}

/// Words of a line that leads in a quote of what was seen or what stood before.
const SHOWN_INTRO: &str = " saw | seen|showed|looked like|lines like|like this:|received:|got:|before|the old |original|previous|used to";

/// A fill-in field of the banned marks in a line: `[store count]`, `<lead-phone>`, `{{name}}`.
fn field(b: &Blanks, line: &str, named_marks: bool) -> Option<String> {
    let marks: [(bool, char, char); 3] = [
        (b.square, '[', ']'),
        (b.angle, '<', '>'),
        (b.curly, '{', '}'),
    ];
    for (on, open, close) in marks {
        if !on {
            continue;
        }
        let mut from = 0;
        while let Some(i) = line
            .get(from..)
            .and_then(|r| r.find(open))
            .map(|i| i + from)
        {
            from = i + 1;
            let double = open == '{';
            let start = if double {
                if !line.get(i..).is_some_and(|r| r.starts_with("{{")) {
                    continue;
                }
                i + 2
            } else {
                i + 1
            };
            // The close within a field's length and before another open mark: a long line of
            // comparisons is read once, not from every mark to its end.
            let rest = line.get(start..).unwrap_or_default();
            let mut cut = rest.len().min(64);
            while !rest.is_char_boundary(cut) {
                cut -= 1;
            }
            let window = rest.get(..cut).unwrap_or_default();
            let Some(len) = window
                .find(close)
                .filter(|&l| !window.get(..l).is_some_and(|w| w.contains(open)))
            else {
                continue;
            };
            let raw = line.get(start..start + len).unwrap_or_default();
            // "attempts < max and elapsed > grace": a comparison has spaces inside its marks.
            if open == '<' && raw.len() != raw.trim().len() {
                continue;
            }
            let inner = raw.trim();
            let end = start + len + if double { 2 } else { 1 };
            let prev = line.get(..i).and_then(|h| h.chars().next_back());
            let next = line.get(end..).and_then(|r| r.chars().next());
            if plausible(open, inner, prev, next, line, i, named_marks) {
                return line.get(i..end).map(String::from);
            }
        }
    }
    None
}

/// Whether a bracketed span reads as a field to fill in, not a link, a checkbox, a tag, a
/// generic type or a footnote.
fn plausible(
    open: char,
    inner: &str,
    prev: Option<char>,
    next: Option<char>,
    line: &str,
    at: usize,
    named_marks: bool,
) -> bool {
    let words = inner
        .split(&[' ', '_', '-', '.'][..])
        .filter(|w| !w.is_empty())
        .count();
    if inner.is_empty()
        || words > 5
        || !inner
            .chars()
            .all(|c| c.is_alphabetic() || matches!(c, ' ' | '_' | '-' | '.'))
        // `List<T>`, `a[i]`: a type or an index; `[text](url)`, `![alt]`, `[ref]:` a link.
        || prev.is_some_and(|c| c.is_alphanumeric() || c == '!' || c == ']')
        || next.is_some_and(|c| c.is_alphanumeric() || matches!(c, '(' | '[' | ':'))
    {
        return false;
    }
    match open {
        '[' => {
            // "- [x] done": a checkbox.
            let head = line.get(..at).unwrap_or_default().trim();
            // ("1. [x] Faster sync": a numbered item's checkbox too.)
            let numbered = head.len() <= 4
                && head.ends_with(&['.', ')'][..])
                && head
                    .get(..head.len() - 1)
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
            let checkbox = (crate::drift::text::in_list("-|*|+|", head) || numbered) && inner.len() == 1;
            let field_word = inner
                .to_ascii_lowercase()
                .split(&[' ', '_', '-'][..])
                .any(|w| crate::drift::text::in_list(FIELD_WORDS, w));
            !checkbox && inner != "sic" && (named_marks || field_word)
        }
        // An HTML tag is markup, not a field.
        '<' => !crate::drift::text::in_list(
            "a|b|i|p|br|hr|em|strong|code|pre|div|span|ul|ol|li|sup|sub|kbd|details|summary|table|tr|td|th|img|small|u|s",
            inner.to_ascii_lowercase(),
        ),
        _ => true,
    }
}
