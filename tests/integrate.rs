//! The one result-integration policy (`Engine::integrate_*`), natively: the host's records as
//! the source of truth, the contract, the generic fallback, the unverified case, strategy B's
//! rounds read from the persisted host state, and a judge step that finishes or is abandoned.
#![allow(clippy::unwrap_used, clippy::panic)]
mod common;

use boomerang_guard::engine::Engine;
use boomerang_guard::host::{HistoryRecord, HostKind};
use boomerang_guard::integrate::{IntegrateInput, IntegrateStep, Integration, IntegrationStatus};
use boomerang_guard::verify::JudgeAnswer;
use serde_json::json;

fn engine(config: serde_json::Value) -> Engine {
    Engine::lenient(&config.to_string()).unwrap()
}

fn record(v: serde_json::Value) -> HistoryRecord {
    HistoryRecord::from_value(v).unwrap()
}

fn input(v: serde_json::Value) -> IntegrateInput {
    IntegrateInput::from_value(v).unwrap()
}

fn done(step: IntegrateStep) -> Integration {
    match step {
        IntegrateStep::Done { integration } => *integration,
        IntegrateStep::Judge { .. } => panic!("expected a decision, got a judge request"),
    }
}

fn codes(i: &Integration) -> Vec<&str> {
    i.findings.iter().map(|f| f.code.as_str()).collect()
}

const ASK: &str =
    "Compare three HTTP client libraries for Node.js (axios, got, undici) in a table: \
                   bundle size, streaming support and retry behaviour. Do not write any code.";
const ON_TOPIC: &str = "| library | bundle size | streaming | retries |\n|---|---|---|---|\n\
                        | axios | 13 KB | no | plugin |\n| got | 48 KB | yes | built in |\n\
                        | undici | 0 (bundled in Node) | yes | manual |";

#[test]
fn the_message_comes_from_the_childs_record_and_a_waiting_parent_raises_no_finding() {
    let mut e = engine(json!({"judge": {"mode": "never"}}));
    let parent = json!({"id": "P", "mode": "orchestrator", "status": "delegated", "awaitingChildId": "C", "childIds": ["C"]});
    let child =
        json!({"id": "C", "mode": "ask", "status": "active", "parentTaskId": "P", "task": ASK});
    let i = done(
        e.integrate_begin(
            input(json!({"host": "zoo", "parentTaskId": "P", "childTaskId": "C", "result": ON_TOPIC, "parent": parent, "child": child})),
            "n",
            0.0,
        )
        .unwrap(),
    );
    assert!(i.findings.is_empty(), "{:?}", i.findings);
    assert_eq!(i.mode, "ask");
    let v = i.verification.as_ref().unwrap();
    assert_eq!(
        v.report.status,
        boomerang_guard::drift::DriftStatus::Consistent
    );
    assert!(i.resume);
    assert!(i
        .parent_message
        .as_deref()
        .unwrap()
        .starts_with("Subtask C completed.\n\nResult:\n"));
    // The same result against a parent the host no longer keeps waiting is still integrated,
    // and the disagreement is said.
    let parent =
        record(json!({"id": "P", "mode": "orchestrator", "status": "active", "childIds": ["C"]}));
    let child = record(
        json!({"id": "C", "mode": "ask", "status": "active", "parentTaskId": "P", "task": ASK}),
    );
    let mut inp =
        input(json!({"host": "zoo", "parentTaskId": "P", "childTaskId": "C", "result": ON_TOPIC}));
    inp.parent = Some(parent);
    inp.child = Some(child);
    let i = done(e.integrate_begin(inp, "n", 0.0).unwrap());
    assert_eq!(codes(&i), ["not-delegated"]);
    assert!(i.summary.contains("Host records: parent P is \"active\""));
    assert!(i.resume);
    let _ = HostKind::Zoo;
}

