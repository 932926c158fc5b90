//! Export and import of the whole registry as JSON (`.roo/boomerang-state.json`, seed 002
//! §1.2.4), so a reload continues every delegation where it was.

use super::model::{ChildResult, Delivery, Outcome, Task, TaskState};
use super::registry::Registry;
use crate::error::{ErrorCode, GuardError, Result};
use crate::gather::Gather;
use crate::gather::GatherOk;
use crate::json_fields::{need, Fields};
use serde::Serialize;
use serde_json::Value;

pub const STATE_VERSION: u32 = 1;

/// The file's JSON: the derive writes it, [`StateFile::read`] reads it by hand (serde's readers
/// of these five types were 18 KB of the module before wasm-opt).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateFile {
    version: u32,
    saved_at_ms: u64,
    tasks: Vec<Task>,
    outbox: Vec<Delivery>,
    /// Finished subtrees in the order they will be pruned (absent in older files).
    #[serde(skip_serializing_if = "Option::is_none")]
    retired: Option<Vec<String>>,
}

impl StateFile {
    fn read(value: Value) -> serde_json::Result<StateFile> {
        let mut f = Fields::of(value)?;
        Ok(StateFile {
            version: f.count("version")?,
            saved_at_ms: f.opt_u64("savedAtMs")?.unwrap_or(0),
            tasks: {
                let tasks = f.opt_list("tasks")?;
                need(tasks, "tasks")?
                    .into_iter()
                    .map(|t| read_task(Fields::of(t)?))
                    .gather_ok()?
            },
            outbox: f.objects("outbox", read_delivery)?,
            retired: f.opt_texts("retired")?,
        })
    }
}

/// A state by its name (`awaiting-result`); another name is an error.
fn state(f: &mut Fields, name: &'static str) -> serde_json::Result<TaskState> {
    let s = f.text(name)?;
    TaskState::named(&s).ok_or_else(|| serde::de::Error::unknown_variant(&s, &TaskState::NAMES))
}

fn read_result(mut f: Fields) -> serde_json::Result<ChildResult> {
    let outcome = f.text("outcome")?;
    Ok(ChildResult {
        outcome: [
            Outcome::Completed,
            Outcome::Aborted,
            Outcome::TimedOut,
            Outcome::Failed,
        ]
        .into_iter()
        .find(|o| o.state().as_str() == outcome)
        .ok_or_else(|| {
            serde::de::Error::unknown_variant(
                &outcome,
                &["completed", "aborted", "timed-out", "failed"],
            )
        })?,
        text: f.text("text")?,
        reason: f.opt_text("reason")?,
    })
}

fn read_task(mut f: Fields) -> serde_json::Result<Task> {
    Ok(Task {
        id: f.text("id")?,
        mode: f.text("mode")?,
        parent_id: f.opt_text("parentId")?,
        root_id: f.text("rootId")?,
        state: state(&mut f, "state")?,
        child_ids: f.opt_texts("childIds")?.unwrap_or_default(),
        open_child: f.opt_text("openChild")?,
        deadline_ms: f.opt_u64("deadlineMs")?,
        context_hash: f.opt_text("contextHash")?,
        instructions: f.opt_text("instructions")?,
        result: f.opt_read("result", read_result)?,
        created_ms: need(f.opt_u64("createdMs")?, "createdMs")?,
        updated_ms: need(f.opt_u64("updatedMs")?, "updatedMs")?,
    })
}

fn read_delivery(mut f: Fields) -> serde_json::Result<Delivery> {
    Ok(Delivery {
        parent_id: f.text("parentId")?,
        child_id: f.text("childId")?,
        result: read_result(need(f.opt_object("result")?, "result")?)?,
        attempts: f.count("attempts")?,
        prepared: need(f.opt_flag("prepared")?, "prepared")?,
    })
}

impl Registry {
    pub fn export_json(&self, now: u64) -> String {
        let file = StateFile {
            version: STATE_VERSION,
            saved_at_ms: now,
            tasks: self.tasks.values().map(|t| Task::clone(t)).gather(),
            outbox: self.outbox.values().map(|d| Delivery::clone(d)).gather(),
            retired: Some(self.retired.iter().cloned().gather()),
        };
        crate::json_text::to_string_pretty(&file).unwrap_or_default()
    }

    /// Reads an exported state. A resume that was under way when the state was saved did not
    /// commit: it is rolled back, so its result is delivered again.
    pub fn import_json(text: &str) -> Result<Registry> {
        let bad = |m: String| GuardError::new(ErrorCode::InvalidState, "", m);
        // One parse: the version is read first, then the whole file from the same value.
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| bad(format!("state file is not JSON: {e}")))?;
        if !value.is_object() {
            return Err(bad("state file is not a JSON object".into()));
        }
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(v) if v > u64::from(STATE_VERSION) => {
                return Err(GuardError::new(
                    ErrorCode::UnsupportedVersion,
                    "/version",
                    format!("state version {v} is newer than this guard reads ({STATE_VERSION}); upgrade boomerang-guard"),
                ))
            }
            Some(_) => {}
            None => return Err(bad("state file has no numeric \"version\"".into())),
        }
        let file =
            StateFile::read(value).map_err(|e| bad(format!("state file is malformed: {e}")))?;
        let mut reg = Registry::default();
        for t in file.tasks {
            if reg.tasks.insert(t.id.clone(), Box::new(t)).is_some() {
                return Err(bad("a task id appears twice".into()));
            }
        }
        for mut d in file.outbox {
            if d.prepared {
                d.prepared = false;
                if let Some(p) = reg.tasks.get_mut(&d.parent_id) {
                    if p.state == TaskState::Resuming {
                        p.state = TaskState::AwaitingResult;
                    }
                }
            }
            if reg
                .outbox
                .insert(d.parent_id.clone(), Box::new(d))
                .is_some()
            {
                return Err(bad("two outbox entries for one parent".into()));
            }
        }
        reg.check_invariants()
            .map_err(|m| bad(format!("state is inconsistent: {m}")))?;
        if let Some(ids) = file.retired {
            for id in ids {
                if reg.tasks.contains_key(&id) {
                    reg.retire(&id);
                }
            }
            return Ok(reg);
        }
        // Older files: finished subtrees nobody waits for, oldest first.
        let mut retired: Vec<(u64, String)> = reg
            .tasks
            .values()
            .filter(|t| t.state.is_terminal())
            .filter(
                |t| match t.parent_id.as_deref().and_then(|p| reg.tasks.get(p)) {
                    None => true,
                    Some(p) => p.open_child.as_deref() != Some(t.id.as_str()),
                },
            )
            .map(|t| (t.updated_ms, t.id.clone()))
            .gather();
        crate::sort::sort(&mut retired);
        for (_, id) in retired {
            reg.retire(&id);
        }
        Ok(reg)
    }
}
