//! The phrases a judge's prose answer is read by, matched by hand: each function finds what its
//! regular expression (kept beside it, and in the tests as the oracle) finds, with ASCII
//! classes — `\s` is `[\t\n\v\f\r ]`, `\w` is `[0-9A-Za-z_]`, `(?i)` folds ASCII letters — and
//! the regex's leftmost-first choices. A regex engine here cost 16 KB of the gzipped module
//! (issue 14, size); these are a few hundred bytes. Judge answers are English; a Unicode-only
//! space or digit leaves a phrase unread, and the verifier asks again.
use crate::gather::Gather;

/// One match: its span and its first group's span, in bytes of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub start: usize,
    pub end: usize,
    pub group: (usize, usize),
}

/// A matcher: the first match starting at or after a byte offset.
pub type Matcher = dyn Fn(&[u8], usize) -> Option<Found>;

/// Every match, left to right, none overlapping (as `captures_iter`).
pub fn all<'a>(text: &'a str, first: &'a Matcher) -> impl Iterator<Item = Found> + 'a {
    let b = text.as_bytes();
    let mut from = 0;
    std::iter::from_fn(move || {
        let f = first(b, from)?;
        from = f.end.max(from + 1);
        Some(f)
    })
}

fn space(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ')
}

fn word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn word_at(b: &[u8], at: usize) -> bool {
    b.get(at).copied().is_some_and(word)
}

/// `\b` before a word character at `at`: none before it.
fn starts_word(b: &[u8], at: usize) -> bool {
    !at.checked_sub(1).is_some_and(|p| word_at(b, p))
}

/// Past the run of bytes from `at` that `class` accepts.
fn skip(b: &[u8], mut at: usize, class: impl Fn(u8) -> bool) -> usize {
    while b.get(at).copied().is_some_and(&class) {
        at += 1;
    }
    at
}

/// `lit` (ASCII, lower case) at `at`, ASCII case folded: the offset past it.
fn lit(b: &[u8], at: usize, lit: &str) -> Option<usize> {
    let end = at + lit.len();
    b.get(at..end)
        .is_some_and(|x| x.eq_ignore_ascii_case(lit.as_bytes()))
        .then_some(end)
}

fn line_end(b: &[u8], at: usize) -> usize {
    memchr::memchr(b'\n', b.get(at..).unwrap_or_default()).map_or(b.len(), |i| at + i)
}

/// Offsets where `(?m)^` matches, from `from` on.
fn line_starts(b: &[u8], from: usize) -> impl Iterator<Item = usize> + '_ {
    let first = (from == 0 || b.get(from - 1) == Some(&b'\n')).then_some(from);
    let rest =
        memchr::memchr_iter(b'\n', b.get(from..).unwrap_or_default()).map(move |i| from + i + 1);
    first.into_iter().chain(rest)
}

/// `,(\s*[}\]])`: a comma before a closing bracket.
pub fn trailing_comma(b: &[u8], from: usize) -> Option<Found> {
    (from..b.len()).find_map(|i| {
        if b.get(i) != Some(&b',') {
            return None;
        }
        let close = skip(b, i + 1, space);
        matches!(b.get(close), Some(b'}' | b']')).then_some(Found {
            start: i,
            end: close + 1,
            group: (i + 1, close + 1),
        })
    })
}

/// `(?i)(?:alignment\s+)?(?:score|rating)\s*\**\s*[:=\-]\s*\**\s*([1-5])(?:\.\d+)?\b`.
pub fn score(b: &[u8], from: usize) -> Option<Found> {
    let rest = |at: usize| -> Option<Found> {
        let p = lit(b, at, "score").or_else(|| lit(b, at, "rating"))?;
        let p = skip(b, skip(b, skip(b, p, space), |c| c == b'*'), space);
        if !matches!(b.get(p), Some(b':' | b'=' | b'-')) {
            return None;
        }
        let d = skip(b, skip(b, skip(b, p + 1, space), |c| c == b'*'), space);
        if !matches!(b.get(d), Some(b'1'..=b'5')) {
            return None;
        }
        let digits = skip(b, d + 2, |c| c.is_ascii_digit());
        let end = if b.get(d + 1) == Some(&b'.') && digits > d + 2 && !word_at(b, digits) {
            digits
        } else if !word_at(b, d + 1) {
            d + 1
        } else {
            return None;
        };
        Some(Found {
            start: at,
            end,
            group: (d, d + 1),
        })
    };
    (from..b.len()).find_map(|i| {
        let prefixed = lit(b, i, "alignment")
            .map(|p| skip(b, p, space))
            .filter(|&p| p > i + "alignment".len())
            .and_then(rest);
        prefixed
            .map(|f| Found { start: i, ..f })
            .or_else(|| rest(i))
    })
}

