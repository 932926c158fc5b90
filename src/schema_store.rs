//! Registered JSON Schemas by `$id`, `$ref` resolution between them (never over the network),
//! and compiled validators cached per schema.
// What compiles a schema at run time depends on the build (`contracts::compiler`).

use crate::contracts::accept::Acceptor;
use crate::contracts::ajv_errors::{self, ContractError};
use crate::contracts::compiler::{self, Validator};
use crate::error::{ErrorCode, GuardError, Result};
use crate::sanitize::Plan;
use crate::shipped::{self, Shipped};
use jsonschema::ErrorIterator;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Base for schema ids given without a scheme (`"file_writing_input"`).
pub const LOCAL_BASE: &str = "https://boomerang-guard.local/schemas/";

/// The `$schema` of the root that only references a contract (see `SchemaStore::build`).
const REFERENCE_ROOT_DRAFT: &str = "http://json-schema.org/draft-04/schema#";

#[derive(Default)]
pub struct SchemaStore {
    schemas: BTreeMap<String, Value>,
    /// Ids of the built-in contracts: a user schema may not replace them. (Only looked up: a
    /// hash set, whose code the module has, not a B-tree set of its own.)
    reserved: rustc_hash::FxHashSet<String>,
    validators: BTreeMap<String, Box<Validator>>,
    /// Per compiled id: its backtracking `patternProperties` patterns (contracts::pattern).
    key_patterns: BTreeMap<String, Box<(usize, Option<String>)>>,
    /// Validators without those patterns, compiled when a check's property names exceed them.
    keys_unchecked: BTreeMap<String, Box<Validator>>,
    plans: BTreeMap<String, Arc<Plan>>,
    /// Quick checks of contracts in a small keyword set ([`Acceptor`]); `None`: it has none.
    acceptors: BTreeMap<String, Box<Option<Acceptor>>>,
    /// This store may use a compiler in another module (`compiler::remote`): the wasm layer
    /// allows it for a guard of the entry that loads one. A compiler in this module is always
    /// allowed.
    remote_allowed: bool,
}

impl SchemaStore {
    /// Normalizes an id: absolute URIs stay, bare names go under [`LOCAL_BASE`]. A trailing
    /// empty fragment is dropped, as JSON Schema does.
    pub fn absolute_id(id: &str) -> String {
        let id = id.trim_end_matches('#');
        if id.contains(':') {
            id.to_string()
        } else {
            format!("{LOCAL_BASE}{}", id.trim_start_matches('/'))
        }
    }

    /// Finds a registered id from what a user typed: the exact id, the bare name, or the bare
    /// name without `.schema.json`.
    pub fn lookup_id(&self, name: &str) -> Option<String> {
        let candidates = [
            Self::absolute_id(name),
            Self::absolute_id(&format!("{name}.schema.json")),
        ];
        candidates
            .into_iter()
            .find(|c| self.schemas.contains_key(c))
    }

    /// Lets this store compile through the compiler module's port (see `remote_allowed`).
    pub fn allow_remote_compiler(&mut self) {
        self.remote_allowed = true;
    }

    /// Whether a schema can be compiled here at all.
    fn compiles(&self) -> bool {
        cfg!(feature = "runtime-schemas") || self.remote_allowed
    }

    pub fn get(&self, id: &str) -> Option<&Value> {
        self.schemas.get(id)
    }

    pub fn ids(&self) -> impl Iterator<Item = &String> {
        self.schemas.keys()
    }

    /// Registers `schema` under its `$id` (or `id` for draft 4), compiling it at once so an
    /// invalid schema or an unresolvable `$ref` fails here and never later. Returns the id.
    pub fn register(&mut self, schema: Value) -> Result<String> {
        if let Some(id) = schema_id(&schema) {
            let absolute = Self::absolute_id(id);
            if self.reserved.contains(&absolute) {
                return Err(GuardError::new(
                    ErrorCode::InvalidSchema,
                    "/$id",
                    format!(
                        "the $id {id:?} ({absolute}) is a built-in contract's and cannot be replaced; give your schema another $id and point the mode at it with setModeContract"
                    ),
                ));
            }
        }
        self.insert(schema, true)
    }

    /// Registers a schema shipped with the crate without compiling it: a shipped contract's
    /// validator was generated when the crate was built (`shipped`), and an id this reserves
    /// cannot be replaced. Its validity is a test of the crate.
    pub fn register_builtin(&mut self, schema: Value) -> Result<String> {
        let id = self.insert(schema, false)?;
        self.reserved.insert(id.clone());
        Ok(id)
    }

