//! The task registry: parent/child links, one open child per parent, deadlines, and an outbox
//! that keeps every child's result until its parent's resume is committed. Every operation
//! checks first and changes after, so a rejected event leaves the registry as it was.

use super::model::{ChildResult, Delivery, Outcome, Task, TaskState, Transition};
use crate::error::{ErrorCode, GuardError, Result};
use crate::gather::Gather;
use crate::gather::Keep;
use crate::gather::PushAll;
use std::collections::{BTreeMap, VecDeque};

/// Finished subtrees kept for `task()`/`tasks()` and audit after their result was delivered (a
/// child whose parent took its result, a root that ended); older ones are pruned, so a
/// long-lived host does not keep every round it ever ran.
pub const KEEP_RETIRED: usize = 1024;

/// Parameters of a delegation.
#[derive(Debug, Clone, Default)]
pub struct Spawn {
    pub parent_id: String,
    pub child_id: String,
    pub mode: String,
    pub instructions: Option<String>,
    pub context_hash: Option<String>,
    /// How long the child may run; the parent's own deadline caps it.
    pub budget_ms: u64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Registry {
    pub(super) tasks: BTreeMap<String, Box<Task>>,
    pub(super) outbox: BTreeMap<String, Box<Delivery>>,
    /// Roots of finished, delivered subtrees, oldest first.
    pub(super) retired: VecDeque<String>,
}

fn err(code: ErrorCode, task: &str, message: String) -> GuardError {
    GuardError::new(code, format!("/tasks/{task}"), message)
}

fn invalid(task: &Task, to: &str, why: &str) -> GuardError {
    err(
        ErrorCode::InvalidTransition,
        &task.id,
        format!(
            "task {:?} cannot go from {} to {to}: {why}",
            task.id,
            task.state.as_str()
        ),
    )
}

impl Registry {
    pub fn task(&self, id: &str) -> Option<&Task> {
        self.tasks.get(id).map(|t| &**t)
    }

    pub fn tasks(&self) -> impl Iterator<Item = &Task> {
        self.tasks.values().map(|t| &**t)
    }

    pub fn deliveries(&self) -> impl Iterator<Item = &Delivery> {
        self.outbox.values().map(|d| &**d)
    }

    pub fn delivery(&self, parent_id: &str) -> Option<&Delivery> {
        self.outbox.get(parent_id).map(|d| &**d)
    }

    fn get(&self, id: &str) -> Result<&Task> {
        self.tasks.get(id).map(|t| &**t).ok_or_else(|| {
            err(
                ErrorCode::UnknownTask,
                id,
                format!("no task {id:?} is known to the lifecycle"),
            )
        })
    }

    fn set_state(
        &mut self,
        id: &str,
        to: TaskState,
        cause: &str,
        now: u64,
        out: &mut Vec<Transition>,
    ) {
        if let Some(t) = self.tasks.get_mut(id) {
            if t.state != to {
                out.push(Transition {
                    task_id: id.to_string(),
                    from: Some(t.state),
                    to,
                    cause: cause.to_string(),
                    at_ms: now,
                });
                t.state = to;
            }
            t.updated_ms = now;
        }
    }

    /// Registers a root task (one with no parent in the registry).
    pub fn create(&mut self, id: &str, mode: &str, now: u64) -> Result<Vec<Transition>> {
        if self.tasks.contains_key(id) {
            return Err(err(
                ErrorCode::DuplicateTask,
                id,
                format!("task {id:?} already exists"),
            ));
        }
        self.tasks.insert(
            id.to_string(),
            Box::new(Task {
                id: id.to_string(),
                mode: mode.to_string(),
                parent_id: None,
                root_id: id.to_string(),
                state: TaskState::Active,
                child_ids: Vec::new(),
                open_child: None,
                deadline_ms: None,
                context_hash: None,
                instructions: None,
                result: None,
                created_ms: now,
                updated_ms: now,
            }),
        );
        Ok(vec![Transition {
            task_id: id.to_string(),
            from: None,
            to: TaskState::Active,
            cause: "created".into(),
            at_ms: now,
        }])
    }

