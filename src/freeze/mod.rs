//! The freeze model (seed 001 §2.2, Example 2): what a child's context may hold, what happens
//! to each kind of value, and the context hash that detects a mutation that got around the
//! freeze. The per-property loop runs in JS (`ts-wrapper/src/freeze.ts`, where it is fastest)
//! and follows [`rules::FreezeRules`], generated from this module; the errors, the binary
//! notes and the hash ([`stream`]) are made here.

pub mod hash;
pub mod rules;
pub mod stream;

pub use hash::{hash_json, ContextHasher};

use crate::error::{ErrorCode, GuardError};
use serde::Serialize;

/// The kinds of value a context can hold, and what freezing does with each. The JS walk sends
/// a kind as its index in [`ValueKind::ALL`].
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

impl ValueKind {
    pub const ALL: [ValueKind; 12] = [
        ValueKind::Primitive,
        ValueKind::Array,
        ValueKind::PlainObject,
        ValueKind::ClassInstance,
        ValueKind::Map,
        ValueKind::Set,
        ValueKind::Date,
        ValueKind::RegExp,
        ValueKind::Binary,
        ValueKind::SharedBinary,
        ValueKind::Function,
        ValueKind::Opaque,
    ];

    pub fn code(self) -> u8 {
        ValueKind::ALL
            .iter()
            .position(|k| *k == self)
            .map_or(0, |i| i as u8)
    }

    pub fn from_code(code: u32) -> Option<ValueKind> {
        ValueKind::ALL.get(code as usize).copied()
    }
}

/// Contexts nested deeper than this are refused (the walk recurses; stacks are finite).
pub const MAX_FREEZE_DEPTH: usize = 1000;

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
/// What an opaque collection (WeakMap, WeakSet) frozen in place gets instead of its mutators.
pub const OPAQUE_MUTATORS: [&str; 3] = ["set", "add", "delete"];

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

/// One step of a walk's position, as the JS walk reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    Index(u32),
    Key(String),
    /// A symbol key, by its description.
    Symbol(String),
}

impl Segment {
    /// The text of the step: a symbol is written `@@description`, in paths and in the hash.
    pub fn text(&self) -> String {
        match self {
            Segment::Index(i) => i.to_string(),
            Segment::Key(k) => k.clone(),
            Segment::Symbol(d) => format!("@@{d}"),
        }
    }
}

/// The JSON pointer of a walk position.
pub fn pointer(path: &[Segment]) -> String {
    let mut out = String::new();
    for seg in path {
        crate::json_text::push_pointer_segment(&mut out, &seg.text());
    }
    out
}

/// Why a walk stopped, as the JS walk reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// A value of a kind the mode refuses ([`refusal`]).
    Refused(ValueKind),
    /// Reading the value threw (a getter, a proxy trap, a broken iterator).
    Read,
    /// `Object.freeze` or locking a method threw (a proxy trap).
    Freeze,
    /// Nested deeper than [`MAX_FREEZE_DEPTH`].
    TooDeep,
}

/// A fault from its code in [`rules::FAULTS`] (and the refused value's kind code).
pub fn fault_from_code(code: u32, kind: u32) -> Option<Fault> {
    match code {
        0 => ValueKind::from_code(kind).map(Fault::Refused),
        1 => Some(Fault::Read),
        2 => Some(Fault::Freeze),
        3 => Some(Fault::TooDeep),
        _ => None,
    }
}

/// The typed error for a fault at `path`; `detail` is the JS exception's message, if any.
pub fn fault_error(
    fault: Fault,
    mode: Option<FreezeMode>,
    path: &[Segment],
    detail: &str,
) -> GuardError {
    let at = pointer(path);
    let shown = if at.is_empty() {
        "(root)".to_string()
    } else {
        at.clone()
    };
    let why = if detail.is_empty() {
        "the value threw while it was read"
    } else {
        detail
    };
    match fault {
        Fault::Refused(kind) => mode.and_then(|m| refusal(kind, m, &at)).unwrap_or_else(|| {
            GuardError::new(
                ErrorCode::Unfreezable,
                &at,
                format!("{} at {shown} cannot be handed to a child", kind_name(kind)),
            )
        }),
        Fault::Read => GuardError::new(
            ErrorCode::Unfreezable,
            &at,
            format!("reading {shown}: {why}"),
        ),
        Fault::Freeze => GuardError::new(
            ErrorCode::Unfreezable,
            &at,
            format!("freezing {shown}: {why}"),
        ),
        Fault::TooDeep => GuardError::new(
            ErrorCode::TooDeep,
            &at,
            format!("the context is nested more than {MAX_FREEZE_DEPTH} levels deep"),
        ),
    }
}

/// The note for one run of bytes a freeze met.
pub fn binary_note(
    mode: FreezeMode,
    path: &[Segment],
    type_name: &str,
    byte_length: usize,
) -> BinaryNote {
    BinaryNote {
        path: pointer(path),
        type_name: type_name.to_string(),
        byte_length,
        handling: binary_handling(mode),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
