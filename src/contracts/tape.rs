//! A result's JSON read into one flat list of tokens that point into the text: no allocation
//! per string, object or array. Building serde_json's `Value` (a map and a string per member)
//! was half the time of checking a small structured result on wasm, and a result that is clean
//! and valid needs no `Value` at all: the parent gets the text as written, and the JS side
//! parses it once ([`super::check`]'s quick path).
//!
//! The reader is strict and careful rather than complete: whatever it is not sure serde_json
//! reads the same way (nesting near serde_json's limit, a repeated key, very many members) it
//! refuses, and the caller reads the text as a `Value`. Escaped strings and numbers that are
//! not plain integers are handed to serde_json itself, so their meaning is serde_json's.

use crate::sanitize::Tree;
use crate::swar;
use serde_json::{Number, Value};

/// serde_json's number for `text`, read as a value: the same parse, and the value's
/// deserializer is in the module anyway (a `Number`'s was 1.5 KB raw).
fn number(text: &str) -> Option<Number> {
    match serde_json::from_str(text) {
        Ok(Value::Number(n)) => Some(n),
        _ => None,
    }
}

/// Deeper nesting is left to serde_json, whose limit (128) a value near it must meet exactly.
const MAX_NESTING: usize = 100;
/// Objects with more members are left to the `Value` path: a repeated key must be found (the
/// last one wins in `Value` and `JSON.parse`), and the search is quadratic.
const MAX_MEMBERS: u32 = 32;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok<'a> {
    Null,
    Bool(bool),
    /// A number's text.
    Number(&'a str),
    /// A string without escapes, quotes excluded.
    Str(&'a str),
    /// A string with escapes, unescaped into `Tape::owned`.
    Owned(u32),
    /// A container: how many items or members, and the index of the token after it. An
    /// object's members are a key (`Str` or `Owned`) followed by its value.
    Array {
        len: u32,
        next: u32,
    },
    Object {
        len: u32,
        next: u32,
    },
}

/// A field's value for [`Tape::from_fields`].
#[derive(Debug, Clone, Copy)]
pub enum Field<'a> {
    /// A string, as it is (no JSON escapes to read).
    Text(&'a str),
    /// The JSON text of a one-member object `{"name": value}` naming the field.
    Json(&'a str),
}

/// One JSON text, read.
pub struct Tape<'a> {
    toks: Vec<Tok<'a>>,
    owned: Vec<String>,
}

/// One value of a tape.
#[derive(Clone, Copy)]
pub struct At<'t> {
    tape: &'t Tape<'t>,
    i: usize,
}

/// What a value is, as the acceptor reads it.
pub enum Kind<'t> {
    Null,
    Bool,
    Number(Number),
    String(&'t str),
    Array(u32),
    Object(u32),
}

impl<'a> Tape<'a> {
    /// `text` as one JSON value, as serde_json reads it. `None`: not JSON, or not sure (see the
    /// module's note); the caller reads it as a `Value`.
    pub fn parse(text: &'a str) -> Option<Tape<'a>> {
        let tape = Tape {
            toks: Vec::with_capacity(text.len() / 16 + 4),
            owned: Vec::new(),
        };
        let mut r = Reader::over(text, tape)?;
        r.value(0)?;
        r.at_end()?;
        Some(r.tape)
    }

    /// An object of `fields` (name, value), as serde_json reads the JSON text that writes them
    /// in this order: a task input as it crossed the boundary field by field, read without
    /// writing that text. `None`: not sure, as for [`Tape::parse`].
    pub fn from_fields(fields: &[(&'a str, Field<'a>)]) -> Option<Tape<'a>> {
        let len = u32::try_from(fields.len())
            .ok()
            .filter(|&n| n <= MAX_MEMBERS)?;
        let mut tape = Tape {
            toks: Vec::with_capacity(2 * fields.len() + 8),
            owned: Vec::new(),
        };
        tape.toks.push(Tok::Null);
        for (n, &(key, field)) in fields.iter().enumerate() {
            if fields.iter().take(n).any(|(k, _)| *k == key) {
                return None;
            }
            tape.toks.push(Tok::Str(key));
            match field {
                Field::Text(s) => tape.toks.push(Tok::Str(s)),
                Field::Json(text) => {
                    let mut r = Reader::over(text, tape)?;
                    r.member_of_one(key)?;
                    tape = r.tape;
                }
            }
        }
        let next = u32::try_from(tape.toks.len()).ok()?;
        *tape.toks.first_mut()? = Tok::Object { len, next };
        Some(tape)
    }

