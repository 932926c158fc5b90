//! Result integration: the one policy between a child's raw result and what its parent receives
//! (seed 001 §2.3 then seed 000 §4.2): the host's records checked, the output contract, the
//! sanitized text, the drift verdict (a step the host's judge may have to finish), the outcome.
//! The adapters and the CLI only convert to and from this.

use crate::config::Settings;
use crate::contracts::CheckReport;
use crate::drift::DriftStatus;
use crate::host::{check_completion, Finding, HistoryRecord, HostKind};
use crate::judge::JudgeRequest;
use crate::verify::{Outcome, Verification};
use serde::Serialize;
use serde_json::Value;

/// How the host hands a parent its child's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ParentApi {
    /// `reopenParentFromDelegation`: `Subtask <id> completed.\n\nResult:\n<text>`.
    #[default]
    Today,
    /// `resumePausedTask`: `[new_task completed] Result: <text>`.
    Seed,
}

impl ParentApi {
    pub fn wrap(self, child_id: &str, text: &str) -> String {
        match self {
            ParentApi::Today => format!("Subtask {child_id} completed.\n\nResult:\n{text}"),
            ParentApi::Seed if text.starts_with("[new_task completed") => text.to_string(),
            ParentApi::Seed => format!("[new_task completed] Result: {text}"),
        }
    }
}

/// What the host knows when a child's result arrives. Explicit fields win over the records;
/// the records win over the guard's own lifecycle. Fields in camelCase, every one optional
/// ([`IntegrateInput::from_value`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IntegrateInput {
    pub host: HostKind,
    pub api: ParentApi,
    pub parent_task_id: Option<String>,
    pub child_task_id: String,
    pub result: String,
    /// The host's `HistoryItem`s of both tasks, as persisted.
    pub parent: Option<HistoryRecord>,
    pub child: Option<HistoryRecord>,
    pub mode: Option<String>,
    pub parent_mode: Option<String>,
    /// The message the child was given (else the child record's `task`).
    pub instructions: Option<String>,
    pub root_task_id: Option<String>,
    /// Strategy B: rounds already sent to this child and the last score. Both default to what
    /// `state` (the host state the adapter persists) holds for this child.
    pub round: Option<u32>,
    pub previous_score: Option<f64>,
    /// Read leniently: a damaged state must not stop a result from reaching its parent.
    pub state: Option<Value>,
    /// Run the drift verifier (default true).
    pub verify: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum IntegrationStatus {
    Consistent,
    PotentialDrift,
    SignificantDrift,
    ContractViolation,
    /// Drift was not checked: no instructions are known, or verification is off.
    Unverified,
}

impl From<DriftStatus> for IntegrationStatus {
    fn from(s: DriftStatus) -> Self {
        match s {
            DriftStatus::Consistent => IntegrationStatus::Consistent,
            DriftStatus::PotentialDrift => IntegrationStatus::PotentialDrift,
            DriftStatus::SignificantDrift => IntegrationStatus::SignificantDrift,
        }
    }
}

/// The outcome applied: the verifier's, or one of integration's own.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum IntegrationOutcome {
    Verified(Outcome),
    Own(OwnOutcome),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum OwnOutcome {
    /// The result broke its output contract: the parent gets seed 001's error object.
    ContractError { text: String },
    /// Passed on unverified (see `findings` and `summary`).
    Proceed { text: String },
}

/// Strategy B's round to keep for the child.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NextRound {
    pub round: u32,
    pub score: f64,
}

/// The decision. `resume`: hand `text` to the parent now; otherwise `clarification` goes back
/// to the child (B) or the result is `held` (C).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Integration {
    pub resume: bool,
    pub status: IntegrationStatus,
    pub mode: String,
    /// What the parent receives (Roo/Zoo Code's `completionResultSummary`).
    pub text: Option<String>,
    /// `text` wrapped as the parent's model reads it under `api`.
    pub parent_message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clarification: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_round: Option<NextRound>,
    pub outcome: IntegrationOutcome,
    pub check: CheckReport,
    #[serde(rename = "verdict", skip_serializing_if = "Option::is_none")]
    pub verification: Option<Box<Verification>>,
    /// Disagreements with the host's records and other things the host must know.
    pub findings: Vec<Finding>,
    pub summary: String,
}

