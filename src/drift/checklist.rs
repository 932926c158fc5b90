//! The instruction checklist (seed 000 §3.4): the message decomposed into items (bullets under
//! Scope or Requirements, numbered steps, enumerations, imperative sentences), each marked
//! fulfilled or not evidenced, with the evidence span from the result.

use super::text;
use crate::drift::text::Lower;
use crate::gather::Gather;
use crate::gather::GatherText;
use crate::gather::Keep;
use crate::gather::PushAll;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ChecklistItem {
    pub item: String,
    pub fulfilled: bool,
    /// Share of the item's weighted concepts found in the result.
    pub coverage: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub evidence: Option<String>,
    /// A quantity the item names ("20 requests per IP") that the result, which otherwise covers
    /// the item, never states. Not a violation by itself: numbers also describe scales and
    /// targets ("a 0-5 scale", "the top 50") that a good answer need not repeat.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub missing_quantity: Option<String>,
}

/// Number words a result may use for the quantities an instruction writes in digits.
/// (Each word's place in the list is its value.)
pub const NUMBER_WORDS: &str = "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty";

/// Headings whose bullets are not requirements.
const SKIP_SECTIONS: &str = "context|background|notes";

/// Items of the instructions: bullet and numbered lines, else sentences; enumerations
/// ("validators, the Config class, .dict() and orm_mode") become one item each. Each item is a
/// slice of `instructions`, with its byte offset, so that its words are the instructions' own
/// tokens in its range.
/// Items checked per message: each is looked for in the whole result, so the cap keeps the
/// stage linear in the result's size (delegation messages hold far fewer).
pub const MAX_ITEMS: usize = 64;

pub fn items(instructions: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut skipping = false;
    for line in instructions.lines() {
        if out.len() >= MAX_ITEMS {
            break;
        }
        let t = line.trim();
        if let Some(h) = t.strip_prefix('#') {
            let h = h.trim_start_matches('#').trim().lower();
            skipping = text::starts_with_any(&h, SKIP_SECTIONS);
            continue;
        }
        if skipping || t.is_empty() {
            continue;
        }
        // A line that opens its own run ("(1) fetch it; (2) parse it") is split from its start.
        let run = t.starts_with('(').then(|| inline_items(t)).flatten();
        match (run, list_item(t)) {
            (Some(parts), _) => out.extend(parts),
            (None, Some(b)) => out.extend(inline_items(b.trim()).unwrap_or_else(|| vec![b.trim()])),
            (None, None) => {
                for (_, s) in text::sentences(t) {
                    // A sentence that numbers its parts asks for them when one of them is a
                    // request ("In `a.py`: (1) round the totals, (2) add the VAT id"), whatever
                    // it opens with.
                    // The lead ("In `a.py`:") is where, not what; a lead with a subject and a
                    // modal ("Right now users must (1) log in, (2) …") describes, not asks.
                    let numbered = inline_items(s);
                    // `inline_items` gives the lead first when there is one with words.
                    let led = !s.trim_start().starts_with('(')
                        && numbered
                            .as_ref()
                            .and_then(|p| p.first())
                            .is_some_and(|p| s.trim_start().starts_with(p));
                    let numbered = numbered
                        .filter(|parts| parts.iter().skip(usize::from(led)).any(|p| is_request(p)))
                        .filter(|parts| {
                            !led || !parts.first().is_some_and(|lead| {
                                let lead = format!(" {} ", lead.lower());
                                crate::drift::text::contains_any(
                                    &lead,
                                    " must | should | can | need to | have to | will ",
                                )
                            })
                        });
                    if let Some(parts) = numbered {
                        out.push_all(parts.into_iter().skip(usize::from(led)));
                    } else if is_request(s) {
                        out.extend(enumeration(s));
                    }
                }
            }
        }
    }
    out.into_iter()
        .take(MAX_ITEMS)
        .filter_map(|i| text::offset_in(instructions, i).map(|at| (at, i)))
        .gather()
}

