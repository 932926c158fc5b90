//! The verifier as a step machine (seed 000 §4.2): `begin` runs the keyword stage and either
//! decides at once or asks the host to call its judge; `finish` takes the judge's answer (or
//! why there is none), re-asks once on an unreadable answer, and decides. The host's async call,
//! its timeout and retries stay outside the core, so the core never waits on anything.

use super::bounded::Bounded;
use super::record::{self, JudgeInfo, VerificationRecord};
use super::{combine, needs_judge, outcome, status_of, Combined, Method, Outcome};
use crate::config::{OnUnparsable, Settings, Strategy};
use crate::drift::{self, DriftReport, DriftStatus};
use crate::error::{ErrorCode, GuardError, Result};
use crate::gather::Gather;
use crate::gather::PushAll;
use crate::judge::{build_request, parse_verdict, JudgeRequest, Verdict};
use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::Xxh3;

/// What `verify` is given. Field names are the public API's (`../shared/API.md`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifyInput {
    pub parent_instructions: String,
    pub child_output: String,
    #[serde(default)]
    pub parent_mode: Option<String>,
    #[serde(default)]
    pub child_mode: Option<String>,
    #[serde(default)]
    pub parent_task_id: Option<String>,
    #[serde(default)]
    pub child_task_id: Option<String>,
    /// The task whose judge budget this call spends; defaults to the parent's root.
    #[serde(default)]
    pub root_task_id: Option<String>,
    /// Strategy B: clarification rounds already sent for this child, and the previous score.
    #[serde(default)]
    pub round: u32,
    #[serde(default)]
    pub previous_score: Option<f64>,
}

/// The answer the host got from its judge callback: `{"kind": "text", text, attempts}` or
/// `{"kind": "failed", error, timedOut, attempts}` at the boundary ([`JudgeAnswer::from_json`]).
#[derive(Debug, Clone, PartialEq)]
pub enum JudgeAnswer {
    /// The model's text (an object answer arrives as its JSON text).
    Text { text: String, attempts: u32 },
    /// The callback threw, rejected or timed out on every attempt.
    Failed {
        error: String,
        timed_out: bool,
        attempts: u32,
    },
}

impl JudgeAnswer {
    /// An answer as the wrapper sends it: an object whose `kind` names it.
    pub fn from_json(text: &str) -> serde_json::Result<JudgeAnswer> {
        let (name, mut f) = crate::json_fields::tagged_text("kind", text)?;
        Ok(match name.as_str() {
            "text" => JudgeAnswer::Text {
                text: f.text("text")?,
                attempts: f.count("attempts")?,
            },
            "failed" => JudgeAnswer::Failed {
                error: f.text("error")?,
                timed_out: f.opt_flag("timedOut")?.unwrap_or(false),
                attempts: f.count("attempts")?,
            },
            _ => return Err(crate::json_fields::unknown(&name, &["text", "failed"])),
        })
    }
}

/// The verifier's answer: the drift report's fields (score, alignment and status combined with
/// the judge's when there is one), how it was reached, what to do, and the log record.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    #[serde(flatten)]
    pub report: DriftReport,
    pub method: Method,
    /// The keyword stage's own figures, before any combination.
    pub keyword: KeywordFigures,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge: Option<JudgeInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agreement: Option<bool>,
    pub strategy: Strategy,
    pub outcome: Outcome,
    pub record: VerificationRecord,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeywordFigures {
    pub score: f64,
    pub alignment: u8,
    pub status: DriftStatus,
}

/// One step: decided, or the host must call its judge with `request`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "kind"
)]
pub enum Step {
    Done {
        verification: Box<Verification>,
    },
    Judge {
        token: u32,
        request: Box<JudgeRequest>,
        timeout_ms: u64,
        retries: u32,
    },
}

struct Pending {
    input: VerifyInput,
    settings: Settings,
    keyword: DriftReport,
    request: JudgeRequest,
    cache_key: u128,
    budget_key: Option<String>,
    attempts: u32,
    reasked: bool,
    started_ms: f64,
    /// The judge this request went to; its verdict is cached only while that judge is set.
    judge_generation: u64,
}