/// A step: decided, or the host's judge must answer `request` first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "kind"
)]
pub enum IntegrateStep {
    Done {
        integration: Box<Integration>,
    },
    Judge {
        token: u32,
        request: Box<JudgeRequest>,
        timeout_ms: u64,
        retries: u32,
    },
}

/// What integration resolved before the verifier ran, kept while the judge answers.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub api: ParentApi,
    pub child_id: String,
    pub mode: String,
    pub round: u32,
    pub check: CheckReport,
    pub findings: Vec<Finding>,
}

/// Where each input comes from: explicit value, then the host's records.
pub struct Sources {
    pub mode: Option<String>,
    pub parent_mode: Option<String>,
    pub instructions: Option<String>,
    pub root: Option<String>,
}

impl IntegrateInput {
    /// The input as the wrapper sends it (`guard.integrate({...})`); other fields are ignored,
    /// a field of another type is an error. Read by hand (serde's derived reader: 5 KB of the
    /// module).
    pub fn from_value(value: Value) -> serde_json::Result<IntegrateInput> {
        let mut f = crate::json_fields::Fields::of(value)?;
        let record = HistoryRecord::read;
        Ok(IntegrateInput {
            host: match f.opt_value("host")? {
                Some(v) => HostKind::from_value(&v)?,
                None => HostKind::default(),
            },
            api: match f.opt_value("api")? {
                Some(v) => match crate::json_fields::variant(&v, &["today", "seed"])? {
                    0 => ParentApi::Today,
                    _ => ParentApi::Seed,
                },
                None => ParentApi::default(),
            },
            parent_task_id: f.opt_text("parentTaskId")?,
            child_task_id: f.opt_text("childTaskId")?.unwrap_or_default(),
            result: f.opt_text("result")?.unwrap_or_default(),
            parent: f.opt_read("parent", record)?,
            child: f.opt_read("child", record)?,
            mode: f.opt_text("mode")?,
            parent_mode: f.opt_text("parentMode")?,
            instructions: f.opt_text("instructions")?,
            root_task_id: f.opt_text("rootTaskId")?,
            round: f.opt_count("round")?,
            previous_score: f.opt_number("previousScore")?,
            state: f.opt_value("state")?,
            verify: f.opt_flag("verify")?,
        })
    }

    pub fn sources(&self) -> Sources {
        let child = self.child.as_ref();
        Sources {
            mode: self
                .mode
                .clone()
                .or_else(|| child.and_then(|c| c.mode.clone())),
            parent_mode: self
                .parent_mode
                .clone()
                .or_else(|| self.parent.as_ref().and_then(|p| p.mode.clone())),
            instructions: self
                .instructions
                .clone()
                .or_else(|| child.and_then(|c| c.task.clone())),
            root: self
                .root_task_id
                .clone()
                .or_else(|| child.and_then(|c| c.root_task_id.clone())),
        }
    }

    /// Strategy B's round and last score: explicit values, else the host state's for this child.
    pub fn round(&self) -> (u32, Option<f64>) {
        let kept = self
            .state
            .as_ref()
            .and_then(|s| s.get("rounds")?.get(&self.child_task_id));
        let round = kept
            .and_then(|r| r.get("round")?.as_u64())
            .map(|r| r.min(u64::from(u32::MAX)) as u32);
        let score = kept
            .and_then(|r| r.get("score")?.as_f64())
            .filter(|s| (0.0..=1.0).contains(s));
        (
            self.round.or(round).unwrap_or(0),
            self.previous_score.or(score),
        )
    }

