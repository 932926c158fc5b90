//! The types a message asks of a JSON reply's values: "`tests_failed` must be an integer",
//! "keys `tail` (string) and `fixed` (boolean)", `{"room": string, "overlaps": integer}`. A
//! value of another type under that key, anywhere in the JSON the reply gives, breaks it.

use crate::drift::text::Has;
use crate::gather::Gather;
use crate::gather::GatherText;
use crate::gather::Keep;
use serde_json::Value;

/// A JSON type a key's value must have.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Integer,
    Number,
    Boolean,
    Text,
}

/// A key, its type, and whether `null` is allowed ("an ISO date or null").
pub type Typed = (String, Kind, bool);

fn kind_of(word: &str) -> Option<Kind> {
    match word {
        "integer" | "integers" | "int" | "ints" => Some(Kind::Integer),
        "number" | "numbers" | "float" | "numeric" => Some(Kind::Number),
        "boolean" | "booleans" | "bool" => Some(Kind::Boolean),
        "string" | "strings" | "str" => Some(Kind::Text),
        _ => None,
    }
}

/// The typed keys of a message that asks for JSON.
pub fn asked(message: &str) -> Vec<Typed> {
    let lower = message.to_ascii_lowercase();
    if !lower.has("json") {
        return Vec::new();
    }
    // "Use null for any value you can't determine", "a string, or null if …": null is let in.
    let null_ok = lower.has("null");
    let mut out: Vec<Typed> = Vec::new();
    let mut add = |key: &str, kind: Kind, nullable: bool| {
        let nullable = nullable || null_ok;
        if !key.is_empty()
            && key.len() <= 40
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !out.iter().any(|(k, _, _)| k == key)
        {
            out.push((key.to_string(), kind, nullable));
        }
    };
    // Shapes: `{"room": string, "overlaps": integer}`, `{"sr_44100": <int>}`.
    for (i, _) in lower.match_indices("\":") {
        let Some(key) = lower
            .get(..i)
            .and_then(|h| h.rsplit('"').next())
            .filter(|k| !k.is_empty())
        else {
            continue;
        };
        let after = lower.get(i + 2..).unwrap_or_default().trim_start();
        let word: String = after
            .trim_start_matches('<')
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .gather_text();
        if let Some(kind) = kind_of(&word) {
            let nullable = after.get(..30).unwrap_or(after).has("null");
            add(key, kind, nullable);
        }
    }
    // "`key` (integer)", "`key` (a boolean)", "`a` and `b` must be integers", "where `key` is an
    // integer", "`key` must be a JSON boolean".
    let spans: Vec<(usize, &str)> = {
        let mut v = Vec::new();
        let mut from = 0;
        let parts: Vec<&str> = lower.split('`').gather();
        for (k, p) in parts.iter().enumerate() {
            if k % 2 == 1 {
                v.push((from, *p));
            }
            from += p.len() + 1;
        }
        v
    };
    for (n, (at, key)) in spans.iter().enumerate() {
        let end = at + key.len() + 1;
        let after = lower.get(end..).unwrap_or_default();
        // The words up to the clause's end, past "and `b`" lists.
        // (Bracketed: to the bracket's end; else to the next key, which states its own.)
        let clause = after
            .split(&[';', '.', ',', '\n', ')'][..])
            .next()
            .unwrap_or_default();
        let shared = clause.trim_start().starts_with("and ");
        let clause = if after.trim_start().starts_with('(') || shared {
            clause
        } else {
            clause.split('`').next().unwrap_or_default()
        };
        let ws = super::ws_of(clause);
        let lead = ws.first().copied().unwrap_or_default();
        // "(integer)", "(a number, not a string)", "must be an integer", "is a boolean".
        let bracketed = after.trim_start().starts_with('(');
        let stated =
            bracketed || crate::drift::text::in_list("must|is|should|are|and|as|being", lead);
        if !stated {
            continue;
        }
        // The value's own type, not its elements' ("(array of strings)", "(up to three bib
        // numbers)"): a plural only where a list of keys shares it ("`a` and `b` must be
        // integers").
        let words: Vec<&str> = ws
            .iter()
            .take(8)
            .take_while(|w| !crate::drift::text::in_list("not|never|or|instead", **w))
            .copied()
            .gather();
        if crate::drift::text::any_word_in(
            &words,
            "array|arrays|list|lists|of|each|map|mapping|object|objects",
        ) {
            continue;
        }
        let kind = words.iter().find_map(|w| {
            let plural = w.ends_with('s');
            kind_of(w).filter(|_| {
                // "`a` and `b` must be integers" shares a plural; "`a` and `b` (int)" is b's.
                if lead == "and" {
                    plural
                } else {
                    !plural || (!bracketed && lead != "is")
                }
            })
        });
        let Some(kind) = kind else {
            continue;
        };
        // "`a` and `b` must be integers": the list before the verb shares it.
        if lead == "and" {
            if let Some((_, next)) = spans.get(n + 1) {
                let between = lower
                    .get(end..)
                    .and_then(|r| r.find(next))
                    .unwrap_or(usize::MAX);
                if between < 8 {
                    add(key, kind, clause.has("null"));
                }
            }
            continue;
        }
        add(key, kind, clause.has("null"));
    }
    out
}

