//! The context hash of a JS value graph, from the token stream the JS walk writes while it
//! copies or freezes (`ts-wrapper/src/freeze.ts`). The walk only reports what it sees, in its
//! own order; the canonical form is made here: object keys sorted (strings by UTF-8 bytes,
//! then symbols), Map and Set entries in insertion order, shared and cyclic references as
//! back-references to their first visit *in canonical order*, so key order never changes a
//! hash. One boundary crossing per hash instead of several per property.
//!
//! The stream is three buffers: `ops` (numbers: an [`Op`] code, then its operands), `text`
//! (every string the ops name, concatenated; an op gives where its string starts and how long
//! it is in UTF-16 code units, as JS counts) and `bytes` (the contents of typed arrays and
//! buffers, concatenated). Containers carry the position after their last entry, and a
//! back-reference the position of the object's first visit, so the canonical walk jumps
//! instead of decoding twice.

use super::hash::ContextHasher;
use crate::error::{ErrorCode, GuardError};

/// One token of the stream. Operands, in order, after the code:
/// `Number`, `Date`: the value; string-like ops: the string's start and length; `RegExp`:
/// source start and length, flags start and length; `Binary`: type-name start and length, byte
/// start and count; containers: the entry count (an object's or a Map's entries are key/value
/// pairs) and the position after the container's last token; `BackRef`: the position of the
/// object's first visit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Undefined,
    Null,
    True,
    False,
    Number,
    String,
    BigInt,
    Symbol,
    Key,
    SymbolKey,
    Array,
    Object,
    Instance,
    Map,
    Set,
    Date,
    RegExp,
    Binary,
    Function,
    Opaque,
    BackRef,
}

impl Op {
    pub const ALL: [Op; 21] = [
        Op::Undefined,
        Op::Null,
        Op::True,
        Op::False,
        Op::Number,
        Op::String,
        Op::BigInt,
        Op::Symbol,
        Op::Key,
        Op::SymbolKey,
        Op::Array,
        Op::Object,
        Op::Instance,
        Op::Map,
        Op::Set,
        Op::Date,
        Op::RegExp,
        Op::Binary,
        Op::Function,
        Op::Opaque,
        Op::BackRef,
    ];

    pub fn code(self) -> u8 {
        Op::ALL
            .iter()
            .position(|o| *o == self)
            .map_or(0, |i| i as u8)
    }
}

#[cold]
fn bad(message: Malformed) -> GuardError {
    GuardError::new(
        ErrorCode::InvalidArgument,
        "",
        format!("context hash stream: {message}"),
    )
}

/// UTF-16 positions of `text` as byte positions (a lone surrogate arrives as U+FFFD: one unit).
struct Utf16Map<'a> {
    text: &'a str,
    /// `None` for ASCII text, where both agree.
    bytes_at: Option<Vec<u32>>,
}

impl<'a> Utf16Map<'a> {
    fn new(text: &'a str) -> Self {
        let bytes_at = (!text.is_ascii()).then(|| {
            let mut at = Vec::with_capacity(text.len() + 1);
            for (i, c) in text.char_indices() {
                at.push(i as u32);
                if c.len_utf16() == 2 {
                    // The second unit of a pair points inside the character: never a start.
                    at.push(u32::MAX);
                }
            }
            at.push(text.len() as u32);
            at
        });
        Utf16Map { text, bytes_at }
    }

    #[inline(always)]
    fn byte(&self, unit: usize) -> Option<usize> {
        match &self.bytes_at {
            None => (unit <= self.text.len()).then_some(unit),
            Some(at) => at
                .get(unit)
                .filter(|b| **b != u32::MAX)
                .map(|b| *b as usize),
        }
    }

    #[inline(always)]
    fn slice(&self, start: f64, len: f64) -> Result<&'a str, Malformed> {
        let (s, n) = (unit(start)?, unit(len)?);
        let from = self.byte(s);
        let to = s.checked_add(n).and_then(|e| self.byte(e));
        match (from, to) {
            (Some(a), Some(b)) if a <= b => {
                self.text.get(a..b).ok_or("a string splits a character")
            }
            _ => Err("a string outside the text"),
        }
    }
}

/// What is wrong with a malformed stream (a word-sized error keeps the hot path cheap).
type Malformed = &'static str;

/// A position or count: a whole number in u32 range (the cast saturates, so a fraction, a
/// negative number, NaN or one out of range does not survive the round trip).
#[inline(always)]
fn unit(v: f64) -> Result<usize, Malformed> {
    let u = v as u32;
    if u as f64 == v {
        Ok(u as usize)
    } else {
        Err("a position or count that is not a whole number in range")
    }
}

#[inline(always)]
fn op_at(ops: &[f64], at: usize) -> Result<Op, Malformed> {
    match ops.get(at) {
        Some(v) => {
            let code = unit(*v)?;
            Op::ALL.get(code).copied().ok_or("an unknown op")
        }
        None => Err("a position past the end"),
    }
}