/// The text of a list line: after a bullet (`-`, `*`, `+`, `•`), a number (`1.`, `1)`, `(1)`)
/// or a letter or small roman numeral in parentheses or before one (`(a)`, `b)`, `(iv)`), the
/// markers of Markdown and of plain-text enumerations.
fn list_item(t: &str) -> Option<&str> {
    if let Some(rest) = text::strip_any(t, "- |* |+ |\u{2022} ") {
        return Some(rest);
    }
    let (open, rest) = match t.strip_prefix('(') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let label_len = rest
        .find(crate::drift::text::not_ascii_alnum_char)
        .unwrap_or(rest.len());
    let (label, after) = rest.split_at(label_len);
    let digits = !label.is_empty() && label.bytes().all(|b| b.is_ascii_digit()) && label.len() <= 3;
    let letter = label.len() == 1 && label.bytes().all(|b| b.is_ascii_alphabetic());
    let roman = (1..=4).contains(&label.len()) && label.bytes().all(|b| b"ivx".contains(&b));
    let item = match (open, digits, letter || roman) {
        // "(1) …", "(a) …", "(iv) …"
        (true, true, _) | (true, _, true) => after.strip_prefix(") "),
        // "1. …", "1) …", "a) …"; not "a. …" (an initial) nor "iv. …"
        (false, true, _) => after
            .strip_prefix(". ")
            .or_else(|| after.strip_prefix(") ")),
        (false, false, true) => after.strip_prefix(") "),
        _ => None,
    };
    item.filter(|i| !i.trim().is_empty())
}

/// A label of an inline enumeration at `at` of `s`: `(3)`, `(c)`, `(iii)` at the start or after
/// a space or colon, followed by a space or the end. Returns the label and the byte after `)`.
fn inline_marker(s: &str, at: usize) -> Option<(&str, usize)> {
    if s.get(..at)?
        .chars()
        .next_back()
        .is_some_and(|c| !c.is_whitespace() && c != ':')
    {
        return None;
    }
    let rest = s.get(at..)?.strip_prefix('(')?;
    // A label is at most four bytes: looking further would make a line of "( " quadratic.
    let close = rest.bytes().take(5).position(|b| b == b')')?;
    let label = rest.get(..close)?;
    let end = at + label.len() + 2;
    let spaced = s.get(end..)?.chars().next().is_none_or(char::is_whitespace);
    let short = (1..=4).contains(&label.len()) && label.bytes().all(|b| b.is_ascii_alphanumeric());
    (spaced && short).then_some((label, end))
}

/// A label's place in its kind of run: digits (1, 2, …), a letter (a, b, …) or a small roman
/// numeral (i, ii, …). `letters` reads "i", "v" and "x" as letters, as inside a run of letters.
fn label_place(label: &str, letters: bool) -> Option<(u8, usize)> {
    const ROMAN: &str = "i|ii|iii|iv|v|vi|vii|viii|ix|x";
    if label.len() <= 2 && label.bytes().all(|b| b.is_ascii_digit()) {
        return Some((0, label.parse().ok()?));
    }
    match (label.as_bytes(), ROMAN.split('|').position(|r| r == label)) {
        ([b @ b'a'..=b'z'], _) if letters => Some((1, usize::from(b - b'a') + 1)),
        (_, Some(k)) => Some((2, k + 1)),
        ([b @ b'a'..=b'z'], None) => Some((1, usize::from(b - b'a') + 1)),
        _ => None,
    }
}

