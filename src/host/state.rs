//! What the hosts do not persist and the guard needs across a reload: children's deadlines,
//! strategy B's clarification rounds, results held by strategy C, and results decided but not
//! yet seen delivered in the host's records. The host keeps this value with its own state (VS
//! Code's `globalState`); every function here is pure: state in, state and actions out.

use super::records::{Finding, HistoryRecord, HostKind};
use crate::gather::Gather;
use crate::lifecycle::{ChildResult, Outcome, TaskState};
use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;
use std::collections::BTreeMap;

pub const HOST_STATE_VERSION: u32 = 1;

/// Entries per map; beyond it the oldest go (a host that never reconciles cannot grow it).
pub const MAX_ENTRIES: usize = 10_000;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Deadline {
    pub parent_id: String,
    pub at_ms: u64,
    pub since_ms: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Round {
    pub round: u32,
    pub score: f64,
    pub since_ms: u64,
}

/// A result for a parent, kept by the guard: held (strategy C) or on its way (outbox).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Parked {
    pub child_id: String,
    pub text: String,
    pub since_ms: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct HostState {
    pub version: u32,
    /// Child id → its deadline.
    pub deadlines: BTreeMap<String, Box<Deadline>>,
    /// Child id → strategy B's last clarification round.
    pub rounds: BTreeMap<String, Box<Round>>,
    /// Parent id → the result strategy C holds for it.
    pub held: BTreeMap<String, Box<Parked>>,
    /// Parent id → the result decided for it, until the host's records show it delivered.
    pub outbox: BTreeMap<String, Box<Parked>>,
}

impl Default for HostState {
    fn default() -> Self {
        HostState {
            version: HOST_STATE_VERSION,
            deadlines: BTreeMap::new(),
            rounds: BTreeMap::new(),
            held: BTreeMap::new(),
            outbox: BTreeMap::new(),
        }
    }
}

/// Something the host must do for a parent: give it `text` as its child's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "HostDelivery"))]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub parent_task_id: String,
    pub child_task_id: String,
    pub text: String,
    /// Why the guard delivers it (a reload, a deadline, a cancelled or lost child).
    pub why: String,
}

/// What reconciliation found: deliveries to make, results still held, disagreements.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reconciliation {
    pub deliveries: Vec<Delivery>,
    pub held: Vec<String>,
    pub findings: Vec<Finding>,
    pub state: HostState,
}

/// What happened at a boundary, as the host state needs to know it: an object whose `op` names
/// the event (`spawned`, `integrated`, …), its fields in camelCase ([`HostEvent::from_value`]).
#[derive(Debug, Clone, PartialEq)]
pub enum HostEvent {
    /// The host created the child (its deadline starts).
    Spawned {
        parent_task_id: String,
        child_task_id: String,
        mode: Option<String>,
    },
    /// Integration decided (the fields of `Integration` that matter here).
    Integrated {
        parent_task_id: String,
        child_task_id: String,
        resume: bool,
        text: Option<String>,
        held: Option<String>,
        next_round: Option<NextRoundIn>,
    },
    /// The host handed the parent its result.
    Delivered { parent_task_id: String },
    /// The child ended without a result: `reason` says how (cancelled, aborted, lost).
    Ended {
        parent_task_id: String,
        child_task_id: String,
        timed_out: bool,
        reason: Option<String>,
    },
    /// Strategy C: let a held result go to its parent.
    Release { parent_task_id: String },
    /// Time passed: children past their deadline time out.
    Tick,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NextRoundIn {
    pub round: u32,
    pub score: f64,
}

/// `BTreeMap::retain` through `remove`: the same entries stay, and the maps' removal code is
/// compiled once (`retain` brings its own, per closure).
fn keep_entries<V>(map: &mut BTreeMap<String, V>, keep: &dyn Fn(&str, &V) -> bool) {
    let gone: Vec<String> = map
        .iter()
        .filter(|(k, v)| !keep(k, v))
        .map(|(k, _)| k.clone())
        .gather();
    for k in gone {
        map.remove(&k);
    }
}

fn cap<V>(map: &mut BTreeMap<String, V>, since: impl Fn(&V) -> u64) {
    while map.len() > MAX_ENTRIES {
        let oldest = map
            .iter()
            .min_by_key(|(_, v)| since(v))
            .map(|(k, _)| k.clone());
        match oldest {
            Some(k) => map.remove(&k),
            None => break,
        };
    }
}

impl HostEvent {
    /// An event as the wrapper sends it: an object whose `op` names the event.
    pub fn from_value(value: serde_json::Value) -> serde_json::Result<HostEvent> {
        let (name, f) = crate::json_fields::tagged("op", value)?;
        Self::read(name, f)
    }

