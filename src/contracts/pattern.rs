//! `pattern`s that need backtracking (lookaround, backreferences) run under a budget. The
//! linear engine cannot run them, and the backtracking one is quadratic or worse on inputs like
//! `(?<=(a+))b` against "aaaa…" whatever its backtrack limit (each start position rescans).
//! So such a pattern is checked on strings up to [`MAX_CHARS`] characters, each check is
//! charged `n² + 64n + 1000` units (plus [`LIMIT_HIT_COST`] when the backtrack limit stops it)
//! against one budget per pass of a contract check ([`CALL_BUDGET`]: one for the test of the
//! value as it came, one shared by the sanitizer and validation when the value needs them),
//! and past either bound the string is
//! reported "could not be checked" — never a hang. Patterns the linear engine accepts stay with
//! jsonschema's own `pattern`.
//!
//! A backtracking `patternProperties` pattern runs inside jsonschema on every property name, so
//! its cost is charged before validation instead ([`keys_affordable`]): every name of the
//! instance, times the number of such patterns, at the same rate. When the names do not fit,
//! the check runs on a copy of the schema without those patterns ([`drop_key_patterns`]) and
//! reports them "could not be checked".

use crate::gather::Gather;
use crate::json_text::push_pointer_segment;
use jsonschema::{Keyword, ValidationError};
use serde_json::{Map, Value};
use std::cell::Cell;

/// The keyword a backtracking `pattern` is compiled as (the schema keeps its own `pattern`).
pub const KEYWORD: &str = "x-boomerang-backtracking-pattern";
/// The keyword a `pattern` tested by hand-written code ([`Simple`]) is compiled as: `\S` and
/// `^[^\u0000]+$`, which most contracts use, and the shipped requirement-id and todo-list
/// patterns. Compiling their Unicode classes costs about 200 µs each natively
/// (the regex crate builds UTF-8 tables per class), the larger part of a contract's first
/// compile; testing the characters directly costs nothing. Same meaning: ECMA-262's `\s`.
pub const SIMPLE_KEYWORD: &str = "x-boomerang-simple-pattern";

/// The keyword every other `pattern` of a document already checked (a shipped contract, or a
/// schema compiled once when it was registered) is compiled as: its regex is built the first
/// time a string reaches it, not when the contract is compiled. Building the regex stack's
/// automata is most of a contract's first compile in a fresh process (about 14 ms of the
/// 69 ms to a first result check in Node), and most checks never reach most patterns (a
/// requirement id, a todo list). Same engine and meaning as jsonschema's `pattern`.
pub const LAZY_KEYWORD: &str = "x-boomerang-lazy-pattern";

/// How the error of a pattern that does not compile starts (its report reason: `invalid-pattern`).
pub const INVALID_PREFIX: &str = "pattern could not be checked: the pattern does not compile: ";

/// Whether `keyword` is one a schema's `pattern` is compiled as (errors report it as `pattern`).
pub fn is_pattern_keyword(keyword: &str) -> bool {
    keyword == KEYWORD || keyword == SIMPLE_KEYWORD || keyword == LAZY_KEYWORD
}

/// A `pattern` of the shipped contracts tested by hand-written code, so that no shipped
/// contract needs a regex engine (building one was most of a first check's time, and the
/// module can then be built without the regex stack: see `ARCHITECTURE.md`).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Simple {
    /// `\S`: some character that is not ECMA-262 white space.
    NonBlank,
    /// `^[^\u0000]+$`: at least one character, none of them U+0000.
    NoNul,
    /// `^[A-Z][A-Z0-9_]*-[0-9]+$`: a requirement id such as `REQ-12`.
    RequirementId,
    /// Roo Code's markdown checklist (`TODO_LIST`): every line blank or `- [ ] item`.
    TodoList,
}

/// The shipped todo-list pattern (`schemas/common.schema.json`, `todosMarkdown`).
const TODO_LIST: &str =
    r"^(?:[ \t]*(?:(?:[-*+][ \t]*)?\[[ xX~-]\][ \t]+\S[^\n]*)?[ \t]*(?:\r?\n|$))*$";
const REQUIREMENT_ID: &str = "^[A-Z][A-Z0-9_]*-[0-9]+$";