/// The parts of a sentence that numbers them inline, "Update f so that: (1) it retries; (2) it
/// logs, and (3) it stops" → the lead and one item per part; `None` unless the labels run from
/// the first (`(1)`, `(a)` or `(i)`) through at least the second, in order. A label that does
/// not continue the run ("(see below)", a second "(2)") stays inside its part.
fn inline_items<'a>(sentence: &'a str) -> Option<Vec<&'a str>> {
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    let mut kind = None;
    for (at, _) in sentence.match_indices('(') {
        let Some((label, end)) = inline_marker(sentence, at) else {
            continue;
        };
        let Some((k, n)) = label_place(label, kind == Some(1)) else {
            continue;
        };
        if kind.is_none_or(|run| run == k) && n == cuts.len() + 1 {
            kind = Some(k);
            cuts.push((at, end));
        }
    }
    if cuts.len() < 2 {
        return None;
    }
    let tidy = |p: &'a str| -> &'a str {
        let mut p = p.trim();
        loop {
            let t = p
                .trim_end_matches(&[';', ',', ':'][..])
                .trim_end()
                .trim_end_matches(" and")
                .trim_end_matches(" or")
                .trim_end();
            if t.len() == p.len() {
                // "(a) or (b)": the conjunction between two labels is no part.
                return if crate::drift::text::in_list("and|or", p) {
                    ""
                } else {
                    p
                };
            }
            p = t;
        }
    };
    let mut out = Vec::new();
    let lead = tidy(sentence.get(..cuts.first()?.0)?);
    if lead.chars().any(char::is_alphanumeric) {
        out.push(lead);
    }
    for (k, &(_, end)) in cuts.iter().enumerate() {
        let stop = cuts.get(k + 1).map_or(sentence.len(), |c| c.0);
        let part = tidy(sentence.get(end..stop)?);
        if part.chars().any(char::is_alphanumeric) {
            out.push(part);
        }
    }
    Some(out)
}

/// Whether a sentence asks for something (imperative or an explicit request), rather than
/// giving context ("It seems to happen at night.", "Short is fine.").
pub fn is_request(sentence: &str) -> bool {
    let lower = sentence.lower();
    if REQUEST_SET.any(&lower) {
        return true;
    }
    let first = lower
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .trim_matches(crate::drift::text::not_alnum_char);
    crate::drift::text::in_list(IMPERATIVES, first)
}

static REQUEST_SET: super::phrases::Phrases = super::phrases::Phrases::new(REQUESTS);
const REQUESTS: &str =
    "could you|can you|please|i need|we need|need a|must|should|make sure|give |for each|include|do not|don't|don’t|no new|never |only";

const IMPERATIVES: &str = "add|build|change|check|compare|conclude|convert|create|define|describe|detect|document|explain|extract|find|fix|focus|generate|give|identify|implement|include|keep|list|make|migrate|move|name|outline|propose|provide|put|read|refactor|remove|rename|replace|research|return|review|rewrite|summarize|summarise|test|update|use|write|translate";

/// "X in four areas: a, b, c and d" → the list items; "so that: (1) …; (2) …" → the lead and
/// each numbered part; otherwise the sentence itself.
fn enumeration(sentence: &str) -> Vec<&str> {
    if let Some(parts) = inline_items(sentence) {
        return parts;
    }
    let tail = sentence
        .rsplit_once(':')
        .map(|(_, t)| t)
        .unwrap_or(sentence);
    let parts: Vec<&str> = tail
        .trim_end_matches(&['.', '?', '!'][..])
        .split(&[','][..])
        .flat_map(|p| p.split(" and "))
        .map(str::trim)
        .gather()
        .kept(|p| !p.is_empty());
    let short = parts.iter().all(|p| p.split_whitespace().count() <= 4);
    if parts.len() >= 3 && short {
        parts
    } else {
        vec![sentence]
    }
}

/// The instructions' tokens and identifiers, which items' words are taken from.
pub struct Source<'a> {
    pub tokens: &'a [text::Token],
    pub ids: &'a [(usize, String)],
}

