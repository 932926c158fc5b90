//! JSON values at the boundary read into the core's types by hand: an object's fields taken by
//! name (or an alias), typed, with serde's error words. serde's derive instantiated a map
//! reader, a field reader and (for enums) a variant reader per struct and per variant, the
//! largest generic code of the module; these readers are one copy each. What they accept is
//! what the derives accepted: other fields are ignored, a missing optional field or `null` is
//! `None`, a field given under two of its names is an error. Tagged events (`{"type":
//! "taskPaused", "taskId": …}`) name their variant in one field ([`tagged`]).

use crate::gather::GatherOk;
use serde::de::{Error as _, Unexpected};
use serde_json::{Error, Map, Value};

/// An object whose `tag` field names its variant: the name and the other fields.
pub fn tagged(tag: &'static str, value: Value) -> Result<(String, Fields), Error> {
    let Value::Object(mut fields) = value else {
        return Err(Error::custom(format!(
            "expected an object with a \"{tag}\" field"
        )));
    };
    match fields.remove(tag) {
        Some(Value::String(name)) => Ok((name, Fields(fields))),
        Some(_) => Err(Error::custom(format!("\"{tag}\" must be a string"))),
        None => Err(Error::missing_field(tag)),
    }
}

/// [`tagged`] on JSON text.
pub fn tagged_text(tag: &'static str, text: &str) -> Result<(String, Fields), Error> {
    tagged(tag, serde_json::from_str(text)?)
}

/// One of `names` (a unit enum's variants as written); another string or type is an error.
pub fn variant(value: &Value, names: &'static [&'static str]) -> Result<usize, Error> {
    match value {
        Value::String(s) => names
            .iter()
            .position(|n| n == s)
            .ok_or_else(|| Error::unknown_variant(s, names)),
        v => Err(Error::invalid_type(unexpected(v), &"a string")),
    }
}

/// The elements of `value`, which must be an array.
pub fn list(value: Value) -> Result<Vec<Value>, Error> {
    match value {
        Value::Array(a) => Ok(a),
        v => Err(Error::invalid_type(unexpected(&v), &"a sequence")),
    }
}

/// The error for a tag that names no variant.
pub fn unknown(name: &str, variants: &'static [&'static str]) -> Error {
    Error::unknown_variant(name, variants)
}

/// An object's fields, each taken once.
#[derive(Debug)]
pub struct Fields(Map<String, Value>);

/// `value`, which must be there.
pub fn need<T>(value: Option<T>, name: &'static str) -> Result<T, Error> {
    value.ok_or_else(|| Error::missing_field(name))
}

impl Fields {
    /// The fields of `value`, which must be an object.
    pub fn of(value: Value) -> Result<Fields, Error> {
        match value {
            Value::Object(m) => Ok(Fields(m)),
            v => Err(Error::invalid_type(unexpected(&v), &"an object")),
        }
    }

    /// The value under the first of `names` (a field's name, then its aliases, joined by `|`:
    /// one string where a slice was a pointer and a length per name); `null` is none.
    fn take(&mut self, names: &'static str) -> Result<Option<Value>, Error> {
        let mut found = None;
        for name in names.split('|') {
            if let Some(v) = self.0.remove(name) {
                if found.is_some() {
                    return Err(Error::duplicate_field(first(names)));
                }
                found = Some(v);
            }
        }
        Ok(found.filter(|v| !v.is_null()))
    }

    /// Any value but `null`.
    pub fn opt_value(&mut self, name: &'static str) -> Result<Option<Value>, Error> {
        self.take(name)
    }

    /// An optional object read by `read`.
    pub fn opt_read<T>(
        &mut self,
        name: &'static str,
        read: fn(Fields) -> Result<T, Error>,
    ) -> Result<Option<T>, Error> {
        self.opt_object(name)?.map(read).transpose()
    }

    /// An optional string.
    pub fn opt_text(&mut self, names: &'static str) -> Result<Option<String>, Error> {
        match self.take(names)? {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(Error::invalid_type(unexpected(&v), &"a string")),
        }
    }

    /// A string that must be there.
    pub fn text(&mut self, names: &'static str) -> Result<String, Error> {
        self.opt_text(names)?
            .ok_or_else(|| Error::missing_field(first(names)))
    }