#[test]
fn a_contract_violation_keeps_the_original_once_and_skips_drift() {
    let mut e = engine(json!({"judge": {"mode": "never"}, "limits": {"maxStringLength": 40}}));
    let i = done(
        e.integrate_begin(
            input(json!({"host": "seed", "childTaskId": "C", "mode": "code", "result": "   ", "instructions": ASK})),
            "n",
            0.0,
        )
        .unwrap(),
    );
    assert_eq!(i.status, IntegrationStatus::ContractViolation);
    assert!(i.verification.is_none());
    let obj: serde_json::Value = serde_json::from_str(i.text.as_deref().unwrap()).unwrap();
    assert_eq!(obj["originalResult"], "   ");
    // A long original is cut once, at the limit, with one marker.
    let long = "x".repeat(100);
    let mut e = engine(
        json!({"judge": {"mode": "never"}, "limits": {"maxStringLength": 40}, "contracts": {"unknownMode": "error"}}),
    );
    let check = e.guard.check_task_result("code", "").unwrap();
    let text = boomerang_guard::integrate::contract_error_text(&check, &long, e.settings(None));
    let obj: serde_json::Value = serde_json::from_str(&text).unwrap();
    let kept = obj["originalResult"].as_str().unwrap();
    assert!(kept.starts_with(&"x".repeat(40)) && !kept.starts_with(&"x".repeat(41)));
    assert_eq!(kept.matches("cut by boomerang-guard").count(), 1);
    let _ = &mut e;
}

#[test]
fn a_mode_without_a_contract_and_a_child_without_a_message_are_findings_not_failures() {
    let mut e = engine(json!({"judge": {"mode": "never"}, "contracts": {"unknownMode": "error"}}));
    let i = done(
        e.integrate_begin(
            input(json!({"host": "seed", "childTaskId": "C", "mode": "vanished-mode", "result": "Done: renamed the helper."})),
            "n",
            0.0,
        )
        .unwrap(),
    );
    assert_eq!(i.mode, "generic");
    assert_eq!(codes(&i), ["no-contract", "no-instructions"]);
    assert_eq!(i.status, IntegrationStatus::Unverified);
    assert!(i.resume);
    assert_eq!(i.text.as_deref(), Some("Done: renamed the helper."));
}

#[test]
fn strategy_b_rounds_come_from_the_persisted_host_state() {
    let config =
        json!({"strategy": "B", "judge": {"mode": "never"}, "clarification": {"maxRounds": 2}});
    let drifted = "Here is a retry helper:\n```js\nexport async function retry(fn) { for (;;) { try { return await fn() } catch {} } }\n```";
    let ask = |state: serde_json::Value| {
        input(
            json!({"host": "seed", "childTaskId": "C", "mode": "ask", "result": drifted, "instructions": ASK, "state": state}),
        )
    };
    let mut e = engine(config.clone());
    let first = done(e.integrate_begin(ask(json!(null)), "n", 0.0).unwrap());
    assert!(!first.resume, "{}", first.summary);
    assert!(first.clarification.is_some());
    assert_eq!(first.next_round.unwrap().round, 1);
    // The state the adapter persisted after round 1 carries the round and the score: an answer
    // that did not improve on it ends the loop with the result going to the parent ...
    let score = first.next_round.unwrap().score;
    let state = json!({"version": 1, "rounds": {"C": {"round": 1, "score": score, "sinceMs": 0}}});
    let same = done(e.integrate_begin(ask(state), "n", 0.0).unwrap());
    assert!(same.resume, "{}", same.summary);
    assert!(same.text.unwrap().contains("did not improve"));
    // ... and one that improved on a worse first answer gets round 2.
    let state = json!({"version": 1, "rounds": {"C": {"round": 1, "score": 1.0, "sinceMs": 0}}});
    let second = done(e.integrate_begin(ask(state), "n", 0.0).unwrap());
    assert_eq!(second.next_round.map(|r| r.round), Some(2));
    // At the limit the result goes to the parent instead of another round.
    let state = json!({"rounds": {"C": {"round": 2, "score": 0.9}}});
    let last = done(e.integrate_begin(ask(state), "n", 0.0).unwrap());
    assert!(last.resume && last.clarification.is_none());
    // A damaged state is ignored, not fatal.
    for broken in [
        json!({"rounds": "??"}),
        json!({"rounds": {"C": {"round": -1, "score": 7}}}),
    ] {
        let i = done(e.integrate_begin(ask(broken), "n", 0.0).unwrap());
        assert_eq!(i.next_round.map(|r| r.round), Some(1));
    }
}

