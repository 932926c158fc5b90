//! A result's JSON read without copying it: strings borrow from the text (only those with
//! escapes are copied) and objects are lists of members, not maps. Building serde_json's
//! `Value` (a map and a string allocation per member) was half the time of checking a small
//! structured result on wasm; a result that is clean and valid needs no `Value` at all, since
//! the parent gets the text as written and the JS side parses it once ([`super::fast`]).

use crate::sanitize::Tree;
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Number;
use std::borrow::Cow;
use std::fmt;

/// One JSON value borrowing from its text.
#[derive(Debug, Clone, PartialEq)]
pub enum Node<'a> {
    Null,
    Bool(bool),
    Number(Number),
    String(Cow<'a, str>),
    Array(Vec<Node<'a>>),
    Object(Vec<(Cow<'a, str>, Node<'a>)>),
}

/// Objects with more members than this are left to the `Value` path: a repeated key must be
/// found (the last one wins in `Value` and `JSON.parse`, so a list would read the wrong one),
/// and the search is quadratic.
const MAX_MEMBERS: usize = 64;

impl<'a> Node<'a> {
    /// `text` as one JSON value, as serde_json reads it (same grammar, numbers and recursion
    /// limit). `None` when it is not JSON, or an object repeats a key or has more than
    /// [`MAX_MEMBERS`] members: the caller then reads it as a `Value`.
    pub fn parse(text: &'a str) -> Option<Node<'a>> {
        let mut de = serde_json::Deserializer::from_str(text);
        let node = Node::deserialize(&mut de).ok()?;
        de.end().ok()?;
        Some(node)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::String(s) => Some(s),
            _ => None,
        }
    }
}

impl Tree for Node<'_> {
    fn text(&self) -> Option<&str> {
        self.as_str()
    }

    fn items(&self) -> Option<&[Self]> {
        match self {
            Node::Array(items) => Some(items),
            _ => None,
        }
    }

    fn all_members(&self, mut f: impl FnMut(&str, &Self) -> bool) -> Option<bool> {
        match self {
            Node::Object(m) => Some(m.iter().all(|(k, v)| f(k, v))),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Node<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Node<'de>, E> {
        Ok(Node::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Node<'de>, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Node<'de>, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Node<'de>, E> {
        // As serde_json's `Value`: a non-finite float is null.
        Ok(Number::from_f64(n).map_or(Node::Null, Node::Number))
    }

    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Node<'de>, E> {
        Ok(Node::String(Cow::Borrowed(s)))
    }

    fn visit_str<E>(self, s: &str) -> Result<Node<'de>, E> {
        Ok(Node::String(Cow::Owned(s.to_string())))
    }

    fn visit_string<E>(self, s: String) -> Result<Node<'de>, E> {
        Ok(Node::String(Cow::Owned(s)))
    }

    fn visit_unit<E>(self) -> Result<Node<'de>, E> {
        Ok(Node::Null)
    }

    fn visit_none<E>(self) -> Result<Node<'de>, E> {
        Ok(Node::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node<'de>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(256));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Node::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node<'de>, A::Error> {
        let mut members: Vec<(Cow<'de, str>, Node<'de>)> = Vec::new();
        while let Some(key) = map.next_key_seed(KeySeed)? {
            if members.len() == MAX_MEMBERS || members.iter().any(|(k, _)| *k == key) {
                return Err(de::Error::custom("left to the Value path"));
            }
            let value = map.next_value()?;
            members.push((key, value));
        }
        Ok(Node::Object(members))
    }
}

/// A member name, borrowed when it has no escapes (serde's own `Cow<str>` always copies).
struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a member name")
    }

    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(s))
    }

    fn visit_str<E>(self, s: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The node as a `Value`, to compare both readings of one text.
    fn to_value(n: &Node) -> Value {
        match n {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(*b),
            Node::Number(x) => Value::Number(x.clone()),
            Node::String(s) => Value::String(s.to_string()),
            Node::Array(items) => Value::Array(items.iter().map(to_value).collect()),
            Node::Object(m) => Value::Object(
                m.iter()
                    .map(|(k, v)| (k.to_string(), to_value(v)))
                    .collect(),
            ),
        }
    }

    #[test]
    fn reads_what_serde_json_reads() {
        for text in [
            r#"{"a": [1, -2, 3.5, 1e300, -0.0, true, null], "b\"c": "x\u00e9\ny", "": {}}"#,
            r#"[{"path": "src/a.ts"}, "src/b.ts", 18446744073709551615, -9223372036854775808]"#,
            "  \"only a string\"  ",
            "0",
        ] {
            let v: Value = serde_json::from_str(text).unwrap();
            let n = Node::parse(text).unwrap();
            assert_eq!(to_value(&n), v, "{text}");
        }
        // Out of range for a float: neither reads it.
        assert!(serde_json::from_str::<Value>("[1e400]").is_err());
        assert!(Node::parse("[1e400]").is_none());
    }

    #[test]
    fn strings_without_escapes_are_borrowed() {
        let text = r#"{"summary": "done", "note\n": "a\tb"}"#;
        let Some(Node::Object(m)) = Node::parse(text) else {
            panic!("an object")
        };
        assert!(matches!(
            &m[0],
            (
                Cow::Borrowed("summary"),
                Node::String(Cow::Borrowed("done"))
            )
        ));
        assert!(
            matches!(&m[1], (Cow::Owned(k), Node::String(Cow::Owned(v))) if k == "note\n" && v == "a\tb")
        );
    }

    #[test]
    fn refuses_what_the_value_path_must_read() {
        // Not JSON, trailing text, a repeated key (JSON.parse keeps the last), too many members.
        let many = format!(
            "{{{}}}",
            (0..=MAX_MEMBERS)
                .map(|i| format!("\"k{i}\": {i}"))
                .collect::<Vec<_>>()
                .join(",")
        );
        for text in [
            "{",
            "{} x",
            r#"{"a": 1, "a": 2}"#,
            r#"[{"b": 1, "b": 1}]"#,
            &many,
        ] {
            assert!(Node::parse(text).is_none(), "{text}");
        }
        // Nested past serde_json's recursion limit.
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(Node::parse(&deep).is_none());
    }
}
