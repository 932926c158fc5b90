//! The task model: states, records, child results, deliveries and transitions.

use serde::Serialize;

/// Where a task is in its life. `Delegated` is the seeds' "paused" parent; `AwaitingResult`
/// is a parent whose child has ended and whose result waits in the outbox; `Resuming` is a
/// parent being handed that result (prepared, not yet committed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum TaskState {
    Created,
    Active,
    Delegated,
    AwaitingResult,
    Resuming,
    Completed,
    Aborted,
    TimedOut,
    Failed,
}

impl TaskState {
    /// The one transition table. The registry moves along it, and the hosts' persisted statuses
    /// are checked against it (`host::records`): Zoo Code's `VALID_TASK_STATUS_TRANSITIONS`
    /// (active → delegated/completed/interrupted, delegated → active/interrupted, interrupted →
    /// completed, with interrupted as `Aborted`) and Roo Code's implicit ones are subsets of it.
    pub fn can_become(self, to: TaskState) -> bool {
        use TaskState::*;
        match self {
            Created => !matches!(to, Created | AwaitingResult | Resuming),
            Active => matches!(to, Delegated | Completed | Aborted | TimedOut | Failed),
            Delegated => matches!(
                to,
                AwaitingResult | Resuming | Active | Aborted | TimedOut | Failed
            ),
            AwaitingResult => matches!(to, Resuming | Active | Aborted),
            Resuming => matches!(to, Active | AwaitingResult),
            Aborted | TimedOut | Failed => to == Completed,
            Completed => false,
        }
    }

    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            TaskState::Completed | TaskState::Aborted | TaskState::TimedOut | TaskState::Failed
        )
    }

    /// Every state, in declaration order; [`TaskState::NAMES`] holds their names in the same order.
    pub const ALL: [TaskState; 9] = [
        TaskState::Created,
        TaskState::Active,
        TaskState::Delegated,
        TaskState::AwaitingResult,
        TaskState::Resuming,
        TaskState::Completed,
        TaskState::Aborted,
        TaskState::TimedOut,
        TaskState::Failed,
    ];

    pub const NAMES: [&'static str; 9] = [
        "created",
        "active",
        "delegated",
        "awaiting-result",
        "resuming",
        "completed",
        "aborted",
        "timed-out",
        "failed",
    ];

    pub fn as_str(self) -> &'static str {
        Self::NAMES.get(self as usize).copied().unwrap_or_default()
    }

    /// The state a name (`awaiting-result`) names.
    pub fn named(name: &str) -> Option<TaskState> {
        let at = Self::NAMES.iter().position(|n| *n == name)?;
        Self::ALL.get(at).copied()
    }
}

/// How a child ended, as its parent learns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Completed,
    Aborted,
    TimedOut,
    Failed,
}

impl Outcome {
    pub fn state(self) -> TaskState {
        match self {
            Outcome::Completed => TaskState::Completed,
            Outcome::Aborted => TaskState::Aborted,
            Outcome::TimedOut => TaskState::TimedOut,
            Outcome::Failed => TaskState::Failed,
        }
    }
}

/// What a child hands its parent: its result text, or an error result when it did not finish.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChildResult {
    pub outcome: Outcome,
    /// The child's result (completed), or a message for the parent saying why there is none.
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl ChildResult {
    pub fn error(outcome: Outcome, child_id: &str, reason: &str) -> ChildResult {
        let what = match outcome {
            Outcome::Aborted => "was aborted",
            Outcome::TimedOut => "timed out",
            Outcome::Failed => "failed",
            Outcome::Completed => "completed",
        };
        let text = format!(
            "[boomerang-guard] Subtask {child_id} {what} without a result: {reason}. Decide whether to retry, delegate differently, or continue without it."
        );
        ChildResult {
            outcome,
            text,
            reason: Some(reason.to_string()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    pub id: String,
    pub mode: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent_id: Option<String>,
    pub root_id: String,
    pub state: TaskState,
    #[serde(default)]
    pub child_ids: Vec<String>,
    /// The child this task waits for (at most one: Roo Code runs one child per parent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_child: Option<String>,
    /// When this task must have finished (set for children).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
    /// Hash of the frozen context this task received, checked on completion and resume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_hash: Option<String>,
    /// The instructions (new_task `message`) the parent gave this task.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions: Option<String>,
    /// How this task ended, kept for audit even after the parent took it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ChildResult>,
    pub created_ms: u64,
    pub updated_ms: u64,
}

/// A child's result waiting for its parent: kept until the parent's resume is committed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub parent_id: String,
    pub child_id: String,
    pub result: ChildResult,
    /// Resume attempts so far (a rolled-back resume counts).
    pub attempts: u32,
    /// A resume is under way (prepared, not yet committed or rolled back).
    pub prepared: bool,
}

/// One state change, emitted to the host.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Transition {
    pub task_id: String,
    pub from: Option<TaskState>,
    pub to: TaskState,
    pub cause: String,
    pub at_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::TaskState;

    #[test]
    fn every_state_has_its_name_and_reads_back_from_it() {
        for (i, t) in TaskState::ALL.into_iter().enumerate() {
            assert_eq!(t as usize, i);
            assert_eq!(serde_json::to_value(t).ok(), Some(t.as_str().into()));
            assert_eq!(TaskState::named(t.as_str()), Some(t));
        }
        assert_eq!(TaskState::named("paused"), None);
    }
}
