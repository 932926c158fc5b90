//! The schema-aware walk. Applicable subschemas are gathered per value ($ref, allOf, and the
//! anyOf/oneOf branches that can apply); a property is removed only when every applicable
//! subschema forbids it, so the walk never removes what validation would accept.

use super::text::{self, TextFixes};
use super::{push_pointer, Change, ChangeOp};
use crate::schema_store::SchemaStore;
use serde_json::{Map, Value};

/// Which way the value travels. Inputs (parent → child) are never truncated: a cut
/// instruction is worse than a rejected one (Roo Code #3751). Results (child → parent) are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Input,
    Output,
}

#[derive(Debug, Clone, Copy)]
pub struct SanitizeOptions {
    pub direction: Direction,
    pub max_string_length: usize,
    pub max_depth: usize,
}

#[derive(Debug, Default)]
pub struct SanitizeOutcome {
    pub changes: Vec<Change>,
    /// Strings over `limits.maxStringLength` in an input: (path, length).
    pub overlong_inputs: Vec<(String, usize)>,
}

const DANGEROUS_KEYS: [&str; 3] = ["__proto__", "constructor", "prototype"];
const MAX_REF_HOPS: usize = 32;

/// One subschema with the document it lives in (for `#/...` references).
#[derive(Clone, Copy)]
struct Ctx<'s> {
    root: &'s Value,
    node: &'s Value,
}

struct Walker<'s> {
    store: &'s SchemaStore,
    opts: SanitizeOptions,
    out: SanitizeOutcome,
}

/// Sanitizes `value` in place against `schema` (a registered document root).
pub fn sanitize(
    value: &mut Value,
    schema: &Value,
    store: &SchemaStore,
    opts: SanitizeOptions,
) -> SanitizeOutcome {
    let mut w = Walker {
        store,
        opts,
        out: SanitizeOutcome::default(),
    };
    let ctx = vec![Ctx {
        root: schema,
        node: schema,
    }];
    w.walk(value, "", &ctx, 0);
    w.out
}

impl<'s> Walker<'s> {
    fn change(&mut self, op: ChangeOp, path: &str, reason: String) {
        self.out.changes.push(Change {
            op,
            path: path.to_string(),
            reason,
        });
    }

