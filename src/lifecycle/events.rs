//! Host events of both Roo Code APIs, mapped onto registry operations: the seeds'
//! `taskSpawned`/`taskPaused`/`taskUnpaused`/`taskCompleted` and today's `TaskDelegated`/
//! `TaskDelegationCompleted`/`TaskDelegationResumed`/`TaskAborted` (plus creation events).

use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all_fields = "camelCase")]
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