/// Whether `pattern` is one tested by hand-written code ([`SIMPLE_KEYWORD`]).
pub fn is_simple(pattern: &str) -> bool {
    simple(pattern).is_some()
}

fn simple(pattern: &str) -> Option<Simple> {
    match pattern {
        r"\S" => Some(Simple::NonBlank),
        r"^[^\u0000]+$" => Some(Simple::NoNul),
        REQUIREMENT_ID => Some(Simple::RequirementId),
        TODO_LIST => Some(Simple::TodoList),
        _ => None,
    }
}

/// A pattern tested by hand-written code, for callers that read no `Value`
/// ([`super::accept`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimpleTest(Simple);

impl SimpleTest {
    pub fn new(pattern: &str) -> Option<SimpleTest> {
        simple(pattern).map(SimpleTest)
    }

    pub fn matches(self, s: &str) -> bool {
        self.0.matches(s)
    }
}

impl Simple {
    fn matches(self, s: &str) -> bool {
        match self {
            Simple::NonBlank => s.chars().any(|c| !jsonschema_regex::is_ecma_whitespace(c)),
            Simple::NoNul => !s.is_empty() && !s.contains('\0'),
            Simple::RequirementId => requirement_id(s),
            Simple::TodoList => todo_list(s),
        }
    }
}

/// `^[A-Z][A-Z0-9_]*-[0-9]+$`: the head cannot hold `-`, so the first `-` splits it.
fn requirement_id(s: &str) -> bool {
    let Some((head, number)) = s.split_once('-') else {
        return false;
    };
    let mut head = head.bytes();
    head.next().is_some_and(|b| b.is_ascii_uppercase())
        && head.all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        && !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
}

/// [`TODO_LIST`]: lines split at `\n`; a line ended by `\n` may end in `\r`, the last one
/// (up to the end of the text, `$`) may not unless an item's text holds it.
fn todo_list(s: &str) -> bool {
    let mut lines = s.split('\n').peekable();
    while let Some(line) = lines.next() {
        let last = lines.peek().is_none();
        let blank = |l: &str| l.bytes().all(|b| b == b' ' || b == b'\t');
        let body = if last {
            line
        } else {
            line.strip_suffix('\r').unwrap_or(line)
        };
        if !(blank(body) || todo_item(line)) {
            return false;
        }
    }
    true
}

/// `[ \t]*(?:[-*+][ \t]*)?\[[ xX~-]\][ \t]+\S` at the start of `line` (the rest is `[^\n]*`).
fn todo_item(line: &str) -> bool {
    let ws = crate::drift::text::char_test(|c: char| c == ' ' || c == '\t');
    let rest = line.trim_start_matches(ws);
    let rest = match rest.strip_prefix(&['-', '*', '+'][..]) {
        Some(r) => r.trim_start_matches(ws),
        None => rest,
    };
    let Some(rest) = rest.strip_prefix('[') else {
        return false;
    };
    let mut chars = rest.chars();
    if !matches!(chars.next(), Some(' ' | 'x' | 'X' | '~' | '-')) || chars.next() != Some(']') {
        return false;
    }
    let after = chars.as_str();
    let text = after.trim_start_matches(ws);
    text.len() < after.len()
        && text
            .chars()
            .next()
            .is_some_and(|c| !jsonschema_regex::is_ecma_whitespace(c))
}

struct SimplePattern {
    test: Simple,
    source: String,
}

impl<'i> Keyword<'i> for SimplePattern {
    fn validate(&self, instance: &'i Value) -> Result<(), ValidationError<'i>> {
        match instance.as_str() {
            Some(s) if !self.test.matches(s) => Err(Miss::NoMatch.error(&self.source)),
            _ => Ok(()),
        }
    }

    fn is_valid(&self, instance: &'i Value) -> bool {
        instance.as_str().is_none_or(|s| self.test.matches(s))
    }
}

/// The factory jsonschema calls for [`SIMPLE_KEYWORD`].
pub fn simple_factory<'a>(
    _parent: &'a Map<String, Value>,
    value: &'a Value,
    _path: jsonschema::paths::Location,
) -> Result<Box<dyn for<'i> Keyword<'i>>, ValidationError<'a>> {
    let source = value.as_str().unwrap_or_default();
    let test = simple(source)
        .ok_or_else(|| ValidationError::custom(format!("not a simple pattern: {source:?}")))?;
    Ok(Box::new(SimplePattern {
        test,
        source: source.to_string(),
    }))
}
/// The backtrack limit jsonschema's own `pattern` is given (a linear pattern never reaches it;
/// a backtracking one fails with a typed error instead of hanging on input like `^(a+)+$`).
pub const JSONSCHEMA_BACKTRACK_LIMIT: usize = 1_000_000;

