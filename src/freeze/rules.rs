//! The freeze rules as data for the JS walk: kind and op codes, what each mode refuses, which
//! methods a frozen Map, Set, Date or opaque collection loses, what is left unfrozen. Written
//! into `ts-wrapper/src/generated/freeze-rules.ts` by a test (the test fails when the file is
//! stale), so the walk never decides anything this module does not say.

use super::stream::Op;
use super::{
    refusal, FreezeMode, ValueKind, DATE_SETTERS, MAP_MUTATORS, MAX_FREEZE_DEPTH, OPAQUE_MUTATORS,
    SET_MUTATORS,
};
use crate::gather::Gather;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FreezeRules {
    /// Kind name → code (the walk classifies, then looks the code up below).
    pub kinds: BTreeMap<&'static str, u8>,
    /// Token name → code for the hash stream ([`super::stream`]).
    pub ops: BTreeMap<&'static str, u8>,
    /// Per kind code: refused when copying, refused when freezing in place.
    pub refused_copy: Vec<bool>,
    pub refused_in_place: Vec<bool>,
    /// Per kind code: left writable (bytes: JS cannot freeze them), not `Object.freeze`d.
    pub not_frozen: Vec<bool>,
    /// Per kind code: the methods a frozen value gets as throwing own properties, and the
    /// message they throw.
    pub locks: Vec<Option<Lock>>,
    pub max_depth: usize,
    /// Fault name → code, for `freezeFault`.
    pub faults: BTreeMap<&'static str, u8>,
}

#[derive(Debug, Serialize)]
pub struct Lock {
    pub methods: Vec<&'static str>,
    pub message: &'static str,
}

pub fn kind_key(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Primitive => "primitive",
        ValueKind::Array => "array",
        ValueKind::PlainObject => "plainObject",
        ValueKind::ClassInstance => "classInstance",
        ValueKind::Map => "map",
        ValueKind::Set => "set",
        ValueKind::Date => "date",
        ValueKind::RegExp => "regExp",
        ValueKind::Binary => "binary",
        ValueKind::SharedBinary => "sharedBinary",
        ValueKind::Function => "function",
        ValueKind::Opaque => "opaque",
    }
}

fn op_key(op: Op) -> &'static str {
    match op {
        Op::Undefined => "undefined",
        Op::Null => "null",
        Op::True => "true",
        Op::False => "false",
        Op::Number => "number",
        Op::String => "string",
        Op::BigInt => "bigint",
        Op::Symbol => "symbol",
        Op::Key => "key",
        Op::SymbolKey => "symbolKey",
        Op::Array => "array",
        Op::Object => "object",
        Op::Instance => "instance",
        Op::Map => "map",
        Op::Set => "set",
        Op::Date => "date",
        Op::RegExp => "regExp",
        Op::Binary => "binary",
        Op::Function => "function",
        Op::Opaque => "opaque",
        Op::BackRef => "backRef",
    }
}

/// Fault codes the walk reports (`freezeFault`), in the order of [`fault_from_code`].
pub const FAULTS: [&str; 4] = ["refused", "read", "freeze", "tooDeep"];

fn lock(kind: ValueKind) -> Option<Lock> {
    let (methods, message): (&[&'static str], _) = match kind {
        ValueKind::Map => (
            &MAP_MUTATORS,
            "boomerang-guard: this Map is frozen (a child's context is read-only)",
        ),
        ValueKind::Set => (
            &SET_MUTATORS,
            "boomerang-guard: this Set is frozen (a child's context is read-only)",
        ),
        ValueKind::Date => (
            &DATE_SETTERS,
            "boomerang-guard: this Date is frozen (a child's context is read-only)",
        ),
        // Only reached in place: copying refuses opaque objects.
        ValueKind::Opaque => (
            &OPAQUE_MUTATORS,
            "boomerang-guard: this collection is frozen (a child's context is read-only)",
        ),
        _ => return None,
    };
    Some(Lock {
        methods: methods.to_vec(),
        message,
    })
}

pub fn rules() -> FreezeRules {
    let kinds = ValueKind::ALL;
    FreezeRules {
        kinds: kinds.iter().map(|k| (kind_key(*k), k.code())).collect(),
        ops: Op::ALL.iter().map(|o| (op_key(*o), o.code())).collect(),
        refused_copy: kinds
            .iter()
            .map(|k| refusal(*k, FreezeMode::Copy, "").is_some())
            .gather(),
        refused_in_place: kinds
            .iter()
            .map(|k| refusal(*k, FreezeMode::InPlace, "").is_some())
            .gather(),
        not_frozen: kinds.iter().map(|k| *k == ValueKind::Binary).gather(),
        locks: kinds.iter().map(|k| lock(*k)).gather(),
        max_depth: MAX_FREEZE_DEPTH,
        faults: FAULTS
            .iter()
            .enumerate()
            .map(|(i, f)| (*f, i as u8))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATH: &str = "ts-wrapper/src/generated/freeze-rules.ts";

    fn generated() -> String {
        let json = serde_json::to_string_pretty(&rules()).unwrap_or_default();
        format!(
            "// Generated from src/freeze/rules.rs. Do not edit: change the Rust rules and run\n\
             // `BG_UPDATE_TYPES=1 cargo test --lib freeze_rules`.\n\
             export const RULES = {json} as const;\n"
        )
    }

    #[test]
    fn freeze_rules_are_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(PATH);
        let want = generated();
        if std::env::var_os("BG_UPDATE_TYPES").is_some() {
            std::fs::write(&path, &want).ok();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "{PATH} is stale: run `BG_UPDATE_TYPES=1 cargo test --lib freeze_rules`"
        );
    }

    #[test]
    fn every_kind_and_op_has_its_own_code() {
        let r = rules();
        assert_eq!(r.kinds.len(), ValueKind::ALL.len());
        assert_eq!(r.ops.len(), Op::ALL.len());
        for (i, k) in ValueKind::ALL.iter().enumerate() {
            assert_eq!(k.code() as usize, i);
            assert_eq!(ValueKind::from_code(i as u32), Some(*k));
        }
        // Copying refuses what cannot be copied; in place only shared memory.
        assert!(r.refused_copy[ValueKind::Function.code() as usize]);
        assert!(!r.refused_in_place[ValueKind::Function.code() as usize]);
        assert!(r.refused_in_place[ValueKind::SharedBinary.code() as usize]);
        assert!(r.locks[ValueKind::Map.code() as usize].is_some());
    }
}
