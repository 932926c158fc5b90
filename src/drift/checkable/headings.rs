//! The form asked of the reply's Markdown headings: their level ("Use level-2 headings (`##`)
//! for each section", "only H3 headings"), ALL CAPS, or sentence case. Read on heading lines
//! outside fenced blocks; a code span in a heading is a name, not its case.

use super::has_any_in;
use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::gather::Gather;

/// A form of the reply's headings.
#[derive(Debug, Clone, PartialEq)]
pub enum HeadingForm {
    /// Every heading at this level; with `false`, a title above them at a higher level may
    /// stand ("Use `##` for each section" leaves a `#` title first). A deeper heading is a
    /// sub-heading where the sentence names the headings (the capitalised words) and it holds
    /// none of those names ("`##` headings Context, Options, Decision" with `### A. Keep YAML`
    /// under Options); with no names (or "every section") it breaks the level.
    Level(usize, bool, Vec<String>),
    /// Headings from the first level to the second ("Use H2 headings. H3 is fine too").
    Levels(usize, usize),
    AllCaps,
    SentenceCase,
}

/// The form the message asks of the headings: the last one said ("Use H2 headings. Correction:
/// use H3 (`###`) instead"), read in the clause that names the headings, not negated,
/// conditional or soft, nor a count of headings, a title's own level or a depth allowed.
pub fn asked(message: &str) -> Option<HeadingForm> {
    let lower = message.to_ascii_lowercase();
    if !lower.has("heading") {
        return None;
    }
    // "…; any sub-headings inside them are up to you": which deeper levels may stand is
    // not read.
    let deeper = has_any_in(&lower, "sub-heading|subheading|subsection|sub-section");
    // "Use `##` for the top-level sections": the level is theirs; deeper ones are inside them.
    // "Give each show its own level-2 heading", "a `##` heading for each ward": the level is the
    // items'; a sub-heading inside one ("### Correction" under a ward) is that item's.
    let per_item = crate::drift::text::parts("for each |for every |give each |give every ")
        .iter()
        .any(|cue| {
            lower.match_indices(cue).any(|(i, _)| {
                let noun = lower
                    .get(i + cue.len()..)
                    .and_then(|r| r.split(crate::drift::text::not_ascii_alnum_char).next())
                    .unwrap_or_default();
                !noun.is_empty()
                    && !crate::drift::text::in_list(
                        "section|sections|heading|headings|part|parts|one",
                        noun,
                    )
            })
        });
    let top = per_item
        || has_any_in(
            &lower,
            "top-level section|top-level heading|top level section|top level heading",
        );
    super::sentences(&lower)
        .into_iter()
        .flat_map(|s| s.split(';'))
        // ("Correction: …, so use H3 (`###`) for your sections instead" names no heading.)
        .filter(|c| c.has_any("heading|instead"))
        .filter_map(|c| clause_form(c, &lower, message))
        .next_back()
        .filter(|f| !(deeper && matches!(f, HeadingForm::Level(..))))
        .map(|f| match f {
            // "Use H2 headings for sections. Update: H3 is fine too": widened to that level.
            HeadingForm::Level(n, ..) if top => HeadingForm::Levels(n, 6),
            HeadingForm::Level(n, ..) => (n + 1..=6)
                .rev()
                .find(|&k| widened(&lower, k))
                .map_or(f, |k| HeadingForm::Levels(n, k)),
            f => f,
        })
}

/// Whether the message lets headings of level `k` stand too ("H3 is fine too", "h3 headings
/// are fine").
fn widened(lower: &str, k: usize) -> bool {
    crate::drift::text::parts(
        " is fine| are fine| headings are fine| is ok| are ok| is allowed| are allowed",
    )
    .iter()
    .any(|tail| lower.has(&format!("h{k}{tail}")))
}

