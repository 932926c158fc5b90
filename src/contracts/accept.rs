//! A quick "valid" for contracts written in a small set of keywords, read from a
//! [`Tape`](super::tape::Tape) without building a `Value`.
//!
//! It only ever answers "accepted" or "not sure": `false` sends the result down the full path,
//! where jsonschema decides and reports. So a schema using any keyword outside the set below
//! gets no acceptor, and any doubt (a `$ref` that does not resolve, a loop, a deep value) is
//! `false`. The tests hold it to jsonschema's verdict on every shipped contract.
//!
//! Keywords: `type`, `enum` (of strings), `minLength`/`maxLength`, `pattern` (the patterns
//! tested by hand-written code, [`super::pattern::is_simple`]), `items` (one schema),
//! `minItems`/`maxItems`, `properties`, `required`, `additionalProperties`,
//! `minProperties`/`maxProperties`, `anyOf`, `allOf`, `oneOf`, `not`, `$ref`, boolean schemas,
//! and annotations. Draft 2020-12 documents only.

use super::pattern::SimpleTest;
use super::tape::{At, Kind};
use crate::gather::Gather;
use crate::gather::GatherSome;
use crate::gather::PushAll;
use crate::sanitize::text::char_len;
use crate::schema_store::{percent_decode, SchemaStore};
use crate::swar::eq_short;
use rustc_hash::FxHashMap as HashMap;
use serde_json::{Map, Value};
use std::cell::Cell;

const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Keywords that never change a verdict.
const ANNOTATIONS: &str =
    "$comment|title|description|default|examples|deprecated|readOnly|writeOnly|$defs|$anchor";

/// Beyond this many subschemas a contract is left to jsonschema.
const MAX_RULES: usize = 4096;
/// Deeper than this (value nesting plus `$ref` hops) the answer is "not sure".
const MAX_DEPTH: usize = 512;
/// Rule applications per token of the text, and at least, before the answer is "not sure".
const STEPS_PER_TOKEN: usize = 64;
const MIN_STEPS: usize = 4096;

type Id = usize;

const TYPE_NULL: u8 = 1;
const TYPE_BOOLEAN: u8 = 2;
const TYPE_INTEGER: u8 = 4;
const TYPE_NUMBER: u8 = 8 | TYPE_INTEGER;
const TYPE_STRING: u8 = 16;
const TYPE_ARRAY: u8 = 32;
const TYPE_OBJECT: u8 = 64;

#[derive(Default, Clone, PartialEq)]
struct Rule {
    /// A boolean schema.
    constant: Option<bool>,
    /// Allowed types; 0: any.
    types: u8,
    enum_strings: Option<Vec<String>>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    pattern: Option<SimpleTest>,
    items: Option<Id>,
    min_items: Option<u64>,
    max_items: Option<u64>,
    /// Declared properties: name, rule, and whether it is required.
    properties: Vec<(String, Id, bool)>,
    /// How many declared properties are required.
    required_declared: usize,
    /// Required names that are not declared.
    required_undeclared: Vec<String>,
    additional: Option<Id>,
    min_properties: Option<u64>,
    max_properties: Option<u64>,
    any_of: Vec<Id>,
    all_of: Vec<Id>,
    one_of: Vec<Id>,
    not: Option<Id>,
}

/// The compiled quick check of one contract.
pub struct Acceptor {
    rules: Vec<Rule>,
}

impl Acceptor {
    /// The acceptor of registered schema `id`, or `None` when it uses anything outside the set.
    pub fn build(store: &SchemaStore, id: &str) -> Option<Acceptor> {
        let doc = store.get(id)?;
        let mut b = Builder {
            store,
            rules: Vec::new(),
            seen: HashMap::default(),
        };
        let root = b.rule(doc, doc)?;
        if root != 0 {
            return None;
        }
        let mut rules = b.rules;
        collapse_refs(&mut rules);
        Some(Acceptor { rules })
    }

    /// Whether the contract surely accepts `node`. `false`: not sure.
    pub fn accepts(&self, node: At) -> bool {
        self.verdict(node) == Some(true)
    }

    /// The contract's verdict on `node`, exactly jsonschema's; `None`: not sure (a value or a
    /// chain of `$ref`s deeper than the acceptor follows, as in a schema that applies itself to
    /// the same value).
    pub fn verdict(&self, node: At) -> Option<bool> {
        // Unions whose branches each walk the same subtree (`anyOf: [{items: {$ref: "#"}, not:
        // {}}, {items: {$ref: "#"}}]`) double the work per level of nesting: past a budget
        // proportional to the text the answer is "not sure", and the full check decides.
        let budget = Cell::new(node.tape_len().saturating_mul(STEPS_PER_TOKEN) + MIN_STEPS);
        self.check(0, node, 0, &budget)
    }