/// Marks each item against the result's concepts, with the best-matching result sentence. Items
/// without a content word are left out.
pub fn check(
    items: &[(usize, &str)],
    source: &Source,
    result: &str,
    result_tokens: &[text::Token],
    result_ids: &HashSet<String>,
) -> Vec<ChecklistItem> {
    let result_stems: HashSet<&str> = result_tokens.iter().map(|t| &*t.stem).collect();
    let sentences = text::sentences(result);
    // Which sentences hold each stem, from the result's tokens and their offsets: no second
    // tokenization, and each item touches only the sentences that share a stem with it.
    let starts: Vec<usize> = sentences.iter().map(|(at, _)| *at).gather();
    let mut postings: HashMap<&str, Vec<usize>> = HashMap::default();
    for t in result_tokens {
        let k = starts.partition_point(|&s| s <= t.at).saturating_sub(1);
        let list = postings.entry(&*t.stem).or_default();
        if list.last() != Some(&k) {
            list.push(k);
        }
    }
    let mut per_sentence = vec![0.0f64; sentences.len()];
    items
        .iter()
        .filter_map(|&(start, item)| {
            let range = start..start + item.len();
            // Each stem of the item with its weight (computed once per distinct word), in the
            // concepts' map type (one table instantiation fewer in the module).
            let stems: HashMap<std::rc::Rc<str>, (std::rc::Rc<str>, f64)> = source
                .tokens
                .iter()
                .filter(|t| range.contains(&t.at) && !super::is_form_word(&t.stem))
                .map(|t| (t.stem.clone(), (t.word.clone(), t.weight)))
                .collect();
            if stems.is_empty() {
                return None;
            }
            let ids: Vec<&String> = source
                .ids
                .iter()
                .filter(|(at, _)| range.contains(at))
                .map(|(_, id)| id)
                .gather();
            let total: f64 = stems.values().map(|v| v.1).sum::<f64>() + ids.len() as f64 * 2.0;
            let found: f64 = stems
                .iter()
                .filter(|(s, _)| result_stems.contains(&***s))
                .map(|(_, (_, w))| w)
                .sum::<f64>()
                + ids.iter().filter(|i| result_ids.contains(**i)).count() as f64 * 2.0;
            let coverage = if total > 0.0 { found / total } else { 1.0 };
            // Identifiers named in the item must appear for it to count as done.
            let ids_ok = ids
                .iter()
                .all(|i| result_ids.contains(*i) || result_stems.contains(text::stem(i).as_str()));
            // So must the quantities it names ("20 requests per IP", "30 minutes"), in digits
            // or as a word.
            let missing_number = stems
                .keys()
                .filter(|s| s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit()))
                .find(|n| {
                    let as_word = n
                        .parse::<usize>()
                        .ok()
                        .and_then(|k| NUMBER_WORDS.split('|').nth(k))
                        .is_some_and(|w| result_stems.contains(w));
                    !result_stems.contains(&***n) && !as_word
                })
                .map(|n| n.to_string());
            let numbers_ok = missing_number.is_none();
            per_sentence.iter_mut().for_each(|w| *w = 0.0);
            for (s, &(_, w)) in &stems {
                if let Some(list) = postings.get(&**s) {
                    for &k in list {
                        if let Some(slot) = per_sentence.get_mut(k) {
                            *slot += w;
                        }
                    }
                }
            }
            // The sentence with the highest weight (the last of equals, as `max_by` picks).
            let mut best_k: Option<usize> = None;
            for (k, w) in per_sentence.iter().enumerate() {
                if *w > 0.0
                    && best_k.is_none_or(|b| per_sentence.get(b).is_some_and(|bw| *w >= *bw))
                {
                    best_k = Some(k);
                }
            }
            let best = best_k.and_then(|k| {
                sentences
                    .get(k)
                    .map(|(_, s)| s.chars().take(160).gather_text())
            });
            Some(ChecklistItem {
                item: item.to_string(),
                fulfilled: coverage >= 0.5 && ids_ok && numbers_ok,
                missing_quantity: missing_number.filter(|_| coverage >= 0.5 && ids_ok),
                coverage,
                evidence: best,
            })
        })
        .gather()
}

#[cfg(test)]
mod tests {
    use super::{inline_items, items, list_item};