    /// An optional boolean.
    pub fn opt_flag(&mut self, name: &'static str) -> Result<Option<bool>, Error> {
        match self.take(name)? {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(b)),
            Some(v) => Err(Error::invalid_type(unexpected(&v), &"a boolean")),
        }
    }

    /// An optional number (any JSON number).
    pub fn opt_number(&mut self, name: &'static str) -> Result<Option<f64>, Error> {
        match self.take(name)? {
            None => Ok(None),
            Some(Value::Number(n)) => Ok(n.as_f64()),
            Some(v) => Err(Error::invalid_type(unexpected(&v), &"a number")),
        }
    }

    /// An optional count: a whole number from 0 to `u32::MAX`.
    pub fn opt_count(&mut self, name: &'static str) -> Result<Option<u32>, Error> {
        match self.take(name)? {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| Error::invalid_type(unexpected(&v), &"a count (u32)")),
        }
    }

    /// A count that must be there.
    pub fn count(&mut self, name: &'static str) -> Result<u32, Error> {
        need(self.opt_count(name)?, name)
    }

    /// Each element of the array `name` read as an object by `read` (none when it is absent).
    pub fn objects<T>(
        &mut self,
        name: &'static str,
        read: fn(Fields) -> Result<T, Error>,
    ) -> Result<Vec<T>, Error> {
        self.opt_list(name)?
            .unwrap_or_default()
            .into_iter()
            .map(|v| read(Fields::of(v)?))
            .gather_ok()
    }

    /// An optional whole number from 0 to `u64::MAX`.
    pub fn opt_u64(&mut self, name: &'static str) -> Result<Option<u64>, Error> {
        match self.take(name)? {
            None => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) => Ok(Some(n)),
                None => Err(Error::invalid_type(unexpected(&v), &"a whole number (u64)")),
            },
        }
    }

    /// An optional array.
    pub fn opt_list(&mut self, name: &'static str) -> Result<Option<Vec<Value>>, Error> {
        self.take(name)?.map(list).transpose()
    }

    /// An optional array of strings.
    pub fn opt_texts(&mut self, name: &'static str) -> Result<Option<Vec<String>>, Error> {
        let Some(list) = self.opt_list(name)? else {
            return Ok(None);
        };
        list.into_iter()
            .map(|v| match v {
                Value::String(s) => Ok(s),
                v => Err(Error::invalid_type(unexpected(&v), &"a string")),
            })
            .gather_ok()
            .map(Some)
    }

    /// An optional nested object.
    pub fn opt_object(&mut self, name: &'static str) -> Result<Option<Fields>, Error> {
        match self.take(name)? {
            None => Ok(None),
            Some(Value::Object(m)) => Ok(Some(Fields(m))),
            Some(v) => Err(Error::invalid_type(unexpected(&v), &"an object")),
        }
    }
}

/// A value as serde's errors name it ("integer `7`", "map").
fn unexpected(v: &Value) -> Unexpected<'_> {
    match v {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (_, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

fn first(names: &'static str) -> &'static str {
    names.split('|').next().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(v: Value) -> Result<(String, Option<String>), Error> {
        let (name, mut f) = tagged("type", v)?;
        match name.as_str() {
            "paused" | "Paused" => {
                let id = f.text("taskId|id")?;
                f.opt_text("note")?;
                Ok((name, Some(id)))
            }
            "tick" => Ok((name, None)),
            _ => Err(unknown(&name, &["paused", "tick"])),
        }
    }

    #[test]
    fn a_tagged_object_reads_its_tag_and_fields_wherever_they_stand() {
        let paused = |n: &str| Ok::<_, String>((n.to_string(), Some("t1".to_string())));
        let r = |v: Value| read(v).map_err(|e| e.to_string());
        assert_eq!(
            r(json!({"type": "paused", "taskId": "t1"})),
            paused("paused")
        );
        assert_eq!(
            r(json!({"taskId": "t1", "type": "Paused"})),
            paused("Paused")
        );
        assert_eq!(
            r(json!({"id": "t1", "type": "paused", "x": 1})),
            paused("paused")
        );
        assert_eq!(
            r(json!({"type": "tick", "now": 5})),
            Ok(("tick".into(), None))
        );
        for (bad, says) in [
            (json!({"taskId": "t1"}), "missing field `type`"),
            (
                json!({"type": 3, "taskId": "t1"}),
                "\"type\" must be a string",
            ),
            (
                json!({"type": "resumed", "taskId": "t1"}),
                "unknown variant `resumed`",
            ),
            (json!({"type": "paused"}), "missing field `taskId`"),
            (
                json!({"type": "paused", "taskId": null}),
                "missing field `taskId`",
            ),
            (
                json!({"type": "paused", "taskId": 7}),
                "invalid type: integer `7`",
            ),
            (
                json!({"type": "paused", "taskId": "a", "id": "b"}),
                "duplicate field `taskId`",
            ),
            (
                json!({"type": "paused", "taskId": "a", "note": []}),
                "invalid type: sequence",
            ),
            (json!(["paused"]), "expected an object"),
        ] {
            let e = r(bad.clone()).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn typed_fields_read_their_type_and_refuse_others() {
        let mut f = Fields(
            json!({"a": true, "n": 2.5, "c": 7, "big": 5_000_000_000u64, "o": {"c": 1}, "z": null})
                .as_object()
                .cloned()
                .unwrap_or_default(),
        );
        assert_eq!(f.opt_flag("a").ok(), Some(Some(true)));
        assert_eq!(f.opt_flag("z").ok(), Some(None));
        assert_eq!(f.opt_number("n").ok(), Some(Some(2.5)));
        assert_eq!(f.count("c").ok(), Some(7));
        assert!(f.count("big").is_err());
        assert!(f.count("gone").is_err());
        let mut o = f.opt_object("o").ok().flatten();
        assert_eq!(o.as_mut().map(|o| o.count("c").ok()), Some(Some(1)));
        let mut g = Fields(
            json!({"a": "yes", "o": 1})
                .as_object()
                .cloned()
                .unwrap_or_default(),
        );
        assert!(g.opt_flag("a").is_err());
        assert!(g.opt_object("o").is_err());
    }
}
