//! The order a message asks of a list or table: "sorted by due date, earliest first", "in
//! alphabetical order by path", "rank them by missed visits, highest first". Checked on the
//! reply's lists (bullets, numbered items, one entry per line) and Markdown tables: broken only
//! when every one of them that can be read by that key is out of order, so a second list beside
//! the one asked (next steps, notes) never breaks it.

use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::drift::text::Lower;
use crate::gather::Gather;
use crate::gather::GatherText;

#[derive(Debug, Clone, PartialEq)]
pub struct SortOrder {
    /// The words after "by" ("due date", "surname"); empty for "in alphabetical order".
    pub key: Vec<String>,
    pub descending: bool,
    /// Compared as text ("alphabetically", "by name", "by path"), not as numbers or dates.
    pub text: bool,
}

const ASCENDING: &str = "ascending|earliest first|oldest first|lowest first|smallest first|shortest first|fewest first|least first|from lowest to highest|from smallest to largest|from oldest to newest|from earliest to latest|chronological|alphabetical|alphabetically|a to z|a-z";
const DESCENDING: &str = "descending|highest first|largest first|longest first|newest first|latest first|most recent first|biggest first|from highest to lowest|from largest to smallest|from newest to oldest|from most to least|reverse chronological|z to a|z-a";

/// The order a sentence asks, if it asks one plainly, of the answer's own list (`message_lower`:
/// the whole message, for a permission to order freely).
pub fn asked(lower: &str, message_lower: &str) -> Option<SortOrder> {
    let sorts = super::has_any_in(
        lower,
        "sorted by|sort by|sort the|sort them|sort it|ordered by|order by|ranked by|rank the|rank them|in ascending|in descending|alphabetical order|alphabetically|chronological order|in order of|list them by|listed by|ascending order of|descending order of",
    );
    // Not asked: waived ("no need to sort them") or said of the input ("the log is already
    // sorted by date").
    if !sorts
        || super::has_any_in(lower, "no need to sort|no need to order|no need to put|no need to rank|needn't be|need not be|need to be sorted|need to sort|need to be in|don't bother|do not bother|don't sort|do not sort|not be sorted|not necessary to sort|already sorted|already ordered|already in order|already in alpha|already in chrono|comes sorted|come sorted|arrives sorted|arrive sorted|was sorted|were sorted")
    {
        return None;
    }
    // "then by …", "grouped by …": a second key or groups the check would not follow. Not an
    // order replaced ("instead of alphabetically"), a file's own order ("entries in that file
    // must stay in alphabetical order"), one part's ("in the summary line, list them
    // alphabetically"), or where another list may be in any order.
    if super::has_any_in(lower, "then by|and then|grouped by|group by|within each|per group| ties|instead of|rather than|no longer|not alphabetical|not sorted|that file|the file |the file.|the file,|this file|in a file|into the|stay in|stays in|remain in|remains in|kept in|keep the|in the summary|in the intro|in the first|in the last|in the heading|in the title")
        || !crate::drift::file_scope::paths(lower).is_empty()
        || super::has_any_in(message_lower, "sorted however|ordered however|in any order|order doesn't matter|order does not matter|order is up to you|any order you")
    {
        return None;
    }
    // ", then due date": a second key, unless the order is already given ("…, earliest
    // first, then give the total").
    let head = lower.split(", then ").next().unwrap_or_default();
    if head.len() < lower.len()
        && !super::has_any_in(head, ASCENDING)
        && !super::has_any_in(head, DESCENDING)
    {
        return None;
    }
    let asc = super::has_any_in(lower, ASCENDING);
    let desc = super::has_any_in(lower, DESCENDING);
    let descending = match (asc, desc) {
        (true, false) => false,
        (false, true) => true,
        _ => return None,
    };
    // The key: the words after "by" / "of" up to a comma, a direction or the sentence's end.
    let after = crate::drift::text::end_of_first(
        lower,
        "sorted by |sort by |ordered by |ranked by |order of | by ",
    );
    let stop = "|ascending|descending|highest|lowest|largest|smallest|longest|shortest|earliest|latest|oldest|newest|most|fewest|least|from|in|with|and|then|one|as|so|for|first|a|the|each|per|to|alphabetically|numerically|chronologically|order|on|at";
    let mut key: Vec<String> = Vec::new();
    if let Some(at) = after {
        for w in lower.get(at..).unwrap_or_default().split_whitespace() {
            let clean = w.trim_matches(crate::drift::text::char_test(|c: char| {
                !c.is_alphanumeric() && c != '_'
            }));
            if clean.is_empty() || crate::drift::text::in_list(stop, clean) {
                break;
            }
            key.push(clean.to_string());
            if key.len() == 3 || w.ends_with(&[',', '.', ';', ':', ')'][..]) {
                break;
            }
        }
    }
    let alphabetical =
        super::has_any_in(lower, "alphabetical|alphabetically|a to z|a-z|z to a|z-a");
    let naming = key.last().is_some_and(|k| {
        crate::drift::text::in_list("name|names|surname|surnames|path|paths|title|titles|code|codes|id|ids|sku|city|cities|venue|product|products", k)
    });
    if key.is_empty() && !alphabetical && !super::has_any_in(lower, "chronological") {
        return None;
    }
    // A rank's number runs against its order (P0 before P1, "sev 1" the worst).
    if key.iter().any(|k| {
        crate::drift::text::in_list(
            "priority|priorities|severity|rank|ranking|tier|urgency|importance|sev|version|versions",
            k,
        )
    }) {
        return None;
    }
    Some(SortOrder {
        key,
        descending,
        text: alphabetical || (naming && !super::has_any_in(lower, "numeric")),
    })
}

/// A value an item is sorted by.
#[derive(Debug, Clone, PartialEq, PartialOrd)]
enum Value {
    /// Numbers, dates (`2025-03-13` → 2025, 3, 13), times and dotted ids, part by part.
    Parts(Vec<f64>),
    Text(String),
}