/// The JSON values a reply gives: the reply itself, or its fenced blocks.
fn values(text: &str) -> Vec<Value> {
    let t = text.trim();
    let body = t
        .trim_start_matches("```json")
        .trim_start_matches("```")
        .trim_end_matches("```")
        .trim();
    if let Ok(v) = serde_json::from_str::<Value>(body) {
        return vec![v];
    }
    crate::drift::modality::fenced_blocks(text)
        .into_iter()
        .filter_map(|b| serde_json::from_str::<Value>(b.body).ok())
        .gather()
        .kept(|v| v.is_object() || v.is_array())
}

fn fits(v: &Value, kind: Kind, nullable: bool) -> bool {
    match v {
        Value::Null => nullable,
        Value::Number(n) => match kind {
            Kind::Integer => n.is_i64() || n.is_u64(),
            Kind::Number => true,
            _ => false,
        },
        Value::Bool(_) => kind == Kind::Boolean,
        Value::String(_) => kind == Kind::Text,
        _ => false,
    }
}

/// The first value of a typed key, anywhere in the reply's JSON, of another type.
pub fn first_break(typed: &[Typed], text: &str) -> Option<String> {
    fn walk(v: &Value, typed: &[Typed], depth: usize) -> Option<String> {
        if depth > 32 {
            return None;
        }
        match v {
            Value::Object(m) => m.iter().find_map(|(k, x)| {
                typed
                    .iter()
                    .find(|(key, _, _)| key == k)
                    .filter(|(_, kind, nullable)| !fits(x, *kind, *nullable))
                    .map(|_| format!("\"{k}\": {x}"))
                    .or_else(|| walk(x, typed, depth + 1))
            }),
            Value::Array(items) => items.iter().find_map(|x| walk(x, typed, depth + 1)),
            _ => None,
        }
    }
    values(text).iter().find_map(|v| walk(v, typed, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_read_and_checked() {
        let t = asked("Report back in JSON with keys `passed`, `failed`, `names`. `passed` and `failed` must be integers; `names` is an array of test names.");
        assert_eq!(t.len(), 2, "{t:?}");
        assert!(first_break(&t, "{\"passed\": 4, \"failed\": 0, \"names\": []}").is_none());
        assert!(first_break(&t, "{\"passed\": \"4\", \"failed\": 0}").is_some());
        let t = asked(
            "Reply as JSON: `{\"room\": string, \"overlaps\": integer, \"at\": <iso date> }`.",
        );
        assert!(t.contains(&("overlaps".into(), Kind::Integer, false)));
        assert!(first_break(&t, "```json\n[{\"room\": \"D\", \"overlaps\": 2.5}]\n```").is_some());
        let t =
            asked("Return JSON with keys `ward` (string), `ok` (a boolean) and `note` (string).");
        assert!(first_break(
            &t,
            "{\"ward\": \"4\", \"ok\": true, \"note\": \"7 of 9 left\"}"
        )
        .is_none());
        assert!(first_break(&t, "{\"ward\": \"4\", \"ok\": \"yes\", \"note\": \"\"}").is_some());
        // No JSON asked: nothing.
        assert!(asked("`count` must be an integer in the config.").is_empty());
    }
}
