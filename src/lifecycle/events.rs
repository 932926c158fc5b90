//! Host events of both Roo Code APIs, mapped onto registry operations: the seeds'
//! `taskSpawned`/`taskPaused`/`taskUnpaused`/`taskCompleted` and today's `TaskDelegated`/
//! `TaskDelegationCompleted`/`TaskDelegationResumed`/`TaskAborted` (plus creation events).

use crate::error::{ErrorCode, GuardError, Result};
use crate::gather::Gather;

/// Task ids and mode slugs longer than this are refused (hosts use UUIDs and short slugs).
pub const MAX_ID_BYTES: usize = 4096;

/// Read from the hosts' internally tagged form (`{"type": "taskPaused", …}`) by
/// [`LifecycleEvent::from_json`]: each variant's tag names and each field's names are in
/// [`LifecycleEvent::from_value`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LifecycleEvent {
    /// A root task starts (`TaskCreated`, `TaskStarted`, `TaskActive` for an unknown task).
    Created {
        task_id: String,
        mode: Option<String>,
    },
    /// A parent delegated to a child.
    Delegated {
        parent_task_id: String,
        child_task_id: String,
        mode: Option<String>,
        message: Option<String>,
        context_hash: Option<String>,
    },
    /// The seeds' parent pause after a spawn.
    Paused { task_id: String },
    /// A task finished with a result (`TaskCompleted` carries no result: then it is empty).
    Completed {
        task_id: String,
        result: Option<String>,
    },
    /// Today's child completion, addressed by parent and child.
    DelegationCompleted {
        parent_task_id: String,
        child_task_id: String,
        summary: Option<String>,
    },
    /// The host resumed the parent (the seeds' `taskUnpaused`, today's `TaskDelegationResumed`).
    Resumed {
        task_id: String,
        child_task_id: Option<String>,
    },
    Aborted {
        task_id: String,
        reason: Option<String>,
    },
    /// A task became active again (`TaskActive`): a no-op for known running tasks.
    Active { task_id: String },
    /// Time passed: children past their deadline time out.
    Tick,
}

/// The event names an error lists (each reads under its other spellings too).
const EVENTS: &[&str] = &[
    "taskCreated",
    "taskSpawned",
    "taskPaused",
    "taskCompleted",
    "TaskDelegationCompleted",
    "taskUnpaused",
    "taskAborted",
    "taskActive",
    "tick",
];

impl LifecycleEvent {
    /// An event as hosts send it: an object whose `type` names the event.
    pub fn from_json(text: &str) -> serde_json::Result<LifecycleEvent> {
        let (name, fields) = crate::json_fields::tagged_text("type", text)?;
        Self::read(name, fields)
    }

    pub fn from_value(value: serde_json::Value) -> serde_json::Result<LifecycleEvent> {
        let (name, fields) = crate::json_fields::tagged("type", value)?;
        Self::read(name, fields)
    }

    /// The variant `name` names, its fields read from `f` (other fields are ignored).
    fn read(name: String, mut f: crate::json_fields::Fields) -> serde_json::Result<Self> {
        use LifecycleEvent::*;
        const TASK: &str = "taskId";
        const CHILD: &str = "childTaskId";
        Ok(match name.as_str() {
            "taskCreated" | "TaskCreated" | "TaskStarted" => Created {
                task_id: f.text(TASK)?,
                mode: f.opt_text("mode")?,
            },
            "taskSpawned" | "TaskSpawned" | "TaskDelegated" | "taskDelegated" => Delegated {
                parent_task_id: f.text("parentTaskId|taskId")?,
                child_task_id: f.text(CHILD)?,
                mode: f.opt_text("mode")?,
                message: f.opt_text("message")?,
                context_hash: f.opt_text("contextHash")?,
            },
            "taskPaused" | "TaskPaused" => Paused {
                task_id: f.text(TASK)?,
            },
            "taskCompleted" | "TaskCompleted" => Completed {
                task_id: f.text(TASK)?,
                result: f.opt_text("result|completionResultSummary|summary")?,
            },
            "TaskDelegationCompleted" | "taskDelegationCompleted" => DelegationCompleted {
                parent_task_id: f.text("parentTaskId")?,
                child_task_id: f.text(CHILD)?,
                summary: f.opt_text("summary|completionResultSummary|result")?,
            },
            "taskUnpaused" | "TaskUnpaused" | "TaskDelegationResumed" | "taskDelegationResumed" => {
                Resumed {
                    task_id: f.text("taskId|parentTaskId")?,
                    child_task_id: f.opt_text(CHILD)?,
                }
            }
            "taskAborted" | "TaskAborted" => Aborted {
                task_id: f.text(TASK)?,
                reason: f.opt_text("reason")?,
            },
            "taskActive" | "TaskActive" => Active {
                task_id: f.text(TASK)?,
            },
            "tick" => Tick,
            _ => return Err(crate::json_fields::unknown(&name, EVENTS)),
        })
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
                    .gather(),
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
                .gather(),
                message.iter().map(|m| ("/message", m)).gather(),
            ),
            Completed { task_id, result } => (
                vec![("/taskId", task_id)],
                result.iter().map(|r| ("/result", r)).gather(),
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
                summary.iter().map(|r| ("/result", r)).gather(),
            ),
            Resumed {
                task_id,
                child_task_id,
            } => (
                [("/taskId", task_id)]
                    .into_iter()
                    .chain(child_task_id.iter().map(|c| ("/childTaskId", c)))
                    .gather(),
                Vec::new(),
            ),
            Aborted { task_id, reason } => (
                vec![("/taskId", task_id)],
                reason.iter().map(|r| ("/reason", r)).gather(),
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
