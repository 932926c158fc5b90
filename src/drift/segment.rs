//! Word and sentence boundaries. ASCII text (nearly all requests and results) takes a byte-level
//! path that follows the UAX #29 word rules for ASCII and is many times faster than the general
//! tables; anything else goes through the general rules (`word_break`). Sentences are split at `.!?`
//! followed by white space (a full stop before a lowercase word does not end one, as in UAX #29),
//! and at line ends.

use crate::gather::PushAll;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Letter,
    Digit,
    /// `_` (ExtendNumLet): joins letters and digits.
    Underscore,
    /// `.` and `'` (MidNumLet): join letters to letters and digits to digits.
    MidNumLet,
    /// `:` (MidLetter): joins letters to letters.
    MidLetter,
    /// `,` and `;` (MidNum): join digits to digits.
    MidNum,
    Other,
}

/// The class of every byte, looked up instead of matched: this runs once per byte of text.
#[allow(clippy::indexing_slicing)] // b < 256, the array's length
static CLASSES: [Class; 256] = {
    let mut t = [Class::Other; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = class_of(b as u8);
        b += 1;
    }
    t
};

fn class(b: u8) -> Class {
    // A u8 is always in bounds; the compiler drops the check.
    CLASSES.get(usize::from(b)).copied().unwrap_or(Class::Other)
}

const fn class_of(b: u8) -> Class {
    match b {
        b'a'..=b'z' | b'A'..=b'Z' => Class::Letter,
        b'0'..=b'9' => Class::Digit,
        b'_' => Class::Underscore,
        b'.' | b'\'' => Class::MidNumLet,
        b':' => Class::MidLetter,
        b',' | b';' => Class::MidNum,
        _ => Class::Other,
    }
}

fn is_word_char(c: Class) -> bool {
    matches!(c, Class::Letter | Class::Digit | Class::Underscore)
}

/// Words of ASCII `text` with their byte offsets: the UAX #29 segments that contain a letter,
/// digit or underscore.
fn ascii_words(text: &str) -> Vec<(usize, &str)> {
    let b = text.as_bytes();
    let at = |i: usize| b.get(i).copied().map(class).unwrap_or(Class::Other);
    // About one word per six bytes of English: sized once instead of grown.
    let mut out = Vec::with_capacity(text.len() / 6 + 1);
    let mut i = 0;
    while i < b.len() {
        if !is_word_char(at(i)) {
            i += 1;
            continue;
        }
        let start = i;
        let mut last = at(i);
        i += 1;
        loop {
            let c = at(i);
            if is_word_char(c) {
                last = c;
                i += 1;
                continue;
            }
            // A middle character joins when the same kind follows (WB6/7, WB11/12).
            let next = at(i + 1);
            let joins = match c {
                Class::MidNumLet => {
                    (last == Class::Letter && next == Class::Letter)
                        || (last == Class::Digit && next == Class::Digit)
                }
                Class::MidLetter => last == Class::Letter && next == Class::Letter,
                Class::MidNum => last == Class::Digit && next == Class::Digit,
                _ => false,
            };
            if joins {
                i += 1;
                continue;
            }
            break;
        }
        if let Some(w) = text.get(start..i) {
            if w.bytes().any(|x| x.is_ascii_alphanumeric()) {
                out.push((start, w));
            }
        }
    }
    out
}

/// Words (segments with a letter or digit) with their byte offsets.
pub fn words(text: &str) -> Vec<(usize, &str)> {
    if text.is_ascii() {
        return ascii_words(text);
    }
    // Mixed text: the ASCII stretches take the byte path, only the stretches around other
    // characters the general tables. A stretch may end where ASCII white space is followed by
    // an ASCII byte that is not: no word rule joins a letter or digit across white space, an
    // ASCII byte is never Extend, Format or ZWJ (which attach to the space before, WB4), and a
    // run of spaces (WB3d) is never cut.
    let b = text.as_bytes();
    let cut = |k: usize| {
        k > 0
            && b.get(k - 1).is_some_and(u8::is_ascii_whitespace)
            && b.get(k)
                .is_some_and(|x| x.is_ascii() && !x.is_ascii_whitespace())
    };
    let mut out = Vec::with_capacity(text.len() / 6 + 1);
    let mut at = 0;
    while at < b.len() {
        let rest = b.get(at..).unwrap_or_default();
        let Some(other) = rest.iter().position(|x| !x.is_ascii()).map(|p| at + p) else {
            extend_at(
                &mut out,
                at,
                ascii_words(text.get(at..).unwrap_or_default()),
            );
            break;
        };
        let from = (at + 1..=other).rev().find(|&k| cut(k)).unwrap_or(at);
        let to = (other + 1..b.len()).find(|&k| cut(k)).unwrap_or(b.len());
        extend_at(
            &mut out,
            at,
            ascii_words(text.get(at..from).unwrap_or_default()),
        );
        let general = text.get(from..to).unwrap_or_default();
        out.push_all(
            super::word_break::segments(general)
                .into_iter()
                .filter(|(_, w)| w.chars().any(char::is_alphanumeric))
                .map(|(i, w)| (from + i, w)),
        );
        at = to;
    }
    out
}

/// Appends words found in a slice that starts at byte `at`, at their offsets in the whole text.
fn extend_at<'a>(out: &mut Vec<(usize, &'a str)>, at: usize, words: Vec<(usize, &'a str)>) {
    out.push_all(words.into_iter().map(|(i, w)| (at + i, w)));
}

/// Sentence pieces of one line: byte ranges, split after `.`, `!` or `?` (and any closing
/// quotes or brackets) followed by white space, except a `.` before a lowercase letter.
pub fn sentence_pieces(line: &str) -> Vec<(usize, &str)> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b.get(i).copied().unwrap_or(0);
        if !matches!(c, b'.' | b'!' | b'?') {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while matches!(b.get(j), Some(b'.' | b'!' | b'?')) {
            j += 1;
        }
        while matches!(b.get(j), Some(b')' | b']' | b'"' | b'\'' | b'}')) {
            j += 1;
        }
        let mut k = j;
        while b.get(k).is_some_and(|x| x.is_ascii_whitespace()) {
            k += 1;
        }
        let spaced = k > j;
        let lower_next = b.get(k).is_some_and(u8::is_ascii_lowercase);
        let full_stop_only = b
            .get(i..j)
            .is_some_and(|p| p.iter().all(|x| *x != b'!' && *x != b'?'));
        if spaced && k < b.len() && !(full_stop_only && lower_next) {
            if let Some(s) = line.get(start..k) {
                out.push((start, s));
            }
            start = k;
        }
        i = k.max(i + 1);
    }
    if let Some(s) = line.get(start..) {
        if !s.is_empty() {
            out.push((start, s));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_words_follow_the_word_rules() {
        let w: Vec<&str> = words("Don't split e.g 3.14 or 1,000; src/utils.ts a:b x_y-z 12ab?")
            .into_iter()
            .map(|(_, w)| w)
            .collect();
        assert_eq!(
            w,
            vec![
                "Don't", "split", "e.g", "3.14", "or", "1,000", "src", "utils.ts", "a:b", "x_y",
                "z", "12ab"
            ]
        );
    }

    #[test]
    fn sentence_pieces_split_after_terminators() {
        let s: Vec<&str> =
            sentence_pieces("First one. Second (really!) third? e.g. this stays. v1.2 too")
                .into_iter()
                .map(|(_, s)| s)
                .collect();
        assert_eq!(
            s,
            vec![
                "First one. ",
                "Second (really!) ",
                "third? ",
                "e.g. this stays. v1.2 too"
            ]
        );
    }
}
