use boomerang_guard::{Config, Guard};
use std::time::Instant;
fn main() {
    let mut g = Guard::new(Config::from_json("").unwrap()).unwrap();
    let files: Vec<String> = (0..20).map(|i| format!(r#"{{"path":"src/feature/module_{i}/index.ts","action":"modified","description":"Adjusted the validation flow and its error type."}}"#)).collect();
    let result = format!(
        r#"{{"status":"completed","summary":"Implemented validateEmail with RFC 5322 parsing.","files":[{}],"notes":"No new dependencies were added."}}"#,
        files.join(",")
    );
    let para = "Implement the validateEmail function in src/utils/validation.ts. It must accept RFC 5322 addresses, reject display names, and return a Result type rather than throwing.\n";
    let msg: String = para.repeat(1000).chars().take(100_000).collect();
    let input = serde_json::json!({"message": msg, "todos": "- [x] a\n- [ ] b\n", "context": {"repo": "acme/web"}}).to_string();
    for (name, f) in [
        (
            "result20",
            Box::new(|g: &mut Guard| {
                g.check_task_result("code", &result).unwrap();
            }) as Box<dyn Fn(&mut Guard)>,
        ),
        (
            "plain",
            Box::new(|g: &mut Guard| {
                g.check_task_result("code", "Implemented the thing and added tests.")
                    .unwrap();
            }),
        ),
        (
            "input100k",
            Box::new(|g: &mut Guard| {
                g.check_task_input_json("code", &input).unwrap();
            }),
        ),
    ] {
        let n = 200;
        let t = Instant::now();
        for _ in 0..n {
            f(&mut g);
        }
        println!("{name}: {:?}/call", t.elapsed() / n);
    }
    // parts
    let mut store = boomerang_guard::schema_store::SchemaStore::default();
    for (name, text) in boomerang_guard::builtin::CONTRACT_SCHEMAS {
        store
            .register(boomerang_guard::builtin::parse_builtin(name, text).unwrap())
            .unwrap();
    }
    let id = store.lookup_id("code.output").unwrap();
    let value: serde_json::Value = serde_json::from_str(&result).unwrap();
    let t = Instant::now();
    for _ in 0..200 {
        assert!(store.validator(&id).unwrap().is_valid(&value));
    }
    println!("validate result20: {:?}", t.elapsed() / 200);
    let plan = store.plan(&id).unwrap();
    let opts = boomerang_guard::sanitize::SanitizeOptions {
        direction: boomerang_guard::sanitize::Direction::Output,
        max_string_length: 100000,
        max_depth: 32,
    };
    let t = Instant::now();
    for _ in 0..200 {
        let mut v = value.clone();
        boomerang_guard::sanitize::sanitize(&mut v, &plan, opts);
    }
    println!("sanitize result20: {:?}", t.elapsed() / 200);
    let t = Instant::now();
    for _ in 0..200 {
        let _v: serde_json::Value = serde_json::from_str(&input).unwrap();
    }
    println!("parse100k: {:?}", t.elapsed() / 200);
    let t = Instant::now();
    for _ in 0..200 {
        let _ = boomerang_guard::sanitize::text::clean(&msg);
    }
    println!("clean100k: {:?}", t.elapsed() / 200);
}
#[allow(dead_code)]
fn parts() {}
