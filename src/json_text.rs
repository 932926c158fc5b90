//! JSON text crossing the boundary. JS hands us `JSON.stringify` output: lone UTF-16
//! surrogates arrive as `\udXXX` escapes that serde_json rejects, so they are swapped for a
//! noncharacter sentinel that the sanitizer later replaces (and reports) at the exact path.

use crate::error::{ErrorCode, GuardError, Result};
use crate::swar;
use serde_json::Value;

/// Stands in for a lone surrogate between parsing and sanitizing. U+FDD0 is a Unicode
/// noncharacter, reserved for exactly this kind of internal use.
pub const LONE_SURROGATE_SENTINEL: char = '\u{FDD0}';
const SENTINEL_ESCAPE: &[u8] = b"\\ufdd0";

/// Where JSON text is written: `to_js` in the binding (a capped buffer, a count, a sized buffer)
/// and [`to_string`]. One writer type, so that each value type's serialization is compiled once,
/// not once per writer (`serde_json::to_string` writes to a `Vec`: 5 KB raw of the module were
/// serializers compiled for both).
pub(crate) struct Sink {
    pub(crate) buf: Vec<u8>,
    /// Past the buffer's capacity a write fails instead of growing it.
    pub(crate) capped: bool,
    /// Bytes are counted, not kept.
    pub(crate) count_only: bool,
    pub(crate) counted: usize,
}

impl Sink {
    pub(crate) fn keeping(capacity: usize, capped: bool) -> Sink {
        Sink {
            buf: Vec::with_capacity(capacity),
            capped,
            count_only: false,
            counted: 0,
        }
    }
}

impl std::io::Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        if self.count_only {
            self.counted += b.len();
        } else if self.capped && self.buf.len() + b.len() > self.buf.capacity() {
            return Err(std::io::ErrorKind::WriteZero.into());
        } else {
            self.buf.extend_from_slice(b);
        }
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `serde_json::to_string` through [`Sink`]: the same text.
pub(crate) fn to_string<T: serde::Serialize + ?Sized>(v: &T) -> serde_json::Result<String> {
    // serde_json's own first capacity.
    let mut sink = Sink::keeping(128, false);
    serde_json::to_writer(&mut sink, v)?;
    String::from_utf8(sink.buf).map_err(serde::ser::Error::custom)
}

/// `serde_json::to_value` for a type written through [`Sink`]: its text read back, the same
/// value (a serializer into `Value` per type was 4 KB raw of the module).
pub(crate) fn to_value<T: serde::Serialize + ?Sized>(v: &T) -> serde_json::Result<Value> {
    serde_json::from_str(&to_string(v)?)
}

/// `serde_json::to_string_pretty` through [`Sink`]: the same text, the compact text indented
/// (a pretty serializer per value type and writer was 6 KB raw of the module).
pub(crate) fn to_string_pretty<T: serde::Serialize + ?Sized>(v: &T) -> serde_json::Result<String> {
    to_string(v).map(|t| indent(&t))
}

/// Compact JSON text as serde_json's `PrettyFormatter` writes it: two spaces a level, `": "`
/// after a key, an empty array or object kept as `[]`/`{}`.
fn indent(compact: &str) -> String {
    let mut out = Vec::with_capacity(compact.len() * 2);
    let mut depth = 0;
    let (mut in_string, mut escaped) = (false, false);
    let mut bytes = compact.bytes().peekable();
    let line = |out: &mut Vec<u8>, depth: usize| {
        out.push(b'\n');
        out.resize(out.len() + 2 * depth, b' ');
    };
    while let Some(b) = bytes.next() {
        out.push(b);
        if in_string {
            (in_string, escaped) = (escaped || b != b'"', !escaped && b == b'\\');
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                // (`]` is `[` + 2, `}` is `{` + 2.)
                if let Some(close) = bytes.next_if_eq(&(b + 2)) {
                    out.push(close);
                } else {
                    depth += 1;
                    line(&mut out, depth);
                }
            }
            b']' | b'}' => {
                out.pop();
                depth -= 1;
                line(&mut out, depth);
                out.push(b);
            }
            b',' => line(&mut out, depth),
            b':' => out.push(b' '),
            _ => {}
        }
    }
    // Only ASCII was added to valid UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

