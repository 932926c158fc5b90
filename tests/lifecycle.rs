//! The lifecycle natively: both Roo Code event APIs, the outbox (prepare → commit, rollback
//! keeps the result), deadlines, aborts, persistence, every fault as a typed error with the
//! registry unchanged, and property tests over random event sequences.
#![cfg(not(target_arch = "wasm32"))]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use boomerang_guard::lifecycle::{LifecycleEvent, Outcome, Registry, Spawn, TaskState};
use boomerang_guard::ErrorCode;
use proptest::prelude::*;

const BUDGET: u64 = 1_000;

fn ev(json: &str) -> LifecycleEvent {
    LifecycleEvent::from_json(json).unwrap()
}

fn apply(r: &mut Registry, json: &str, now: u64) -> Result<Vec<String>, ErrorCode> {
    r.apply(&ev(json), now, |_| BUDGET)
        .map(|ts| {
            ts.iter()
                .map(|t| format!("{}:{}", t.task_id, t.to.as_str()))
                .collect()
        })
        .map_err(|e| e.code)
}

fn state(r: &Registry, id: &str) -> TaskState {
    r.task(id).unwrap().state
}

fn with_child() -> Registry {
    let mut r = Registry::default();
    apply(
        &mut r,
        r#"{"type":"TaskCreated","taskId":"p","mode":"orchestrator"}"#,
        0,
    )
    .unwrap();
    apply(&mut r, r#"{"type":"TaskDelegated","parentTaskId":"p","childTaskId":"c","mode":"code","message":"Add tests"}"#, 10).unwrap();
    r
}

#[test]
fn todays_flow_delegate_complete_resume() {
    let mut r = with_child();
    assert_eq!(state(&r, "p"), TaskState::Delegated);
    assert_eq!(r.task("c").unwrap().deadline_ms, Some(10 + BUDGET));
    let t = apply(&mut r, r#"{"type":"TaskDelegationCompleted","parentTaskId":"p","childTaskId":"c","completionResultSummary":"done"}"#, 20).unwrap();
    assert_eq!(t, vec!["c:completed", "p:awaiting-result"]);
    assert_eq!(r.delivery("p").unwrap().result.text, "done");
    let t = apply(
        &mut r,
        r#"{"type":"TaskDelegationResumed","parentTaskId":"p","childTaskId":"c"}"#,
        30,
    )
    .unwrap();
    assert_eq!(t, vec!["p:resuming", "p:active"]);
    assert!(r.delivery("p").is_none());
    r.check_invariants().unwrap();
}

#[test]
fn seeds_flow_spawn_pause_complete_unpause() {
    let mut r = Registry::default();
    apply(&mut r, r#"{"type":"taskCreated","taskId":"p"}"#, 0).unwrap();
    apply(
        &mut r,
        r#"{"type":"taskSpawned","parentTaskId":"p","childTaskId":"c","mode":"ask"}"#,
        1,
    )
    .unwrap();
    assert_eq!(
        apply(&mut r, r#"{"type":"taskPaused","taskId":"p"}"#, 2).unwrap(),
        Vec::<String>::new()
    );
    apply(
        &mut r,
        r#"{"type":"taskCompleted","taskId":"c","result":"42"}"#,
        3,
    )
    .unwrap();
    apply(&mut r, r#"{"type":"taskUnpaused","taskId":"p"}"#, 4).unwrap();
    assert_eq!(state(&r, "p"), TaskState::Active);
    assert_eq!(r.task("c").unwrap().result.as_ref().unwrap().text, "42");
}

#[test]
fn a_failed_resume_keeps_the_result() {
    let mut r = with_child();
    apply(
        &mut r,
        r#"{"type":"taskCompleted","taskId":"c","result":"the result"}"#,
        20,
    )
    .unwrap();
    let (d, _) = r.prepare_resume("p", 21).unwrap();
    assert_eq!(d.result.text, "the result");
    assert_eq!(state(&r, "p"), TaskState::Resuming);
    r.rollback_resume("p", "host threw", 22).unwrap();
    assert_eq!(state(&r, "p"), TaskState::AwaitingResult);
    let (d, _) = r.prepare_resume("p", 23).unwrap();
    assert_eq!(d.attempts, 2);
    assert_eq!(d.result.text, "the result");
    r.commit_resume("p", 24).unwrap();
    assert!(r.delivery("p").is_none());
    r.check_invariants().unwrap();
}

#[test]
fn deadlines_resume_the_parent_with_a_timeout_result() {
    let mut r = with_child();
    assert_eq!(r.next_deadline(), Some(10 + BUDGET));
    assert!(r.tick(10 + BUDGET - 1).is_empty());
    let t = r.tick(10 + BUDGET + 5);
    assert_eq!(t.len(), 2);
    assert_eq!(state(&r, "c"), TaskState::TimedOut);
    let d = r.delivery("p").unwrap();
    assert_eq!(d.result.outcome, Outcome::TimedOut);
    assert!(d.result.text.contains("timed out"), "{}", d.result.text);
    r.check_invariants().unwrap();
}

#[test]
fn a_child_gets_no_more_than_its_parents_remaining_budget() {
    let mut r = with_child();
    r.spawn(
        &Spawn {
            parent_id: "c".into(),
            child_id: "g".into(),
            mode: "debug".into(),
            budget_ms: 50_000,
            ..Spawn::default()
        },
        500,
    )
    .unwrap();
    assert_eq!(r.task("g").unwrap().deadline_ms, Some(10 + BUDGET));
    // When the middle task times out, the grandchild goes with it and the root gets the timeout.
    r.tick(10 + BUDGET);
    assert_eq!(state(&r, "g"), TaskState::TimedOut);
    assert_eq!(state(&r, "c"), TaskState::TimedOut);
    assert_eq!(r.delivery("p").unwrap().child_id, "c");
    r.check_invariants().unwrap();
}

#[test]
fn aborting_a_child_resumes_its_parent_roo_code_9886() {
    let mut r = with_child();
    apply(
        &mut r,
        r#"{"type":"TaskAborted","taskId":"c","reason":"user cancelled"}"#,
        20,
    )
    .unwrap();
    let d = r.delivery("p").unwrap();
    assert_eq!(d.result.outcome, Outcome::Aborted);
    assert!(d.result.text.contains("user cancelled"));
    assert_eq!(state(&r, "p"), TaskState::AwaitingResult);
}

#[test]
fn aborting_a_parent_takes_its_child_down() {
    let mut r = with_child();
    apply(&mut r, r#"{"type":"TaskAborted","taskId":"p"}"#, 20).unwrap();
    assert_eq!(state(&r, "c"), TaskState::Aborted);
    assert_eq!(state(&r, "p"), TaskState::Aborted);
    assert!(r.delivery("p").is_none());
    r.check_invariants().unwrap();
}

/// Each fault: a typed error, and the registry exactly as before.
#[test]
fn faults_are_typed_errors_and_change_nothing() {
    let cases: Vec<(&str, ErrorCode)> = vec![
        (
            r#"{"type":"TaskDelegated","parentTaskId":"nobody","childTaskId":"x"}"#,
            ErrorCode::UnknownTask,
        ),
        (
            r#"{"type":"TaskDelegated","parentTaskId":"p","childTaskId":"c"}"#,
            ErrorCode::DuplicateTask,
        ),
        (
            r#"{"type":"TaskDelegated","parentTaskId":"p","childTaskId":"c2"}"#,
            ErrorCode::ChildAlreadyOpen,
        ),
        (
            r#"{"type":"taskUnpaused","taskId":"p"}"#,
            ErrorCode::NothingToResume,
        ),
        (
            r#"{"type":"taskCompleted","taskId":"p","result":"early"}"#,
            ErrorCode::InvalidTransition,
        ),
        (
            r#"{"type":"TaskDelegationCompleted","parentTaskId":"c","childTaskId":"p"}"#,
            ErrorCode::InvalidTransition,
        ),
        (
            r#"{"type":"taskPaused","taskId":"c"}"#,
            ErrorCode::InvalidTransition,
        ),
        (
            r#"{"type":"TaskCreated","taskId":"p"}"#,
            ErrorCode::DuplicateTask,
        ),
        (
            r#"{"type":"taskAborted","taskId":"ghost"}"#,
            ErrorCode::UnknownTask,
        ),
    ];
    for (json, code) in cases {
        let mut r = with_child();
        let before = r.clone();
        assert_eq!(apply(&mut r, json, 50), Err(code), "{json}");
        assert_eq!(r, before, "{json} changed the registry");
    }
    // Completing twice.
    let mut r = with_child();
    apply(
        &mut r,
        r#"{"type":"taskCompleted","taskId":"c","result":"a"}"#,
        20,
    )
    .unwrap();
    let before = r.clone();
    assert_eq!(
        apply(
            &mut r,
            r#"{"type":"taskCompleted","taskId":"c","result":"b"}"#,
            21
        ),
        Err(ErrorCode::InvalidTransition)
    );
    assert_eq!(r, before);
    assert_eq!(r.delivery("p").unwrap().result.text, "a");
    // Commit without prepare, rollback without prepare.
    assert_eq!(
        r.commit_resume("p", 22).unwrap_err().code,
        ErrorCode::InvalidTransition
    );
    assert_eq!(
        r.rollback_resume("p", "x", 22).unwrap_err().code,
        ErrorCode::InvalidTransition
    );
    assert_eq!(r, before);
}

#[test]
fn export_import_round_trips_and_rolls_back_an_unfinished_resume() {
    let mut r = with_child();
    r.spawn(
        &Spawn {
            parent_id: "c".into(),
            child_id: "g".into(),
            mode: "ask".into(),
            budget_ms: 5,
            ..Spawn::default()
        },
        11,
    )
    .unwrap();
    let text = r.export_json(12);
    assert_eq!(Registry::import_json(&text).unwrap(), r);
    apply(
        &mut r,
        r#"{"type":"taskCompleted","taskId":"g","result":"r"}"#,
        13,
    )
    .unwrap();
    r.prepare_resume("c", 14).unwrap();
    let restored = Registry::import_json(&r.export_json(15)).unwrap();
    assert_eq!(restored.task("c").unwrap().state, TaskState::AwaitingResult);
    assert!(!restored.delivery("c").unwrap().prepared);
    assert_eq!(restored.delivery("c").unwrap().result.text, "r");
}

#[test]
fn corrupt_or_newer_state_files_are_rejected() {
    assert_eq!(
        Registry::import_json("{nope").unwrap_err().code,
        ErrorCode::InvalidState
    );
    assert_eq!(
        Registry::import_json(r#"{"tasks":[]}"#).unwrap_err().code,
        ErrorCode::InvalidState
    );
    assert_eq!(
        Registry::import_json(r#"{"version":99,"tasks":[]}"#)
            .unwrap_err()
            .code,
        ErrorCode::UnsupportedVersion
    );
    let r = with_child();
    let mut v: serde_json::Value = serde_json::from_str(&r.export_json(0)).unwrap();
    // A running child without a deadline.
    for t in v["tasks"].as_array_mut().unwrap() {
        if t["id"] == "c" {
            t.as_object_mut().unwrap().remove("deadlineMs");
        }
    }
    let e = Registry::import_json(&v.to_string()).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidState);
    assert!(e.message.contains("deadline"), "{}", e.message);
}

#[test]
fn a_state_file_of_another_shape_is_refused_naming_the_field() {
    // A child completed, its result waiting in the outbox: every type of the file is present.
    let mut r = with_child();
    apply(
        &mut r,
        r#"{"type":"TaskDelegationCompleted","parentTaskId":"p","childTaskId":"c","completionResultSummary":"done"}"#,
        20,
    )
    .unwrap();
    let good: serde_json::Value = serde_json::from_str(&r.export_json(21)).unwrap();
    assert_eq!(Registry::import_json(&good.to_string()).unwrap(), r);
    // An older file: no save time, no retired list, no outbox, optional task fields absent.
    let mut old = good.clone();
    for k in ["savedAtMs", "retired", "outbox"] {
        old.as_object_mut().unwrap().remove(k);
    }
    old["tasks"][0].as_object_mut().unwrap().remove("childIds");
    assert!(
        Registry::import_json(&old.to_string()).is_err(),
        "the outbox held p's result"
    );
    old["tasks"] = serde_json::json!([{
        "id": "p", "mode": "orchestrator", "rootId": "p", "state": "active",
        "createdMs": 0, "updatedMs": 0
    }]);
    let read = Registry::import_json(&old.to_string()).unwrap();
    assert_eq!(read.task("p").unwrap().child_ids, Vec::<String>::new());
    let task = |i: usize| format!("/tasks/{i}");
    let c = good["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .position(|t| t["id"] == "c")
        .unwrap();
    for (pointer, value, says) in [
        (task(0) + "/rootId", None, "missing field `rootId`"),
        (
            task(0) + "/state",
            Some(serde_json::json!("paused")),
            "unknown variant `paused`",
        ),
        (
            task(0) + "/childIds",
            Some(serde_json::json!("c")),
            "invalid type: string",
        ),
        (
            task(0) + "/createdMs",
            Some(serde_json::json!(-1)),
            "invalid type: integer `-1`",
        ),
        (
            task(c) + "/result/outcome",
            Some(serde_json::json!("exploded")),
            "unknown variant `exploded`",
        ),
        (
            "/outbox/0/prepared".into(),
            None,
            "missing field `prepared`",
        ),
        (
            "/outbox/0/attempts".into(),
            Some(serde_json::json!(1.5)),
            "invalid type: floating point",
        ),
        (
            "/retired".into(),
            Some(serde_json::json!([1])),
            "invalid type: integer `1`",
        ),
        (
            "/tasks".into(),
            Some(serde_json::json!({})),
            "invalid type: map",
        ),
        (
            "/outbox/0".into(),
            Some(serde_json::json!("p")),
            "invalid type: string",
        ),
    ] {
        let mut bad = good.clone();
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        let holder = bad.pointer_mut(parent).unwrap();
        match (value, holder) {
            (Some(v), serde_json::Value::Array(a)) => a[key.parse::<usize>().unwrap()] = v,
            (Some(v), h) => h[key] = v,
            (None, h) => {
                assert!(
                    h.as_object_mut().unwrap().remove(key).is_some(),
                    "{pointer}"
                );
            }
        }
        let e = Registry::import_json(&bad.to_string()).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidState, "{pointer}");
        assert!(e.message.contains(says), "{pointer}: {}", e.message);
    }
}

#[derive(Debug, Clone)]
enum Op {
    Create(u8),
    Spawn(u8, u8),
    Complete(u8),
    Abort(u8),
    Tick(u16),
    Prepare(u8),
    Commit(u8),
    Rollback(u8),
    Resumed(u8),
    Paused(u8),
    Reload,
}

fn op() -> impl Strategy<Value = Op> {
    let id = 0u8..8;
    prop_oneof![
        id.clone().prop_map(Op::Create),
        (id.clone(), id.clone()).prop_map(|(a, b)| Op::Spawn(a, b)),
        id.clone().prop_map(Op::Complete),
        id.clone().prop_map(Op::Abort),
        (0u16..3000).prop_map(Op::Tick),
        id.clone().prop_map(Op::Prepare),
        id.clone().prop_map(Op::Commit),
        id.clone().prop_map(Op::Rollback),
        id.clone().prop_map(Op::Resumed),
        id.clone().prop_map(Op::Paused),
        Just(Op::Reload),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Random event sequences, faults included (unknown ids, out-of-order events, failed
    /// resumes, reloads): after every step the invariants hold, a rejected step changes
    /// nothing, no child result is lost, and export → import gives the same registry.
    #[test]
    fn invariants_hold_under_random_events(ops in proptest::collection::vec(op(), 1..60)) {
        let mut r = Registry::default();
        let mut now = 0u64;
        let name = |i: u8| format!("t{i}");
        for op in ops {
            now += 7;
            let before = r.clone();
            let res = match &op {
                Op::Create(i) => r.create(&name(*i), "orchestrator", now).map(|_| ()),
                Op::Spawn(p, c) => r.spawn(&Spawn { parent_id: name(*p), child_id: name(*c), mode: "code".into(), budget_ms: 500, ..Spawn::default() }, now).map(|_| ()),
                Op::Complete(i) => r.finish(&name(*i), boomerang_guard::lifecycle::ChildResult { outcome: Outcome::Completed, text: format!("result of {i}"), reason: None }, now).map(|_| ()),
                Op::Abort(i) => r.abort(&name(*i), "injected", now).map(|_| ()),
                Op::Tick(dt) => { now += u64::from(*dt); r.tick(now); Ok(()) }
                Op::Prepare(i) => r.prepare_resume(&name(*i), now).map(|_| ()),
                Op::Commit(i) => r.commit_resume(&name(*i), now).map(|_| ()),
                Op::Rollback(i) => r.rollback_resume(&name(*i), "injected failure", now).map(|_| ()),
                Op::Resumed(i) => r.resumed(&name(*i), now).map(|_| ()),
                Op::Paused(i) => r.paused(&name(*i)).map(|_| ()),
                Op::Reload => { r = Registry::import_json(&r.export_json(now)).unwrap(); Ok(()) }
            };
            if res.is_err() {
                prop_assert_eq!(&r, &before, "rejected {:?} changed the registry", op);
            }
            prop_assert!(r.check_invariants().is_ok(), "{:?}: {:?}", op, r.check_invariants());
            // No lost result: a parent still waiting on a child that ended has its result.
            for t in r.tasks() {
                if let Some(parent) = t.parent_id.as_ref().and_then(|p| r.task(p)) {
                    if t.state.is_terminal() && parent.open_child.as_deref() == Some(t.id.as_str()) {
                        let d = r.delivery(&parent.id);
                        prop_assert!(d.is_some(), "result of {} lost", t.id);
                        prop_assert_eq!(Some(&d.unwrap().result), t.result.as_ref());
                    }
                }
            }
            // Nobody waits forever: every delegated parent's child has a deadline.
            for t in r.tasks().filter(|t| t.state == TaskState::Delegated) {
                let child = r.task(t.open_child.as_ref().unwrap()).unwrap();
                prop_assert!(child.deadline_ms.is_some());
            }
            let any_prepared = r.deliveries().any(|d| d.prepared);
            if !any_prepared {
                prop_assert_eq!(Registry::import_json(&r.export_json(now)).unwrap(), r.clone());
            }
        }
    }
}

#[test]
fn a_long_lived_root_keeps_a_bounded_registry_and_every_undelivered_result() {
    let mut r = Registry::default();
    apply(
        &mut r,
        r#"{"type":"taskCreated","taskId":"root","mode":"orchestrator"}"#,
        0,
    )
    .unwrap();
    let rounds = 3 * boomerang_guard::lifecycle::KEEP_RETIRED;
    for i in 0..rounds {
        let now = 10 + i as u64 * 10;
        apply(&mut r, &format!(r#"{{"type":"TaskDelegated","parentTaskId":"root","childTaskId":"c{i}","mode":"code","message":"Round {i}"}}"#), now).unwrap();
        apply(&mut r, &format!(r#"{{"type":"TaskDelegationCompleted","parentTaskId":"root","childTaskId":"c{i}","result":"done {i}"}}"#), now + 1).unwrap();
        if i + 1 < rounds {
            r.prepare_resume("root", now + 2).unwrap();
            r.commit_resume("root", now + 3).unwrap();
        }
    }
    // Delivered rounds beyond the kept number are pruned; the last result still waits.
    assert!(
        r.tasks().count() <= boomerang_guard::lifecycle::KEEP_RETIRED + 2,
        "{}",
        r.tasks().count()
    );
    let last = format!("c{}", rounds - 1);
    assert_eq!(r.delivery("root").unwrap().child_id, last);
    assert!(r.task(&last).is_some() && r.task("c0").is_none());
    assert!(
        r.task("root").unwrap().child_ids.len() <= boomerang_guard::lifecycle::KEEP_RETIRED + 1
    );
    r.check_invariants().unwrap();
    let back = Registry::import_json(&r.export_json(0)).unwrap();
    assert_eq!(back, r);
}

#[test]
fn an_imported_state_with_a_parent_cycle_or_a_wrong_root_is_refused() {
    let task = |id: &str, parent: &str, root: &str| serde_json::json!({"id": id, "mode": "code", "parentId": parent, "rootId": root, "state": "completed", "createdMs": 0, "updatedMs": 0});
    let cycle =
        serde_json::json!({"version": 1, "tasks": [task("a", "b", "a"), task("b", "a", "a")]});
    let e = Registry::import_json(&cycle.to_string()).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidState);
    assert!(e.message.contains("cycle"), "{}", e.message);
    let own = serde_json::json!({"version": 1, "tasks": [task("a", "a", "a")]});
    assert_eq!(
        Registry::import_json(&own.to_string()).unwrap_err().code,
        ErrorCode::InvalidState
    );
    let root = serde_json::json!({"version": 1, "tasks": [
        {"id": "r", "mode": "orchestrator", "rootId": "r", "state": "completed", "createdMs": 0, "updatedMs": 0},
        task("c", "r", "elsewhere")]});
    assert!(Registry::import_json(&root.to_string())
        .unwrap_err()
        .message
        .contains("root"));
    // A long chain is checked in linear time and accepted.
    let mut tasks = vec![
        serde_json::json!({"id": "t0", "mode": "orchestrator", "rootId": "t0", "state": "completed", "createdMs": 0, "updatedMs": 0}),
    ];
    for i in 1..20_000 {
        tasks.push(task(&format!("t{i}"), &format!("t{}", i - 1), "t0"));
    }
    let chain = serde_json::json!({"version": 1, "tasks": tasks});
    assert!(Registry::import_json(&chain.to_string()).is_ok());
}

#[test]
fn events_read_as_hosts_send_them_tag_first_or_last_with_extra_fields() {
    // The tag anywhere in the object, aliases, and a field-less event with fields beside it.
    assert_eq!(ev(r#"{"type":"tick"}"#), LifecycleEvent::Tick);
    assert_eq!(ev(r#"{"now":5,"type":"tick"}"#), LifecycleEvent::Tick);
    assert_eq!(
        ev(r#"{"taskId":"t1","type":"TaskPaused","extra":true}"#),
        LifecycleEvent::Paused {
            task_id: "t1".into()
        }
    );
    // A missing or mistyped tag, an unknown event, a missing field: errors, not panics.
    for bad in [
        r#"{"taskId":"t1"}"#,
        r#"{"type":7,"taskId":"t1"}"#,
        r#"{"type":"taskExploded","taskId":"t1"}"#,
        r#"{"type":"taskPaused"}"#,
        r#"["taskPaused","t1"]"#,
    ] {
        assert!(LifecycleEvent::from_json(bad).is_err(), "{bad}");
    }
}