/// How an item is read. A writer may mean either; a run breaks only when it is out of order
/// both ways, so a list in order by a reading the check did not take is never flagged.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Reading {
    /// Units converted ("1.2 GB" above "850 MB", "$1.2M" above "$850K"), month first in slash
    /// dates.
    Plain,
    /// Numbers as written; text with accents folded and underscores kept (`__init__.py`); day
    /// first in slash dates; January to March after December in dates without a year.
    Other,
}

/// The numbers of a token: "4,301" → 4301; "2025-03-13" → 2025, 3, 13; "04:45" → 4, 45;
/// "2020.1.12" → 2020, 1, 12; "11.2%" → 11.2; "12/28/2024" → 2024, 12, 28.
fn parts(token: &str, reading: Reading, version: bool) -> Option<Vec<f64>> {
    let t = token.trim_matches(crate::drift::text::char_test(|c: char| !c.is_ascii_digit()));
    let dots = t.matches('.').count();
    // One dot is a version's only where asked ("3.10" after "3.9").
    let dotted = dots > 1 || (dots == 1 && version);
    let mut out = Vec::new();
    let mut piece = String::new();
    // Digits since a thousands comma ("4,301"; "1,2" is no number).
    let (mut comma, mut group) = (false, 0usize);
    for c in t.chars() {
        match c {
            '0'..='9' => {
                piece.push(c);
                group += 1;
            }
            ',' if !comma || group == 3 => {
                comma = true;
                group = 0;
            }
            '.' if !dotted => piece.push('.'),
            '.' | '-' | ':' | '/' if !comma => {
                out.push(crate::drift::text::decimal(&piece)?);
                piece.clear();
            }
            _ => return None,
        }
    }
    if comma && group != 3 {
        return None;
    }
    out.push(crate::drift::text::decimal(&piece)?);
    // A date with its year last ("12/28/2024", "05.03.2025"): the year first, then month and
    // day (day and month under the other reading, which also reads "05/03" day first). No
    // month past 12.
    let short_first = t
        .split(&['/', '.'][..])
        .next()
        .is_some_and(|f| f.len() <= 2);
    let slash = t.contains('/');
    let year_last = t
        .rsplit(&['/', '.'][..])
        .next()
        .is_some_and(|y| y.len() == 4);
    let other = reading == Reading::Other;
    match out.as_mut_slice() {
        [a, b, y] if short_first && (slash || (dotted && year_last)) => {
            (*a, *b, *y) = if other { (*y, *b, *a) } else { (*y, *a, *b) };
            if *b > 12.0 {
                return None;
            }
        }
        [a, b] if short_first && slash && other => {
            std::mem::swap(a, b);
            if *a > 12.0 {
                return None;
            }
        }
        _ => {}
    }
    Some(out)
}

/// Units (also read with a plural's `s`), and what each is worth in the smallest of its kind
/// (by place).
const UNITS: &str = "kb|mb|gb|tb|kib|mib|gib|ms|sec|second|min|minute|hr|hour|day|week|h|s|k|thousand|million|bn|billion";
const UNIT_SCALES: [f64; 23] = [
    1e3,
    1e6,
    1e9,
    1e12,
    1024.0,
    1_048_576.0,
    1_073_741_824.0,
    1e-3,
    1.0,
    1.0,
    60.0,
    60.0,
    3600.0,
    3600.0,
    86_400.0,
    604_800.0,
    3600.0,
    1.0,
    1e3,
    1e3,
    1e6,
    1e9,
    1e9,
];

/// The numeric tokens of an item's text (words holding a digit), signed; twelve-hour times on
/// the 24-hour clock; under the plain reading in one unit per kind. With `versions`, a bare
/// number with one dot is a version ("3.10").
fn numbers(text: &str, reading: Reading, versions: bool) -> Vec<Vec<f64>> {
    let words: Vec<&str> = text
        .split(crate::drift::text::char_test(|c: char| {
            c.is_whitespace() || matches!(c, '|' | '(' | ')')
        }))
        .gather();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        // "MAT-10021", "Store 88" keep their number; "B7" its digits.
        let Some(start) = w.find(crate::drift::text::digit_char) else {
            // "Noon", "midnight": times without a digit (midnight ends the day under `Other`).
            let t = w.trim_matches(crate::drift::text::char_test(|c: char| {
                !c.is_ascii_alphabetic()
            }));
            if t.eq_ignore_ascii_case("noon") || t.eq_ignore_ascii_case("midday") {
                out.push(vec![12.0, 0.0]);
            } else if t.eq_ignore_ascii_case("midnight") {
                let h = if reading == Reading::Other { 24.0 } else { 0.0 };
                out.push(vec![h, 0.0]);
            }
            continue;
        };
        let (lead, rest) = w.split_at(start);
        let bare = lead.is_empty()
            && rest
                .trim_end_matches(&[',', ':', ';'][..])
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'.');
        let Some(mut p) = parts(rest, reading, versions && bare) else {
            continue;
        };
        // A unit: the token's own tail ("850MB") or the next word ("850 MB", "2:15 PM").
        // A `fn`, not a closure: the pattern built on it captures nothing (`char_test`).
        fn punct(c: char) -> bool {
            c.is_ascii_punctuation()
        }
        let tail = rest.trim_start_matches(crate::drift::text::char_test(|c: char| {
            c.is_ascii_digit() || punct(c)
        }));
        let next = words.get(i + 1).copied().unwrap_or_default();
        let unit = if tail.is_empty() { next } else { tail }
            .trim_matches(crate::drift::text::char_test(punct))
            .lower();
        // A rate's unit is its amount's ("1.2 GB/s", "850 Mbps").
        let unit = unit
            .strip_suffix("/s")
            .or_else(|| unit.strip_suffix("ps"))
            .unwrap_or(&unit);
        let single = p.len() == 1;
        let clock = p.len() == 2 && rest.contains(':');
        let ampm = crate::drift::text::in_list("am|a.m|pm|p.m", unit);
        let money = lead.contains(&['$', '£', '€'][..]);
        if let Some(first) = p.first_mut() {
            // A sign of its own ("-300", "-$1,200", "£-40"), not a code's dash ("MAT-10021").
            if crate::drift::text::in_list("-|−", lead.trim_matches(&['$', '£', '€'][..])) {
                *first = -*first;
            }
            if ampm && *first <= 12.0 {
                // 12 AM is 0:00, 12 PM 12:00 (no `%`: it pulls in `fmod`).
                let h = if *first == 12.0 { 0.0 } else { *first };
                *first = h + if unit.starts_with('p') { 12.0 } else { 0.0 };
                // "10 PM, 11:30 PM, 1 AM": the small hours end the night before them.
                if reading == Reading::Other && *first < 5.0 {
                    *first += 24.0;
                }
            } else if clock && reading == Reading::Other && (1.0..8.0).contains(first) {
                // "2:00" after "11:00": an afternoon written without AM or PM.
                *first += 12.0;
            } else if single && reading == Reading::Plain {
                // "m" is a million after a currency mark ("$1.2M"), else minutes ("45m").
                *first *= match unit {
                    "m" if money => 1e6,
                    "m" => 60.0,
                    _ => UNITS
                        .split('|')
                        .position(|u| u == unit || unit.strip_suffix('s') == Some(u))
                        .and_then(|k| UNIT_SCALES.get(k))
                        .map_or(1.0, |s| *s),
                };
            }
        }
        // "2 PM" is a time: hours and minutes.
        if ampm && single {
            p.push(0.0);
        }
        out.push(p);
    }
    out
}

