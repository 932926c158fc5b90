//! The guard: configuration, registered schemas and mode contracts, and the checks.

use crate::builtin;
use crate::config::{Config, UnknownMode};
use crate::contracts::check::ResultCall;
use crate::contracts::tape::{Field, Tape};
use crate::contracts::{self, CheckReport, ContractError, ContractSource, ModeContract};
use crate::error::{ErrorCode, GuardError, Result};
use crate::gather::Gather;
use crate::json_text;
use crate::schema_store::SchemaStore;
use serde_json::Value;
use std::collections::BTreeMap;

/// The length in bytes of the JSON text of the object `parts` stand for.
fn json_text_len(parts: &[(String, InputPart)]) -> usize {
    let fields = parts.iter().filter_map(|(key, part)| {
        let value = match part {
            InputPart::Text(s) => json_text::escaped_len(s) + 2,
            // `{"key":value}` less its braces is the field as the whole text has it.
            InputPart::Json(text) if text.len() > 2 => return Some(text.len() - 2),
            InputPart::Json(_) => return None,
        };
        Some(json_text::escaped_len(key) + 3 + value)
    });
    let (count, sum) = fields.fold((0usize, 0usize), |(n, sum), len| (n + 1, sum + len));
    2 + sum + count.saturating_sub(1)
}

/// One field of a task input as it crossed the boundary.
#[derive(Debug, Clone, PartialEq)]
pub enum InputPart {
    /// A string field.
    Text(String),
    /// Any other field, as the JSON text of `{"key": value}`.
    Json(String),
}

pub struct Guard {
    config: Config,
    store: SchemaStore,
    contracts: BTreeMap<String, Box<ModeContract>>,
}

const GENERIC: &str = "generic";

impl Guard {
    /// A guard with the built-in contracts of Roo Code's modes registered.
    pub fn new(config: Config) -> Result<Guard> {
        let mut store = SchemaStore::default();
        for (name, text) in builtin::CONTRACT_SCHEMAS {
            store.register_builtin(builtin::parse_builtin(name, text)?)?;
        }
        let mut guard = Guard {
            config,
            store,
            contracts: BTreeMap::new(),
        };
        for mode in builtin::BUILTIN_MODES.into_iter().chain([GENERIC]) {
            let contract = ModeContract {
                input: guard.store.lookup_id(&format!("{mode}.input")),
                output: guard.store.lookup_id(&format!("{mode}.output")),
            };
            guard.contracts.insert(mode.to_string(), Box::new(contract));
        }
        Ok(guard)
    }

    /// Lets this guard compile schemas through the compiler module (wasm, see
    /// `contracts::compiler::remote`).
    pub fn allow_remote_compiler(&mut self) {
        self.store.allow_remote_compiler();
    }

