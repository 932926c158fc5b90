//! The hosts' own persisted task records, read as the source of truth at every boundary.
//!
//! Shapes read from the hosts' code (see ARCHITECTURE.md, "Anchors"): Roo Code v3.52.1
//! `packages/types/src/history.ts` (`HistoryItem`, zod) and Zoo Code's copy of it with the status
//! set of `src/core/task-persistence/taskLifecycle.ts`. Unknown fields are ignored; every field is
//! optional, because a record written by an older build lacks the delegation fields.

use crate::gather::GatherOk;
use crate::json_fields::{variant, Fields};
use crate::lifecycle::TaskState;
use serde::Serialize;
use serde_json::Value;

/// Which host wrote the records: it decides the status set a record may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum HostKind {
    /// Zoo Code: `active | delegated | interrupted | completed`.
    #[default]
    Zoo,
    /// Roo Code v3.52.1: `active | completed | delegated`.
    Roo,
    /// The specifications' older flow (`newTaskTool.ts`, `resumePausedTask`): no status field.
    Seed,
}

impl HostKind {
    /// `"zoo"`, `"roo"` or `"seed"`.
    pub fn from_value(value: &Value) -> serde_json::Result<HostKind> {
        let all = [HostKind::Zoo, HostKind::Roo, HostKind::Seed];
        let at = variant(value, &["zoo", "roo", "seed"])?;
        Ok(all.get(at).copied().unwrap_or_default())
    }

    /// The statuses this host persists.
    pub fn statuses(self) -> &'static [&'static str] {
        match self {
            HostKind::Zoo => &["active", "delegated", "interrupted", "completed"],
            HostKind::Roo => &["active", "completed", "delegated"],
            HostKind::Seed => &[],
        }
    }

    /// The host's status as a state of the guard's model (`lifecycle::TaskState`), which holds
    /// the one transition table both hosts are checked against.
    pub fn model_state(self, status: &str) -> Option<TaskState> {
        if !self.statuses().contains(&status) {
            return None;
        }
        Some(match status {
            "active" => TaskState::Active,
            "delegated" => TaskState::Delegated,
            "interrupted" => TaskState::Aborted,
            _ => TaskState::Completed,
        })
    }
}

/// The fields of a host `HistoryItem` the guard reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "HostRecord", optional_fields))]
#[serde(rename_all = "camelCase", default)]
pub struct HistoryRecord {
    pub id: String,
    /// The task's first message: for a child, the `new_task` message it was given.
    pub task: Option<String>,
    pub mode: Option<String>,
    pub status: Option<String>,
    pub parent_task_id: Option<String>,
    pub root_task_id: Option<String>,
    pub child_ids: Option<Vec<String>>,
    pub delegated_to_id: Option<String>,
    pub awaiting_child_id: Option<String>,
    pub completed_by_child_id: Option<String>,
    /// When the host last wrote the record (ms since the epoch).
    pub ts: Option<f64>,
}

impl HistoryRecord {
    /// A record as the host persisted it: every field optional, other fields ignored, a field
    /// of another type an error. Read by hand (serde's derived reader: 5 KB of the module).
    pub fn from_value(value: Value) -> serde_json::Result<HistoryRecord> {
        Self::read(Fields::of(value)?)
    }

    /// An array of records.
    pub fn list_from_value(value: Value) -> serde_json::Result<Vec<HistoryRecord>> {
        crate::json_fields::list(value)?
            .into_iter()
            .map(Self::from_value)
            .gather_ok()
    }

    pub(crate) fn read(mut f: Fields) -> serde_json::Result<HistoryRecord> {
        let mut text = |name: &'static str| f.opt_text(name);
        Ok(HistoryRecord {
            id: text("id")?.unwrap_or_default(),
            task: text("task")?,
            mode: text("mode")?,
            status: text("status")?,
            parent_task_id: text("parentTaskId")?,
            root_task_id: text("rootTaskId")?,
            delegated_to_id: text("delegatedToId")?,
            awaiting_child_id: text("awaitingChildId")?,
            completed_by_child_id: text("completedByChildId")?,
            child_ids: f.opt_texts("childIds")?,
            ts: f.opt_number("ts")?,
        })
    }
}

/// A disagreement between what the guard expects at a boundary and the host's records. Never
/// silent: it is carried in the verdict, the summary and the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// Stable code: `missing-record`, `unknown-status`, `not-delegated`, `awaiting-other-child`,
    /// `not-a-child`, `child-not-active`, `invalid-transition`.
    pub code: String,
    pub task_id: String,
    pub message: String,
}

impl Finding {
    pub fn new(code: &str, task_id: &str, message: String) -> Finding {
        Finding {
            code: code.into(),
            task_id: task_id.into(),
            message,
        }
    }
}

fn status_of(kind: HostKind, r: &HistoryRecord, out: &mut Vec<Finding>) -> Option<TaskState> {
    let status = r.status.as_deref()?;
    let state = kind.model_state(status);
    if state.is_none() {
        out.push(Finding::new(
            "unknown-status",
            &r.id,
            format!(
                "task {} has status {status:?}, which {:?} does not persist ({})",
                r.id,
                kind,
                kind.statuses().join(", ")
            ),
        ));
    }
    state
}

