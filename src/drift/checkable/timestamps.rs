//! The form a message asks of every timestamp: "all timestamps in ISO 8601 UTC with a `Z`
//! suffix", "ISO 8601 with an explicit UTC offset (e.g. 2025-03-04T09:00:00-05:00)". A
//! timestamp here is a date followed by a time of day ("2024-05-15 16:20 CEST",
//! "05/02/2024 03:31 UTC", "2025-03-04T07:55:00"); a date or a time alone is none, and fenced
//! blocks (quoted logs) keep their own form.

use crate::gather::Keep;

#[derive(Debug, Clone, PartialEq)]
pub struct TimeForm {
    /// ISO 8601: `YYYY-MM-DD` and `T` between date and time.
    pub iso: bool,
    /// Ends in `Z`.
    pub zulu: bool,
    /// Ends in `Z` or a numeric offset (`+02:00`).
    pub offset: bool,
    /// The one key whose values the form is of ("`checked_at` (an ISO 8601 timestamp)").
    pub key: Option<String>,
}

/// A date and time at `at` in `text`: its length and how it ends.
struct Stamp<'t> {
    text: &'t str,
    iso_date: bool,
    t_sep: bool,
    /// What follows the time: "Z", "+01:00", " UTC", " CET", "".
    zone: &'t str,
}

fn digits(b: &[u8], at: usize, n: usize) -> bool {
    (at..at + n).all(|i| b.get(i).is_some_and(u8::is_ascii_digit))
}

/// The length of a date at `at`: `YYYY-MM-DD` (true) or `D/M/YYYY`-like (false).
fn date_at(b: &[u8], at: usize) -> Option<(usize, bool)> {
    if digits(b, at, 4)
        && b.get(at + 4) == Some(&b'-')
        && digits(b, at + 5, 2)
        && b.get(at + 7) == Some(&b'-')
        && digits(b, at + 8, 2)
    {
        return Some((10, true));
    }
    // 1-2 digits, '/' or '.', 1-2 digits, same mark, 4 digits.
    let one = |i: usize| {
        if digits(b, i, 2) {
            Some(2)
        } else if digits(b, i, 1) {
            Some(1)
        } else {
            None
        }
    };
    let a = one(at)?;
    let mark = *b.get(at + a)?;
    if mark != b'/' && mark != b'.' {
        return None;
    }
    let m = one(at + a + 1)?;
    if b.get(at + a + 1 + m) != Some(&mark) || !digits(b, at + a + 2 + m, 4) {
        return None;
    }
    Some((a + m + 6, false))
}

/// A time of day at `at` (`HH:MM`, `:SS`, fraction): its length.
fn time_at(b: &[u8], at: usize) -> Option<usize> {
    let h = if digits(b, at, 2) {
        2
    } else if digits(b, at, 1) {
        1
    } else {
        return None;
    };
    if b.get(at + h) != Some(&b':') || !digits(b, at + h + 1, 2) {
        return None;
    }
    let mut n = h + 3;
    if b.get(at + n) == Some(&b':') && digits(b, at + n + 1, 2) {
        n += 3;
        if b.get(at + n) == Some(&b'.') {
            n += 1;
            while b.get(at + n).is_some_and(u8::is_ascii_digit) {
                n += 1;
            }
        }
    }
    Some(n)
}

fn stamps(text: &str) -> Vec<Stamp<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b.get(i).is_some_and(u8::is_ascii_digit)
            && i.checked_sub(1)
                .and_then(|j| b.get(j))
                .is_none_or(|c| !c.is_ascii_alphanumeric());
        let Some((dl, iso_date)) = starts.then(|| date_at(b, i)).flatten() else {
            i += 1;
            continue;
        };
        let sep = b.get(i + dl).copied();
        let t_sep = matches!(sep, Some(b'T' | b't'));
        let Some(tl) = matches!(sep, Some(b'T' | b't' | b' '))
            .then(|| time_at(b, i + dl + 1))
            .flatten()
        else {
            i += dl;
            continue;
        };
        let end = i + dl + 1 + tl;
        let rest = text.get(end..).unwrap_or_default();
        let zone_len = if rest.starts_with(&['Z', 'z'][..]) {
            1
        } else if rest.starts_with(&['+', '-'][..]) && digits(rest.as_bytes(), 1, 2) {
            let r = rest.as_bytes();
            if r.get(3) == Some(&b':') && digits(r, 4, 2) {
                6
            } else if digits(r, 3, 2) {
                5
            } else {
                3
            }
        } else if let Some(word) = rest.strip_prefix(' ') {
            // " UTC", " CEST", " PM": a zone or 12-hour mark of capitals.
            let n = word.bytes().take_while(u8::is_ascii_uppercase).count();
            if (2..=5).contains(&n) {
                n + 1
            } else {
                0
            }
        } else {
            0
        };
        out.push(Stamp {
            text: text.get(i..end + zone_len).unwrap_or_default(),
            iso_date,
            t_sep,
            zone: rest.get(..zone_len).unwrap_or_default(),
        });
        i = end + zone_len;
    }
    out
}

