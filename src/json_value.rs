//! A JSON `Value` read as a typed struct. serde_json's own `Value` deserializer, except that a
//! struct (or a struct variant) is read only from an object: serde's derive also reads one from
//! an array of its fields, and serde_json instantiates that reader for every struct (36 of them
//! were 22 KB of the module before compression). Nothing the guard reads is sent in that form.
//! Map keys are read as strings (serde_json also reads `"1"` as a number key): the guard's maps
//! are keyed by strings.

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    Unexpected, VariantAccess, Visitor,
};
use serde_json::{Error, Map, Value};

/// `value` read as `T`.
pub fn read<T: de::DeserializeOwned>(value: Value) -> Result<T, Error> {
    T::deserialize(Strict(value))
}

/// The deserializer: a `Value`, nested values wrapped again.
struct Strict(Value);

pub(crate) fn unexpected(v: &Value) -> Unexpected<'_> {
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

impl<'de> Deserializer<'de> for Strict {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(n) => n.deserialize_any(visitor),
            Value::String(s) => visitor.visit_string(s),
            Value::Array(a) => visit_seq(a, visitor),
            Value::Object(m) => visit_map(m, visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(m) => visit_map(m, visitor),
            other => Err(de::Error::invalid_type(unexpected(&other), &visitor)),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::String(s) => visitor.visit_enum(s.into_deserializer()),
            Value::Object(m) if m.len() == 1 => {
                let Some((variant, value)) = m.into_iter().next() else {
                    return Err(de::Error::custom("map with a single key"));
                };
                visitor.visit_enum(Variant(variant, value))
            }
            Value::Object(_) => Err(de::Error::invalid_value(
                Unexpected::Map,
                &"map with a single key",
            )),
            other => Err(de::Error::invalid_type(
                unexpected(&other),
                &"string or map",
            )),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map identifier
    }
}

/// An array read whole: elements left over are an error, as serde_json reports them.
fn visit_seq<'de, V: Visitor<'de>>(a: Vec<Value>, visitor: V) -> Result<V::Value, Error> {
    let len = a.len();
    let mut seq = Seq(a.into_iter());
    let v = visitor.visit_seq(&mut seq)?;
    match seq.0.len() {
        0 => Ok(v),
        _ => Err(de::Error::invalid_length(len, &"fewer elements in array")),
    }
}

/// An object's fields. (No check for entries left over, unlike [`visit_seq`]: serde's derived
/// and map visitors read every entry, and the check cost a copy per struct.)
fn visit_map<'de, V: Visitor<'de>>(m: Map<String, Value>, visitor: V) -> Result<V::Value, Error> {
    visitor.visit_map(Fields(m.into_iter(), None))
}

struct Seq(std::vec::IntoIter<Value>);

impl<'de> SeqAccess<'de> for Seq {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0
            .next()
            .map(|v| seed.deserialize(Strict(v)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// An object's entries, the value of the key last read held until it is asked for.
struct Fields(
    <Map<String, Value> as IntoIterator>::IntoIter,
    Option<Value>,
);

impl<'de> MapAccess<'de> for Fields {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((k, v)) = self.0.next() else {
            return Ok(None);
        };
        self.1 = Some(v);
        seed.deserialize(k.into_deserializer()).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.1.take() {
            Some(v) => seed.deserialize(Strict(v)),
            None => Err(de::Error::custom("value is missing")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// An externally tagged variant: its name and its content.
struct Variant(String, Value);

impl<'de> EnumAccess<'de> for Variant {
    type Error = Error;
    type Variant = Strict;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Strict), Error> {
        let name = seed.deserialize(self.0.into_deserializer())?;
        Ok((name, Strict(self.1)))
    }
}

impl<'de> VariantAccess<'de> for Strict {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.0 {
            Value::Null => Ok(()),
            other => Err(de::Error::invalid_type(unexpected(&other), &"unit")),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(a) => visit_seq(a, visitor),
            other => Err(de::Error::invalid_type(
                unexpected(&other),
                &"tuple variant",
            )),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(m) => visit_map(m, visitor),
            other => Err(de::Error::invalid_type(
                unexpected(&other),
                &"struct variant",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Inner {
        max_bytes: u32,
        #[serde(default)]
        label: Option<String>,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(rename_all = "camelCase")]
    enum Event {
        Tick,
        Moved { to: String, at_ms: u64 },
        Scored(f64),
    }

    #[derive(Debug, PartialEq, Deserialize)]
    struct Outer {
        inner: Inner,
        events: Vec<Event>,
        ratio: f64,
        #[serde(default)]
        missing: Option<Inner>,
    }

    #[test]
    fn reads_what_serde_json_reads_from_objects() {
        let v = json!({
            "inner": { "maxBytes": 7, "label": null },
            "events": ["tick", { "moved": { "to": "b", "at_ms": 5 } }, { "scored": 0.5 }],
            "ratio": 1,
            "ignored": [1, 2, { "x": null }]
        });
        let want: Outer = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(read::<Outer>(v).unwrap(), want);
        assert_eq!(want.events.len(), 3);
        assert_eq!(want.ratio, 1.0);
    }

    #[test]
    fn errors_are_serde_json_errors_with_the_same_words() {
        for v in [
            json!({ "inner": { "maxBytes": -1 }, "events": [], "ratio": 0 }),
            json!({ "inner": { "maxBytes": 1, "other": 2 }, "events": [], "ratio": 0 }),
            json!({ "inner": { "maxBytes": 1 }, "events": ["jumped"], "ratio": 0 }),
            json!({ "inner": { "maxBytes": 1 }, "events": [{ "a": 1, "b": 2 }], "ratio": 0 }),
            json!({ "inner": { "maxBytes": 1 }, "events": [], "ratio": "x" }),
            json!({ "inner": { "maxBytes": 1.5 }, "events": [], "ratio": 0 }),
            json!({ "events": [], "ratio": 0 }),
        ] {
            let theirs = serde_json::from_value::<Outer>(v.clone())
                .unwrap_err()
                .to_string();
            let ours = read::<Outer>(v).unwrap_err().to_string();
            assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn leftovers_and_variant_shapes_fail_as_in_serde_json() {
        #[derive(Debug, Deserialize)]
        struct Band {
            #[allow(dead_code)]
            band: [f64; 2],
        }
        let v = json!({ "band": [0.2, 0.5, 0.9] });
        let theirs = serde_json::from_value::<Band>(v.clone())
            .unwrap_err()
            .to_string();
        assert_eq!(read::<Band>(v).unwrap_err().to_string(), theirs);
        for v in [
            json!({ "tick": 5 }),
            json!({ "moved": 5 }),
            json!({ "moved": [1] }),
        ] {
            let theirs = serde_json::from_value::<Event>(v.clone())
                .unwrap_err()
                .to_string();
            assert_eq!(read::<Event>(v).unwrap_err().to_string(), theirs);
        }
    }

    #[test]
    fn a_struct_is_not_read_from_an_array() {
        let v = json!({ "inner": [7, null], "events": [], "ratio": 0 });
        assert!(serde_json::from_value::<Outer>(v.clone()).is_ok());
        let e = read::<Outer>(v).unwrap_err().to_string();
        assert!(e.contains("invalid type: sequence"), "{e}");
    }
}
