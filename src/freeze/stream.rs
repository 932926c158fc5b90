//! The context hash of a JS value graph, from the token stream the JS walk writes while it
//! copies or freezes (`ts-wrapper/src/freeze.ts`). The walk only reports what it sees, in its
//! own order; the canonical form is made here: object keys sorted (strings by UTF-8 bytes,
//! then symbols), Map and Set entries in insertion order, shared and cyclic references as
//! back-references to their first visit *in canonical order*, so key order never changes a
//! hash. One boundary crossing per hash instead of several per property.
//!
//! The stream is four buffers: `ops` (u32: an [`Op`] code, then its operands), `numbers` (the
//! numbers and Date times the ops point at), `text` (every string the ops name, concatenated;
//! an op gives where its string starts and how long it is in UTF-16 code units, as JS counts)
//! and `bytes` (the contents of typed arrays and buffers, concatenated). Every object carries
//! its visit number; containers carry the position after their last entry and a back-reference
//! the visit number and position of the object's first visit, so the canonical walk jumps
//! instead of decoding twice.

use super::hash::ContextHasher;
use crate::error::{ErrorCode, GuardError};

/// One token of the stream. Operands, in order, after the code:
/// `Number`: index into `numbers`; string-like leaves (`String`, `BigInt`, `Symbol`, `Key`,
/// `SymbolKey`): the string's start and length. Objects start with their visit number, then:
/// `Date`: index into `numbers`; `Function`, `Opaque`: name start and length; `RegExp`: source
/// start and length, flags start and length; `Binary`: type-name start and length, byte start
/// and count; containers: the entry count (an object's or a Map's entries are key/value pairs)
/// and the position after the container's last token. `BackRef`: visit number and position of
/// the object's first visit.
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

/// What is wrong with a malformed stream (a word-sized error keeps the hot path cheap).
type Malformed = &'static str;

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

    /// The UTF-8 bytes of a string of the text. Bytes, not `str`: every position `byte` maps
    /// to is a character boundary, so the hash never needs `str`'s boundary checks.
    #[inline(always)]
    fn slice(&self, start: u32, len: u32) -> Result<&'a [u8], Malformed> {
        let s = start as usize;
        let from = self.byte(s);
        let to = s.checked_add(len as usize).and_then(|e| self.byte(e));
        match (from, to) {
            (Some(a), Some(b)) if a <= b => self
                .text
                .as_bytes()
                .get(a..b)
                .ok_or("a string outside the text"),
            _ => Err("a string outside the text"),
        }
    }
}

/// The stream and where its parts are.
struct Stream<'a> {
    ops: &'a [u32],
    numbers: &'a [f64],
    text: Utf16Map<'a>,
    bytes: &'a [u8],
}

impl<'a> Stream<'a> {
    #[inline(always)]
    fn at(&self, i: usize) -> Result<u32, Malformed> {
        self.ops
            .get(i)
            .copied()
            .ok_or("the stream ends inside a token")
    }

    #[inline(always)]
    fn op(&self, i: usize) -> Result<Op, Malformed> {
        Op::ALL
            .get(self.at(i)? as usize)
            .copied()
            .ok_or("an unknown op")
    }

    #[inline(always)]
    fn number(&self, i: usize) -> Result<f64, Malformed> {
        self.numbers
            .get(self.at(i)? as usize)
            .copied()
            .ok_or("a number outside the numbers")
    }

    /// The string whose start and length are at `i` and `i + 1`.
    #[inline(always)]
    fn text(&self, i: usize) -> Result<&'a [u8], Malformed> {
        self.text.slice(self.at(i)?, self.at(i + 1)?)
    }

    /// Where the token at `i` (and its entries) ends.
    #[inline(always)]
    fn end_of(&self, i: usize) -> Result<usize, Malformed> {
        let size = match self.op(i)? {
            Op::Undefined | Op::Null | Op::True | Op::False => 1,
            Op::Number => 2,
            Op::String
            | Op::BigInt
            | Op::Symbol
            | Op::Key
            | Op::SymbolKey
            | Op::Date
            | Op::BackRef => 3,
            Op::Function | Op::Opaque => 4,
            Op::RegExp | Op::Binary => 6,
            Op::Array | Op::Object | Op::Instance | Op::Map | Op::Set => {
                let end = self.at(i + 3)? as usize;
                if end < i + 4 || end > self.ops.len() {
                    return Err("a container ends out of range");
                }
                return Ok(end);
            }
        };
        if i + size > self.ops.len() {
            return Err("the stream ends inside a token");
        }
        Ok(i + size)
    }
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

