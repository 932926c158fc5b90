//! The text pipeline: Unicode word segmentation, English stop words (NLTK list), Snowball
//! stemming, code-aware identifiers (`validateEmail`, `src/utils.ts`, `apply_coupon()`), and
//! background weights so that words every request contains weigh little.

use super::segment;
use crate::gather::Gather;
use crate::gather::GatherText;
use crate::gather::Keep;
use rust_stemmers::{Algorithm, Stemmer};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::rc::Rc;
use std::sync::OnceLock;

/// One content word: its lowercase surface form and its stem, shared (interned) between all
/// tokens of the same word, so that a token costs no allocation of its own.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub word: Rc<str>,
    pub stem: Rc<str>,
    /// The stem's background weight ([`weight`]), computed once per distinct word.
    pub weight: f64,
    /// Byte offset in the analysed text.
    pub at: usize,
}

fn stemmer() -> &'static Stemmer {
    static S: OnceLock<Stemmer> = OnceLock::new();
    S.get_or_init(|| Stemmer::create(Algorithm::English))
}

fn stop_words() -> &'static HashSet<&'static str> {
    static S: OnceLock<HashSet<&'static str>> = OnceLock::new();
    S.get_or_init(|| {
        // The NLTK English list (taken from the stop-words crate, whose other languages would
        // cost ~170 KB of module size).
        let mut set: HashSet<&'static str> = include_str!("stopwords.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .collect();
        // Request boilerplate that carries no concept of its own.
        for w in "please|also|would|could|should|like|need|want|make|sure|use|using|get|us|our|etc"
            .split('|')
        {
            set.insert(w);
        }
        set
    })
}

pub fn is_stop(word: &str) -> bool {
    stop_words().contains(word)
}

thread_local! {
    /// Stems already computed: the same words recur across requests, and Snowball is the
    /// costliest step of the pipeline. (Stems boxed: a `String` to one-word table's code is in
    /// the module already, a `String` to `String` table's was another copy.)
    #[allow(clippy::box_collection)]
    static STEMS: std::cell::RefCell<HashMap<String, Box<String>>> = std::cell::RefCell::new(HashMap::default());
}
/// Entries per word cache; with [`CACHED_WORD_BYTES`] this bounds each cache to a few MB for
/// the life of the host, whatever the texts (a cache of every word ever seen would grow with
/// the vocabulary, and a word can be 128 KiB long).
const STEM_CACHE_MAX: usize = 32_768;
/// Longer words are analysed every time (they are rare) instead of cached.
const CACHED_WORD_BYTES: usize = 40;

pub fn stem(word: &str) -> String {
    if word.len() > CACHED_WORD_BYTES {
        return stemmer().stem(word).into_owned();
    }
    STEMS.with(|c| {
        if let Some(s) = c.borrow().get(word) {
            return String::clone(s);
        }
        let s = stemmer().stem(word).into_owned();
        let mut m = c.borrow_mut();
        if m.len() >= STEM_CACHE_MAX {
            m.clear();
        }
        m.insert(word.to_string(), Box::new(s.clone()));
        s
    })
}

/// Background frequency per stem (SUBTLEXus counts), built once from `background_stems.txt`:
/// the word table (`background.txt`) already stemmed, counts of words sharing a stem summed
/// (stemming 8,000 words was 70 % of a process's first drift score), each as the level of
/// `ln(count + 1)` in steps of [`LEVEL`]. The test below derives it from the word table again
/// and fails when they differ. (Levels are `u16`s held as `u32`: the module has a `String` to
/// `u32` table's code already.)
fn background() -> &'static (HashMap<String, u32>, f64) {
    static B: OnceLock<(HashMap<String, u32>, f64)> = OnceLock::new();
    B.get_or_init(|| parse_background(include_str!("background_stems.txt")))
}

/// The step of a background level in `ln(count + 1)`: weights move by under 0.001 (a count's
/// digits were 10 KB of the gzipped module; the levels, one line per level, are 0.5 KB).
const LEVEL: f64 = 0.02;

fn parse_background(table: &str) -> (HashMap<String, u32>, f64) {
    let mut map: HashMap<String, u32> = HashMap::default();
    let mut max = 1u64;
    for line in table.lines() {
        let mut parts = line.split(' ');
        match parts.next() {
            Some("#max") => {
                max = parts
                    .next()
                    .and_then(|c| c.parse().ok())
                    .unwrap_or(1)
                    .max(1)
            }
            Some(l) if l.starts_with('=') => {
                let level: u16 = l.get(1..).and_then(|n| n.parse().ok()).unwrap_or(0);
                for stem in parts {
                    map.insert(stem.to_string(), u32::from(level));
                }
            }
            _ => {}
        }
    }
    (map, (max as f64).ln())
}

/// A count's level: `ln(count + 1)` in steps of [`LEVEL`].
#[cfg(test)]
fn level_of(count: u64) -> u16 {
    ((count as f64 + 1.0).ln() / LEVEL).round() as u16
}

/// The word table stemmed: stems in order of first appearance, the summed count of each, and
/// the largest count of a single word — what `background()` once computed at start-up.
#[cfg(test)]
fn stem_word_table(words: &str) -> (Vec<String>, HashMap<String, u64>, u64) {
    let mut order: Vec<String> = Vec::new();
    let mut sums: HashMap<String, u64> = HashMap::default();
    let mut max = 1u64;
    for line in words.lines().filter(|l| !l.starts_with('#')) {
        let mut parts = line.split(' ');
        let (Some(w), Some(c)) = (parts.next(), parts.next()) else {
            continue;
        };
        let count: u64 = c.parse().unwrap_or(0);
        max = max.max(count);
        let st = stem(w);
        if !sums.contains_key(&st) {
            order.push(st.clone());
        }
        *sums.entry(st).or_insert(0) += count;
    }
    (order, sums, max)
}

/// `background_stems.txt` as derived from the word table: a `#max` line with the largest count
/// of a single word, then one line per level (`=L stem stem …`, the highest first, stems in
/// order); a stem that weighs as much as an unseen one is left out.
#[cfg(test)]
fn derive_background(words: &str) -> String {
    let (order, sums, max) = stem_word_table(words);
    // (No comment line: it was 80 bytes of the gzipped module; the doc above says what it is.)
    let mut out = format!("#max {max}\n");
    let ln_max = (max as f64).ln();
    let mut levels: std::collections::BTreeMap<std::cmp::Reverse<u16>, Vec<String>> =
        std::collections::BTreeMap::new();
    for st in order {
        let c = sums.get(&st).copied().unwrap_or(0);
        // A stem rare enough to weigh the cap weighs it unlisted too: 1,392 lines and 7 KB of
        // the gzipped module saved (issue 14).
        if weight_of(Some(level_of(c).into()), ln_max) < 1.0 {
            levels
                .entry(std::cmp::Reverse(level_of(c)))
                .or_default()
                .push(st);
        }
    }
    for (std::cmp::Reverse(level), mut stems) in levels {
        stems.sort();
        out.push_str(&format!("={level} {}\n", stems.join(" ")));
    }
    out
}

/// Weight of a stem in 0.15..=1: rare words weigh most, everyday words little. Words outside
/// the background table (names, jargon) weigh 1.
pub fn weight(stem: &str) -> f64 {
    let (map, ln_max) = background();
    weight_of(map.get(stem).copied(), *ln_max)
}

/// The weight of a stem at background `level` (`None`: never seen), where the most frequent
/// word was seen `e^ln_max` times. Rare stems reach the cap, 1, as unseen ones do.
fn weight_of(level: Option<u32>, ln_max: f64) -> f64 {
    match level {
        None => 1.0,
        Some(l) => {
            let idf = 1.0 - f64::from(l) * LEVEL / (ln_max + 1.0);
            (0.15 + 0.85 * idf * 1.6).min(1.0)
        }
    }
}

/// A word piece's lowercase form, stem and weight; `None` for a stop word or a piece too short.
type Analysed = Option<(Rc<str>, Rc<str>, f64)>;

thread_local! {
    /// Word pieces as they appear → their lowercase form and stem (`None`: a stop word or too
    /// short). Words recur within and across texts; a hit skips lowercasing, the stop-word test
    /// and stemming, and shares the strings. (Boxed: a table of `str` keys and one-word values
    /// shares its code with one the module has.)
    static PIECES: std::cell::RefCell<HashMap<Box<str>, Box<Analysed>>> =
        std::cell::RefCell::new(HashMap::default());
}

/// The lowercase form and stem of one word piece, or `None` when it is not a content word.
fn piece(part: &str) -> Analysed {
    if part.len() > CACHED_WORD_BYTES {
        return analyse(part);
    }
    if let Some(hit) = PIECES.with(|c| c.borrow().get(part).map(|a| Analysed::clone(a))) {
        return hit;
    }
    let analysed = analyse(part);
    PIECES.with(|c| {
        let mut m = c.borrow_mut();
        if m.len() >= STEM_CACHE_MAX {
            m.clear();
        }
        m.insert(part.into(), Box::new(analysed.clone()));
    });
    analysed
}

fn analyse(part: &str) -> Analysed {
    if part.len() < 2 && !part.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let lower = part.lower();
    if lower.chars().count() < 2 && !lower.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if is_stop(&lower) {
        return None;
    }
    // "1,000" and "1000" are one quantity: digit groups lose their separators.
    let stem: Rc<str> = match ungrouped(&lower) {
        Some(n) => n.into(),
        None => stem(&lower).into(),
    };
    let w = weight(&stem);
    Some((lower.into(), stem, w))
}

/// `1,000` or `12,500,000` without its group separators; `None` for anything else (`1,5`,
/// `1.000`, which is a decimal in English text).
fn ungrouped(word: &str) -> Option<String> {
    let mut groups = word.split(',');
    let head = groups.next()?;
    let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
    if head.is_empty() || head.len() > 3 || !digits(head) || !word.contains(',') {
        return None;
    }
    let mut out = String::from(head);
    for g in groups {
        if g.len() != 3 || !digits(g) {
            return None;
        }
        out.push_str(g);
    }
    Some(out)
}