    pub fn root(&self) -> At<'_> {
        At { tape: self, i: 0 }
    }

    #[inline(always)]
    fn str_of<'s>(&'s self, t: Tok<'s>) -> Option<&'s str> {
        match t {
            Tok::Str(s) => Some(s),
            Tok::Owned(k) => self.owned.get(k as usize).map(String::as_str),
            _ => None,
        }
    }

    /// The index of the token after the value at `i`.
    #[inline(always)]
    fn next(&self, i: usize) -> usize {
        match self.toks.get(i) {
            Some(Tok::Array { next, .. } | Tok::Object { next, .. }) => *next as usize,
            _ => i + 1,
        }
    }
}

impl<'t> At<'t> {
    /// How many tokens the whole tape holds (a measure of the text's size).
    pub fn tape_len(self) -> usize {
        self.tape.toks.len()
    }

    #[inline(always)]
    fn tok(self) -> Tok<'t> {
        self.tape.toks.get(self.i).copied().unwrap_or(Tok::Null)
    }

    #[inline(always)]
    pub fn kind(self) -> Kind<'t> {
        match self.tok() {
            Tok::Null => Kind::Null,
            Tok::Bool(_) => Kind::Bool,
            // Read by serde_json when the reader met it: cannot fail here.
            Tok::Number(n) => number(n).map_or(Kind::Null, Kind::Number),
            Tok::Str(s) => Kind::String(s),
            Tok::Owned(k) => {
                Kind::String(self.tape.owned.get(k as usize).map_or("", String::as_str))
            }
            Tok::Array { len, .. } => Kind::Array(len),
            Tok::Object { len, .. } => Kind::Object(len),
        }
    }

    #[inline(always)]
    pub fn as_str(self) -> Option<&'t str> {
        self.tape.str_of(self.tok())
    }

    /// The items of an array (nothing for another value).
    #[inline(always)]
    pub fn items(self) -> Items<'t> {
        let left = match self.tok() {
            Tok::Array { len, .. } => len,
            _ => 0,
        };
        Items {
            tape: self.tape,
            i: self.i + 1,
            left,
        }
    }

    /// The members of an object (nothing for another value).
    #[inline(always)]
    pub fn members(self) -> Members<'t> {
        let left = match self.tok() {
            Tok::Object { len, .. } => len,
            _ => 0,
        };
        Members(Items {
            tape: self.tape,
            i: self.i + 1,
            left,
        })
    }
}

/// An array's items (a struct, not adaptors over closures: at opt-level `z` those stay calls).
pub struct Items<'t> {
    tape: &'t Tape<'t>,
    i: usize,
    left: u32,
}

impl<'t> Iterator for Items<'t> {
    type Item = At<'t>;

    #[inline(always)]
    fn next(&mut self) -> Option<At<'t>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let at = At {
            tape: self.tape,
            i: self.i,
        };
        self.i = self.tape.next(self.i);
        Some(at)
    }
}

/// An object's members: name and value.
pub struct Members<'t>(Items<'t>);

impl<'t> Iterator for Members<'t> {
    type Item = (&'t str, At<'t>);

    #[inline(always)]
    fn next(&mut self) -> Option<(&'t str, At<'t>)> {
        let it = &mut self.0;
        if it.left == 0 {
            return None;
        }
        it.left -= 1;
        let tape = it.tape;
        let key = match tape.toks.get(it.i) {
            Some(&Tok::Str(k)) => k,
            Some(&Tok::Owned(k)) => tape.owned.get(k as usize).map_or("", String::as_str),
            _ => "",
        };
        let at = At { tape, i: it.i + 1 };
        it.i = tape.next(it.i + 1);
        Some((key, at))
    }
}

impl Tree for At<'_> {
    fn text(&self) -> Option<&str> {
        self.as_str()
    }

    #[inline(always)]
    fn all_items(&self, mut f: impl FnMut(&Self) -> bool) -> Option<bool> {
        matches!(self.tok(), Tok::Array { .. }).then(|| self.items().all(|i| f(&i)))
    }

    #[inline(always)]
    fn all_members(&self, mut f: impl FnMut(&str, &Self) -> bool) -> Option<bool> {
        matches!(self.tok(), Tok::Object { .. }).then(|| self.members().all(|(k, v)| f(k, &v)))
    }
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    tape: Tape<'a>,
}

