//! The guard's configuration: validated against `schemas/config.schema.json` (every bad field
//! named), then read into typed structs. Per-mode overrides are deep-merged over the base.

use crate::contracts::ajv_errors;
use crate::error::{ErrorCode, ErrorDetail, GuardError, Result};
use crate::gather::Gather;
use crate::shipped;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub enum Strategy {
    #[default]
    A,
    B,
    C,
    D,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(default)]
pub struct Thresholds {
    pub potential: f64,
    pub significant: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        // Fitted with the drift weights (scripts/fit-drift.mjs).
        Thresholds {
            potential: crate::drift::weights::POTENTIAL_FROM,
            significant: crate::drift::weights::SIGNIFICANT_FROM,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum JudgeMode {
    Never,
    #[default]
    Borderline,
    Always,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum OnUnparsable {
    #[default]
    Pass,
    Fail,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct JudgeConfig {
    pub mode: JudgeMode,
    /// Keyword scores for which borderline mode asks the judge. Unset (the default): the judge is
    /// asked exactly when the keyword stage is unsure (its fitted decision thresholds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub band: Option<[f64; 2]>,
    pub timeout_ms: u64,
    pub retries: u32,
    pub budget_per_root_task: u32,
    pub on_unparsable: OnUnparsable,
}

impl Default for JudgeConfig {
    fn default() -> Self {
        JudgeConfig {
            mode: JudgeMode::Borderline,
            band: None,
            timeout_ms: 30_000,
            retries: 1,
            budget_per_root_task: 20,
            on_unparsable: OnUnparsable::Pass,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Timeouts {
    pub child_ms: u64,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            child_ms: 30 * 60 * 1000,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Limits {
    pub max_string_length: usize,
    pub max_depth: usize,
    pub max_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_string_length: 100_000,
            max_depth: 32,
            max_bytes: 4 * 1024 * 1024,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum UnknownMode {
    #[default]
    Error,
    Generic,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ContractsConfig {
    pub unknown_mode: UnknownMode,
}

/// Strategy B's clarification loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Clarification {
    pub max_rounds: u32,
}

impl Default for Clarification {
    fn default() -> Self {
        Clarification { max_rounds: 2 }
    }
}

/// What verification records carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct LogConfig {
    /// Put the instructions and result texts in the record (hashes are always there).
    pub include_texts: bool,
}

/// The effective settings for one mode (base merged with `modes[mode]`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Settings {
    pub enabled: bool,
    pub strategy: Strategy,
    pub thresholds: Thresholds,
    pub judge: JudgeConfig,
    pub timeouts: Timeouts,
    pub default_mode: String,
    pub limits: Limits,
    pub contracts: ContractsConfig,
    pub clarification: Clarification,
    pub log: LogConfig,
    pub version: Option<String>,
    /// A hash of these settings for records ([`Settings::fingerprint`]).
    #[serde(skip)]
    pub fingerprint: Fingerprint,
}

/// A hash of the settings, computed on first use and kept: a guard that never writes a record
/// never serializes its settings (that serializer was a tenth of a fresh guard's start-up).
/// It takes no part in comparing settings.
#[derive(Debug, Clone, Default)]
pub struct Fingerprint(std::sync::OnceLock<String>);

impl PartialEq for Fingerprint {
    fn eq(&self, _: &Fingerprint) -> bool {
        true
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            enabled: true,
            strategy: Strategy::A,
            thresholds: Thresholds::default(),
            judge: JudgeConfig::default(),
            timeouts: Timeouts::default(),
            default_mode: "orchestrator".into(),
            limits: Limits::default(),
            contracts: ContractsConfig::default(),
            clarification: Clarification::default(),
            log: LogConfig::default(),
            version: None,
            fingerprint: Fingerprint::default(),
        }
    }
}

impl Settings {
    /// `cfg-` and 64 bits of XXH3 over the settings' JSON, computed once.
    pub fn fingerprint(&self) -> &str {
        self.fingerprint.0.get_or_init(|| {
            let text = crate::json_text::to_string(self).unwrap_or_default();
            format!("cfg-{:016x}", xxhash_rust::xxh3::xxh3_64(text.as_bytes()))
        })
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    raw: Map<String, Value>,
    base: Settings,
    modes: BTreeMap<String, Box<Settings>>,
}

impl Config {
    /// Reads and validates a configuration object given as JSON text ("" or "null" = defaults).
    pub fn from_json(text: &str) -> Result<Config> {
        let value: Value = if text.trim().is_empty() {
            Value::Object(Map::new())
        } else {
            serde_json::from_str(text).map_err(|e| {
                GuardError::new(
                    ErrorCode::InvalidConfig,
                    "",
                    format!("configuration is not JSON: {e}"),
                )
            })?
        };
        Config::from_value(value)
    }

    pub fn from_value(value: Value) -> Result<Config> {
        let raw = match value {
            Value::Null => Map::new(),
            Value::Object(m) => m,
            other => {
                return Err(GuardError::new(
                    ErrorCode::InvalidConfig,
                    "",
                    format!("configuration must be an object, got {}", type_name(&other)),
                ))
            }
        };
        // The empty configuration is valid by construction: no schema to compile for it (the
        // compile is most of a fresh guard's start-up).
        let mut details = if raw.is_empty() {
            Vec::new()
        } else {
            schema_problems(&Value::Object(raw.clone()))?
        };
        let mut modes = BTreeMap::new();
        let base = settings_from(&raw, &mut details, "")?;
        if let Some(Value::Object(overrides)) = raw.get("modes") {
            for (mode, o) in overrides {
                let mut merged = raw.clone();
                merged.remove("modes");
                if let Value::Object(o) = o {
                    deep_merge(&mut merged, o);
                }
                let path = format!("/modes/{mode}");
                modes.insert(
                    mode.clone(),
                    Box::new(settings_from(&merged, &mut details, &path)?),
                );
            }
        }
        if !details.is_empty() {
            let names: Vec<String> = details
                .iter()
                .map(|d| {
                    format!(
                        "{} {}",
                        if d.path.is_empty() { "(root)" } else { &d.path },
                        d.message
                    )
                })
                .gather();
            return Err(GuardError::new(
                ErrorCode::InvalidConfig,
                details.first().map(|d| d.path.clone()).unwrap_or_default(),
                format!("invalid configuration: {}", names.join("; ")),
            )
            .with_details(details));
        }
        Ok(Config { raw, base, modes })
    }

    /// Never fails: a configuration that is not JSON or not an object gives the defaults; an
    /// invalid field is dropped (its siblings kept). Each dropped field is reported once.
    pub fn lenient(text: &str) -> (Config, Vec<ErrorDetail>) {
        let mut problems = Vec::new();
        let mut value = match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(m)) => Value::Object(m),
            Ok(Value::Null) => Value::Null,
            _ if text.trim().is_empty() => Value::Null,
            Ok(other) => {
                problems.push(ErrorDetail {
                    path: String::new(),
                    message: format!(
                        "configuration must be an object, got {}; the defaults are used",
                        type_name(&other)
                    ),
                });
                Value::Null
            }
            Err(e) => {
                problems.push(ErrorDetail {
                    path: String::new(),
                    message: format!("configuration is not JSON ({e}); the defaults are used"),
                });
                Value::Null
            }
        };
        // Each round drops every field named by an error; nested errors name deeper fields
        // first, so a few rounds settle it.
        for _ in 0..8 {
            match Config::from_value(value.clone()) {
                Ok(c) => return (c, problems),
                Err(e) => {
                    let mut dropped = false;
                    let details = if e.details.is_empty() {
                        vec![ErrorDetail {
                            path: e.path.clone(),
                            message: e.message.clone(),
                        }]
                    } else {
                        e.details
                    };
                    for d in details {
                        dropped |= !d.path.is_empty() && remove_pointer(&mut value, &d.path);
                        problems.push(ErrorDetail {
                            path: d.path,
                            message: format!("{}; the field is ignored", d.message),
                        });
                    }
                    if !dropped {
                        break;
                    }
                }
            }
        }
        let defaults = Config::from_value(Value::Null).unwrap_or_else(|_| Config {
            raw: Map::new(),
            base: Settings::default(),
            modes: BTreeMap::new(),
        });
        (defaults, problems)
    }

    /// The largest `limits.maxBytes` of any mode: no text larger than this can be meant for the
    /// guard, so the binding refuses it before copying it into the module.
    pub fn max_input_bytes(&self) -> usize {
        self.modes
            .values()
            .map(|s| s.limits.max_bytes)
            .fold(self.base.limits.max_bytes, usize::max)
    }

    pub fn settings(&self) -> &Settings {
        &self.base
    }

    /// Effective settings for `mode`: its override when there is one, else the base.
    pub fn for_mode(&self, mode: &str) -> &Settings {
        self.modes.get(mode).map_or(&self.base, |s| &**s)
    }

    /// The configuration as given (defaults not filled in), for logs.
    pub fn raw(&self) -> &Map<String, Value> {
        &self.raw
    }
}

fn schema_problems(value: &Value) -> Result<Vec<ErrorDetail>> {
    let mut errors = Vec::new();
    for e in (shipped::CONFIG.iter_errors)(value) {
        ajv_errors::convert(&e, &mut errors);
    }
    Ok(problems(errors).chain(empty_mode_name(value)).gather())
}

/// A schema's errors as configuration problems. Branch errors of anyOf/oneOf repeat the real
/// cause; the leaf problems are kept.
fn problems(errors: Vec<ajv_errors::ContractError>) -> impl Iterator<Item = ErrorDetail> {
    errors
        .into_iter()
        .filter(|e| e.keyword != "anyOf" && e.keyword != "oneOf")
        .map(|e| {
            let path = match e.params.get("additionalProperty").and_then(Value::as_str) {
                Some(p) => format!("{}/{p}", e.instance_path),
                None => e.instance_path,
            };
            let message = if e.keyword == "additionalProperties" {
                "is not a known configuration field".to_string()
            } else {
                e.message
            };
            ErrorDetail { path, message }
        })
}

/// The schema's `modes.propertyNames: {minLength: 1}`, checked here: the generated validator
/// would name the object, not the property (`shipped`). Same message as jsonschema's.
fn empty_mode_name(value: &Value) -> Option<ErrorDetail> {
    let modes = value.get("modes")?.as_object()?;
    modes.contains_key("").then(|| ErrorDetail {
        path: "/modes".into(),
        message: "property name must be valid: \"\" is shorter than 1 character".into(),
    })
}

/// The settings of a configuration object the schema has accepted (known fields of the right
/// JSON types), each given field over the defaults. Read by hand rather than by serde's derive:
/// the derived readers were about 3 KB of the module for what the schema already checks. An
/// integer out of its field's range (the schema bounds most, not all) is an error, as serde's
/// was.
fn read_settings(m: &Map<String, Value>) -> std::result::Result<Settings, String> {
    fn int<T: TryFrom<u64>>(
        m: &Map<String, Value>,
        key: &str,
        to: &mut T,
    ) -> std::result::Result<(), String> {
        let Some(v) = m.get(key) else {
            return Ok(());
        };
        let n = v.as_u64().or_else(|| {
            v.as_f64()
                .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f < 1.8e19)
                .map(|f| f as u64)
        });
        *to = n
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| format!("invalid value: {v} for {key}"))?;
        Ok(())
    }
    let obj = |k: &str| m.get(k).and_then(Value::as_object);
    let text =
        |o: &Map<String, Value>, k: &str| o.get(k).and_then(Value::as_str).map(str::to_string);
    let mut s = Settings::default();
    if let Some(b) = m.get("enabled").and_then(Value::as_bool) {
        s.enabled = b;
    }
    if let Some(x) = text(m, "strategy") {
        s.strategy = match x.as_str() {
            "B" => Strategy::B,
            "C" => Strategy::C,
            "D" => Strategy::D,
            _ => Strategy::A,
        };
    }
    if let Some(t) = obj("thresholds") {
        let f = |k: &str, d: f64| t.get(k).and_then(Value::as_f64).unwrap_or(d);
        s.thresholds = Thresholds {
            potential: f("potential", s.thresholds.potential),
            significant: f("significant", s.thresholds.significant),
        };
    }
    if let Some(j) = obj("judge") {
        if let Some(x) = text(j, "mode") {
            s.judge.mode = match x.as_str() {
                "never" => JudgeMode::Never,
                "always" => JudgeMode::Always,
                _ => JudgeMode::Borderline,
            };
        }
        if let Some(b) = j.get("band") {
            s.judge.band = match b.as_array().map(Vec::as_slice) {
                Some([lo, hi]) => lo.as_f64().zip(hi.as_f64()).map(|(a, b)| [a, b]),
                _ => None,
            };
        }
        int(j, "timeoutMs", &mut s.judge.timeout_ms)?;
        int(j, "retries", &mut s.judge.retries)?;
        int(j, "budgetPerRootTask", &mut s.judge.budget_per_root_task)?;
        if let Some(x) = text(j, "onUnparsable") {
            s.judge.on_unparsable = if x == "fail" {
                OnUnparsable::Fail
            } else {
                OnUnparsable::Pass
            };
        }
    }
    if let Some(t) = obj("timeouts") {
        int(t, "childMs", &mut s.timeouts.child_ms)?;
    }
    if let Some(x) = text(m, "defaultMode") {
        s.default_mode = x;
    }
    if let Some(l) = obj("limits") {
        int(l, "maxStringLength", &mut s.limits.max_string_length)?;
        int(l, "maxDepth", &mut s.limits.max_depth)?;
        int(l, "maxBytes", &mut s.limits.max_bytes)?;
    }
    if let Some(c) = obj("contracts").and_then(|c| text(c, "unknownMode")) {
        s.contracts.unknown_mode = if c == "generic" {
            UnknownMode::Generic
        } else {
            UnknownMode::Error
        };
    }
    if let Some(c) = obj("clarification") {
        int(c, "maxRounds", &mut s.clarification.max_rounds)?;
    }
    if let Some(b) = obj("log")
        .and_then(|l| l.get("includeTexts"))
        .and_then(Value::as_bool)
    {
        s.log.include_texts = b;
    }
    if let Some(v) = m.get("version") {
        s.version = v.as_str().map(str::to_string);
    }
    Ok(s)
}

/// Reads typed settings and checks what the schema cannot say (ordering of cut-offs).
fn settings_from(
    raw: &Map<String, Value>,
    details: &mut Vec<ErrorDetail>,
    at: &str,
) -> Result<Settings> {
    if !details.is_empty() {
        return Ok(Settings::default());
    }
    let mut clean = raw.clone();
    clean.remove("modes");
    clean.remove("$schema");
    // No setting given: the defaults, without running the settings' deserializer (a fresh
    // guard's first call compiles every function it runs).
    if clean.is_empty() {
        return Ok(Settings::default());
    }
    let s = read_settings(&clean).map_err(|e| {
        GuardError::new(
            ErrorCode::InvalidConfig,
            at,
            format!("invalid configuration: {e}"),
        )
    })?;
    if s.thresholds.potential > s.thresholds.significant {
        details.push(ErrorDetail {
            path: format!("{at}/thresholds"),
            message: "potential must be <= significant".into(),
        });
    }
    if s.judge.band.is_some_and(|[low, high]| low > high) {
        details.push(ErrorDetail {
            path: format!("{at}/judge/band"),
            message: "band must be [low, high] with low <= high".into(),
        });
    }
    Ok(s)
}

/// Removes the value at a JSON pointer; false when there is none.
fn remove_pointer(value: &mut Value, pointer: &str) -> bool {
    let Some((parent, last)) = pointer.rsplit_once('/') else {
        return false;
    };
    let last = last.replace("~1", "/").replace("~0", "~");
    let target = if parent.is_empty() {
        Some(value)
    } else {
        value.pointer_mut(parent)
    };
    match target {
        Some(Value::Object(m)) => m.remove(&last).is_some(),
        Some(Value::Array(a)) => match last.parse::<usize>() {
            Ok(i) if i < a.len() => {
                a.remove(i);
                true
            }
            _ => false,
        },
        _ => false,
    }
}

fn deep_merge(base: &mut Map<String, Value>, over: &Map<String, Value>) {
    for (k, v) in over {
        match (base.get_mut(k), v) {
            (Some(Value::Object(b)), Value::Object(o)) => deep_merge(b, o),
            _ => {
                base.insert(k.clone(), v.clone());
            }
        }
    }
}

pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The problems (paths and messages) the generated validator and the mode-name check find
    /// are the ones the configuration schema compiled at run time finds (as sets: the mode-name
    /// problem comes last), on random configurations built from every field, wrong types and bad values.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn generated_config_problems_are_the_runtime_validators() {
        use proptest::prelude::*;
        use proptest::test_runner::{Config as Cases, TestRunner};
        let runtime = crate::builtin::config_validator().unwrap();
        let by_runtime = |v: &Value| {
            let mut errors = Vec::new();
            for e in runtime.iter_errors(v) {
                ajv_errors::convert(&e, &mut errors);
            }
            let mut found: Vec<(String, String)> =
                problems(errors).map(|d| (d.path, d.message)).collect();
            found.sort();
            found
        };
        let scalars = prop_oneof![
            Just(json!(null)),
            Just(json!(true)),
            Just(json!(0)),
            Just(json!(0.5)),
            Just(json!(2)),
            Just(json!(-1)),
            Just(json!(700000)),
            Just(json!("")),
            Just(json!("A")),
            Just(json!("E")),
            Just(json!("borderline")),
            Just(json!("pass")),
            Just(json!([0.2, 0.8])),
            Just(json!([0.2])),
            Just(json!({})),
        ];
        let keys = [
            "enabled",
            "strategy",
            "thresholds",
            "judge",
            "timeouts",
            "defaultMode",
            "limits",
            "contracts",
            "clarification",
            "log",
            "version",
            "potential",
            "significant",
            "mode",
            "band",
            "timeoutMs",
            "retries",
            "childMs",
            "maxDepth",
            "maxBytes",
            "extra",
        ];
        let leaf = scalars.prop_recursive(3, 24, 4, move |inner| {
            proptest::collection::btree_map(proptest::sample::select(keys.to_vec()), inner, 0..4)
                .prop_map(|m| {
                    Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
                })
        });
        let config = (
            leaf.clone(),
            proptest::collection::btree_map(
                proptest::sample::select(vec!["", "code", "ask", "x y"]),
                leaf,
                0..3,
            ),
            any::<bool>(),
        )
            .prop_map(|(base, modes, with_modes)| {
                let mut base = match base {
                    Value::Object(m) => m,
                    _ => Map::new(),
                };
                if with_modes {
                    let modes = modes.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
                    base.insert("modes".into(), Value::Object(modes));
                }
                Value::Object(base)
            });
        let empty_names = std::cell::Cell::new(0);
        let mut runner = TestRunner::new(Cases::with_cases(3000));
        runner
            .run(&config, |v| {
                let ours = schema_problems(&v).unwrap();
                let theirs = by_runtime(&v);
                prop_assert_eq!(ours.len(), theirs.len(), "{} {:?}", v, ours);
                let mut ours: Vec<(String, String)> =
                    ours.into_iter().map(|d| (d.path, d.message)).collect();
                ours.sort_unstable();
                prop_assert_eq!(ours, theirs, "{}", v);
                let empty = v.pointer("/modes").is_some_and(|m| m.get("").is_some());
                empty_names.set(empty_names.get() + usize::from(empty));
                Ok(())
            })
            .unwrap();
        let empty_names = empty_names.get();
        assert!(
            empty_names > 100,
            "an empty mode name is reached ({empty_names})"
        );
    }

    /// An empty mode name is refused with the property named, as jsonschema's runtime validator
    /// reports `propertyNames` (generated code would report "/modes must NOT have fewer than 1
    /// characters": the reason the configuration schema is not generated).
    #[test]
    fn an_empty_mode_name_is_refused_naming_the_property() {
        let e = Config::from_value(serde_json::json!({ "modes": { "": {} } })).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidConfig);
        assert!(e.message.contains("property name"), "{}", e.message);
    }