/// A list marker: a number of one or two digits written `(3)`, or opening its line as `3.` or
/// `3)`. It orders the items; it is not something the result must mention.
fn list_marker(text: &str, at: usize, word: &str) -> bool {
    if word.is_empty() || word.len() > 2 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let bytes = text.as_bytes();
    let before = at.checked_sub(1).and_then(|i| bytes.get(i)).copied();
    let after = bytes.get(at + word.len()).copied();
    // "(3)" opening a part, not "retry(3)" (a call's argument).
    let spaced_open = at
        .checked_sub(2)
        .and_then(|i| bytes.get(i))
        .is_none_or(|b| b.is_ascii_whitespace() || *b == b':');
    if before == Some(b'(') && after == Some(b')') && spaced_open {
        return true;
    }
    let line_start = bytes
        .get(..at)
        .unwrap_or_default()
        .iter()
        .rev()
        .take_while(|&&b| b != b'\n')
        .all(|b| *b == b' ' || *b == b'\t');
    let closes = matches!(after, Some(b'.' | b')'));
    let spaced = bytes
        .get(at + word.len() + 1)
        .is_none_or(|b| b.is_ascii_whitespace());
    line_start && closes && spaced
}

/// Runs of word characters in `text` with their byte offsets: an ASCII byte is a word character
/// when `ascii_word` says so, any other character when it is alphanumeric. One byte scan; a
/// character is decoded only at a non-ASCII byte (decoding every character cost more than the
/// checks that read the words).
pub fn word_runs(
    text: &str,
    ascii_word: impl Fn(u8) -> bool,
) -> impl Iterator<Item = (usize, &str)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        let mut start = None;
        while let Some(&b) = bytes.get(i) {
            let (inside, len) = if b.is_ascii() {
                (ascii_word(b), 1)
            } else {
                text.get(i..)
                    .and_then(|rest| rest.chars().next())
                    .map_or((false, 1), |c| (c.is_alphanumeric(), c.len_utf8()))
            };
            match (inside, start) {
                (true, None) => start = Some(i),
                (false, Some(from)) => {
                    let run = text.get(from..i).unwrap_or_default();
                    i += len;
                    return Some((from, run));
                }
                _ => {}
            }
            i += len;
        }
        start.map(|from| (from, text.get(from..).unwrap_or_default()))
    })
}

/// Content words of `text`, in order: letters or digits, stop words removed, stemmed.
pub fn tokens(text: &str) -> Vec<Token> {
    // About one content word per ten bytes: sized once instead of grown.
    let mut out = Vec::with_capacity(text.len() / 10 + 1);
    let mut push = |part: &str, at: usize| {
        if let Some((word, stem, weight)) = piece(part) {
            out.push(Token {
                word,
                stem,
                weight,
                at,
            });
        }
    };
    for (at, w) in segment::words(text) {
        // Most words are plain lowercase: nothing to split, no parts vector.
        if w.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        {
            if !list_marker(text, at, w) {
                push(w, at);
            }
            continue;
        }
        for (off, part) in split_identifier(w) {
            push(part, at + off);
        }
    }
    out
}

/// Splits `snake_case`, `kebab-case` and `camelCase` words into parts (with byte offsets).
pub fn split_identifier(w: &str) -> Vec<(usize, &str)> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut prev: Option<char> = None;
    for (i, c) in w.char_indices() {
        let sep = matches!(c, '_' | '-' | '.' | '/');
        let boundary = sep || (c.is_uppercase() && prev.is_some_and(char::is_lowercase));
        if boundary {
            if let Some(p) = w.get(start..i) {
                if !p.is_empty() {
                    parts.push((start, p));
                }
            }
            start = if sep { i + c.len_utf8() } else { i };
        }
        prev = Some(c);
    }
    if let Some(p) = w.get(start..) {
        if !p.is_empty() {
            parts.push((start, p));
        }
    }
    parts
}

/// Code-like identifiers, whole and lowercased: `apply_coupon`, `billing/coupons.py`,
/// `httpx.asyncclient`, `validateemail`, `db_url`. File extensions are kept.
pub fn identifiers(text: &str) -> Vec<String> {
    identifiers_at(text).into_iter().map(|(_, id)| id).gather()
}

/// [`identifiers`] with their byte offsets in `text`.
pub fn identifiers_at(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let is_part =
        |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'/' | b'-' | b'@');
    let mut i = 0;
    while i < bytes.len() {
        if !bytes.get(i).copied().is_some_and(is_part) {
            i += 1;
            continue;
        }
        let start = i;
        while bytes.get(i).copied().is_some_and(is_part) {
            i += 1;
        }
        let raw = text.get(start..i).unwrap_or_default();
        // Most words are plain lowercase letters: no separator, no capital, not code.
        if raw
            .bytes()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        {
            continue;
        }
        let trimmed = raw.trim_start_matches(&['.', '-', '/', '@'][..]);
        let lead = raw.len() - trimmed.len();
        let trimmed = trimmed.trim_end_matches(&['.', '-', '/', '@'][..]);
        if is_identifier(trimmed) {
            out.push((start + lead, trimmed.lower()));
        }
    }
    out
}

fn is_identifier(s: &str) -> bool {
    if s.len() < 3 || !s.chars().any(|c| c.is_ascii_alphabetic()) || s.has("://") {
        return false;
    }
    // "a/b" in prose ("caloric/nutrient") is not a path; "src/a.ts" and "a/b/c" are.
    let path =
        s.contains('/') && (s.contains('.') || s.contains('_') || s.matches('/').count() >= 2);
    let has_sep = s.contains('_') || (s.contains('.') && !s.ends_with('.')) || path;
    // Candidates are ASCII (see `identifiers`), so bytes are characters.
    let b = s.as_bytes();
    // lowerCamel (validateEmail) is code; UpperCamel words (JavaScript, GitHub) are names.
    let camel = b.first().is_some_and(u8::is_ascii_lowercase)
        && b.windows(2)
            .any(|w| matches!(w, [x, y] if x.is_ascii_lowercase() && y.is_ascii_uppercase()));
    let all_caps = s.len() >= 3
        && s.chars()
            .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit())
        && s.contains('_');
    // "e.g", "i.e" and plain sentences joined by dots are not identifiers.
    let dotted_word = s.contains('.') && s.split('.').all(|p| p.len() <= 1);
    (has_sep || camel || all_caps) && !dotted_word
}

/// Where `needle` first occurs in `hay`, as `str::find` with a `&str`. Most hays here are one
/// sentence, searched for many short needles: building std's two-way searcher per call cost
/// more than the search, so a short hay is scanned from each occurrence of the needle's first
/// byte. A long one gets std's searcher (linear whatever the text); up to 4 KB (a whole
/// message, searched phrase by phrase) the scan's worst case, every byte a candidate, is still
/// a few microseconds for these needles.
pub fn find(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    if h.len() > 4096 || n.len() > 64 {
        return hay.find(needle);
    }
    let Some((&first, rest)) = n.split_first() else {
        return Some(0);
    };
    if n.len() > h.len() {
        return None;
    }
    // Compared byte by byte: these needles are a few bytes, and a slice comparison is a call to
    // `memcmp` per candidate (its own function in wasm, out of line natively).
    memchr::memchr_iter(first, h).find(|&i| {
        h.get(i + 1..i + n.len())
            .is_some_and(|c| c.iter().zip(rest).all(|(a, b)| a == b))
    })
}

/// Whether `needle` occurs in `hay` (`str::contains` with a `&str`; see [`find`]).
pub fn contains(hay: &str, needle: &str) -> bool {
    find(hay, needle).is_some()
}

/// Byte offset of `inner` in `outer` when `inner` is a slice of it.
pub fn offset_in(outer: &str, inner: &str) -> Option<usize> {
    let at = (inner.as_ptr() as usize).checked_sub(outer.as_ptr() as usize)?;
    (at + inner.len() <= outer.len()).then_some(at)
}

/// Sentences of `text`, with their byte ranges: split at `.!?` followed by space, and at lines.
pub fn sentences(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut line_at = 0;
    for line in text.split('\n') {
        for (off, s) in segment::sentence_pieces(line) {
            let t = s.trim();
            if t.chars().any(char::is_alphanumeric) {
                let lead = s.len() - s.trim_start().len();
                out.push((line_at + off + lead, t));
            }
        }
        line_at += line.len() + 1;
    }
    out
}

/// The first sentence of `text` that reports work on a file: an identifier `file` accepts and,
/// when `verbs` is given, a word starting with one of them (stems, so past tenses match:
/// "rewrot", "migrat"). A child's completion report names the files it touched.
pub fn file_report<'a>(
    text: &'a str,
    verbs: Option<&[&str]>,
    file: impl Fn(&str) -> bool,
) -> Option<&'a str> {
    sentences(text).into_iter().map(|(_, s)| s).find(|s| {
        let verb = verbs.is_none_or(|verbs| {
            let code = inline_code_spans(s);
            word_runs(s, crate::drift::text::alnum).any(|(at, w)| {
                begins_with_any(w, verbs) && stands_alone(s, at, w) && !in_spans(&code, at)
            })
        });
        verb && identifiers(s).iter().any(|id| file(id))
    })
}

/// Whether `word` begins with one of `stems`, in any ASCII case ("Updated" with "updat").
pub fn begins_with_any(word: &str, stems: &[&str]) -> bool {
    stems.iter().any(|v| {
        word.get(..v.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(v))
    })
}