    fn insert(&mut self, mut schema: Value, compile_now: bool) -> Result<String> {
        let Some(obj) = schema.as_object_mut() else {
            return Err(GuardError::new(
                ErrorCode::InvalidSchema,
                "",
                "a schema must be a JSON object",
            ));
        };
        let id_key = if obj.contains_key("$id") { "$id" } else { "id" };
        let Some(raw_id) = obj.get(id_key).and_then(Value::as_str) else {
            return Err(GuardError::new(
                ErrorCode::MissingSchemaId,
                "/$id",
                "a registered schema needs a string \"$id\" to be referenced by",
            ));
        };
        let id = Self::absolute_id(raw_id);
        obj.insert(id_key.to_string(), Value::String(id.clone()));
        let previous = self.schemas.insert(id.clone(), schema);
        if !compile_now {
            self.clear_validators();
            self.plans.clear();
            self.acceptors.clear();
            return Ok(id);
        }
        // Checked against its meta-schema here, once; later compiles skip that (see `build`).
        // Every `pattern` must compile now, also one the root does not reach yet: documents
        // compiled later build their regexes on first use (`pattern::LAZY_KEYWORD`).
        let checked = self
            .compiles()
            .then(|| compiler::first_invalid(self.schemas.get(&id).unwrap_or(&Value::Null)))
            .flatten()
            .map_or(Ok(()), |(at, why)| {
                Err(GuardError::new(
                    ErrorCode::InvalidSchema,
                    at,
                    format!("schema {id}: {why}"),
                ))
            })
            .and_then(|()| self.compile(&id, true));
        match checked {
            Ok(v) => {
                // A replaced schema may be referenced by compiled validators: drop them all,
                // but keep what compiling this one found of its key patterns (its validator is
                // kept below, so nothing would find them again: their budget would be skipped).
                if previous.is_some() {
                    let found = self.key_patterns.remove(&id);
                    self.clear_validators();
                    if let Some(found) = found {
                        self.key_patterns.insert(id.clone(), found);
                    }
                }
                self.plans.clear();
                self.acceptors.clear();
                self.validators.insert(id.clone(), Box::new(v));
                Ok(id)
            }
            Err(e) => {
                match previous {
                    Some(p) => self.schemas.insert(id, p),
                    None => self.schemas.remove(&id),
                };
                Err(e)
            }
        }
    }

    fn clear_validators(&mut self) {
        self.acceptors.clear();
        self.validators.clear();
        self.keys_unchecked.clear();
        self.key_patterns.clear();
    }