    /// A parent delegates to a new child: the parent waits, the child runs with a deadline.
    pub fn spawn(&mut self, s: &Spawn, now: u64) -> Result<Vec<Transition>> {
        let parent = self.get(&s.parent_id)?;
        if self.tasks.contains_key(&s.child_id) {
            return Err(err(
                ErrorCode::DuplicateTask,
                &s.child_id,
                format!(
                    "task {:?} already exists; a child id is used once",
                    s.child_id
                ),
            ));
        }
        if let Some(open) = &parent.open_child {
            return Err(err(
                ErrorCode::ChildAlreadyOpen,
                &parent.id,
                format!(
                    "task {:?} already waits for child {open:?}; one child at a time",
                    parent.id
                ),
            ));
        }
        if !matches!(parent.state, TaskState::Active | TaskState::Created) {
            return Err(invalid(
                parent,
                "delegated",
                "only a running task can delegate",
            ));
        }
        let mut deadline = now.saturating_add(s.budget_ms);
        if let Some(parent_deadline) = parent.deadline_ms {
            deadline = deadline.min(parent_deadline);
        }
        let root = parent.root_id.clone();
        let mut out = Vec::new();
        self.set_state(
            &s.parent_id,
            TaskState::Delegated,
            "delegated",
            now,
            &mut out,
        );
        if let Some(p) = self.tasks.get_mut(&s.parent_id) {
            p.open_child = Some(s.child_id.clone());
            p.child_ids.push(s.child_id.clone());
        }
        self.tasks.insert(
            s.child_id.clone(),
            Box::new(Task {
                id: s.child_id.clone(),
                mode: s.mode.clone(),
                parent_id: Some(s.parent_id.clone()),
                root_id: root,
                state: TaskState::Active,
                child_ids: Vec::new(),
                open_child: None,
                deadline_ms: Some(deadline),
                context_hash: s.context_hash.clone(),
                instructions: s.instructions.clone(),
                result: None,
                created_ms: now,
                updated_ms: now,
            }),
        );
        out.push(Transition {
            task_id: s.child_id.clone(),
            from: None,
            to: TaskState::Active,
            cause: "spawned".into(),
            at_ms: now,
        });
        Ok(out)
    }

    /// The seeds' `taskPaused`: a parent that already delegated is paused; anything else is
    /// out of order.
    pub fn paused(&self, id: &str) -> Result<Vec<Transition>> {
        let t = self.get(id)?;
        match t.state {
            TaskState::Delegated | TaskState::AwaitingResult | TaskState::Resuming => {
                Ok(Vec::new())
            }
            _ => Err(invalid(
                t,
                "paused",
                "a task pauses only after it delegated",
            )),
        }
    }

    /// A task ends. Its result goes to the outbox of the parent waiting for it.
    pub fn finish(&mut self, id: &str, result: ChildResult, now: u64) -> Result<Vec<Transition>> {
        let t = self.get(id)?;
        let to = result.outcome.state();
        if t.state.is_terminal() {
            return Err(invalid(t, to.as_str(), "it has already ended"));
        }
        if result.outcome == Outcome::Completed && t.open_child.is_some() {
            return Err(invalid(t, to.as_str(), "it still waits for its child"));
        }
        let mut out = Vec::new();
        // A task that ends while it waits for a child takes that child down with it.
        if let Some(child) = t.open_child.clone() {
            let why = format!("its parent {id:?} ended ({})", to.as_str());
            self.end_subtree(&child, Outcome::Aborted, &why, now, &mut out);
        }
        self.end_one(id, to, result, now, &mut out);
        if self.tasks.get(id).is_some_and(|t| t.parent_id.is_none()) {
            self.retire(id);
        }
        Ok(out)
    }

    /// Records a finished subtree whose result nobody waits for; prunes the oldest beyond
    /// [`KEEP_RETIRED`].
    pub(super) fn retire(&mut self, id: &str) {
        self.retired.push_back(id.to_string());
        while self.retired.len() > KEEP_RETIRED {
            let Some(old) = self.retired.pop_front() else {
                break;
            };
            self.prune(&old);
        }
    }