/// The first `pattern` of `schema` that does not compile, as jsonschema would compile it: its
/// schema path and why. Run when a schema is registered, so that an invalid pattern fails there
/// even where the document compiles it lazily later. Asked through `compiler::local` only (a
/// build without the compiler answers `None` in its own backend).
pub fn first_invalid(schema: &Value) -> Option<(String, String)> {
    find_schema_object(schema, &mut |m, at| {
        let Some(Value::String(p)) = m.get("pattern") else {
            return None;
        };
        // A backtracking pattern is compiled as the budgeted keyword compiles it, at once.
        if needs_backtracking(p) {
            return None;
        }
        let why = compile_linear(p).err()?;
        Some((format!("{at}/pattern"), why))
    })
}

/// `pattern` compiled as jsonschema compiles it: translated from ECMA-262 by
/// `jsonschema-regex`, built by fancy-regex with the limit the store gives jsonschema.
fn compile_linear(pattern: &str) -> Result<fancy_regex::Regex, String> {
    let translated = jsonschema_regex::to_rust_regex(pattern)
        .map_err(|()| format!("{pattern:?} is not a valid regular expression"))?;
    fancy_regex::RegexBuilder::new(&translated)
        .backtrack_limit(JSONSCHEMA_BACKTRACK_LIMIT)
        .build()
        .map_err(|e| format!("{pattern:?} is not a valid regular expression: {e}"))
}

/// Longest string a backtracking pattern is run on (its cost fits one check's budget).
pub const MAX_CHARS: usize = 1000;
/// Units per pass of a contract check (at most two passes). Measured with `(?<=(a+))b`, the
/// worst we know: about 6.6 ns per unit natively and 52 ns in wasm (Node 20), so at most about
/// 7 ms and 60 ms of matching per pass.
pub const CALL_BUDGET: u64 = 1_100_000;
/// Backtracking steps per match; a pattern that needs more could not be checked.
pub const BACKTRACK_LIMIT: usize = 10_000;
/// What a match stopped by the backtrack limit costs (its steps, in the same units).
pub const LIMIT_HIT_COST: u64 = 75_000;

thread_local! {
    static LEFT: Cell<u64> = const { Cell::new(CALL_BUDGET) };
}

/// Starts a contract check's budget.
pub fn start_call() {
    LEFT.with(|l| l.set(CALL_BUDGET));
}

/// Units left in the current check (they cross to the compiler module and back).
pub fn left() -> u64 {
    LEFT.with(Cell::get)
}

/// Sets the units left (from the compiler module's answer, or before it runs).
pub fn set_left(units: u64) {
    LEFT.with(|l| l.set(units.min(CALL_BUDGET)));
}

/// Units spent so far in the current check (never more than the budget plus one limit hit).
pub fn spent() -> u64 {
    CALL_BUDGET - LEFT.with(Cell::get)
}

fn charge(units: u64) -> bool {
    LEFT.with(|l| {
        let left = l.get();
        l.set(left.saturating_sub(units));
        left >= units
    })
}

/// Whether the linear engine cannot run `pattern` but the backtracking one can.
#[cfg(feature = "runtime-schemas")]
pub fn needs_backtracking(pattern: &str) -> bool {
    regex_syntax::Parser::new().parse(pattern).is_err() && fancy_regex::Regex::new(pattern).is_ok()
}

/// Without the compiler no user schema is registered, and no shipped one has such a pattern.
#[cfg(not(feature = "runtime-schemas"))]
pub fn needs_backtracking(_pattern: &str) -> bool {
    false
}

/// Keys under which a schema holds data, not subschemas: never rewritten.
const DATA_KEYS: [&str; 4] = ["const", "enum", "default", "examples"];