    /// The validator of a registered schema: generated at build time for a shipped contract,
    /// otherwise compiled on first use.
    pub fn validator(&mut self, id: &str) -> Result<Compiled<'_>> {
        if let Some(s) = self.shipped(id) {
            return Ok(Compiled::Shipped(s));
        }
        self.runtime_validator(id).map(Compiled::Runtime)
    }

    /// The generated validator of `id` when it is a shipped contract registered as one (a
    /// reserved id: its document cannot have been replaced).
    fn shipped(&self, id: &str) -> Option<&'static Shipped> {
        if self.reserved.contains(id) {
            shipped::contract(id)
        } else {
            None
        }
    }

    /// The validator jsonschema compiles at run time from the registered documents.
    fn runtime_validator(&mut self, id: &str) -> Result<&Validator> {
        if !self.validators.contains_key(id) {
            let v = self.compile(id, false)?;
            self.validators.insert(id.to_string(), Box::new(v));
        }
        self.validators.get(id).map(|v| &**v).ok_or_else(|| {
            GuardError::new(
                ErrorCode::UnknownSchema,
                "",
                format!("no schema with $id {id}"),
            )
        })
    }

    /// The quick check of contract `id`, built on first use; `None` when the contract uses a
    /// keyword it does not read, or holds backtracking key patterns (whose budget only the full
    /// check settles: a contract compiled at run time learns that here).
    pub fn acceptor(&mut self, id: &str) -> Result<Option<&Acceptor>> {
        if !self.acceptors.contains_key(id) {
            self.validator(id)?;
            let built = if self.key_patterns(id).0 > 0 {
                None
            } else {
                Acceptor::build(self, id)
            };
            self.acceptors.insert(id.to_string(), Box::new(built));
        }
        Ok(self.acceptors.get(id).and_then(|a| a.as_ref().as_ref()))
    }

    /// How many backtracking `patternProperties` patterns a compiled id's documents hold, and
    /// the schema path of the first.
    pub fn key_patterns(&self, id: &str) -> (usize, Option<String>) {
        self.key_patterns
            .get(id)
            .map(|k| (**k).clone())
            .unwrap_or_default()
    }

    /// The validator of `id` without its backtracking `patternProperties` patterns
    /// ([`pattern::drop_key_patterns`]), compiled on first use.
    pub fn validator_keys_unchecked(&mut self, id: &str) -> Result<Compiled<'_>> {
        if !self.keys_unchecked.contains_key(id) {
            let v = self.build(id, &self.closure(id), true, false)?;
            self.keys_unchecked.insert(id.to_string(), Box::new(v));
        }
        self.keys_unchecked
            .get(id)
            .map(|v| Compiled::Runtime(v))
            .ok_or_else(|| {
                GuardError::new(
                    ErrorCode::UnknownSchema,
                    "",
                    format!("no schema with $id {id}"),
                )
            })
    }

    fn registered(&self, id: &str) -> Result<&Value> {
        self.schemas.get(id).ok_or_else(|| {
            GuardError::new(
                ErrorCode::UnknownSchema,
                "",
                format!("no schema with $id {id}"),
            )
        })
    }

    /// What a result check reads of contract `id` before the text ([`shipped::ResultShape`]):
    /// known from the name of a shipped contract registered as one, else from its plan.
    pub fn result_shape(&mut self, id: &str) -> Result<shipped::ResultShape> {
        if let Some(shape) = self
            .reserved
            .contains(id)
            .then(|| shipped::result_shape(id))
            .flatten()
        {
            return Ok(shape);
        }
        let plan = self.plan(id)?;
        Ok(shipped::ResultShape {
            structured: plan.expects_structured(),
            summary: plan.declares_property("summary"),
        })
    }

    #[cfg(test)]
    pub(crate) fn plans_built(&self) -> usize {
        self.plans.len()
    }

    /// The sanitizing plan of a registered schema, compiled on first use.
    pub fn plan(&mut self, id: &str) -> Result<Arc<Plan>> {
        if let Some(p) = self.plans.get(id) {
            return Ok(Arc::clone(p));
        }
        let schema = self.registered(id)?;
        let plan = Arc::new(Plan::compile(self, schema));
        self.plans.insert(id.to_string(), Arc::clone(&plan));
        Ok(plan)
    }

    /// The registered documents `id` reaches through `$ref`s (itself included): compiling
    /// against these alone keeps registration linear in what a schema uses, not in how many
    /// schemas exist. Each reference is resolved against its document and under the local base;
    /// an extra document costs nothing, a missing one is an unresolved reference.
    fn closure(&self, id: &str) -> Vec<(&str, &Value)> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut queue = vec![id.to_string()];
        let mut out = Vec::new();
        while let Some(cur) = queue.pop() {
            let Some((key, doc)) = self.schemas.get_key_value(&cur) else {
                continue;
            };
            if !seen.insert(cur) {
                continue;
            }
            out.push((key.as_str(), doc));
            let mut refs = Vec::new();
            collect_refs(doc, &mut refs, 0);
            for r in refs {
                let uri = r.split_once('#').map_or(r, |(u, _)| u);
                if uri.is_empty() {
                    continue;
                }
                for candidate in [resolve_against(key, uri), Self::absolute_id(uri)] {
                    if self.schemas.contains_key(&candidate) && !seen.contains(&candidate) {
                        queue.push(candidate);
                    }
                }
            }
        }
        out
    }

    /// How many documents compiling `id` loads (a measure of registration work, for tests).
    #[doc(hidden)]
    pub fn closure_len(&self, id: &str) -> usize {
        self.closure(&Self::absolute_id(id)).len()
    }

    /// Compiles `id`; with `meta`, its document is first checked against its meta-schema.
    fn compile(&mut self, id: &str, meta: bool) -> Result<Validator> {
        let docs = self.closure(id);
        let v = self.build(id, &docs, false, meta)?;
        let found = compiler::key_patterns(&docs)?;
        self.key_patterns.insert(id.to_string(), Box::new(found));
        Ok(v)
    }

    /// Compiles `id` against `docs`, its `$ref` closure ([`compiler::build`]).
    fn build(
        &self,
        id: &str,
        docs: &[(&str, &Value)],
        keys_unchecked: bool,
        meta: bool,
    ) -> Result<Validator> {
        let schema = self.registered(id)?;
        if !self.compiles() {
            return Err(compiler::unavailable(id));
        }
        compiler::build(id, schema, docs, keys_unchecked, meta)
    }

    /// Resolves a `$ref` found in document `root` to (document, subschema), for the sanitizer.
    pub fn resolve_ref<'s>(
        &'s self,
        root: &'s Value,
        reference: &str,
    ) -> Option<(&'s Value, &'s Value)> {
        let (uri, fragment) = reference.split_once('#').unwrap_or((reference, ""));
        let doc = if uri.is_empty() {
            root
        } else {
            let base = root
                .get("$id")
                .or_else(|| root.get("id"))
                .and_then(Value::as_str)
                .unwrap_or(LOCAL_BASE);
            self.schemas.get(&resolve_against(base, uri))?
        };
        if fragment.is_empty() {
            Some((doc, doc))
        } else if fragment.starts_with('/') {
            let decoded = percent_decode(fragment);
            doc.pointer(&decoded).map(|node| (doc, node))
        } else {
            find_anchor(doc, fragment, 0).map(|node| (doc, node))
        }
    }
}