/// `(?i)\b([1-5])\s*(?:/\s*5|out of 5)\b`.
pub fn out_of(b: &[u8], from: usize) -> Option<Found> {
    (from..b.len()).find_map(|i| {
        if !matches!(b.get(i), Some(b'1'..=b'5')) || !starts_word(b, i) {
            return None;
        }
        let p = skip(b, i + 1, space);
        let end = if b.get(p) == Some(&b'/') {
            let five = skip(b, p + 1, space);
            (b.get(five) == Some(&b'5')).then_some(five + 1)
        } else {
            lit(b, p, "out of 5")
        }?;
        (!word_at(b, end)).then_some(Found {
            start: i,
            end,
            group: (i, i + 1),
        })
    })
}

/// The first `\b(yes|no)\b` (ASCII case folded) in `b[from..to]`: its span.
fn yes_or_no(b: &[u8], from: usize, to: usize) -> Option<(usize, usize)> {
    (from..to).find_map(|j| {
        let end = lit(b, j, "yes").or_else(|| lit(b, j, "no"))?;
        (end <= to && starts_word(b, j) && !word_at(b, end)).then_some((j, end))
    })
}

/// The first occurrence of `needle` (ASCII, lower case) in `b[from..to]`, case folded.
fn find_ci(b: &[u8], from: usize, to: usize, needle: &str) -> Option<usize> {
    (from..to).find(|&k| lit(b, k, needle).is_some_and(|e| e <= to))
}

/// `(?im)^[^\n]*?{label}[^\n]*?\b(yes|no)\b`: a line's first yes or no after its first
/// mention of `label` (ASCII, lower case).
pub fn yes_no(label: &'static str) -> impl Fn(&[u8], usize) -> Option<Found> {
    move |b, from| {
        line_starts(b, from).find_map(|start| {
            let end = line_end(b, start);
            let at = find_ci(b, start, end, label)?;
            let (yes, no) = yes_or_no(b, at + label.len(), end)?;
            Some(Found {
                start,
                end: no,
                group: (yes, no),
            })
        })
    }
}

/// `(?im)^[\s*#>\-\d.]*(?:explanation|reasoning|reason|rationale)\**\s*[:\-]\**\s*(\S[^\n]*)$`.
pub fn labelled(b: &[u8], from: usize) -> Option<Found> {
    let lead =
        |c: u8| space(c) || c.is_ascii_digit() || matches!(c, b'*' | b'#' | b'>' | b'-' | b'.');
    let mut starts = line_starts(b, from).peekable();
    while let Some(start) = starts.next() {
        let p = skip(b, start, lead);
        let found = ["explanation", "reasoning", "reason", "rationale"]
            .iter()
            .filter_map(|w| lit(b, p, w))
            .find_map(|after| {
                let colon = skip(b, skip(b, after, |c| c == b'*'), space);
                if !matches!(b.get(colon), Some(b':' | b'-')) {
                    return None;
                }
                let stars = skip(b, colon + 1, |c| c == b'*');
                let text = skip(b, stars, space);
                // At the end, `\**` gives back a star for `\S`.
                let text = if text < b.len() {
                    text
                } else {
                    stars.checked_sub(1).filter(|&s| s > colon)?
                };
                let end = line_end(b, text);
                Some(Found {
                    start,
                    end,
                    group: (text, end),
                })
            });
        if found.is_some() {
            return found;
        }
        // The lead may run over line breaks: a line start inside it leads to the same place.
        while starts.next_if(|&s| s <= p).is_some() {}
    }
    None
}

/// `(?im)^[^\n]*drift[^\n]*?\b(?:yes|no)\b[\s.,:;\-]*(\S[^\n]*)$`: what follows the yes or no
/// on a line about drift.
pub fn drift_line(b: &[u8], from: usize) -> Option<Found> {
    let tail = |c: u8| space(c) || matches!(c, b'.' | b',' | b':' | b';' | b'-');
    line_starts(b, from).find_map(|start| {
        let end = line_end(b, start);
        let mentions: Vec<usize> = (start..end)
            .filter(|&k| lit(b, k, "drift").is_some_and(|e| e <= end))
            .gather();
        // `[^\n]*` is greedy: the last mention first. An earlier mention's search stops at the
        // next one (linear in the line): a yes or no past it was the later mention's, which
        // failed, and fails the same way here.
        let stops: Vec<usize> = mentions.iter().skip(1).copied().chain([end]).gather();
        mentions.iter().zip(stops).rev().find_map(|(&k, stop)| {
            let (_, after) = yes_or_no(b, k + "drift".len(), stop)?;
            let run = skip(b, after, tail);
            // At the end of the text, the run gives back its last non-space byte for `\S`.
            let text = if run < b.len() {
                run
            } else {
                (after..run)
                    .rev()
                    .find(|&i| b.get(i).is_some_and(|&c| !space(c)))?
            };
            let to = line_end(b, text);
            Some(Found {
                start,
                end: to,
                group: (text, to),
            })
        })
    })
}
