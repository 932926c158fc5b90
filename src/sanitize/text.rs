//! Cleaning one string: control characters, ANSI escapes, invisible and bidi-override
//! characters (Trojan Source, CVE-2021-42574), CRLF, lone surrogates, and length caps that
//! never split a grapheme.

use crate::json_text::LONE_SURROGATE_SENTINEL;
use crate::swar;
use std::borrow::Cow;

/// What cleaning one string removed or replaced, counted by kind.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TextFixes {
    pub control: usize,
    pub ansi: usize,
    pub invisible: usize,
    pub bidi: usize,
    pub crlf: usize,
    pub surrogates: usize,
}

impl TextFixes {
    pub fn stripped(&self) -> usize {
        self.control + self.ansi + self.invisible + self.bidi
    }

    /// A one-line reason naming each kind of character that was removed.
    pub fn strip_reason(&self) -> String {
        let mut parts = Vec::new();
        for (n, what) in [
            (self.ansi, "ANSI escape sequence"),
            (self.control, "control character"),
            (self.invisible, "zero-width character"),
            (self.bidi, "bidi control character"),
        ] {
            if n > 0 {
                parts.push(format!("{n} {what}{}", if n == 1 { "" } else { "s" }));
            }
        }
        format!("removed {}", parts.join(", "))
    }
}

/// Bidirectional controls used to reorder source text (Trojan Source): embeddings, overrides,
/// isolates and the invisible marks.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Invisible characters that hide text. ZWJ (U+200D) and ZWNJ (U+200C) stay: emoji sequences
/// and several scripts (Persian, Indic) need them.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{180E}' | '\u{00AD}'
    )
}

fn is_removed_control(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t' && c != '\r') || c == '\u{7F}'
}

fn needs_work(c: char) -> bool {
    c == '\r'
        || c == LONE_SURROGATE_SENTINEL
        || is_removed_control(c)
        || is_bidi_control(c)
        || is_invisible(c)
}

/// Byte offset of the first character that needs work. Printable ASCII, `\n` and `\t` are
/// skipped bytewise (the common case); other bytes fall back to a char check.
pub fn first_needing_work(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // Eight bytes at a time while they are all printable ASCII (SWAR: no byte below
        // 0x20, none at or above 0x7F).
        if let Some(chunk) = bytes
            .get(i..i + 8)
            .and_then(|c| <[u8; 8]>::try_from(c).ok())
        {
            let x = u64::from_le_bytes(chunk);
            if !(swar::any_below(x, 0x20) | swar::any_del_or_above(x)) {
                i += 8;
                continue;
            }
        }
        let b = bytes.get(i).copied().unwrap_or_default();
        if (0x20..0x7F).contains(&b) || b == b'\n' || b == b'\t' {
            i += 1;
            continue;
        }
        if b < 0x80 {
            return Some(i);
        }
        let c = s.get(i..).and_then(|rest| rest.chars().next())?;
        if needs_work(c) {
            return Some(i);
        }
        i += c.len_utf8();
    }
    None
}

/// Cleans `s`; borrows when nothing needed doing (the common case).
pub fn clean(s: &str) -> (Cow<'_, str>, TextFixes) {
    let mut fixes = TextFixes::default();
    let Some(first) = first_needing_work(s) else {
        return (Cow::Borrowed(s), fixes);
    };
    let mut out = String::with_capacity(s.len());
    out.push_str(s.get(..first).unwrap_or_default());
    let mut chars = s.get(first..).unwrap_or_default().chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                fixes.crlf += 1;
                out.push('\n');
            }
            '\u{1B}' => {
                fixes.ansi += 1;
                skip_escape_sequence(&mut chars);
            }
            // C1 CSI introducer, the single-character form of ESC [
            '\u{9B}' => {
                fixes.ansi += 1;
                skip_csi_body(&mut chars);
            }
            c if c == LONE_SURROGATE_SENTINEL => {
                fixes.surrogates += 1;
                out.push('\u{FFFD}');
            }
            c if is_removed_control(c) => fixes.control += 1,
            c if is_bidi_control(c) => fixes.bidi += 1,
            c if is_invisible(c) => fixes.invisible += 1,
            c => out.push(c),
        }
    }
    (Cow::Owned(out), fixes)
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// Skips what follows ESC: CSI (`ESC [ params final`), OSC/DCS/PM/APC strings terminated by
/// BEL or `ESC \`, or a single two-character escape.
fn skip_escape_sequence(chars: &mut Chars<'_>) {
    match chars.peek().copied() {
        Some('[') => {
            chars.next();
            skip_csi_body(chars);
        }
        Some(']') | Some('P') | Some('^') | Some('_') | Some('X') => {
            chars.next();
            while let Some(c) = chars.next() {
                if c == '\u{7}' {
                    break;
                }
                if c == '\u{1B}' && chars.peek() == Some(&'\\') {
                    chars.next();
                    break;
                }
            }
        }
        Some(c) if ('\u{20}'..='\u{7E}').contains(&c) => {
            chars.next();
        }
        _ => {}
    }
}