#[inline(always)]
fn operand(ops: &[f64], at: usize) -> Result<f64, Malformed> {
    match ops.get(at) {
        Some(v) => Ok(*v),
        None => Err("the stream ends inside a token"),
    }
}

/// Where the token at `at` (and its entries) ends.
#[inline(always)]
fn end_of(ops: &[f64], at: usize) -> Result<usize, Malformed> {
    let size = match op_at(ops, at)? {
        Op::Undefined | Op::Null | Op::True | Op::False => 1,
        Op::Number | Op::Date | Op::BackRef => 2,
        Op::String
        | Op::BigInt
        | Op::Symbol
        | Op::Key
        | Op::SymbolKey
        | Op::Function
        | Op::Opaque => 3,
        Op::RegExp | Op::Binary => 5,
        Op::Array | Op::Object | Op::Instance | Op::Map | Op::Set => {
            let end = unit(operand(ops, at + 2)?)?;
            if end < at + 3 || end > ops.len() {
                return Err("a container ends out of range");
            }
            return Ok(end);
        }
    };
    if at + size > ops.len() {
        return Err("the stream ends inside a token");
    }
    Ok(at + size)
}

#[inline(always)]
fn is_object(op: Op) -> bool {
    matches!(
        op,
        Op::Array
            | Op::Object
            | Op::Instance
            | Op::Map
            | Op::Set
            | Op::Date
            | Op::RegExp
            | Op::Binary
            | Op::Function
            | Op::Opaque
    )
}

enum Task {
    Feed(usize),
    Key(usize),
    End,
}

/// The context hash of the value the stream describes; a malformed stream is an
/// `INVALID_ARGUMENT` error, never a panic or a loop.
pub fn hash_stream(ops: &[f64], text: &str, bytes: &[u8]) -> Result<String, GuardError> {
    feed_stream(ops, text, bytes).map_err(bad)
}

