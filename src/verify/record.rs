//! The verification record (seed 000 §4.2 step 8, §5.2.1, §5.2.2): one per verification, for the
//! host's log sinks. Texts are carried only when `log.includeTexts` is set; hashes always.

use super::session::{KeywordFigures, VerifyInput};
use super::{Method, Outcome};
use crate::config::{Settings, Strategy};
use crate::drift::{DriftReport, DriftStatus};
use crate::gather::Gather;
use crate::judge::Verdict;
use serde::Serialize;
use xxhash_rust::xxh3::xxh3_128;

/// What happened with the judge for one verification.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JudgeInfo {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
    /// Calls made, retries and the re-ask included.
    pub attempts: u32,
    /// The first answer could not be read and the judge was asked again.
    pub reasked: bool,
    /// The verdict came from the cache; no call was made.
    pub cached: bool,
    /// No judge verdict was used: the keyword verdict stands (error, timeout, budget, unparsable).
    pub fallback: bool,
    /// An unreadable answer made the result drifted (`judge.onUnparsable = "fail"`).
    pub failed_closed: bool,
    pub timed_out: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unparsable: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
    pub elapsed_ms: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Requirements {
    pub ids: Vec<String>,
    pub addressed: Vec<String>,
    pub missing: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VerificationRecord {
    /// Record format version.
    pub schema: u32,
    /// Per-guard sequence number.
    pub seq: u64,
    /// Host clock (ms since the epoch) when the verification started and ended.
    pub started_ms: f64,
    pub ended_ms: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_task_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub child_task_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root_task_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub child_mode: Option<String>,
    pub instructions_hash: String,
    pub result_hash: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instructions: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    pub method: Method,
    pub status: DriftStatus,
    pub score: f64,
    pub alignment: u8,
    pub keyword: KeywordFigures,
    pub reasons: Vec<String>,
    pub lost: Vec<String>,
    pub violations: Vec<String>,
    pub unevidenced: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge: Option<JudgeInfo>,
    /// Keyword and judge on the same side of the potential threshold (for calibration).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agreement: Option<bool>,
    pub strategy: Strategy,
    /// `proceed`, `augment`, `clarify`, `hold` or `conditional`.
    pub outcome: String,
    pub round: u32,
    pub requirements: Requirements,
    pub config_version: String,
}

/// `log.version` when the configuration names one, else a hash of the effective settings.
pub fn config_version(settings: &Settings) -> String {
    match &settings.version {
        Some(v) => v.clone(),
        None => settings.fingerprint().to_string(),
    }
}

pub fn text_hash(text: &str) -> String {
    format!("xxh3-128:{:032x}", xxh3_128(text.as_bytes()))
}

pub fn outcome_kind(o: &Outcome) -> &'static str {
    match o {
        Outcome::Proceed { .. } => "proceed",
        Outcome::Augment { .. } => "augment",
        Outcome::Clarify { .. } => "clarify",
        Outcome::Hold { .. } => "hold",
        Outcome::Conditional { .. } => "conditional",
    }
}

#[allow(clippy::too_many_arguments)]
pub fn build(
    seq: u64,
    settings: &Settings,
    input: &VerifyInput,
    report: &DriftReport,
    keyword: &KeywordFigures,
    method: Method,
    judge: Option<&JudgeInfo>,
    agreement: Option<bool>,
    outcome: &Outcome,
    started_ms: f64,
    ended_ms: f64,
) -> VerificationRecord {
    let texts = settings.log.include_texts;
    // (A checklist is tens of items: a scan costs less module than a set of its own type.)
    let missing = report
        .requirements
        .iter()
        .filter(|r| !report.requirements_addressed.contains(r))
        .cloned()
        .gather();
    VerificationRecord {
        schema: 1,
        seq,
        started_ms,
        ended_ms,
        parent_task_id: input.parent_task_id.clone(),
        child_task_id: input.child_task_id.clone(),
        root_task_id: input
            .root_task_id
            .clone()
            .or_else(|| input.parent_task_id.clone()),
        parent_mode: input.parent_mode.clone(),
        child_mode: input.child_mode.clone(),
        instructions_hash: text_hash(&input.parent_instructions),
        result_hash: text_hash(&input.child_output),
        instructions: texts.then(|| input.parent_instructions.clone()),
        result: texts.then(|| input.child_output.clone()),
        method,
        status: report.status,
        score: report.score,
        alignment: report.alignment,
        keyword: keyword.clone(),
        reasons: report.reasons.clone(),
        lost: report.lost.iter().map(|c| c.concept.clone()).gather(),
        violations: report
            .violations
            .iter()
            .map(|v| format!("{}: {}", v.constraint.trim(), v.reason))
            .gather(),
        unevidenced: report
            .checklist
            .iter()
            .filter(|c| !c.fulfilled)
            .map(|c| c.item.clone())
            .gather(),
        judge: judge.cloned(),
        agreement,
        strategy: settings.strategy,
        outcome: outcome_kind(outcome).into(),
        round: input.round,
        requirements: Requirements {
            ids: report.requirements.clone(),
            addressed: report.requirements_addressed.clone(),
            missing,
        },
        config_version: config_version(settings),
    }
}
