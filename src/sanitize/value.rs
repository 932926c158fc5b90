//! The schema-aware walk over a compiled [`Plan`]. For each value it gathers the subschemas
//! that apply (`$ref` and `allOf` always, the `anyOf`/`oneOf` branches that can fit the
//! value); a property is removed only when the applicable subschemas forbid it, and only from
//! a value the contract rejects (`SanitizeOptions::remove`): a value validation accepts loses
//! nothing, whatever the plan does not model (`if`/`then`, `dependentSchemas` …).

use super::plan::{Additional, NodeId, Plan, ROOT};
use super::text::{self, TextFixes};
use super::{Change, ChangeOp};
use crate::gather::Gather;
use crate::swar;
use serde_json::{Map, Value};
use std::fmt::Write as _;

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
    /// Remove what the contract forbids. Off for a value the contract already accepts: there
    /// the walk only cleans, caps, prunes and renames.
    pub remove: bool,
}

#[derive(Debug, Default)]
pub struct SanitizeOutcome {
    pub changes: Vec<Change>,
    /// Strings over `limits.maxStringLength` in an input: (path, length).
    pub overlong_inputs: Vec<(String, usize)>,
}

const DANGEROUS_KEYS: [&str; 3] = ["__proto__", "constructor", "prototype"];
/// Bound on nested anyOf/oneOf selection and branch tests (recursive schemas end here).
const MAX_SELECTION_DEPTH: usize = 16;

struct Walker<'p> {
    plan: &'p Plan,
    opts: SanitizeOptions,
    out: SanitizeOutcome,
    /// JSON pointer of the value being walked; segments are pushed and popped.
    path: String,
    /// Plan nodes visited while selecting the branches that apply to the value being walked:
    /// unions that lead back into themselves (`oneOf: [{…}, {"$ref": "#"}]`) branch at every
    /// level, so the selection is cut off by this count, not only by its depth.
    selection_steps: usize,
}

/// Branch selection steps per value before it is left undecided (properties kept; validation
/// reports what does not fit). Realistic contracts take a few dozen.
const MAX_SELECTION_STEPS: usize = 4096;

/// Sanitizes `value` in place against a compiled plan.
pub fn sanitize(value: &mut Value, plan: &Plan, opts: SanitizeOptions) -> SanitizeOutcome {
    let mut w = Walker {
        plan,
        opts,
        out: SanitizeOutcome::default(),
        path: String::new(),
        selection_steps: 0,
    };
    let start = if plan.nodes.is_empty() {
        vec![]
    } else {
        vec![ROOT]
    };
    w.walk(value, &start, 0);
    w.out
}

/// JSON Schema's equality (for `const` and `enum`): numbers by value, so 1 and 1.0 are equal.
fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(i), Some(j)) => i == j,
            _ => match (x.as_u64(), y.as_u64()) {
                (Some(i), Some(j)) => i == j,
                _ => x.as_f64() == y.as_f64(),
            },
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_equal(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, a)| y.get(k).is_some_and(|b| json_equal(a, b)))
        }
        _ => a == b,
    }
}

/// Whether the walk without removal (`remove: false`) would leave `value` exactly as it is: no
/// string to clean or cap at `limits.maxStringLength`, nothing nested past `limits.maxDepth`,
/// no prototype-polluting key. For a value the contract accepts, such a value needs no walk;
/// schema caps (`maxLength`) hold already since validation checks them.
pub fn untouched<T: Tree>(value: &T, opts: SanitizeOptions) -> bool {
    fn scan<T: Tree>(v: &T, depth: usize, opts: &SanitizeOptions) -> bool {
        if let Some(s) = v.text() {
            return text::first_needing_work(s).is_none()
                && (s.len() <= opts.max_string_length
                    || text::char_len(s) <= opts.max_string_length);
        }
        if let Some(all) = v.all_items(|i| depth < opts.max_depth && scan(i, depth + 1, opts)) {
            return all && depth < opts.max_depth;
        }
        match v.all_members(|k, x| {
            depth < opts.max_depth
                && !DANGEROUS_KEYS.iter().any(|d| swar::eq_short(d, k))
                && scan(x, depth + 1, opts)
        }) {
            Some(all) => all && depth < opts.max_depth,
            None => true,
        }
    }
    scan(value, 0, &opts)
}