    fn walk(&mut self, value: &mut Value, path: &str, ctxs: &[Ctx<'s>], depth: usize) {
        if depth >= self.opts.max_depth && matches!(value, Value::Object(_) | Value::Array(_)) {
            *value = Value::Null;
            let reason = format!(
                "nested deeper than limits.maxDepth ({}); subtree replaced by null",
                self.opts.max_depth
            );
            self.change(ChangeOp::Prune, path, reason);
            return;
        }
        let app = self.expand(ctxs, value, path);
        match value {
            Value::String(s) => self.string(s, path, &app),
            Value::Array(items) => {
                for (i, item) in items.iter_mut().enumerate() {
                    let sub = item_contexts(&app, i);
                    self.walk(item, &push_pointer(path, &i.to_string()), &sub, depth + 1);
                }
            }
            Value::Object(map) => self.object(map, path, &app, depth),
            _ => {}
        }
    }

    /// Follows `$ref` and `allOf`, and keeps the `anyOf`/`oneOf` branches that can apply to
    /// `value`. Empty means "no schema information": nothing is removed below.
    fn expand(&mut self, ctxs: &[Ctx<'s>], value: &Value, path: &str) -> Applicable<'s> {
        let mut out = Applicable::default();
        let mut stack: Vec<(Ctx<'s>, usize)> = ctxs.iter().map(|c| (*c, 0)).collect();
        while let Some((ctx, hops)) = stack.pop() {
            let Some(obj) = ctx.node.as_object() else {
                continue; // boolean schemas carry no structure
            };
            out.all.push(ctx);
            if hops >= MAX_REF_HOPS {
                continue;
            }
            for key in ["$ref", "$dynamicRef", "$recursiveRef"] {
                if let Some(r) = obj.get(key).and_then(Value::as_str) {
                    match self.store.resolve_ref(ctx.root, r) {
                        Some((root, node)) => stack.push((Ctx { root, node }, hops + 1)),
                        None => {
                            out.undecided = true;
                            self.change(
                                ChangeOp::Undecided,
                                path,
                                format!(
                                    "cannot resolve {key} {r:?} while sanitizing; properties kept"
                                ),
                            )
                        }
                    }
                }
            }
            if let Some(all) = obj.get("allOf").and_then(Value::as_array) {
                stack.extend(all.iter().map(|node| {
                    (
                        Ctx {
                            root: ctx.root,
                            node,
                        },
                        hops + 1,
                    )
                }));
            }
            for key in ["anyOf", "oneOf"] {
                let Some(branches) = obj.get(key).and_then(Value::as_array) else {
                    continue;
                };
                let mut union = Vec::new();
                for node in branches {
                    let c = Ctx {
                        root: ctx.root,
                        node,
                    };
                    if !self.plausible(c, value, 0) {
                        continue;
                    }
                    let inner = self.expand(&[c], value, path);
                    // A branch with unions of its own is not decided here: it allows all.
                    union.push(if inner.unions.is_empty() && !inner.undecided {
                        inner.all
                    } else {
                        Vec::new()
                    });
                }
                // No fitting branch: validation reports it; the value is kept as it is.
                if union.is_empty() {
                    out.undecided = true;
                } else {
                    out.unions.push(union);
                }
            }
        }
        out
    }

    /// A cheap test of whether a branch can apply: its type, required properties and the
    /// `const`/`enum` of its properties (the usual discriminators).
    fn plausible(&self, ctx: Ctx<'s>, value: &Value, hops: usize) -> bool {
        let Some(obj) = ctx.node.as_object() else {
            return ctx.node.as_bool().unwrap_or(true);
        };
        if hops < MAX_REF_HOPS {
            if let Some(r) = obj.get("$ref").and_then(Value::as_str) {
                if let Some((root, node)) = self.store.resolve_ref(ctx.root, r) {
                    if !self.plausible(Ctx { root, node }, value, hops + 1) {
                        return false;
                    }
                }
            }
        }
        if let Some(t) = obj.get("type") {
            if !type_matches(t, value) {
                return false;
            }
        }
        if let Some(c) = obj.get("const") {
            if c != value {
                return false;
            }
        }
        if let Some(e) = obj.get("enum").and_then(Value::as_array) {
            if !e.contains(value) {
                return false;
            }
        }
        if let Value::Object(map) = value {
            if let Some(req) = obj.get("required").and_then(Value::as_array) {
                if req
                    .iter()
                    .filter_map(Value::as_str)
                    .any(|k| !map.contains_key(k))
                {
                    return false;
                }
            }
            if let Some(props) = obj.get("properties").and_then(Value::as_object) {
                for (k, sub) in props {
                    if let (Some(v), Some(sub_obj)) = (map.get(k), sub.as_object()) {
                        if let Some(c) = sub_obj.get("const") {
                            if c != v {
                                return false;
                            }
                        }
                        if let Some(e) = sub_obj.get("enum").and_then(Value::as_array) {
                            if !e.contains(v) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        true
    }

    fn string(&mut self, s: &mut String, path: &str, app: &Applicable<'s>) {
        let (cleaned, fixes) = text::clean(s);
        if let std::borrow::Cow::Owned(c) = cleaned {
            self.record_text_fixes(path, &fixes);
            *s = c;
        }
        // Only caps every applicable schema agrees on: a union's branches may differ.
        let schema_max = app
            .all
            .iter()
            .filter_map(|c| c.node.get("maxLength").and_then(Value::as_u64))
            .min()
            .map(|m| usize::try_from(m).unwrap_or(usize::MAX));
        let config_max = self.opts.max_string_length;
        match self.opts.direction {
            Direction::Input => {
                let len = text::char_len(s);
                if len > config_max {
                    self.out.overlong_inputs.push((path.to_string(), len));
                }
            }
            Direction::Output => {
                let (cap, source) = match schema_max {
                    Some(m) if m < config_max => (m, "the contract's maxLength"),
                    _ => (config_max, "limits.maxStringLength"),
                };
                if let Some((cut, removed)) = text::truncate(s, cap) {
                    *s = cut;
                    let reason = format!("{removed} characters over {source} ({cap}) removed");
                    self.change(ChangeOp::Truncate, path, reason);
                }
            }
        }
    }

    fn record_text_fixes(&mut self, path: &str, fixes: &TextFixes) {
        if fixes.stripped() > 0 {
            self.change(ChangeOp::StripChars, path, fixes.strip_reason());
        }
        if fixes.surrogates > 0 {
            let reason = format!(
                "{} lone UTF-16 surrogate(s) replaced by U+FFFD",
                fixes.surrogates
            );
            self.change(ChangeOp::ReplaceChars, path, reason);
        }
        if fixes.crlf > 0 {
            let reason = format!("{} CR/CRLF line end(s) normalized to LF", fixes.crlf);
            self.change(ChangeOp::NormalizeNewlines, path, reason);
        }
    }

    fn object(
        &mut self,
        map: &mut Map<String, Value>,
        path: &str,
        app: &Applicable<'s>,
        depth: usize,
    ) {
        // Neutralize prototype-polluting keys first, so later steps see the final names.
        let bad: Vec<String> = map
            .keys()
            .filter(|k| DANGEROUS_KEYS.contains(&k.as_str()))
            .cloned()
            .collect();
        for key in bad {
            if let Some(v) = map.remove(&key) {
                let mut new_key = format!("_{key}");
                while map.contains_key(&new_key) {
                    new_key.insert(0, '_');
                }
                let reason =
                    format!("key {key:?} can pollute JS prototypes; renamed to {new_key:?}");
                self.change(ChangeOp::Rename, &push_pointer(path, &key), reason);
                map.insert(new_key, v);
            }
        }
        let keys: Vec<String> = map.keys().cloned().collect();
        for key in keys {
            let child_path = push_pointer(path, &key);
            match property_contexts(app, &key) {
                PropertyRule::Forbidden => {
                    map.remove(&key);
                    self.change(
                        ChangeOp::Remove,
                        &child_path,
                        format!("property {key:?} is not allowed by the contract"),
                    );
                }
                PropertyRule::Allowed(sub) => {
                    if let Some(v) = map.get_mut(&key) {
                        self.walk(v, &child_path, &sub, depth + 1);
                    }
                }
            }
        }
    }
}

/// The subschemas that apply to one value: all of `all`, and one branch of each union.
#[derive(Default)]
struct Applicable<'s> {
    all: Vec<Ctx<'s>>,
    unions: Vec<Vec<Vec<Ctx<'s>>>>,
    /// Some subschema could not be resolved or chosen: remove nothing.
    undecided: bool,
}

enum PropertyRule<'s> {
    Forbidden,
    Allowed(Vec<Ctx<'s>>),
}

/// What the schemas say about property `key`: the subschemas it must satisfy, or that it is
/// forbidden by the applicable schemas.
fn property_contexts<'s>(app: &Applicable<'s>, key: &str) -> PropertyRule<'s> {
    let mut sub = Vec::new();
    // Conjunctive schemas: a key one of them forbids is removed, unless another declares it
    // (allOf branches often split the properties between them).
    let mut declared = false;
    let mut denied = false;
    for c in &app.all {
        match rule_in_one(*c, key) {
            OneRule::Declared(s) => {
                declared = true;
                sub.extend(s);
            }
            OneRule::Additional(s) => sub.extend(s),
            OneRule::Denied => denied = true,
            OneRule::Silent => {}
        }
    }
    let mut forbidden = denied && !declared;
    // A union forbids the key only when every one of its branches does.
    for union in &app.unions {
        let mut allowing = 0;
        let mut union_sub = Vec::new();
        for branch in union {
            let mut b_declared = false;
            let mut b_denied = false;
            for c in branch {
                match rule_in_one(*c, key) {
                    OneRule::Declared(s) => {
                        b_declared = true;
                        union_sub.extend(s);
                    }
                    OneRule::Additional(s) => union_sub.extend(s),
                    OneRule::Denied => b_denied = true,
                    OneRule::Silent => {}
                }
            }
            if b_declared || !b_denied {
                allowing += 1;
            }
        }
        if allowing == 0 && !declared {
            forbidden = true;
        }
        // With several branches, one branch's caps must not cut what another allows.
        if union.len() == 1 {
            sub.extend(union_sub);
        }
    }
    if forbidden && !app.undecided {
        PropertyRule::Forbidden
    } else {
        PropertyRule::Allowed(sub)
    }
}

enum OneRule<'s> {
    Declared(Vec<Ctx<'s>>),
    Additional(Vec<Ctx<'s>>),
    Denied,
    Silent,
}

fn rule_in_one<'s>(c: Ctx<'s>, key: &str) -> OneRule<'s> {
    let Some(obj) = c.node.as_object() else {
        return OneRule::Silent;
    };
    let at = |node: &'s Value| Ctx { root: c.root, node };
    if let Some(p) = obj.get("properties").and_then(|p| p.get(key)) {
        return OneRule::Declared(vec![at(p)]);
    }
    if let Some(pp) = obj.get("patternProperties").and_then(Value::as_object) {
        let matched: Vec<_> = pp
            .iter()
            .filter(|(pattern, _)| pattern_matches(pattern, key))
            .map(|(_, s)| at(s))
            .collect();
        if !matched.is_empty() {
            return OneRule::Declared(matched);
        }
    }
    for keyword in ["additionalProperties", "unevaluatedProperties"] {
        match obj.get(keyword) {
            Some(Value::Bool(false)) => return OneRule::Denied,
            Some(s @ Value::Object(_)) => return OneRule::Additional(vec![at(s)]),
            _ => {}
        }
    }
    OneRule::Silent
}

/// `patternProperties` keys are ECMA-262 regexes; an uncompilable one matches nothing here and
/// is reported by schema compilation instead.
fn pattern_matches(pattern: &str, key: &str) -> bool {
    fancy_regex::Regex::new(pattern)
        .ok()
        .and_then(|re| re.is_match(key).ok())
        .unwrap_or(true)
}

fn item_contexts<'s>(app: &Applicable<'s>, index: usize) -> Vec<Ctx<'s>> {
    let single_branches = app
        .unions
        .iter()
        .filter(|u| u.len() == 1)
        .flatten()
        .flatten();
    let mut out = Vec::new();
    for c in app.all.iter().chain(single_branches) {
        let Some(obj) = c.node.as_object() else {
            continue;
        };
        let at = |node: &'s Value| Ctx { root: c.root, node };
        let prefix = obj
            .get("prefixItems")
            .or_else(|| obj.get("items").filter(|i| i.is_array()))
            .and_then(Value::as_array);
        let rest = if prefix.is_some() {
            obj.get("items")
                .filter(|i| !i.is_array())
                .or_else(|| obj.get("additionalItems"))
        } else {
            obj.get("items")
        };
        if let Some(s) = prefix.and_then(|p| p.get(index)).or(rest) {
            out.push(at(s));
        }
    }
    out
}

fn type_matches(t: &Value, value: &Value) -> bool {
    let one = |name: &str| match name {
        "string" => value.is_string(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "number" => value.is_number(),
        "integer" => value.as_f64().is_some_and(|f| f.fract() == 0.0),
        _ => true,
    };
    match t {
        Value::String(s) => one(s),
        Value::Array(list) => list.iter().filter_map(Value::as_str).any(one),
        _ => true,
    }
}
