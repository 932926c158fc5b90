//! The context hash: XXH3-128 over a canonical feed of a value graph. `stream` feeds it from
//! the JS walk's token stream, `hash_json` from a JSON value; both give equal hashes for equal
//! JSON content.

use serde_json::Value;
use xxhash_rust::xxh3::Xxh3;

/// A stable 128-bit hash (XXH3) of a value graph, fed in a canonical order by a walker:
/// object keys sorted, Map and Set entries in insertion order (their order is meaningful),
/// shared and cyclic references as back-references to their first visit.
///
/// The feed is many tiny pieces; they are gathered into a buffer and handed to XXH3 in large
/// runs (the digest is the same as feeding each piece: XXH3 streaming equals one shot).
pub struct ContextHasher {
    inner: Xxh3,
    /// Gathered bytes: `buf[..len]`. A fixed array rather than a `Vec`: at the size-optimized
    /// level `Vec::push`/`extend_from_slice` stay calls, and the feed is mostly 1- and 8-byte
    /// pieces.
    buf: Box<[u8; FLUSH_AT]>,
    len: usize,
}

/// Bytes gathered before they go to XXH3.
const FLUSH_AT: usize = 16 << 10;

impl Default for ContextHasher {
    fn default() -> Self {
        ContextHasher {
            inner: Xxh3::new(),
            buf: Box::new([0; FLUSH_AT]),
            len: 0,
        }
    }
}

/// `src[at..at + K]` into `dst[at..at + K]`, a fixed-size load and store.
#[inline(always)]
fn fixed<const K: usize>(dst: &mut [u8], src: &[u8], at: usize) {
    let d = dst.get_mut(at..at + K).map(<&mut [u8; K]>::try_from);
    let s = src.get(at..at + K).map(<&[u8; K]>::try_from);
    if let (Some(Ok(d)), Some(Ok(s))) = (d, s) {
        *d = *s;
    }
}

/// Copies `src` into `dst` (of its length). The feed's pieces are mostly a few bytes, and a copy
/// of variable size is a `memory.copy` in wasm, which V8 runs out of line (13 % of a context
/// hash's time): up to 16 bytes go as two fixed-size copies that may overlap.
#[inline(always)]
fn put(dst: &mut [u8], src: &[u8]) {
    match src.len() {
        0 => {}
        1 => fixed::<1>(dst, src, 0),
        n @ 2..=3 => {
            fixed::<2>(dst, src, 0);
            fixed::<2>(dst, src, n - 2);
        }
        n @ 4..=7 => {
            fixed::<4>(dst, src, 0);
            fixed::<4>(dst, src, n - 4);
        }
        n @ 8..=16 => {
            fixed::<8>(dst, src, 0);
            fixed::<8>(dst, src, n - 8);
        }
        _ => dst.copy_from_slice(src),
    }
}

