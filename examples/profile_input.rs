use boomerang_guard::{Config, Guard};
fn main() {
    let mut g = Guard::new(Config::from_json("").unwrap()).unwrap();
    let input = serde_json::json!({"message": "Implement the validateEmail function in src/utils/validation.ts. ".repeat(15), "todos": "- [x] a\n- [ ] b\n", "context": {"repo": "acme/web"}}).to_string();
    g.check_task_input_json("code", &input).unwrap();
    let t = std::time::Instant::now();
    for _ in 0..5000 { g.check_task_input_json("code", &input).unwrap(); }
    println!("input1k: {:?}", t.elapsed() / 5000);
}