    /// The verdict of rule `id` on `node`; `None`: not sure (too deep), which no `not` or
    /// `oneOf` may turn into an acceptance.
    fn check(&self, id: Id, node: At, depth: usize, budget: &Cell<usize>) -> Option<bool> {
        let r = self.rules.get(id)?;
        if depth > MAX_DEPTH || budget.get() == 0 {
            return None;
        }
        budget.set(budget.get() - 1);
        if let Some(c) = r.constant {
            return Some(c);
        }
        let kind = node.kind();
        if r.types != 0 && r.types & type_of(&kind) == 0 {
            return Some(false);
        }
        let depth = depth + 1;
        match kind {
            Kind::String(s) => {
                if let Some(allowed) = &r.enum_strings {
                    if !allowed.iter().any(|a| eq_short(a, s)) {
                        return Some(false);
                    }
                }
                // Code points lie between a quarter of the bytes and all of them: most strings
                // are settled without counting.
                let bytes = s.len() as u64;
                let undecided = r.max_length.is_some_and(|m| bytes > m)
                    || r.min_length.is_some_and(|m| bytes < m.saturating_mul(4));
                if undecided {
                    let len = char_len(s) as u64;
                    if r.min_length.is_some_and(|m| len < m)
                        || r.max_length.is_some_and(|m| len > m)
                    {
                        return Some(false);
                    }
                }
                if r.pattern.is_some_and(|p| !p.matches(s)) {
                    return Some(false);
                }
            }
            Kind::Array(n) => {
                let n = u64::from(n);
                if r.min_items.is_some_and(|m| n < m) || r.max_items.is_some_and(|m| n > m) {
                    return Some(false);
                }
                if let Some(each) = r.items {
                    for i in node.items() {
                        if !self.check(each, i, depth, budget)? {
                            return Some(false);
                        }
                    }
                }
            }
            Kind::Object(n) => {
                let n = u64::from(n);
                if r.min_properties.is_some_and(|m| n < m)
                    || r.max_properties.is_some_and(|m| n > m)
                {
                    return Some(false);
                }
                let mut required_seen = 0;
                for (name, value) in node.members() {
                    let declared = r.properties.iter().find(|(p, _, _)| eq_short(p, name));
                    let ok = match (declared, r.additional) {
                        (Some((_, p, required)), _) => {
                            required_seen += usize::from(*required);
                            self.check(*p, value, depth, budget)?
                        }
                        (None, Some(a)) => self.check(a, value, depth, budget)?,
                        (None, None) => true,
                    };
                    if !ok {
                        return Some(false);
                    }
                }
                if required_seen != r.required_declared {
                    return Some(false);
                }
                for k in &r.required_undeclared {
                    if !node.members().any(|(name, _)| eq_short(name, k)) {
                        return Some(false);
                    }
                }
            }
            _ => {}
        }
        // An enum of strings admits no other type.
        if r.enum_strings.is_some() && !matches!(kind, Kind::String(_)) {
            return Some(false);
        }
        for &a in &r.all_of {
            if !self.check(a, node, depth, budget)? {
                return Some(false);
            }
        }
        if !r.any_of.is_empty() {
            let mut any = false;
            for &a in &r.any_of {
                if self.check(a, node, depth, budget)? {
                    any = true;
                    break;
                }
            }
            if !any {
                return Some(false);
            }
        }
        if !r.one_of.is_empty() {
            let mut matched = 0;
            for &a in &r.one_of {
                matched += usize::from(self.check(a, node, depth, budget)?);
            }
            if matched != 1 {
                return Some(false);
            }
        }
        match r.not {
            Some(n) => Some(!self.check(n, node, depth, budget)?),
            None => Some(true),
        }
    }
}

fn type_of(kind: &Kind) -> u8 {
    match kind {
        Kind::Null => TYPE_NULL,
        Kind::Bool => TYPE_BOOLEAN,
        // jsonschema's integer: an i64/u64, or a float with no fractional part.
        Kind::Number(n)
            if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) =>
        {
            TYPE_INTEGER | 8
        }
        Kind::Number(_) => 8,
        Kind::String(_) => TYPE_STRING,
        Kind::Array(_) => TYPE_ARRAY,
        Kind::Object(_) => TYPE_OBJECT,
    }
}