    /// [`HostEvent::from_value`] on JSON text.
    pub fn from_json(text: &str) -> serde_json::Result<HostEvent> {
        let (name, f) = crate::json_fields::tagged_text("op", text)?;
        Self::read(name, f)
    }

    fn read(name: String, mut f: crate::json_fields::Fields) -> serde_json::Result<HostEvent> {
        use HostEvent::*;
        const PARENT: &str = "parentTaskId";
        const CHILD: &str = "childTaskId";
        Ok(match name.as_str() {
            "spawned" => Spawned {
                parent_task_id: f.text(PARENT)?,
                child_task_id: f.text(CHILD)?,
                mode: f.opt_text("mode")?,
            },
            "integrated" => Integrated {
                parent_task_id: f.text(PARENT)?,
                child_task_id: f.text(CHILD)?,
                resume: f
                    .opt_flag("resume")?
                    .ok_or_else(|| serde::de::Error::missing_field("resume"))?,
                text: f.opt_text("text")?,
                held: f.opt_text("held")?,
                next_round: match f.opt_object("nextRound")? {
                    Some(mut n) => Some(NextRoundIn {
                        round: n.count("round")?,
                        score: n
                            .opt_number("score")?
                            .ok_or_else(|| serde::de::Error::missing_field("score"))?,
                    }),
                    None => None,
                },
            },
            "delivered" => Delivered {
                parent_task_id: f.text(PARENT)?,
            },
            "ended" => Ended {
                parent_task_id: f.text(PARENT)?,
                child_task_id: f.text(CHILD)?,
                timed_out: f.opt_flag("timedOut")?.unwrap_or(false),
                reason: f.opt_text("reason")?,
            },
            "release" => Release {
                parent_task_id: f.text(PARENT)?,
            },
            "tick" => Tick,
            _ => {
                return Err(crate::json_fields::unknown(
                    &name,
                    &[
                        "spawned",
                        "integrated",
                        "delivered",
                        "ended",
                        "release",
                        "tick",
                    ],
                ))
            }
        })
    }
}

impl HostState {
    /// A state as the host kept it (the JSON of a [`HostState`]). An entry of another shape is
    /// dropped alone (the rest of the state stays); anything but an object is the empty state.
    /// Read by hand: serde's derive was a reader per entry type, 12 KB of the module before
    /// wasm-opt.
    pub fn from_value(v: &serde_json::Value) -> HostState {
        use serde_json::{Map, Value};
        type Obj = Map<String, Value>;
        let mut s = HostState::default();
        let Some(m) = v.as_object() else {
            return s;
        };
        if let Some(n) = m.get("version").and_then(Value::as_u64) {
            s.version = u32::try_from(n).unwrap_or(u32::MAX);
        }
        let entries = |key: &str| {
            m.get(key)
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| Some((k.clone(), v.as_object()?)))
        };
        let text = |o: &Obj, k: &str| o.get(k)?.as_str().map(str::to_string);
        let int = |o: &Obj, k: &str| o.get(k)?.as_u64();
        let parked = |o: &Obj| {
            Some(Box::new(Parked {
                child_id: text(o, "childId")?,
                text: text(o, "text")?,
                since_ms: int(o, "sinceMs")?,
            }))
        };
        for (k, o) in entries("deadlines") {
            let d = (|| {
                Some(Deadline {
                    parent_id: text(o, "parentId")?,
                    at_ms: int(o, "atMs")?,
                    since_ms: int(o, "sinceMs")?,
                })
            })();
            if let Some(d) = d {
                s.deadlines.insert(k, Box::new(d));
            }
        }
        for (k, o) in entries("rounds") {
            let r = (|| {
                Some(Round {
                    round: u32::try_from(int(o, "round")?).ok()?,
                    score: o.get("score")?.as_f64()?,
                    since_ms: int(o, "sinceMs")?,
                })
            })();
            if let Some(r) = r {
                s.rounds.insert(k, Box::new(r));
            }
        }
        for (k, o) in entries("held") {
            if let Some(p) = parked(o) {
                s.held.insert(k, p);
            }
        }
        for (k, o) in entries("outbox") {
            if let Some(p) = parked(o) {
                s.outbox.insert(k, p);
            }
        }
        s
    }