/// A copy of `schema` in which every character-testing `pattern` is renamed to
/// [`SIMPLE_KEYWORD`], every other one to [`LAZY_KEYWORD`] when `lazy` (the document's
/// patterns are known to compile) and otherwise every backtracking one to [`KEYWORD`], and every
/// backtracking `patternProperties` name gets ECMA's ASCII classes; `None` when there is none
/// (the common case: no copy).
pub fn rewrite(schema: &Value, lazy: bool) -> Option<Value> {
    // Which keyword a `pattern` is compiled as; `None`: jsonschema's own `pattern`.
    let keyword_for = |p: &str| {
        if simple(p).is_some() {
            Some(SIMPLE_KEYWORD)
        } else if lazy {
            Some(LAZY_KEYWORD)
        } else if needs_backtracking(p) {
            Some(KEYWORD)
        } else {
            None
        }
    };
    fn has(
        node: &Value,
        depth: usize,
        keyword_for: &impl Fn(&str) -> Option<&'static str>,
    ) -> bool {
        depth < 128
            && match node {
                Value::Object(m) => m.iter().any(|(k, v)| {
                    (k == "pattern" && v.as_str().is_some_and(|p| keyword_for(p).is_some()))
                        || (k == "patternProperties"
                            && v.as_object().is_some_and(|pp| {
                                pp.keys()
                                    .any(|p| needs_backtracking(p) && ecma_classes(p) != *p)
                            }))
                        || (!DATA_KEYS.contains(&k.as_str()) && has(v, depth + 1, keyword_for))
                }),
                Value::Array(a) => a.iter().any(|v| has(v, depth + 1, keyword_for)),
                _ => false,
            }
    }
    if !has(schema, 0, &keyword_for) {
        return None;
    }
    let mut copy = schema.clone();
    each_schema_object(&mut copy, 0, &mut |m| {
        let keyword = m
            .get("pattern")
            .and_then(Value::as_str)
            .and_then(keyword_for);
        if let Some(keyword) = keyword {
            if let Some(p) = m.remove("pattern") {
                m.insert(keyword.into(), p);
            }
        }
        // jsonschema runs backtracking property-name patterns with Unicode `\w`/`\d`: give it
        // the ECMA (ASCII) classes, as its linear engine has them.
        if let Some(Value::Object(pp)) = m.get_mut("patternProperties") {
            let renamed: Vec<(String, String)> = pp
                .keys()
                .filter(|p| needs_backtracking(p))
                .filter_map(|p| {
                    let e = ecma_classes(p);
                    (e != p.as_str()).then(|| (p.clone(), e.into_owned()))
                })
                .gather();
            for (from, to) in renamed {
                if let Some(v) = pp.remove(&from) {
                    pp.insert(to, v);
                }
            }
        }
    });
    Some(copy)
}

/// Calls `f` on every schema object of `node`, parents first, never inside the data keywords.
fn each_schema_object(node: &mut Value, depth: usize, f: &mut impl FnMut(&mut Map<String, Value>)) {
    if depth >= 128 {
        return;
    }
    match node {
        Value::Object(m) => {
            f(m);
            for (k, v) in m.iter_mut() {
                if !DATA_KEYS.contains(&k.as_str()) {
                    each_schema_object(v, depth + 1, f);
                }
            }
        }
        Value::Array(a) => a
            .iter_mut()
            .for_each(|v| each_schema_object(v, depth + 1, f)),
        _ => {}
    }
}

/// What a document's backtracking `patternProperties` patterns are: how many, and the schema
/// path of the first (for the report).
pub fn key_patterns(schema: &Value) -> (usize, Option<String>) {
    let mut out = (0, None);
    find_schema_object(schema, &mut |m, at| {
        if let Some(Value::Object(pp)) = m.get("patternProperties") {
            let n = pp.keys().filter(|k| needs_backtracking(k)).count();
            if n > 0 && out.1.is_none() {
                out.1 = Some(format!("#{at}/patternProperties"));
            }
            out.0 += n;
        }
        None::<()>
    });
    out
}