struct Builder<'s> {
    store: &'s SchemaStore,
    rules: Vec<Rule>,
    /// Subschemas already compiled, by address (a `$ref` loop reuses its rule).
    /// By the schema's address, keyed as the sanitizer's plan memo is (one hash-table
    /// instantiation for both in the module).
    seen: HashMap<(usize, usize), Id>,
}

impl<'s> Builder<'s> {
    /// The rule of `schema`, found in document `doc`.
    fn rule(&mut self, doc: &'s Value, schema: &'s Value) -> Option<Id> {
        let key = (0, schema as *const Value as usize);
        if let Some(&id) = self.seen.get(&key) {
            return Some(id);
        }
        if self.rules.len() >= MAX_RULES {
            return None;
        }
        let id = self.rules.len();
        self.rules.push(Rule::default());
        self.seen.insert(key, id);
        let rule = match schema {
            Value::Bool(b) => Rule {
                constant: Some(*b),
                ..Rule::default()
            },
            Value::Object(map) => self.object_rule(doc, schema, map)?,
            _ => return None,
        };
        *self.rules.get_mut(id)? = rule;
        Some(id)
    }

    fn object_rule(
        &mut self,
        doc: &'s Value,
        schema: &'s Value,
        map: &'s Map<String, Value>,
    ) -> Option<Rule> {
        let mut r = Rule::default();
        if std::ptr::eq(schema, doc) && !is_2020_12(doc) {
            return None;
        }
        // `$ref` beside other keywords applies as well (2020-12): an `allOf` member.
        for (key, v) in map {
            match key.as_str() {
                k if ANNOTATIONS.split('|').any(|a| a == k) => {}
                "$schema" | "$id" if std::ptr::eq(schema, doc) => {}
                "$ref" => {
                    let reference = v.as_str()?;
                    if !within_one_resource(reference) {
                        return None;
                    }
                    let (target_doc, target) = self.store.resolve_ref(doc, reference)?;
                    if !is_2020_12(target_doc) || crosses_a_resource(target_doc, reference) {
                        return None;
                    }
                    let t = self.rule(target_doc, target)?;
                    r.all_of.push(t);
                }
                "type" => r.types = types(v)?,
                "enum" => {
                    let all = v.as_array()?;
                    r.enum_strings = Some(
                        all.iter()
                            .map(|e| e.as_str().map(str::to_string))
                            .gather_some()?,
                    );
                }
                "minLength" => r.min_length = Some(v.as_u64()?),
                "maxLength" => r.max_length = Some(v.as_u64()?),
                "pattern" => r.pattern = Some(SimpleTest::new(v.as_str()?)?),
                "items" => r.items = Some(self.rule(doc, v)?),
                "minItems" => r.min_items = Some(v.as_u64()?),
                "maxItems" => r.max_items = Some(v.as_u64()?),
                "properties" => {
                    for (name, sub) in v.as_object()? {
                        let s = self.rule(doc, sub)?;
                        r.properties.push((name.clone(), s, false));
                    }
                }
                "required" => {
                    for name in v.as_array()? {
                        r.required_undeclared.push(name.as_str()?.to_string());
                    }
                }
                "additionalProperties" => r.additional = Some(self.rule(doc, v)?),
                "minProperties" => r.min_properties = Some(v.as_u64()?),
                "maxProperties" => r.max_properties = Some(v.as_u64()?),
                "anyOf" | "allOf" | "oneOf" => {
                    let mut subs = Vec::new();
                    for s in v.as_array()? {
                        subs.push(self.rule(doc, s)?);
                    }
                    if subs.is_empty() {
                        return None;
                    }
                    match key.as_str() {
                        "anyOf" => r.any_of = subs,
                        "oneOf" => r.one_of = subs,
                        _ => r.all_of.extend(subs),
                    }
                }
                "not" => r.not = Some(self.rule(doc, v)?),
                _ => return None,
            }
        }
        // Required names that are declared are counted while the members are read.
        let mut undeclared = std::mem::take(&mut r.required_undeclared);
        crate::sort::sort(&mut undeclared);
        undeclared.dedup();
        for name in undeclared {
            match r.properties.iter_mut().find(|(p, _, _)| *p == name) {
                Some((_, _, required)) => {
                    *required = true;
                    r.required_declared += 1;
                }
                None => r.required_undeclared.push(name),
            }
        }
        Some(r)
    }
}