/// A contract's validator: generated when the crate was built (a shipped contract) or compiled
/// by jsonschema at run time. Both report jsonschema's errors.
#[derive(Clone, Copy)]
pub enum Compiled<'a> {
    Shipped(&'static Shipped),
    Runtime(&'a Validator),
}

impl<'a> Compiled<'a> {
    pub fn is_valid(self, value: &Value) -> bool {
        match self {
            Compiled::Shipped(s) => (s.is_valid)(value),
            Compiled::Runtime(v) => v.is_valid(value),
        }
    }

    /// Every error for `value` in a report's shape, appended to `out` in the runtime
    /// validator's order (see [`shipped::runtime_order`]).
    pub fn errors(self, value: &Value, out: &mut Vec<ContractError>) {
        match self {
            Compiled::Shipped(s) => {
                let start = out.len();
                let errors: ErrorIterator<'_> = (s.iter_errors)(value);
                for e in errors {
                    ajv_errors::convert(&e, out);
                }
                if let Some(added) = out.get_mut(start..) {
                    shipped::runtime_order(added);
                }
            }
            Compiled::Runtime(v) => v.errors(value, out),
        }
    }
}

/// `uri` (no fragment) resolved against the document id `base`.
fn resolve_against(base: &str, uri: &str) -> String {
    if uri.contains(':') {
        uri.to_string()
    } else if let Some(stripped) = uri.strip_prefix('/') {
        let origin_end = base.find("://").map(|i| i + 3).unwrap_or(0);
        let host_end = base
            .get(origin_end..)
            .and_then(|rest| rest.find('/'))
            .map(|i| origin_end + i)
            .unwrap_or(base.len());
        format!("{}/{stripped}", base.get(..host_end).unwrap_or(base))
    } else {
        let dir_end = base.rfind('/').map(|i| i + 1).unwrap_or(0);
        format!("{}{uri}", base.get(..dir_end).unwrap_or_default())
    }
}

/// A schema's `$id` (or draft 4's `id`).
fn schema_id(schema: &Value) -> Option<&str> {
    let obj = schema.as_object()?;
    let key = if obj.contains_key("$id") { "$id" } else { "id" };
    obj.get(key).and_then(Value::as_str)
}

/// Every `$ref` and `$dynamicRef` string in a schema document.
fn collect_refs<'v>(node: &'v Value, out: &mut Vec<&'v str>, depth: usize) {
    if depth > 128 {
        return;
    }
    match node {
        Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("$ref" | "$dynamicRef" | "$recursiveRef", Value::String(r)) => out.push(r),
                    _ => collect_refs(v, out, depth + 1),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_refs(v, out, depth + 1)),
        _ => {}
    }
}

pub(crate) fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes.get(i).copied().unwrap_or_default();
        if b == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            if let Some(v) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn find_anchor<'s>(node: &'s Value, name: &str, depth: usize) -> Option<&'s Value> {
    if depth > 64 {
        return None;
    }
    match node {
        Value::Object(map) => {
            if map.get("$anchor").and_then(Value::as_str) == Some(name) {
                return Some(node);
            }
            map.values().find_map(|v| find_anchor(v, name, depth + 1))
        }
        Value::Array(items) => items.iter().find_map(|v| find_anchor(v, name, depth + 1)),
        _ => None,
    }
}

/// A root that only references document `id`. Draft 4's meta-schema is the cheapest to build;
/// its `$ref` ignores siblings.
pub fn reference_root(id: &str) -> Value {
    serde_json::json!({ "$schema": REFERENCE_ROOT_DRAFT, "$ref": id })
}