    /// A child was created: its deadline starts now.
    pub fn spawned(&mut self, parent: &str, child: &str, budget_ms: u64, now: u64) {
        self.deadlines.insert(
            child.into(),
            Box::new(Deadline {
                parent_id: parent.into(),
                at_ms: now.saturating_add(budget_ms),
                since_ms: now,
            }),
        );
        cap(&mut self.deadlines, |d| d.since_ms);
    }

    /// The child's result goes to its parent: kept until the host's records show it arrived.
    pub fn to_deliver(&mut self, parent: &str, child: &str, text: &str, now: u64) {
        self.forget_child(child);
        self.outbox.insert(
            parent.into(),
            Box::new(Parked {
                child_id: child.into(),
                text: text.into(),
                since_ms: now,
            }),
        );
        cap(&mut self.outbox, |p| p.since_ms);
    }

    /// Strategy B sent clarification `round`; the child keeps its deadline.
    pub fn clarifying(&mut self, child: &str, round: u32, score: f64, now: u64) {
        self.rounds.insert(
            child.into(),
            Box::new(Round {
                round,
                score,
                since_ms: now,
            }),
        );
        cap(&mut self.rounds, |r| r.since_ms);
    }

    /// Strategy C holds the result; the parent stays delegated until it is released.
    pub fn hold(&mut self, parent: &str, child: &str, text: &str, now: u64) {
        self.forget_child(child);
        self.held.insert(
            parent.into(),
            Box::new(Parked {
                child_id: child.into(),
                text: text.into(),
                since_ms: now,
            }),
        );
        cap(&mut self.held, |p| p.since_ms);
    }

    /// Releases a held result into the outbox; returns it.
    pub fn release(&mut self, parent: &str, now: u64) -> Option<Delivery> {
        let p = self.held.remove(parent)?;
        self.to_deliver(parent, &p.child_id, &p.text, now);
        Some(Delivery {
            parent_task_id: parent.into(),
            child_task_id: p.child_id,
            text: p.text,
            why: "released after being held for drift resolution".into(),
        })
    }

    /// The host delivered: nothing more to keep for this parent.
    pub fn delivered(&mut self, parent: &str) {
        self.outbox.remove(parent);
    }

    /// A child ended without a result (cancelled, aborted, timed out, lost): the parent gets an
    /// error result saying so.
    pub fn ended(
        &mut self,
        parent: &str,
        child: &str,
        outcome: Outcome,
        reason: &str,
        now: u64,
    ) -> Delivery {
        let text = ChildResult::error(outcome, child, reason).text;
        self.to_deliver(parent, child, &text, now);
        Delivery {
            parent_task_id: parent.into(),
            child_task_id: child.into(),
            text,
            why: reason.into(),
        }
    }

    fn forget_child(&mut self, child: &str) {
        self.deadlines.remove(child);
        self.rounds.remove(child);
    }

    pub fn next_deadline(&self) -> Option<u64> {
        self.deadlines.values().map(|d| d.at_ms).min()
    }

    /// Children past their deadline time out: their parents get an error result.
    pub fn due(&mut self, now: u64) -> Vec<Delivery> {
        let late: Vec<(String, String)> = self
            .deadlines
            .iter()
            .filter(|(_, d)| d.at_ms <= now)
            .map(|(c, d)| (c.clone(), d.parent_id.clone()))
            .gather();
        late.into_iter()
            .map(|(child, parent)| {
                let since = self.deadlines.get(&child).map_or(now, |d| d.since_ms);
                let mins = now.saturating_sub(since) / 60_000;
                self.ended(
                    &parent,
                    &child,
                    Outcome::TimedOut,
                    &format!("no result after {mins} min (timeouts.childMs)"),
                    now,
                )
            })
            .gather()
    }