    #[doc(hidden)]
    pub fn store(&self) -> &SchemaStore {
        &self.store
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Registers a schema by its `$id`; fails at once on an invalid schema or unresolvable ref.
    pub fn register_schema(&mut self, schema: Value) -> Result<String> {
        self.store.register(schema)
    }

    /// Sets a mode's contracts. Inline schemas without `$id` get `<mode>.input` / `<mode>.output`.
    pub fn set_mode_contract(
        &mut self,
        mode: &str,
        input: Option<ContractSource>,
        output: Option<ContractSource>,
    ) -> Result<()> {
        check_mode(mode)?;
        let input = self.resolve_source(mode, "input", input)?;
        let output = self.resolve_source(mode, "output", output)?;
        let entry = self.contracts.entry(mode.to_string()).or_default();
        if input.is_some() {
            entry.input = input;
        }
        if output.is_some() {
            entry.output = output;
        }
        Ok(())
    }

    fn resolve_source(
        &mut self,
        mode: &str,
        which: &str,
        src: Option<ContractSource>,
    ) -> Result<Option<String>> {
        match src {
            None => Ok(None),
            Some(ContractSource::Id(name)) => {
                self.store.lookup_id(&name).map(Some).ok_or_else(|| {
                    GuardError::new(
                        ErrorCode::UnknownSchema,
                        format!("/{which}"),
                        format!(
                            "no registered schema {name:?}; register it with registerSchema first"
                        ),
                    )
                })
            }
            Some(ContractSource::Schema(mut schema)) => {
                if let Value::Object(obj) = &mut schema {
                    if !obj.contains_key("$id") && !obj.contains_key("id") {
                        obj.insert(
                            "$id".into(),
                            // Directly under the local base, so that a relative `$ref`
                            // ("ticket.json") finds a schema registered by that name.
                            Value::String(format!(
                                "mode.{}.{which}.schema.json",
                                mode.replace(&['/', '#', '?', ':'][..], "_")
                            )),
                        );
                    }
                }
                self.store.register(schema).map(Some).map_err(|mut e| {
                    e.path = format!("/{which}{}", e.path);
                    e
                })
            }
        }
    }

    /// The contract applied to `mode`, following `contracts.unknownMode`.
    pub fn contract_for(&self, mode: &str) -> Result<&ModeContract> {
        check_mode(mode)?;
        if let Some(c) = self.contracts.get(mode) {
            return Ok(&**c);
        }
        match self.config.for_mode(mode).contracts.unknown_mode {
            UnknownMode::Generic => self
                .contracts
                .get(GENERIC)
                .map(|c| &**c)
                .ok_or_else(|| unknown_mode(mode)),
            UnknownMode::Error => Err(unknown_mode(mode)),
        }
    }

    pub fn modes(&self) -> impl Iterator<Item = &String> {
        self.contracts.keys()
    }

    /// Pre-task-creation check of `{ message, todos?, context? }` as a value.
    pub fn check_task_input(&mut self, mode: &str, input: Value) -> Result<CheckReport> {
        let id = self.contract_for(mode)?.input.clone();
        let settings = self.config.for_mode(mode);
        if !settings.enabled {
            return Ok(disabled(mode));
        }
        contracts::check::check_input(&mut self.store, settings, mode, id.as_deref(), input)
    }

    /// The same, from JSON text (the wasm boundary). Size and depth limits become a failed
    /// report rather than an exception, since they describe the data, not the call.
    pub fn check_task_input_json(&mut self, mode: &str, json: &str) -> Result<CheckReport> {
        self.contract_for(mode)?;
        let settings = self.config.for_mode(mode);
        if !settings.enabled {
            return Ok(disabled(mode));
        }
        match json_text::parse(json, settings.limits.max_bytes) {
            Ok(value) => self.check_task_input(mode, value),
            Err(e) => self.input_limit_report(mode, &e),
        }
    }

    /// The same, from the input's fields as they crossed the boundary one by one: strings as
    /// themselves, anything else as the JSON text of a one-field object `{"key": value}`. The
    /// report is the one [`Guard::check_task_input_json`] gives for the whole input's text (a
    /// field text's size and depth count as they do there: its object stands where the input's
    /// own braces do). Fields come in the order of the input's keys.
    pub fn check_task_input_parts(
        &mut self,
        mode: &str,
        parts: Vec<(String, InputPart)>,
    ) -> Result<CheckReport> {
        self.contract_for(mode)?;
        let settings = self.config.for_mode(mode);
        if !settings.enabled {
            return Ok(disabled(mode));
        }
        let max = settings.limits.max_bytes;
        // Six bytes a byte (a control character's escape) first: the exact length is counted
        // only for an input that could be over.
        let upper: usize = parts
            .iter()
            .map(|(key, part)| match part {
                InputPart::Text(s) => 6 * (key.len() + s.len()) + 6,
                InputPart::Json(text) => text.len(),
            })
            .sum();
        if upper + 2 > max {
            let bytes = json_text_len(&parts);
            if bytes > max {
                return self.input_limit_report(mode, &json_text::too_large(bytes, max));
            }
        }
        if let Some(report) = self.clean_input_parts(mode, &parts)? {
            return Ok(report);
        }
        let mut input = serde_json::Map::new();
        for (key, part) in parts {
            let value = match part {
                InputPart::Text(s) => Value::String(s),
                InputPart::Json(text) => match json_text::parse(&text, max) {
                    // A value JSON leaves out (a function, a `toJSON` returning undefined) is `{}`.
                    Ok(Value::Object(mut one)) => match one.remove(&key) {
                        Some(v) => v,
                        None => continue,
                    },
                    Ok(_) => {
                        return Err(GuardError::new(
                            ErrorCode::InvalidJson,
                            "",
                            format!("the text of field {key:?} is not a one-field object"),
                        ))
                    }
                    Err(e) => return self.input_limit_report(mode, &e),
                },
            };
            input.insert(key, value);
        }
        self.check_task_input(mode, Value::Object(input))
    }

    /// The common case of [`Guard::check_task_input_parts`] without a `Value`: the fields read
    /// as one token tape (strings as they are), which the contract surely accepts and the sanitizer
    /// would leave as it is. `None`: anything else, for the full check.
    fn clean_input_parts(
        &mut self,
        mode: &str,
        parts: &[(String, InputPart)],
    ) -> Result<Option<CheckReport>> {
        let Some(id) = self.contract_for(mode)?.input.clone() else {
            return Ok(None);
        };
        // A field text `{}` is a field JSON leaves out, as in the full check.
        let fields: Vec<(&str, Field<'_>)> = parts
            .iter()
            .filter_map(|(key, part)| match part {
                InputPart::Text(s) => Some((key.as_str(), Field::Text(s))),
                InputPart::Json(t) if t == "{}" => None,
                InputPart::Json(t) => Some((key.as_str(), Field::Json(t))),
            })
            .gather();
        let Some(tape) = Tape::from_fields(&fields) else {
            return Ok(None);
        };
        let settings = self.config.for_mode(mode);
        contracts::check::clean_input(&mut self.store, settings, mode, &id, tape.root())
    }

    /// A failed report for input over a size or depth limit (found while parsing, or by the
    /// host's serializer); any other error is returned as it is.
    pub fn input_limit_report(&self, mode: &str, e: &GuardError) -> Result<CheckReport> {
        let settings = self.config.for_mode(mode);
        let (keyword, limit) = match e.code {
            ErrorCode::TooLarge => ("maxBytes", settings.limits.max_bytes),
            ErrorCode::TooDeep => ("maxDepth", 128),
            _ => return Err(e.clone()),
        };
        let id = self
            .contract_for(mode)?
            .input
            .as_deref()
            .map(contracts::check::short_name);
        let err = ContractError::limit("", keyword, limit, e.message.clone());
        Ok(contracts::check::limit_failure(
            contracts::report::Crossing::Input,
            mode,
            id.as_deref(),
            err,
        ))
    }

    /// The failed report of a result of `units` UTF-16 units, over every mode's limit: it was
    /// never copied into the module.
    pub fn result_too_large_report(&self, mode: &str, units: usize) -> Result<CheckReport> {
        let id = self.contract_for(mode)?.output.clone();
        let settings = self.config.for_mode(mode);
        Ok(contracts::check::result_too_large(
            settings,
            mode,
            id.as_deref(),
            &format!("at least {units}"),
        ))
    }

    /// Pre-result-integration check of a child's result string.
    pub fn check_task_result(&mut self, mode: &str, result: &str) -> Result<CheckReport> {
        self.check_task_result_with(mode, result, ResultCall::default())
    }

    /// `result` is a JSON string literal (used for JS strings with lone surrogates).
    pub fn check_task_result_escaped(
        &mut self,
        mode: &str,
        result_json: &str,
    ) -> Result<CheckReport> {
        let call = ResultCall {
            escaped: true,
            ..ResultCall::default()
        };
        self.check_task_result_with(mode, result_json, call)
    }

    /// A result check as `call` asks for it ([`ResultCall`]).
    pub fn check_task_result_with(
        &mut self,
        mode: &str,
        result: &str,
        call: ResultCall,
    ) -> Result<CheckReport> {
        let id = self.contract_for(mode)?.output.clone();
        let settings = self.config.for_mode(mode);
        if !settings.enabled {
            let mut r = disabled(mode);
            r.text = Some(result.to_string());
            r.text_is_result = true;
            return Ok(r);
        }
        contracts::check::check_result(&mut self.store, settings, mode, id.as_deref(), result, call)
    }
}

fn check_mode(mode: &str) -> Result<()> {
    if mode.trim().is_empty() {
        return Err(GuardError::new(
            ErrorCode::InvalidArgument,
            "/mode",
            "mode must be a non-empty mode slug such as \"code\"",
        ));
    }
    Ok(())
}

fn unknown_mode(mode: &str) -> GuardError {
    GuardError::new(
        ErrorCode::UnknownMode,
        "/mode",
        format!(
            "no contract for mode {mode:?}; call setModeContract({mode:?}, ...) or set contracts.unknownMode to \"generic\""
        ),
    )
}

fn disabled(mode: &str) -> CheckReport {
    CheckReport {
        ok: true,
        mode: mode.to_string(),
        contract: None,
        errors: Vec::new(),
        value: None,
        value_unchanged: true,
        changes: Vec::new(),
        summary: format!("The guard is disabled for mode {mode:?}; nothing was checked."),
        error_object: None,
        text: None,
        extraction: None,
        text_is_result: false,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::{Guard, InputPart};
    use crate::config::Config;

    /// A well-formed value is checked without the contract's sanitizing plan (building it is a
    /// fresh process's first-check cost); a value the sanitizer must walk builds it, once.
    #[test]
    fn only_a_value_that_needs_the_walk_builds_a_plan() {
        let mut g = Guard::new(Config::from_json("").unwrap()).unwrap();
        let r = g
            .check_task_result("code", "Implemented the parser.")
            .unwrap();
        assert!(r.ok);
        let input = r#"{"message": "Implement the parser in src/parse.rs."}"#;
        assert!(g.check_task_input_json("code", input).unwrap().ok);
        assert_eq!(g.store.plans_built(), 0);
        // A control character must go: the walk runs, with the plan.
        let r = g
            .check_task_result("code", "Implemented\u{7} the parser.")
            .unwrap();
        assert!(r.ok);
        assert!(!r.changes.is_empty(), "{:?}", r.changes);
        assert_eq!(g.store.plans_built(), 1);
        let r = g
            .check_task_result("code", "Implemented\u{7} it again.")
            .unwrap();
        assert!(!r.changes.is_empty());
        assert_eq!(g.store.plans_built(), 1);
    }

    /// A result whose value the caller reads from the text gets the full check's report, with
    /// `value` left out only where the text is that value's JSON unchanged and `text` only where it
    /// is the result as written; the quick check
    /// applies to every built-in contract.
    #[test]
    fn a_result_read_from_its_text_gets_the_full_report() {
        use crate::contracts::check::ResultCall;
        let call = ResultCall {
            caller_has_text: true,
            ..ResultCall::default()
        };
        let files: Vec<String> = (0..20)
            .map(|i| format!(r#"{{"path": "src/m{i}/index.ts", "action": "modified", "description": "Adjusted it."}}"#))
            .collect();
        let clean = format!(
            r#"  {{"status": "completed", "summary": "Done.", "files": [{}], "notes": "None."}}"#,
            files.join(",")
        );
        let texts = [
            clean.clone(),
            r#"{"summary": "Done.", "files": ["a.ts", {"path": "b.ts"}], "requirements": ["REQ-1"]}"#.into(),
            // Cleaned, invalid, extracted, plain, repeated key, escaped strings, an array.
            r#"{"summary": "Done\u0007.", "files": []}"#.into(),
            r#"{"summary": "Done.", "extra": 1}"#.into(),
            r#"{"summary": "  ", "status": "done"}"#.into(),
            format!("Here it is:\n```json\n{clean}\n```"),
            "Implemented the parser.".into(),
            r#"{"summary": "a", "summary": "b"}"#.into(),
            r#"{"summary": "line\nnext \"quoted\" \u00e9"}"#.into(),
            r#"[{"summary": "x"}]"#.into(),
        ];
        let mut quick = 0;
        for mode in ["code", "architect", "ask", "debug", "orchestrator"] {
            let mut g = Guard::new(Config::from_json("").unwrap()).unwrap();
            for text in &texts {
                let full = g.check_task_result(mode, text).unwrap();
                let mut lean = g.check_task_result_with(mode, text, call).unwrap();
                if lean.value.is_none() {
                    quick += 1;
                    assert!(full.ok && full.changes.is_empty(), "{text}");
                    let parsed: serde_json::Value = serde_json::from_str(text).unwrap();
                    assert_eq!(full.value.as_ref(), Some(&parsed));
                    lean.value = full.value.clone();
                }
                // The text the parent gets is the result as written: the caller has it.
                if full.text_is_result {
                    assert_eq!(full.text.as_deref(), Some(text.as_str()));
                    assert_eq!(lean.text, None);
                    lean.text = full.text.clone();
                }
                assert_eq!(lean, full, "{mode}: {text}");
            }
        }
        // The two clean objects, the escaped one, in every mode; the rest took the full path.
        assert_eq!(quick, 15);
    }

    /// A clean input given by its fields is checked without a `Value` (for every built-in
    /// mode's contract) and gets the report of the full check; anything not clean takes the
    /// full path.
    #[test]
    fn clean_input_fields_take_the_quick_path_with_the_full_report() {
        let text = |s: &str| InputPart::Text(s.to_string());
        let json = |key: &str, v: serde_json::Value| {
            InputPart::Json(serde_json::json!({ key: v }).to_string())
        };
        let message = "Add a retry to `fetchUser` in src/api.ts; keep the signature.\n".repeat(16);
        let todos = "- [x] read the client\n- [ ] add the retry\n- [-] docs\n";
        let context = serde_json::json!({ "repo": "acme/web", "files": ["src/api.ts"], "n": 2.5 });
        let clean: Vec<Vec<(String, InputPart)>> = vec![
            vec![("message".into(), text(&message))],
            vec![
                ("message".into(), text(&message)),
                ("todos".into(), text(todos)),
                ("context".into(), json("context", context.clone())),
            ],
            vec![
                ("context".into(), json("context", context.clone())),
                ("message".into(), text("Fix \"it\" — now\ttoo")),
                ("gone".into(), InputPart::Json("{}".into())),
            ],
        ];
        let unclean: Vec<Vec<(String, InputPart)>> = vec![
            vec![("message".into(), text("   "))],
            vec![("message".into(), text("ok")), ("extra".into(), text("x"))],
            vec![("message".into(), text("bell\u{7}"))],
            vec![
                ("message".into(), text("ok")),
                ("todos".into(), text("not a list")),
            ],
            vec![("todos".into(), text(todos))],
            // A field text that is not the field it is named for.
            vec![
                ("message".into(), text("ok")),
                ("context".into(), json("other", context)),
            ],
        ];
        for mode in [
            "code",
            "architect",
            "ask",
            "debug",
            "orchestrator",
            "unknown-mode",
        ] {
            let generic = r#"{"contracts": {"unknownMode": "generic"}}"#;
            let mut g = Guard::new(Config::from_json(generic).unwrap()).unwrap();
            for (parts, quick) in clean
                .iter()
                .map(|p| (p, true))
                .chain(unclean.iter().map(|p| (p, false)))
            {
                let taken = g.clean_input_parts(mode, parts).unwrap();
                assert_eq!(taken.is_some(), quick, "{mode}: {parts:?}");
                let by_parts = g.check_task_input_parts(mode, parts.to_vec());
                let mut whole = serde_json::Map::new();
                for (k, p) in parts {
                    let v = match p {
                        InputPart::Text(s) => serde_json::Value::String(s.clone()),
                        InputPart::Json(t) => {
                            let one: serde_json::Value = serde_json::from_str(t).unwrap();
                            match one.get(k) {
                                Some(v) => v.clone(),
                                None => continue,
                            }
                        }
                    };
                    whole.insert(k.clone(), v);
                }
                let by_text =
                    g.check_task_input_json(mode, &serde_json::Value::Object(whole).to_string());
                if parts.iter().any(|(k, p)| matches!(p, InputPart::Json(t) if t != "{}" && !t.starts_with(&format!("{{\"{k}\"")))) {
                    // A mislabelled field text: the full path leaves the field out.
                    continue;
                }
                let by_parts = by_parts.unwrap();
                assert_eq!(by_parts, by_text.unwrap(), "{mode}: {parts:?}");
                if let Some(t) = taken {
                    assert!(t.ok && t.value_unchanged);
                    assert_eq!(t, by_parts);
                }
            }
        }
    }

    /// A contract whose unions lead back into themselves (`oneOf: [{…}, {"$ref": "#"}]` under
    /// `allOf`) branches at every level of the sanitizer's branch selection: it was 4^16 steps
    /// per value (minutes; found by the fuzz target), and is now cut off after a fixed number
    /// of steps, the value left undecided (kept) and validation reporting it.
    #[test]
    fn a_contract_whose_unions_lead_back_into_themselves_is_checked() {
        let schema = serde_json::json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://example.com/loop.json",
            "allOf": [
                { "oneOf": [{ "maxLength": 2, "minLength": 1 }, { "$ref": "#" }] },
                { "oneOf": [{ "$ref": "#" }, { "$ref": "#" }] }
            ]
        });
        let mut g = Guard::new(Config::from_json("").unwrap()).unwrap();
        g.set_mode_contract("loop", None, Some(crate::ContractSource::Schema(schema)))
            .unwrap();
        for text in ["true", r#"{"a": [1, {"b": "x"}]}"#, "Done."] {
            let r = g.check_task_result("loop", text).unwrap();
            assert!(!r.ok, "{text}");
            assert!(!r.errors.is_empty());
        }
    }
}