/// The form one clause about headings asks.
fn clause_form(clause: &str, lower: &str, message: &str) -> Option<HeadingForm> {
    // "…, so use H3 (`###`) for your sections instead": what is used, after what is there.
    let clause = match clause.rfind(" use ") {
        Some(i) if clause.has("instead") => clause.get(i..).unwrap_or(clause),
        _ => clause,
    };
    // Not a page's or a file's headings ("change the page heading from an h1 to an h2",
    // "docs/ONBOARDING.md so all its headings …"), nor a form said of something else in the
    // clause ("variable names in all caps", "severity level 1-4").
    if has_any_in(
        clause,
        "no |not |n't |never|avoid|if |unless|ideally|prefer|is fine|are fine|existing|the old|currently|for example|e.g.|title|may |sub-heading|subheading|subsection|at most|at least|exactly|no more than|up to|max|depth|levels|deeper|<h|tag|element|component|page heading|.md|readme|docs/|its headings|the wiki|the page|the doc|names|keys|variables|severity|priority",
    ) {
        return None;
    }
    if has_any_in(clause, "sentence case|sentence-case") {
        return Some(HeadingForm::SentenceCase);
    }
    if has_any_in(
        clause,
        "all caps|all capitals|in capitals|all uppercase|all upper case|in uppercase|in upper case",
    ) {
        return Some(HeadingForm::AllCaps);
    }
    // "only H3 headings", "`###` headings only"; not "only the categories A and B, each as a
    // `###` heading" (the categories are the only ones, not the level).
    let only = clause.has("no other")
        || clause.match_indices("only").any(|(i, _)| {
            let of_headings = |w: &str| {
                let w = w.trim_matches(crate::drift::text::char_test(|c: char| {
                    !c.is_alphanumeric() && c != '#'
                }));
                w.contains('#')
                    || w.starts_any("level|heading")
                    || (w.len() == 2 && w.starts_with('h'))
            };
            let after = clause.get(i + 4..).unwrap_or_default();
            let before = clause.get(..i).unwrap_or_default();
            after.split_whitespace().take(3).any(of_headings)
                || before.split_whitespace().rev().take(3).any(of_headings)
        });
    // "level-2", "level 2", "h2", "(`##`)".
    let level = "level-|level |h".split('|').find_map(|cue| {
        clause.match_indices(cue).find_map(|(i, _)| {
            if cue == "h"
                && clause.get(..i).is_some_and(|b| {
                    b.ends_with(crate::drift::text::char_test(char::is_alphanumeric))
                })
            {
                return None;
            }
            let rest = clause.get(i + cue.len()..)?;
            let digit = rest.chars().next()?.to_digit(10)?;
            let glued = rest.chars().nth(1).is_some_and(char::is_alphanumeric);
            ((1..=6).contains(&digit) && !glued).then_some(digit as usize)
        })
    });
    let marks = || {
        crate::drift::text::code_spans(clause)
            .into_iter()
            .find_map(|span| {
                let t = span.trim();
                (!t.is_empty() && t.len() <= 6 && t.bytes().all(|b| b == b'#')).then_some(t.len())
            })
    };
    let every = has_any_in(
        clause,
        "each section|every section|all sections|each heading|every heading|every markdown heading|all headings|all the headings|any other heading|all be level",
    );
    let names = if every {
        Vec::new()
    } else {
        // (`lower` is `message` lowercased in place: the clause's bytes are the message's.)
        let off = (clause.as_ptr() as usize).saturating_sub(lower.as_ptr() as usize);
        let names = names_in(message.get(off..off + clause.len()).unwrap_or_default());
        // (One capitalised word is a name of something else: "the Acme handbook".)
        if names.len() >= 2 {
            names
        } else {
            Vec::new()
        }
    };
    level
        .or_else(marks)
        .map(|n| HeadingForm::Level(n, only, names))
}

/// The capitalised words of a clause after its first: the names it gives headings.
fn names_in(clause: &str) -> Vec<String> {
    clause
        .split(crate::drift::text::not_alnum_char)
        .filter(|w| w.len() >= 2 && w.starts_with(crate::drift::text::upper_char))
        .skip(usize::from(
            clause
                .trim_start()
                .starts_with(crate::drift::text::upper_char),
        ))
        .map(str::to_string)
        .gather()
}

