//! A name asked in the reply's first line or first sentence: "Put the ticket ID NEWS-4412 in
//! the first line of your report", "Mention the ticket number in the first sentence", "State
//! the AD number, written exactly as `AD 2024-02-11`, in your first sentence". Read for a ticket
//! key (the sentence's own, or the message's only one) or a code span, never under a condition,
//! and never of another text's first line (a commit message's, an email's, a headline).

use super::has_any_in;
use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::gather::GatherText;
use crate::gather::Keep;

/// What must stand in the reply's opening: `phrase`, in its first sentence (`true`) or line.
#[derive(Debug, Clone, PartialEq)]
pub struct FirstHolds {
    pub sentence: bool,
    pub phrase: String,
}

/// The name a sentence asks in the reply's first line or sentence.
pub fn asked(
    sentence: &str,
    lower: &str,
    message_keys: &dyn Fn() -> Vec<String>,
) -> Option<FirstHolds> {
    // The clause that places the name: "Reference PAY-3310 in your report and keep the first
    // line short" asks nothing of the first line.
    let clause_of = |at: usize| {
        let head = lower.get(..at).unwrap_or_default();
        let from = crate::drift::text::last_end(head, ";|, and |, then | and keep|. ").unwrap_or(0);
        let tail = lower.get(at..).unwrap_or_default();
        let to = crate::drift::text::first_of(tail, ";|, and |, then |. ")
            .map_or(lower.len(), |i| at + i);
        (from, to)
    };
    let (at, first_sentence) = match (
        lower.find_str("first line"),
        lower.find_str("first sentence"),
    ) {
        (Some(l), Some(s)) => (l.min(s), s < l),
        (Some(l), None) => (l, false),
        (None, Some(s)) => (s, true),
        (None, None) => return None,
    };
    // Whose first line: the reply's ("of your report") or the sentence's own subject, not a
    // text named after it ("the first line of the commit message").
    let after = lower
        .get(at..)
        .unwrap_or_default()
        .trim_start_matches("first line")
        .trim_start_matches("first sentence")
        .trim_start();
    let of_other = after.starts_with("of ")
        && !has_any_in(
            after.get(..24).unwrap_or(after),
            "of your report|of your reply|of the report|of the reply|of your answer|of your response",
        );
    let (from, to) = clause_of(at);
    let clause = lower.get(from..to).unwrap_or(lower);
    let original = sentence.get(from..to).unwrap_or(sentence);
    // "state whether the SHA-256 digests match": a question about the name, not the name.
    let question = has_any_in(clause, "whether|if |how |why |what ");
    let asks = has_any_in(
        clause,
        "put |mention |include |state |give |reference |cite |must contain|must include|must mention|should contain|should include|must name",
    );
    let other_text = has_any_in(
        lower,
        "commit|email|headline|subject|title|pr description|message body|the file|csv|the log",
    );
    let condition = has_any_in(
        lower,
        "if |when |unless |ideally|if possible|for example|e.g.|such as|like `|(like |formatted like|formatted as|in the form |format: |for instance|however you like|not |n't ",
    );
    // "Its first line must contain …": the text the sentence before names.
    let its = lower
        .get(..at)
        .is_some_and(|b| b.ends_any("its |their |'s "));
    if of_other || its || !asks || other_text || condition || question {
        return None;
    }
    let own = keys(original);
    let phrase = match own.as_slice() {
        [one] => Some(one.clone()),
        [] => {
            // "written exactly as `AD 2024-02-11`": one code span of the sentence.
            let mut spans = crate::drift::text::code_spans(original);
            spans.keep(|s| !s.trim().is_empty());
            match spans.as_slice() {
                // (Not a template: "as `Remaining High: <n>`".)
                [one] if one.len() <= 40 && !super::template(one) => Some(one.to_string()),
                // "Mention the ticket number in the first sentence": the message's only key,
                // when the sentence names one.
                [] if has_any_in(
                    clause,
                    "ticket number|ticket id|ticket key|ticket's|issue key|issue number|the key|the id |the ticket",
                ) =>
                {
                    match message_keys().as_slice() {
                        [one] => Some(one.clone()),
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }?;
    Some(FirstHolds {
        sentence: first_sentence,
        phrase,
    })
}

/// The ticket keys of a text, in order, each once.
pub fn keys(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for t in text.split(crate::drift::text::char_test(|c: char| {
        !(c.is_ascii_alphanumeric() || c == '-')
    })) {
        if ticket_key(t) && !out.iter().any(|k| k == t) {
            out.push(t.to_string());
        }
    }
    out
}

/// A ticket key the reply must name anywhere: "Mention the ticket number DC-690 in the note",
/// "Reference the ticket BREW-622 in the report", "Include the ticket reference GOVPAY-1182".
/// Not negated, not under a condition; the key within five words of the verb.
pub fn key_asked(sentence: &str, lower: &str) -> Option<String> {
    if has_any_in(
        lower,
        " if | unless |don't|do not|never| not |first line|first sentence",
    )
        // "Reference tickets in the form FCST-1234": the key shows a form, no ticket.
        || has_any_in(lower, "the form |the format |format:|e.g.|for example|such as|like ")
    {
        return None;
    }
    // The verb asked, not a noun ("the quote cover note", "the reference number").
    let at = crate::drift::text::parts("mention |reference |cite |include ")
        .iter()
        .filter_map(|v| {
            let i = lower.find_str(v)?;
            let head = lower.get(..i)?.trim_end();
            let prev = head.rsplit(' ').next().unwrap_or_default();
            (head.is_empty()
                || head.ends_with(&['.', ',', ';', ':'][..])
                || crate::drift::text::in_list("and|please|to|must|should|also|always|you", prev))
            .then_some(i + v.len())
        })
        .min()?;
    sentence
        .get(at..)?
        .split_whitespace()
        .take(5)
        .map(|t| t.trim_matches(crate::drift::text::not_ascii_alnum_char))
        .find(|t| ticket_key(t))
        .map(str::to_string)
}

/// `LIB-3377`: capital letters, a hyphen, digits; not a standard's name (`SHA-256`, `UTF-8`).
fn ticket_key(t: &str) -> bool {
    t.split_once('-').is_some_and(|(head, num)| {
        !crate::drift::text::in_list(
            "SHA|UTF|ISO|RFC|AES|MD|TLS|HTTP|CVE|IPV|X|EN|IEC|PEP|ES|ECMA|CRC",
            head,
        ) && (2..=10).contains(&head.len())
            && head
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
            && head.bytes().next().is_some_and(|b| b.is_ascii_uppercase())
            && !num.is_empty()
            && num.bytes().all(|b| b.is_ascii_digit())
    })
}

/// Whether the reply's first line (its first sentence, for `sentence`) holds the phrase, in
/// any case. A lead-in line ("Here is the update:") opens nothing.
pub fn holds(rule: &FirstHolds, text: &str) -> (bool, Option<String>) {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let Some(mut first) = lines.next() else {
        return (true, None);
    };
    // A lead-in ("Here is the update:"), a heading or a bold label ("**Summary:**") before
    // the first sentence, which they do not open.
    let label = |l: &str| {
        let bare = l.trim_matches(&['*', '_'][..]);
        (bare.ends_with(':') && !l.starts_with('#') && l.split_whitespace().count() <= 6)
            || (rule.sentence && l.starts_with('#'))
            || (rule.sentence
                && l.starts_with("**")
                && l.ends_with("**")
                && l.split_whitespace().count() <= 6)
    };
    while label(first)
        && !first
            .to_ascii_lowercase()
            .contains(&rule.phrase.to_ascii_lowercase())
    {
        match lines.next() {
            Some(next) => first = next,
            None => break,
        }
    }
    let opening = if rule.sentence {
        // The first sentence, which may run past a line that does not end one.
        let from = text.find(first).unwrap_or(0);
        let rest = text.get(from..).unwrap_or(first);
        let end =
            crate::drift::text::first_of(rest, ". |.\n|? |! |\n\n").map_or(rest.len(), |e| e + 1);
        rest.get(..end).unwrap_or(rest)
    } else {
        first
    };
    let ok = opening
        .to_ascii_lowercase()
        .contains(&rule.phrase.to_ascii_lowercase());
    let head: String = opening.chars().take(80).gather_text();
    (ok, (!ok).then(|| format!("it opens with \"{head}\"")))
}
