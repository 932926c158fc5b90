//! The TypeScript types of the boundary, generated from the Rust types (ts-rs, test builds only)
//! into `ts-wrapper/src/generated/boundary.ts`. The test fails when that file is stale; run
//! `BG_UPDATE_TYPES=1 cargo test --lib ts_types` to rewrite it. Integers cross as JSON numbers,
//! so ts-rs's `bigint` for 64-bit fields is written `number`.

use crate::contracts::{report, ContractError};
use crate::drift::{
    checklist, constraints, modality, signals::Signal, Concept, Decision, DriftReport, DriftStatus,
};
use crate::host::{Delivery, Finding, HistoryRecord, HostKind};
use crate::integrate::{IntegrationStatus, NextRound, ParentApi};
use crate::sanitize::{Change, ChangeOp};
use ts_rs::TS;

const PATH: &str = "ts-wrapper/src/generated/boundary.ts";

fn decl<T: TS>() -> String {
    let doc = T::docs().unwrap_or_default();
    format!("{doc}export {}\n", T::decl())
}

fn generated() -> String {
    let decls = [
        decl::<DriftReport>(),
        decl::<DriftStatus>(),
        decl::<Concept>(),
        decl::<Signal>(),
        decl::<Decision>(),
        decl::<crate::drift::checkable::Checked>(),
        decl::<checklist::ChecklistItem>(),
        decl::<constraints::Violation>(),
        decl::<modality::Modality>(),
        decl::<HistoryRecord>(),
        decl::<HostKind>(),
        decl::<Finding>(),
        decl::<Delivery>(),
        decl::<IntegrationStatus>(),
        decl::<NextRound>(),
        decl::<ParentApi>(),
        decl::<report::CheckReport>(),
        decl::<report::ErrorObject>(),
        decl::<report::ErrorEntry>(),
        decl::<report::Crossing>(),
        decl::<ContractError>(),
        decl::<Change>(),
        decl::<ChangeOp>(),
        decl::<crate::contracts::extract::Extraction>(),
        decl::<crate::freeze::BinaryNote>(),
        decl::<crate::freeze::BinaryHandling>(),
    ];
    let mut out = String::from(
        "// Generated from the Rust types by src/ts_types.rs (ts-rs). Do not edit: change the Rust\n\
         // type and run `BG_UPDATE_TYPES=1 cargo test --lib ts_types`.\n\
         import type { JsonValue } from \"../types.js\";\n\n",
    );
    for d in decls {
        out.push_str(&d.replace("bigint", "number"));
        out.push('\n');
    }
    out
}

#[test]
fn ts_types_are_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(PATH);
    let want = generated();
    if std::env::var_os("BG_UPDATE_TYPES").is_some() {
        std::fs::create_dir_all(path.parent().unwrap_or(&path)).ok();
        std::fs::write(&path, &want).ok();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{PATH} is stale: run `BG_UPDATE_TYPES=1 cargo test --lib ts_types`"
    );
}