/// Judge verdicts kept for repeated identical verifications.
const CACHE_ENTRIES: usize = 512;
/// Root tasks whose judge budget is tracked.
const MAX_ROOTS: usize = 10_000;
/// Verifications awaiting a judge answer; beyond this the oldest is dropped (its host vanished).
const MAX_PENDING: usize = 4096;

const REMINDER: &str = "\n\nREMINDER: your previous answer could not be read. Answer with exactly one JSON object of this form and nothing else: {\"directAdherence\": true|false, \"goalAlignment\": true|false, \"drift\": true|false, \"unaddressed\": [\"...\"], \"alignment\": 1-5, \"explanation\": \"...\"}\n";

#[derive(Default)]
pub struct Verifier {
    pending: Bounded<u32, Pending, MAX_PENDING>,
    next_token: u32,
    cache: Bounded<u128, Verdict, CACHE_ENTRIES>,
    budgets: Bounded<String, u32, MAX_ROOTS>,
    sequence: u64,
    judge_generation: u64,
}

impl Verifier {
    /// Judge calls spent for a root task.
    pub fn budget_used(&self, root: &str) -> u32 {
        self.budgets.get(root).copied().unwrap_or(0)
    }

    /// Verifications waiting for a judge answer.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }

    /// Runs the keyword stage; decides unless the judge must be asked. `nonce` must be
    /// unpredictable (it fences the child's result in the prompt); `now_ms` is the host's clock.
    pub fn begin(
        &mut self,
        settings: &Settings,
        input: VerifyInput,
        nonce: &str,
        now_ms: f64,
    ) -> Result<Step> {
        check_input(&input)?;
        let keyword = drift::score(
            &input.parent_instructions,
            &input.child_output,
            &settings.thresholds,
        );
        if !settings.enabled || !needs_judge(&keyword, &settings.judge) {
            return Ok(done(
                self.decide(settings, &input, keyword, None, now_ms, now_ms),
            ));
        }
        let cache_key = cache_key(&input, settings);
        let budget_key = input
            .root_task_id
            .clone()
            .or_else(|| input.parent_task_id.clone());
        // Decided without a call: a cached verdict, or a spent budget.
        let without_call = if let Some(verdict) = self.cache.get(&cache_key).cloned() {
            Some(JudgeInfo {
                verdict: Some(verdict),
                cached: true,
                ..JudgeInfo::default()
            })
        } else {
            budget_key
                .as_ref()
                .filter(|root| self.budget_used(root) >= settings.judge.budget_per_root_task)
                .map(|root| JudgeInfo {
                    skipped: Some(format!(
                        "the judge budget of {} calls for root task {root:?} is spent",
                        settings.judge.budget_per_root_task
                    )),
                    fallback: true,
                    ..JudgeInfo::default()
                })
        };
        if let Some(info) = without_call {
            let v = self.decide(settings, &input, keyword, Some(info), now_ms, now_ms);
            return Ok(done(v));
        }
        let request = build_request(
            &input.parent_instructions,
            &input.child_output,
            input.parent_mode.as_deref(),
            input.child_mode.as_deref(),
            &keyword,
            nonce,
        );
        let token = self.next_token;
        self.next_token = self.next_token.wrapping_add(1);
        let step = Step::Judge {
            token,
            request: Box::new(request.clone()),
            timeout_ms: settings.judge.timeout_ms,
            retries: settings.judge.retries,
        };
        self.pending.insert(
            token,
            Pending {
                input,
                settings: settings.clone(),
                keyword,
                request,
                cache_key,
                budget_key,
                attempts: 0,
                reasked: false,
                started_ms: now_ms,
                judge_generation: self.judge_generation,
            },
        );
        Ok(step)
    }