impl ContextHasher {
    #[inline(never)]
    fn flush(&mut self) {
        self.inner
            .update(self.buf.get(..self.len).unwrap_or_default());
        self.len = 0;
    }
    #[inline(always)]
    fn update(&mut self, b: &[u8]) {
        if b.len() > FLUSH_AT - self.len {
            self.flush();
            if b.len() > FLUSH_AT {
                self.inner.update(b);
                return;
            }
        }
        if let Some(dst) = self.buf.get_mut(self.len..self.len + b.len()) {
            put(dst, b);
            self.len += b.len();
        }
    }
    #[inline(always)]
    fn tag(&mut self, t: u8) {
        if self.len == FLUSH_AT {
            self.flush();
        }
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = t;
            self.len += 1;
        }
    }
    #[inline(always)]
    fn word(&mut self, w: u64) {
        if FLUSH_AT - self.len < 8 {
            self.flush();
        }
        if let Some(dst) = self.buf.get_mut(self.len..self.len + 8) {
            fixed::<8>(dst, &w.to_le_bytes(), 0);
            self.len += 8;
        }
    }
    #[inline(always)]
    fn bytes(&mut self, b: &[u8]) {
        self.word(b.len() as u64);
        self.update(b);
    }
    pub fn undefined(&mut self) {
        self.tag(b'u');
    }
    pub fn null(&mut self) {
        self.tag(b'n');
    }
    pub fn boolean(&mut self, b: bool) {
        self.tag(if b { b'T' } else { b'F' });
    }
    pub fn number(&mut self, f: f64) {
        self.tag(b'#');
        // One NaN, and -0 as 0: equal values hash equal.
        let f = if f.is_nan() {
            f64::NAN
        } else if f == 0.0 {
            0.0
        } else {
            f
        };
        self.word(f.to_bits());
    }
    pub fn string(&mut self, s: impl AsRef<[u8]>) {
        self.tag(b's');
        self.bytes(s.as_ref());
    }
    /// BigInt, symbol (by description), function (by name): by a textual identity.
    pub fn other(&mut self, kind: u8, text: impl AsRef<[u8]>) {
        self.tag(kind);
        self.bytes(text.as_ref());
    }
    pub fn binary(&mut self, type_name: impl AsRef<[u8]>, data: &[u8]) {
        self.tag(b'B');
        self.bytes(type_name.as_ref());
        self.bytes(data);
    }
    /// Starts a container: `kind` a letter, `len` its entry count.
    pub fn begin(&mut self, kind: u8, len: usize) {
        self.tag(b'{');
        self.tag(kind);
        self.word(len as u64);
    }
    pub fn key(&mut self, k: impl AsRef<[u8]>) {
        self.tag(b'k');
        self.bytes(k.as_ref());
    }
    /// An accessor property: its getter is not run while hashing.
    pub fn accessor(&mut self) {
        self.tag(b'g');
    }
    pub fn back_reference(&mut self, first_visit: usize) {
        self.tag(b'r');
        self.word(first_visit as u64);
    }
    pub fn end(&mut self) {
        self.tag(b'}');
    }
    pub fn finish(&mut self) -> String {
        self.flush();
        format!("xxh3-128:{:032x}", self.inner.digest128())
    }
}

/// The context hash of a JSON value (native callers; matches the JS walk for JSON data).
pub fn hash_json(value: &Value) -> String {
    fn feed(h: &mut ContextHasher, v: &Value) {
        match v {
            Value::Null => h.null(),
            Value::Bool(b) => h.boolean(*b),
            Value::Number(n) => h.number(n.as_f64().unwrap_or(f64::NAN)),
            Value::String(s) => h.string(s),
            Value::Array(items) => {
                h.begin(b'a', items.len());
                items.iter().for_each(|i| feed(h, i));
                h.end();
            }
            Value::Object(map) => {
                h.begin(b'o', map.len());
                // serde_json's map is ordered by key: already the canonical order.
                for (k, v) in map {
                    h.key(k);
                    feed(h, v);
                }
                h.end();
            }
        }
    }
    let mut h = ContextHasher::default();
    feed(&mut h, value);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pieces_of_every_length_are_copied_whole() {
        for n in 0..70usize {
            let src: Vec<u8> = (0..n).map(|i| (i * 7 + 1) as u8).collect();
            let mut dst = vec![0u8; n];
            put(&mut dst, &src);
            assert_eq!(dst, src, "{n} bytes");
        }
    }

    #[test]
    fn hash_ignores_key_order_but_sees_every_change() {
        let a = hash_json(&json!({ "a": 1, "b": [1, 2, { "c": "x" }] }));
        let b = hash_json(&json!({ "b": [1, 2, { "c": "x" }], "a": 1 }));
        assert_eq!(a, b);
        assert!(a.starts_with("xxh3-128:"));
        for changed in [
            json!({ "a": 2, "b": [1, 2, { "c": "x" }] }),
            json!({ "a": 1, "b": [1, 2, { "c": "y" }] }),
            json!({ "a": 1, "b": [1, 2, { "c": "x" }, null] }),
            json!({ "a": 1, "b": [2, 1, { "c": "x" }] }),
            json!({ "a": "1", "b": [1, 2, { "c": "x" }] }),
        ] {
            assert_ne!(hash_json(&changed), a, "{changed}");
        }
    }
}