/// Whether the word `w` at byte `at` of `text` stands as a word of its own, not as a piece of
/// a name or a path: "update" in `teams.update.spec.ts` or `lib/update/x`, "add" in
/// `add_features` or `add-on`, "updated" in `updatedAt` name things, they report no action.
/// A '.' joins only when a letter or digit follows it ("updated." ends a sentence); a '-' only
/// after the word ("re-added" is still a verb); a '/' only inside a path ("added/updated" is
/// two verbs). `text` as written: a lower-case letter followed by a capital inside `w` makes
/// it a camelCase name.
pub fn stands_alone(text: &str, at: usize, w: &str) -> bool {
    let mut prev_lower = false;
    for c in w.chars() {
        if prev_lower && c.is_uppercase() {
            return false;
        }
        prev_lower = c.is_lowercase();
    }
    let before = text.get(..at).unwrap_or_default();
    let mut back = before.chars().rev();
    let joined_before = match back.next() {
        Some(c) if c.is_alphanumeric() || c == '_' => true,
        Some('.') => back.next().is_some_and(char::is_alphanumeric),
        Some('/') => in_path(text, at, w.len()),
        _ => false,
    };
    let mut ahead = text.get(at + w.len()..).unwrap_or_default().chars();
    let joined_after = match ahead.next() {
        Some(c) if c.is_alphanumeric() || c == '_' => true,
        Some('.' | '-') => ahead.next().is_some_and(char::is_alphanumeric),
        Some('/') => in_path(text, at, w.len()),
        _ => false,
    };
    !joined_before && !joined_after
}

/// Whether the word at `at..at + len` sits in a path: the run of non-space characters around it
/// (looked at up to 120 bytes each way, so a long run costs each word a bounded look) holds two
/// '/' or a file extension.
fn in_path(text: &str, at: usize, len: usize) -> bool {
    let mut from = at.saturating_sub(120);
    while from > 0 && !text.is_char_boundary(from) {
        from -= 1;
    }
    let mut to = (at + len + 120).min(text.len());
    while to < text.len() && !text.is_char_boundary(to) {
        to += 1;
    }
    let head = text.get(from..at).unwrap_or_default();
    let tail = text.get(at..to).unwrap_or_default();
    let head = head
        .rfind(crate::drift::text::char_test(char::is_whitespace))
        .map_or(head, |i| head.get(i + 1..).unwrap_or_default());
    let tail = tail
        .find(crate::drift::text::char_test(char::is_whitespace))
        .map_or(tail, |i| tail.get(..i).unwrap_or_default());
    let slashes = head.matches('/').count() + tail.matches('/').count();
    let extension = tail.rsplit_once('.').is_some_and(|(_, ext)| {
        (1..=5).contains(&ext.len()) && ext.bytes().all(|b| b.is_ascii_alphanumeric())
    });
    slashes >= 2 || extension
}

/// The text outside parentheses ("computeTax(amount, region)" gives "computeTax"): an aside
/// is neither a ban's object nor a listed name.
pub fn outside_parentheses(text: &str) -> String {
    let mut depth = 0usize;
    text.chars()
        .filter(|&c| {
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                _ => return depth == 0,
            }
            false
        })
        .gather_text()
}

/// The inline code spans of `text`: the parts between backquotes, paired from the first (one
/// left open runs to the end).
pub fn code_spans(text: &str) -> Vec<&str> {
    quoted_spans(text, &['`'])
}

/// The parts of `text` between any of `marks`, paired from the first (one left open runs to
/// the end): "a 'b' c" with `'` gives "b". Shared by every quote walk.
pub fn quoted_spans<'a>(text: &'a str, marks: &[char]) -> Vec<&'a str> {
    text.split(marks).skip(1).step_by(2).gather()
}

/// The text outside inline code spans, each span replaced by a space ("set `X` here" gives
/// "set   here"): what the prose itself says.
pub fn outside_code_spans(text: &str) -> String {
    prose_spans(text).join(" ")
}

/// The parts of `text` outside inline code spans, in order ("set `X` here" gives "set ",
/// " here").
pub fn prose_spans(text: &str) -> Vec<&str> {
    text.split('`').step_by(2).gather()
}