/// Appends `/segment` to a JSON pointer, escaping `~` and `/` (RFC 6901).
pub fn push_pointer_segment(path: &mut String, segment: &str) {
    path.push('/');
    if memchr::memchr2(b'~', b'/', segment.as_bytes()).is_none() {
        path.push_str(segment);
        return;
    }
    for c in segment.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// Parses JSON text with a byte cap. Depth is capped by serde_json's recursion limit (128),
/// which turns 10,000-deep nesting into a typed error instead of a stack overflow.
pub fn parse(text: &str, max_bytes: usize) -> Result<Value> {
    if text.len() > max_bytes {
        return Err(too_large(text.len(), max_bytes));
    }
    let repaired = repair_lone_surrogates(text);
    let source = repaired.as_deref().unwrap_or(text);
    serde_json::from_str(source).map_err(|e| {
        let msg = e.to_string();
        if msg.contains("recursion limit") {
            GuardError::new(
                ErrorCode::TooDeep,
                "",
                "input is nested more than 128 levels deep".to_string(),
            )
        } else {
            GuardError::new(ErrorCode::InvalidJson, "", format!("invalid JSON: {msg}"))
        }
    })
}

/// The error for JSON text of `bytes` bytes, over `max_bytes`.
pub fn too_large(bytes: usize, max_bytes: usize) -> GuardError {
    GuardError::new(
        ErrorCode::TooLarge,
        "",
        format!("input is {bytes} bytes of JSON, over limits.maxBytes ({max_bytes})"),
    )
}

/// The length in bytes of `s` as a JSON string without its quotes: `"` and `\\` escaped with
/// a backslash, control characters as `\n`-style or `\u00XX` escapes (as `JSON.stringify`
/// and serde_json write them).
pub fn escaped_len(s: &str) -> usize {
    let bytes = s.as_bytes();
    let chunks = bytes.chunks_exact(8);
    let tail = chunks.remainder();
    // Eight bytes at a time: a word without a quote, a backslash or a control character (the
    // usual case) adds nothing, and only the others are looked at byte by byte.
    let extra: usize = chunks
        .filter(|c| <[u8; 8]>::try_from(*c).map_or(true, |w| needs_escape(u64::from_le_bytes(w))))
        .chain(std::iter::once(tail))
        .flat_map(|c| c.iter())
        .map(|&b| escape_extra(b))
        .sum();
    bytes.len() + extra
}

/// Whether any byte of `w` is a quote, a backslash or below 0x20 (never false when one is).
fn needs_escape(w: u64) -> bool {
    swar::any_below(w, 0x20) | swar::any_equal(w, b'"') | swar::any_equal(w, b'\\')
}

/// The bytes an escape adds to `b`.
fn escape_extra(b: u8) -> usize {
    match b {
        b'"' | b'\\' | 0x08 | 0x09 | 0x0a | 0x0c | 0x0d => 1,
        0..=0x1f => 5,
        _ => 0,
    }
}

/// Returns a copy of `text` with each lone-surrogate escape replaced by the sentinel's escape,
/// or `None` when there is none (the common case, no allocation).
pub fn repair_lone_surrogates(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let has_escape = memchr::memchr_iter(b'\\', text.as_bytes())
        .any(|i| text.as_bytes().get(i + 1) == Some(&b'u'));
    if !has_escape {
        return None;
    }
    let mut out: Option<Vec<u8>> = None;
    let mut i = 0;
    let mut copied_to = 0;
    while i < bytes.len() {
        if bytes.get(i) != Some(&b'\\') {
            i += 1;
            continue;
        }
        if bytes.get(i + 1) != Some(&b'u') {
            i += 2; // any other escape, including "\\\\"
            continue;
        }
        let Some(unit) = hex4(bytes, i + 2) else {
            i += 2;
            continue;
        };
        let is_high = (0xD800..0xDC00).contains(&unit);
        let is_low = (0xDC00..0xE000).contains(&unit);
        if is_high {
            let paired = bytes.get(i + 6) == Some(&b'\\')
                && bytes.get(i + 7) == Some(&b'u')
                && hex4(bytes, i + 8).is_some_and(|u| (0xDC00..0xE000).contains(&u));
            if paired {
                i += 12;
                continue;
            }
        }
        if is_high || is_low {
            let buf = out.get_or_insert_with(|| Vec::with_capacity(bytes.len()));
            buf.extend_from_slice(bytes.get(copied_to..i).unwrap_or_default());
            buf.extend_from_slice(SENTINEL_ESCAPE);
            copied_to = i + 6;
        }
        i += 6;
    }
    let mut buf = out?;
    buf.extend_from_slice(bytes.get(copied_to..).unwrap_or_default());
    String::from_utf8(buf).ok()
}

fn hex4(bytes: &[u8], at: usize) -> Option<u32> {
    let digits = bytes.get(at..at + 4)?;
    let s = std::str::from_utf8(digits).ok()?;
    u32::from_str_radix(s, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_string_pretty_is_serde_jsons_text() {
        let v = serde_json::json!({
            "a": [], "b": {}, "c": [1, -2.5, true, null, [[]], {"d": {}}],
            "e \"q\" \\": "x:y,z [1] {2} \\\" é \u{1}",
            "f": {"g": [{"h": "]"}, "}"], "i": 1e300},
        });
        for v in [
            v.clone(),
            serde_json::json!([]),
            serde_json::json!("s"),
            serde_json::json!([v]),
        ] {
            assert_eq!(
                to_string_pretty(&v).unwrap(),
                serde_json::to_string_pretty(&v).unwrap()
            );
            assert_eq!(to_value(&v).unwrap(), serde_json::to_value(&v).unwrap());
        }
    }

    #[test]
    fn escaped_len_is_the_length_serde_json_writes() {
        // Every ASCII byte at every place of a word, and in the tail after the last whole word.
        for b in 0u8..128 {
            for at in 0..19 {
                let mut s = "abcdefghijklmnopqrsé".to_string().into_bytes();
                s.insert(at, b);
                let s = String::from_utf8(s).unwrap();
                let written = serde_json::to_string(&s).unwrap().len() - 2;
                assert_eq!(escaped_len(&s), written, "{b:#x} at {at}");
            }
        }
        assert_eq!(escaped_len(""), 0);
    }

    #[test]
    fn well_formed_text_is_not_copied() {
        assert!(repair_lone_surrogates(r#"{"a":"\ud83d\ude00 ok \\u1234"}"#).is_none());
    }

    #[test]
    fn lone_high_and_low_surrogates_become_sentinels() {
        let fixed = repair_lone_surrogates(r#"["\ud800x","\udc00","\\ud800"]"#).unwrap();
        assert_eq!(fixed, r#"["\ufdd0x","\ufdd0","\\ud800"]"#);
        let v = parse(r#"["\ud800x"]"#, 100).unwrap();
        assert_eq!(v[0].as_str().unwrap(), "\u{FDD0}x");
    }

    #[test]
    fn high_surrogate_followed_by_high_is_lone() {
        let fixed = repair_lone_surrogates(r#""\ud800\ud800\udc00""#).unwrap();
        assert_eq!(fixed, r#""\ufdd0\ud800\udc00""#);
    }

    #[test]
    fn size_and_depth_limits_are_typed_errors() {
        assert_eq!(parse("[1,2,3]", 3).unwrap_err().code, ErrorCode::TooLarge);
        let deep = "[".repeat(10_000) + &"]".repeat(10_000);
        assert_eq!(
            parse(&deep, usize::MAX).unwrap_err().code,
            ErrorCode::TooDeep
        );
        assert_eq!(
            parse("{nope", 100).unwrap_err().code,
            ErrorCode::InvalidJson
        );
    }
}