/// A date written with a month's name ("29 July", "Wed 31 July", "Nov 28", "3 Dec 2024"):
/// year (when given), month, day.
fn named_date(text: &str, reading: Reading) -> Option<Vec<f64>> {
    const MONTHS: &str = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec";
    let words: Vec<&str> = crate::drift::text::alnum_words(text);
    let day = |w: &str| {
        (w.len() <= 2 && w.bytes().all(|b| b.is_ascii_digit()))
            .then(|| crate::drift::text::decimal(w))
            .flatten()
            .filter(|d| (1.0..=31.0).contains(d))
    };
    let year = |w: Option<&&str>| {
        w.filter(|w| w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|w| crate::drift::text::decimal(w))
    };
    for (i, w) in words.iter().enumerate() {
        let lw = w.lower();
        let Some(m) = MONTHS.split('|').position(|m| {
            lw.starts_with(m) && (lw.len() == 3 || lw.len() >= 4 && crate::drift::text::in_list("january|february|march|april|june|july|august|september|sept|october|november|december", &lw))
        }) else {
            continue;
        };
        let month = (m + 1) as f64;
        let before = i
            .checked_sub(1)
            .and_then(|j| words.get(j))
            .and_then(|w| day(w));
        let after = words.get(i + 1).and_then(|w| day(w));
        if let Some(d) = before.or(after) {
            let y = year(words.get(i + 1 + usize::from(after.is_some())));
            return Some(match y {
                Some(y) => vec![y, month, d],
                // Without a year, a list may run over New Year ("28 Dec", "3 Jan").
                None if reading == Reading::Other && month <= 3.0 => vec![month + 12.0, d],
                None => vec![month, d],
            });
        }
    }
    None
}

/// An item's text with its list marker, task box, emphasis and code marks taken off (under
/// the other reading, underscores kept).
fn bare(item: &str, reading: Reading) -> String {
    let t = item.trim_start();
    let t = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .or_else(|| t.strip_prefix("• "))
        .or_else(|| {
            let n = t.bytes().take_while(u8::is_ascii_digit).count();
            (n > 0 && n < 4)
                .then(|| t.get(n..))
                .flatten()
                .and_then(|r| r.strip_prefix(". ").or_else(|| r.strip_prefix(") ")))
        })
        .unwrap_or(t);
    let t = crate::drift::text::strip_any(t, "[ ] |[x] |[X] ")
        .unwrap_or(t)
        .replace(&['*', '`', '"'][..], "");
    match reading {
        Reading::Plain => t.replace('_', "").lower(),
        Reading::Other => fold(&t.lower()),
    }
    .trim()
    .to_string()
}

/// Lower-case Latin letters with their accents taken off ("é" → "e", "ł" → "l"), for the
/// other reading's text order.
fn fold(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'à'..='å' | 'ā' | 'ă' | 'ą' => 'a',
            'ç' | 'ć' | 'č' => 'c',
            'è'..='ë' | 'ē' | 'ę' | 'ě' => 'e',
            'ì'..='ï' | 'ī' => 'i',
            'ł' => 'l',
            'ñ' | 'ń' | 'ň' => 'n',
            'ò'..='ö' | 'ø' | 'ő' => 'o',
            'ř' => 'r',
            'ś' | 'š' | 'ș' | 'ş' => 's',
            'ț' | 'ţ' => 't',
            'ù'..='ü' | 'ű' | 'ů' => 'u',
            'ý' | 'ÿ' => 'y',
            'ź' | 'ż' | 'ž' => 'z',
            _ => c,
        })
        .gather_text()
}

/// Whether a line opens with a list marker ("- ", "* ", "• ", "1. ", "2) ").
fn marked(line: &str) -> bool {
    let t = line.trim_start();
    let n = t.bytes().take_while(u8::is_ascii_digit).count();
    crate::drift::text::starts_with_any(t, "- |* |• ")
        || (n > 0 && n < 4 && t.get(n..).is_some_and(|r| r.starts_with(&['.', ')'][..])))
}

/// A run of items: a list, lines one per entry, or a table's rows by column.
struct Run<'t> {
    items: Vec<&'t str>,
    header: Option<Vec<String>>,
}

