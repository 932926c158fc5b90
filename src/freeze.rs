//! The freeze model (seed 001 §2.2, Example 2): what a child's context may hold, what happens
//! to each kind of value, and the context hash that detects a mutation that got around the
//! freeze. The JS object walk lives in the binding; the rules and the hash live here.

use crate::error::{ErrorCode, GuardError};
use serde::Serialize;
use serde_json::Value;
use xxhash_rust::xxh3::Xxh3;

/// The kinds of value a context can hold, and what freezing does with each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// Strings, numbers, booleans, null, undefined, bigint, symbols: immutable already.
    Primitive,
    Array,
    /// Prototype `Object.prototype` or `null`.
    PlainObject,
    /// Any other prototype: copied with the prototype kept (private `#fields` are not copied).
    ClassInstance,
    /// `Object.freeze` does not stop `set`/`delete`/`clear`: those are replaced by throwing
    /// methods on the frozen object.
    Map,
    Set,
    /// Setters (`setTime`, `setFullYear`...) are replaced by throwing methods.
    Date,
    /// Copied with `new RegExp(source, flags)`; frozen, so `lastIndex` cannot change.
    RegExp,
    /// Typed arrays (Node's `Buffer` too), `DataView`, `ArrayBuffer`. JS cannot make bytes
    /// read-only (`Object.freeze` throws on a non-empty typed array and cannot stop writes
    /// through another view), so a child gets a copy of them ([`binary_handling`]).
    Binary,
    /// A `SharedArrayBuffer` or a view on one: other threads can write it, so no copy taken
    /// here isolates anything the parent keeps using. Refused when freezing; hashed.
    SharedBinary,
    /// Functions: refused in copy mode (a child gets data, not behaviour); frozen in place.
    Function,
    /// `WeakMap`, `WeakSet`, `Promise` and similar: not enumerable, so not copyable.
    Opaque,
}

/// Whether the walk makes a frozen copy or freezes in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FreezeMode {
    Copy,
    InPlace,
}

/// Setters of `Date.prototype` that a frozen Date must not run.
pub const DATE_SETTERS: [&str; 16] = [
    "setDate",
    "setFullYear",
    "setHours",
    "setMilliseconds",
    "setMinutes",
    "setMonth",
    "setSeconds",
    "setTime",
    "setUTCDate",
    "setUTCFullYear",
    "setUTCHours",
    "setUTCMilliseconds",
    "setUTCMinutes",
    "setUTCMonth",
    "setUTCSeconds",
    "setYear",
];

/// Mutating methods of Map and Set that a frozen one replaces with throwing ones.
pub const MAP_MUTATORS: [&str; 3] = ["set", "delete", "clear"];
pub const SET_MUTATORS: [&str; 3] = ["add", "delete", "clear"];

/// What happens to bytes (a [`ValueKind::Binary`]) in a freeze.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum BinaryHandling {
    /// Copy mode: the child gets its own bytes (only the view's window); the parent's can never
    /// change through the copy. The copy itself stays writable: the context hash covers it.
    Copied,
    /// In place: left as they are and reported, since JS cannot freeze them.
    NotFrozen,
}

pub fn binary_handling(mode: FreezeMode) -> BinaryHandling {
    match mode {
        FreezeMode::Copy => BinaryHandling::Copied,
        FreezeMode::InPlace => BinaryHandling::NotFrozen,
    }
}

/// One run of bytes a freeze met: where, what it is, how large, and what was done with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BinaryNote {
    /// JSON pointer of the value in the context ("" for the root).
    pub path: String,
    /// Its constructor's name: `Uint8Array`, `Buffer`, `DataView`, `ArrayBuffer`...
    #[serde(rename = "type")]
    pub type_name: String,
    #[cfg_attr(test, ts(type = "number"))]
    pub byte_length: usize,
    pub handling: BinaryHandling,
}