/// Whether byte `at` of `text` sits inside parentheses opened before it ("integers (no
/// commas)": an aside that qualifies what it follows, not the whole answer).
pub fn in_parentheses(text: &str, at: usize) -> bool {
    let mut depth = 0usize;
    for b in text.as_bytes().iter().take(at) {
        match b {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    depth > 0
}

/// A share in 0..=1 as a whole percentage, rounded half up ("34"): integer formatting, so that
/// the module carries no float-to-decimal formatter for evidence text.
pub fn percent(share: f64) -> u32 {
    // Saturating cast; a share is never negative here.
    (share * 100.0 + 0.5) as u32
}

/// `c` in lower case, for the scripts messages are written in: Latin (with Latin-1, Extended-A,
/// Romanian's comma letters and Extended Additional), Greek, Cyrillic, Armenian and full-width
/// Latin; any other character as it stands. Each maps to a character of the same UTF-8 length,
/// so byte offsets found in the lowered text hold in the original. Not `char::to_lowercase`:
/// Unicode's whole case table and its final-sigma rules cost about 8 KB gzipped of the module
/// (issue 14). Where it differs from the standard mapping: "İ" stays (the standard one gives two
/// characters) and a final "Σ" lowers to "σ", not "ς".
pub fn lower_char(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let u = c as u32;
    let even_up = |lo: u32, hi: u32| (lo..=hi).contains(&u) && u % 2 == lo % 2;
    let to = match u {
        0x41..=0x5A
        | 0xC0..=0xD6
        | 0xD8..=0xDE
        | 0x391..=0x3A1
        | 0x3A3..=0x3AB
        | 0x410..=0x42F
        | 0xFF21..=0xFF3A => u + 32,
        0x178 => 0xFF,
        0x18F => 0x259,
        0x386 => 0x3AC,
        0x388..=0x38A => u + 37,
        0x38C => 0x3CC,
        0x38E..=0x38F => u + 63,
        0x400..=0x40F => u + 80,
        0x531..=0x556 => u + 48,
        _ if even_up(0x100, 0x12F)
            || even_up(0x132, 0x137)
            || even_up(0x139, 0x148)
            || even_up(0x14A, 0x177)
            || even_up(0x179, 0x17E)
            || even_up(0x1A0, 0x1A1)
            || even_up(0x1AF, 0x1B0)
            || even_up(0x1CD, 0x1DC)
            || even_up(0x200, 0x21F)
            || even_up(0x222, 0x233)
            || even_up(0x460, 0x481)
            || even_up(0x48A, 0x4BF)
            || even_up(0x4C1, 0x4CE)
            || even_up(0x4D0, 0x52F)
            || even_up(0x1E00, 0x1E95)
            || even_up(0x1EA0, 0x1EFF) =>
        {
            u + 1
        }
        _ => u,
    };
    char::from_u32(to).unwrap_or(c)
}

/// Text in lower case by [`lower_char`].
pub fn lower(s: &str) -> String {
    // Most text is ASCII: the byte path (the standard lower-casing had one too).
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    s.chars().map(lower_char).collect()
}

/// `.lower()` on text: [`lower`].
pub trait Lower {
    fn lower(&self) -> String;
}

/// A line cut to what evidence shows: its first 120 characters (one body for every call site).
pub trait Clip {
    fn clip(&self) -> String;
}

impl Clip for str {
    #[inline(never)]
    fn clip(&self) -> String {
        self.chars().take(120).gather_text()
    }
}

/// `str::contains` and `str::find` with a phrase, by [`find`]: the standard search sets up a
/// two-way searcher per call, which on the parsers' short sentences cost more than the search.
pub trait Has {
    fn has(&self, needle: &str) -> bool;
    fn find_str(&self, needle: &str) -> Option<usize>;
}

impl Has for str {
    fn has(&self, needle: &str) -> bool {
        contains(self, needle)
    }
    fn find_str(&self, needle: &str) -> Option<usize> {
        find(self, needle)
    }
}

impl Lower for str {
    fn lower(&self) -> String {
        lower(self)
    }
}

/// A number as a reason shows it: "4", "3.5", "0.125" (six decimals at most). Not `f64`'s
/// `Display`: its shortest-digits algorithms (Grisu with Dragon4 behind it) and their tables
/// cost about 4 KB gzipped of the module (issue 14), for a figure a message quotes.
pub fn show_number(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "NaN".into()
        } else if x > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    // A whole number as it is, up to where doubles hold every integer.
    if x.fract() == 0.0 && x.abs() < 9_007_199_254_740_992.0 {
        return format!("{}", x as i64);
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let scaled = (x.abs() * 1e6).round();
    if scaled >= 1e18 {
        // Past what six decimals in a u64 hold; no message quotes such a figure.
        return format!("{sign}1e12 or more");
    }
    let scaled = scaled as u64;
    let (whole, frac) = (scaled / 1_000_000, scaled % 1_000_000);
    if frac == 0 {
        return format!("{sign}{whole}");
    }
    let digits = format!("{frac:06}");
    format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
}

/// A decimal written in digits ("12", "3.5", "4."), or `None`. Not `str::parse::<f64>`: the
/// standard float parser brings 20 KB of power-of-five tables into the module (issue 14), and
/// counts, ratings and versions need no exponent.
pub fn decimal(s: &str) -> Option<f64> {
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() || !digits(int) || !digits(frac) {
        return None;
    }
    let int = int.bytes().fold(0.0, |v, b| v * 10.0 + f64::from(b - b'0'));
    let (frac, _) = frac.bytes().fold((0.0, 1.0), |(v, scale), b| {
        let scale = scale / 10.0;
        (v + f64::from(b - b'0') * scale, scale)
    });
    Some(int + frac)
}

/// The inline code spans of `text` (`UPDATE …` in a sentence quotes the program, it reports
/// nothing): byte ranges between a backtick and the next on its line; a backtick left open
/// runs to the end of its line. Found in one pass, so that asking about every word stays
/// linear in the text (scanning back to each word's line start was quadratic on a long line).
pub fn inline_code_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (i, b) in text.bytes().enumerate() {
        match (b, open) {
            (b'`', None) => open = Some(i + 1),
            (b'`', Some(from)) => {
                out.push((from, i));
                open = None;
            }
            (b'\n', Some(from)) => {
                out.push((from, i));
                open = None;
            }
            _ => {}
        }
    }
    if let Some(from) = open {
        out.push((from, text.len()));
    }
    out
}

/// Whether byte `at` lies in one of `spans` (sorted, as [`inline_code_spans`] gives them).
pub fn in_spans(spans: &[(usize, usize)], at: usize) -> bool {
    let i = spans.partition_point(|&(_, end)| end <= at);
    spans.get(i).is_some_and(|&(from, _)| from <= at)
}

/// Whether `word` is one of `list`'s words, joined by `|` (see [`in_list`]), ASCII case ignored.
pub fn one_of_in(word: &str, list: &str) -> bool {
    list.split('|').any(|x| word.eq_ignore_ascii_case(x))
}

/// The words of `s`: runs of letters, digits and `_`.
fn word_pieces(s: &str) -> impl Iterator<Item = &str> {
    s.split(crate::drift::text::char_test(|c: char| {
        !(c.is_alphanumeric() || c == '_')
    }))
    .filter(|w| !w.is_empty())
}

/// Where the last word of `s` (letters, digits, `_`) starts: after the last other character,
/// whatever its width in bytes.
fn last_word_start(s: &str) -> usize {
    s.char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// Roo Code's orchestrator ends each delegation with process boilerplate (its system prompt asks
/// for "an instruction for the subtask to signal completion by using the `attempt_completion`
/// tool …" and a statement that its instructions "supersede" the mode's own): not part of the
/// task. Only the process words go. The template's own statements ("these instructions supersede
/// …", "only perform the work outlined in these instructions and do not deviate", a sentence that
/// only restates the report) are dropped whole; in a sentence that
/// names the completion tool, the task before it stays ("Rename `load()`, then reply via
/// attempt_completion") and so does what the report must hold ("attempt_completion listing the
/// renamed files", "Report via attempt_completion: the diff, and don't merge it").
pub fn strip_boilerplate(text: &str) -> String {
    static CUES: super::phrases::Phrases =
        super::phrases::Phrases::any_case("attempt_completion|signal completion");
    // The template's statement that its instructions win, and its words for it.
    static SUPERSEDE: super::phrases::Phrases = super::phrases::Phrases::any_case(
        "supersede|supercede|take precedence|takes precedence|override any|overrides any",
    );
    static DEVIATE: super::phrases::Phrases = super::phrases::Phrases::any_case("deviate");
    // The template's subject: its own instructions ("mode-specific instructions take precedence
    // over global ones" is a task).
    static THESE: super::phrases::Phrases = super::phrases::Phrases::any_case(
"these instructions|these specific instructions|the instructions in this message|this message's instructions");
    // "Only perform the work outlined in these instructions / this message and do not deviate."
    static OUTLINED: super::phrases::Phrases = super::phrases::Phrases::any_case(
        "work outlined in these instructions|work outlined in this message|work outlined here",
    );
    // What the template says of the report, in a sentence of its own.
    static REPORT: super::phrases::Phrases =
        super::phrases::Phrases::any_case("result parameter|source of truth");
    if !CUES.any(text) && !SUPERSEDE.any(text) && !DEVIATE.any(text) && !REPORT.any(text) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        for (_, s) in segment::sentence_pieces(line) {
            // "These instructions supersede …", "Only perform the work outlined in these
            // instructions and do not deviate": the template's own statements ("env vars
            // supersede file values" is a task).
            if (SUPERSEDE.any(s) && THESE.any(s)) || (DEVIATE.any(s) && OUTLINED.any(s)) {
                continue;
            }
            // The first cue that names the tool the child reports with.
            let mut cues = CUES.occurrences(s);
            crate::sort::sort(&mut cues);
            let used = cues.iter().copied().find(|&(at, cue)| {
                let after = s.get(at + cue.len()..).unwrap_or_default();
                if cue == "attempt_completion" {
                    tool_used(s, at, after)
                } else {
                    completion_signalled(after)
                }
            });
            let Some((at, cue)) = used else {
                if REPORT.any(s) && template_report(s) {
                    continue;
                }
                out.push_str(s);
                continue;
            };
            // After the last cue: "Signal completion with the attempt_completion tool, …".
            let end = cues
                .iter()
                .filter(|&&(a, _)| a >= at)
                .map(|&(a, c)| a + c.len())
                .max()
                .unwrap_or(at + cue.len());
            let task = task_before(s.get(..at).unwrap_or_default());
            // "Do not call attempt_completion until …": the tool is what the task is about.
            let only_negation = !task.is_empty()
                && task
                    .split(crate::drift::text::char_test(|c: char| {
                        !(c.is_alphanumeric() || c == '\'')
                    }))
                    .filter(|w| !w.is_empty())
                    .all(|w| one_of_in(w, "do|not|don't|never|only|please|t|don|forget|to"));
            if only_negation {
                out.push_str(s);
                continue;
            }
            out.push_str(&task);
            out.push_str(&after_tool(s.get(end..).unwrap_or_default()));
        }
        out.push('\n');
    }
    out
}

/// Whether "signal completion" at a sentence's position is the report ("signal completion by
/// using …", "signal completion when done") and not a task's words ("a signal completion
/// handler").
fn completion_signalled(after: &str) -> bool {
    let rest = after.trim_start_matches(&[' ', '`', '*'][..]);
    let next = rest
        .split(crate::drift::text::not_alnum_char)
        .next()
        .unwrap_or_default();
    rest.is_empty()
        || rest.starts_with(&[',', '.', ':', ';'][..])
        || one_of_in(next, "by|with|using|via|through|when|once")
}

/// Whether the tool named at `at` is the one the child reports with ("via", "using the", "call",
/// "your `attempt_completion` result", or opening a clause), not the subject of the task ("fix
/// the bug where attempt_completion returns …", "add a test for attempt_completion"). At the
/// start of a sentence only when what follows is about the report ("attempt_completion: …",
/// "attempt_completion with …"), not when the tool is the subject ("The attempt_completion tool
/// should validate …").
fn tool_used(s: &str, at: usize, after: &str) -> bool {
    const USE: &str =
        "via|with|using|use|through|call|calling|by|invoke|invoking|your|then|trigger";
    let mut before = s.get(..at).unwrap_or_default();
    loop {
        before = before.trim_end_matches(&[' ', '`', '*', '\'', '"'][..]);
        if before.ends_with(&[',', ';', ':', '(', '-'][..]) {
            return true;
        }
        if before.trim().is_empty() {
            return !report_contents(after).is_empty() || opens_report(after);
        }
        let start = last_word_start(before);
        let last = before.get(start..).unwrap_or_default();
        if one_of_in(last, "the|a|an") {
            before = before.get(..start).unwrap_or_default();
            continue;
        }
        return one_of_in(last, USE);
    }
}

/// Whether the words after a sentence-opening tool name introduce the report: nothing, ":",
/// "tool" with "with"/"to"/"," or its end.
fn opens_report(after: &str) -> bool {
    let rest = after.trim_start_matches(crate::drift::text::char_test(|c: char| {
        c.is_whitespace() || matches!(c, '`' | '*')
    }));
    if rest.is_empty() || rest.starts_with(&[':', '.', ','][..]) {
        return true;
    }
    let Some(r) = rest.strip_prefix("tool") else {
        return false;
    };
    let r = r.trim_start_matches(crate::drift::text::char_test(|c: char| {
        c.is_whitespace() || c == '`'
    }));
    r.is_empty()
        || r.starts_with(&[',', '.', ':'][..])
        || r.split_whitespace()
            .next()
            .is_some_and(|w| one_of_in(w, "with|to"))
}

/// The task written before the completion tool in its sentence, without the words that lead to
/// the tool ("…, then reply via", "Summarize the change via", "Finish with").
fn task_before(before: &str) -> String {
    const LEADS: &str = "via|with|using|use|the|in|by|through|and|then|report|back|return|it|finish|call|as|your|a|an|when|done|reply|respond";
    let mut kept = before.trim_end_matches(&[' ', '`', '*'][..]);
    loop {
        let t = kept.trim_end_matches(&[' ', ',', ';', '`', '*', '('][..]);
        let start = last_word_start(t);
        let last = t.get(start..).unwrap_or_default();
        if last.is_empty() || !one_of_in(last, LEADS) {
            kept = t;
            break;
        }
        kept = t.get(..start).unwrap_or_default();
    }
    if kept.trim().is_empty() || only_timing(kept) {
        String::new()
    } else {
        format!("{kept}. ")
    }
}

/// A clause that only times the report: "When finished", "Once you are done", "Upon
/// completion", "After completing the task" ("After fixing X and adding tests" is the task).
fn only_timing(clause: &str) -> bool {
    const TIMING: &str = "everything|your|finished|done|complete|completed|completing|finishing|you|are|have|the|task|this|work|all|is|it|completion";
    let mut words = clause.split_whitespace();
    words
        .next()
        .is_some_and(|w| one_of_in(w, "when|once|after|upon"))
        && words.all(|w| {
            let w = w.trim_matches(crate::drift::text::not_alnum_char);
            one_of_in(w, TIMING)
        })
}

/// What follows the completion tool: what the report must hold ("with …", "listing …", ": …",
/// "result: …"), a task clause after a comma ("…, run the tests first") or a condition ("only
/// after the migration ran"), as sentences of their own; nothing for the rest of the template
/// ("tool, providing a concise yet thorough summary …", "when done").
fn after_tool(after: &str) -> String {
    let rest = after.trim_start_matches(crate::drift::text::char_test(|c: char| {
        c.is_whitespace() || matches!(c, '`' | '*')
    }));
    let rest = rest.strip_prefix("tool").map_or(rest, |r| {
        r.trim_start_matches(crate::drift::text::char_test(|c: char| {
            c.is_whitespace() || c == '`'
        }))
    });
    let contents = report_contents(rest);
    if !contents.is_empty() {
        return contents;
    }
    let (clause, after_comma) = match rest.strip_prefix(&[',', ';'][..]) {
        Some(r) => (r.trim_start(), true),
        None => (rest, false),
    };
    let first = clause
        .split(crate::drift::text::not_alnum_char)
        .next()
        .unwrap_or_default();
    let condition = one_of_in(first, "until|after|before|once|only|unless|when");
    let template = one_of_in(
        first,
        "providing|including|summarizing|summarising|describing|keeping|and|then|to|so|which|that",
    );
    // "…, then delete the temp branch": work after "then"/"and" is a task ("and provide a
    // summary" is not: it says only that there is a report).
    let rest = clause.get(first.len()..).unwrap_or_default();
    let joined_work = one_of_in(first, "then|and")
        && {
            let verb = rest.split_whitespace().next().unwrap_or_default();
            !one_of_in(verb, "provide|include|give|summarize|summarise|report|describe|list|return|use|make|be|providing|including") && !verb.is_empty()
        };
    if joined_work {
        sentence_of(rest)
    } else if (condition && !only_timing(clause)) || (after_comma && !template) {
        sentence_of(clause)
    } else {
        String::new()
    }
}

/// What the report must hold, when the words say so: "with …", "containing …", "listing …",
/// ": …", "result should be …"; nothing for a report that is only "a concise summary of the
/// outcome" or for the template's "keeping in mind … source of truth" tail.
fn report_contents(rest: &str) -> String {
    const INTRODUCERS: &str =
        "with|containing|listing|including|summarizing|summarising|describing|result";
    let contents = if let Some(r) = rest.strip_prefix(':') {
        r
    } else {
        let first = rest.split_whitespace().next().unwrap_or_default();
        let word = first.trim_end_matches(&[':', ','][..]);
        if one_of_in(word, INTRODUCERS) {
            rest.get(first.len()..).unwrap_or_default()
        } else {
            return String::new();
        }
    };
    // The template's tail is no content.
    let lower = contents.to_ascii_lowercase();
    let cut = first_of(
        &lower,
        ", keeping in mind|keeping in mind|source of truth|, this summary",
    )
    // From the start of the clause that holds the tail ("…; this summary is the source of …").
    .map(|at| {
        lower
            .get(..at)
            .unwrap_or_default()
            .rfind(&[',', ';'][..])
            .unwrap_or(at)
    })
    .unwrap_or(contents.len());
    sentence_of(contents.get(..cut).unwrap_or(contents))
}

/// Whether a sentence only restates the template's report ("Provide a concise yet thorough
/// summary of the outcome in the result parameter.", "This summary will be the source of truth
/// used to keep track of what was completed."); "Make the database the source of truth for
/// settings" is a task.
fn template_report(s: &str) -> bool {
    const WORDS: &str = "provide|providing|give|keeping|keep|mind|will|be|is|used|use|to|track|tracking|of|source|truth|for|on|project|summary|it|that|as|which|should|must|remember|note|so";
    word_pieces(s).all(|w| one_of_in(w, WORDS) || one_of_in(w, REPORT_WORDS))
}

/// Words that say only that there is a report.
const REPORT_WORDS: &str = "a|an|the|of|in|and|your|its|this|that|what|you|was|were|did|done|concise|yet|thorough|brief|short|detailed|clear|complete|summary|outcome|outcomes|result|results|parameter|field|work|accomplished|achieved|completed|changes|changed|made|performed|task|have|has|all";

/// `text` as a sentence of its own (capitalised, ended), or nothing when it only says that
/// there is a report.
fn sentence_of(text: &str) -> String {
    let text = text.trim().trim_end_matches(&[',', ';'][..]);
    let generic = word_pieces(text).all(|w| one_of_in(w, REPORT_WORDS));
    if generic {
        return String::new();
    }
    // ASCII only: a full Unicode upper-casing pulls its case table (about 4 KB gzipped) into
    // the module for this one letter.
    let mut chars = text.chars();
    let first: String = chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string())
        .unwrap_or_default();
    let end = if text.ends_with(&['.', '!', '?', ':'][..]) {
        " "
    } else {
        ". "
    };
    format!("{first}{}{end}", chars.as_str())
}

