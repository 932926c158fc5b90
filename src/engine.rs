//! The composition root: one value that owns the guard (configuration, schemas, contracts), the
//! lifecycle registry and the verifier, and runs the steps that need more than one of them.
//! The wasm layer wraps exactly one `Engine` and converts; no assembly happens there.

use crate::config::{Config, Settings};
use crate::error::{ErrorCode, ErrorDetail, GuardError, Result};
use crate::guard::Guard;
use crate::host::HostState;
use crate::integrate::{
    contract_error_text, IntegrateInput, IntegrateStep, Integration, IntegrationStatus, Resolved,
};
use crate::lifecycle::{LifecycleEvent, Registry, Transition};
use crate::verify::bounded::Bounded;
use crate::verify::{JudgeAnswer, Step, Verifier, VerifyInput};

/// Integrations waiting for a judge answer (the verifier bounds its own side the same way).
const MAX_PENDING: usize = 4096;

pub struct Engine {
    pub guard: Guard,
    pub registry: Registry,
    pub verifier: Verifier,
    integrations: Bounded<u32, Resolved, MAX_PENDING>,
    /// Fields of the configuration that were dropped (lenient construction).
    pub config_problems: Vec<ErrorDetail>,
}

impl Engine {
    pub fn new(config: Config) -> Result<Engine> {
        Ok(Engine {
            guard: Guard::new(config)?,
            registry: Registry::default(),
            verifier: Verifier::default(),
            integrations: Bounded::default(),
            config_problems: Vec::new(),
        })
    }

    /// An engine that always starts: invalid fields of the configuration are dropped and
    /// reported in `config_problems` (a host's activation must never fail because of a setting).
    pub fn lenient(config_json: &str) -> Result<Engine> {
        let (config, problems) = Config::lenient(config_json);
        let mut engine = Engine::new(config)?;
        engine.config_problems = problems;
        Ok(engine)
    }

    pub fn settings(&self, mode: Option<&str>) -> &Settings {
        let config = self.guard.config();
        match mode {
            Some(m) => config.for_mode(m),
            None => config.settings(),
        }
    }

    /// A child's time budget (`timeouts.childMs` of its mode).
    pub fn budget_ms(&self, mode: &str) -> u64 {
        self.settings(Some(mode)).timeouts.child_ms
    }

    pub fn lifecycle_apply(&mut self, event: &LifecycleEvent, now: u64) -> Result<Vec<Transition>> {
        let config = self.guard.config();
        event.check_sizes(config.max_input_bytes())?;
        self.registry
            .apply(event, now, |mode| config.for_mode(mode).timeouts.child_ms)
    }

    /// Missing instructions, modes and root of a verification, from the lifecycle's records.
    fn fill_from_lifecycle(&self, input: &mut VerifyInput) {
        let Some(task) = input
            .child_task_id
            .as_deref()
            .and_then(|c| self.registry.task(c))
        else {
            return;
        };
        if input.parent_instructions.is_empty() {
            input.parent_instructions = task.instructions.clone().unwrap_or_default();
        }
        input.child_mode.get_or_insert_with(|| task.mode.clone());
        if input.parent_task_id.is_none() {
            input.parent_task_id = task.parent_id.clone();
        }
        input
            .root_task_id
            .get_or_insert_with(|| task.root_id.clone());
        if input.parent_mode.is_none() {
            input.parent_mode = task
                .parent_id
                .as_deref()
                .and_then(|p| self.registry.task(p))
                .map(|p| p.mode.clone());
        }
    }

    pub fn verify_begin(&mut self, mut input: VerifyInput, nonce: &str, now: f64) -> Result<Step> {
        self.fill_from_lifecycle(&mut input);
        let mode = input
            .child_mode
            .clone()
            .or_else(|| input.parent_mode.clone());
        let settings = self.settings(mode.as_deref()).clone();
        self.verifier.begin(&settings, input, nonce, now)
    }