/// A validator for a schema shipped with the crate (its `$id` set), compiled from a root that
/// references it: no meta-schema check at run time (the crate's tests do it), see
/// [`SchemaStore::build`].
#[cfg(test)]
pub fn compile_shipped(schema: &Value) -> std::result::Result<Validator, String> {
    let id = schema_id(schema).ok_or("no $id")?.to_string();
    let registry = jsonschema::Registry::new()
        .extend([(id.as_str(), schema)])
        .and_then(|b| b.prepare())
        .map_err(|e| e.to_string())?;
    jsonschema::options()
        .offline()
        .with_registry(&registry)
        .build(&reference_root(&id))
        .map(Validator)
        .map_err(|e| e.to_string())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;
    use crate::builtin::{parse_builtin, CONFIG_SCHEMA, CONTRACT_SCHEMAS, VERDICT_SCHEMA};
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    use serde_json::json;
    use std::collections::BTreeSet;

    /// Every error a validator reports for `v`, as a report gives them (a pattern compiled as one of our keywords reports
    /// as the schema's `pattern`).
    fn errors(validator: &Validator, v: &Value) -> Vec<(String, String, String, String, String)> {
        compiled_errors(Compiled::Runtime(validator), v)
    }

    fn compiled_errors(
        c: Compiled<'_>,
        v: &Value,
    ) -> Vec<(String, String, String, String, String)> {
        let mut out = Vec::new();
        c.errors(v, &mut out);
        out.into_iter()
            .map(|e| {
                let params = e.params.to_string();
                (e.instance_path, e.schema_path, e.keyword, params, e.message)
            })
            .collect()
    }

    fn property_names(v: &Value, out: &mut BTreeSet<String>) {
        match v {
            Value::Object(m) => {
                if let Some(Value::Object(p)) = m.get("properties") {
                    out.extend(p.keys().cloned());
                }
                m.values().for_each(|c| property_names(c, out));
            }
            Value::Array(a) => a.iter().for_each(|c| property_names(c, out)),
            _ => {}
        }
    }

    /// Values over a schema's own property names, so that many reach deep into it.
    fn values(names: Vec<String>) -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            (-3i64..40).prop_map(|n| json!(n)),
            Just(json!(2.5)),
            "[a-z ./]{0,12}".prop_map(Value::String),
            prop::sample::select(vec![
                "completed",
                "partial",
                "failed",
                "created",
                "modified",
                "high",
                "low",
                "tmpdir",
                "REQ-12",
                "١٢",
                "é_x",
                "x-é",
                "- [x] done\n- [ ] next"
            ])
            .prop_map(|s| json!(s)),
        ];
        leaf.prop_recursive(4, 40, 6, move |inner| {
            let key = prop::sample::select(names.clone());
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::vec((key, inner), 0..6)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    #[test]
    fn a_pattern_that_does_not_compile_fails_registration_wherever_it_sits() {
        let mut store = SchemaStore::default();
        let valid = json!({ "$id": "b.json", "$defs": { "code": { "type": "string", "pattern": "^[a-z]+$" } } });
        store.register(valid).unwrap();
        store
            .register(
                json!({ "$id": "a.json", "properties": { "x": { "$ref": "b.json#/$defs/code" } } }),
            )
            .unwrap();
        // Replaced by a document whose pattern its own root never reaches: still refused, so a
        // dependant compiled later (its regexes built on first use) never meets it.
        let broken = json!({ "$id": "b.json", "$defs": { "code": { "type": "string", "pattern": "^[a-z" } } });
        let e = store.register(broken).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidSchema);
        assert_eq!(e.path, "/$defs/code/pattern");
        assert!(store.validator(&SchemaStore::absolute_id("a.json")).is_ok());
    }

    /// The validator compiled from a root that only references the contract (no meta-schema
    /// check) reports exactly what the directly compiled one reports: the same errors, at the
    /// same instance and schema paths, with the same messages.
    #[test]
    fn referencing_root_reports_what_the_document_reports() {
        let mut store = SchemaStore::default();
        let mut ids = Vec::new();
        for (name, text) in CONTRACT_SCHEMAS {
            ids.push(store.register(parse_builtin(name, text).unwrap()).unwrap());
        }
        // User schemas: the seed's fixtures and one of another draft with a $ref and patterns.
        for fixture in ["code_generation_output", "file_writing_input"] {
            let path = format!(
                "{}/tests/fixtures/{fixture}.schema.json",
                env!("CARGO_MANIFEST_DIR")
            );
            let schema = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            ids.push(store.register(schema).unwrap());
        }
        ids.push(
            store
                .register(json!({
                    "$schema": "http://json-schema.org/draft-07/schema#",
                    "$id": "old-draft.json",
                    "type": "object",
                    "properties": { "summary": { "$ref": "#/definitions/text" }, "status": { "enum": ["completed", "failed"] }, "slug": { "type": "string", "pattern": "^(?!tmp)[a-z]" } },
                    "patternProperties": { "^x-(?!internal)": { "type": "string" } },
                    "required": ["summary"],
                    "additionalProperties": false,
                    "definitions": { "text": { "type": "string", "minLength": 2, "pattern": "^\\w" } }
                }))
                .unwrap(),
        );
        let mut runner = TestRunner::deterministic();
        let (mut failing, mut passing) = (0, 0);
        for id in &ids {
            let docs = store.closure(id);
            let direct = store.build(id, &docs, false, true).unwrap();
            let referenced = store.build(id, &docs, false, false).unwrap();
            let mut names = BTreeSet::new();
            docs.iter().for_each(|(_, d)| property_names(d, &mut names));
            names.insert("x-a".into());
            let strategy = values(names.into_iter().collect());
            for _ in 0..400 {
                let v = strategy.new_tree(&mut runner).unwrap().current();
                let found = errors(&direct, &v);
                assert_eq!(found, errors(&referenced, &v), "{id} on {v}");
                assert_eq!(direct.is_valid(&v), referenced.is_valid(&v), "{id} on {v}");
                if found.is_empty() {
                    passing += 1;
                } else {
                    failing += 1;
                }
            }
        }
        // Both outcomes are exercised, not only one.
        assert!(
            failing > 1000 && passing > 50,
            "{failing} failing, {passing} passing"
        );
        for (name, text) in [("config", CONFIG_SCHEMA), ("verdict", VERDICT_SCHEMA)] {
            let schema = parse_builtin(name, text).unwrap();
            let direct = Validator(jsonschema::options().offline().build(&schema).unwrap());
            let referenced = compile_shipped(&schema).unwrap();
            let mut names = BTreeSet::new();
            property_names(&schema, &mut names);
            let strategy = values(names.into_iter().collect());
            for _ in 0..400 {
                let v = strategy.new_tree(&mut runner).unwrap().current();
                assert_eq!(
                    errors(&direct, &v),
                    errors(&referenced, &v),
                    "{name} on {v}"
                );
            }
        }
    }

    /// Values random ones do not reach: every length, item and property bound of the shipped
    /// documents at and past it, NUL inside a string, several keywords broken at once.
    fn boundary_values() -> Vec<Value> {
        let mut fixed = vec![json!(null), json!([]), json!("x"), json!(12)];
        let s = |c: &str, n: usize| json!(c.repeat(n));
        for n in [
            0, 1, 4096, 4097, 10_000, 10_001, 20_000, 20_001, 100_000, 100_001,
        ] {
            for c in ["a", "é", "\u{3000}", " "] {
                fixed.push(json!({ "summary": s(c, n), "notes": s(c, n), "message": s(c, n),
                "files": [{ "path": s(c, n), "description": s(c, n), "action": "created" }, s(c, n)],
                "todos": [{ "content": s(c, n), "id": "1", "status": "pending" }],
                "explanation": s(c, n), "score": 3 }));
                fixed.push(json!({ "message": { "task": s(c, n), "scope": [s(c, n)], "files": [s(c, n)] } }));
            }
            fixed.push(json!({ "message": "ok", "todos": "- [ ] a\n".repeat(n / 8 + 1) }));
        }
        for nul in ["a\u{0}b", "\u{0}", "ab\u{0}"] {
            fixed.push(json!({ "summary": "ok", "files": [nul, { "path": nul }] }));
            fixed.push(json!({ "message": { "task": "t", "files": [nul] } }));
        }
        for n in [200, 201, 500, 501, 1000, 1001] {
            let many = |v: Value| Value::Array(vec![v; n]);
            fixed.push(json!({ "summary": "ok", "files": many(json!("")), "requirements": many(json!("req-1")) }));
            fixed.push(json!({ "message": "m", "todos": many(json!({ "content": "" })), "requirements": many(json!("REQ-1")),
            "context": Value::Object((0..n).map(|i| (format!("k{i}"), json!(i))).collect()) }));
            fixed.push(json!({ "message": { "task": "t", "scope": many(json!("")), "constraints": many(json!(1)),
            "acceptance": many(json!("a")), "requirements": many(json!("X-1")), "files": many(json!("f")) } }));
        }
        fixed
    }

    /// The quick acceptor of every built-in contract says "valid" exactly when the generated
    /// validator does, on the values that validator is tested with; and the sanitizer's
    /// "untouched" reads a result's borrowed reading as it reads its `Value`.
    #[test]
    fn acceptors_agree_with_the_generated_validators() {
        use crate::contracts::tape::Tape;
        use crate::sanitize::{untouched, Direction, SanitizeOptions};
        let mut store = SchemaStore::default();
        let mut ids = Vec::new();
        for (name, text) in CONTRACT_SCHEMAS {
            if let Ok(id) = store.register_builtin(parse_builtin(name, text).unwrap()) {
                ids.push(id);
            }
        }
        let mut runner = TestRunner::deterministic();
        let fixed = boundary_values();
        let opts = |max_string_length, max_depth| SanitizeOptions {
            direction: Direction::Output,
            max_string_length,
            max_depth,
            remove: false,
        };
        let (mut accepted, mut refused, mut unread) = (0, 0, 0);
        for id in ids.iter().filter(|id| !id.ends_with("/common.schema.json")) {
            let generated = shipped::contract(id).unwrap();
            assert!(
                store.acceptor(id).unwrap().is_some(),
                "{id} has an acceptor"
            );
            let mut names = BTreeSet::new();
            store
                .closure(id)
                .iter()
                .for_each(|(_, d)| property_names(d, &mut names));
            let strategy = values(names.into_iter().collect());
            let shape = results();
            let mut all: Vec<Value> = (0..1500)
                .map(|_| strategy.new_tree(&mut runner).unwrap().current())
                .collect();
            all.extend((0..500).map(|_| shape.new_tree(&mut runner).unwrap().current()));
            for v in all.into_iter().chain(fixed.iter().cloned()) {
                let text = v.to_string();
                let Some(tape) = Tape::parse(&text) else {
                    unread += 1; // over the member bound: the full path reads it
                    continue;
                };
                let node = tape.root();
                let quick = store.acceptor(id).unwrap().unwrap().accepts(node);
                assert_eq!(quick, (generated.is_valid)(&v), "{id} on {v}");
                if quick {
                    accepted += 1;
                } else {
                    refused += 1;
                }
                for o in [opts(100_000, 128), opts(8, 3), opts(1, 1), opts(0, 0)] {
                    assert_eq!(untouched(&node, o), untouched(&v, o), "{v}");
                }
            }
        }
        // Both verdicts are well represented, and few values fall outside the quick reading.
        assert!(accepted > 500 && refused > 10_000, "{accepted} {refused}");
        assert!(unread < 100, "{unread}");
    }

    /// Task results and inputs shaped as the contracts ask, most of them valid: a few fields
    /// off the enum, empty, blank, with a control character or a repeated name.
    fn results() -> impl Strategy<Value = Value> {
        let text = prop_oneof![
            8 => "[a-zA-Z0-9 ./_-]{1,30}",
            1 => "[a-zé\u{3000}\u{7}\u{200b} \n\t]{0,6}",
            1 => Just("__proto__".to_string()),
        ];
        let file = prop_oneof![
            text.clone().prop_map(Value::String),
            (
                text.clone(),
                prop::sample::select(vec!["created", "modified", "read", "moved"]),
                text.clone()
            )
                .prop_map(|(p, a, d)| json!({ "path": p, "action": a, "description": d })),
            text.clone().prop_map(|p| json!({ "path": p, "extra": 1 })),
        ];
        let todo = (
            text.clone(),
            prop::sample::select(vec!["pending", "completed", "done"]),
        )
            .prop_map(|(c, s)| json!({ "content": c, "status": s }));
        (
            prop::sample::select(vec!["completed", "partial", "blocked", "unknown"]),
            text.clone(),
            prop::collection::vec(file, 0..25),
            prop::option::of(text.clone()),
            prop::collection::vec(prop::sample::select(vec!["REQ-1", "AB_2-40", "req-3"]), 0..3),
            prop::collection::vec(todo, 0..4),
            any::<bool>(),
        )
            .prop_map(|(status, summary, files, notes, requirements, todos, input)| {
                let mut v = if input {
                    json!({ "message": summary, "todos": todos, "requirements": requirements,
                        "context": { "files": files } })
                } else {
                    json!({ "status": status, "summary": summary, "files": files, "requirements": requirements })
                };
                if let Some(n) = notes {
                    v[if input { "message" } else { "notes" }] = json!(n);
                }
                v
            })
    }

    /// Schemas of users written in the acceptor's keywords: it agrees with jsonschema's
    /// runtime validator; with any other keyword it is not built.
    #[test]
    fn acceptors_agree_with_runtime_validators_on_user_schemas() {
        use crate::contracts::tape::Tape;
        let draft = "https://json-schema.org/draft/2020-12/schema";
        let schemas = [
            json!({ "type": ["object", "array"], "minProperties": 1, "maxProperties": 3,
                "properties": { "a": { "type": "integer" }, "b": { "oneOf": [{ "type": "string", "minLength": 2 },
                { "type": "number" }] } }, "required": ["a", "c"], "additionalProperties": { "not": { "type": "null" } },
                "minItems": 1, "maxItems": 3, "items": { "anyOf": [{ "$ref": "#/$defs/leaf" }, { "$ref": "#" }] },
                "$defs": { "leaf": { "enum": ["completed", "partial"] } } }),
            json!({ "allOf": [{ "type": "object" }, { "required": ["status"] }],
                "properties": { "status": { "type": "string", "maxLength": 4 }, "files": { "type": "array",
                "items": { "type": "string", "pattern": "^[^\\u0000]+$" } } }, "additionalProperties": false }),
            json!({ "type": "object", "properties": { "x": true, "y": false, "z": { "type": "boolean" } } }),
        ];
        let mut runner = TestRunner::deterministic();
        let mut store = SchemaStore::default();
        for (i, mut schema) in schemas.into_iter().enumerate() {
            schema["$schema"] = json!(draft);
            schema["$id"] = json!(format!("https://example.com/user{i}.json"));
            let mut names = BTreeSet::new();
            property_names(&schema, &mut names);
            names.extend(["status", "c", "q"].map(String::from));
            let id = store.register(schema).unwrap();
            assert!(store.acceptor(&id).unwrap().is_some(), "{id}");
            let strategy = values(names.into_iter().collect());
            for _ in 0..3000 {
                let v = strategy.new_tree(&mut runner).unwrap().current();
                let text = v.to_string();
                let tape = Tape::parse(&text).unwrap();
                let valid = store.validator(&id).unwrap().is_valid(&v);
                assert_eq!(
                    store.acceptor(&id).unwrap().unwrap().accepts(tape.root()),
                    valid,
                    "{id} on {v}"
                );
            }
        }
    }

    /// The validators generated when the crate was built report exactly what jsonschema's
    /// runtime validators report for the same shipped documents — compiled directly, and as the
    /// store compiled a built-in contract before them (a root referencing it, lazy patterns):
    /// the same errors in the same order at the same paths with the same messages, and the same
    /// `is_valid`. A store hands out the generated one for a built-in contract, compiling nothing.
    #[test]
    fn generated_validators_report_what_runtime_validators_report() {
        let mut store = SchemaStore::default();
        let mut ids = Vec::new();
        for (name, text) in CONTRACT_SCHEMAS {
            ids.push(
                store
                    .register_builtin(parse_builtin(name, text).unwrap())
                    .unwrap(),
            );
        }
        let mut runner = TestRunner::deterministic();
        let fixed = boundary_values();
        let (mut failing, mut passing) = (0, 0);
        let mut compare = |name: &str,
                           generated: &'static Shipped,
                           runtimes: &[&Validator],
                           names: BTreeSet<String>| {
            let strategy = values(names.into_iter().collect());
            let random = (0..1500).map(|_| strategy.new_tree(&mut runner).unwrap().current());
            for v in random.chain(fixed.iter().cloned()) {
                let found = compiled_errors(Compiled::Shipped(generated), &v);
                for runtime in runtimes {
                    assert_eq!(errors(runtime, &v), found, "{name} on {v}");
                    assert_eq!(
                        runtime.is_valid(&v),
                        (generated.is_valid)(&v),
                        "{name} on {v}"
                    );
                }
                if found.is_empty() {
                    passing += 1;
                } else {
                    failing += 1;
                }
            }
        };
        for id in &ids {
            let generated = shipped::contract(id).unwrap();
            assert!(
                matches!(store.validator(id).unwrap(), Compiled::Shipped(s) if std::ptr::eq(s, generated))
            );
            let docs = store.closure(id);
            assert_eq!(
                docs.iter()
                    .map(|(_, d)| crate::contracts::pattern::key_patterns(d).0)
                    .sum::<usize>(),
                0
            );
            let direct = store.build(id, &docs, false, true).unwrap();
            let stored = store.build(id, &docs, false, false).unwrap();
            let mut names = BTreeSet::new();
            docs.iter().for_each(|(_, d)| property_names(d, &mut names));
            compare(id, generated, &[&direct, &stored], names);
        }
        // Compiled nothing: every built-in contract's validator was the generated one.
        assert!(store.validators.is_empty());
        let schema = parse_builtin("verdict", VERDICT_SCHEMA).unwrap();
        let direct = Validator(jsonschema::options().offline().build(&schema).unwrap());
        let stored = compile_shipped(&schema).unwrap();
        let mut names = BTreeSet::new();
        property_names(&schema, &mut names);
        compare("verdict", &shipped::VERDICT, &[&direct, &stored], names);
        assert!(
            failing > 5000 && passing > 500,
            "{failing} failing, {passing} passing"
        );
    }

    /// A schema registered again under its id keeps the count of its backtracking
    /// `patternProperties` patterns, so their budget still applies (it was lost: the count was
    /// cleared with the other validators after the new one was compiled).
    #[test]
    fn a_replaced_schema_keeps_its_key_pattern_budget() {
        let schema = |t: &str| {
            json!({
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$id": "https://example.com/keys.json",
                "type": "object",
                "patternProperties": { "^x-(?!internal)": { "type": t } }
            })
        };
        let mut store = SchemaStore::default();
        let id = store.register(schema("string")).unwrap();
        assert_eq!(store.key_patterns(&id).0, 1);
        let again = store.register(schema("integer")).unwrap();
        assert_eq!(again, id);
        assert_eq!(store.key_patterns(&id).0, 1);
        assert!(store.acceptor(&id).unwrap().is_none());
    }
}