/// Names the result defines in code: `function x`, `def x`, `class X`, `fn x`, methods.
pub fn definitions(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        let after = strip_any(
            t,
            "function |def |class |fn |async def |async function |export function |export class |pub fn ",
        );
        let name: Option<String> = match after {
            Some(rest) => Some(
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .gather_text(),
            ),
            // A method: `name(args) {` at the start of an indented line.
            None if line.starts_with("  ") && t.ends_with('{') && t.contains('(') => {
                let n: String = t
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .gather_text();
                (!crate::drift::text::in_list("if|for|while|switch|catch|constructor|", n.as_str()))
                    .then_some(n)
            }
            None => None,
        };
        if let Some(n) = name.filter(|n| !n.is_empty() && !n.starts_with("__")) {
            out.push(n.lower());
        }
    }
    out
}

/// Whether `word` is one of the names of `list`, written joined by `|` ("a|b|c"): one static
/// string per list instead of a pointer and a length per name (the module's size budget).
pub fn in_list(list: &'static str, word: impl AsRef<str>) -> bool {
    in_list_str(list, word.as_ref())
}

// One body for every type of `word` (seven copies were 1 KB of the module).
#[inline(never)]
fn in_list_str(list: &'static str, w: &str) -> bool {
    parts(list).binary_search_by(|p| by_length(p, w)).is_ok()
}

/// A literal list's place and length (a literal may be another's prefix), and its phrases.
type Split = (usize, usize, &'static [&'static str]);

/// Slots of the lists' front table (direct-mapped by place and length).
const RECENT: usize = 512;

/// Every literal list split so far: a front table, and behind it all of them sorted by place.
struct Lists {
    recent: [Option<Split>; RECENT],
    all: Vec<Split>,
}

thread_local! {
    /// Each literal list's phrases, split at its first use: the list tests run per word and
    /// per sentence with the same few hundred lists, and splitting them again each time was an
    /// eighth of the drift stage's time. The lists are static, so the slices live as long.
    static PARTS: std::cell::RefCell<Lists> = const {
        std::cell::RefCell::new(Lists { recent: [None; RECENT], all: Vec::new() })
    };
}

/// Length first: most probes of a search end there, without comparing bytes.
fn by_length(a: &str, b: &str) -> std::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// The phrases of a '|'-joined literal list, sorted by [`by_length`] (every list test is "any
/// of them").
pub(crate) fn parts(list: &'static str) -> &'static [&'static str] {
    let key = (list.as_ptr() as usize, list.len());
    let split = || {
        let mut v: Vec<&'static str> = list.split('|').gather();
        crate::sort::sort_by(&mut v, |a, b| by_length(a, b));
        &*Vec::leak(v)
    };
    PARTS.with(|m| {
        let Ok(mut m) = m.try_borrow_mut() else {
            return split();
        };
        let slot = (key.0 ^ key.0 >> 9 ^ key.1) % RECENT;
        if let Some(Some((at, len, v))) = m.recent.get(slot) {
            if (*at, *len) == key {
                return *v;
            }
        }
        let v = match m.all.binary_search_by(|&(at, len, _)| (at, len).cmp(&key)) {
            Ok(i) => m.all.get(i).map_or_else(split, |e| e.2),
            Err(i) => {
                let v = split();
                m.all.insert(i, (key.0, key.1, v));
                v
            }
        };
        if let Some(r) = m.recent.get_mut(slot) {
            *r = Some((key.0, key.1, v));
        }
        v
    })
}

/// Whether word `i` of `ws` (text offset, word) is `word`: one call where a lookup and a
/// compare were inlined at each of a few hundred sites (issue 14's size budget).
#[inline(never)]
pub(crate) fn word_is(ws: &[(usize, &str)], i: usize, word: &str) -> bool {
    ws.get(i).is_some_and(|x| x.1 == word)
}

/// Whether word `i` of `ws` is one of `list`'s '|'-joined words ([`in_list`]).
#[inline(never)]
pub(crate) fn word_in(ws: &[(usize, &str)], i: usize, list: &'static str) -> bool {
    ws.get(i).is_some_and(|x| in_list_str(list, x.1))
}

/// [`word_in`] for a slice of words alone.
#[inline(never)]
pub(crate) fn str_in(ws: &[&str], i: usize, list: &'static str) -> bool {
    ws.get(i).is_some_and(|x| in_list_str(list, x))
}

/// Whether any of `ws` is one of `list`'s '|'-joined words ([`in_list`]): one loop where each
/// site compiled its own.
#[inline(never)]
pub(crate) fn any_word_in(ws: &[&str], list: &'static str) -> bool {
    ws.iter().any(|w| in_list_str(list, w))
}

/// [`word_is`] for a slice of words alone.
#[inline(never)]
pub(crate) fn str_is(ws: &[&str], i: usize, word: &str) -> bool {
    ws.get(i).is_some_and(|x| *x == word)
}

/// Whether the words `ws` hold `phrase`'s words (split at single spaces) in a row.
pub fn holds_words(ws: &[&str], phrase: &str) -> bool {
    let n = phrase.split(' ').count();
    ws.windows(n)
        .any(|x| x.iter().copied().eq(phrase.split(' ')))
}

/// Whether the words `ws` hold one of `list`'s '|'-joined phrases in a row ([`holds_words`]):
/// one string where a slice of word slices was a pointer and a length per word.
pub fn holds_words_any(ws: &[&str], list: &'static str) -> bool {
    list.split('|').any(|p| holds_words(ws, p))
}

/// Whether `text` starts with one of `list`'s '|'-joined phrases (as written, case kept): one
/// loop for every such list.
pub fn starts_with_any(text: &str, list: &'static str) -> bool {
    parts(list).iter().any(|p| text.starts_with(p))
}

/// Whether `text` ends with one of `list`'s '|'-joined phrases (as written, case kept).
pub fn ends_with_any(text: &str, list: &'static str) -> bool {
    parts(list).iter().any(|p| text.ends_with(p))
}

/// Whether `hay` holds one of `firsts` followed at once by one of `seconds` (both '|'-joined):
/// `contains` of every joined pair, without building the pairs.
pub fn any_pair_in(hay: &str, firsts: &'static str, seconds: &'static str) -> bool {
    let h = hay.as_bytes();
    parts(firsts).iter().any(|&f| {
        let Some(&b) = f.as_bytes().first() else {
            return any_in(hay, seconds);
        };
        any_in(hay, f)
            && memchr::memchr_iter(b, h).any(|i| {
                h.get(i..i + f.len()) == Some(f.as_bytes())
                    && hay
                        .get(i + f.len()..)
                        .is_some_and(|rest| parts(seconds).iter().any(|x| rest.starts_with(x)))
            })
    })
}

/// Word bytes for [`word_runs`], as named functions: one instance of the scan per kind of word,
/// where a closure at each call would be one per call site.
pub fn alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

/// [`alnum`] and the apostrophe ("don't").
pub fn alnum_apostrophe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'\''
}