/// The heading lines of `text` outside fences: (level, text).
fn headings(text: &str) -> Vec<(usize, &str)> {
    super::lists::outside_fences(text)
        .filter_map(|l| {
            let t = l.trim_start();
            let level = t.bytes().take_while(|&b| b == b'#').count();
            let rest = t.get(level..)?;
            ((1..=6).contains(&level) && rest.starts_with(' ')).then(|| (level, rest.trim()))
        })
        .gather()
}

/// The first heading that breaks the form, if any.
pub fn first_break(form: &HeadingForm, text: &str) -> Option<String> {
    let all = headings(text);
    let first_line = text.lines().map(str::trim).find(|l| !l.is_empty());
    all.iter().enumerate().find_map(|(i, &(level, h))| {
        let words = crate::drift::text::outside_code_spans(h);
        let broken = match form {
            HeadingForm::Level(n, only, names) => {
                // A title opening the reply above the sections.
                let title = !only
                    && i == 0
                    && level < *n
                    && first_line.is_some_and(|f| f.trim_start_matches('#').trim() == h);
                // Sub-headings under headings of the asked level are theirs ("Use `##` headings
                // Context, Options, Decision" with `###` options under Options), unless "only".
                let sub = !only
                    && level > *n
                    && !names.is_empty()
                    && !names.iter().any(|name| h.contains(name.as_str()))
                    && all.iter().any(|&(l, _)| l == *n);
                level != *n && !title && !sub
            }
            HeadingForm::Levels(lo, hi) => {
                // (A title opening the reply above them stands, as for one level.)
                let title = i == 0
                    && level < *lo
                    && first_line.is_some_and(|f| f.trim_start_matches('#').trim() == h);
                (level < *lo || level > *hi) && !title
            }
            // (Words of letters only: "(v2.4.1)", "10ms" are no words of the heading's case.)
            HeadingForm::AllCaps => words
                .split_whitespace()
                .map(|w| w.trim_matches(crate::drift::text::not_alnum_char))
                .filter(|w| w.chars().all(char::is_alphabetic))
                .any(|w| w.chars().any(char::is_lowercase)),
            HeadingForm::SentenceCase => title_cased_word(&words).is_some(),
        };
        broken.then(|| format!("{} {h}", "#".repeat(level)))
    })
}

/// A word after a heading's first, capitalised though it is a common word ("## Test
/// Results", "## Root Cause"). Names, acronyms and a word after a colon are left alone.
fn title_cased_word(heading: &str) -> Option<&str> {
    let mut after_colon = false;
    let mut first = true;
    for w in heading.split_whitespace() {
        let bare = w.trim_matches(crate::drift::text::not_alnum_char);
        // "## 1. Summary", "## ✅ Results": the first word is the first with letters.
        if first && !bare.chars().any(char::is_alphabetic) {
            continue;
        }
        let skip = first || after_colon;
        first = false;
        after_colon = w.ends_with(':');
        if skip || bare.chars().count() < 2 {
            continue;
        }
        let mut cs = bare.chars();
        let capital = cs.next().is_some_and(char::is_uppercase);
        let rest_lower = cs.all(|c| c.is_lowercase());
        if !(capital && rest_lower) {
            continue;
        }
        // Words no name is made of ("Test Results", "Root Cause"), not a name the reply
        // also writes in lower case in an identifier ("Noah", `noah_sync`).
        let common = crate::drift::text::in_list(
            "and|or|of|the|for|to|in|on|with|a|an|by|at|from|next|steps|results|notes|summary|plan|cause|analysis|changes|timeline|details|questions|issues|risks|overview|testing|findings|actions|impact|background|status|items|fixes|review|rollout|migration|options|decision|recommendations|updates|lessons|learned|scope|approach",
            bare.to_ascii_lowercase(),
        );
        if common {
            return Some(bare);
        }
    }
    None
}