/// What [`untouched`] reads of a value: serde_json's `Value`, or a result read without one
/// ([`crate::contracts::tape::At`]).
pub trait Tree: Sized {
    fn text(&self) -> Option<&str>;
    /// Whether `f` holds for every item (it stops at the first that fails); `None`: not an
    /// array.
    fn all_items(&self, f: impl FnMut(&Self) -> bool) -> Option<bool>;
    /// Whether `f` holds for every member (it stops at the first that fails); `None`: not an
    /// object.
    fn all_members(&self, f: impl FnMut(&str, &Self) -> bool) -> Option<bool>;
}

impl Tree for Value {
    fn text(&self) -> Option<&str> {
        self.as_str()
    }

    fn all_items(&self, f: impl FnMut(&Value) -> bool) -> Option<bool> {
        self.as_array().map(|a| a.iter().all(f))
    }

    fn all_members(&self, mut f: impl FnMut(&str, &Value) -> bool) -> Option<bool> {
        self.as_object().map(|m| m.iter().all(|(k, v)| f(k, v)))
    }
}

/// The subschemas that apply to one value: all of `all`, and one branch of each union.
#[derive(Default)]
struct Applicable {
    all: Vec<NodeId>,
    unions: Vec<Vec<Vec<NodeId>>>,
    /// Some subschema could not be resolved or chosen: remove nothing.
    undecided: bool,
}

/// What one subschema says of a property; subschemas it must satisfy are pushed to a buffer.
enum OneRule {
    Declared,
    Additional,
    Denied,
    Silent,
}

impl<'p> Walker<'p> {
    fn change(&mut self, op: ChangeOp, reason: String) {
        let dup = self
            .out
            .changes
            .last()
            .is_some_and(|c| c.op == op && c.path == self.path && c.reason == reason);
        if !dup {
            self.out.changes.push(Change {
                op,
                path: self.path.clone(),
                reason,
            });
        }
    }

    fn enter(&mut self, segment: &str) -> usize {
        let len = self.path.len();
        crate::json_text::push_pointer_segment(&mut self.path, segment);
        len
    }

    fn walk(&mut self, value: &mut Value, nodes: &[NodeId], depth: usize) {
        if depth >= self.opts.max_depth && matches!(value, Value::Object(_) | Value::Array(_)) {
            *value = Value::Null;
            let reason = format!(
                "nested deeper than limits.maxDepth ({}); subtree replaced by null",
                self.opts.max_depth
            );
            self.change(ChangeOp::Prune, reason);
            return;
        }
        if !matches!(value, Value::String(_) | Value::Array(_) | Value::Object(_)) {
            return; // numbers, booleans and null need nothing
        }
        self.selection_steps = 0;
        let app = self.expand(nodes, value, 0);
        match value {
            Value::String(s) => self.string(s, &app),
            Value::Array(items) => {
                for (i, item) in items.iter_mut().enumerate() {
                    let sub = self.item_nodes(&app, i);
                    // Indices need no escaping: append them straight to the pointer.
                    let mark = self.path.len();
                    let _ = write!(self.path, "/{i}");
                    self.walk(item, &sub, depth + 1);
                    self.path.truncate(mark);
                }
            }
            Value::Object(map) => self.object(map, &app, depth),
            _ => {}
        }
    }

    fn expand(&mut self, start: &[NodeId], value: &Value, level: usize) -> Applicable {
        let mut app = Applicable::default();
        self.selection_steps += 1;
        if level > MAX_SELECTION_DEPTH || self.selection_steps > MAX_SELECTION_STEPS {
            app.undecided = true;
            return app;
        }
        let mut stack: Vec<NodeId> = start.to_vec();
        while let Some(id) = stack.pop() {
            if app.all.contains(&id) {
                continue;
            }
            let Some(n) = self.plan.node(id) else {
                continue;
            };
            app.all.push(id);
            if let Some(why) = &n.unresolved {
                app.undecided = true;
                // Said only where something could have been removed.
                if self.opts.remove {
                    self.change(
                        ChangeOp::Undecided,
                        format!("{why} while sanitizing; properties kept"),
                    );
                }
            }
            stack.extend(n.all_of.iter().copied());
            for group in &n.any_of {
                let mut union = Vec::new();
                for &branch in group {
                    if !self.plausible(branch, value, 0) {
                        continue;
                    }
                    let inner = self.expand(&[branch], value, level + 1);
                    // A branch with unions of its own is not decided here: it allows all.
                    union.push(if inner.unions.is_empty() && !inner.undecided {
                        inner.all
                    } else {
                        Vec::new()
                    });
                }
                // No fitting branch: validation reports it; the value is kept as it is.
                if union.is_empty() {
                    app.undecided = true;
                } else {
                    app.unions.push(union);
                }
            }
        }
        app
    }