fn cells(row: &str) -> Vec<String> {
    row.trim()
        .trim_matches('|')
        .split('|')
        .map(|c| c.replace(&['*', '`'][..], "").trim().lower())
        .gather()
}

fn runs(text: &str) -> Vec<Run<'_>> {
    let mut out: Vec<Run<'_>> = Vec::new();
    let mut cur: Vec<&str> = Vec::new();
    let mut table = false;
    let mut fenced = false;
    fn flush<'t>(cur: &mut Vec<&'t str>, table: bool, out: &mut Vec<Run<'t>>) {
        if table {
            // Header, delimiter, rows.
            if cur.len() >= 4 && cur.get(1).is_some_and(|d| d.has_any("---|:-")) {
                out.push(Run {
                    header: cur.first().map(|h| cells(h)),
                    items: cur.get(2..).unwrap_or_default().to_vec(),
                });
            }
        } else {
            // An intro line above a list ("Top 3 regions") is not one of its items.
            if cur.len() > 1
                && !cur.first().is_some_and(|l| marked(l))
                && cur.iter().skip(1).all(|l| marked(l))
            {
                cur.remove(0);
            }
            if cur.len() >= 3 {
                out.push(Run {
                    header: None,
                    items: cur.clone(),
                });
            }
        }
        cur.clear();
    }
    for line in text.lines() {
        let t = line.trim();
        if t.starts_any("```|~~~") {
            flush(&mut cur, table, &mut out);
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let is_row = t.starts_with('|');
        // A line in bold of its own is a heading.
        let bold = t.len() > 4 && t.starts_with("**") && t.ends_with("**");
        // An indented line under an item belongs to it; a heading or an intro ending in ':'
        // closes the run.
        if t.is_empty()
            || t.starts_with('#')
            || bold
            || (t.ends_with(':') && !is_row)
            || is_row != table
        {
            flush(&mut cur, table, &mut out);
            table = is_row;
            if t.is_empty() || t.starts_with('#') || bold || t.ends_with(':') {
                continue;
            }
        }
        if line.starts_with(&[' ', '\t'][..]) && !cur.is_empty() && !is_row {
            continue;
        }
        cur.push(line);
    }
    flush(&mut cur, table, &mut out);
    out
}

/// Whether a header names the key ("Dwell (days)" for "dwell time", "Expires" for "expiry
/// date"): a word of the key and of the header share their first four letters.
fn names_key(header: &str, key: &[String]) -> bool {
    let generic = "number|count|date|time|the|of|total|avg|average|rate|level|value|amount";
    let head: Vec<&str> = crate::drift::text::alnum_words(header);
    let strong = key
        .iter()
        .filter(|k| !crate::drift::text::in_list(generic, k.as_str()));
    let prefix = |a: &str, b: &str| {
        let n = 4.min(a.len()).min(b.len());
        n >= 3 && a.get(..n) == b.get(..n) && (n == 4 || a == b)
    };
    let mut any = false;
    for k in strong {
        any = true;
        if !head.iter().any(|h| prefix(h, k)) {
            return false;
        }
    }
    // A key of generic words only ("rate", "date") names the header that holds it.
    any || key.iter().any(|k| head.iter().any(|h| prefix(h, k)))
}

/// The values a run is sorted by, one per item, if every item has one. A closing total row
/// ("Total", "Overall") is not one of them.
fn values(rule: &SortOrder, run: &Run<'_>, reading: Reading) -> Option<Vec<Value>> {
    let column = match &run.header {
        Some(h) => Some(if rule.key.is_empty() {
            0
        } else {
            let mut found = None;
            for (i, c) in h.iter().enumerate() {
                if names_key(c, &rule.key) {
                    if found.is_some() {
                        return None;
                    }
                    found = Some(i);
                }
            }
            // A name or code key with no column of its own: the first column names the row
            // (not for a surname or a city, which is only part of it).
            match found {
                Some(one) => one,
                None if rule.text && !partial(rule) => 0,
                None => return None,
            }
        }),
        None if rule.text && partial(rule) && !by_surname(rule) => return None,
        None => None,
    };
    let mut items = run.items.as_slice();
    // Closing rows: "Total", "Net total", "Overall", "Average" (one or more).
    while let [rest @ .., last] = items {
        let line = last.lower();
        let label = line
            .split(crate::drift::text::digit_char)
            .next()
            .unwrap_or_default();
        let word = label
            .trim_start_matches(crate::drift::text::not_alnum_char)
            .split(crate::drift::text::not_alnum_char)
            .next()
            .unwrap_or_default();
        if !label.has("total")
            && !crate::drift::text::in_list("sum|overall|grand|combined|average|avg|mean", word)
        {
            break;
        }
        items = rest;
    }
    let mut out = Vec::new();
    // Dates without a year read past New Year, and whether the run holds the year's end: a
    // run without October to December ("5 Apr, 10 Jun, 2 Feb") does not cross it.
    let mut wrapped = Vec::new();
    let mut year_end = false;
    // Under a date key a bare one-dot number is a version under the other reading, and under
    // the plain one too in a run that writes "3.10" beside "3.9".
    let dated = dated(rule);
    let versions = dated && (reading == Reading::Other || versions_written(items));
    for item in items {
        let text = match column {
            Some(c) => cells(item).get(c)?.clone(),
            None if rule.text && by_surname(rule) => surname(&bare(item, reading), reading)?,
            None => bare(item, reading),
        };
        let v = value(rule, &text, column.is_some(), reading, versions)?;
        if reading == Reading::Other && dated {
            if let Some(plain) = named_date(&text, Reading::Plain).filter(|d| d.len() == 2) {
                year_end |= plain.first().is_some_and(|m| *m >= 10.0);
                if !matches!(&v, Value::Parts(p) if *p == plain) {
                    wrapped.push((out.len(), plain));
                }
            }
        }
        out.push(v);
    }
    if !year_end {
        for (i, plain) in wrapped {
            if let Some(v) = out.get_mut(i) {
                *v = Value::Parts(plain);
            }
        }
    }
    Some(out)
}