    #[test]
    fn a_sentence_that_numbers_its_parts_is_one_item_per_part() {
        let message = "Change `parse_date(s: &str)` so that: (1) it accepts ISO weeks; (2) an empty string is an error (not a panic), and (3) the old format still parses. Add a test for each.";
        let found: Vec<&str> = items(message).into_iter().map(|(_, i)| i).collect();
        assert_eq!(
            found,
            vec![
                "Change `parse_date(s: &str)` so that",
                "it accepts ISO weeks",
                "an empty string is an error (not a panic)",
                "the old format still parses.",
                "Add a test for each.",
            ]
        );
        // Whatever the sentence opens with, when a part is a request; context that numbers
        // its parts is not.
        let located = "In `billing/tax.py`: (1) round the totals, (2) add the VAT id. Add tests.";
        let found: Vec<&str> = items(located).into_iter().map(|(_, i)| i).collect();
        assert_eq!(
            found,
            vec!["round the totals", "add the VAT id.", "Add tests."]
        );
        let context = "Last week we saw (1) timeouts and (2) duplicate rows. Fix the timeouts.";
        let found: Vec<&str> = items(context).into_iter().map(|(_, i)| i).collect();
        assert_eq!(found, vec!["Fix the timeouts."]);
        // Letters, romans, and letters past "h" (where "(i)" is the ninth letter).
        assert_eq!(
            inline_items("Keep (a) the cache and (b) the index."),
            Some(vec!["Keep", "the cache", "the index."])
        );
        assert_eq!(
            inline_items("(i) read it, (ii) fix it"),
            Some(vec!["read it", "fix it"])
        );
        let long = "(a) a (b) b (c) c (d) d (e) e (f) f (g) g (h) h (i) i (j) j";
        assert_eq!(inline_items(long).map(|v| v.len()), Some(10));
        // A bullet line that numbers its parts, too.
        let bullet: Vec<&str> = items("- Ship it: (1) tag the release (2) publish the notes")
            .into_iter()
            .map(|(_, i)| i)
            .collect();
        assert_eq!(
            bullet,
            vec!["Ship it", "tag the release", "publish the notes"]
        );
        // A line that opens with its first label, and conjunctions between labels.
        let opened: Vec<&str> = items("(1) fetch the data; (2) parse it; (3) save it.")
            .into_iter()
            .map(|(_, i)| i)
            .collect();
        assert_eq!(opened, vec!["fetch the data", "parse it", "save it."]);
        assert_eq!(
            inline_items("Pick (a) or (b) here."),
            Some(vec!["Pick", "here."])
        );
        // Linear on a line of open parentheses (a label is looked for within five bytes).
        let parens = "( ".repeat(60_000);
        assert_eq!(inline_items(&parens), None);
        // No run: one label, a run that does not start at the first, labels inside words.
        for s in [
            "Return (1) when the list is empty.",
            "See (2) and (3) below.",
            "Call f(1) (2) times.",
            "Use the (optional) flag (see docs).",
            "Keep (i.e. do not touch) the cache.",
        ] {
            assert_eq!(inline_items(s), None, "{s}");
        }
    }

    #[test]
    fn list_lines_are_items_whatever_their_marker() {
        for (line, item) in [
            ("- add a test", "add a test"),
            ("* add a test", "add a test"),
            ("+ add a test", "add a test"),
            ("\u{2022} add a test", "add a test"),
            ("1. add a test", "add a test"),
            ("12) add a test", "add a test"),
            ("(3) add a test", "add a test"),
            ("(b) add a test", "add a test"),
            ("c) add a test", "add a test"),
            ("(iv) add a test", "add a test"),
        ] {
            assert_eq!(list_item(line), Some(item), "{line}");
        }
        for line in [
            "A. Smith wrote the parser.",
            "(optional) add a test",
            "2024 was the year.",
            "(a)",
            "e.g. a test",
            "-1 is the sentinel",
        ] {
            assert_eq!(list_item(line), None, "{line}");
        }
        let message = "Write tests for the export endpoint. Cover:\n(a) a valid range returns 200,\n(b) an empty range returns 204,\nc) a reversed range returns 400.";
        let found: Vec<&str> = items(message).into_iter().map(|(_, i)| i).collect();
        assert!(found.contains(&"a valid range returns 200,"), "{found:?}");
        assert!(found.contains(&"an empty range returns 204,"), "{found:?}");
        assert!(
            found.contains(&"a reversed range returns 400."),
            "{found:?}"
        );
    }
}