fn skip_csi_body(chars: &mut Chars<'_>) {
    // Parameter and intermediate bytes, then one final byte in 0x40..=0x7E.
    while let Some(&c) = chars.peek() {
        chars.next();
        if ('\u{40}'..='\u{7E}').contains(&c) {
            break;
        }
        if !('\u{20}'..='\u{3F}').contains(&c) {
            break;
        }
    }
}

/// Number of Unicode code points, the unit of JSON Schema's `maxLength`.
pub fn char_len(s: &str) -> usize {
    // Bytes bound chars from above: a cheap early answer for short strings.
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// Cuts `s` to at most `max_chars` code points including a visible marker, on a grapheme
/// boundary. Returns `None` when `s` already fits.
pub fn truncate(s: &str, max_chars: usize) -> Option<(String, usize)> {
    let total = char_len(s);
    if total <= max_chars {
        return None;
    }
    let marker_for = |removed: usize| format!("… [truncated {removed} characters]");
    // The marker's length depends on the count it names; reserve for the widest count.
    let reserve = char_len(&marker_for(total));
    let (budget, with_marker) = if max_chars > reserve {
        (max_chars - reserve, true)
    } else {
        (max_chars, false)
    };
    let mut kept_chars = 0;
    let mut cut = 0;
    let mut clusters = super::graphemes::clusters(s).peekable();
    while let Some((_, n)) = clusters.next() {
        if kept_chars + n > budget {
            break;
        }
        kept_chars += n;
        cut = clusters.peek().map_or(s.len(), |&(next, _)| next);
    }
    let removed = total - kept_chars;
    let mut out = String::with_capacity(cut + reserve * 4);
    out.push_str(s.get(..cut).unwrap_or_default());
    if with_marker {
        out.push_str(&marker_for(removed));
    }
    Some((out, removed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_text_is_borrowed() {
        let (out, fixes) = clean("plain text\nwith\ttabs and ünïcode 👨‍👩‍👧");
        assert!(matches!(out, Cow::Borrowed(_)));
        assert_eq!(fixes, TextFixes::default());
    }

    #[test]
    fn strips_ansi_controls_bidi_and_invisibles() {
        let s = "\u{1b}[31mred\u{1b}[0m a\u{0}b \u{202E}evil\u{202C} zero\u{200B}width \u{1b}]0;title\u{7}x";
        let (out, fixes) = clean(s);
        assert_eq!(out, "red ab evil zerowidth x");
        assert_eq!(fixes.ansi, 3);
        assert_eq!(fixes.control, 1);
        assert_eq!(fixes.bidi, 2);
        assert_eq!(fixes.invisible, 1);
        assert!(fixes.strip_reason().contains("3 ANSI escape sequences"));
    }

    #[test]
    fn fast_scan_finds_work_at_any_offset() {
        for at in 0..20 {
            let mut s = "a".repeat(20);
            s.insert(at, '\u{7}');
            assert_eq!(first_needing_work(&s), Some(at), "{at}");
            let mut u = "é".repeat(10);
            u.push('\u{202E}');
            assert_eq!(first_needing_work(&u), Some(20));
        }
        assert_eq!(first_needing_work("plain\ttext\nwith ünïcode"), None);
    }

    #[test]
    fn normalizes_newlines_and_surrogates() {
        let (out, fixes) = clean("a\r\nb\rc\u{FDD0}");
        assert_eq!(out, "a\nb\nc\u{FFFD}");
        assert_eq!(fixes.crlf, 2);
        assert_eq!(fixes.surrogates, 1);
    }

    #[test]
    fn truncation_keeps_graphemes_whole_and_fits() {
        let family = "👨‍👩‍👧"; // 5 code points, one grapheme
        let s = family.repeat(20);
        let (out, removed) = truncate(&s, 40).unwrap();
        assert!(char_len(&out) <= 40, "{out}");
        assert!(out.contains("[truncated"));
        let kept = out.split('…').next().unwrap();
        assert_eq!(kept.chars().count() % 5, 0, "a grapheme was split");
        assert_eq!(removed + kept.chars().count(), 100);
        assert!(truncate("short", 10).is_none());
    }

    #[test]
    fn tiny_caps_cut_without_marker() {
        let (out, removed) = truncate("abcdefghij", 3).unwrap();
        assert_eq!(out, "abc");
        assert_eq!(removed, 7);
    }
}