/// What is left to feed, on a stack (a value graph may be as deep as it is long, so no
/// recursion). A container's entries are one task that advances in place, not one task each,
/// and becomes its `End` when its last entry is taken.
#[derive(Clone, Copy)]
enum Task {
    /// The entries of an array, Map or Set: the next one at `at`, `left` of them before `end`.
    Run {
        at: usize,
        end: usize,
        left: usize,
    },
    /// An object's entries, sorted: `entries[from..to]` (key position, value position), its
    /// region of `entries` starting at `start`.
    Entries {
        start: usize,
        from: usize,
        to: usize,
    },
    End,
}

/// The context hash of the value the stream describes; a malformed stream is an
/// `INVALID_ARGUMENT` error, never a panic or a loop.
pub fn hash_stream(
    ops: &[u32],
    numbers: &[f64],
    text: &str,
    bytes: &[u8],
) -> Result<String, GuardError> {
    let s = Stream {
        ops,
        numbers,
        text: Utf16Map::new(text),
        bytes,
    };
    feed_stream(&s).map_err(bad)
}

fn feed_stream(s: &Stream) -> Result<String, Malformed> {
    if s.ops.is_empty() || s.end_of(0)? != s.ops.len() {
        return Err("the stream is not one value");
    }
    let mut h = ContextHasher::default();
    // Canonical visit number + 1 of each object, by its visit number in the walk.
    let mut canonical: Vec<u32> = Vec::new();
    let mut next = 0u32;
    let mut tasks: Vec<Task> = Vec::new();
    // The sorted entries of the objects being fed, innermost last: (key, value) positions.
    let mut entries: Vec<(usize, usize)> = Vec::new();
    let mut sorting: Vec<(bool, &[u8])> = Vec::new();
    // The current object's (key position, value position) pairs, in the walk's order.
    let mut kids: Vec<(usize, usize)> = Vec::new();
    // The last object's keys as the walk wrote them (symbol or not, text start and length) and
    // their sorted order. Objects of one shape usually come in runs (the items of an array), and
    // the walk writes a repeated key's text once, so equal keys have equal positions: a run
    // sorts once.
    let mut shape: Vec<(bool, u32, u32)> = Vec::new();
    let mut last_shape: Vec<(bool, u32, u32)> = Vec::new();
    let mut order: Vec<usize> = Vec::new();
    let mut pending = Some(0usize);
    loop {
        let mut at = match pending.take() {
            Some(at) => at,
            None => {
                let Some(task) = tasks.last_mut() else {
                    break;
                };
                match *task {
                    Task::End => {
                        tasks.pop();
                        h.end();
                        continue;
                    }
                    Task::Run { at, end, left } => {
                        let next_child = s.end_of(at)?;
                        if next_child > end {
                            return Err("an entry runs past its container");
                        }
                        if left == 1 {
                            if next_child != end {
                                return Err("a container's entries do not fill it");
                            }
                            // The last entry: the container ends once it is fed.
                            *task = Task::End;
                        } else {
                            if next_child >= end {
                                return Err("a container's entries run past it");
                            }
                            *task = Task::Run {
                                at: next_child,
                                end,
                                left: left - 1,
                            };
                        }
                        at
                    }
                    Task::Entries { start, from, to } => {
                        let (key, value) = *entries.get(from).ok_or("an entry out of place")?;
                        if from + 1 == to {
                            // The last entry: the object's region is free for what its value
                            // holds, and the object ends once it is fed.
                            entries.truncate(start);
                            *task = Task::End;
                        } else {
                            *task = Task::Entries {
                                start,
                                from: from + 1,
                                to,
                            };
                        }
                        let name = s.text(key + 1)?;
                        if s.op(key)? == Op::SymbolKey {
                            h.key([b"@@", name].concat());
                        } else {
                            h.key(name);
                        }
                        value
                    }
                }
            }
        };
        let mut op = s.op(at)?;
        if op == Op::BackRef {
            at = s.at(at + 2)? as usize;
            op = s.op(at)?;
            if !is_object(op) {
                return Err("a reference to something that is not an object");
            }
        }
        if is_object(op) {
            // A visit number can be no larger than the stream is long.
            let visit = s.at(at + 1)? as usize;
            if visit >= s.ops.len() {
                return Err("a visit number out of range");
            }
            if canonical.len() <= visit {
                // Grown in steps (visits come in order, one more each time).
                canonical.resize((visit + 1).max(canonical.len() * 2), 0);
            }
            let slot = canonical
                .get_mut(visit)
                .ok_or("a visit number out of range")?;
            if *slot > 0 {
                h.back_reference(*slot as usize - 1);
                continue;
            }
            *slot = next + 1;
            next += 1;
        }
        match op {
            Op::Undefined => h.undefined(),
            Op::Null => h.null(),
            Op::True => h.boolean(true),
            Op::False => h.boolean(false),
            Op::Number => h.number(s.number(at + 1)?),
            Op::String => h.string(s.text(at + 1)?),
            Op::BigInt => h.other(b'b', s.text(at + 1)?),
            Op::Symbol => h.other(b'y', s.text(at + 1)?),
            Op::Function => h.other(b'f', s.text(at + 2)?),
            Op::Opaque => h.other(b'w', s.text(at + 2)?),
            Op::Key | Op::SymbolKey | Op::BackRef => return Err("a key or reference out of place"),
            Op::Date => {
                h.begin(b'd', 1);
                h.number(s.number(at + 2)?);
                h.end();
            }
            Op::RegExp => {
                let (source, flags) = (s.text(at + 2)?, s.text(at + 4)?);
                h.other(b'x', [b"/", source, b"/", flags].concat());
            }
            Op::Binary => {
                let (start, len) = (s.at(at + 4)? as usize, s.at(at + 5)? as usize);
                let data = s
                    .bytes
                    .get(
                        start
                            ..start
                                .checked_add(len)
                                .ok_or("bytes outside the byte buffer")?,
                    )
                    .ok_or("bytes outside the byte buffer")?;
                h.binary(s.text(at + 2)?, data);
            }
            Op::Array | Op::Object | Op::Instance | Op::Map | Op::Set => {
                let count = s.at(at + 2)? as usize;
                let end = s.end_of(at)?;
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
                let first = at + 4;
                if items == 0 {
                    if first != end {
                        return Err("a container's entries do not fill it");
                    }
                    h.end();
                    continue;
                }
                if first >= end {
                    return Err("a container's entries run past it");
                }
                if !pairs {
                    tasks.push(Task::Run {
                        at: first,
                        end,
                        left: items,
                    });
                    continue;
                }
                // Keys and values in pairs; sorted before any value is fed. The keys' texts
                // are read only when the shape is new: a run of one shape sorts once.
                shape.clear();
                kids.clear();
                let mut child = first;
                for _ in 0..count {
                    if child >= end {
                        return Err("a container's entries run past it");
                    }
                    let key_op = s.op(child)?;
                    if !matches!(key_op, Op::Key | Op::SymbolKey) {
                        return Err("an object entry without a key");
                    }
                    // A key is three words: its op, its text's start and length.
                    let value = child + 3;
                    if value >= end {
                        return Err("a container's entries run past it");
                    }
                    let next_child = s.end_of(value)?;
                    if next_child > end {
                        return Err("an entry runs past its container");
                    }
                    shape.push((key_op == Op::SymbolKey, s.at(child + 1)?, s.at(child + 2)?));
                    kids.push((child, value));
                    child = next_child;
                }
                if child != end {
                    return Err("a container's entries do not fill it");
                }
                if shape != last_shape {
                    sorting.clear();
                    for &(symbol, start, len) in &shape {
                        sorting.push((symbol, s.text.slice(start, len)?));
                    }
                    // Strings by UTF-8 bytes, then symbols by description.
                    order.clear();
                    order.extend(0..sorting.len());
                    crate::sort::indices(&mut order, &mut |x, y| {
                        sorting.get(x).cmp(&sorting.get(y))
                    });
                    std::mem::swap(&mut shape, &mut last_shape);
                }
                let from = entries.len();
                entries.extend(order.iter().filter_map(|&i| kids.get(i)).copied());
                tasks.push(Task::Entries {
                    start: from,
                    from,
                    to: entries.len(),
                });
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

    fn code(op: Op) -> u32 {
        op.code() as u32
    }

    #[test]
    fn keys_are_sorted_here_and_the_hash_equals_the_json_hash() {
        // {"b": [1, "é"], "a": true}, keys in insertion order.
        let ops = [
            code(Op::Object),
            0,
            2,
            20,
            code(Op::Key),
            0,
            1,
            code(Op::Array),
            1,
            2,
            16,
            code(Op::Number),
            0,
            code(Op::String),
            1,
            1,
            code(Op::Key),
            2,
            1,
            code(Op::True),
        ];
        assert_eq!(
            hash_stream(&ops, &[1.0], "béa", &[]).unwrap(),
            hash_json(&json!({ "a": true, "b": [1, "é"] }))
        );
    }

    /// A JSON value as the JS walk writes it: each key's text once, objects' keys in insertion
    /// order (here: every third object reversed, so one key set comes in two orders and runs of
    /// one order still occur).
    fn walk_like(v: &serde_json::Value) -> (Vec<u32>, Vec<f64>, String) {
        use std::collections::HashMap;
        struct W {
            ops: Vec<u32>,
            numbers: Vec<f64>,
            text: String,
            keys: HashMap<String, u32>,
            visits: u32,
            objects: u32,
        }
        // Positions and lengths in UTF-16 units, as JS counts.
        fn units(t: &str) -> u32 {
            t.encode_utf16().count() as u32
        }
        fn go(w: &mut W, v: &serde_json::Value) {
            use serde_json::Value;
            match v {
                Value::Null => w.ops.push(code(Op::Null)),
                Value::Bool(b) => w.ops.push(code(if *b { Op::True } else { Op::False })),
                Value::Number(n) => {
                    w.ops.extend([code(Op::Number), w.numbers.len() as u32]);
                    w.numbers.push(n.as_f64().unwrap_or_default());
                }
                Value::String(t) => {
                    w.ops.extend([code(Op::String), units(&w.text), units(t)]);
                    w.text.push_str(t);
                }
                Value::Array(items) => {
                    let at = w.ops.len();
                    w.ops
                        .extend([code(Op::Array), w.visits, items.len() as u32, 0]);
                    w.visits += 1;
                    items.iter().for_each(|i| go(w, i));
                    w.ops[at + 3] = w.ops.len() as u32;
                }
                Value::Object(map) => {
                    let at = w.ops.len();
                    w.ops
                        .extend([code(Op::Object), w.visits, map.len() as u32, 0]);
                    w.visits += 1;
                    w.objects += 1;
                    let mut entries: Vec<_> = map.iter().collect();
                    if w.objects % 3 == 0 {
                        entries.reverse();
                    }
                    for (k, item) in entries {
                        let start = match w.keys.get(k) {
                            Some(&s) => s,
                            None => {
                                let s = units(&w.text);
                                w.text.push_str(k);
                                w.keys.insert(k.clone(), s);
                                s
                            }
                        };
                        w.ops.extend([code(Op::Key), start, units(k)]);
                        go(w, item);
                    }
                    w.ops[at + 3] = w.ops.len() as u32;
                }
            }
        }
        let mut w = W {
            ops: Vec::new(),
            numbers: Vec::new(),
            text: String::new(),
            keys: HashMap::new(),
            visits: 0,
            objects: 0,
        };
        go(&mut w, v);
        (w.ops, w.numbers, w.text)
    }

    /// Times `hash_stream` on a stream the JS walk wrote (`node bench/dump-hash-stream.cjs
    /// .tmp/stream`): `BG_STREAM=$PWD/.tmp/stream cargo test --release --lib stream_speed --
    /// --ignored --nocapture`.
    #[test]
    #[ignore]
    fn stream_speed() {
        let Ok(base) = std::env::var("BG_STREAM") else {
            return;
        };
        let read = |ext: &str| std::fs::read(format!("{base}.{ext}")).unwrap_or_default();
        let ops: Vec<u32> = read("ops")
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let numbers: Vec<f64> = read("num")
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap_or_default()))
            .collect();
        let text = String::from_utf8(read("txt")).unwrap_or_default();
        let want = String::from_utf8(read("hash")).unwrap_or_default();
        let rounds = 40;
        let start = std::time::Instant::now();
        for _ in 0..rounds {
            assert_eq!(hash_stream(&ops, &numbers, &text, &[]).unwrap(), want);
        }
        eprintln!("hash_stream: {:?} per call", start.elapsed() / rounds);
    }

    #[test]
    fn objects_of_one_shape_in_a_run_hash_as_their_json() {
        // Runs of one shape, the same keys in another order, a key set growing by one, a shape
        // nested in its own kind, and keys that are prefixes of each other.
        for v in [
            json!([{ "b": 1, "a": 2 }, { "b": 3, "a": 4 }, { "b": 5, "a": 6 }, { "b": 7, "a": 8 }]),
            json!([{ "b": 1, "a": 2 }, { "b": 1, "a": 2, "c": 3 }, { "b": 1 }, { "b": 1, "a": 2 }]),
            json!({ "x": [{ "name": "f", "line": 1, "exported": true }, { "name": "g", "line": 2, "exported": false }], "path": "a.ts" }),
            json!([{ "k": { "k": { "k": 1, "kk": 2 }, "kk": 3 }, "kk": { "kk": 4, "k": 5 } }, { "kk": 6, "k": 7 }]),
            json!([{ "": 1, "a": 2 }, { "a": 3, "": 4 }, {}, { "é": 5, "e": 6 }, { "e": 7, "é": 8 }]),
        ] {
            let (ops, numbers, text) = walk_like(&v);
            assert_eq!(
                hash_stream(&ops, &numbers, &text, &[]).unwrap(),
                hash_json(&v),
                "{v}"
            );
        }
    }

    #[test]
    fn back_references_are_numbered_in_canonical_order() {
        // {z: X, a: X} with X = {} met first under "z": the same hash as {a: X, z: X}.
        let zx = [
            code(Op::Object),
            0,
            2,
            17,
            code(Op::Key),
            0,
            1,
            code(Op::Object),
            1,
            0,
            11,
            code(Op::Key),
            1,
            1,
            code(Op::BackRef),
            1,
            7,
        ];
        let mut ax = zx;
        (ax[5], ax[12]) = (1, 0);
        assert_eq!(
            hash_stream(&zx, &[], "za", &[]).unwrap(),
            hash_stream(&ax, &[], "za", &[]).unwrap()
        );
        // Shared is not the same as two equal objects.
        assert_ne!(
            hash_stream(&zx, &[], "za", &[]).unwrap(),
            hash_json(&json!({ "a": {}, "z": {} }))
        );
        // A cycle: an object holding itself.
        let cycle = [
            code(Op::Object),
            0,
            1,
            10,
            code(Op::Key),
            0,
            4,
            code(Op::BackRef),
            0,
            0,
        ];
        assert!(hash_stream(&cycle, &[], "self", &[]).is_ok());
    }

    #[test]
    fn malformed_streams_are_errors() {
        let t = code(Op::True);
        for (ops, text) in [
            (vec![], ""),
            (vec![t, t], ""),
            (vec![99], ""),
            (vec![code(Op::String), 0, 5], "abc"),
            (vec![code(Op::Number), 3], ""),
            (vec![code(Op::Array), 0, 1, 4], ""),
            (vec![code(Op::Array), 0, 1, 3, t], ""),
            (vec![code(Op::Object), 0, 1, 6, t, t], ""),
            (vec![code(Op::BackRef), 0, 0], ""),
            (vec![code(Op::Array), 0, 1, 7, code(Op::BackRef), 0, 4], ""),
            (vec![code(Op::Array), 4_000_000_000, 0, 4], ""),
            (vec![code(Op::String), 1, 1], "\u{1F600}"),
        ] {
            let e = hash_stream(&ops, &[], text, &[]).unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidArgument, "{ops:?}");
        }
    }
}