/// Whether a text key is only part of an item ("by surname", "by city"), so the item's whole
/// text is not its value.
fn partial(rule: &SortOrder) -> bool {
    rule.key.iter().any(|k| {
        crate::drift::text::in_list(
            "last|surname|surnames|family|city|cities|venue|venues|country|countries",
            k,
        )
    })
}

/// The surname of the name an item opens with ("ada byron (1815)" → "byron", "hopper, grace"
/// → "hopper"; under the other reading from a particle on: "pieter van dijk" → "van dijk"). None
/// where the item opens with one word and no comma ("keynote: ada byron").
fn surname(item: &str, reading: Reading) -> Option<String> {
    let name = item.split(" - ").next()?;
    let name = name.split(&[',', ':', '(', '–', '—'][..]).next()?;
    let mut words: Vec<&str> = name.split_whitespace().gather();
    while words.len() > 2
        && words.last().is_some_and(|w| {
            crate::drift::text::in_list("jr|sr|ii|iii|iv|phd|md", w.trim_matches('.'))
        })
    {
        words.pop();
    }
    let last = words.len().checked_sub(1)?;
    if last == 0 {
        // "Hopper, Grace": the surname first.
        return item
            .get(name.len()..)?
            .starts_with(',')
            .then(|| name.trim().to_string());
    }
    let from = match reading {
        Reading::Plain => last,
        Reading::Other => words
            .iter()
            .skip(1)
            .position(|w| {
                crate::drift::text::in_list(
                    "van|von|de|der|den|da|di|du|la|le|del|della|dos|das|ten|ter",
                    w,
                )
            })
            .map_or(last, |i| i + 1),
    };
    Some(words.get(from..)?.join(" "))
}

/// Whether the key is a surname ("by surname", "by last name").
fn by_surname(rule: &SortOrder) -> bool {
    rule.key
        .iter()
        .any(|k| crate::drift::text::in_list("last|surname|surnames|family", k))
}

/// The value one item's text is sorted by.
fn value(
    rule: &SortOrder,
    text: &str,
    in_column: bool,
    reading: Reading,
    versions: bool,
) -> Option<Value> {
    if rule.text {
        let t = text.trim();
        return (!t.is_empty()).then(|| Value::Text(t.to_string()));
    }
    // "In order of expiry date" of "event 2025-10-04, hold expires 2025-06-18": the date after
    // the word that names the key (its first four letters), where the item has one.
    let text = if dated(rule) && !in_column {
        let lower = text.to_ascii_lowercase();
        rule.key
            .iter()
            .filter(|k| k.len() >= 4 && !crate::drift::text::in_list("date|dates|time|times", k))
            .find_map(|k| {
                let stem = k.get(..4)?;
                // (A label word after a space or a bracket with its date next, not a name:
                // "expires 2025-06-18", "review date: 3 May", not "`review-bot`".)
                lower
                    .match_indices(stem)
                    .find(|(i, _)| {
                        lower
                            .get(..*i)
                            .is_some_and(|b| b.ends_with(&[' ', '('][..]))
                            && lower
                                .get(*i..)
                                .and_then(|r| {
                                    r.split(crate::drift::text::char_test(|c| {
                                        !c.is_ascii_alphabetic()
                                    }))
                                    .next()
                                })
                                .and_then(|w| lower.get(*i + w.len()..))
                                .is_some_and(|r| {
                                    let r = r.trim_start_matches(&[' ', ':'][..]);
                                    r.strip_prefix("date")
                                        .or_else(|| r.strip_prefix("on"))
                                        .unwrap_or(r)
                                        .trim_start_matches(&[' ', ':'][..])
                                        .starts_with(crate::drift::text::digit_char)
                                })
                    })
                    .and_then(|(i, _)| text.get(i..))
            })
            .unwrap_or(text)
    } else {
        text
    };
    // A date with a month's name, where dates are the key.
    if dated(rule) {
        if let Some(d) = named_date(text, reading) {
            return Some(Value::Parts(d));
        }
    }
    // Under a date key, a bare "3.10" is a version, after "3.9" (`versions`, from the run).
    let mut ns = numbers(text, reading, versions);
    // Where dates are the key, the first date or time ("2025-04-09", "04:45", "2 PM"), or a
    // year in brackets ("Alien (1979)", "2001: A Space Odyssey (1968)"), or a number opening
    // the item ("1969: …"); an item with none of them (an id, a count) has none.
    if dated(rule) && !in_column {
        // "Wed 21:00 Jazz" before "Fri 19:00 Soul": a week's times by their day first.
        if let Some(day) = weekday(text) {
            let time = ns
                .iter()
                .position(|n| n.len() >= 2)
                .map(|at| ns.swap_remove(at));
            return Some(Value::Parts(
                std::iter::once(day)
                    .chain(time.into_iter().flatten())
                    .gather(),
            ));
        }
        // A date with a year before a dotted version ("1.9.4 — 2025-05-01").
        let year = |n: &Vec<f64>| n.len() >= 2 && n.first().is_some_and(|y| *y >= 1000.0);
        let at = match ns
            .iter()
            .position(year)
            .or_else(|| ns.iter().position(|n| n.len() >= 2))
        {
            Some(at) => at,
            None => match bracketed_year(text) {
                Some(y) => return Some(Value::Parts(vec![y])),
                None if text
                    .trim_start()
                    .starts_with(crate::drift::text::digit_char) =>
                {
                    0
                }
                None => return None,
            },
        };
        return (at < ns.len()).then(|| Value::Parts(ns.swap_remove(at)));
    }
    // In a column, its first number; in a list, an item with one number ("Berlin: 412"), or
    // the key's kind of number first ("MAT-10021 (…)" by matter number).
    let take = in_column || ns.len() == 1 || first_is_key(rule);
    (take && !ns.is_empty()).then(|| Value::Parts(ns.swap_remove(0)))
}