    /// The records' disagreements with this completion.
    pub fn record_findings(&self) -> Vec<Finding> {
        match &self.parent_task_id {
            Some(parent) => check_completion(
                self.host,
                parent,
                &self.child_task_id,
                self.parent.as_ref(),
                self.child.as_ref(),
            ),
            None => Vec::new(),
        }
    }
}

/// A contract-breaking result: the standardized error object with the child's original result
/// in it, cut (once, here) at `limits.maxStringLength` characters so the parent can still read it.
pub fn contract_error_text(check: &CheckReport, original: &str, settings: &Settings) -> String {
    let Some(obj) = &check.error_object else {
        return check.text.clone().unwrap_or_default();
    };
    let max = settings.limits.max_string_length;
    let kept = match original.char_indices().nth(max) {
        Some((cut, _)) => format!(
            "{}… [cut by boomerang-guard at {max} characters of {}]",
            &original[..cut],
            original.chars().count()
        ),
        None => original.to_string(),
    };
    let mut v = crate::json_text::to_value(obj).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut v {
        m.insert("originalResult".into(), Value::String(kept));
    }
    crate::json_text::to_string_pretty(&v).unwrap_or_default()
}

/// A unit enum's name as it crosses the boundary (its serde form), for summaries.
fn wire_name<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        _ => String::new(),
    }
}

fn summary_of(check: &CheckReport, findings: &[Finding], tail: &str) -> String {
    let mut s = check.summary.clone();
    if !tail.is_empty() {
        s.push(' ');
        s.push_str(tail);
    }
    for f in findings {
        s.push_str(" Host records: ");
        s.push_str(&f.message);
        s.push('.');
    }
    s
}

impl Resolved {
    /// Decided without the verifier: a contract violation, or drift not checked.
    pub fn without_verdict(self, text: String, status: IntegrationStatus) -> Integration {
        let tail = match status {
            IntegrationStatus::ContractViolation => String::new(),
            _ if self.findings.iter().any(|f| f.code == "no-instructions") => String::new(),
            _ => "Drift was not checked (verification is off).".into(),
        };
        let summary = summary_of(&self.check, &self.findings, &tail);
        let outcome = if status == IntegrationStatus::ContractViolation {
            OwnOutcome::ContractError { text: text.clone() }
        } else {
            OwnOutcome::Proceed { text: text.clone() }
        };
        Integration {
            resume: true,
            status,
            parent_message: Some(self.api.wrap(&self.child_id, &text)),
            text: Some(text),
            clarification: None,
            held: None,
            next_round: None,
            outcome: IntegrationOutcome::Own(outcome),
            mode: self.mode,
            check: self.check,
            verification: None,
            findings: self.findings,
            summary,
        }
    }

    /// Applies the verifier's outcome.
    pub fn with_verdict(self, v: Verification) -> Integration {
        let tail = format!(
            "Drift: {} (score {}, alignment {}/5, {}); outcome {}.",
            wire_name(&v.report.status),
            v.report.score,
            v.report.alignment,
            wire_name(&v.method),
            crate::verify::record::outcome_kind(&v.outcome)
        );
        let summary = summary_of(&self.check, &self.findings, &tail);
        let (resume, text, clarification, held, next_round) = match &v.outcome {
            Outcome::Proceed { text }
            | Outcome::Augment { text }
            | Outcome::Conditional { text, .. } => (true, Some(text.clone()), None, None, None),
            Outcome::Clarify { message } => (
                false,
                None,
                Some(message.clone()),
                None,
                Some(NextRound {
                    round: self.round + 1,
                    score: v.report.score,
                }),
            ),
            Outcome::Hold { result, .. } => (false, None, None, Some(result.clone()), None),
        };
        Integration {
            resume,
            status: v.report.status.into(),
            mode: self.mode,
            parent_message: text.as_deref().map(|t| self.api.wrap(&self.child_id, t)),
            text,
            clarification,
            held,
            next_round,
            outcome: IntegrationOutcome::Verified(v.outcome.clone()),
            check: self.check,
            verification: Some(Box::new(v)),
            findings: self.findings,
            summary,
        }
    }
}
