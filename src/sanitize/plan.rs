//! A schema compiled for sanitizing: every `$ref` resolved once, keywords read once, so the
//! walk over a value does no string lookups in schema objects and no reference resolution.

use crate::contracts::compiler::KeyRegex;
use crate::gather::Gather;
use crate::gather::PushAll;
use crate::schema_store::SchemaStore;
use rustc_hash::FxHashMap as HashMap;
use serde_json::Value;
use std::collections::BTreeMap;

pub type NodeId = usize;

/// JSON types as a bit set, for the cheap branch test of `anyOf`/`oneOf`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Types(u8);

impl Types {
    const NULL: u8 = 1;
    const BOOLEAN: u8 = 2;
    const INTEGER: u8 = 4;
    const NUMBER: u8 = 8;
    const STRING: u8 = 16;
    const ARRAY: u8 = 32;
    const OBJECT: u8 = 64;

    fn from_schema(t: &Value) -> Option<Types> {
        let one = |name: &str| match name {
            "null" => Self::NULL,
            "boolean" => Self::BOOLEAN,
            "integer" => Self::INTEGER,
            // A number schema accepts integers too.
            "number" => Self::NUMBER | Self::INTEGER,
            "string" => Self::STRING,
            "array" => Self::ARRAY,
            "object" => Self::OBJECT,
            _ => 0,
        };
        match t {
            Value::String(s) => Some(Types(one(s))),
            Value::Array(list) => Some(Types(
                list.iter()
                    .filter_map(Value::as_str)
                    .map(one)
                    .fold(0, |a, b| a | b),
            )),
            _ => None,
        }
    }

    pub fn admits(self, v: &Value) -> bool {
        let bit = match v {
            Value::Null => Self::NULL,
            Value::Bool(_) => Self::BOOLEAN,
            Value::Number(n) if n.is_i64() || n.is_u64() => Self::INTEGER,
            Value::Number(n) => {
                if n.as_f64().is_some_and(|f| f.fract() == 0.0) {
                    Self::INTEGER
                } else {
                    Self::NUMBER
                }
            }
            Value::String(_) => Self::STRING,
            Value::Array(_) => Self::ARRAY,
            Value::Object(_) => Self::OBJECT,
        };
        self.0 & bit != 0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Additional {
    /// The schema says nothing about other properties.
    #[default]
    Silent,
    /// `additionalProperties: false` (or `unevaluatedProperties: false`).
    Deny,
    /// Other properties must match this subschema.
    Schema(NodeId),
}

#[derive(Debug, Default)]
pub struct PlanNode {
    pub types: Option<Types>,
    pub constant: Option<Value>,
    pub enumeration: Option<Vec<Value>>,
    pub required: Vec<String>,
    pub properties: BTreeMap<String, NodeId>,
    /// Properties whose subschema has `const` or `enum`: what tells `anyOf` branches apart.
    pub discriminators: Vec<(String, NodeId)>,
    /// Patterns (compiled by the run-time compiler) and their node.
    pub pattern_properties: Vec<(KeyRegex, NodeId)>,
    /// A `patternProperties` key that does not compile here: no key can be judged additional.
    pub opaque_patterns: bool,
    pub additional: Additional,
    pub prefix_items: Vec<NodeId>,
    pub items: Option<NodeId>,
    pub max_length: Option<usize>,
    /// Subschemas that always apply too: `allOf` members and resolved `$ref` targets.
    pub all_of: Vec<NodeId>,
    /// `anyOf` / `oneOf` groups: one branch of each applies.
    pub any_of: Vec<Vec<NodeId>>,
    /// A reference that could not be resolved: remove nothing under this node.
    pub unresolved: Option<String>,
    /// The `false` schema.
    pub never: bool,
}

#[derive(Debug, Default)]
pub struct Plan {
    pub nodes: Vec<PlanNode>,
}

pub const ROOT: NodeId = 0;

impl Plan {
    /// Compiles `schema` (a document root registered in `store`, or any schema value).
    pub fn compile(store: &SchemaStore, schema: &Value) -> Plan {
        let mut b = Builder {
            store,
            plan: Plan::default(),
            memo: HashMap::default(),
        };
        b.node(schema, schema, 0);
        b.plan
    }

    pub fn node(&self, id: NodeId) -> Option<&PlanNode> {
        self.nodes.get(id)
    }

    /// The root and everything its `$ref`/`allOf` chain always applies.
    fn root_closure(&self) -> Vec<&PlanNode> {
        let mut seen = Vec::new();
        let mut stack = vec![ROOT];
        let mut out = Vec::new();
        while let Some(id) = stack.pop() {
            if seen.contains(&id) {
                continue;
            }
            seen.push(id);
            if let Some(n) = self.node(id) {
                stack.extend(n.all_of.iter().copied());
                out.push(n);
            }
        }
        out
    }

    /// Whether the schema wants structured data (object or array) rather than text: some
    /// applicable `type` rules out strings and allows an object or array.
    pub fn expects_structured(&self) -> bool {
        self.root_closure().iter().filter_map(|n| n.types).any(|t| {
            !t.admits(&Value::String(String::new()))
                && (t.admits(&Value::Object(Default::default())) || t.admits(&Value::Array(vec![])))
        })
    }

    /// Whether the schema declares property `name` on its root object.
    pub fn declares_property(&self, name: &str) -> bool {
        self.root_closure()
            .iter()
            .any(|n| n.properties.contains_key(name))
    }
}

struct Builder<'s> {
    store: &'s SchemaStore,
    plan: Plan,
    /// (document, subschema) addresses already compiled: recursion ends here.
    memo: HashMap<(usize, usize), NodeId>,
}

const MAX_NESTING: usize = 256;

impl<'s> Builder<'s> {
    fn node(&mut self, root: &'s Value, node: &'s Value, depth: usize) -> NodeId {
        let key = (root as *const Value as usize, node as *const Value as usize);
        if let Some(&id) = self.memo.get(&key) {
            return id;
        }
        let id = self.plan.nodes.len();
        self.plan.nodes.push(PlanNode::default());
        self.memo.insert(key, id);
        let built = if depth > MAX_NESTING {
            PlanNode {
                unresolved: Some("schema nested too deeply".into()),
                ..PlanNode::default()
            }
        } else {
            self.build(root, node, depth)
        };
        if let Some(slot) = self.plan.nodes.get_mut(id) {
            *slot = built;
        }
        id
    }