/// [`alnum`] and the underscore (identifiers).
pub fn alnum_underscore(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// A char predicate as a `str` pattern. The predicates below are constants of this one type,
/// not `fn` items (each a type of its own): every `split`/`trim_matches`/`starts_with` is then
/// built once for all of them in the module. Lowercase, they read as the functions they were.
pub type CharTest = fn(char) -> bool;

/// A closure as a [`CharTest`]: a `split(|c: char| …)` of its own closure type is a `Split`
/// of its own in the module (each 200–400 bytes); through this, one for every predicate.
pub const fn char_test(f: CharTest) -> CharTest {
    f
}

/// Anything but a letter or digit (named for the same reason as [`alnum`]).
#[allow(non_upper_case_globals)]
pub const not_alnum_char: CharTest = |c| !c.is_alphanumeric();

/// The runs of letters and digits of `text`, in order (its split at [`not_alnum_char`], less
/// the empty parts): the loop once, not once per rule that reads words so.
pub fn alnum_words(text: &str) -> Vec<&str> {
    words_by(text, not_alnum_char)
}

/// The non-empty parts of `text` split at the characters `sep` holds for, in order: one loop for
/// every [`CharTest`].
fn words_by(text: &str, sep: CharTest) -> Vec<&str> {
    text.split(sep).gather().kept(|w| !w.is_empty())
}

/// `split(sep).filter(|w| !w.is_empty()).collect()` as a method, through `words_by`.
pub trait Words {
    fn words_by(&self, sep: CharTest) -> Vec<&str>;
}

impl Words for str {
    fn words_by(&self, sep: CharTest) -> Vec<&str> {
        words_by(self, sep)
    }
}

/// [`not_alnum_char`] for ASCII letters and digits.
#[allow(non_upper_case_globals)]
pub const not_ascii_alnum_char: CharTest = |c| !c.is_ascii_alphanumeric();

/// Anything but a letter.
#[allow(non_upper_case_globals)]
pub const not_alpha_char: CharTest = |c| !c.is_alphabetic();

/// An ASCII digit.
#[allow(non_upper_case_globals)]
pub const digit_char: CharTest = |c| c.is_ascii_digit();

/// An uppercase letter.
#[allow(non_upper_case_globals)]
pub const upper_char: CharTest = |c| c.is_uppercase();

/// An ASCII uppercase letter.
#[allow(non_upper_case_globals)]
pub const ascii_upper_char: CharTest = |c| c.is_ascii_uppercase();

/// An ASCII letter.
#[allow(non_upper_case_globals)]
pub const ascii_alpha_char: CharTest = |c| c.is_ascii_alphabetic();

/// Where the first of `list`'s '|'-joined phrases starts in `hay`, if any does: the earliest
/// marker of a chain ("; ", " - ", …). One function for every list (a slice and its iterator
/// chain at each call cost more module than the joined string).
pub fn first_of(hay: &str, list: &'static str) -> Option<usize> {
    with_pairs(hay, |pairs| {
        parts(list)
            .iter()
            .filter(|p| pairs.is_none_or(|s| s.may_hold(p.as_bytes())))
            .filter_map(|p| find(hay, p))
            .min()
    })
}

/// `text` after the first of `list`'s '|'-joined phrases, in the order written, that opens it
/// (`find_map` of `strip_prefix`, the loop once for every list).
pub fn strip_any<'a>(text: &'a str, list: &'static str) -> Option<&'a str> {
    list.split('|').find_map(|p| text.strip_prefix(p))
}

/// `text` before the first of `list`'s '|'-joined phrases, in the order written, that ends it.
pub fn strip_any_suffix<'a>(text: &'a str, list: &'static str) -> Option<&'a str> {
    list.split('|').find_map(|p| text.strip_suffix(p))
}

/// Just past the first occurrence in `hay` of the first of `list`'s '|'-joined phrases, in the
/// order written, that `hay` holds.
pub fn end_of_first(hay: &str, list: &'static str) -> Option<usize> {
    list.split('|')
        .find_map(|p| find(hay, p).map(|i| i + p.len()))
}

/// Where the first phrase of `list` to end in `hay` ends (each at its first occurrence).
pub fn first_end(hay: &str, list: &'static str) -> Option<usize> {
    parts(list)
        .iter()
        .filter_map(|p| find(hay, p).map(|i| i + p.len()))
        .min()
}

/// Where the last phrase of `list` to end in `hay` ends (each at its last occurrence).
pub fn last_end(hay: &str, list: &'static str) -> Option<usize> {
    parts(list)
        .iter()
        .filter_map(|p| hay.rfind(*p).map(|i| i + p.len()))
        .max()
}

/// Whether `hay` holds any of the phrases of `list`, joined by `|` (a substring test, as
/// `str::contains`).
pub fn contains_any(hay: impl AsRef<str>, list: &'static str) -> bool {
    any_in(hay.as_ref(), list)
}

/// Which byte pairs occur in a text: a 4096-bit set (each byte's low six bits, so some pairs
/// share a bit). A phrase with a pair the set lacks is not in the text; one with all its pairs
/// there is searched for. The parsers test a sentence against hundreds of phrases, most of them
/// absent, and a search each was most of their time.
struct Pairs([u64; 64]);

impl Pairs {
    fn of(text: &[u8]) -> Self {
        let mut bits = [0u64; 64];
        for w in text.windows(2) {
            if let [a, b] = w {
                let i = usize::from(a & 63) << 6 | usize::from(b & 63);
                if let Some(word) = bits.get_mut(i >> 6) {
                    *word |= 1 << (i & 63);
                }
            }
        }
        Pairs(bits)
    }

    /// False only when `phrase` cannot occur in the text.
    fn may_hold(&self, phrase: &[u8]) -> bool {
        phrase.windows(2).all(|w| {
            let [a, b] = w else { return true };
            let i = usize::from(a & 63) << 6 | usize::from(b & 63);
            self.0
                .get(i >> 6)
                .is_some_and(|word| word & (1 << (i & 63)) != 0)
        })
    }
}

thread_local! {
    /// The pair set of the text tested last, with that text: the same sentence is tested with
    /// one list after another.
    static LAST_PAIRS: std::cell::RefCell<(Vec<u8>, Pairs)> =
        const { std::cell::RefCell::new((Vec::new(), Pairs([0; 64]))) };
}

/// Texts shorter than this are searched phrase by phrase (a pair set costs more than it saves).
const PAIRS_FROM: usize = 48;
/// Nor are longer ones kept: a sentence is what recurs.
const PAIRS_UP_TO: usize = 2048;
/// One call for a chain of `starts_with` / `ends_with` / [`Has::has`] tests of one text, each
/// with a literal: `list` is the literals joined by '|'.
pub trait ListTests {
    fn starts_any(&self, list: &'static str) -> bool;
    fn ends_any(&self, list: &'static str) -> bool;
    fn has_any(&self, list: &'static str) -> bool;
}

impl ListTests for str {
    fn starts_any(&self, list: &'static str) -> bool {
        starts_with_any(self, list)
    }
    fn ends_any(&self, list: &'static str) -> bool {
        ends_with_any(self, list)
    }
    fn has_any(&self, list: &'static str) -> bool {
        any_in(self, list)
    }
}

/// Whether `hay` holds any of `list`'s '|'-joined phrases (a substring test, as
/// `str::contains`): the same answer as testing each phrase, found sooner.
pub fn any_in(hay: &str, list: &'static str) -> bool {
    with_pairs(hay, |pairs| {
        parts(list)
            .iter()
            .any(|p| pairs.is_none_or(|s| s.may_hold(p.as_bytes())) && contains(hay, p))
    })
}

/// [`any_in`] with a list built at run time (not kept split).
pub fn any_in_built(hay: &str, list: &str) -> bool {
    with_pairs(hay, |pairs| {
        list.split('|')
            .any(|p| pairs.is_none_or(|s| s.may_hold(p.as_bytes())) && contains(hay, p))
    })
}

/// `f` with the pair set of `hay` (none for a text too short or too long to keep one).
fn with_pairs<T>(hay: &str, f: impl FnOnce(Option<&Pairs>) -> T) -> T {
    let h = hay.as_bytes();
    if !(PAIRS_FROM..=PAIRS_UP_TO).contains(&h.len()) {
        return f(None);
    }
    LAST_PAIRS.with(|last| {
        let Ok(mut last) = last.try_borrow_mut() else {
            return f(None);
        };
        if last.0 != h {
            last.1 = Pairs::of(h);
            last.0.clear();
            last.0.extend_from_slice(h);
        }
        f(Some(&last.1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lists are kept split by place and length: a literal that is another's prefix (the same
    /// place) is its own list, and more lists than the front table holds (slots shared, entries
    /// replaced) still answer as their definitions, whatever the order of use.
    #[test]
    fn kept_lists_are_told_apart_by_place_and_length() {
        static WHOLE: &str = "ab|cd|ef";
        let prefix: &'static str = WHOLE.get(..5).unwrap_or_default();
        for _ in 0..3 {
            assert!(in_list(WHOLE, "ef") && !in_list(prefix, "ef"));
            assert!(in_list(prefix, "cd") && in_list(WHOLE, "cd"));
        }
        let lists: Vec<&'static str> = (0..3 * RECENT)
            .map(|i| &*String::leak(format!("w{i}|x{}|y", i % 7)))
            .collect();
        for round in 0..2 {
            for (i, l) in lists.iter().enumerate().rev().skip(round) {
                assert!(in_list(l, format!("w{i}")), "{l}");
                assert!(!in_list(l, format!("w{}", i + 1)), "{l}");
                assert!(any_in(&format!("a x{} b", i % 7), l), "{l}");
            }
        }
    }

    /// The list tests (`in_list`, `any_in`, `first_of`, `any_pair_in`) give the answers of their
    /// plain definitions, whatever the text's length (the pair sets start at 48 bytes), on
    /// phrases present, absent, overlapping, empty and non-ASCII.
    #[test]
    fn list_tests_answer_as_their_plain_definitions() {
        let texts = [
            "",
            "no",
            "don't cap the list; list them all",
            "the 200-word cap doesn't apply to the table, and plain text is fine after all.",
            "nicht auf englisch, bitte: le résumé reste en français — that rule only applies here",
            &"padding words before the end ".repeat(80),
            &format!("{} scratch that", "ab|cd ".repeat(500)),
        ];
        let lists = [
            "cap|list them all|no",
            "doesn't apply|only applies|is fine",
            "xyz|qqq",
            "|a",
            "résumé|français|nicht",
            "that rule|this rule",
            "ab|cd",
            "b|cd|ab",
        ];
        for t in texts {
            for l in lists {
                assert_eq!(
                    any_in(t, l),
                    l.split('|').any(|p| t.contains(p)),
                    "{t:.40} / {l}"
                );
                assert_eq!(
                    first_of(t, l),
                    l.split('|').filter_map(|p| t.find(p)).min(),
                    "{t:.40} / {l}"
                );
                for s in [" doesn't apply| only applies| is fine", "", " end"] {
                    let plain = l
                        .split('|')
                        .any(|a| s.split('|').any(|b| t.contains(&format!("{a}{b}"))));
                    assert_eq!(any_pair_in(t, l, s), plain, "{t:.40} / {l} / {s}");
                }
                for w in t
                    .split(&[' ', ';', ',', '.'][..])
                    .chain(["", "a|b", "ab|cd", "cd"])
                {
                    assert_eq!(in_list(l, w), l.split('|').any(|p| p == w), "{l} / {w}");
                }
            }
        }
    }

    #[test]
    fn lower_case_is_the_standard_one_where_it_maps() {
        let mut mapped = 0;
        for c in (0..0x3_0000).filter_map(char::from_u32) {
            let ours = lower_char(c);
            let std: Vec<char> = c.to_lowercase().collect();
            if ours != c {
                mapped += 1;
                assert_eq!(std, [ours], "{c:?}");
                assert_eq!(ours.len_utf8(), c.len_utf8(), "{c:?}");
            } else if c.is_uppercase()
                && ((c as u32) < 0x180
                    || (0x391..=0x3AB).contains(&(c as u32))
                    || (0x400..=0x42F).contains(&(c as u32)))
            {
                // In Latin-1, Extended-A, basic Greek and Cyrillic, only the one letter with a
                // two-character lowering stays.
                assert_eq!(c, '\u{130}', "{c:?} is left upper case");
            }
        }
        assert!(mapped > 500, "{mapped}");
        for s in [
            "ƠN Ư ƏL ǍǛ",
            "Ärger über Öl",
            "ÉCOLE",
            "ŞTIINŢĂ ȘI ȚARĂ",
            "ΑΘΉΝΑ",
            "МОСКВА Ёлка",
            "ԵՐԵՎԱՆ",
            "ＡＢＣ",
        ] {
            assert_eq!(lower(s), s.to_lowercase(), "{s}");
        }
    }

    #[test]
    fn numbers_show_as_the_standard_display_shows_them() {
        // Up to six decimals, the standard `Display` and `show_number` agree.
        for x in [
            0.0,
            4.0,
            -3.0,
            10.0,
            3.5,
            0.125,
            99.99,
            -0.5,
            1234567.891,
            30000.0,
            4.25e9,
            0.000001,
        ] {
            assert_eq!(show_number(x), format!("{x}"), "{x}");
        }
        assert_eq!(show_number(1.0 / 3.0), "0.333333");
        assert_eq!(show_number(f64::NAN), "NaN");
        assert_eq!(show_number(f64::NEG_INFINITY), "-Infinity");
        assert_eq!(show_number(-1e300), "-1e12 or more");
        assert_eq!(show_number(5e15), "5000000000000000");
        assert_eq!(show_number(-0.0), "0");
    }

    #[test]
    fn decimals_read_as_the_standard_parser_reads_them() {
        for s in [
            "0",
            "7",
            "12",
            "2024",
            "3.5",
            "4.",
            "0.125",
            "99.99",
            "007",
            "1234567.891",
            "5.0",
        ] {
            let want: f64 = s.parse().unwrap_or(f64::NAN);
            let got = decimal(s).unwrap_or(f64::NAN);
            assert!(
                (got - want).abs() <= want.abs() * 1e-12,
                "{s}: {got} vs {want}"
            );
        }
        for s in [
            "", ".5", "-3", "+3", "1e5", "abc", "1.2.3", "4/5", "inf", "3,5",
        ] {
            assert_eq!(decimal(s), None, "{s}");
        }
    }

    /// `BG_UPDATE_BACKGROUND=1 cargo test --lib background_stems` rewrites the file after the
    /// word table or the stemmer changed.
    #[test]
    fn background_stems_are_the_word_table_stemmed() {
        let derived = derive_background(include_str!("background.txt"));
        if std::env::var("BG_UPDATE_BACKGROUND").is_ok() {
            let path = concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/drift/background_stems.txt"
            );
            assert!(std::fs::write(path, &derived).is_ok());
            return;
        }
        assert!(
            derived == include_str!("background_stems.txt"),
            "src/drift/background_stems.txt is stale: BG_UPDATE_BACKGROUND=1 cargo test --lib background_stems"
        );
        // The table as it was built before it shipped stemmed: every word stemmed, counts summed.
        let (_, want, max) = stem_word_table(include_str!("background.txt"));
        let (map, ln_max) = parse_background(include_str!("background_stems.txt"));
        assert!(ln_max == (max as f64).ln() && map.len() > 4000);
        // Every stem weighs what the whole stemmed table gives it, listed or not.
        // The exact weight, from the count itself.
        let exact = |c: u64| {
            let idf = 1.0 - (c as f64 + 1.0).ln() / (ln_max + 1.0);
            (0.15 + 0.85 * idf * 1.6).min(1.0)
        };
        for (st, c) in &want {
            let shipped = map.get(st).copied();
            assert!(
                shipped.is_none() || shipped == Some(level_of(*c).into()),
                "{st}"
            );
            assert!(
                (weight_of(shipped, ln_max) - exact(*c)).abs() < 1e-3,
                "{st}: the shipped table weighs it differently"
            );
        }
        assert!(map.len() < want.len(), "no stem at the cap was left out");
    }

    #[test]
    fn grouped_digits_are_the_same_quantity() {
        let stems = |t: &str| -> Vec<String> {
            tokens(t).into_iter().map(|k| k.stem.to_string()).collect()
        };
        assert_eq!(
            stems("limit the pool to 1,000 connections"),
            stems("limit the pool to 1000 connections")
        );
        assert!(stems("a budget of 12,500,000").contains(&"12500000".to_string()));
        // Not a grouping: kept as written.
        for odd in ["1,5", "1,0000", "1000,000"] {
            assert!(
                stems(odd).contains(&odd.to_string()),
                "{odd}: {:?}",
                stems(odd)
            );
        }
    }

    #[test]
    fn list_markers_are_not_content() {
        let words = |t: &str| -> Vec<String> {
            tokens(t).into_iter().map(|k| k.word.to_string()).collect()
        };
        let text = "Do this: (1) parse the file; (2) count rows.\n3. Report it\n  4) Log it";
        assert_eq!(
            words(text),
            ["parse", "file", "count", "rows", "report", "log"]
        );
        // Quantities stay, wherever they stand.
        assert_eq!(
            words("retry 3 times (3 at most)"),
            ["retry", "3", "times", "3"]
        );
        // A decimal splits at its point, as any dotted word does.
        assert_eq!(
            words("10.5 seconds\n2024. A year"),
            ["10", "5", "seconds", "2024", "year"]
        );
        assert_eq!(
            words("(12) items\n7 km\n(123)"),
            ["items", "7", "km", "123"]
        );
        assert_eq!(
            words("call retry(3) twice"),
            ["call", "retry", "3", "twice"]
        );
    }

    #[test]
    fn word_caches_stay_bounded_whatever_the_vocabulary() {
        let long = "x".repeat(100);
        for i in 0..(STEM_CACHE_MAX + 5_000) {
            tokens(&format!("word{i} {long}{i}"));
        }
        let pieces = PIECES.with(|c| c.borrow().len());
        let stems = STEMS.with(|c| c.borrow().len());
        assert!(pieces <= STEM_CACHE_MAX && stems <= STEM_CACHE_MAX);
        // Long words are never kept.
        assert!(PIECES.with(|c| c.borrow().keys().all(|k| k.len() <= CACHED_WORD_BYTES)));
    }

    #[test]
    fn tokens_split_code_and_drop_stop_words() {
        let t: Vec<String> = tokens("Please validateEmail the user_records")
            .into_iter()
            .map(|t| t.stem.to_string())
            .collect();
        assert_eq!(t, vec!["valid", "email", "user", "record"]);
    }

    #[test]
    fn identifiers_keep_paths_and_extensions() {
        let ids = identifiers("Fix apply_coupon() in billing/coupons.py, see httpx.AsyncClient and validateEmail. e.g. this.");
        assert_eq!(
            ids,
            vec![
                "apply_coupon",
                "billing/coupons.py",
                "httpx.asyncclient",
                "validateemail"
            ]
        );
    }

    #[test]
    fn rare_words_weigh_more_than_common_ones() {
        assert!(weight(&stem("idempotency")) > weight(&stem("house")));
        assert!(weight(&stem("the")) < 0.3);
    }

    #[test]
    fn a_word_inside_a_name_or_inline_code_does_not_stand_alone() {
        let at = |t: &str, w: &str| t.find(w).unwrap();
        for (t, w) in [
            ("see orders.update.ts now", "update"),
            ("call add_row()", "add"),
            ("set updatedAt", "updated"),
            ("in lib/edit/x", "edit"),
            ("in edit/view.ts", "edit"),
            ("an add-on", "add"),
        ] {
            assert!(!stands_alone(t, at(t, w), w), "{t}");
        }
        for (t, w) in [
            ("I updated it.", "updated"),
            ("Then edit, then test", "edit"),
            ("(add) it", "add"),
            ("- update the file", "update"),
            ("I re-added it", "added"),
            ("Added/updated the docs", "updated"),
            ("Added/updated the docs", "Added"),
        ] {
            assert!(stands_alone(t, at(t, w), w), "{t}");
        }
        let t = "ran `UPDATE t SET x` then updated the docs";
        let spans = inline_code_spans(t);
        assert!(in_spans(&spans, at(t, "UPDATE")));
        assert!(!in_spans(&spans, at(t, "updated")));
        let t = "a `b`\nupdate `c\nedit";
        let spans = inline_code_spans(t);
        assert!(in_spans(&spans, at(t, "b")));
        assert!(!in_spans(&spans, at(t, "update")));
        // Left open: to the end of its line only.
        assert!(in_spans(&spans, at(t, "c")));
        assert!(!in_spans(&spans, at(t, "edit")));
    }

    #[test]
    fn find_is_str_find_on_short_and_long_hays() {
        let long = format!(
            "{}do not use commas, ever. Ünïcode “quotes” end",
            "ab a".repeat(200)
        );
        let hays = [
            "",
            "a",
            "aaab",
            "Please do not use any commas.",
            "naïve café — “quoted” text",
            long.as_str(),
        ];
        let needles = [
            "",
            "a",
            "ab",
            "aab",
            "aaab",
            "b",
            "commas",
            "do not",
            " ",
            "é",
            "“quoted”",
            "end",
            "zzz",
            "ever. Ü",
        ];
        for h in hays {
            for n in needles {
                assert_eq!(super::find(h, n), h.find(n), "{n:?} in {h:?}");
                assert_eq!(super::contains(h, n), h.contains(n));
            }
        }
    }

    #[test]
    fn sentences_split_on_punctuation_and_lines() {
        let s: Vec<&str> = sentences("First one. Second one!\n- bullet item\n")
            .into_iter()
            .map(|(_, s)| s)
            .collect();
        assert_eq!(s, vec!["First one.", "Second one!", "- bullet item"]);
    }

    #[test]
    fn boilerplate_loses_its_process_words_and_keeps_the_task() {
        let words = |t: &str| -> Vec<String> {
            strip_boilerplate(t)
                .split(crate::drift::text::char_test(|c: char| {
                    !(c.is_alphanumeric() || c == '_')
                }))
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect()
        };
        // Roo Code's template: nothing of it stays.
        assert!(words(
            "Signal completion by using the `attempt_completion` tool, providing a concise yet \
             thorough summary of the outcome in the `result` parameter. These specific \
             instructions supersede the general ones of your mode."
        )
        .is_empty());
        // The task in the same sentence stays.
        assert_eq!(
            words("Rename `load()` to `read()`, then reply via attempt_completion."),
            ["rename", "load", "to", "read"]
        );
        assert_eq!(
            words("Summarize the change via attempt_completion when done."),
            ["summarize", "the", "change"]
        );
        // So does what the report must hold.
        assert_eq!(
            words("## Reporting\nattempt_completion listing the renamed files and the diff."),
            ["reporting", "the", "renamed", "files", "and", "the", "diff"]
        );
        assert_eq!(
            words("Report via attempt_completion: the diff (show it, don't merge it)."),
            ["the", "diff", "show", "it", "don", "t", "merge", "it"]
        );
        assert_eq!(
            words("Your `attempt_completion` result should hold a YAML list."),
            ["should", "hold", "a", "yaml", "list"]
        );
        assert_eq!(
            words("When finished, call `attempt_completion` with:\n- the files modified"),
            ["the", "files", "modified"]
        );
        assert_eq!(
            words("Add the test. Only perform the work outlined in these instructions and do not deviate."),
            ["add", "the", "test"]
        );
        // "deviate" in the task itself stays.
        assert_eq!(
            words("Do not deviate from the plan. Use attempt_completion."),
            ["do", "not", "deviate", "from", "the", "plan"]
        );
        // Both cues in one sentence: nothing of the tool stays; a generic report is no task.
        assert!(words(
            "Signal completion with the attempt_completion tool, including a brief summary of \
             the outcome in the `result` parameter."
        )
        .is_empty());
        assert!(words(
            "Finish with attempt_completion with a concise yet thorough summary of the outcome."
        )
        .is_empty());
        // What the report must hold is a sentence of its own, whatever space comes first.
        assert_eq!(
            strip_boilerplate(
                "Update the parser via attempt_completion\u{a0}listing the tests run"
            ),
            "Update the parser. The tests run. \n"
        );
        assert_eq!(
            strip_boilerplate("Report via attempt_completion:\tthe diff"),
            "The diff. \n"
        );
        // Punctuation of several bytes right before the tool's lead words.
        assert_eq!(
            words("Port the loader\u{2026}then reply via attempt_completion."),
            ["port", "the", "loader"]
        );
        // Work written after the tool stays: a clause after a comma, a condition, the contents
        // after "result," or "with:".
        assert_eq!(
            words("Before calling attempt_completion, run the linter and fix what it reports."),
            ["before", "calling", "run", "the", "linter", "and", "fix", "what", "it", "reports"]
        );
        assert_eq!(
            words("When done, use attempt_completion, then delete the temp branch."),
            ["delete", "the", "temp", "branch"]
        );
        assert!(words("Reply via attempt_completion with the summary; it is the source of truth for tracking.").is_empty());
        for whole in [
            "Implement the retry policy outlined in RFC-12 so requests never deviate from the backoff.",
            "Update the system prompt so mode-specific instructions take precedence over global ones.",
            "Ensure custom instructions override any defaults in the mode config.",
            "Do not call attempt_completion until the migration has run.",
            "The attempt_completion tool should check its result parameter; add that check.",
            "Add a signal completion handler to the worker pool.",
            "Make the ledger the single source of truth for balances.",
        ] {
            assert_eq!(strip_boilerplate(whole).trim_end(), whole);
        }
        assert_eq!(
            words("In your attempt_completion result, name every file you touched."),
            ["name", "every", "file", "you", "touched"]
        );
        assert_eq!(
            words("Reply using attempt_completion with: the changed files and the test log."),
            ["the", "changed", "files", "and", "the", "test", "log"]
        );
        assert_eq!(
            words("Upon completion, use attempt_completion with the endpoints you added."),
            ["the", "endpoints", "you", "added"]
        );
        // The template reworded by a parent model: nothing of it stays.
        for template in [
            "Use attempt_completion with a brief summary of the outcome in the result parameter, \
             keeping in mind it is the source of truth for what was completed.",
            "Once done, reply through attempt_completion with the summary: what you accomplished.",
            "When finished, use attempt_completion. Give a thorough summary of the outcome in the \
             result parameter.",
            "These instructions take precedence over any general instructions of your mode.",
            "These instructions supercede any general instructions.",
            "Only do the work outlined in this message and do not deviate.",
        ] {
            assert!(words(template).is_empty(), "{template}");
        }
        // A clause with work in it is the task, not the report's timing.
        assert_eq!(
            words("After fixing the cache and adding tests, use attempt_completion."),
            ["after", "fixing", "the", "cache", "and", "adding", "tests"]
        );
        assert!(words("Once you have completed the task, use attempt_completion.").is_empty());
        // A task about the tool itself stays whole.
        let about = "Fix the bug where attempt_completion returns an empty result.";
        assert_eq!(strip_boilerplate(about).trim_end(), about);
        let about = "Add a test for attempt_completion in the tool suite.";
        assert_eq!(strip_boilerplate(about).trim_end(), about);
        // So does a task that says "supersede" of something other than instructions.
        let task = "Make environment variables supersede the values in the config file.";
        assert_eq!(strip_boilerplate(task).trim_end(), task);
        // Text without the template is untouched.
        let plain = "Fix the bug in `parse()`. Report back when done.";
        assert_eq!(strip_boilerplate(plain), plain);
    }
}