/// The day of the week an item opens with (Monday 1 … Sunday 7): "Wed 21:00", "Friday:".
fn weekday(text: &str) -> Option<f64> {
    const DAYS: &str = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
    let first = text
        .split(crate::drift::text::not_alnum_char)
        .find(|w| !w.is_empty())?
        .lower();
    (first.len() >= 3)
        .then(|| {
            DAYS.split('|')
                .position(|d| d.starts_with(first.as_str()) && (first.len() <= 5 || d == first))
        })
        .flatten()
        .map(|i| (i + 1) as f64)
}

/// Whether a run's bare one-dot numbers are written as versions: the longest digits after a dot
/// end in a zero and others are shorter ("3.10" beside "3.9"; a decimal list writes "3.1" or
/// "3.90").
fn versions_written(items: &[&str]) -> bool {
    // Shortest and longest digits after a dot, and whether the longest ends in a zero.
    let mut fs = (usize::MAX, 0, false);
    for item in items {
        for f in item.split_whitespace().filter_map(fraction) {
            if f.len() > fs.1 {
                fs = (fs.0, f.len(), f.ends_with('0'));
            }
            fs.0 = fs.0.min(f.len());
        }
    }
    fs.2 && fs.0 < fs.1
}

/// The digits after the dot of a bare number with one dot ("3.10" → "10", "(2.4)," → "4"); none
/// for a date, a time, a version with more dots, or a number with a mark or letter before it
/// ("$4.50", "v2.10": [`numbers`] reads no version there either).
fn fraction(token: &str) -> Option<&str> {
    let t = token
        .trim_start_matches('(')
        .trim_end_matches(&[',', ':', ';', ')', '.'][..]);
    let (whole, fraction) = t.split_once('.')?;
    [whole, fraction]
        .iter()
        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        .then_some(fraction)
}

/// A four-digit year in brackets ("(1979)").
fn bracketed_year(text: &str) -> Option<f64> {
    text.split('(').skip(1).find_map(|p| {
        let y = p.get(..4)?;
        (p.get(4..5) == Some(")") && y.bytes().all(|b| b.is_ascii_digit()))
            .then(|| crate::drift::text::decimal(y))
            .flatten()
    })
}

/// Whether the key is a date or time ("by due date", "by ETA", "in chronological order").
fn dated(rule: &SortOrder) -> bool {
    let last = rule.key.last().map(String::as_str).unwrap_or_default();
    // A duration is no date: "by run time", "by response times".
    let before = rule.key.iter().rev().nth(1).map_or("", String::as_str);
    if crate::drift::text::in_list("time|times", last)
        && crate::drift::text::in_list(
            "run|running|response|build|wait|waiting|load|loading|processing|travel|transit|cook|cooking|prep|compile|execution|lead|turnaround|render|boot|queue|resolution|setup|play|screen|cpu|wall|total|average|mean|median",
            before,
        )
    {
        return false;
    }
    !rule.text
        && (rule.key.is_empty()
            || crate::drift::text::in_list(
                "date|dates|time|eta|etd|due|deadline|expiry|departure|arrival|start|timestamp",
                last,
            ))
}

/// Whether an item's first number is its key: a number key ("by store number", "by matter
/// number").
fn first_is_key(rule: &SortOrder) -> bool {
    let last = rule.key.last().map(String::as_str).unwrap_or_default();
    crate::drift::text::in_list("number|id|no|code", last)
}

fn in_order(rule: &SortOrder, vs: &[Value], items: &[&str]) -> Option<(usize, usize)> {
    // "Last night's calls, oldest first": clock times may pass midnight once (23:58, then
    // 02:17), where every later time stays before the first.
    let clock = |t: &str| {
        t.as_bytes().windows(4).any(|w| matches!(w, [a, b':', c, d] if a.is_ascii_digit() && c.is_ascii_digit() && d.is_ascii_digit()))
    };
    let mut wrapped = None;
    for i in 1..vs.len() {
        let (a, b) = (vs.get(i - 1)?, vs.get(i)?);
        if !rule.descending && wrapped.is_none() {
            if let (Value::Parts(x), Value::Parts(y)) = (a, b) {
                let (hx, hy) = (
                    x.first().copied().unwrap_or(0.0),
                    y.first().copied().unwrap_or(24.0),
                );
                if hx >= 18.0
                    && hy < 12.0
                    && items
                        .get(i - 1..=i)
                        .is_some_and(|p| p.iter().all(|t| clock(t)))
                {
                    wrapped = Some(i - 1);
                    continue;
                }
            }
        }
        if (rule.descending && a < b) || (!rule.descending && a > b) {
            // Names whose numbers differ in length where they part ("INC-99", "INC-100") may
            // be in natural order.
            if let (Value::Text(a), Value::Text(b)) = (a, b) {
                let k = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
                let run = |t: &str| t.bytes().skip(k).take_while(u8::is_ascii_digit).count();
                if run(a) != run(b) {
                    continue;
                }
            }
            return Some((i - 1, i));
        }
    }
    match wrapped {
        Some(w) if vs.last() >= vs.first() => Some((w, w + 1)),
        _ => None,
    }
}