    /// Applies one boundary event; returns what the host must deliver now.
    pub fn apply(
        &mut self,
        event: HostEvent,
        now: u64,
        budget_ms: impl Fn(&str) -> u64,
    ) -> Vec<Delivery> {
        match event {
            HostEvent::Spawned {
                parent_task_id,
                child_task_id,
                mode,
            } => {
                let budget = budget_ms(mode.as_deref().unwrap_or(""));
                self.spawned(&parent_task_id, &child_task_id, budget, now);
                Vec::new()
            }
            HostEvent::Integrated {
                parent_task_id: p,
                child_task_id: c,
                resume,
                text,
                held,
                next_round,
            } => {
                match (resume, text, held, next_round) {
                    (true, Some(text), _, _) => self.to_deliver(&p, &c, &text, now),
                    (false, _, Some(held), _) => self.hold(&p, &c, &held, now),
                    (false, _, _, Some(r)) => self.clarifying(&c, r.round, r.score, now),
                    _ => {}
                }
                Vec::new()
            }
            HostEvent::Delivered { parent_task_id } => {
                self.delivered(&parent_task_id);
                Vec::new()
            }
            HostEvent::Ended {
                parent_task_id,
                child_task_id,
                timed_out,
                reason,
            } => {
                // The host closes a child on the normal path too (Roo Code's removeClineFromStack
                // while reopening the parent): a result already on its way is not a cancellation.
                let on_its_way = |m: &BTreeMap<String, Box<Parked>>| {
                    m.get(&parent_task_id)
                        .is_some_and(|p| p.child_id == child_task_id)
                };
                if on_its_way(&self.outbox) || on_its_way(&self.held) {
                    return Vec::new();
                }
                let outcome = if timed_out {
                    Outcome::TimedOut
                } else {
                    Outcome::Aborted
                };
                let reason = reason.unwrap_or_else(|| "it was cancelled".into());
                vec![self.ended(&parent_task_id, &child_task_id, outcome, &reason, now)]
            }
            HostEvent::Release { parent_task_id } => {
                self.release(&parent_task_id, now).into_iter().gather()
            }
            HostEvent::Tick => self.due(now),
        }
    }