/// Calls `f` on every schema object of `node` with its JSON pointer, parents first, never
/// inside the data keywords, until `f` returns something.
fn find_schema_object<T>(
    node: &Value,
    f: &mut impl FnMut(&Map<String, Value>, &str) -> Option<T>,
) -> Option<T> {
    fn walk<T>(
        node: &Value,
        at: &mut String,
        depth: usize,
        f: &mut impl FnMut(&Map<String, Value>, &str) -> Option<T>,
    ) -> Option<T> {
        if depth >= 128 {
            return None;
        }
        match node {
            Value::Object(m) => {
                if let Some(found) = f(m, at) {
                    return Some(found);
                }
                m.iter()
                    .filter(|(k, _)| !DATA_KEYS.contains(&k.as_str()))
                    .find_map(|(k, v)| {
                        let len = at.len();
                        push_pointer_segment(at, k);
                        let found = walk(v, at, depth + 1, f);
                        at.truncate(len);
                        found
                    })
            }
            Value::Array(a) => a.iter().enumerate().find_map(|(i, v)| {
                let len = at.len();
                at.push_str(&format!("/{i}"));
                let found = walk(v, at, depth + 1, f);
                at.truncate(len);
                found
            }),
            _ => None,
        }
    }
    walk(node, &mut String::new(), 0, f)
}

/// A copy of `schema` without its backtracking `patternProperties` patterns, for a check whose
/// property names they cannot be run on. What depends on which names they match goes too:
/// `additionalProperties` beside them and every `unevaluatedProperties` (those report on
/// names matched anywhere). `None` when the document has none of them.
pub fn drop_key_patterns(schema: &Value) -> Option<Value> {
    if key_patterns(schema).0 == 0 {
        return None;
    }
    let mut copy = schema.clone();
    each_schema_object(&mut copy, 0, &mut |m| {
        let mut dropped = false;
        if let Some(Value::Object(pp)) = m.get_mut("patternProperties") {
            let before = pp.len();
            pp.retain(|k, _| !needs_backtracking(k));
            dropped = pp.len() < before;
        }
        if dropped {
            m.remove("additionalProperties");
        }
        m.remove("unevaluatedProperties");
    });
    Some(copy)
}

/// Charges running `patterns` backtracking `patternProperties` patterns on every property name
/// of `value` against this check's budget, all or nothing. `Err` names the first name they
/// cannot be run on (its object's instance path) and why; nothing is charged then.
pub fn keys_affordable(value: &Value, patterns: usize) -> Result<(), (String, &'static str)> {
    let mut cost: u64 = 0;
    let mut stack = vec![(value, String::new())];
    while let Some((node, at)) = stack.pop() {
        match node {
            Value::Object(m) => {
                for (k, v) in m {
                    let n = k.chars().count();
                    if n > MAX_CHARS {
                        return Err((at, "a property name is longer than patterns with lookaround or backreferences are run on"));
                    }
                    let n = n as u64;
                    cost = cost
                        .saturating_add((n * n + 64 * n + 1000).saturating_mul(patterns as u64));
                    if cost > LEFT.with(Cell::get) {
                        return Err((at, "this check's budget for patterns with lookaround or backreferences is spent"));
                    }
                    if v.is_object() || v.is_array() {
                        let mut child = at.clone();
                        push_pointer_segment(&mut child, k);
                        stack.push((v, child));
                    }
                }
            }
            Value::Array(a) => {
                for (i, v) in a.iter().enumerate() {
                    if v.is_object() || v.is_array() {
                        stack.push((v, format!("{at}/{i}")));
                    }
                }
            }
            _ => {}
        }
    }
    charge(cost);
    Ok(())
}

/// Whether a property name matches a `patternProperties` pattern, for the sanitizer. A name a
/// backtracking pattern cannot be run on (too long, budget spent, limit hit) counts as matching:
/// the property is kept, never removed on a guess.
pub fn key_matches(re: &fancy_regex::Regex, key: &str, backtracking: bool) -> bool {
    if backtracking {
        run(re, key).unwrap_or(true)
    } else {
        re.is_match(key).unwrap_or(true)
    }
}