    fn build(&mut self, root: &'s Value, node: &'s Value, depth: usize) -> PlanNode {
        let mut p = PlanNode::default();
        let obj = match node {
            Value::Object(obj) => obj,
            Value::Bool(false) => {
                p.never = true;
                return p;
            }
            _ => return p,
        };
        let sub = |b: &mut Self, n: &'s Value| b.node(root, n, depth + 1);
        if obj.get("$ref").is_some_and(Value::is_string) && ref_ignores_siblings(root) {
            // Drafts 4–7: a `$ref` replaces its schema object; what sits beside it is not read
            // by validation, so the sanitizer must not act on it either.
            self.reference(root, obj, "$ref", depth, &mut p);
            return p;
        }
        p.types = obj.get("type").and_then(Types::from_schema);
        p.constant = obj.get("const").cloned();
        p.enumeration = obj.get("enum").and_then(Value::as_array).cloned();
        if let Some(req) = obj.get("required").and_then(Value::as_array) {
            p.required = req
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .gather();
        }
        if let Some(props) = obj.get("properties").and_then(Value::as_object) {
            for (k, s) in props {
                let id = sub(self, s);
                p.properties.insert(k.clone(), id);
            }
        }
        if let Some(props) = obj.get("properties").and_then(Value::as_object) {
            p.discriminators = props
                .iter()
                .filter(|(_, s)| s.get("const").is_some() || s.get("enum").is_some())
                .filter_map(|(k, _)| p.properties.get(k).map(|&id| (k.clone(), id)))
                .gather();
        }
        // Only a schema compiled at run time can have them (no shipped contract does).
        if let Some(pp) = obj.get("patternProperties").and_then(Value::as_object) {
            for (pattern, s) in pp {
                match KeyRegex::new(pattern) {
                    Some(re) => {
                        let id = sub(self, s);
                        p.pattern_properties.push((re, id));
                    }
                    None => p.opaque_patterns = true,
                }
            }
        }
        for keyword in ["additionalProperties", "unevaluatedProperties"] {
            match obj.get(keyword) {
                Some(Value::Bool(false)) if p.additional == Additional::Silent => {
                    p.additional = Additional::Deny
                }
                Some(s @ Value::Object(_)) if p.additional == Additional::Silent => {
                    p.additional = Additional::Schema(sub(self, s))
                }
                _ => {}
            }
        }
        let tuple = obj
            .get("prefixItems")
            .or_else(|| obj.get("items").filter(|i| i.is_array()))
            .and_then(Value::as_array);
        if let Some(t) = tuple {
            p.prefix_items = t.iter().map(|s| sub(self, s)).gather();
            p.items = obj
                .get("items")
                .filter(|i| !i.is_array())
                .or_else(|| obj.get("additionalItems"))
                .map(|s| sub(self, s));
        } else {
            p.items = obj.get("items").map(|s| sub(self, s));
        }
        p.max_length = obj
            .get("maxLength")
            .and_then(Value::as_u64)
            .map(|m| usize::try_from(m).unwrap_or(usize::MAX));
        if let Some(all) = obj.get("allOf").and_then(Value::as_array) {
            p.all_of.push_all(all.iter().map(|s| sub(self, s)));
        }
        for key in ["$ref", "$dynamicRef", "$recursiveRef"] {
            self.reference(root, obj, key, depth, &mut p);
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(branches) = obj.get(key).and_then(Value::as_array) {
                let group = branches.iter().map(|s| sub(self, s)).gather();
                p.any_of.push(group);
            }
        }
        p
    }

    /// The target of reference keyword `key`, if `obj` has one, as a subschema that always
    /// applies.
    fn reference(
        &mut self,
        root: &'s Value,
        obj: &'s serde_json::Map<String, Value>,
        key: &str,
        depth: usize,
        p: &mut PlanNode,
    ) {
        if let Some(r) = obj.get(key).and_then(Value::as_str) {
            match self.store.resolve_ref(root, r) {
                Some((doc, target)) => {
                    let id = self.node(doc, target, depth + 1);
                    p.all_of.push(id);
                }
                None => p.unresolved = Some(format!("cannot resolve {key} {r:?}")),
            }
        }
    }
}

/// Whether the document is of a draft (4, 6 or 7) in which `$ref` ignores its siblings.
fn ref_ignores_siblings(root: &Value) -> bool {
    root.get("$schema")
        .and_then(Value::as_str)
        .is_some_and(|s| crate::drift::text::contains_any(s, "draft-04|draft-06|draft-07"))
}