    /// Removes a finished subtree (a task that still waits, or a result still in the outbox,
    /// is never removed).
    fn prune(&mut self, id: &str) {
        let live = |t: &Task| !t.state.is_terminal();
        let mut subtree = Vec::new();
        let mut stack = vec![id.to_string()];
        while let Some(cur) = stack.pop() {
            let Some(t) = self.tasks.get(&cur) else {
                continue;
            };
            if live(t) || self.outbox.contains_key(&cur) {
                return;
            }
            stack.push_all(t.child_ids.iter().cloned());
            subtree.push(cur);
        }
        let parent = self.tasks.get(id).and_then(|t| t.parent_id.clone());
        for t in &subtree {
            self.tasks.remove(t);
        }
        if let Some(p) = parent.and_then(|p| self.tasks.get_mut(&p)) {
            p.child_ids.keep(|c| c != id);
        }
    }

    fn end_subtree(
        &mut self,
        id: &str,
        outcome: Outcome,
        why: &str,
        now: u64,
        out: &mut Vec<Transition>,
    ) {
        let mut stack = vec![id.to_string()];
        while let Some(cur) = stack.pop() {
            let Some(t) = self.tasks.get(&cur) else {
                continue;
            };
            if t.state.is_terminal() {
                continue;
            }
            if let Some(c) = &t.open_child {
                stack.push(c.clone());
            }
            let result = ChildResult::error(outcome, &cur, why);
            self.set_state(&cur, outcome.state(), why, now, out);
            if let Some(t) = self.tasks.get_mut(&cur) {
                t.result = Some(result);
                t.open_child = None;
            }
            // Its own undelivered result has no live parent to go to; it stays in its child's record.
            self.outbox.remove(&cur);
        }
    }

    /// Marks `id` ended and hands the result to its waiting parent.
    fn end_one(
        &mut self,
        id: &str,
        to: TaskState,
        result: ChildResult,
        now: u64,
        out: &mut Vec<Transition>,
    ) {
        let cause = match result.outcome {
            Outcome::Completed => "completed".to_string(),
            _ => result
                .reason
                .clone()
                .unwrap_or_else(|| to.as_str().to_string()),
        };
        self.set_state(id, to, &cause, now, out);
        let parent_id = self.tasks.get_mut(id).and_then(|t| {
            t.result = Some(result.clone());
            t.open_child = None;
            t.parent_id.clone()
        });
        self.outbox.remove(id);
        let Some(parent_id) = parent_id else { return };
        let waiting = self.tasks.get(&parent_id).is_some_and(|p| {
            p.open_child.as_deref() == Some(id) && p.state == TaskState::Delegated
        });
        if waiting {
            self.outbox.insert(
                parent_id.clone(),
                Box::new(Delivery {
                    parent_id: parent_id.clone(),
                    child_id: id.to_string(),
                    result,
                    attempts: 0,
                    prepared: false,
                }),
            );
            self.set_state(
                &parent_id,
                TaskState::AwaitingResult,
                "child ended",
                now,
                out,
            );
        }
    }

    /// A task is aborted (Roo Code's `TaskAborted`): its waiting parent gets an abort result,
    /// its own open child is aborted with it.
    pub fn abort(&mut self, id: &str, reason: &str, now: u64) -> Result<Vec<Transition>> {
        let why = if reason.is_empty() {
            "aborted by the host"
        } else {
            reason
        };
        self.finish(id, ChildResult::error(Outcome::Aborted, id, why), now)
    }