#[test]
fn a_judge_step_finishes_with_the_judges_verdict_or_is_abandoned() {
    let mut e = engine(json!({"judge": {"mode": "always"}}));
    let step = e
        .integrate_begin(
            input(json!({"host": "seed", "childTaskId": "C", "mode": "ask", "result": ON_TOPIC, "instructions": ASK})),
            "n",
            0.0,
        )
        .unwrap();
    let IntegrateStep::Judge { token, .. } = step else {
        panic!("judge mode always asks the judge");
    };
    let answer = JudgeAnswer::Text {
        text: r#"{"alignment": 2, "drift_detected": true, "reasons": ["the table leaves out retries"], "confidence": 0.9}"#.into(),
        attempts: 1,
    };
    let i = done(e.integrate_finish(token, answer, 1.0).unwrap());
    assert_ne!(i.status, IntegrationStatus::Consistent, "{}", i.summary);
    assert!(e
        .integrate_finish(
            token,
            JudgeAnswer::Text {
                text: "{}".into(),
                attempts: 1
            },
            2.0
        )
        .is_err());
    let step = e
        .integrate_begin(
            // Another result: the judge's verdict on the first one is cached.
            input(json!({"host": "seed", "childTaskId": "D", "mode": "ask", "result": format!("{ON_TOPIC}\n\nAll three handle JSON."), "instructions": ASK})),
            "n",
            0.0,
        )
        .unwrap();
    let IntegrateStep::Judge { token, .. } = step else {
        panic!()
    };
    assert!(e.integrate_abandon(token));
    assert!(!e.integrate_abandon(token));
}

#[test]
fn inputs_of_another_shape_are_errors_and_unknown_fields_are_ignored() {
    let ok = input(json!({
        "host": "roo", "api": "seed", "childTaskId": "C", "result": "done", "round": 2,
        "previousScore": 0.25, "verify": false, "state": {"version": 1}, "later": [1, 2],
        "child": {"id": "C", "childIds": ["D"], "ts": 1.5e12, "unknownField": true}
    }));
    assert_eq!(
        (ok.host, ok.round, ok.verify),
        (HostKind::Roo, Some(2), Some(false))
    );
    assert_eq!(ok.child.as_ref().and_then(|c| c.ts), Some(1.5e12));
    assert_eq!(input(json!({})), IntegrateInput::default());
    for (bad, says) in [
        (json!({"host": "vscode"}), "unknown variant `vscode`"),
        (json!({"api": 1}), "invalid type: integer `1`"),
        (json!({"childTaskId": 5}), "invalid type: integer `5`"),
        (json!({"round": -1}), "invalid type: integer `-1`"),
        (json!({"round": 1.5}), "invalid type: floating point `1.5`"),
        (json!({"verify": "yes"}), "invalid type: string"),
        (json!({"child": {"childIds": "D"}}), "invalid type: string"),
        (json!({"parent": []}), "invalid type: sequence"),
        (json!("C"), "invalid type: string"),
    ] {
        let e = IntegrateInput::from_value(bad.clone())
            .unwrap_err()
            .to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
    let list = HistoryRecord::list_from_value(json!([{"id": "A"}, {"id": "B", "status": null}]));
    assert_eq!(list.unwrap().len(), 2);
    assert!(HistoryRecord::list_from_value(json!({"id": "A"})).is_err());
    assert!(HistoryRecord::list_from_value(json!([{"id": 7}])).is_err());
}