    /// A cheap test of whether a branch can apply: its type, required properties and the
    /// `const`/`enum` of its properties (the usual discriminators).
    fn plausible(&mut self, id: NodeId, value: &Value, level: usize) -> bool {
        let plan = self.plan;
        let Some(n) = plan.node(id) else {
            return true;
        };
        self.selection_steps += 1;
        if level > MAX_SELECTION_DEPTH || self.selection_steps > MAX_SELECTION_STEPS {
            return true;
        }
        if n.never
            || n.types.is_some_and(|t| !t.admits(value))
            || n.constant.as_ref().is_some_and(|c| !json_equal(c, value))
            || n.enumeration
                .as_ref()
                .is_some_and(|e| !e.iter().any(|c| json_equal(c, value)))
        {
            return false;
        }
        if let Value::Object(map) = value {
            if n.required.iter().any(|k| !map.contains_key(k)) {
                return false;
            }
            for (k, c) in &n.discriminators {
                let (Some(v), Some(child)) = (map.get(k), self.plan.node(*c)) else {
                    continue;
                };
                if child.constant.as_ref().is_some_and(|c| !json_equal(c, v))
                    || child
                        .enumeration
                        .as_ref()
                        .is_some_and(|e| !e.iter().any(|c| json_equal(c, v)))
                {
                    return false;
                }
            }
        }
        for &a in &n.all_of {
            if !self.plausible(a, value, level + 1) {
                return false;
            }
        }
        true
    }

    fn string(&mut self, s: &mut String, app: &Applicable) {
        let (cleaned, fixes) = text::clean(s);
        if let std::borrow::Cow::Owned(c) = cleaned {
            self.record_text_fixes(&fixes);
            *s = c;
        }
        let config_max = self.opts.max_string_length;
        match self.opts.direction {
            Direction::Input => {
                let len = text::char_len(s);
                if len > config_max {
                    self.out.overlong_inputs.push((self.path.clone(), len));
                }
            }
            Direction::Output => {
                // Only caps every applicable schema agrees on: a union's branches may differ.
                // A value the contract accepted meets its maxLength already (validation says
                // so, where the plan may read a sibling of an old draft's $ref as one).
                let schema_max = app
                    .all
                    .iter()
                    .filter_map(|&id| self.plan.node(id).and_then(|n| n.max_length))
                    .min()
                    .filter(|_| self.opts.remove);
                let (cap, source) = match schema_max {
                    Some(m) if m < config_max => (m, "the contract's maxLength"),
                    _ => (config_max, "limits.maxStringLength"),
                };
                if let Some((cut, removed)) = text::truncate(s, cap) {
                    *s = cut;
                    let reason = format!("{removed} characters over {source} ({cap}) removed");
                    self.change(ChangeOp::Truncate, reason);
                }
            }
        }
    }

    fn record_text_fixes(&mut self, fixes: &TextFixes) {
        if fixes.stripped() > 0 {
            self.change(ChangeOp::StripChars, fixes.strip_reason());
        }
        if fixes.surrogates > 0 {
            let reason = format!(
                "{} lone UTF-16 surrogate(s) replaced by U+FFFD",
                fixes.surrogates
            );
            self.change(ChangeOp::ReplaceChars, reason);
        }
        if fixes.crlf > 0 {
            let reason = format!("{} CR/CRLF line end(s) normalized to LF", fixes.crlf);
            self.change(ChangeOp::NormalizeNewlines, reason);
        }
    }