/// A rule that is only a `$ref` (`{ "$ref": … }`) costs a call per value: whatever points at
/// it points at its target instead.
fn collapse_refs(rules: &mut [Rule]) {
    let alias = |r: &Rule| {
        let only_ref = Rule {
            all_of: r.all_of.clone(),
            ..Rule::default()
        };
        (r.all_of.len() == 1 && *r == only_ref)
            .then(|| r.all_of.first().copied())
            .flatten()
    };
    let aliases: Vec<Option<Id>> = rules.iter().map(alias).gather();
    // Chains of aliases end within as many steps as there are rules; a loop stays as it is.
    let target = |mut id: Id| {
        for _ in 0..aliases.len() {
            match aliases.get(id).copied().flatten() {
                Some(t) if t != id => id = t,
                _ => break,
            }
        }
        id
    };
    for r in rules.iter_mut() {
        let mut ids: Vec<&mut Id> = r.items.iter_mut().gather();
        ids.push_all(r.properties.iter_mut().map(|(_, id, _)| id));
        ids.push_all(r.additional.iter_mut());
        ids.push_all(r.any_of.iter_mut());
        ids.push_all(r.all_of.iter_mut());
        ids.push_all(r.one_of.iter_mut());
        ids.push_all(r.not.iter_mut());
        for id in ids {
            *id = target(*id);
        }
    }
}

/// Whether `reference` names a whole document or a JSON pointer into one. A plain-name
/// fragment (`#name`) is left to jsonschema: which subschema an anchor names depends on
/// schema positions and embedded resources (`$anchor` inside `examples` names nothing, one
/// under a nested `$id` belongs to that resource, `$dynamicAnchor` counts too).
fn within_one_resource(reference: &str) -> bool {
    match reference.split_once('#') {
        None => true,
        Some((_, fragment)) => fragment.is_empty() || fragment.starts_with('/'),
    }
}

/// Whether the pointer of `reference` passes through (or ends at) a subschema that starts a
/// resource of its own (`$id` or `$schema` below the document's root): refs inside it resolve
/// against its base, which the acceptor does not follow.
fn crosses_a_resource(doc: &Value, reference: &str) -> bool {
    let Some((_, fragment)) = reference.split_once('#') else {
        return false;
    };
    let pointer = percent_decode(fragment);
    // Each prefix of the pointer names a node on the way to the target.
    let ends = pointer
        .match_indices('/')
        .map(|(i, _)| i)
        .skip(1)
        .chain((!pointer.is_empty()).then_some(pointer.len()));
    for end in ends {
        match pointer.get(..end).and_then(|p| doc.pointer(p)) {
            Some(node) if node.get("$id").is_none() && node.get("$schema").is_none() => {}
            _ => return true,
        }
    }
    false
}

/// Whether a document declares draft 2020-12 (another draft, or none, is left to jsonschema).
fn is_2020_12(doc: &Value) -> bool {
    doc.get("$schema").and_then(Value::as_str) == Some(DRAFT_2020_12)
}

