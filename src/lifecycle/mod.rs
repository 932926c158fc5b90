//! The task lifecycle (seed 002 §1.3, §2, §3; seed 001 §3): spawn, pause, resume, complete,
//! abort and timeout, with no lost results and no parent left waiting forever.

mod events;
mod model;
mod persist;
mod registry;
mod restore;

pub use events::{LifecycleEvent, MAX_ID_BYTES};
pub use model::{ChildResult, Delivery, Outcome, Task, TaskState, Transition};
pub use persist::STATE_VERSION;
pub use registry::{Registry, Spawn, KEEP_RETIRED};
pub use restore::{plan_restore, RestoreInput, RestorePlan};

use crate::error::{ErrorCode, GuardError, Result};

impl Registry {
    /// Applies one host event. `budget_ms(mode)` gives a new child's time budget.
    pub fn apply(
        &mut self,
        event: &LifecycleEvent,
        now: u64,
        budget_ms: impl Fn(&str) -> u64,
    ) -> Result<Vec<Transition>> {
        match event {
            LifecycleEvent::Created { task_id, mode } => {
                self.create(task_id, mode.as_deref().unwrap_or("orchestrator"), now)
            }
            LifecycleEvent::Delegated {
                parent_task_id,
                child_task_id,
                mode,
                message,
                context_hash,
            } => {
                let mode = mode.clone().unwrap_or_else(|| "code".into());
                let spawn = Spawn {
                    parent_id: parent_task_id.clone(),
                    child_id: child_task_id.clone(),
                    budget_ms: budget_ms(&mode),
                    mode,
                    instructions: message.clone(),
                    context_hash: context_hash.clone(),
                };
                self.spawn(&spawn, now)
            }
            LifecycleEvent::Paused { task_id } => self.paused(task_id),
            LifecycleEvent::Completed { task_id, result } => self.finish(
                task_id,
                ChildResult {
                    outcome: Outcome::Completed,
                    text: result.clone().unwrap_or_default(),
                    reason: None,
                },
                now,
            ),
            LifecycleEvent::DelegationCompleted {
                parent_task_id,
                child_task_id,
                summary,
            } => {
                let child = self
                    .task(child_task_id)
                    .ok_or_else(|| unknown(child_task_id))?;
                if child.parent_id.as_deref() != Some(parent_task_id.as_str()) {
                    return Err(GuardError::new(
                        ErrorCode::InvalidTransition,
                        format!("/tasks/{child_task_id}"),
                        format!("task {child_task_id:?} is not a child of {parent_task_id:?}"),
                    ));
                }
                self.finish(
                    child_task_id,
                    ChildResult {
                        outcome: Outcome::Completed,
                        text: summary.clone().unwrap_or_default(),
                        reason: None,
                    },
                    now,
                )
            }
            LifecycleEvent::Resumed {
                task_id,
                child_task_id,
            } => {
                if let (Some(c), Some(d)) = (child_task_id, self.delivery(task_id)) {
                    if &d.child_id != c {
                        return Err(GuardError::new(
                            ErrorCode::InvalidTransition,
                            format!("/tasks/{task_id}"),
                            format!(
                                "task {task_id:?} waits for the result of {:?}, not {c:?}",
                                d.child_id
                            ),
                        ));
                    }
                }
                self.resumed(task_id, now)
            }
            LifecycleEvent::Aborted { task_id, reason } => {
                self.abort(task_id, reason.as_deref().unwrap_or(""), now)
            }
            LifecycleEvent::Active { task_id } => {
                if self.task(task_id).is_some() {
                    Ok(Vec::new())
                } else {
                    self.create(task_id, "orchestrator", now)
                }
            }
            LifecycleEvent::Tick => Ok(self.tick(now)),
        }
    }
}

fn unknown(id: &str) -> GuardError {
    GuardError::new(
        ErrorCode::UnknownTask,
        format!("/tasks/{id}"),
        format!("no task {id:?} is known to the lifecycle"),
    )
}
