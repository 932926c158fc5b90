//! `cargo bench --bench lifecycle`: the lifecycle's native cost per event, to compare with the
//! figure through wasm (`npm run bench`). A plain timer over many iterations; no criterion, so
//! that CI's clippy pass stays quick.
use boomerang_guard::lifecycle::{ChildResult, Outcome, Registry, Spawn};
use std::time::Instant;

fn main() {
    let mut r = Registry::default();
    let _ = r.create("root", "orchestrator", 0);
    let rounds: u32 = 200_000;
    let start = Instant::now();
    for i in 0..rounds {
        let child = format!("c{i}");
        let spawn = Spawn {
            parent_id: "root".into(),
            child_id: child.clone(),
            mode: "code".into(),
            budget_ms: 1000,
            ..Spawn::default()
        };
        let now = u64::from(i);
        let ok = r.spawn(&spawn, now).is_ok()
            && r.finish(
                &child,
                ChildResult {
                    outcome: Outcome::Completed,
                    text: "done".into(),
                    reason: None,
                },
                now,
            )
            .is_ok()
            && r.prepare_resume("root", now).is_ok()
            && r.commit_resume("root", now).is_ok();
        assert!(ok, "round {i} failed");
    }
    let per_event = start.elapsed() / (rounds * 4);
    println!(
        "lifecycle, native: {per_event:?} per event (registry grown to {} tasks)",
        rounds + 1
    );
}