/// The form a sentence asks of timestamps, if it names one.
pub fn asked(lower: &str) -> Option<TimeForm> {
    if !super::has_any_in(
        lower,
        "timestamp|date-time|datetime|date and time|dates and times",
    ) {
        return None;
    }
    // Said of what the task builds or stores ("the generated resources must use ISO 8601
    // timestamps"), not of the answer's own text.
    if super::has_any_in(lower, "generated|emitted|emits|returned|returns|the api|the endpoint|the service|the function|the converter|the parser|the field|the column|the database|in the log|serializ|stored|written to|resources") {
        return None;
    }
    // "`checked_at` (an ISO 8601 timestamp)": the form of one key's value.
    let named = crate::drift::text::first_of(lower, "timestamp|date-time|datetime|iso 8601");
    let key = named.and_then(|i| {
        let o = lower.get(..i)?.rfind('(')?;
        let head = lower.get(..o)?.trim_end().strip_suffix('`')?;
        let name = head.rsplit('`').next()?;
        (!lower.get(o..i)?.contains(')') && !name.is_empty() && !name.contains(' '))
            .then(|| name.to_string())
    });
    // An example in the sentence shows the form ("e.g. 2025-03-04T09:00:00-05:00").
    let example = stamps(lower).found(|s| s.iso_date && s.t_sep);
    let zulu = super::has_any_in(lower, "z suffix|trailing z|with a z|`z`|'z'|\"z\"|zulu")
        || example
            .as_ref()
            .is_some_and(|s| s.zone.eq_ignore_ascii_case("z"));
    let offset = super::has_any_in(lower, "utc offset|explicit offset|with an offset|with offset|timezone offset|time zone offset|with their offset")
        || example.as_ref().is_some_and(|s| s.zone.starts_with(&['+', '-'][..]));
    let iso =
        super::has_any_in(lower, "iso 8601|iso-8601|iso8601|rfc 3339|rfc3339") || example.is_some();
    if zulu && offset {
        return None;
    }
    (zulu || offset || iso).then_some(TimeForm {
        iso,
        zulu,
        offset,
        key,
    })
}

/// The first timestamp of the reply, outside fenced blocks, in another form.
pub fn first_break<'t>(form: &TimeForm, text: &'t str) -> Option<&'t str> {
    let fences = crate::drift::modality::fenced_blocks(text);
    let fenced = |s: &str| {
        crate::drift::text::offset_in(text, s)
            .is_some_and(|at| fences.iter().any(|f| (f.outer.0..f.outer.1).contains(&at)))
    };
    // (Of one key: the stamps on its lines, `"checked_at": "…"`, fenced or not.)
    let of_key = |s: &str| {
        form.key.as_deref().is_none_or(|k| {
            crate::drift::text::offset_in(text, s).is_some_and(|at| {
                let line = text
                    .get(..at)
                    .unwrap_or_default()
                    .rsplit('\n')
                    .next()
                    .unwrap_or_default();
                line.contains(&["\"", k, "\""].concat())
                    || line
                        .trim_start()
                        .strip_prefix(k)
                        .is_some_and(|r| r.starts_with(':'))
            })
        })
    };
    stamps(text)
        .into_iter()
        .filter(|s| (form.key.is_some() || !fenced(s.text)) && of_key(s.text))
        .find(|s| {
            (form.iso && !(s.iso_date && s.t_sep))
                || (form.zulu && !s.zone.eq_ignore_ascii_case("z"))
                || (form.offset
                    && !(s.zone.eq_ignore_ascii_case("z") || s.zone.starts_with(&['+', '-'][..])))
        })
        .map(|s| s.text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_form_asked() {
        let z = asked("give all timestamps in iso 8601 utc (e.g. 2024-05-02t14:00:00z).");
        assert!(z.is_some_and(|f| f.iso));
        let z = asked("all timestamps in utc with a `z` suffix.").unwrap();
        assert!(z.zulu && !z.offset);
        let o = asked("use iso 8601 timestamps with a utc offset for every entry.").unwrap();
        assert!(o.offset && o.iso && !o.zulu);
        assert_eq!(asked("write every date as yyyy-mm-dd."), None);
        assert_eq!(
            asked("the generated records must use iso 8601 timestamps with an offset."),
            None
        );
    }

    #[test]
    fn a_timestamp_in_another_form_breaks() {
        let z = TimeForm {
            iso: true,
            zulu: true,
            offset: false,
            key: None,
        };
        assert_eq!(
            first_break(
                &z,
                "- 2024-05-09T04:10:00Z discharged\n- 2024-05-10T13:45Z released"
            ),
            None
        );
        assert_eq!(
            first_break(&z, "- 2024-05-09T04:10:00Z a\n- 2024-05-15 16:20 CEST b"),
            Some("2024-05-15 16:20 CEST")
        );
        assert_eq!(
            first_break(&z, "seen on 05/02/2024 03:31 UTC"),
            Some("05/02/2024 03:31 UTC")
        );
        assert_eq!(
            first_break(&z, "`2024-11-04T02:30:00-06:00` run"),
            Some("2024-11-04T02:30:00-06:00")
        );
        // A date or a time alone, and quoted logs, are not read.
        assert_eq!(
            first_break(
                &z,
                "On 2024-05-02 the 01:00 hour repeated.\n```\n2024-05-02 01:00:03 INFO x\n```"
            ),
            None
        );
        let o = TimeForm {
            iso: true,
            zulu: false,
            offset: true,
            key: None,
        };
        assert_eq!(
            first_break(&o, "2025-03-04T01:00:00-05:00 a\n2025-03-04T07:55:00 b"),
            Some("2025-03-04T07:55:00")
        );
        assert_eq!(
            first_break(&o, "2025-03-04T01:00:00-05:00 a\n2025-03-04T07:55:00Z b"),
            None
        );
    }
}