/// `type` as a bit set; `None` for a name that is not a JSON Schema type.
fn types(v: &Value) -> Option<u8> {
    let one = |name: &str| match name {
        "null" => Some(TYPE_NULL),
        "boolean" => Some(TYPE_BOOLEAN),
        "integer" => Some(TYPE_INTEGER),
        "number" => Some(TYPE_NUMBER),
        "string" => Some(TYPE_STRING),
        "array" => Some(TYPE_ARRAY),
        "object" => Some(TYPE_OBJECT),
        _ => None,
    };
    match v {
        Value::String(s) => one(s),
        Value::Array(names) if !names.is_empty() => names
            .iter()
            .try_fold(0u8, |acc, n| Some(acc | one(n.as_str()?)?)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contracts::tape::Tape;

    fn store_with(schema: Value) -> (SchemaStore, String) {
        let mut store = SchemaStore::default();
        let id = store.register(schema).unwrap();
        (store, id)
    }

    #[test]
    fn keywords_outside_the_set_get_no_acceptor() {
        for extra in [
            serde_json::json!({ "format": "email" }),
            serde_json::json!({ "pattern": "^a+$" }),
            serde_json::json!({ "const": 1 }),
            serde_json::json!({ "enum": ["a", 1] }),
            serde_json::json!({ "minimum": 0 }),
            serde_json::json!({ "x-custom": true }),
            serde_json::json!({ "properties": { "a": { "$id": "inner" } } }),
        ] {
            let mut schema = serde_json::json!({
                "$schema": DRAFT_2020_12,
                "$id": "https://example.com/t.json",
                "type": "object"
            });
            for (k, v) in extra.as_object().unwrap() {
                schema[k] = v.clone();
            }
            let (store, id) = store_with(schema.clone());
            assert!(Acceptor::build(&store, &id).is_none(), "{schema}");
        }
        // An older draft reads `items`, `$ref` and its siblings otherwise.
        let (store, id) = store_with(serde_json::json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "$id": "https://example.com/d7.json",
            "type": "object"
        }));
        assert!(Acceptor::build(&store, &id).is_none());
    }

    #[test]
    fn a_ref_loop_is_one_rule_and_a_deep_value_is_not_sure() {
        let (store, id) = store_with(serde_json::json!({
            "$schema": DRAFT_2020_12,
            "$id": "https://example.com/tree.json",
            "type": "array",
            "items": { "$ref": "#" }
        }));
        let a = Acceptor::build(&store, &id).unwrap();
        let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert!(a.accepts(Tape::parse(&nested(100)).unwrap().root()));
        assert!(!a.accepts(Tape::parse("[1]").unwrap().root()));
    }

    /// Refs the acceptor cannot follow as jsonschema does leave the contract to jsonschema: a
    /// plain-name fragment (an `$anchor` found in data, or under a nested `$id`, names another
    /// subschema than jsonschema's), and a pointer through an embedded resource (refs inside
    /// it resolve against its own `$id`).
    #[test]
    fn anchors_and_pointers_into_embedded_resources_get_no_acceptor() {
        let anchored = serde_json::json!({
            "$schema": DRAFT_2020_12,
            "$id": "https://example.com/anchor.json",
            "type": "object",
            "properties": { "message": { "$ref": "#s" } },
            "$defs": {
                "a": { "examples": [{ "$anchor": "s", "type": "string" }] },
                "b": { "$anchor": "s", "type": "integer" }
            }
        });
        let embedded = serde_json::json!({
            "$schema": DRAFT_2020_12,
            "$id": "https://example.com/emb.json",
            "type": "object",
            "properties": { "message": { "$ref": "#/$defs/x/properties/p" } },
            "$defs": {
                "t": { "type": "string" },
                "x": {
                    "$id": "https://example.com/sub/x.json",
                    "properties": { "p": { "$ref": "#/$defs/t" } },
                    "$defs": { "t": { "type": "integer" } }
                }
            }
        });
        let plain = serde_json::json!({
            "$schema": DRAFT_2020_12,
            "$id": "https://example.com/plain.json",
            "type": "object",
            "properties": { "message": { "$ref": "#/$defs/t" } },
            "$defs": { "t": { "type": "string" } }
        });
        for (schema, built) in [(anchored, false), (embedded, false), (plain, true)] {
            let (store, id) = store_with(schema.clone());
            let acceptor = Acceptor::build(&store, &id);
            assert_eq!(acceptor.is_some(), built, "{schema}");
            let text = r#"{"message": "hello"}"#;
            let value: Value = serde_json::from_str(text).unwrap();
            let exact = jsonschema::validator_for(&schema).unwrap().is_valid(&value);
            if let Some(a) = acceptor {
                assert_eq!(a.verdict(Tape::parse(text).unwrap().root()), Some(exact));
            }
        }
    }

    /// Unions whose branches each walk the same subtree double the work per level of nesting:
    /// past a budget proportional to the text the verdict is "not sure" (the full check
    /// decides), instead of 2^depth steps.
    #[test]
    fn unions_that_walk_a_subtree_twice_are_cut_off() {
        let schema = serde_json::json!({
            "$schema": DRAFT_2020_12,
            "$id": "https://example.com/twice.json",
            "anyOf": [
                { "items": { "$ref": "#" }, "not": {} },
                { "items": { "$ref": "#" } }
            ]
        });
        let (store, id) = store_with(schema.clone());
        let a = Acceptor::build(&store, &id).unwrap();
        let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let shallow = nested(4);
        let exact = jsonschema::validator_for(&schema)
            .unwrap()
            .is_valid(&serde_json::from_str(&shallow).unwrap());
        assert_eq!(
            a.verdict(Tape::parse(&shallow).unwrap().root()),
            Some(exact)
        );
        assert_eq!(a.verdict(Tape::parse(&nested(90)).unwrap().root()), None);
    }
}
