//! Keyword and concept drift scoring (seed 000 §3.3, §3.4, §3.6, §5.2.4): how far a child's
//! result strays from the parent's instructions, with the reasons a person can read. It is the
//! cheap first stage of the hybrid verifier; the LLM judge comes after it.

pub mod answer;
pub mod checkable;
pub mod checklist;
pub mod combine;
pub mod constraints;
pub mod eval;
pub mod file_scope;
pub mod modality;
pub mod phrases;
pub mod secrets;
pub mod segment;
pub mod signals;
pub mod text;
pub mod weights;
mod word_break;

use crate::config::Thresholds;
use crate::drift::text::Lower;
use crate::gather::Gather;
use crate::gather::GatherText;
use crate::gather::Keep;
use checklist::ChecklistItem;
use constraints::Violation;
use modality::Modality;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use serde::Serialize;
use std::rc::Rc;

/// How many of the instruction's most specific concepts coverage is measured on.
const KEY_CONCEPTS: usize = 16;

/// Texts longer than this are scored on their first `MAX_TEXT_BYTES` (reported in `reasons`).
/// The stage runs at about 0.3 ms per KB natively in the worst case (0.8 ms in wasm), so this
/// bounds one call to a couple of hundred milliseconds whatever the input.
pub const MAX_TEXT_BYTES: usize = 128 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DriftStatus {
    Consistent,
    PotentialDrift,
    SignificantDrift,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Concept {
    pub concept: String,
    pub weight: f64,
}

/// What the stage decides on its own: only where its calibrated probability is confident;
/// `unsure` is what sends a result to the judge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    Consistent,
    Unsure,
    Drift,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DriftReport {
    /// 0 = fully consistent, 1 = fully drifted.
    pub score: f64,
    /// 1..5, the seed's judge scale (5 = fully aligned).
    pub alignment: u8,
    pub status: DriftStatus,
    /// Weighted share of the instruction's concepts found in the result.
    pub coverage: f64,
    pub jaccard: f64,
    pub preserved: Vec<Concept>,
    pub added: Vec<Concept>,
    pub lost: Vec<Concept>,
    pub checklist: Vec<ChecklistItem>,
    pub violations: Vec<Violation>,
    pub reasons: Vec<String>,
    pub expected_modality: Modality,
    pub delivered_modality: Modality,
    /// Requirement ids (`[REQ-12]`, `REQ-12`) in the instructions, and those the result addresses.
    pub requirements: Vec<String>,
    pub requirements_addressed: Vec<String>,
    /// The message's explicit, checkable constraints and whether the result keeps each.
    pub checked: Vec<checkable::Checked>,
    /// Every declared signal with its value and evidence (`signals/`).
    pub signals: Vec<signals::Signal>,
    /// Calibrated probability that the result drifted (the fitted weights of `weights.rs`).
    pub probability: f64,
    pub decision: Decision,
    /// The instructions ask for an unhelpful or wrong answer: content scores are inverted.
    pub inverted: bool,
    /// Distinct concepts (content stems and identifiers) the result states: how much it says
    /// of its own, which is what makes a miss of the instruction's concepts evidence.
    pub result_concepts: usize,
}

/// The seed's 1–5 scale over the status bands: 5 consistent, 4–3 potential drift, 2–1
/// significant drift (each drift band halved).
pub fn alignment(score: f64, t: &Thresholds) -> u8 {
    if score < t.potential {
        5
    } else if score < (t.potential + t.significant) / 2.0 {
        4
    } else if score < t.significant {
        3
    } else if score < (1.0 + t.significant) / 2.0 {
        2
    } else {
        1
    }
}

impl DriftReport {
    /// The value of the signal `name` (0 when there is none of that name).
    pub fn signal(&self, name: &str) -> f64 {
        self.signals
            .iter()
            .find(|s| s.name == name)
            .map_or(0.0, |s| s.value)
    }
}

/// Stems of words that name the form of the answer asked for ("give two example sentences
/// with the word…", "name three traits"), not its content: a good answer delivers the
/// form without naming it, so they are not concepts it must cover.
const FORM_WORDS: &str = "exampl|sentenc|word|list|paragraph|characterist|thing|way|bullet|point";

/// Whether `stem` is one of the [`FORM_WORDS`].
pub fn is_form_word(stem: &str) -> bool {
    text::in_list(FORM_WORDS, stem)
}

/// Scope-limiting words: with them, new concepts in the result count as scope expansion.
const SCOPE_LIMITS: &str =
    "only|single|just |simple|one paragraph|no new|nothing else|minimal|one-liner";
/// Instructions that ask for the opposite of a helpful answer.
const INVERSIONS: &str = "in an unhelpful way|unhelpful response|respond incorrectly|wrong answer|incorrect answer|be unhelpful";

/// Inversion and scope-limit cues, in one pass over the instructions.
static INSTRUCTION_CUES: phrases::PhraseGroups<2> =
    phrases::PhraseGroups::new([INVERSIONS, SCOPE_LIMITS]);
fn cap(s: &str) -> (&str, bool) {
    if s.len() <= MAX_TEXT_BYTES {
        return (s, false);
    }
    let mut end = MAX_TEXT_BYTES;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    (s.get(..end).unwrap_or_default(), true)
}

pub struct Concepts {
    pub stems: HashMap<Rc<str>, (Rc<str>, f64)>,
    pub ids: HashSet<String>,
    pub id_spans: Vec<(usize, String)>,
    pub tokens: Vec<text::Token>,
}

impl Concepts {
    /// How many distinct concepts (content stems and identifiers) the text states.
    pub fn count(&self) -> usize {
        self.stems.len() + self.ids.len()
    }
}

fn concepts(text: &str) -> Concepts {
    let toks = text::tokens(text);
    let id_spans = text::identifiers_at(text);
    let mut stems = HashMap::default();
    for t in &toks {
        stems
            .entry(t.stem.clone())
            .or_insert_with(|| (t.word.clone(), t.weight));
    }
    Concepts {
        ids: id_spans.iter().map(|(_, id)| id.clone()).collect(),
        id_spans,
        tokens: toks,
        stems,
    }
}

/// Prefixes that mark a bare requirement id; any uppercase prefix counts inside brackets
/// (`[SEC-3]`), so that `UTF-8` or `SHA-256` in prose are not taken for requirements.
const REQUIREMENT_PREFIXES: &str = "REQ|FR|NFR|AC|US|SR|UR|RQ|TR";

/// `PREFIX-123` with an uppercase prefix; `known_prefix_only` limits it to requirement prefixes.
fn id_shape(word: &str, known_prefix_only: bool) -> bool {
    let Some((prefix, number)) = word.split_once('-') else {
        return false;
    };
    prefix.len() >= 2
        && prefix.chars().all(|c| c.is_ascii_uppercase())
        && !number.is_empty()
        && number.chars().all(|c| c.is_ascii_digit())
        && (!known_prefix_only || crate::drift::text::in_list(REQUIREMENT_PREFIXES, prefix))
}

/// Requirement ids in order of first appearance: bracketed ids of any uppercase prefix
/// (`[SEC-3]`), bare ids of the known prefixes (`REQ-12`); with `anywhere`, bare ids of any prefix.
pub fn requirement_ids(text: &str, anywhere: bool) -> Vec<String> {
    let bytes = text.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
    let mut out: Vec<String> = Vec::new();
    let mut seen: HashSet<&str> = HashSet::default();
    let mut next_from = 0;
    // Every id has a hyphen: look only around hyphens.
    for dash in memchr::memchr_iter(b'-', bytes) {
        if dash < next_from {
            continue;
        }
        let mut start = dash;
        while start > 0 && bytes.get(start - 1).copied().is_some_and(is_word) {
            start -= 1;
        }
        let mut end = dash;
        while bytes.get(end).copied().is_some_and(is_word) {
            end += 1;
        }
        next_from = end;
        let word = text.get(start..end).unwrap_or_default();
        let bracketed =
            start > 0 && bytes.get(start - 1) == Some(&b'[') && bytes.get(end) == Some(&b']');
        if id_shape(word, !(bracketed || anywhere)) && seen.insert(word) {
            out.push(word.to_string());
        }
    }
    out
}

/// Scores how far `result` drifts from `instructions`.
pub fn score(instructions: &str, result: &str, thresholds: &Thresholds) -> DriftReport {
    let (instructions, cut_i) = cap(instructions);
    let (result, cut_r) = cap(result);
    let lower_i = instructions.lower();
    let [inverted, limited] = INSTRUCTION_CUES.present(&lower_i);
    // With an inverted instruction, the task proper is the user input it wraps (after its
    // "User Input:" label, which is not part of the task).
    let task_owned = text::strip_boilerplate(if inverted {
        // ASCII lowercasing keeps byte offsets valid in `instructions`.
        instructions
            .to_ascii_lowercase()
            .rfind("user input")
            .and_then(|i| instructions.get(i + "user input".len()..))
            .map(|t| t.trim_start_matches(&[':', ' ', '\n', '\r', '\t'][..]))
            .unwrap_or(instructions)
    } else {
        instructions
    });
    let task = task_owned.as_str();
    let ci = concepts(task);
    let cr = concepts(result);
    let mut reasons = Vec::new();
    if cut_i || cut_r {
        reasons.push(format!(
            "Texts over {MAX_TEXT_BYTES} bytes were scored on their first {MAX_TEXT_BYTES} bytes."
        ));
    }

    // The instruction's key concepts: its most specific ones (a long request's long tail
    // should not drown a concise answer).
    let mut key: Vec<(Rc<str>, f64)> = ci
        .stems
        .iter()
        .filter(|(s, _)| !is_form_word(s))
        .map(|(s, (_, w))| (s.clone(), *w))
        .gather();
    crate::sort::sort_by(&mut key, |a, b| {
        b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0))
    });
    key.truncate(KEY_CONCEPTS);

    // Constraints, checklist, modality, scope, the request's own logic.
    let negs = constraints::negatives(task);
    let code = modality::Code::of(result);
    let mut violations = constraints::check_negatives(&negs, result, &cr.tokens, &code);
    violations.extend(file_scope::check(&file_scope::limits(task), result));
    let checked = checkable::check_all(instructions, result);
    // A format the checkable constraints also read ("exactly 12 words") is theirs alone: one
    // broken instruction is one violation.
    let formats: Vec<_> = constraints::formats(instructions).kept(|(_, f)| !f.covered_by(&checked));
    violations.extend(constraints::check_formats(&formats, result));
    for c in checked.iter().filter(|c| !c.holds) {
        violations.push(constraints::Violation {
            constraint: c.constraint.clone(),
            reason: c.evidence.clone().unwrap_or_else(|| "not kept".into()),
            evidence: None,
        });
    }
    let items = checklist::items(task);
    let source = checklist::Source {
        tokens: &ci.tokens,
        ids: &ci.id_spans,
    };
    let mut checklist = checklist::check(&items, &source, result, &cr.tokens, &cr.ids);
    for item in checklist.iter_mut() {
        // A "do not" item is fulfilled by not doing it.
        if negs.iter().any(|n| {
            text::contains(&n.text, &item.item)
                || text::contains(&item.item, n.text.trim_start_matches(&['-', '*', ' '][..]))
        }) {
            item.fulfilled = !violations
                .iter()
                .any(|v| text::contains(&v.constraint, &item.item));
            item.coverage = if item.fulfilled { 1.0 } else { 0.0 };
        }
    }
    let expected = modality::expected(task);
    let delivered = modality::delivered(result, &code);
    let named_ids: Vec<String> = ci.ids.iter().cloned().gather();
    let modality_reason = modality::mismatch(expected, result, &code, &named_ids)
        .or_else(|| modality::unasked_change(expected, task, result));
    let lower_r = result.lower();
    let named: String = task.lower();
    // New code definitions the request did not name (new names in prose are specifics).
    let new_definitions: Vec<String> =
        text::definitions(result).kept(|d| !named.contains(d.as_str()));
    let findings = answer::check(&named, &lower_r);

    let prose = signals::prose(result);
    let ctx = signals::Ctx {
        task,
        result,
        result_lower: &lower_r,
        prose: &prose,
        ci: &ci,
        cr: &cr,
        key: &key,
        checklist: &checklist,
        violations: &violations,
        expected,
        modality_reason: modality_reason.as_deref(),
        limited,
        new_definitions: &new_definitions,
        findings: &findings,
        checked: &checked,
    };
    let signals = signals::measure(&ctx);
    let probability = combine::probability(&signals, inverted);
    let value = |name: &str| {
        signals
            .iter()
            .find(|s| s.name == name)
            .map_or(0.0, |s| s.value)
    };
    let coverage = 1.0 - value("coverage");
    let jaccard = 1.0 - value("overlap");

    let list = |m: &HashMap<Rc<str>, (Rc<str>, f64)>, keep: &dyn Fn(&Rc<str>) -> bool| {
        let mut v: Vec<Concept> = m
            .iter()
            .filter(|(s, _)| keep(s))
            .map(|(_, (w, wt))| Concept {
                concept: w.to_string(),
                weight: (wt * 100.0).round() / 100.0,
            })
            .gather();
        crate::sort::sort_by(&mut v, |a, b| {
            b.weight
                .total_cmp(&a.weight)
                .then_with(|| a.concept.cmp(&b.concept))
        });
        v.truncate(25);
        v
    };
    let id_weight = 2.0;
    let mut preserved = list(&ci.stems, &|s| cr.stems.contains_key(s));
    let mut lost = list(&ci.stems, &|s| {
        !cr.stems.contains_key(s) && !is_form_word(s)
    });
    let mut added = list(&cr.stems, &|s| !ci.stems.contains_key(s));
    for id in &ci.ids {
        let c = Concept {
            concept: id.clone(),
            weight: id_weight,
        };
        if cr.ids.contains(id) {
            preserved.insert(0, c)
        } else {
            lost.insert(0, c)
        }
    }
    for id in cr.ids.iter().filter(|i| !ci.ids.contains(*i)) {
        added.insert(
            0,
            Concept {
                concept: id.clone(),
                weight: id_weight,
            },
        );
    }

    // Reasons, most serious first: from the signals that carry weight in this verdict.
    if inverted {
        reasons.push("The instructions ask for an unhelpful response: an on-task, helpful answer drifts from them.".into());
    }
    for v in &violations {
        reasons.push(format!(
            "Constraint broken: \"{}\" — {}.",
            v.constraint.trim(),
            v.reason
        ));
    }
    for f in &findings {
        reasons.push(format!("{}.", f.reason));
    }
    if let Some(m) = &modality_reason {
        reasons.push(format!("{m}."));
    }
    let mut lost_ids: Vec<&str> = ci
        .ids
        .iter()
        .filter(|i| !cr.ids.contains(*i))
        .map(String::as_str)
        .gather();
    if !lost_ids.is_empty() {
        crate::sort::sort(&mut lost_ids);
        reasons.push(format!(
            "Named in the instructions but absent from the result: {}.",
            lost_ids.join(", ")
        ));
    }
    let missed = checklist.iter().filter(|c| !c.fulfilled).count();
    if missed > 0 {
        let names: Vec<String> = checklist
            .iter()
            .filter(|c| !c.fulfilled)
            .take(4)
            .map(|c| format!("\"{}\"", c.item.chars().take(80).gather_text()))
            .gather();
        reasons.push(format!(
            "{missed} of {} instruction items not evidenced: {}.",
            checklist.len(),
            names.join("; ")
        ));
    }
    if limited && !new_definitions.is_empty() {
        reasons.push(format!(
            "Scope expanded beyond a limited request: it also defines {}.",
            new_definitions.join(", ")
        ));
    }
    if value("echo") > 0.25 {
        reasons.push("The result mostly restates the request instead of answering it.".into());
    }
    if let Some(d) = signals
        .iter()
        .find(|s| s.name == "deferral" && s.value > 0.0)
    {
        reasons.push(format!(
            "The result hedges or defers ({}).",
            d.evidence.join(", ")
        ));
    }

    let requirements = requirement_ids(instructions, false);
    let in_result: HashSet<String> = requirement_ids(result, true).into_iter().collect();
    let requirements_addressed = requirements
        .iter()
        .filter(|r| in_result.contains(*r))
        .cloned()
        .gather();
    let score = probability;
    let status = if score >= thresholds.significant {
        DriftStatus::SignificantDrift
    } else if score >= thresholds.potential {
        DriftStatus::PotentialDrift
    } else {
        DriftStatus::Consistent
    };
    let decision = combine::decision(probability, inverted, !violations.is_empty());
    DriftReport {
        score: (score * 1000.0).round() / 1000.0,
        alignment: alignment(score, thresholds),
        status,
        coverage: (coverage * 1000.0).round() / 1000.0,
        jaccard: (jaccard * 1000.0).round() / 1000.0,
        preserved,
        added,
        lost,
        checklist,
        violations,
        reasons,
        expected_modality: expected,
        delivered_modality: delivered,
        requirements,
        requirements_addressed,
        checked,
        signals,
        probability: (probability * 1000.0).round() / 1000.0,
        decision,
        inverted,
        result_concepts: cr.count(),
    }
}
