//! Whether the result answers the request's own logic, beyond sharing its words: a closed
//! question ("label the review as either favourable or unfavourable") is answered by one of the options it
//! offers, a rating asked for on a scale by a number on it, advice towards a goal ("ways to
//! cut water use at home") does not recommend the opposite ("take more baths"), and a definition says
//! more than "X is a term". All are content findings: an instruction that asks for an unhelpful
//! answer inverts them with the rest of the content score.

use super::segment;
use super::text;
use crate::drift::text::Has;
use crate::gather::Gather;
use crate::gather::Keep;

/// A way the result fails the request's logic, as a reason quoting the words that show it.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub reason: String,
}

/// Words that open a closed question's options ("as either X or Y", "whether it is X or Y").
const CHOICE_OPENERS: &str =
    "as either |is either |whether it is |whether this is |if it is |if this is ";

/// The options of a closed question: "either favourable or unfavourable" → [favourable, unfavourable].
/// Each option is one to three words; the list ends at punctuation.
pub fn choice_options(task_lower: &str) -> Vec<String> {
    for opener in CHOICE_OPENERS.split('|') {
        let Some(at) = task_lower.find(opener) else {
            continue;
        };
        let rest = task_lower.get(at + opener.len()..).unwrap_or_default();
        let end = rest
            .find(&['.', '?', '!', ';', ':', '\n', '('][..])
            .unwrap_or(rest.len());
        let span = rest.get(..end).unwrap_or_default();
        let Some((head, last)) = span.rsplit_once(" or ") else {
            continue;
        };
        let mut options: Vec<String> = head
            .split(',')
            .chain(std::iter::once(last))
            .map(|o| {
                o.trim()
                    .trim_start_matches("a ")
                    .trim_start_matches("an ")
                    .trim()
            })
            .map(|o| {
                o.trim_matches(crate::drift::text::not_alnum_char)
                    .to_string()
            })
            .gather()
            .kept(|o| !o.is_empty());
        options.dedup();
        let short = options.iter().all(|o| o.split_whitespace().count() <= 3);
        if options.len() >= 2 && short {
            return options;
        }
    }
    Vec::new()
}