    /// Starts a result integration (see `integrate`).
    pub fn integrate_begin(
        &mut self,
        input: IntegrateInput,
        nonce: &str,
        now: f64,
    ) -> Result<IntegrateStep> {
        if input.child_task_id.trim().is_empty() {
            return Err(GuardError::new(
                ErrorCode::InvalidArgument,
                "/childTaskId",
                "childTaskId must be the child's task id",
            ));
        }
        let mut findings = input.record_findings();
        let mut src = input.sources();
        let (round, previous_score) = input.round();
        let known = self.registry.task(&input.child_task_id);
        if src.mode.is_none() {
            src.mode = known.map(|t| t.mode.clone());
        }
        if src.instructions.is_none() {
            src.instructions = known.and_then(|t| t.instructions.clone());
        }
        // A mode without a contract (a custom mode, or one that vanished) is checked against
        // the generic contract: its result must still reach the parent.
        let asked = src.mode.clone().unwrap_or_else(|| "generic".into());
        let mode = if self.guard.contract_for(&asked).is_ok() {
            asked
        } else {
            findings.push(crate::host::Finding::new(
                "no-contract",
                &input.child_task_id,
                format!("mode {asked:?} has no contract; the result was checked against the generic one"),
            ));
            "generic".to_string()
        };
        let check = self.guard.check_task_result(&mode, &input.result)?;
        let settings = self.settings(Some(&mode)).clone();
        let resolved = Resolved {
            api: input.api,
            child_id: input.child_task_id.clone(),
            mode: mode.clone(),
            round,
            check,
            findings,
        };
        if !resolved.check.ok {
            let text = contract_error_text(&resolved.check, &input.result, &settings);
            let i = resolved.without_verdict(text, IntegrationStatus::ContractViolation);
            return Ok(done(i));
        }
        let text = resolved.check.text.clone().unwrap_or(input.result.clone());
        let instructions = src.instructions.filter(|s| !s.trim().is_empty());
        let Some(instructions) = instructions.filter(|_| input.verify != Some(false)) else {
            let mut resolved = resolved;
            if input.verify != Some(false) {
                resolved.findings.push(crate::host::Finding::new(
                    "no-instructions",
                    &input.child_task_id,
                    "no message is known for this child (no history item with its task text), so drift was not checked".into(),
                ));
            }
            return Ok(done(
                resolved.without_verdict(text, IntegrationStatus::Unverified),
            ));
        };
        let verify = VerifyInput {
            parent_instructions: instructions,
            child_output: text,
            parent_mode: src.parent_mode,
            child_mode: Some(mode),
            parent_task_id: input.parent_task_id,
            child_task_id: Some(input.child_task_id),
            root_task_id: src.root,
            round,
            previous_score,
        };
        let step = self.verifier.begin(&settings, verify, nonce, now)?;
        Ok(self.after_verifier(step, resolved))
    }

    /// Gives the judge's answer to a waiting integration.
    pub fn integrate_finish(
        &mut self,
        token: u32,
        answer: JudgeAnswer,
        now: f64,
    ) -> Result<IntegrateStep> {
        let Some(resolved) = self.integrations.remove(&token) else {
            return Err(GuardError::new(
                ErrorCode::InvalidArgument,
                "/token",
                format!("no integration is waiting for a judge answer under token {token}"),
            ));
        };
        let step = self.verifier.finish(token, answer, now)?;
        Ok(self.after_verifier(step, resolved))
    }

    pub fn integrate_abandon(&mut self, token: u32) -> bool {
        self.verifier.abandon(token);
        self.integrations.remove(&token).is_some()
    }

    fn after_verifier(&mut self, step: Step, resolved: Resolved) -> IntegrateStep {
        match step {
            Step::Done { verification } => done(resolved.with_verdict(*verification)),
            Step::Judge {
                token,
                request,
                timeout_ms,
                retries,
            } => {
                self.integrations.insert(token, resolved);
                IntegrateStep::Judge {
                    token,
                    request,
                    timeout_ms,
                    retries,
                }
            }
        }
    }

    /// Start-up reconciliation of the guard's host state with the host's records.
    pub fn reconcile(
        &self,
        state: HostState,
        host: crate::host::HostKind,
        records: &[crate::host::HistoryRecord],
        now: u64,
    ) -> crate::host::Reconciliation {
        state.reconcile(host, records, now, |mode| self.budget_ms(mode))
    }
}

fn done(i: Integration) -> IntegrateStep {
    IntegrateStep::Done {
        integration: Box::new(i),
    }
}