impl<'a> Reader<'a> {
    /// A reader of `text` that appends to `tape`; `None` for a text too long for its u32
    /// offsets.
    fn over(text: &'a str, tape: Tape<'a>) -> Option<Reader<'a>> {
        (text.len() < u32::MAX as usize).then_some(Reader {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            tape,
        })
    }

    /// Only white space is left.
    fn at_end(&mut self) -> Option<()> {
        self.skip_ws();
        (self.pos == self.bytes.len()).then_some(())
    }

    #[inline(always)]
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// JSON's white space, as serde_json skips it.
    #[inline(always)]
    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\t' | b'\r')) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, b: u8) -> Option<()> {
        self.skip_ws();
        (self.peek() == Some(b)).then(|| self.pos += 1)
    }

    fn literal(&mut self, word: &[u8], tok: Tok<'a>) -> Option<()> {
        let end = self.pos + word.len();
        (self.bytes.get(self.pos..end) == Some(word)).then(|| {
            self.pos = end;
            self.tape.toks.push(tok);
        })
    }

    fn value(&mut self, depth: usize) -> Option<()> {
        self.skip_ws();
        match self.peek()? {
            b'{' => self.object(depth + 1),
            b'[' => self.array(depth + 1),
            b'"' => {
                let t = self.string()?;
                self.tape.toks.push(t);
                Some(())
            }
            b't' => self.literal(b"true", Tok::Bool(true)),
            b'f' => self.literal(b"false", Tok::Bool(false)),
            b'n' => self.literal(b"null", Tok::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    /// The value of the text's one member, which must be named `key` (the text is
    /// `{"key": value}`), pushed as a member of an object at depth 1.
    fn member_of_one(&mut self, key: &str) -> Option<()> {
        self.eat(b'{')?;
        self.skip_ws();
        if self.peek() != Some(b'"') {
            return None;
        }
        let name = self.string()?;
        if self.tape.str_of(name)? != key {
            return None;
        }
        self.eat(b':')?;
        self.value(1)?;
        self.eat(b'}')?;
        self.at_end()
    }

    fn array(&mut self, depth: usize) -> Option<()> {
        if depth > MAX_NESTING {
            return None;
        }
        self.pos += 1;
        let at = self.tape.toks.len();
        self.tape.toks.push(Tok::Null);
        let mut len = 0u32;
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
        } else {
            loop {
                self.value(depth)?;
                len += 1;
                self.skip_ws();
                match self.peek()? {
                    b',' => self.pos += 1,
                    b']' => {
                        self.pos += 1;
                        break;
                    }
                    _ => return None,
                }
            }
        }
        let next = u32::try_from(self.tape.toks.len()).ok()?;
        *self.tape.toks.get_mut(at)? = Tok::Array { len, next };
        Some(())
    }

    fn object(&mut self, depth: usize) -> Option<()> {
        if depth > MAX_NESTING {
            return None;
        }
        self.pos += 1;
        let at = self.tape.toks.len();
        self.tape.toks.push(Tok::Null);
        let mut len = 0u32;
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
        } else {
            loop {
                self.skip_ws();
                if self.peek() != Some(b'"') || len == MAX_MEMBERS {
                    return None;
                }
                let key = self.string()?;
                if self.repeats(at, key) {
                    return None; // a repeated key: the last one wins, in the Value path
                }
                self.tape.toks.push(key);
                self.eat(b':')?;
                self.value(depth)?;
                len += 1;
                self.skip_ws();
                match self.peek()? {
                    b',' => self.pos += 1,
                    b'}' => {
                        self.pos += 1;
                        break;
                    }
                    _ => return None,
                }
            }
        }
        let next = u32::try_from(self.tape.toks.len()).ok()?;
        *self.tape.toks.get_mut(at)? = Tok::Object { len, next };
        Some(())
    }

    /// Whether `key` names a member already read of the object opened at token `at` (its
    /// members are complete values: each one's end is known).
    fn repeats(&self, at: usize, key: Tok<'a>) -> bool {
        let tape = &self.tape;
        let Some(name) = tape.str_of(key) else {
            return true;
        };
        let mut i = at + 1;
        while i < tape.toks.len() {
            if tape
                .toks
                .get(i)
                .and_then(|&t| tape.str_of(t))
                .is_some_and(|n| swar::eq_short(n, name))
            {
                return true;
            }
            i = tape.next(i + 1);
        }
        false
    }

    /// A string at `pos` (its opening quote). Raw control characters are not JSON; escapes are
    /// read by serde_json.
    fn string(&mut self) -> Option<Tok<'a>> {
        let start = self.pos + 1;
        let mut i = start;
        let mut escaped = false;
        loop {
            // Eight bytes at a time while none is a quote, a backslash or a control character.
            if let Some(chunk) = self.bytes.get(i..i + 8) {
                let w = u64::from_le_bytes(<[u8; 8]>::try_from(chunk).ok()?);
                if !(swar::any_below(w, 0x20)
                    | swar::any_equal(w, b'"')
                    | swar::any_equal(w, b'\\'))
                {
                    i += 8;
                    continue;
                }
            }
            match *self.bytes.get(i)? {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    i += 2;
                }
                b if b < 0x20 => return None,
                _ => i += 1,
            }
        }
        self.pos = i + 1;
        if !escaped {
            return self.text.get(start..i).map(Tok::Str);
        }
        let quoted = self.text.get(start - 1..=i)?;
        let Ok(Value::String(s)) = serde_json::from_str(quoted) else {
            return None;
        };
        self.tape.owned.push(s);
        Some(Tok::Owned(u32::try_from(self.tape.owned.len() - 1).ok()?))
    }

    /// A number in JSON's grammar; one that is not an integer serde_json reads exactly as a
    /// u64 or i64 is checked by serde_json itself (a float out of range is an error there).
    fn number(&mut self) -> Option<()> {
        let start = self.pos;
        let digits = |r: &mut Self| {
            let from = r.pos;
            while matches!(r.peek(), Some(b'0'..=b'9')) {
                r.pos += 1;
            }
            r.pos > from
        };
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        if self.peek() == Some(b'0') {
            self.pos += 1;
        } else if !digits(self) {
            return None;
        }
        let mut plain = true;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            plain = false;
            if !digits(self) {
                return None;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            plain = false;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if !digits(self) {
                return None;
            }
        }
        let text = self.text.get(start..self.pos)?;
        let exact = plain && (text.parse::<u64>().is_ok() || text.parse::<i64>().is_ok());
        if !exact {
            number(text)?;
        }
        self.tape.toks.push(Tok::Number(text));
        Some(())
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The tape's value as a `Value`, to compare both readings of one text.
    fn to_value(at: At) -> Value {
        match at.kind() {
            Kind::Null => Value::Null,
            Kind::Bool => Value::Bool(at.tok() == Tok::Bool(true)),
            Kind::Number(n) => Value::Number(n),
            Kind::String(s) => Value::String(s.to_string()),
            Kind::Array(_) => Value::Array(at.items().map(to_value).collect()),
            Kind::Object(_) => Value::Object(
                at.members()
                    .map(|(k, v)| (k.to_string(), to_value(v)))
                    .collect(),
            ),
        }
    }

    fn same_as_serde(text: &str) {
        let serde = serde_json::from_str::<Value>(text);
        // Refused (None) is fine: the Value path reads it, and may fail.
        if let Some(t) = Tape::parse(text) {
            assert_eq!(Some(to_value(t.root())), serde.ok(), "{text:?}");
        }
    }

    #[test]
    fn reads_what_serde_json_reads() {
        for text in [
            r#"{"a": [1, -2, 3.5, 1e300, -0.0, 0, -0, 1E+2, 2e-3, true, false, null], "b\"c": "x\u00e9\ny", "": {}}"#,
            r#"[{"path": "src/a.ts"}, "src/b.ts", 18446744073709551615, -9223372036854775808, 18446744073709551616]"#,
            " \t\r\n\"only a string with 12345678 bytes\"  ",
            "0",
            r#"["\ud83e\udd80", "tab\there", "é ü 🦀 long enough to take the eight-byte steps"]"#,
        ] {
            let v: Value = serde_json::from_str(text).unwrap();
            let t = Tape::parse(text).unwrap();
            assert_eq!(to_value(t.root()), v, "{text}");
        }
    }

    #[test]
    fn refuses_what_is_not_json_or_not_sure() {
        let many = format!(
            "{{{}}}",
            (0..=MAX_MEMBERS)
                .map(|i| format!("\"k{i}\": {i}"))
                .collect::<Vec<_>>()
                .join(",")
        );
        let deep = format!(
            "{}{}",
            "[".repeat(MAX_NESTING + 1),
            "]".repeat(MAX_NESTING + 1)
        );
        for text in [
            "{",
            "{} x",
            "[1,]",
            "{\"a\" 1}",
            "{\"a\":1,}",
            "01",
            "1.",
            ".5",
            "-",
            "1e",
            "+1",
            "[1e400]",
            "tru",
            "nul",
            "\"a\u{1}b\"",
            "\"\\x\"",
            "\"\\ud800\"",
            "'a'",
            "[1 2]",
            r#"{"a": 1, "a": 2}"#,
            r#"[{"b": 1, "b": 1}]"#,
            &many,
            &deep,
            "",
        ] {
            assert!(Tape::parse(text).is_none(), "{text:?}");
        }
        let fits = format!("{}{}", "[".repeat(MAX_NESTING), "]".repeat(MAX_NESTING));
        assert!(Tape::parse(&fits).is_some());
    }

    proptest! {
        /// Whatever the tape reads, serde_json reads the same way: JSON texts, and texts one
        /// edit away from JSON.
        #[test]
        fn never_reads_otherwise_than_serde_json(
            v in json_values(),
            cut in 0usize..64, insert in proptest::sample::select(vec!["", ",", "\"", "\\", "]", "}", "1", "e", " ", "\u{1}", "\\u00"]),
            pretty in any::<bool>(),
        ) {
            let text = if pretty { serde_json::to_string_pretty(&v).unwrap() } else { v.to_string() };
            same_as_serde(&text);
            let at = text.char_indices().map(|(i, _)| i).nth(cut % text.chars().count().max(1)).unwrap_or(0);
            let mut edited = text.clone();
            edited.insert_str(at, insert);
            same_as_serde(&edited);
            let mut removed = text.clone();
            if at < removed.len() {
                removed.remove(at);
            }
            same_as_serde(&removed);
        }
    }

    proptest! {
        /// An object read from its fields is the object serde_json reads from their texts
        /// (strings as they are, other values as `{"name": value}` texts), or not read at all;
        /// a field text naming another field is never read.
        #[test]
        fn fields_read_as_serde_json_reads_them(
            fields in proptest::collection::vec(
                ("[a-c]{0,2}", any::<bool>(), json_values(), "[a-z\"\\\\é\\u{0}-\\u{1f} ]{0,8}"),
                0..6,
            ),
            rename in any::<bool>(),
        ) {
            let texts: Vec<(String, Option<String>, String)> = fields
                .iter()
                .map(|(k, as_text, v, s)| {
                    let json = (!*as_text).then(|| serde_json::json!({ k.as_str(): v }).to_string());
                    (k.clone(), json, s.clone())
                })
                .collect();
            let parts: Vec<(&str, Field)> = texts
                .iter()
                .map(|(k, json, s)| (k.as_str(), json.as_deref().map_or(Field::Text(s), Field::Json)))
                .collect();
            let mut expected = serde_json::Map::new();
            for (k, json, s) in &texts {
                let v = match json {
                    Some(t) => serde_json::from_str::<Value>(t).unwrap()[k.as_str()].clone(),
                    None => Value::String(s.clone()),
                };
                expected.insert(k.clone(), v);
            }
            let unique = expected.len() == texts.len();
            match Tape::from_fields(&parts) {
                Some(t) => {
                    prop_assert!(unique);
                    prop_assert_eq!(to_value(t.root()), Value::Object(expected));
                }
                None => prop_assert!(!unique),
            }
            if rename {
                if let Some(i) = texts.iter().position(|(_, j, _)| j.is_some()) {
                    let mut parts = parts.clone();
                    if let Some(p) = parts.get_mut(i) {
                        p.0 = "other";
                    }
                    prop_assert!(Tape::from_fields(&parts).is_none());
                }
            }
        }
    }

    fn json_values() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            "[a-z\"\\\\é\\u{0}-\\u{1f}\\u{2028}🦀 ]{0,12}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 32, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                prop::collection::btree_map("[a-c\"é]{0,3}", inner, 0..5)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }
}