    /// Times out every child past its deadline; each waiting parent gets a timeout result.
    pub fn tick(&mut self, now: u64) -> Vec<Transition> {
        let due: Vec<String> = self
            .tasks
            .values()
            .filter(|t| !t.state.is_terminal() && t.deadline_ms.is_some_and(|d| d <= now))
            .map(|t| t.id.clone())
            .gather();
        let mut out = Vec::new();
        for id in due {
            // An ancestor timed out first in this tick may already have ended it.
            if self.tasks.get(&id).is_some_and(|t| t.state.is_terminal()) {
                continue;
            }
            let deadline = self
                .tasks
                .get(&id)
                .and_then(|t| t.deadline_ms)
                .unwrap_or(now);
            let why = format!("deadline passed ({} ms late)", now.saturating_sub(deadline));
            if let Some(child) = self.tasks.get(&id).and_then(|t| t.open_child.clone()) {
                self.end_subtree(&child, Outcome::TimedOut, &why, now, &mut out);
            }
            let result = ChildResult::error(Outcome::TimedOut, &id, &why);
            self.end_one(&id, TaskState::TimedOut, result, now, &mut out);
        }
        out
    }

    /// The earliest deadline still running, for the host's timer.
    pub fn next_deadline(&self) -> Option<u64> {
        self.tasks
            .values()
            .filter(|t| !t.state.is_terminal())
            .filter_map(|t| t.deadline_ms)
            .min()
    }

    /// Step one of a resume: the parent takes its child's result, which stays in the outbox
    /// until [`Registry::commit_resume`].
    pub fn prepare_resume(
        &mut self,
        parent_id: &str,
        now: u64,
    ) -> Result<(Delivery, Vec<Transition>)> {
        let p = self.get(parent_id)?;
        let Some(delivery) = self.outbox.get(parent_id) else {
            return Err(err(
                ErrorCode::NothingToResume,
                parent_id,
                format!(
                    "task {parent_id:?} has no child result waiting (it is {})",
                    p.state.as_str()
                ),
            ));
        };
        if p.state == TaskState::Resuming || delivery.prepared {
            return Err(invalid(p, "resuming", "a resume is already under way"));
        }
        let mut out = Vec::new();
        self.set_state(
            parent_id,
            TaskState::Resuming,
            "resume prepared",
            now,
            &mut out,
        );
        let delivery = match self.outbox.get_mut(parent_id) {
            Some(d) => {
                d.prepared = true;
                d.attempts += 1;
                Delivery::clone(d)
            }
            None => {
                return Err(err(
                    ErrorCode::NothingToResume,
                    parent_id,
                    "outbox entry vanished".into(),
                ))
            }
        };
        Ok((delivery, out))
    }

    /// Step two: the parent has the result; the outbox lets go of it.
    pub fn commit_resume(&mut self, parent_id: &str, now: u64) -> Result<Vec<Transition>> {
        let p = self.get(parent_id)?;
        if p.state != TaskState::Resuming {
            return Err(invalid(p, "active", "commit needs a prepared resume"));
        }
        let mut out = Vec::new();
        let delivered = self.outbox.remove(parent_id).map(|d| d.child_id);
        self.set_state(parent_id, TaskState::Active, "resumed", now, &mut out);
        if let Some(p) = self.tasks.get_mut(parent_id) {
            p.open_child = None;
        }
        if let Some(child) = delivered {
            self.retire(&child);
        }
        Ok(out)
    }

    /// The resume failed: the parent waits again and the result stays in the outbox.
    pub fn rollback_resume(
        &mut self,
        parent_id: &str,
        reason: &str,
        now: u64,
    ) -> Result<Vec<Transition>> {
        let p = self.get(parent_id)?;
        if p.state != TaskState::Resuming {
            return Err(invalid(
                p,
                "awaiting-result",
                "rollback needs a prepared resume",
            ));
        }
        let mut out = Vec::new();
        if let Some(d) = self.outbox.get_mut(parent_id) {
            d.prepared = false;
        }
        let cause = format!("resume rolled back: {reason}");
        self.set_state(parent_id, TaskState::AwaitingResult, &cause, now, &mut out);
        Ok(out)
    }

    /// The host resumed the parent itself (`TaskDelegationResumed`, the seeds' `taskUnpaused`):
    /// prepare and commit in one step.
    pub fn resumed(&mut self, parent_id: &str, now: u64) -> Result<Vec<Transition>> {
        let p = self.get(parent_id)?;
        let mut out = Vec::new();
        if p.state != TaskState::Resuming {
            out.extend(self.prepare_resume(parent_id, now)?.1);
        }
        out.extend(self.commit_resume(parent_id, now)?);
        Ok(out)
    }