/// The error for a value that cannot be handed to a child frozen, or `None` when it can.
pub fn refusal(kind: ValueKind, mode: FreezeMode, path: &str) -> Option<GuardError> {
    let why = match (kind, mode) {
        (ValueKind::SharedBinary, _) => {
            "a SharedArrayBuffer (or a view on one) can be written by other threads at any time, so neither a copy nor a freeze isolates it; copy its bytes into an ordinary Uint8Array first"
        }
        (ValueKind::Function, FreezeMode::Copy) => {
            "functions cannot be copied into a child's context: a child gets data, not behaviour"
        }
        (ValueKind::Opaque, FreezeMode::Copy) => {
            "WeakMap, WeakSet, Promise and similar objects cannot be copied: their contents are not enumerable"
        }
        _ => return None,
    };
    Some(GuardError::new(
        ErrorCode::Unfreezable,
        path,
        format!(
            "{} at {}: {why}",
            kind_name(kind),
            if path.is_empty() { "(root)" } else { path }
        ),
    ))
}

pub fn kind_name(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Primitive => "a primitive",
        ValueKind::Array => "an array",
        ValueKind::PlainObject => "an object",
        ValueKind::ClassInstance => "a class instance",
        ValueKind::Map => "a Map",
        ValueKind::Set => "a Set",
        ValueKind::Date => "a Date",
        ValueKind::RegExp => "a RegExp",
        ValueKind::Binary => "a typed array or ArrayBuffer",
        ValueKind::SharedBinary => "a SharedArrayBuffer",
        ValueKind::Function => "a function",
        ValueKind::Opaque => "an opaque object",
    }
}

/// A stable 128-bit hash (XXH3) of a value graph, fed in a canonical order by a walker:
/// object keys sorted, Map and Set entries in insertion order (their order is meaningful),
/// shared and cyclic references as back-references to their first visit.
pub struct ContextHasher {
    inner: Xxh3,
}

impl Default for ContextHasher {
    fn default() -> Self {
        ContextHasher { inner: Xxh3::new() }
    }
}

impl ContextHasher {
    fn tag(&mut self, t: u8) {
        self.inner.update(&[t]);
    }
    fn bytes(&mut self, b: &[u8]) {
        self.inner.update(&(b.len() as u64).to_le_bytes());
        self.inner.update(b);
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
        self.inner.update(&f.to_bits().to_le_bytes());
    }
    pub fn string(&mut self, s: &str) {
        self.tag(b's');
        self.bytes(s.as_bytes());
    }
    /// BigInt, symbol (by description), function (by name): by a textual identity.
    pub fn other(&mut self, kind: u8, text: &str) {
        self.tag(kind);
        self.bytes(text.as_bytes());
    }
    pub fn binary(&mut self, type_name: &str, data: &[u8]) {
        self.tag(b'B');
        self.bytes(type_name.as_bytes());
        self.bytes(data);
    }
    /// Starts a container: `kind` a letter, `len` its entry count.
    pub fn begin(&mut self, kind: u8, len: usize) {
        self.tag(b'{');
        self.tag(kind);
        self.inner.update(&(len as u64).to_le_bytes());
    }
    pub fn key(&mut self, k: &str) {
        self.tag(b'k');
        self.bytes(k.as_bytes());
    }
    /// An accessor property: its getter is not run while hashing.
    pub fn accessor(&mut self) {
        self.tag(b'g');
    }
    pub fn back_reference(&mut self, first_visit: usize) {
        self.tag(b'r');
        self.inner.update(&(first_visit as u64).to_le_bytes());
    }
    pub fn end(&mut self) {
        self.tag(b'}');
    }
    pub fn finish(&self) -> String {
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

    #[test]
    fn refusals_name_the_path() {
        let e = refusal(ValueKind::SharedBinary, FreezeMode::Copy, "/config/blob").unwrap();
        assert_eq!(e.code, ErrorCode::Unfreezable);
        assert_eq!(e.path, "/config/blob");
        assert!(e.message.contains("SharedArrayBuffer"));
        assert!(refusal(ValueKind::Binary, FreezeMode::Copy, "").is_none());
        assert!(refusal(ValueKind::Binary, FreezeMode::InPlace, "").is_none());
        assert_eq!(binary_handling(FreezeMode::Copy), BinaryHandling::Copied);
        assert_eq!(
            binary_handling(FreezeMode::InPlace),
            BinaryHandling::NotFrozen
        );
        assert!(refusal(ValueKind::Function, FreezeMode::InPlace, "").is_none());
        assert!(refusal(ValueKind::Map, FreezeMode::Copy, "").is_none());
    }
}