    #[test]
    fn empty_config_gives_defaults() {
        let c = Config::from_json("").unwrap();
        assert_eq!(c.settings(), &Settings::default());
    }

    #[test]
    fn every_bad_field_is_named() {
        let err = Config::from_value(json!({
            "strategy": "E",
            "thresholds": { "potential": 2 },
            "limits": { "maxDepht": 3 },
            "judge": { "mode": "sometimes" }
        }))
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidConfig);
        let paths: Vec<&str> = err.details.iter().map(|d| d.path.as_str()).collect();
        for p in [
            "/strategy",
            "/thresholds/potential",
            "/limits/maxDepht",
            "/judge/mode",
        ] {
            assert!(paths.contains(&p), "{p} missing from {paths:?}");
        }
    }

    #[test]
    fn mode_overrides_merge_over_base() {
        let c = Config::from_value(json!({
            "strategy": "B",
            "thresholds": { "potential": 0.2, "significant": 0.5 },
            "modes": { "code": { "strategy": "C", "thresholds": { "significant": 0.9 } } }
        }))
        .unwrap();
        let code = c.for_mode("code");
        assert_eq!(code.strategy, Strategy::C);
        assert_eq!(code.thresholds.potential, 0.2);
        assert_eq!(code.thresholds.significant, 0.9);
        assert_eq!(c.for_mode("ask").strategy, Strategy::B);
        // A band set by the base holds in a mode unless the mode unsets it with null.
        let c = Config::from_value(json!({
            "judge": { "band": [0.2, 0.8] },
            "modes": { "code": { "judge": { "band": null } }, "ask": { "strategy": "C" } }
        }))
        .unwrap();
        assert_eq!(c.for_mode("ask").judge.band, Some([0.2, 0.8]));
        assert_eq!(c.for_mode("code").judge.band, None);
    }

    #[test]
    fn lenient_keeps_the_good_fields_and_names_the_bad_ones() {
        let (c, problems) = Config::lenient(
            r#"{"strategy":"B","stratgy":"C","thresholds":{"potential":0.9,"significant":0.1},"judge":{"mode":"sometimes","timeoutMs":500}}"#,
        );
        assert_eq!(c.settings().strategy, Strategy::B);
        assert_eq!(c.settings().judge.timeout_ms, 500);
        assert_eq!(c.settings().judge.mode, JudgeMode::Borderline);
        assert_eq!(c.settings().thresholds, Thresholds::default());
        let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
        for p in ["/stratgy", "/judge/mode", "/thresholds"] {
            assert!(paths.contains(&p), "{p} missing from {paths:?}");
        }
    }

    #[test]
    fn lenient_takes_defaults_for_what_is_not_an_object() {
        for text in ["[]", "42", "{not json", "\"A\""] {
            let (c, problems) = Config::lenient(text);
            assert_eq!(c.settings(), &Settings::default(), "{text}");
            assert_eq!(problems.len(), 1, "{text}");
        }
        let (_, none) = Config::lenient("");
        assert!(none.is_empty());
    }

    #[test]
    fn the_fingerprint_follows_the_settings_whenever_it_is_first_asked_for() {
        let defaults = Settings::default();
        let from_empty = Config::from_value(json!({})).unwrap().settings().clone();
        assert_eq!(defaults.fingerprint(), from_empty.fingerprint());
        assert!(defaults.fingerprint().starts_with("cfg-"));
        // Asked for on one side only: the settings still compare equal.
        let fresh = Settings::default();
        assert_eq!(fresh, defaults);
        let other = Config::from_value(json!({ "strategy": "B" })).unwrap();
        assert_ne!(other.settings().fingerprint(), defaults.fingerprint());
        // The same explicit value as the default gives the default's fingerprint.
        let explicit = Config::from_value(json!({ "strategy": "A" })).unwrap();
        assert_eq!(explicit.settings().fingerprint(), defaults.fingerprint());
    }

    #[test]
    fn ordering_rules_are_checked() {
        let err =
            Config::from_value(json!({ "thresholds": { "potential": 0.9, "significant": 0.1 } }))
                .unwrap_err();
        assert_eq!(err.details[0].path, "/thresholds");
    }

    #[test]
    fn documented_threshold_defaults_are_the_fitted_ones() {
        // The fit rewrites weights.rs; the schema, the TS types and the README say its numbers.
        let docs = [
            include_str!("../schemas/config.schema.json"),
            include_str!("../ts-wrapper/src/types.ts"),
            include_str!("../README.md"),
        ];
        let d = Thresholds::default();
        for n in [d.potential, d.significant] {
            let n = format!("{n:.3}");
            for doc in docs {
                assert!(doc.contains(&n), "a document lacks the fitted default {n}");
            }
        }
    }
}