/// The first pair out of order, when every readable run is out of order under both readings.
pub fn first_break<'t>(rule: &SortOrder, text: &'t str) -> Option<(&'t str, &'t str)> {
    let mut found = None;
    for run in runs(text) {
        let mut pair = None;
        for reading in [Reading::Plain, Reading::Other] {
            // A reading that cannot read the run does not judge it.
            let Some(vs) = values(rule, &run, reading) else {
                continue;
            };
            // A run in order by either reading answers the ask.
            pair = pair.or(Some(in_order(rule, &vs, &run.items)?));
        }
        let Some((i, j)) = pair else {
            continue;
        };
        if found.is_none() {
            found = Some((*run.items.get(i)?, *run.items.get(j)?));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_order_asked() {
        let a = asked("list them sorted by due date, earliest first.", "").unwrap();
        assert_eq!(
            (a.key.as_slice(), a.descending, a.text),
            (&["due".to_string(), "date".to_string()][..], false, false)
        );
        let b = asked("rank the depots by missed visits, highest first.", "").unwrap();
        assert_eq!(b.key, ["missed", "visits"]);
        assert!(b.descending);
        assert!(
            asked("list the files in alphabetical order by path.", "")
                .unwrap()
                .text
        );
        assert!(asked("sort by team, then by date, newest first.", "").is_none());
        assert!(asked("list the depots with their missed visits.", "").is_none());
    }

    #[test]
    fn numbers_dates_and_dotted_ids() {
        use Reading::*;
        assert_eq!(parts("4,301", Plain, false), Some(vec![4301.0]));
        assert_eq!(
            parts("2025-03-13", Plain, false),
            Some(vec![2025.0, 3.0, 13.0])
        );
        assert_eq!(
            parts("2020.1.12", Plain, false),
            Some(vec![2020.0, 1.0, 12.0])
        );
        assert_eq!(parts("11.2%", Plain, false), Some(vec![11.2]));
        assert_eq!(named_date("Wed 31 July: a", Plain), Some(vec![7.0, 31.0]));
        assert_eq!(
            named_date("Nov 28 2024, kiln B", Plain),
            Some(vec![2024.0, 11.0, 28.0])
        );
        assert_eq!(named_date("due 3 weeks after", Plain), None);
        // Slash dates year first; signs.
        assert_eq!(
            parts("12/28/2024", Plain, false),
            Some(vec![2024.0, 12.0, 28.0])
        );
        assert_eq!(
            numbers("Acme: -1,200 (was -40), MAT-10021", Plain, false),
            vec![vec![-1200.0], vec![-40.0], vec![10021.0]]
        );
        // The other reading: day-first dates (no month past 12), January after December.
        assert_eq!(
            parts("05/03/2025", Other, false),
            Some(vec![2025.0, 3.0, 5.0])
        );
        assert_eq!(parts("03/15/2025", Other, false), None);
        assert_eq!(parts("3.10", Other, true), Some(vec![3.0, 10.0]));
        assert_eq!(parts("3.10", Other, false), Some(vec![3.1]));
        assert_eq!(
            parts("05.03.2025", Plain, false),
            Some(vec![2025.0, 5.0, 3.0])
        );
        assert_eq!(parts("1.9.4", Plain, false), Some(vec![1.0, 9.0, 4.0]));
        assert_eq!(parts("20/03", Other, false), Some(vec![3.0, 20.0]));
        assert_eq!(parts("20/03/2025", Plain, false), None);
        assert_eq!(named_date("3 Jan: a", Other), Some(vec![13.0, 3.0]));
        assert_eq!(named_date("3 Jan: a", Plain), Some(vec![1.0, 3.0]));
    }

    #[test]
    fn units_and_twelve_hour_times_read_plainly_only() {
        use Reading::*;
        let n = |t: &str, r: Reading| numbers(t, r, false);
        assert_eq!(n("logs: 1.2 GB", Plain), vec![vec![1.2e9]]);
        assert_eq!(n("cache: 850MB", Plain), vec![vec![8.5e8]]);
        assert_eq!(n("cache: 850MB", Other), vec![vec![850.0]]);
        assert_eq!(n("wait: 2 hours", Plain), vec![vec![7200.0]]);
        assert_eq!(n("wait: 1 day", Plain), vec![vec![86_400.0]]);
        assert_eq!(n("2:15 PM: retro", Plain), vec![vec![14.0, 15.0]]);
        assert_eq!(n("12:30 a.m.", Plain), vec![vec![0.0, 30.0]]);
        assert_eq!(n("12 PM lunch", Plain), vec![vec![12.0, 0.0]]);
        assert_eq!(n("9 am standup", Plain), vec![vec![9.0, 0.0]]);
        assert_eq!(n("1 PM standup", Other), vec![vec![13.0, 0.0]]);
        // The small hours after the evening under `Other` only.
        assert_eq!(n("1 AM patch", Other), vec![vec![25.0, 0.0]]);
        assert_eq!(n("12:15 AM deploy", Other), vec![vec![24.0, 15.0]]);
        assert_eq!(n("1 AM patch", Plain), vec![vec![1.0, 0.0]]);
        assert_eq!(n("6 AM backup", Other), vec![vec![6.0, 0.0]]);
        assert_eq!(n("Noon: lunch", Plain), vec![vec![12.0, 0.0]]);
        assert_eq!(n("(midnight)", Plain), vec![vec![0.0, 0.0]]);
        assert_eq!(n("(midnight)", Other), vec![vec![24.0, 0.0]]);
        assert!(n("afternoon nooning", Plain).is_empty());
        assert_eq!(
            n("$1.2M, $850K, 45m, 2h, 90s", Plain).concat(),
            [1.2e6, 8.5e5, 2700.0, 7200.0, 90.0]
        );
        assert_eq!(n("1.2 GB/s; 850 Mbps", Plain).concat(), [1.2e9, 8.5e8]);
        // Money with its sign before or after the mark; a code's dash is no sign.
        assert_eq!(
            n("-$1,200, £-40, +5, MAT-10021", Plain),
            vec![vec![-1200.0], vec![-40.0], vec![5.0], vec![10021.0]]
        );
        // A word that only starts like a unit is none ("2 amendments", "3 mins" is minutes).
        assert_eq!(n("2 amendments", Plain), vec![vec![2.0]]);
        assert_eq!(n("3 mins", Plain), vec![vec![180.0]]);
    }

    #[test]
    fn surnames_and_bracketed_years() {
        use Reading::*;
        let sur = |t: &str, r: Reading| surname(t, r);
        assert_eq!(sur("ada byron (1815)", Plain).as_deref(), Some("byron"));
        assert_eq!(sur("ana alvarez - cto", Plain).as_deref(), Some("alvarez"));
        assert_eq!(
            sur("martin luther king jr.", Plain).as_deref(),
            Some("king")
        );
        assert_eq!(sur("hopper, grace", Plain).as_deref(), Some("hopper"));
        assert_eq!(sur("pieter van dijk", Other).as_deref(), Some("van dijk"));
        assert_eq!(sur("pieter van dijk", Plain).as_deref(), Some("dijk"));
        assert_eq!(sur("keynote: ada byron", Plain), None);
        assert_eq!(bracketed_year("Toy Story 2 (1999)"), Some(1999.0));
        assert_eq!(bracketed_year("Blade Runner 2049 (2017)"), Some(2017.0));
        assert_eq!(bracketed_year("raised (seed) in 2017"), None);
    }

    #[test]
    fn every_readable_run_out_of_order_breaks() {
        let r = asked(
            "put the rates in a table sorted by rate, highest first.",
            "",
        )
        .unwrap();
        let sorted = "| Site | Rate |\n|---|---|\n| a | 9.1% |\n| b | 7.4% |\n| c | 7.0% |";
        assert_eq!(first_break(&r, sorted), None);
        let unsorted = "| Site | Rate |\n|---|---|\n| a | 9.1% |\n| b | 7.0% |\n| c | 7.4% |";
        assert!(first_break(&r, unsorted).is_some());
        let alpha = asked("list the rooms in alphabetical order, one per line.", "").unwrap();
        assert!(first_break(&alpha, "Atlas\nCedar\nBoreal").is_some());
        // A second list in another order beside the sorted one.
        assert_eq!(
            first_break(
                &alpha,
                "Atlas\nBoreal\nCedar\n\nNext steps:\n- order kits\n- call IT\n- book a test"
            ),
            None
        );
        // A night's times across midnight, either way round; the small hours out of place
        // still break.
        let night = asked("list tonight's tasks in chronological order.", "").unwrap();
        let latest = asked("list the tasks sorted by start time, latest first.", "").unwrap();
        for (rule, list, breaks) in [
            (
                &night,
                "- 10 PM: lock up\n- 11:30 PM: backup\n- 1 AM: patch",
                false,
            ),
            (
                &night,
                "- 12:15 AM: deploy\n- 6 AM: backup\n- 9 AM: standup",
                false,
            ),
            (
                &latest,
                "- 1 AM: patch\n- 11:30 PM: backup\n- 10 PM: lock up",
                false,
            ),
            (
                &night,
                "- 11 PM: backup\n- 1 AM: patch\n- 10 PM: lock up",
                true,
            ),
            (
                &night,
                "- 2 AM: patch\n- 9 AM: standup\n- 1 AM: deploy",
                true,
            ),
            (
                &night,
                "- 11:30 AM: review\n- Noon: lunch\n- 2 PM: retro",
                false,
            ),
            (
                &night,
                "- 2 PM: retro\n- Noon: lunch\n- 9 AM: standup",
                true,
            ),
            (
                &night,
                "- 10 PM: lock up\n- Midnight: backup\n- 1 AM: patch",
                false,
            ),
        ] {
            assert_eq!(first_break(rule, list).is_some(), breaks, "{list}");
        }
        // A duration key reads units, not times of day.
        let runtime = asked("list the jobs sorted by run time, longest first.", "").unwrap();
        assert!(!dated(&runtime) && dated(&night));
        for (list, breaks) in [
            (
                "- backup: 2 hrs\n- reindex: 45 mins\n- vacuum: 90 secs",
                false,
            ),
            (
                "- reindex: 45 minutes\n- backup: 2 hours\n- vacuum: 90 seconds",
                true,
            ),
        ] {
            assert_eq!(first_break(&runtime, list).is_some(), breaks, "{list}");
        }
        // Dates without a year over New Year only where the run holds the year's end.
        let due = asked("list the releases in chronological order.", "").unwrap();
        for (list, breaks) in [
            ("- 28 Dec: 2.0\n- 3 Jan: 2.1\n- 14 Feb: 2.2", false),
            (
                "- Dec 30: invoices\n- Jan 2: payroll\n- Jan 15: audit",
                false,
            ),
            ("- 3 Jan: 2.1\n- 28 Dec: 2.0\n- 14 Feb: 2.2", true),
            ("- 5 Apr: 2.0\n- 10 Jun: 2.1\n- 2 Feb: 2.2", true),
            ("- 2 Feb: 2.0\n- 5 Apr: 2.1\n- 10 Jun: 2.2", false),
            // Versions: "3.10" after "3.9" (a decimal list would not write "3.10" beside
            // "3.9"); times written with a dot keep their plain reading.
            ("- 3.10\n- 3.8\n- 3.9", true),
            ("- 3.8\n- 3.9\n- 3.10", false),
            // A run the readings read alike, or by their dates, is left to them.
            ("- 14 Jan: v3.9\n- 2 Mar: v3.10\n- 18 Oct: v3.11", false),
            (
                "- 01/06/2025: 3.9\n- 02/03/2025: 3.10\n- 03/03/2025: 3.11",
                false,
            ),
            (
                "- 07:30: deploy 2.9\n- 08:15: deploy 2.10\n- 09:00: smoke",
                false,
            ),
            (
                "- 2 Mar: lunch $4.50\n- 14 Jan: walk 5.5 km\n- 20 Apr: swim 1.10 km",
                true,
            ),
            ("- 9.30: standup\n- 10.15: review\n- 11.00: lunch", false),
            ("- 11.00: lunch\n- 9.30: standup\n- 10.15: review", true),
        ] {
            assert_eq!(first_break(&due, list).is_some(), breaks, "{list}");
        }
    }
}