    /// Takes the judge's answer for `token`. An unreadable answer is re-asked once, with a
    /// format reminder; a second one follows `judge.onUnparsable`.
    pub fn finish(&mut self, token: u32, answer: JudgeAnswer, now_ms: f64) -> Result<Step> {
        let Some(mut p) = self.pending.remove(&token) else {
            return Err(GuardError::new(
                ErrorCode::InvalidArgument,
                "/token",
                format!("no verification is waiting for a judge answer under token {token}"),
            ));
        };
        let attempts = match &answer {
            JudgeAnswer::Text { attempts, .. } | JudgeAnswer::Failed { attempts, .. } => *attempts,
        };
        p.attempts += attempts;
        if let Some(root) = &p.budget_key {
            self.spend(root, attempts);
        }
        let mut info = JudgeInfo {
            attempts: p.attempts,
            reasked: p.reasked,
            elapsed_ms: (now_ms - p.started_ms).max(0.0),
            ..JudgeInfo::default()
        };
        match answer {
            JudgeAnswer::Failed {
                error, timed_out, ..
            } => {
                info.error = Some(error);
                info.timed_out = timed_out;
                info.fallback = true;
            }
            JudgeAnswer::Text { text, .. } => {
                match parse_verdict(&text, &p.request.delimiter, &p.request.result) {
                    Ok(verdict) => {
                        if p.judge_generation == self.judge_generation {
                            self.remember(p.cache_key, verdict.clone());
                        }
                        info.verdict = Some(verdict);
                    }
                    Err(why) => {
                        let budget_left = p.budget_key.as_ref().is_none_or(|root| {
                            self.budget_used(root) < p.settings.judge.budget_per_root_task
                        });
                        if !p.reasked && budget_left {
                            p.reasked = true;
                            let mut request = p.request.clone();
                            request.prompt.push_str(REMINDER);
                            let step = Step::Judge {
                                token,
                                request: Box::new(request),
                                timeout_ms: p.settings.judge.timeout_ms,
                                retries: p.settings.judge.retries,
                            };
                            self.pending.insert(token, p);
                            return Ok(step);
                        }
                        info.unparsable = Some(why);
                        info.fallback = p.settings.judge.on_unparsable == OnUnparsable::Pass;
                        info.failed_closed = p.settings.judge.on_unparsable == OnUnparsable::Fail;
                    }
                }
            }
        }
        let Pending {
            input,
            settings,
            keyword,
            started_ms,
            ..
        } = p;
        Ok(done(self.decide(
            &settings,
            &input,
            keyword,
            Some(info),
            started_ms,
            now_ms,
        )))
    }

    /// Forgets every cached verdict: they were the previous judge's.
    pub fn forget_verdicts(&mut self) {
        self.cache = Bounded::default();
        self.judge_generation += 1;
    }

    /// Drops a waiting verification (the host gave up on it).
    pub fn abandon(&mut self, token: u32) -> bool {
        self.pending.remove(&token).is_some()
    }

    /// Counts judge calls for a root task (the oldest roots are forgotten past `MAX_ROOTS`).
    fn spend(&mut self, root: &str, calls: u32) {
        match self.budgets.get_mut(root) {
            Some(used) => *used += calls,
            None => self.budgets.insert(root.to_string(), calls),
        }
    }

    fn remember(&mut self, key: u128, verdict: Verdict) {
        self.cache.insert(key, verdict);
    }

    fn decide(
        &mut self,
        settings: &Settings,
        input: &VerifyInput,
        keyword: DriftReport,
        judge: Option<JudgeInfo>,
        started_ms: f64,
        now_ms: f64,
    ) -> Verification {
        let verdict = judge.as_ref().and_then(|j| j.verdict.as_ref());
        let mut c = combine(&keyword, verdict, &settings.thresholds);
        let mut report = keyword.clone();
        if let Some(j) = &judge {
            if j.failed_closed {
                c.score = c.score.max(settings.thresholds.significant);
                c.status = status_of(c.score, &settings.thresholds);
                c.alignment = c.alignment.min(2);
                report.reasons.insert(
                    0,
                    "The judge's answer could not be read; the result is treated as drifted (judge.onUnparsable = \"fail\").".into(),
                );
            } else if j.fallback {
                let why = j
                    .skipped
                    .clone()
                    .or_else(|| j.error.clone())
                    .or_else(|| j.unparsable.clone())
                    .unwrap_or_default();
                report.reasons.push(format!(
                    "The LLM judge gave no verdict ({why}); this is the keyword verdict."
                ));
            }
            if let Some(v) = &j.verdict {
                add_judge_reasons(&mut report.reasons, v, &c);
            }
        }
        if !settings.enabled {
            report
                .reasons
                .insert(0, "Verification is disabled for this mode.".into());
        }
        report.score = c.score;
        report.alignment = c.alignment;
        report.status = c.status;
        let keyword_figures = KeywordFigures {
            score: keyword.score,
            alignment: keyword.alignment,
            status: keyword.status,
        };
        let line = headline(judge.as_ref(), &keyword.reasons);
        let out = self.outcome_for(settings, input, &c, &line, &report.reasons);
        self.sequence += 1;
        let record = record::build(
            self.sequence,
            settings,
            input,
            &report,
            &keyword_figures,
            c.method,
            judge.as_ref(),
            c.agreement,
            &out,
            started_ms,
            now_ms,
        );
        Verification {
            report,
            method: c.method,
            keyword: keyword_figures,
            judge,
            agreement: c.agreement,
            strategy: settings.strategy,
            outcome: out,
            record,
        }
    }