fn feed_stream(ops: &[f64], text: &str, bytes: &[u8]) -> Result<String, Malformed> {
    if ops.is_empty() || end_of(ops, 0)? != ops.len() {
        return Err("the stream is not one value");
    }
    let text = Utf16Map::new(text);
    let mut h = ContextHasher::default();
    // Canonical visit number + 1 of each object, by the position of its first visit.
    let mut canonical: Vec<u32> = vec![0; ops.len()];
    let mut next = 0u32;
    let mut tasks = vec![Task::Feed(0)];
    let mut entries: Vec<(bool, &str, usize, usize)> = Vec::new();
    while let Some(task) = tasks.pop() {
        let mut at = match task {
            Task::End => {
                h.end();
                continue;
            }
            Task::Key(at) => {
                let key = text.slice(operand(ops, at + 1)?, operand(ops, at + 2)?)?;
                if op_at(ops, at)? == Op::SymbolKey {
                    h.key(&format!("@@{key}"));
                } else {
                    h.key(key);
                }
                continue;
            }
            Task::Feed(at) => at,
        };
        let mut op = op_at(ops, at)?;
        if op == Op::BackRef {
            at = unit(operand(ops, at + 1)?)?;
            op = op_at(ops, at)?;
            if !is_object(op) {
                return Err("a reference to something that is not an object");
            }
        }
        if is_object(op) {
            let slot = canonical.get_mut(at).ok_or("a position past the end")?;
            if *slot > 0 {
                h.back_reference(*slot as usize - 1);
                continue;
            }
            *slot = next + 1;
            next += 1;
        }
        let a = |i: usize| operand(ops, at + i);
        match op {
            Op::Undefined => h.undefined(),
            Op::Null => h.null(),
            Op::True => h.boolean(true),
            Op::False => h.boolean(false),
            Op::Number => h.number(a(1)?),
            Op::String => h.string(text.slice(a(1)?, a(2)?)?),
            Op::BigInt => h.other(b'b', text.slice(a(1)?, a(2)?)?),
            Op::Symbol => h.other(b'y', text.slice(a(1)?, a(2)?)?),
            Op::Function => h.other(b'f', text.slice(a(1)?, a(2)?)?),
            Op::Opaque => h.other(b'w', text.slice(a(1)?, a(2)?)?),
            Op::Key | Op::SymbolKey | Op::BackRef => return Err("a key or reference out of place"),
            Op::Date => {
                h.begin(b'd', 1);
                h.number(a(1)?);
                h.end();
            }
            Op::RegExp => {
                let (source, flags) = (text.slice(a(1)?, a(2)?)?, text.slice(a(3)?, a(4)?)?);
                h.other(b'x', &format!("/{source}/{flags}"));
            }
            Op::Binary => {
                let (start, len) = (unit(a(3)?)?, unit(a(4)?)?);
                let data = start
                    .checked_add(len)
                    .and_then(|end| bytes.get(start..end))
                    .ok_or("bytes outside the byte buffer")?;
                h.binary(text.slice(a(1)?, a(2)?)?, data);
            }
            Op::Array | Op::Object | Op::Instance | Op::Map | Op::Set => {
                let count = unit(a(1)?)?;
                let end = end_of(ops, at)?;
                let (tag, pairs) = match op {
                    Op::Array => (b'a', false),
                    Op::Object => (b'o', true),
                    Op::Instance => (b'c', true),
                    Op::Map => (b'm', false),
                    _ => (b'e', false),
                };
                let items = if pairs || op == Op::Map {
                    count.checked_mul(2).ok_or("too many entries")?
                } else {
                    count
                };
                h.begin(tag, count);
                tasks.push(Task::End);
                let first = tasks.len();
                let mut child = at + 3;
                entries.clear();
                for i in 0..items {
                    let next_child = end_of(ops, child)?;
                    if next_child > end {
                        return Err("an entry runs past its container");
                    }
                    if pairs && i % 2 == 0 {
                        let key_op = op_at(ops, child)?;
                        if !matches!(key_op, Op::Key | Op::SymbolKey) {
                            return Err("an object entry without a key");
                        }
                        let key = text.slice(operand(ops, child + 1)?, operand(ops, child + 2)?)?;
                        // The value follows its key.
                        entries.push((key_op == Op::SymbolKey, key, child, next_child));
                    } else if !pairs {
                        tasks.push(Task::Feed(child));
                    }
                    child = next_child;
                }
                if child != end {
                    return Err("a container's entries do not fill it");
                }
                if pairs {
                    // Strings by UTF-8 bytes, then symbols by description.
                    entries.sort_by(|x, y| (x.0, x.1).cmp(&(y.0, y.1)));
                    for &(_, _, key, value) in entries.iter().rev() {
                        tasks.push(Task::Feed(value));
                        tasks.push(Task::Key(key));
                    }
                } else if let Some(pushed) = tasks.get_mut(first..) {
                    pushed.reverse();
                }
            }
        }
    }
    Ok(h.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::freeze::hash_json;
    use serde_json::json;

    fn code(op: Op) -> f64 {
        op.code() as f64
    }

    #[test]
    fn keys_are_sorted_here_and_the_hash_equals_the_json_hash() {
        // {"b": [1, "é"], "a": true}, keys in insertion order.
        let ops = [
            code(Op::Object),
            2.0,
            18.0,
            code(Op::Key),
            0.0,
            1.0,
            code(Op::Array),
            2.0,
            14.0,
            code(Op::Number),
            1.0,
            code(Op::String),
            1.0,
            1.0,
            code(Op::Key),
            2.0,
            1.0,
            code(Op::True),
        ];
        assert_eq!(
            hash_stream(&ops, "béa", &[]).unwrap(),
            hash_json(&json!({ "a": true, "b": [1, "é"] }))
        );
    }

    #[test]
    fn back_references_are_numbered_in_canonical_order() {
        // {z: X, a: X} with X = {} met first under "z": the same hash as {a: X, z: X}.
        let zx = [
            code(Op::Object),
            2.0,
            14.0,
            code(Op::Key),
            0.0,
            1.0,
            code(Op::Object),
            0.0,
            9.0,
            code(Op::Key),
            1.0,
            1.0,
            code(Op::BackRef),
            6.0,
        ];
        let ax = [
            code(Op::Object),
            2.0,
            14.0,
            code(Op::Key),
            1.0,
            1.0,
            code(Op::Object),
            0.0,
            9.0,
            code(Op::Key),
            0.0,
            1.0,
            code(Op::BackRef),
            6.0,
        ];
        assert_eq!(
            hash_stream(&zx, "za", &[]).unwrap(),
            hash_stream(&ax, "za", &[]).unwrap()
        );
        // A cycle: an object holding itself.
        let cycle = [
            code(Op::Object),
            1.0,
            8.0,
            code(Op::Key),
            0.0,
            4.0,
            code(Op::BackRef),
            0.0,
        ];
        assert!(hash_stream(&cycle, "self", &[]).is_ok());
    }

    #[test]
    fn malformed_streams_are_errors() {
        let t = code(Op::True);
        for (ops, text) in [
            (vec![], ""),
            (vec![t, t], ""),
            (vec![99.0], ""),
            (vec![code(Op::String), 0.0, 5.0], "abc"),
            (vec![code(Op::String), 0.5, 1.0], "abc"),
            (vec![code(Op::Array), 1.0, 3.0], ""),
            (vec![code(Op::Array), 1.0, 2.0, t], ""),
            (vec![code(Op::Object), 1.0, 5.0, t, t], ""),
            (vec![code(Op::BackRef), 0.0], ""),
            (vec![code(Op::Array), 1.0, 5.0, code(Op::BackRef), 3.0], ""),
            (vec![code(Op::String), 1.0, 1.0], "\u{1F600}"),
        ] {
            let e = hash_stream(&ops, text, &[]).unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidArgument, "{ops:?}");
        }
    }
}