    fn object(&mut self, map: &mut Map<String, Value>, app: &Applicable, depth: usize) {
        // Prototype-polluting keys are renamed first, so later steps see the final names.
        // A renamed key is a change of the value: the contract judges it anew, also in a value
        // it accepted as it came.
        let renamed = self.rename_dangerous(map);
        let mut removed: Vec<String> = Vec::new();
        for (key, child) in map.iter_mut() {
            let mark = self.enter(key);
            // The key and what sits under it are judged as in a rejected value.
            let anew = !self.opts.remove && renamed.contains(key);
            self.opts.remove |= anew;
            match self.property_nodes(app, key) {
                None => removed.push(key.clone()),
                Some(sub) => self.walk(child, &sub, depth + 1),
            }
            self.opts.remove &= !anew;
            self.path.truncate(mark);
        }
        for key in removed {
            map.remove(&key);
            let mark = self.enter(&key);
            self.change(
                ChangeOp::Remove,
                format!("property {key:?} is not allowed by the contract"),
            );
            self.path.truncate(mark);
        }
    }

    /// Renames the prototype-polluting keys; their new names.
    fn rename_dangerous(&mut self, map: &mut Map<String, Value>) -> Vec<String> {
        let mut renamed = Vec::new();
        for key in DANGEROUS_KEYS {
            let Some(v) = map.remove(key) else {
                continue;
            };
            let mut new_key = format!("_{key}");
            while map.contains_key(&new_key) {
                new_key.insert(0, '_');
            }
            let mark = self.enter(key);
            self.change(
                ChangeOp::Rename,
                format!("key {key:?} can pollute JS prototypes; renamed to {new_key:?}"),
            );
            self.path.truncate(mark);
            map.insert(new_key.clone(), v);
            renamed.push(new_key);
        }
        renamed
    }

    fn rule_in_one(&self, id: NodeId, key: &str, out: &mut Vec<NodeId>) -> OneRule {
        let Some(n) = self.plan.node(id) else {
            return OneRule::Silent;
        };
        if let Some(&c) = n.properties.get(key) {
            out.push(c);
            return OneRule::Declared;
        }
        let before = out.len();
        out.extend(
            n.pattern_properties
                .iter()
                .filter(|(re, _)| re.matches(key))
                .map(|&(_, c)| c),
        );
        if out.len() > before {
            return OneRule::Declared;
        }
        if n.opaque_patterns {
            return OneRule::Silent;
        }
        match n.additional {
            Additional::Deny => OneRule::Denied,
            Additional::Schema(c) => {
                out.push(c);
                OneRule::Additional
            }
            Additional::Silent => OneRule::Silent,
        }
    }

    /// The subschemas property `key` must satisfy, or `None` when it is forbidden.
    fn property_nodes(&self, app: &Applicable, key: &str) -> Option<Vec<NodeId>> {
        let mut sub = Vec::new();
        // Conjunctive schemas: a key one of them forbids is removed, unless another declares
        // it (allOf branches often split the properties between them).
        let mut declared = false;
        let mut denied = false;
        for &id in &app.all {
            match self.rule_in_one(id, key, &mut sub) {
                OneRule::Declared => declared = true,
                OneRule::Denied => denied = true,
                OneRule::Additional | OneRule::Silent => {}
            }
        }
        let mut forbidden = denied && !declared;
        // A union forbids the key only when every one of its branches does.
        let mut union_sub = Vec::new();
        for union in &app.unions {
            let mut allowing = 0;
            union_sub.clear();
            for branch in union {
                let (mut b_declared, mut b_denied) = (false, false);
                for &id in branch {
                    match self.rule_in_one(id, key, &mut union_sub) {
                        OneRule::Declared => b_declared = true,
                        OneRule::Denied => b_denied = true,
                        OneRule::Additional | OneRule::Silent => {}
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
                sub.append(&mut union_sub);
            }
        }
        if forbidden && !app.undecided && self.opts.remove {
            None
        } else {
            Some(sub)
        }
    }

    fn item_nodes(&self, app: &Applicable, index: usize) -> Vec<NodeId> {
        let single_branches = app
            .unions
            .iter()
            .filter(|u| u.len() == 1)
            .flatten()
            .flatten();
        app.all
            .iter()
            .chain(single_branches)
            .filter_map(|&id| self.plan.node(id))
            .filter_map(|n| n.prefix_items.get(index).copied().or(n.items))
            .gather()
    }
}