    fn outcome_for(
        &self,
        settings: &Settings,
        input: &VerifyInput,
        c: &Combined,
        line: &[String],
        reasons: &[String],
    ) -> Outcome {
        if !settings.enabled {
            return Outcome::Proceed {
                text: input.child_output.clone(),
            };
        }
        let strategy = settings.strategy;
        if strategy == Strategy::B
            && c.status != DriftStatus::Consistent
            && !super::keep_clarifying(
                input.round,
                settings.clarification.max_rounds,
                input.previous_score,
                c.score,
            )
        {
            // The loop ends; the parent gets the result with the analysis rather than nothing.
            let why = if input.round >= settings.clarification.max_rounds {
                format!(
                    "Clarification stopped after {} round(s)",
                    input.round.min(settings.clarification.max_rounds)
                )
            } else {
                "Clarification stopped: the revised answer did not improve on the previous one"
                    .to_string()
            };
            let mut rs = vec![why];
            rs.push_all(line.iter().cloned());
            let text = super::augmented(c.status, c.alignment, &rs, &input.child_output);
            return Outcome::Augment { text };
        }
        // The child gets every reason; the parent's reason line is the short one.
        let why = if strategy == Strategy::B {
            reasons
        } else {
            line
        };
        outcome(
            strategy,
            c,
            why,
            &input.parent_instructions,
            &input.child_output,
            input.round,
        )
    }
}

fn done(v: Verification) -> Step {
    Step::Done {
        verification: Box::new(v),
    }
}

fn check_input(input: &VerifyInput) -> Result<()> {
    if input.parent_instructions.trim().is_empty() {
        return Err(GuardError::new(
            ErrorCode::InvalidArgument,
            "/parentInstructions",
            "parentInstructions is empty: nothing to verify against (pass the new_task message)",
        ));
    }
    if let Some(p) = input.previous_score {
        if !(0.0..=1.0).contains(&p) {
            return Err(GuardError::new(
                ErrorCode::InvalidArgument,
                "/previousScore",
                "previousScore must be a drift score between 0 and 1",
            ));
        }
    }
    Ok(())
}

/// The judge's findings a person reads first: its explanation and what it says was not addressed.
fn add_judge_reasons(reasons: &mut Vec<String>, v: &Verdict, c: &Combined) {
    if c.status == DriftStatus::Consistent {
        return;
    }
    let mut mine: Vec<String> = v
        .explanation
        .iter()
        .map(|e| format!("Judge: {}", e.trim()))
        .gather();
    for u in v.unaddressed.iter().take(3) {
        mine.push(format!(
            "Judge: not addressed: {}.",
            u.trim_end_matches('.')
        ));
    }
    reasons.splice(0..0, mine);
}

/// The reason line of an augmented result: the judge's own explanation when it gave one (the
/// seed's examples quote the judge), else the keyword stage's most serious reasons.
fn headline(judge: Option<&JudgeInfo>, reasons: &[String]) -> Vec<String> {
    match judge
        .and_then(|j| j.verdict.as_ref())
        .and_then(|v| v.explanation.as_deref())
    {
        Some(e) if !e.trim().is_empty() => vec![e.trim().to_string()],
        _ => reasons.to_vec(),
    }
}

/// The cache key: everything the verdict depends on.
fn cache_key(input: &VerifyInput, settings: &Settings) -> u128 {
    let mut h = Xxh3::new();
    for part in [
        input.parent_instructions.as_str(),
        input.child_output.as_str(),
        input.parent_mode.as_deref().unwrap_or("\u{0}"),
        input.child_mode.as_deref().unwrap_or("\u{0}"),
    ] {
        h.update(&(part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    h.update(record::config_version(settings).as_bytes());
    h.digest128()
}
