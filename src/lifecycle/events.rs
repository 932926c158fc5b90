//! Host events of both Roo Code APIs, mapped onto registry operations: the seeds'
//! `taskSpawned`/`taskPaused`/`taskUnpaused`/`taskCompleted` and today's `TaskDelegated`/
//! `TaskDelegationCompleted`/`TaskDelegationResumed`/`TaskAborted` (plus creation events).

use crate::error::{ErrorCode, GuardError, Result};
use serde::Deserialize;

/// Task ids and mode slugs longer than this are refused (hosts use UUIDs and short slugs).
pub const MAX_ID_BYTES: usize = 4096;

/// Read from the hosts' internally tagged form (`{"type": "taskPaused", …}`) by
/// [`LifecycleEvent::from_json`]; the derive itself reads serde's external tagging
/// (`json_text::from_tagged`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum LifecycleEvent {
    /// A root task starts (`TaskCreated`, `TaskStarted`, `TaskActive` for an unknown task).
    #[serde(rename = "taskCreated", alias = "TaskCreated", alias = "TaskStarted")]
    Created {
        task_id: String,
        #[serde(default)]
        mode: Option<String>,
    },
    /// A parent delegated to a child.
    #[serde(
        rename = "taskSpawned",
        alias = "TaskSpawned",
        alias = "TaskDelegated",
        alias = "taskDelegated"
    )]
    Delegated {
        #[serde(alias = "taskId")]
        parent_task_id: String,
        child_task_id: String,
        #[serde(default)]
        mode: Option<String>,
        #[serde(default)]
        message: Option<String>,
        #[serde(default)]
        context_hash: Option<String>,
    },
    /// The seeds' parent pause after a spawn.
    #[serde(rename = "taskPaused", alias = "TaskPaused")]
    Paused { task_id: String },
    /// A task finished with a result (`TaskCompleted` carries no result: then it is empty).
    #[serde(rename = "taskCompleted", alias = "TaskCompleted")]
    Completed {
        task_id: String,
        #[serde(default, alias = "completionResultSummary", alias = "summary")]
        result: Option<String>,
    },
    /// Today's child completion, addressed by parent and child.
    #[serde(rename = "TaskDelegationCompleted", alias = "taskDelegationCompleted")]
    DelegationCompleted {
        parent_task_id: String,
        child_task_id: String,
        #[serde(default, alias = "completionResultSummary", alias = "result")]
        summary: Option<String>,
    },
    /// The host resumed the parent (the seeds' `taskUnpaused`, today's `TaskDelegationResumed`).
    #[serde(
        rename = "taskUnpaused",
        alias = "TaskUnpaused",
        alias = "TaskDelegationResumed",
        alias = "taskDelegationResumed"
    )]
    Resumed {
        #[serde(alias = "parentTaskId")]
        task_id: String,
        #[serde(default)]
        child_task_id: Option<String>,
    },
    #[serde(rename = "taskAborted", alias = "TaskAborted")]
    Aborted {
        task_id: String,
        #[serde(default)]
        reason: Option<String>,
    },
    /// A task became active again (`TaskActive`): a no-op for known running tasks.
    #[serde(rename = "taskActive", alias = "TaskActive")]
    Active { task_id: String },
    /// Time passed: children past their deadline time out.
    #[serde(rename = "tick")]
    Tick,
}

impl LifecycleEvent {
    /// An event as hosts send it: an object whose `type` names the event.
    pub fn from_json(text: &str) -> serde_json::Result<LifecycleEvent> {
        crate::json_text::from_tagged_text("type", text)
    }

    pub fn from_value(value: serde_json::Value) -> serde_json::Result<LifecycleEvent> {
        crate::json_text::from_tagged("type", value)
    }

    /// Refuses texts over `max_text` bytes (a result, a message) and ids over [`MAX_ID_BYTES`]
    /// before anything is recorded: the registry keeps what it is given for the life of a tree.
    pub fn check_sizes(&self, max_text: usize) -> Result<()> {
        use LifecycleEvent::*;
        type Fields<'a> = Vec<(&'static str, &'a String)>;
        let (ids, texts): (Fields, Fields) = match self {
            Created { task_id, mode } => (
                [("/taskId", task_id)]
                    .into_iter()
                    .chain(mode.iter().map(|m| ("/mode", m)))
                    .collect(),
                Vec::new(),
            ),
            Delegated {
                parent_task_id,
                child_task_id,
                mode,
                message,
                context_hash,
            } => (
                [
                    ("/parentTaskId", parent_task_id),
                    ("/childTaskId", child_task_id),
                ]
                .into_iter()
                .chain(mode.iter().map(|m| ("/mode", m)))
                .chain(context_hash.iter().map(|h| ("/contextHash", h)))
                .collect(),
                message.iter().map(|m| ("/message", m)).collect(),
            ),
            Completed { task_id, result } => (
                vec![("/taskId", task_id)],
                result.iter().map(|r| ("/result", r)).collect(),
            ),
            DelegationCompleted {
                parent_task_id,
                child_task_id,
                summary,
            } => (
                vec![
                    ("/parentTaskId", parent_task_id),
                    ("/childTaskId", child_task_id),
                ],
                summary.iter().map(|r| ("/result", r)).collect(),
            ),
            Resumed {
                task_id,
                child_task_id,
            } => (
                [("/taskId", task_id)]
                    .into_iter()
                    .chain(child_task_id.iter().map(|c| ("/childTaskId", c)))
                    .collect(),
                Vec::new(),
            ),
            Aborted { task_id, reason } => (
                vec![("/taskId", task_id)],
                reason.iter().map(|r| ("/reason", r)).collect(),
            ),
            Paused { task_id } | Active { task_id } => (vec![("/taskId", task_id)], Vec::new()),
            Tick => (Vec::new(), Vec::new()),
        };
        for (path, id) in ids {
            if id.len() > MAX_ID_BYTES {
                return Err(GuardError::new(
                    ErrorCode::InvalidArgument,
                    path,
                    format!(
                        "{path} is {} bytes; ids and modes have at most {MAX_ID_BYTES}",
                        id.len()
                    ),
                ));
            }
        }
        for (path, text) in texts {
            if text.len() > max_text {
                return Err(GuardError::new(
                    ErrorCode::TooLarge,
                    path,
                    format!(
                        "{path} is {} bytes, over limits.maxBytes ({max_text}); nothing was recorded",
                        text.len()
                    ),
                ));
            }
        }
        Ok(())
    }
}