    /// Start-up: compares what the guard kept with the host's records and says what to do so
    /// that no parent waits forever and nothing decided is lost. `budget_ms(mode)` gives a
    /// child first seen here its deadline.
    pub fn reconcile(
        mut self,
        kind: HostKind,
        records: &[HistoryRecord],
        now: u64,
        budget_ms: impl Fn(&str) -> u64,
    ) -> Reconciliation {
        let by_id: HashMap<&str, &HistoryRecord> =
            records.iter().map(|r| (r.id.as_str(), r)).collect();
        let mut findings = Vec::new();
        let mut deliveries = Vec::new();
        let waits_for = |parent: &str, child: &str| -> bool {
            by_id.get(parent).is_some_and(|p| {
                p.status.as_deref() == Some("delegated")
                    && p.awaiting_child_id.as_deref().is_none_or(|a| a == child)
                    && p.completed_by_child_id.as_deref() != Some(child)
            })
        };

        // Results decided before the reload: delivered unless the records show they arrived.
        let outbox = std::mem::take(&mut self.outbox);
        for (parent, p) in outbox {
            if waits_for(&parent, &p.child_id) {
                deliveries.push(Delivery {
                    parent_task_id: parent.clone(),
                    child_task_id: p.child_id.clone(),
                    text: p.text.clone(),
                    why: "decided before a reload and not yet delivered".into(),
                });
                self.outbox.insert(parent, p);
            }
        }
        // Held results stay held while their parent still waits.
        keep_entries(&mut self.held, &|parent, p| waits_for(parent, &p.child_id));
        let held: Vec<String> = self.held.keys().cloned().gather();

        // Every delegated parent in the records: is its child alive, finished, or gone?
        for parent in records
            .iter()
            .filter(|r| r.status.as_deref() == Some("delegated"))
        {
            if self.outbox.contains_key(&parent.id) || self.held.contains_key(&parent.id) {
                continue;
            }
            let Some(child_id) = parent
                .awaiting_child_id
                .clone()
                .or_else(|| parent.delegated_to_id.clone())
            else {
                findings.push(Finding::new(
                    "no-awaited-child",
                    &parent.id,
                    format!(
                        "parent {} is delegated but names no child it waits for",
                        parent.id
                    ),
                ));
                continue;
            };
            let child = by_id.get(child_id.as_str());
            let state = child
                .and_then(|c| c.status.as_deref())
                .and_then(|s| kind.model_state(s));
            let ended = match (child, state) {
                (None, _) => Some((Outcome::Failed, "the host has no record of it".to_string())),
                (Some(_), Some(TaskState::Completed)) => Some((
                    Outcome::Failed,
                    "it completed, but its result did not reach the parent before a reload".into(),
                )),
                (Some(_), Some(TaskState::Aborted)) => {
                    // Zoo Code keeps an interrupted child resumable (interrupted → completed):
                    // the delegation is alive, only reported.
                    findings.push(Finding::new(
                        "interrupted-child",
                        &parent.id,
                        format!("parent {} waits for child {child_id}, which was interrupted and can be resumed", parent.id),
                    ));
                    None
                }
                (Some(_), Some(TaskState::Delegated)) => None, // waits for its own child
                (Some(c), _) => {
                    if !self.deadlines.contains_key(&child_id) {
                        let mode = c.mode.as_deref().unwrap_or("");
                        self.spawned(&parent.id, &child_id, budget_ms(mode), now);
                    }
                    None
                }
            };
            if let Some((outcome, reason)) = ended {
                findings.push(Finding::new(
                    "dead-delegation",
                    &parent.id,
                    format!(
                        "parent {} waits for child {child_id}, but {reason}",
                        parent.id
                    ),
                ));
                let mut d = self.ended(&parent.id, &child_id, outcome, &reason, now);
                d.why = format!("the child {reason}");
                deliveries.push(d);
            }
        }
        deliveries.extend(self.due(now));

        // Forget children the host no longer runs.
        let running = |child: &str| {
            by_id
                .get(child)
                .is_some_and(|c| matches!(c.status.as_deref(), Some("active") | None))
        };
        keep_entries(&mut self.deadlines, &|c, _| running(c));
        keep_entries(&mut self.rounds, &|c, _| running(c));
        Reconciliation {
            deliveries,
            held,
            findings,
            state: self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(id: &str, status: &str, parent: Option<&str>, awaiting: Option<&str>) -> HistoryRecord {
        HistoryRecord {
            id: id.into(),
            status: Some(status.into()),
            parent_task_id: parent.map(Into::into),
            awaiting_child_id: awaiting.map(Into::into),
            mode: Some("code".into()),
            ..Default::default()
        }
    }

    #[test]
    fn a_state_reads_back_from_its_json_and_a_bad_entry_drops_alone() {
        let mut s = HostState::default();
        s.spawned("P", "C", 500, 10);
        s.to_deliver("P2", "C2", "done: 3 files", 20);
        s.hold("P3", "C3", "held text", 30);
        s.rounds.insert(
            "C4".into(),
            Box::new(Round {
                round: 2,
                score: 0.625,
                since_ms: 40,
            }),
        );
        let json = serde_json::to_value(&s).unwrap();
        assert_eq!(HostState::from_value(&json), s);
        // One deadline of another shape, one held result without its text: only they go.
        let mut bad = json.clone();
        bad["deadlines"]["C9"] =
            serde_json::json!({"parentId": "P9", "atMs": "soon", "sinceMs": 1});
        bad["held"]["P3"]["text"] = serde_json::Value::Null;
        let read = HostState::from_value(&bad);
        assert_eq!(read.deadlines, s.deadlines);
        assert!(read.held.is_empty());
        assert_eq!((read.outbox, read.rounds), (s.outbox, s.rounds));
        for not_a_state in [
            serde_json::Value::Null,
            serde_json::json!([1]),
            serde_json::json!("x"),
        ] {
            assert_eq!(HostState::from_value(&not_a_state), HostState::default());
        }
        let old = HostState::from_value(&serde_json::json!({"version": 0}));
        assert_eq!((old.version, old.deadlines.len()), (0, 0));
    }

    #[test]
    fn a_decided_result_is_delivered_after_a_reload_unless_it_arrived() {
        let mut s = HostState::default();
        s.to_deliver("P", "C", "result", 1);
        let waiting = [
            rec("P", "delegated", None, Some("C")),
            rec("C", "active", Some("P"), None),
        ];
        let r = s.clone().reconcile(HostKind::Roo, &waiting, 5, |_| 100);
        assert_eq!(r.deliveries.len(), 1);
        assert_eq!(r.deliveries[0].text, "result");
        let mut arrived = rec("P", "active", None, None);
        arrived.completed_by_child_id = Some("C".into());
        let r = s.reconcile(
            HostKind::Roo,
            &[arrived, rec("C", "completed", Some("P"), None)],
            5,
            |_| 100,
        );
        assert!(r.deliveries.is_empty());
        assert!(r.state.outbox.is_empty());
    }

    #[test]
    fn a_parent_whose_child_is_gone_gets_an_error_result() {
        let r = HostState::default().reconcile(
            HostKind::Zoo,
            &[rec("P", "delegated", None, Some("C"))],
            5,
            |_| 100,
        );
        assert_eq!(r.deliveries.len(), 1);
        assert!(r.deliveries[0]
            .text
            .contains("Subtask C failed without a result"));
        assert_eq!(r.findings[0].code, "dead-delegation");
    }

    #[test]
    fn a_running_child_first_seen_at_start_up_gets_a_deadline() {
        let recs = [
            rec("P", "delegated", None, Some("C")),
            rec("C", "active", Some("P"), None),
        ];
        let r = HostState::default().reconcile(HostKind::Zoo, &recs, 1_000, |_| 50);
        assert!(r.deliveries.is_empty());
        assert_eq!(r.state.next_deadline(), Some(1_050));
        let mut s = r.state;
        let late = s.due(1_050);
        assert_eq!(late.len(), 1);
        assert!(late[0].text.contains("timed out"));
        assert!(s.deadlines.is_empty());
        assert_eq!(s.outbox.len(), 1);
    }

    #[test]
    fn held_results_survive_while_the_parent_waits() {
        let mut s = HostState::default();
        s.hold("P", "C", "held text", 1);
        let recs = [
            rec("P", "delegated", None, Some("C")),
            rec("C", "completed", Some("P"), None),
        ];
        let r = s.reconcile(HostKind::Roo, &recs, 5, |_| 100);
        assert_eq!(r.held, vec!["P".to_string()]);
        assert!(
            r.deliveries.is_empty(),
            "a held result is not a dead delegation"
        );
        let mut s = r.state;
        let d = s.release("P", 6).unwrap();
        assert_eq!(d.text, "held text");
        assert!(s.outbox.contains_key("P"));
    }

    #[test]
    fn boundary_events_move_results_through_the_state() {
        let mut s = HostState::default();
        let ev = |v: serde_json::Value| HostEvent::from_value(v).unwrap();
        s.apply(
            ev(serde_json::json!({"op":"spawned","parentTaskId":"P","childTaskId":"C","mode":"code"})),
            0,
            |m| if m == "code" { 10 } else { 99 },
        );
        assert_eq!(s.next_deadline(), Some(10));
        s.apply(
            ev(serde_json::json!({"op":"integrated","parentTaskId":"P","childTaskId":"C","resume":false,"nextRound":{"round":1,"score":0.7}})),
            1,
            |_| 10,
        );
        assert_eq!(s.rounds["C"].round, 1);
        assert_eq!(
            s.next_deadline(),
            Some(10),
            "a child asked to revise keeps its deadline"
        );
        s.apply(
            ev(serde_json::json!({"op":"integrated","parentTaskId":"P","childTaskId":"C","resume":true,"text":"done"})),
            2,
            |_| 10,
        );
        assert!(s.rounds.is_empty() && s.deadlines.is_empty());
        assert_eq!(s.outbox["P"].text, "done");
        s.apply(
            ev(serde_json::json!({"op":"delivered","parentTaskId":"P"})),
            3,
            |_| 10,
        );
        assert!(s.outbox.is_empty());
        let d = s.apply(
            ev(serde_json::json!({"op":"ended","parentTaskId":"P","childTaskId":"C2","reason":"cancelled by the user"})),
            4,
            |_| 10,
        );
        assert!(d[0]
            .text
            .contains("Subtask C2 was aborted without a result: cancelled by the user"));
        // Closing a child whose result is already on its way is not a cancellation.
        let again = s.apply(
            ev(serde_json::json!({"op":"ended","parentTaskId":"P","childTaskId":"C2"})),
            5,
            |_| 10,
        );
        assert!(again.is_empty());
    }

    #[test]
    fn maps_are_bounded() {
        let mut s = HostState::default();
        for i in 0..(MAX_ENTRIES + 5) {
            s.spawned("P", &format!("C{i}"), 10, i as u64);
        }
        assert_eq!(s.deadlines.len(), MAX_ENTRIES);
        assert!(!s.deadlines.contains_key("C0"));
    }
}