/// Whether `lower` names `option` as whole words ("opinion-based" in "It is opinion-based.").
fn names(lower: &str, option: &str) -> bool {
    lower.match_indices(option).any(|(i, m)| {
        let before = lower.get(..i).and_then(|s| s.chars().next_back());
        let after = lower.get(i + m.len()..).and_then(|s| s.chars().next());
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Verbs that set a goal's direction: towards less of the object, or towards more of it.
const LESS: &str = "reduce|decrease|minimize|minimise|lower|cut|limit|prevent|avoid";
const MORE: &str = "increase|improve|boost|maximize|maximise|raise|grow";
/// Either direction's verbs, found in one pass before the request is split into words.
static GOAL_VERBS: super::phrases::PhraseGroups<2> =
    super::phrases::PhraseGroups::new([LESS, MORE]);
/// What recommends more of a thing, and what recommends less of it.
const TOWARDS_MORE: &str = "more|increase|maximize|maximise";
const TOWARDS_LESS: &str = "less|fewer|reduce|decrease|minimize";
/// Words between a goal verb and its object that are not the object.
const FILLER: &str = "the|amount|of|your|their|its|a|number";

/// The goal of a request for advice: the stems of its object, the object as written, and
/// whether it wants less of it.
pub fn goal(task_lower: &str) -> Option<(Vec<String>, String, bool)> {
    if GOAL_VERBS.present(task_lower) == [false, false] {
        return None;
    }
    let words = segment::words(task_lower);
    for (k, (_, w)) in words.iter().enumerate() {
        let less = crate::drift::text::in_list(LESS, w);
        if !less && !crate::drift::text::in_list(MORE, w) {
            continue;
        }
        let object: Vec<&str> = words
            .iter()
            .skip(k + 1)
            .map(|(_, w)| *w)
            .skip_while(|w| crate::drift::text::in_list(FILLER, w))
            .take_while(|w| w.chars().all(char::is_alphanumeric) && !text::is_stop(w))
            .take(3)
            .gather();
        if !object.is_empty() {
            let stems = object.iter().map(|w| text::stem(w)).gather();
            return Some((stems, object.join(" "), less));
        }
    }
    None
}

/// Advice in the result (`words` of `result_lower`) that pushes the goal's object the wrong way
/// ("more water" for a request to cut water use), as the words that show it.
fn reversal(
    result_lower: &str,
    words: &[(usize, &str)],
    object: &[String],
    less: bool,
) -> Option<String> {
    let wrong_way = if less { TOWARDS_MORE } else { TOWARDS_LESS };
    for (k, (at, w)) in words.iter().enumerate() {
        if !crate::drift::text::in_list(wrong_way, w) {
            continue;
        }
        // The object right after the cue ("more water", "increase the water"), skipping an
        // article; a compound that starts with it ("more water-proof") is another thing.
        let mut next = words
            .iter()
            .skip(k + 1)
            .skip_while(|(_, w)| crate::drift::text::in_list(FILLER, w));
        let Some((nat, nw)) = next.next() else {
            continue;
        };
        let hyphenated = result_lower
            .get(nat + nw.len()..)
            .is_some_and(|r| r.starts_with('-'));
        if !hyphenated && object.contains(&text::stem(nw)) {
            let end = nat + nw.len();
            return result_lower.get(*at..end).map(str::to_string);
        }
    }
    None
}

/// The numbers among `words`, written in digits (with decimals) or as words up to twenty, with
/// their offsets.
fn numbers(words: &[(usize, &str)]) -> Vec<(usize, f64)> {
    words
        .iter()
        .filter_map(|&(at, w)| {
            let value = if w.starts_with(crate::drift::text::digit_char) {
                text::decimal(w)
            } else {
                super::checklist::NUMBER_WORDS
                    .split('|')
                    .position(|n| n == w)
                    .map(|k| k as f64)
            };
            value.map(|v| (at, v))
        })
        .gather()
}

/// The range of a rating the request asks for: "on a 0-5 scale", "on a scale of 1 to 10",
/// "rate it out of 10".
pub fn rating_scale(task_lower: &str) -> Option<(f64, f64)> {
    if !task_lower.has("scale") && !task_lower.has("out of ") {
        return None;
    }
    let nums = numbers(&segment::words(task_lower));
    if let Some(at) = task_lower.find_str("scale") {
        let near: Vec<f64> = nums
            .iter()
            .filter(|(i, _)| *i + 24 >= at && *i <= at + 32)
            .map(|(_, v)| *v)
            .gather();
        if near.len() >= 2 {
            let lo = near.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = near.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            return (hi > lo).then_some((lo, hi));
        }
    }
    let rates = crate::drift::text::contains_any(task_lower, "rate|grade|score");
    let at = task_lower.find_str("out of ")?;
    let hi = nums.iter().find(|(i, _)| *i == at + 7).map(|(_, v)| *v)?;
    (rates && hi > 0.0).then_some((0.0, hi))
}

/// Nouns that classify a thing only as language: "X is a term that…" says nothing of what X is.
const META_NOUNS: &str = "word|term|concept|phrase|expression";

/// Verbs after "a term that…" that go on to say what the term means.
const DEFINING_VERBS: &str = "means|mean|refers|describes|denotes|names|stands|signifies";

/// A definition that says nothing (`words` of `result_lower`): the thing asked about is "a
/// word", "a term" or "a concept", or "a type of" itself ("Remote work is a type of
/// work").
fn vacuous_definition(result_lower: &str, words: &[(usize, &str)]) -> Option<String> {
    let word = |k: usize| words.get(k).map(|(_, w)| *w);
    for (k, (at, w)) in words.iter().enumerate() {
        if !crate::drift::text::in_list("is|are", *w)
            || !word(k + 1).is_some_and(|x| crate::drift::text::in_list("a|an", x))
        {
            continue;
        }
        let span = |last: usize| {
            let end = words
                .get(last)
                .map_or(result_lower.len(), |(i, w)| i + w.len());
            let start = words.get(k.saturating_sub(3)).map_or(*at, |(i, _)| *i);
            result_lower.get(start..end).map(str::to_string)
        };
        // "a word", "a rather curious word", "a common term"; but "a term for a group of
        // samples" and "a word that means sad" do define.
        if let Some(m) = (k + 2..k + 5)
            .find(|&j| word(j).is_some_and(|x| crate::drift::text::in_list(META_NOUNS, x)))
        {
            let defines = word(m + 1)
                .is_some_and(|x| crate::drift::text::in_list("for|meaning|describing|denoting", x))
                || (word(m + 1).is_some_and(|x| crate::drift::text::in_list("that|which", x))
                    && word(m + 2).is_some_and(|v| crate::drift::text::in_list(DEFINING_VERBS, v)));
            if !defines {
                return span(m);
            }
        }
        // "a type of transport" after "rail transport"
        if word(k + 2).is_some_and(|x| crate::drift::text::in_list("type|kind|form|sort", x))
            && word(k + 3) == Some("of")
        {
            if let Some(category) = word(k + 4) {
                let stem = text::stem(category);
                let subject = words.get(k.saturating_sub(4)..k).unwrap_or_default();
                if subject.iter().any(|(_, s)| text::stem(s) == stem) {
                    return span(k + 4);
                }
            }
        }
    }
    None
}

/// The findings for a result against the request, both lowercased.
pub fn check(task_lower: &str, result_lower: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    // The result's words, split once and only if a check below needs them.
    let split = std::cell::OnceCell::new();
    let words = || {
        split
            .get_or_init(|| segment::words(result_lower))
            .as_slice()
    };
    let options = choice_options(task_lower);
    // An option's first word names it: "negative" answers "positive or negative sentiment".
    let picked = options.iter().any(|o| {
        names(result_lower, o)
            || o.split_whitespace()
                .next()
                .is_some_and(|w| names(result_lower, w))
    });
    if !options.is_empty() && !picked {
        out.push(Finding {
            reason: format!(
                "The request offers a choice ({}) and the result picks none of them",
                options.join(" or ")
            ),
        });
    }
    let defines = result_lower.has(" is a") || result_lower.has(" are a");
    if let Some(span) = defines
        .then(|| vacuous_definition(result_lower, words()))
        .flatten()
    {
        out.push(Finding {
            reason: format!(
                "The result defines the thing asked about by a non-answer (\"{span}\")"
            ),
        });
    }
    if let Some((lo, hi)) = rating_scale(task_lower) {
        let rated = numbers(words()).iter().any(|(_, v)| (lo..=hi).contains(v));
        if !rated {
            out.push(Finding {
                reason: format!(
                    "The request asks for a rating from {} to {} and the result gives none",
                    crate::drift::text::show_number(lo),
                    crate::drift::text::show_number(hi)
                ),
            });
        }
    }
    if let Some((object, shown, less)) = goal(task_lower) {
        if let Some(advice) = reversal(result_lower, words(), &object, less) {
            out.push(Finding {
                reason: format!(
                    "The result recommends \"{advice}\", against the request's goal to {} {}",
                    if less { "reduce" } else { "increase" },
                    shown
                ),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(task: &str, result: &str) -> Vec<Finding> {
        super::check(&task.to_lowercase(), &result.to_lowercase())
    }

    #[test]
    fn options_of_closed_questions() {
        assert_eq!(
            choice_options("label the given review as either favourable or unfavourable feedback."),
            ["favourable", "unfavourable feedback"]
        );
        assert_eq!(
            choice_options("decide if it is legal or illegal. a driver parks"),
            ["legal", "illegal"]
        );
        assert_eq!(
            choice_options("label it as either a bug, a feature request or a question."),
            ["bug", "feature request", "question"]
        );
        assert!(choice_options(
            "explain whether it is safe to scan random qr codes and how attackers use them"
        )
        .is_empty());
        assert!(choice_options("list the pros and cons of both databases").is_empty());
    }

    #[test]
    fn a_closed_question_is_answered_by_an_option() {
        let task =
            "Mark the following claim as either verifiable or subjective. Chess is the best game";
        assert!(check(task, "Subjective").is_empty());
        assert!(check(task, "It is verifiable.").is_empty());
        let review = "Label the given review as either favourable or unfavourable feedback.";
        assert!(check(review, "Unfavourable").is_empty());
        assert_eq!(check(review, "The review is entirely balanced.").len(), 1);
        let f = check(task, "The claim you sent is a fun one to think about.");
        assert_eq!(f.len(), 1);
        assert!(f[0].reason.has("verifiable or subjective"), "{f:?}");
    }

    #[test]
    fn a_rating_request_is_answered_by_a_rating() {
        assert_eq!(
            rating_scale("please rate the following poem on a 0-5 scale, where 5 is best:"),
            Some((0.0, 5.0))
        );
        assert_eq!(
            rating_scale("rate the risk on a scale of one to ten."),
            Some((1.0, 10.0))
        );
        assert_eq!(
            rating_scale("score the answer out of 10"),
            Some((0.0, 10.0))
        );
        assert_eq!(rating_scale("we scale out to 3 regions"), None);
        let task = "Please rate the following poem on a 0-5 scale, where 5 is best: Roses fade...";
        assert!(check(task, "My grade for it: 2 out of 5.").is_empty());
        assert!(check(task, "Three. The argument is thin.").is_empty());
        let f = check(task, "Thanks for sharing your poem. The score is blue.");
        assert_eq!(f.len(), 1);
        assert!(f[0].reason.has("from 0 to 5"), "{f:?}");
        assert_eq!(check(task, "I give it 7.").len(), 1);
    }

    #[test]
    fn definitions_that_say_nothing() {
        for vacuous in [
            "The word \"glad\" is a rather curious word. It names a feeling.",
            "Zorblat is a term that people often use when they talk.",
            "1. Remote work is a type of work.\n2. Offices exist.",
            "\"Justice\" is a concept that people use when they talk.",
        ] {
            let f = check("what does it mean?", vacuous);
            assert_eq!(f.len(), 1, "{vacuous}");
            assert!(f[0].reason.has("non-answer"), "{f:?}");
        }
        for answer in [
            "A heat pump is a type of machine that moves heat against its gradient.",
            "Kestrel is a cross-platform web server for ASP.NET Core.",
            "A batch is a group of samples processed together.",
            "Sad is a word that means the opposite of happy.",
            "Batch is a term for the samples processed together.",
        ] {
            let f = check("what does it mean?", answer);
            assert!(f.is_empty(), "{answer}: {f:?}");
        }
    }

    #[test]
    fn advice_against_the_goal() {
        let task = "Give 3 ideas to reduce the amount of paper waste in an office.";
        assert!(check(
            task,
            "1. Print double-sided. 2. Share documents online instead of paper."
        )
        .is_empty());
        let f = check(
            task,
            "1. Print more paper copies so that nothing gets lost.",
        );
        assert_eq!(f.len(), 1);
        assert!(f[0].reason.has("\"more paper\""), "{f:?}");
        assert!(f[0].reason.ends_with("to reduce paper waste"), "{f:?}");
        // A compound is another thing: more power-saving lamps use less power.
        let power = "Suggest ways to cut power use in a small office.";
        assert!(check(power, "Buy more power-saving lamps.").is_empty());
        assert_eq!(check(power, "Burn more power on the night shift.").len(), 1);
        let grow = "Give tips to increase test coverage in the parser module.";
        assert_eq!(check(grow, "Write fewer tests for the parser.").len(), 1);
        assert!(check(
            grow,
            "Write more tests for the parser and measure coverage."
        )
        .is_empty());
    }
}