/// Runs a backtracking pattern on `s` within the bounds: whether it matches, or why it could
/// not be checked.
fn run(re: &fancy_regex::Regex, s: &str) -> Result<bool, &'static str> {
    let n = s.chars().count();
    if n > MAX_CHARS {
        return Err(
            "the string is longer than patterns with lookaround or backreferences are run on",
        );
    }
    let n = n as u64;
    if !charge(n * n + 64 * n + 1000) {
        return Err("this check's budget for patterns with lookaround or backreferences is spent");
    }
    re.is_match(s).map_err(|_| {
        charge(LIMIT_HIT_COST);
        "the regex backtracking limit was exceeded"
    })
}

struct Budgeted {
    re: fancy_regex::Regex,
    source: String,
}

/// Why a string was not matched: it does not match, it could not be checked, or the pattern
/// does not compile.
enum Miss {
    NoMatch,
    Unchecked(&'static str),
    Invalid,
}

impl Budgeted {
    fn check(&self, s: &str) -> Result<(), Miss> {
        match run(&self.re, s) {
            Ok(true) => Ok(()),
            Ok(false) => Err(Miss::NoMatch),
            Err(why) => Err(Miss::Unchecked(why)),
        }
    }
}

impl Miss {
    fn error<'i>(self, source: &str) -> ValidationError<'i> {
        match self {
            Miss::NoMatch => ValidationError::custom(format!("must match pattern \"{source}\"")),
            Miss::Unchecked(why) => {
                ValidationError::custom(format!("pattern could not be checked: {why}"))
            }
            Miss::Invalid => ValidationError::custom(format!(
                "{INVALID_PREFIX}{source:?} is not a valid regular expression"
            )),
        }
    }
}

impl<'i> Keyword<'i> for Budgeted {
    fn validate(&self, instance: &'i Value) -> Result<(), ValidationError<'i>> {
        match instance.as_str().map(|s| self.check(s)) {
            None | Some(Ok(())) => Ok(()),
            Some(Err(miss)) => Err(miss.error(&self.source)),
        }
    }

    fn is_valid(&self, instance: &'i Value) -> bool {
        instance.as_str().is_none_or(|s| self.check(s).is_ok())
    }
}

/// How a lazily compiled pattern runs, decided when it is first used.
enum Engine {
    /// As jsonschema runs a `pattern`: the ECMA pattern translated by `jsonschema-regex`,
    /// the same builder options.
    Linear(fancy_regex::Regex),
    /// Under the budget, as [`KEYWORD`] runs it.
    Budgeted(Budgeted),
}

struct LazyPattern {
    source: String,
    /// The engine; `None` when the pattern does not compile.
    engine: std::sync::OnceLock<Option<Engine>>,
}

impl LazyPattern {
    fn engine(&self) -> Option<&Engine> {
        self.engine
            .get_or_init(|| {
                if needs_backtracking(&self.source) {
                    budgeted(&self.source).ok().map(Engine::Budgeted)
                } else {
                    compile_linear(&self.source).ok().map(Engine::Linear)
                }
            })
            .as_ref()
    }

    fn check(&self, s: &str) -> Result<(), Miss> {
        match self.engine() {
            Some(Engine::Linear(re)) => match re.is_match(s) {
                Ok(true) => Ok(()),
                Ok(false) => Err(Miss::NoMatch),
                Err(_) => Err(Miss::Unchecked("the regex backtracking limit was exceeded")),
            },
            Some(Engine::Budgeted(b)) => b.check(s),
            // Registration compiles every pattern (`first_invalid`), so this is a document that
            // never was registered whole; the string is reported unchecked, never passed on a
            // guess, with its own reason.
            None => Err(Miss::Invalid),
        }
    }
}

impl<'i> Keyword<'i> for LazyPattern {
    fn validate(&self, instance: &'i Value) -> Result<(), ValidationError<'i>> {
        match instance.as_str().map(|s| self.check(s)) {
            None | Some(Ok(())) => Ok(()),
            Some(Err(miss)) => Err(miss.error(&self.source)),
        }
    }

    fn is_valid(&self, instance: &'i Value) -> bool {
        instance.as_str().is_none_or(|s| self.check(s).is_ok())
    }
}

/// The factory jsonschema calls for [`LAZY_KEYWORD`]: nothing is compiled yet.
pub fn lazy_factory<'a>(
    _parent: &'a Map<String, Value>,
    value: &'a Value,
    _path: jsonschema::paths::Location,
) -> Result<Box<dyn for<'i> Keyword<'i>>, ValidationError<'a>> {
    Ok(Box::new(LazyPattern {
        source: value.as_str().unwrap_or_default().to_string(),
        engine: std::sync::OnceLock::new(),
    }))
}

/// `pattern` with ECMA-262's ASCII meaning of `\d`, `\D`, `\w`, `\W` (JSON Schema patterns are
/// ECMA regexes; the regex crates read these classes as Unicode, so `\w` would match "é").
/// Inside a character class `\d` and `\w` become their ranges; `\D` and `\W` there stay as
/// they are (a negated class cannot be spliced into another).
pub fn ecma_classes(pattern: &str) -> std::borrow::Cow<'_, str> {
    if !pattern.contains('\\') {
        return pattern.into();
    }
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut in_class = false;
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('d') => out.push_str(if in_class { "0-9" } else { "[0-9]" }),
                Some('w') => out.push_str(if in_class {
                    "A-Za-z0-9_"
                } else {
                    "[A-Za-z0-9_]"
                }),
                Some('D') if !in_class => out.push_str("[^0-9]"),
                Some('W') if !in_class => out.push_str("[^A-Za-z0-9_]"),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            },
            '[' if !in_class => {
                in_class = true;
                out.push(c);
            }
            ']' if in_class => {
                in_class = false;
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out.into()
}