/// Checks the records of a child completing into its parent: the child names the parent, the
/// parent is delegated and waits for this child, and both transitions (child → completed,
/// parent → active) are allowed by the model from the states the host holds.
pub fn check_completion(
    kind: HostKind,
    parent_id: &str,
    child_id: &str,
    parent: Option<&HistoryRecord>,
    child: Option<&HistoryRecord>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    if kind == HostKind::Seed {
        return out;
    }
    let Some(child) = child else {
        out.push(Finding::new(
            "missing-record",
            child_id,
            format!("the host has no history item for child {child_id}; its message and mode are unknown"),
        ));
        return out;
    };
    if child.parent_task_id.as_deref() != Some(parent_id) {
        out.push(Finding::new(
            "not-a-child",
            child_id,
            format!(
                "task {child_id}'s record names parent {:?}, not {parent_id}",
                child.parent_task_id.as_deref().unwrap_or("none")
            ),
        ));
    }
    if let Some(s) = status_of(kind, child, &mut out) {
        if !s.can_become(TaskState::Completed) {
            out.push(Finding::new(
                "child-not-active",
                child_id,
                format!(
                    "child {child_id} is {:?} in the host's records; a finished child cannot complete again",
                    child.status.as_deref().unwrap_or("")
                ),
            ));
        }
    }
    let Some(parent) = parent else {
        out.push(Finding::new(
            "missing-record",
            parent_id,
            format!("the host has no history item for parent {parent_id}"),
        ));
        return out;
    };
    if let Some(s) = status_of(kind, parent, &mut out) {
        if s != TaskState::Delegated {
            out.push(Finding::new(
                "not-delegated",
                parent_id,
                format!(
                    "parent {parent_id} is {:?} in the host's records, not \"delegated\": the host no longer waits for this result",
                    parent.status.as_deref().unwrap_or("")
                ),
            ));
        }
    }
    match parent.awaiting_child_id.as_deref() {
        Some(a) if a != child_id => out.push(Finding::new(
            "awaiting-other-child",
            parent_id,
            format!("parent {parent_id} waits for child {a}, not {child_id}"),
        )),
        _ => {}
    }
    out
}

/// Checks the parent's record before it delegates: it must be able to become `delegated`.
pub fn check_spawn(kind: HostKind, parent: Option<&HistoryRecord>) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(parent) = parent else {
        return out;
    };
    if let Some(s) = status_of(kind, parent, &mut out) {
        if !s.can_become(TaskState::Delegated) {
            out.push(Finding::new(
                "invalid-transition",
                &parent.id,
                format!(
                    "parent {} is {:?} in the host's records and cannot delegate",
                    parent.id,
                    parent.status.as_deref().unwrap_or("")
                ),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(id: &str, status: &str) -> HistoryRecord {
        HistoryRecord {
            id: id.into(),
            status: Some(status.into()),
            ..Default::default()
        }
    }

    #[test]
    fn a_waiting_parent_and_its_running_child_agree() {
        let mut p = rec("P", "delegated");
        p.awaiting_child_id = Some("C".into());
        let mut c = rec("C", "active");
        c.parent_task_id = Some("P".into());
        for kind in [HostKind::Zoo, HostKind::Roo] {
            assert!(check_completion(kind, "P", "C", Some(&p), Some(&c)).is_empty());
        }
    }

    #[test]
    fn a_repaired_parent_is_reported() {
        let p = rec("P", "active");
        let mut c = rec("C", "active");
        c.parent_task_id = Some("P".into());
        let f = check_completion(HostKind::Roo, "P", "C", Some(&p), Some(&c));
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].code, "not-delegated");
    }

    #[test]
    fn interrupted_is_a_zoo_status_only() {
        let mut p = rec("P", "delegated");
        p.awaiting_child_id = Some("C".into());
        let mut c = rec("C", "interrupted");
        c.parent_task_id = Some("P".into());
        // Zoo Code allows interrupted → completed.
        assert!(check_completion(HostKind::Zoo, "P", "C", Some(&p), Some(&c)).is_empty());
        c.status = Some("completed".into());
        let zoo = check_completion(HostKind::Zoo, "P", "C", Some(&p), Some(&c));
        assert_eq!(zoo[0].code, "child-not-active");
        c.status = Some("interrupted".into());
        let roo = check_completion(HostKind::Roo, "P", "C", Some(&p), Some(&c));
        assert_eq!(roo[0].code, "unknown-status");
    }

    #[test]
    fn a_parent_waiting_for_another_child_is_reported() {
        let mut p = rec("P", "delegated");
        p.awaiting_child_id = Some("C2".into());
        let mut c = rec("C1", "active");
        c.parent_task_id = Some("P".into());
        let f = check_completion(HostKind::Zoo, "P", "C1", Some(&p), Some(&c));
        assert_eq!(f[0].code, "awaiting-other-child");
    }

    #[test]
    fn missing_records_are_reported_not_fatal() {
        let f = check_completion(HostKind::Zoo, "P", "C", None, None);
        assert_eq!(f[0].code, "missing-record");
        assert!(check_completion(HostKind::Seed, "P", "C", None, None).is_empty());
    }

    #[test]
    fn a_delegated_parent_cannot_delegate_again() {
        let f = check_spawn(HostKind::Roo, Some(&rec("P", "delegated")));
        assert_eq!(f[0].code, "invalid-transition");
        assert!(check_spawn(HostKind::Roo, Some(&rec("P", "active"))).is_empty());
    }
}