    /// Checks the invariants the lifecycle promises; used after import and by property tests.
    pub fn check_invariants(&self) -> std::result::Result<(), String> {
        self.check_ancestry()?;
        for t in self.tasks.values() {
            if let Some(c) = &t.open_child {
                let child = self
                    .tasks
                    .get(c)
                    .ok_or(format!("{}: open child {c} is unknown", t.id))?;
                if child.parent_id.as_deref() != Some(t.id.as_str()) {
                    return Err(format!("{}: open child {c} has another parent", t.id));
                }
                if t.state.is_terminal() || t.state == TaskState::Active {
                    return Err(format!("{}: {} with an open child", t.id, t.state.as_str()));
                }
                // Nobody waits forever: a running child has a deadline.
                if !child.state.is_terminal() && child.deadline_ms.is_none() {
                    return Err(format!("{}: child {c} has no deadline", t.id));
                }
            }
            if t.state == TaskState::Delegated {
                let c = t
                    .open_child
                    .as_ref()
                    .ok_or(format!("{}: delegated without a child", t.id))?;
                let child = self
                    .tasks
                    .get(c)
                    .ok_or(format!("{}: child {c} unknown", t.id))?;
                if child.state.is_terminal() {
                    return Err(format!(
                        "{}: child {c} ended but the parent still waits",
                        t.id
                    ));
                }
            }
            let waiting = matches!(t.state, TaskState::AwaitingResult | TaskState::Resuming);
            if waiting != self.outbox.contains_key(&t.id) {
                return Err(format!(
                    "{}: {} but outbox entry present = {}",
                    t.id,
                    t.state.as_str(),
                    !waiting
                ));
            }
            if let Some(p) = &t.parent_id {
                if !self.tasks.contains_key(p) {
                    return Err(format!("{}: parent {p} is unknown", t.id));
                }
            }
        }
        for (parent, d) in &self.outbox {
            if d.parent_id != *parent {
                return Err(format!(
                    "outbox entry under {parent} names parent {}",
                    d.parent_id
                ));
            }
            let p = self
                .tasks
                .get(parent)
                .ok_or(format!("outbox for unknown parent {parent}"))?;
            if d.prepared != (p.state == TaskState::Resuming) {
                return Err(format!("{parent}: prepared flag disagrees with state"));
            }
        }
        Ok(())
    }

    /// Parent links form trees: no cycle, and every task's root is its topmost ancestor.
    /// Linear: each task is walked once.
    fn check_ancestry(&self) -> std::result::Result<(), String> {
        // Hash tables: only looked up, and the module has their code already (a `BTreeMap` of
        // `&str` keys was a B-tree instantiation of its own). A root is held as its key in
        // `tasks` (`&String`, one word): a table with `&str` values was another instantiation.
        let mut root_of: rustc_hash::FxHashMap<&str, &String> = rustc_hash::FxHashMap::default();
        for start in self.tasks.keys() {
            let mut chain: Vec<&str> = Vec::new();
            let mut on_chain = rustc_hash::FxHashSet::default();
            let mut cur = start;
            let root = loop {
                if let Some(r) = root_of.get(cur.as_str()) {
                    break *r;
                }
                if !on_chain.insert(cur.as_str()) {
                    return Err(format!("{cur}: its parent links form a cycle"));
                }
                chain.push(cur);
                let parent = self.tasks.get(cur).and_then(|t| t.parent_id.as_deref());
                match parent.and_then(|p| self.tasks.get_key_value(p)) {
                    Some((p, _)) => cur = p,
                    _ => break cur,
                }
            };
            for t in chain {
                root_of.insert(t, root);
            }
        }
        for (id, t) in &self.tasks {
            let root = root_of.get(id.as_str()).map_or(id.as_str(), |r| r.as_str());
            if t.root_id != root {
                return Err(format!(
                    "{id}: root is {} but its topmost ancestor is {root}",
                    t.root_id
                ));
            }
        }
        Ok(())
    }
}