/// The factory jsonschema calls for [`KEYWORD`].
pub fn factory<'a>(
    _parent: &'a Map<String, Value>,
    value: &'a Value,
    _path: jsonschema::paths::Location,
) -> Result<Box<dyn for<'i> Keyword<'i>>, ValidationError<'a>> {
    let source = value.as_str().unwrap_or_default();
    let b = budgeted(source)
        .map_err(|e| ValidationError::custom(format!("invalid pattern {source:?}: {e}")))?;
    Ok(Box::new(b))
}

fn budgeted(source: &str) -> Result<Budgeted, fancy_regex::Error> {
    let re = fancy_regex::RegexBuilder::new(&ecma_classes(source))
        .backtrack_limit(BACKTRACK_LIMIT)
        .build()?;
    Ok(Budgeted {
        re,
        source: source.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::{ecma_classes, simple, Engine, LazyPattern};
    use jsonschema::Keyword;

    #[test]
    fn simple_patterns_match_as_jsonschema_matches_them() {
        // Every character class edge: ECMA white space (and what is not: U+0085, U+180E, U+200B),
        // NUL, empty, mixed, astral.
        let probes = [
            "",
            " ",
            "\t",
            "\n\r",
            "\u{0b}\u{0c}",
            "\u{a0}",
            "\u{1680}",
            "\u{2000}\u{200a}",
            "\u{2028}\u{2029}",
            "\u{202f}",
            "\u{205f}",
            "\u{3000}",
            "\u{feff}",
            "\u{85}",
            "\u{180e}",
            "\u{200b}",
            "\0",
            "a\0",
            "\0\0",
            " a ",
            "é",
            "\u{1f600}",
            "x",
            "\u{0}\u{a0}",
        ];
        for pattern in [r"\S", r"^[^\u0000]+$"] {
            let test = simple(pattern).unwrap();
            let schema = serde_json::json!({ "type": "string", "pattern": pattern });
            let theirs = jsonschema::validator_for(&schema).unwrap();
            for p in probes {
                let v = serde_json::Value::String(p.into());
                assert_eq!(test.matches(p), theirs.is_valid(&v), "{pattern} on {p:?}");
            }
        }
        assert!(simple(r"^\S+$").is_none() && simple(r"\s").is_none());
    }

    /// The hand-written requirement-id and todo-list tests against jsonschema's regex, on
    /// strings built from every character their patterns treat apart (and some they do not).
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn hand_written_patterns_match_as_jsonschema_matches_them() {
        use proptest::prelude::*;
        use proptest::test_runner::{Config, TestRunner};
        const PARTS: [&str; 27] = [
            " ", "\t", "\r", "\n", "\r\n", "-", "*", "+", "[", "]", "x", "X", "~", "a", "A", "Z",
            "_", "0", "9", "\u{3000}", "\u{0b}", "\u{a0}", "é", "- [ ] ", "[x] ", "REQ", "-1",
        ];
        for pattern in [super::REQUIREMENT_ID, super::TODO_LIST] {
            let test = simple(pattern).unwrap();
            let schema = serde_json::json!({ "type": "string", "pattern": pattern });
            let theirs = jsonschema::validator_for(&schema).unwrap();
            let agree = |s: &str| {
                let v = serde_json::Value::String(s.into());
                assert_eq!(test.matches(s), theirs.is_valid(&v), "{pattern} on {s:?}");
                test.matches(s)
            };
            let fixed = [
                "",
                "REQ-12",
                "A-0",
                "A_9-10",
                "a-1",
                "A-",
                "-1",
                "A-1-2",
                "A1B-22x",
                "ÄB-1",
                "- [ ] a",
                "- [x] done\n* [-] b\r\n+ [~] c",
                "  [X]\tz\n\n",
                "- [ ]a",
                "- [ ] \u{3000}",
                "[ ] a\r",
                "\r",
                "a",
                "- [ ] a\n  \r\n",
                "-[x] y",
                "- [y] z",
            ];
            let mut matched = 0;
            for s in fixed {
                matched += usize::from(agree(s));
            }
            assert!(matched > 2, "{pattern}: the probes reach both answers");
            let strings = proptest::collection::vec(proptest::sample::select(&PARTS[..]), 0..24)
                .prop_map(|v| v.concat());
            let mut runner = TestRunner::new(Config::with_cases(4000));
            runner
                .run(&strings, |s| {
                    agree(&s);
                    Ok(())
                })
                .unwrap();
        }
    }

    #[test]
    fn a_lazy_pattern_compiles_when_first_used_and_matches_as_jsonschema() {
        let schema = serde_json::json!({ "type": "string", "pattern": "^[A-Z][A-Z0-9_]*-[0-9]+$" });
        let theirs = jsonschema::validator_for(&schema).unwrap();
        let lazy = LazyPattern {
            source: "^[A-Z][A-Z0-9_]*-[0-9]+$".into(),
            engine: std::sync::OnceLock::new(),
        };
        assert!(
            lazy.engine.get().is_none(),
            "nothing compiled before a string is checked"
        );
        assert!(lazy.is_valid(&serde_json::json!(42)));
        assert!(
            lazy.engine.get().is_none(),
            "a non-string never compiles it"
        );
        for s in ["REQ-12", "req-12", "REQ-", "A_1-0", "", "REQ-12\n", "ÄB-1"] {
            let v = serde_json::Value::String(s.into());
            assert_eq!(lazy.is_valid(&v), theirs.is_valid(&v), "{s:?}");
        }
        assert!(matches!(lazy.engine.get(), Some(Some(Engine::Linear(_)))));
    }

    #[test]
    fn a_lazy_pattern_that_does_not_compile_reports_its_own_reason() {
        let lazy = LazyPattern {
            source: "^[a-z".into(),
            engine: std::sync::OnceLock::new(),
        };
        let v = serde_json::json!("abc");
        assert!(!lazy.is_valid(&v), "never passed on a guess");
        let e = lazy.validate(&v).unwrap_err();
        assert!(e.to_string().starts_with(super::INVALID_PREFIX), "{e}");
    }

    #[test]
    fn ecma_classes_are_ascii() {
        assert_eq!(ecma_classes(r"^(?=.*a)\w+$"), r"^(?=.*a)[A-Za-z0-9_]+$");
        assert_eq!(
            ecma_classes(r"[\w.-]+\d\D\W"),
            r"[A-Za-z0-9_.-]+[0-9][^0-9][^A-Za-z0-9_]"
        );
        assert_eq!(ecma_classes(r"\\w\.\[\w"), r"\\w\.\[[A-Za-z0-9_]");
        assert_eq!(ecma_classes(r"[^\W]"), r"[^\W]");
        assert_eq!(ecma_classes("plain"), "plain");
        let re = fancy_regex::Regex::new(&ecma_classes(r"^(?=.*\d)\w+$")).unwrap();
        assert!(re.is_match("abc1").unwrap());
        assert!(!re.is_match("é1").unwrap(), "\\w is ASCII in ECMA-262");
    }
}
