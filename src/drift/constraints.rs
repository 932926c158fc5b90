//! Constraints stated in the instructions and checked against the result: negative ones
//! ("do not", "don't", "never", "without", "avoid", "no X", "only") and explicit format ones
//! (a word that must or must not appear, exact word or sentence counts, the word at a position).

use super::modality::Code;
use super::text;
use crate::drift::text::Clip;
use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::drift::text::Lower;
use crate::drift::text::Words;
use crate::gather::Gather;
use crate::gather::GatherText;
use crate::gather::Keep;
use crate::gather::PushAll;
use rustc_hash::FxHashSet as HashSet;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Violation {
    /// The constraint as written in the instructions.
    pub constraint: String,
    /// What in the result breaks it.
    pub reason: String,
    /// The offending text from the result.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub evidence: Option<String>,
}

/// What a negative clause forbids.
#[derive(Debug, Clone, PartialEq)]
enum Forbidden {
    Code,
    Class,
    Cli,
    Dependency,
    /// A change (rewrite, edit, extension) of these concept stems.
    Change(Vec<String>),
    /// Something new of these kinds (services, infrastructure, files...).
    New(Vec<String>),
    /// Any mention of these stems (as a verb's object: "never mention X").
    Mention(Vec<String>),
    /// A code construct named in backticks right after the cue ("no `unwrap`", "do not use
    /// `eval`", "avoid `any`"), as written.
    Construct(String),
    /// Building it at all ("no implementation", "do not implement it"): any file the result
    /// says it wrote, added or changed.
    Implementation,
    /// An action on the repository or a release ("do not push commits to the branch", "don't
    /// deploy it"), by the past tense that reports it ("pushed", "deployed"), and the named
    /// target the ban is for ("main"; empty when none is named).
    Act(&'static str, &'static str),
    /// A marker comment left in the code ("no TODO comments", "don't leave FIXMEs").
    Marker(&'static str),
    /// A forced push ("do not force-push"), reported as run; to the named target only when the
    /// ban names one ("never force-push to main"; empty when none is named).
    ForcePush(&'static str),
    /// A change of one name the ban quotes as code ("do not change `rate_limit_per_minute`"): the
    /// name as written, in a clause that reports changing it (not its word parts: "MAX_LIMIT").
    ChangeNamed(String),
    /// Emoji characters anywhere in the result ("no emojis").
    Emoji,
    /// Emoji in a thing the result pastes ("no emojis in the commit message"): its fenced
    /// blocks and block quotes, where a commit message or a changelog entry is shown.
    EmojiQuoted,
    /// A command the ban quotes ("never run `terraform apply`", "do not run migrations
    /// (`migrate`)"), shown run in the result's code.
    Command(String),
    /// Tests skipped or disabled ("do not skip or xfail tests"): a skip marker the result adds.
    SkipTests,
    /// Files deleted ("do not delete any files"): `git rm`/`rm` shown run, or "deleted <path>".
    Delete,
    /// A secret's value in the result ("never paste passwords into the report"): see
    /// [`super::secrets`].
    Secret,
    /// A question back to the one who delegated ("don't come back with questions"): the
    /// result's last line asks one.
    Questions,
    /// A host under a domain the ban names ("don't mention internal hostnames (anything under
    /// `corp.example.net`)"): the domains, without a leading `*.`.
    HostUnder(Vec<String>),
}

/// Whether a ban on changes, new things or dependencies is also read from the result's prose (a
/// change or add verb with the ban's object near it: "added … dependency", "updated … the
/// scheduler"), beside the files, diffs, commands and manifests the result shows. Off: on reports
/// by writers who had not seen the code, measured on arrival over three sessions' probe sets
/// (sets 10–26), such prose readings were right on 13 of 33 flags, the structural ones on 14
/// of 22 and every other family on 149 of 170; on the read sets they catch 10 of 342 breaking
/// reports.
const PROSE_READINGS: bool = false;

/// Whether a prose reading runs: only in the unit tests, which keep those readings right, so
/// that release builds leave their code out (4.9 KB of the module before `wasm-opt`).
const fn prose_on(asked: bool) -> bool {
    cfg!(test) && asked
}

/// Actions a ban may name by its verb, and the past tense a result reports them in.
const ACTS: [(&str, &str); 7] = [
    ("approv", "approved"),
    ("push", "pushed"),
    ("merg", "merged"),
    ("deploy", "deployed"),
    ("publish", "published"),
    ("releas", "released"),
    ("commit", "committed"),
];
/// Words an action's ban may hold after its verb and still ban the action itself: "push
/// commits to the branch", "deploy anything from it", "commit or push anything". Any other word
/// names what must not be acted on ("do not commit secrets"), which this ban does not read.
const ACT_OBJECTS: &str = "it|this|that|anything|yet|any|the|a|an|commits|commit|changes|to|into|on|branch|directly|from|here|them|now|pr|your|or|remote|origin|upstream|tag|tags|branches";
/// Named targets ("do not push to main", "don't deploy to production"): the ban holds for that
/// target only, so a report of the action must name it after "to"/"into"/"on".
/// ("The remote" is none: every push goes to one.)
const ACT_TARGETS: &str = "main|master|production|prod|staging|develop|origin|upstream";
#[derive(Debug, Clone)]
pub struct Negative {
    pub text: String,
    forbidden: Vec<Forbidden>,
    /// For a ban on "other" files or "anything else": the paths it allows — those it names, or
    /// when it names none the message's ("Clean up `settings.py`. Don't modify any other
    /// files.").
    others_than: Vec<String>,
    /// Its sentence lets development dependencies in ("you may add dev dependencies; do not add
    /// anything to `dependencies`").
    dev_allowed: bool,
    /// How an emoji ban reads what the result pastes and cites.
    emoji: EmojiReading,
    /// Files under a banned folder a later sentence lets the worker change.
    let_alone: Vec<String>,
    /// The part the message sends code to ("If engineers need snippets, put them under a final
    /// `## Appendix for engineers` heading"): a code ban does not hold there.
    code_elsewhere: Option<String>,
    /// A later sentence lets new files under the banned path ("Correction: you may add one new
    /// migration file under `migrations/`"): the ban holds for the existing ones.
    new_allowed: bool,
    /// The files a class ban is said of: those it names, or with "in this module" those the
    /// message names (blocks the result leads in as other files' are not read).
    scope: Vec<String>,
    /// The message puts notes to the requester after a `---` line: a mention ban placed in the
    /// text ("In the customer-facing reply, …") is not read in them.
    notes_ruled: bool,
    /// Placed in one part of a message that asks for another beside it ("Don't mention ticket
    /// numbers in the customer-facing summary", "followed by an internal section"): kept in one
    /// of the result's labelled parts, it may be that part's (silent).
    apart: bool,
}

impl Negative {
    /// A ban of a sentence with no paths, dependency allowance or emoji reading of its own.
    fn new(text: String, forbidden: Vec<Forbidden>) -> Self {
        Negative {
            text,
            forbidden,
            others_than: Vec::new(),
            dev_allowed: false,
            emoji: EmojiReading::default(),
            let_alone: Vec::new(),
            new_allowed: false,
            code_elsewhere: None,
            scope: Vec::new(),
            notes_ruled: false,
            apart: false,
        }
    }
}

/// How an emoji ban reads the result beside what it pastes and cites.
#[derive(Debug, Clone, Default)]
struct EmojiReading {
    /// The message asks for the text in a fenced block ("show me the text in a fenced block"):
    /// a fence with no language is a paste too.
    fenced: bool,
    /// The ban is on the reply's own words around what it pastes ("in your own notes, no
    /// emojis"): the pastes are not read.
    around: bool,
    /// The message's own quoted passages that hold an emoji: the result citing one (the
    /// "before" of a before/after table) does not use it.
    cited: Vec<String>,
    /// The ban is on new text ("no emojis in the new subject lines"): what the result shows as
    /// the old version is not read.
    new_only: bool,
    /// The ban is a house style for documentation ("House style for documentation: no
    /// emojis"): where the reply names the doc file it wrote, only its pastes are the doc.
    docs_only: bool,
    /// The ban is placed in the text the message asks for ("no emojis in the commit
    /// message"): a line that introduces a fenced paste ("Done 🎉 Here it is:") is not it.
    in_asked: bool,
    /// The ban is on strings a file holds ("no emojis in any of the signage strings"): only the
    /// result's quoted passages and blocks show them.
    strings_only: bool,
    /// The ban excepts what the message names ("our template's titles `🔋 Charging`, …. Apart
    /// from those titles, no emojis"): the emojis of those names.
    excepted: Vec<char>,
    /// A text the message frees of the ban ("the Slack summary can have whatever you like"):
    /// where the result labels it, it is not read.
    free: Option<String>,
    /// The ban is on emojis of the reply's own ("Don't add emojis of your own, but quote the
    /// comments verbatim"): what it quotes in double quotes is not read.
    quotes_free: bool,
}

/// Whether a result names a documentation file (`docs/setup.md`, `README.rst`).
fn names_a_doc_file(result: &str) -> bool {
    super::file_scope::paths(result)
        .iter()
        .any(|(_, p)| text::ends_with_any(&p.to_ascii_lowercase(), ".md|.rst|.adoc|.mdx"))
}

const NEGATION_CUES: &str =
    "refrain from|do not|don't|don\u{2019}t|dont|never|without|avoid|no |not |nothing";
/// Whether "prose only" is said in brackets after a ban, as where that ban holds ("never
/// 'brownout' (prose only; vendor macros keep theirs)"), and "no code" is not said.
fn scopes_a_ban(lower: &str) -> bool {
    !lower.has("no code")
        && lower.match_indices("prose only").all(|(i, _)| {
            // Right after the banned word's closing quote: "never 'brownout' (prose only".
            quoted_before_bracket(lower, i).is_some_and(|head| {
                words_of(head)
                    .iter()
                    .any(|w| crate::drift::text::in_list("never|avoid|no|not|don't", w))
            })
        })
}

// A slice: an array is a pattern type of its own per length (module size).
const QUOTES: &[char] = &['\'', '"', '`', '\u{2019}', '\u{201d}'];

/// Where byte `at` of `lower` sits in brackets that are still open and open right after a
/// closing quote ("never 'brownout' (prose only", "'### For the DOM' (plain language, no
/// code"): the text before the bracket.
fn quoted_before_bracket(lower: &str, at: usize) -> Option<&str> {
    let before = lower.get(..at)?;
    let open = before.rfind('(')?;
    let head = before.get(..open)?.trim_end();
    (!before.get(open..)?.contains(')') && head.ends_with(QUOTES)).then_some(head)
}

/// "'### For the DOM' (plain language, no code)": a ban in brackets right after a quoted
/// section name holds in that section only, which the whole result cannot show.
fn bracketed_after_section(lower: &str, at: usize) -> bool {
    let Some(head) = quoted_before_bracket(lower, at) else {
        return false;
    };
    let name = head.trim_end_matches(QUOTES).rsplit(QUOTES).next();
    // Another section named after the brackets, where the rest may go ("…), then '### Appendix'
    // with any detail"): with one section only, the ban is the reply's.
    let after = lower
        .get(at..)
        .and_then(|r| r.split_once(')'))
        .map_or("", |(_, r)| r);
    after.contains(QUOTES)
        && (name.is_some_and(|n| n.starts_with('#')) || lower.has_any("section|heading"))
}

/// Phrases that forbid code without a negation word ("in prose only").
const PROSE_CUES: &str = "prose only|no code";
// Any case: the whole instructions are checked for a cue before any sentence is lowercased
// (most instructions have none); on a lowercased sentence the two match alike.
static NEGATION_CUE_SET: super::phrases::Phrases = super::phrases::Phrases::any_case(NEGATION_CUES);
static PROSE_CUE_SET: super::phrases::Phrases = super::phrases::Phrases::any_case(PROSE_CUES);
/// Words that keep secrets from the result without a negation ("keep credentials out of it").
static SECRET_CUE_SET: super::phrases::Phrases =
    super::phrases::Phrases::any_case("out of|mask|redact");
/// Words that ask for paths to stay as they are ([`kept_paths_clause`]).
static KEEP_CUE_SET: super::phrases::Phrases = super::phrases::Phrases::any_case(
    "untouched|alone|unchanged|intact|off-limits|off limits|frozen|read-only",
);
const CHANGE_VERBS: &str =
    "chang|modifi|modify|rewrit|rewrot|edit|alter|updat|refactor|touch|replac|extend|renam|reformat";
/// Objects that stand for "the code base" in "do not change the application code": any file the
/// result says it changed counts.
const CODE_OBJECTS: &str = "code|applic|sourc|file|codebas|implement|src";
/// Stems of removing a package: "don't remove any dependencies" bans no addition, and "removed
/// axios from package.json" adds none.
const REMOVAL_VERBS: &str = "remov|delet|drop|uninstall";
/// Words that leave a ban on code generic: "the existing code", "production code", and the
/// ban's own words ("without touching any of the code").
const GENERIC_MODIFIERS: &str = "exist|current|main|core|other|actual|origin|product|whole|without|avoid|never|refrain|leav|touch|any|pleas";
/// A change verb of `CHANGE_VERBS` (by its stem), not a noun that starts like one: a
/// "changelog" or "changeset" is a document, not a change.
fn change_verb(w: &str) -> bool {
    text::parts(CHANGE_VERBS).iter().any(|v| w.starts_with(v))
        && !w.starts_with("changelog")
        && !w.starts_with("changeset")
}

/// Change verbs as a result reports them (past tense included).
const CHANGED_VERBS: &str = "chang|modifi|rewrit|rewrot|edit|alter|updat|refactor|reformat";

const NEW_VERBS: &str = "add|introduc|creat|new|built|build|set up|deploy";

/// Negative clauses of the instructions and what each forbids.
/// Constraints checked per message (each is looked for in the whole result: the cap keeps the
/// stage linear in the result's size).
pub const MAX_CONSTRAINTS: usize = 32;

pub fn negatives(instructions: &str) -> Vec<Negative> {
    let mut out = Vec::new();
    if !NEGATION_CUE_SET.any(instructions)
        && !PROSE_CUE_SET.any(instructions)
        && !KEEP_CUE_SET.any(instructions)
        && !SECRET_CUE_SET.any(instructions)
    {
        return out;
    }
    // Stems the instructions ask to change outside their negative clauses (near a change verb):
    // a clause cannot forbid changing what the task itself changes ("rename userId in the
    // Order model, without changing the CSV layout of /orders" does not forbid orders).
    let mut clauses: Vec<(usize, usize)> = Vec::new();
    // Each ban of a sentence on its own: "do not rerun the job and do not modify its schedule",
    // "edit only `a.yaml`; templates must not change".
    for (at0, whole) in text::sentences(instructions) {
        let parts = ban_parts(whole);
        for (k, &(offset, sentence)) in parts.iter().enumerate() {
            // "Don't mention ticket numbers; actually, scratch that, do include DENT-905": the
            // clause taken back by the next is no ban.
            // After a dash too: "No code in the answer please – actually, scratch that: …".
            // ASCII lowercasing keeps byte offsets (the clause ranges below index `instructions`).
            let lower = sentence.to_ascii_lowercase();
            if parts.get(k + 1).is_some_and(|(_, next)| {
                super::checkable::takes_back_clause(&next.to_ascii_lowercase())
            }) || lower
                .split(&['\u{2013}', '\u{2014}'][..])
                .skip(1)
                .any(super::checkable::takes_back_clause)
            {
                continue;
            }
            let at = at0 + offset;
            if out.len() >= MAX_CONSTRAINTS {
                break;
            }
            // Commands, skipped tests and deleted files, read from the sentence's own words.
            let mut actions = banned_commands(sentence)
                .into_iter()
                .map(Forbidden::Command)
                .gather();
            let words = words_of(&lower);
            if bans_skipping_tests(&words) {
                actions.push(Forbidden::SkipTests);
            }
            if bans_deleting_files(&words) {
                actions.push(Forbidden::Delete);
            }
            if !actions.is_empty() {
                out.push(Negative::new(sentence.trim().to_string(), actions));
            }
            if super::secrets::bans(&lower) {
                out.push(Negative::new(
                    sentence.trim().to_string(),
                    vec![Forbidden::Secret],
                ));
            }
            // "in prose only" / "prose only" / "no code" forbid code without a negation word ("no
            // code changes" forbids a change, read below). The sentence's other clauses are read
            // too: "No code and no file edits."
            let prose = PROSE_CUE_SET.any(&lower)
                // The fence, not the code: a JSON answer "with no code fences" has none.
                && !crate::drift::text::contains_any(&lower, "no code chang|no code edit|no code modif|no code updat|no code refactor|no code rewrit|no code fence")
                && !super::checkable::bounded_blocks(&lower)
                && !scopes_a_ban(&lower)
                && !PROSE_CUE_SET
                    .occurrences(&lower)
                    .iter()
                    .all(|&(i, _)| bracketed_after_section(&lower, i));
            let cue = NEGATION_CUE_SET
                .occurrences(&lower)
                .into_iter()
                .filter(|&(i, c)| is_constraint_cue(&lower, i, c))
                .filter(|&(i, _)| !bracketed_after_section(&lower, i))
                .filter(|&(i, _)| {
                    !(prose && lower.get(i..).is_some_and(|r| r.starts_with("no code")))
                })
                .min();
            let Some(cue) = cue else {
                // "Leave `Player.prefab` untouched", "`modules/vpc/` is off-limits": a ban on
                // the paths of its own clause, without a negation.
                if let Some(kept) = kept_paths_clause(sentence) {
                    out.push(Negative::new(
                        kept.trim().to_string(),
                        vec![Forbidden::Change(vec!["file".to_string()])],
                    ));
                }
                // (Not "…; apart from that, no code blocks": the others only.)
                if prose && !super::checkable::block_excepted(&lower, &whole.to_ascii_lowercase()) {
                    out.push(Negative::new(whole.to_string(), vec![Forbidden::Code]));
                }
                continue;
            };
            let rest = lower.get(cue.0..).unwrap_or_default();
            // The clause ends where the next one starts: "no new dependencies; X is installed".
            let end = rest
                .find_str("; ")
                .into_iter()
                .chain(rest.find_str(" — "))
                .chain(rest.find_str(" -- "))
                // "Avoid mentioning X - our readers find it dull": the rest explains.
                .chain(rest.find_str(" - "))
                // "No code changes needed: what is the difference…?": the question is the ask.
                .chain(
                    rest.find_str(": ")
                        .filter(|_| sentence.trim_end().ends_with('?')),
                )
                // "…, and it must mention X": a clause of its own, with its subject and modal.
                .chain(own_clause(rest))
                .min()
                .unwrap_or(rest.len());
            let clause = rest.get(..end).unwrap_or_default();
            // "Not only" and "do not hesitate" are not constraints.
            if clause.starts_with("not only") || clause.has("hesitate") {
                continue;
            }
            // A curly "don’t" is the ASCII one to the tokenizer's stop words (else it becomes an
            // object: "Don’t mention the database" would forbid "don’t"). "I'm not asking for
            // changes" is "no changes".
            let plain = clause.replace('\u{2019}', "'");
            let plain = match not_asking_for_change(&plain) {
                Some(rest) => format!("no {rest}"),
                None => plain,
            };
            // "Existing migrations must not be edited": the ban's object is the subject before it.
            let passive = passive_subject(&lower, cue.0, &plain)
                .or_else(|| antecedent(&lower, cue.0, &plain));
            let plain = match &passive {
                Some((_, subject)) => {
                    format!("{} {subject}", plain.trim_end_matches(&['.', '!', ' '][..]))
                }
                None => plain,
            };
            // The ban's words start at its subject, if it has one before the cue.
            let from = passive.as_ref().map_or(cue.0, |(start, _)| *start);
            let mut forbidden = if prose {
                vec![Forbidden::Code]
            } else {
                Vec::new()
            };
            forbidden.extend(classify(&plain));
            // "Include the exact error in a code block; apart from that, no code blocks": the
            // others only, which a ban on code cannot tell apart.
            if super::checkable::block_excepted(&lower, &whole.to_ascii_lowercase()) {
                forbidden.keep(|f| !matches!(f, Forbidden::Code));
            }
            // Each of a list of bans may name one: "no bash arrays, no `[[ ]]`, no `eval`".
            for part in clause.split(", ") {
                let c = construct(sentence, part.trim_start()).map(Forbidden::Construct);
                if let Some(c) = c.filter(|c| !forbidden.contains(c)) {
                    forbidden.push(c);
                }
            }
            if !forbidden.is_empty() {
                if at + cue.0 <= instructions.len() {
                    clauses.push((at + from, at + cue.0 + clause.len()));
                }
                // The paths a ban on "other" files allows: its own, else the message's.
                let others_than = if dirs_named(sentence).1 {
                    Some(paths_named(sentence))
                        .filter(|p| !p.is_empty())
                        .unwrap_or_else(|| paths_named(instructions))
                } else {
                    Vec::new()
                };
                // Read only for a ban on dependencies: it looks through every sentence.
                let dev_allowed = forbidden.contains(&Forbidden::Dependency)
                    && allows_dev_dependencies(whole, instructions);
                // Shown as the sentence it was read from.
                out.push(Negative {
                    others_than,
                    dev_allowed,
                    ..Negative::new(whole.to_string(), forbidden)
                });
            }
        }
    }
    // A ban on what the answer's text holds (code, classes, emoji, a mention) said of a part of
    // it or of another deliverable ("The public notes must not mention …", "Push: … no emoji",
    // "no code blocks in the explanation itself"), or under a condition, is not checked on the
    // whole answer; bans on acts (changes, installs, pushes) are the agent's whatever it writes.
    let asked = super::checkable::asked_for(instructions);
    let all = text::sentences(instructions);
    // Code and emoji bans taken back later ("scratch the no-code rule for this one", "Edit:
    // ignore the no-emoji thing").
    let lifts = super::checkable::lifted(instructions);
    let marked_part = crate::drift::text::contains_any(
        instructions.to_ascii_lowercase(),
        "outside those markers|outside the markers|outside those lines|outside the delimiters",
    );
    // The sentences that let a change ("go ahead and edit `x`", "she approved changes to
    // `x`"), read once: per ban they made a message of many path bans quadratic.
    let permits: Vec<(usize, &str)> = all
        .iter()
        .filter(|(_, s)| {
            let l = s.to_ascii_lowercase();
            // The approving clause: "you may edit `a.py`, but nothing else in that folder".
            let clause = approving_clause(&l);
            let said = crate::drift::text::contains_any(clause, "go ahead|you can now|you may now|feel free to|cleared to|allowed to edit|allowed to change|allowed to touch|permitted to|is now fine|fine to|are fine|ok to edit|okay to edit|ok to change|approved|you may edit|you can edit|you may change|you may modify|you may touch|can be edited|may be edited|can be changed|may be changed|can be modified|may be modified|can be touched|may be touched|is now allowed|are now allowed|is allowed now|now allowed")
                && crate::drift::text::contains_any(clause, "edit|chang|modif|updat|touch|writ|patch");
            // "… so editing `x.py` is fine now": the change itself is what is fine ("editing
            // `x.py` is fine for this fix, but …" too).
            let fine_now = clause.has(" is fine")
                && crate::drift::text::contains_any(&l, "editing |changing |modifying |touching |updating |changes to |edits to ");
            (said || fine_now)
                && !words_of(clause).iter().any(|w| crate::drift::text::in_list(NEGATORS, w))
        })
        .copied()
        .gather();
    // The sentences that let new files in ("you may add one new migration file under
    // `migrations/`, but don't edit existing ones"): the approving clause, before " but ".
    let new_permits: Vec<(usize, &str)> = all
        .iter()
        .filter_map(|&(start, s)| {
            let clause = approving_clause(s);
            let lower = clause.to_ascii_lowercase();
            let ws = words_of(&lower);
            let has = |list: &'static str| crate::drift::text::any_word_in(&ws, list);
            (has("may|can|allowed|fine|ok|okay")
                && has("add|create|adding|creating")
                && has("new")
                && !crate::drift::text::any_word_in(&ws, NEGATORS))
            .then_some((start, clause))
        })
        .gather();
    // Read once, for the first code ban.
    let code_part = std::cell::OnceCell::new();
    let lower = instructions.to_ascii_lowercase();
    let paste_allowed = error_paste_allowed(&lower);
    let notes_ruled = crate::drift::text::contains_any(
        &lower,
        "below a `---`|after a `---`|under a `---`|below the `---`|after the `---`|a --- line|the --- line",
    );
    let apart = super::checkable::asks_a_part_apart(&lower);
    // Read once, for the first emoji ban: whether the message asks for a fenced text, and its
    // quoted passages with an emoji (per ban they made a message of many bans quadratic).
    let fence_asked = std::cell::OnceCell::new();
    let cited: std::cell::OnceCell<Vec<String>> = std::cell::OnceCell::new();
    for n in &mut out {
        let at = instructions.find(n.text.as_str());
        let lower = n.text.to_ascii_lowercase();
        if n.forbidden.contains(&Forbidden::Class) {
            let files = |t: &str| -> Vec<String> {
                super::file_scope::paths(t)
                    .into_iter()
                    .map(|(_, p)| p)
                    .gather()
            };
            // Files, and folders ("no new classes in the `scoring/` package").
            n.scope = files(&n.text);
            // "Write `ill/labels.py` … Use plain functions in this module, no classes".
            if n.scope.is_empty()
                && crate::drift::text::contains_any(
                    &lower,
                    "this module|this file|that module|that file",
                )
            {
                // (The files named before it: "…; tests go in `tests/x.py` in any style" after
                // it are not "that module".)
                n.scope = at
                    .and_then(|i| instructions.get(..i))
                    .map(files)
                    .filter(|f| !f.is_empty())
                    .unwrap_or_else(|| files(instructions));
            }
        }
        n.notes_ruled = notes_ruled;
        n.apart = apart && super::checkable::placed_in_a_part(&n.text);
        // "The guide itself must not contain any code blocks": the text the task writes, not
        // the reply about it (silent).
        let itself = lower.trim_start().strip_prefix("the ").and_then(|r| {
            r.split_once(" itself ").map(|(x, _)| {
                x.split_whitespace().count() <= 3
                    && !x.rsplit(' ').next().is_some_and(|h| {
                        crate::drift::text::in_list("reply|answer|report|response|message", h)
                    })
            })
        });
        // "No code in your reply, though you may paste the exact error message": which fenced
        // block is the allowed paste is a guess, so the ban is not read.
        if itself == Some(true) || paste_allowed {
            n.forbidden.keep(|f| !matches!(f, Forbidden::Code));
        }
        if n.forbidden.contains(&Forbidden::Code) {
            n.code_elsewhere = code_part
                .get_or_init(|| super::checkable::code_part(instructions))
                .clone();
        }
        let lifted = |kind: &str| {
            lifts.iter().any(|(from, end, family)| {
                (*from..*end).contains(&at.unwrap_or(0))
                    && crate::drift::text::in_list(family, kind)
            })
        };
        // The sentence taken back whole ("Don't touch `tests/`. Actually, scratch that last
        // point: …") forbids nothing.
        if lifted("*") {
            n.forbidden.clear();
        }
        if lifted("code") {
            n.forbidden.keep(|f| !matches!(f, Forbidden::Code));
        }
        if lifted("emoji") {
            n.forbidden.keep(|f| !matches!(f, Forbidden::Emoji));
        }
        if lifted("mention") {
            n.forbidden.keep(|f| !matches!(f, Forbidden::Mention(_)));
        }
        if lifted("new") {
            n.forbidden.keep(|f| !matches!(f, Forbidden::New(_)));
        }
        if lifted("change") {
            n.forbidden
                .keep(|f| !matches!(f, Forbidden::Change(_) | Forbidden::ChangeNamed(_)));
        }
        // "Don't ask questions in the Summary section; put them under `Open questions`": one
        // part's, which part not read.
        if crate::drift::text::contains_any(&lower, " section| in the summary")
            && !crate::drift::text::contains_any(&lower, "anywhere|elsewhere")
        {
            n.forbidden.keep(|f| *f != Forbidden::Questions);
        }
        // A ban on what the text holds "unless …" ("no code blocks unless the fix is a
        // one-liner", "don't mention it unless asked") does not hold when the condition does,
        // which the text cannot show; a ban on an act ("don't publish unless tests pass") is
        // read: the act is what the report shows.
        // "If it needs a migration, include its SQL; otherwise do not include any code": the
        // ban holds only when the condition does not.
        // (Not "Don't mention Datadog, otherwise legal will review it": a consequence.)
        let otherwise = lower.match_indices("otherwise").any(|(i, m)| {
            let after = lower
                .get(i + m.len()..)
                .unwrap_or_default()
                .trim_start_matches(&[',', ' '][..]);
            let opens = lower.get(..i).is_some_and(|b| {
                let b = b.trim_end();
                b.is_empty() || b.ends_with(';') || b.ends_with(',')
            });
            opens
                && crate::drift::text::starts_with_any(
                    after,
                    "do not|don't|dont|no |never|avoid|leave out|skip",
                )
        });
        // "Don't touch `tests/fixtures/` unless a fixture itself is wrong; if you change one, say
        // why": the change is foreseen, and whether the condition held is the report's word.
        if crate::drift::text::contains_any(&lower, " unless ")
            && crate::drift::text::contains_any(
                &lower,
                "if you change|if you do change|if you touch|if you edit|if you do,|if you have to|if it does,|if so,",
            )
        {
            n.forbidden.keep(|f| !matches!(f, Forbidden::Change(_)));
        }
        // ("…; if you don't, keep the report free of code" too.)
        if otherwise
            || crate::drift::text::contains_any(
                &lower,
                " unless | except when | except if | only if |; if you don't, |; if not, ",
            )
        {
            n.forbidden.keep(|f| {
                !matches!(
                    f,
                    Forbidden::Mention(_) | Forbidden::Code | Forbidden::Class | Forbidden::Emoji
                )
            });
        }
        // "I'll forward a short version to the referees later, and that version must not
        // mention pay rates": the ban is another text's, which the requester writes.
        if crate::drift::text::contains_any(&lower, "that version|the short version|the shorter version|the other version|the forwarded version")
            && crate::drift::text::contains_any(&lower, "i'll forward|i will forward|i'll send|i will send|i'll write|i will write|i'll pass")
        {
            n.forbidden.keep(|f| !matches!(f, Forbidden::Mention(_)));
        }
        // "Don't mention the price increase before the last paragraph": where it may stand is
        // not read.
        // "… except in the 'Migration notes' subsection": which part is free is not read.
        // "… never as "customers" (mentioning the table `customers` in your notes is fine)":
        // where the word may stand is not read.
        if crate::drift::text::contains_any(
            &lower,
            " before the last| before the final| until the last| until the final| before the end| until the end| except in the | except under the | outside the | except as part of ",
        ) || super::checkable::mention_allowed_somewhere(&lower)
        {
            n.forbidden.keep(|f| !matches!(f, Forbidden::Mention(_)));
        }
        // "No new dependencies - unless one is already in the lockfile", "… ok on second
        // thought, `hl7apy` is approved, you can add that one": which ones are allowed is a
        // guess.
        // (Dev dependencies a ban lets in are read by `dev_allowed`.)
        // In a later sentence too: "Do not add any dependencies. Exception approved this
        // morning: you may add `isbn3`, nothing else."
        let ban_end = at.map_or(usize::MAX, |a| a + n.text.len());
        let excepted_later = || {
            all.iter().any(|(start, s)| {
                // ("…, nothing else" names no negation of the permit.)
                let l = s.to_ascii_lowercase().replace("nothing else", "");
                // An exception for a package: "you may add `isbn3`", "… approved: you can add
                // the `pyisbn` package" (not "you can add tests under `tests/`", "once the PR
                // is approved").
                let package = crate::drift::text::contains_any(&l, "package|dependenc|librar")
                    || text::code_spans(&l)
                        .iter()
                        .any(|span| !span.is_empty() && !span.contains(&['/', '.', ' '][..]));
                *start >= ban_end
                    && package
                    && crate::drift::text::contains_any(&l, "exception|you can add|you may add")
                    && !words_of(&l)
                        .iter()
                        .any(|w| crate::drift::text::in_list(NEGATORS, w))
            })
        };
        if !n.dev_allowed
            && n.forbidden.contains(&Forbidden::Dependency)
            && (crate::drift::text::contains_any(&lower, " unless | except |exception|you can add|you may add| is ok| is okay| is fine|approved")
                || excepted_later())
        {
            n.forbidden.keep(|f| *f != Forbidden::Dependency);
        }
        // "Put the notes between `---notes---` and `---end---`; anything outside those markers is
        // for me": what the text may hold is a marked part's, not checked on the whole.
        if marked_part {
            n.forbidden.keep(|f| !matches!(f, Forbidden::Mention(_)));
        }
        // "Don't touch `fees/schedule.csv` yet. Update: finance approved, go ahead and edit
        // `fees/schedule.csv`": a later sentence lets the change of a path the ban named. A
        // file under a banned folder ("she approved changes to `legacy_edi/parser.py`") is let
        // alone: the ban holds for the folder's other files.
        let named = super::file_scope::paths(&n.text);
        if !named.is_empty() {
            let end = at.map_or(usize::MAX, |a| a + n.text.len());
            // A code span that is the path or opens with the folder: looked for first (cheap).
            let spans: Vec<String> = named
                .iter()
                .map(|(_, p)| {
                    // A folder's span opens with it; a file's is the whole span.
                    ["`", p, if p.ends_with('/') { "" } else { "`" }].concat()
                })
                .gather();
            // A banned file named again by its bare name ("so canine.yaml can be edited").
            let file_names: Vec<&str> = named
                .iter()
                .filter(|(_, p)| !p.ends_with('/'))
                .filter_map(|(_, p)| p.rsplit('/').next())
                .gather()
                .kept(|f| f.contains('.'));
            // ("You may edit `a/b.py` for this; the rest of `a/` stays off-limits": the
            // permit said before it in its sentence.)
            let rest = lower.starts_with("the rest of");
            for (_, s) in permits
                .iter()
                .filter(|(start, s)| *start >= end || (rest && s.contains(n.text.as_str())))
            {
                let clause = approving_clause(s);
                let lc = clause.to_ascii_lowercase();
                // As a whole name: "base.yaml" is not in "database.yaml".
                let by_name = file_names.iter().any(|f| {
                    let f = f.to_ascii_lowercase();
                    lc.match_indices(f.as_str()).any(|(i, _)| {
                        let named = crate::drift::text::char_test(|c: char| {
                            c.is_ascii_alphanumeric() || "_-/.".contains(c)
                        });
                        !lc.get(..i).is_some_and(|b| b.ends_with(named))
                            && !lc.get(i + f.len()..).is_some_and(|a| {
                                a.starts_with(crate::drift::text::char_test(|c: char| {
                                    c.is_ascii_alphanumeric() || c == '_'
                                }))
                            })
                    })
                });
                // "Don't touch `a.py`. Edit: it's fine to patch that file": the one file again.
                let by_name = by_name
                    || (named.len() == 1
                        && crate::drift::text::contains_any(
                            &lc,
                            "that file|this file|that module|this module",
                        ));
                if !by_name && !spans.iter().any(|p| clause.contains(p.as_str())) {
                    continue;
                }
                if by_name
                    || named
                        .iter()
                        .any(|(_, p)| clause.contains(&format!("`{p}`")))
                {
                    n.forbidden.keep(|f| {
                        !matches!(
                            f,
                            Forbidden::Change(_) | Forbidden::ChangeNamed(_) | Forbidden::New(_)
                        )
                    });
                } else {
                    n.let_alone
                        .push_all(super::file_scope::paths(clause).into_iter().map(|(_, p)| p));
                }
            }
            n.new_allowed = new_permits
                .iter()
                .any(|(start, s)| *start >= end && spans.iter().any(|p| s.contains(p.as_str())));
        }
        // "Don't edit the migrations by hand — generate them": a tool's change is allowed, and
        // the report seldom says which hand made one.
        // In the ban's own clause: "… in `migrations/` — the DBA writes it by hand" bans the
        // agent's every change.
        let own_clause = {
            let from = text::parts(NEGATION_CUES)
                .iter()
                .filter_map(|c| lower.find(c))
                .min()
                .unwrap_or(0);
            let rest = lower.get(from..).unwrap_or_default();
            let end = crate::drift::text::first_of(rest, "; | \u{2014} | - | -- |. ")
                .unwrap_or(rest.len());
            rest.get(..end).unwrap_or_default().to_string()
        };
        if crate::drift::text::contains_any(&own_clause, " by hand| manually|hand-edit|hand edit") {
            n.forbidden
                .keep(|f| !matches!(f, Forbidden::Change(_) | Forbidden::New(_)));
        }
        // The whole sentence too, for a ban split off after a colon, which keeps its subject
        // there ("The Python examples must be plain functions: do not define any classes in
        // them"); a ban that names the reply is the reply's.
        let whole = all
            .iter()
            .find(|(start, s)| at.is_some_and(|a| a >= *start && a < start + s.len()))
            .map_or(n.text.as_str(), |(_, s)| s);
        let split_off = whole != n.text && whole.contains(':');
        // (The ban's own clause: "The commit message must not contain emojis; in your report
        // to me, …" names the reply only to free it.)
        // ("…; don't use emojis in your reply to me either": each clause that bans.)
        let of_reply = n
            .text
            .split("; ")
            .flat_map(|c| c.split(", but "))
            .filter(|c| text::contains_any(c.to_ascii_lowercase(), NEGATION_CUES))
            .any(super::checkable::names_the_reply);
        // A ban placed in a thing the answer pastes is checked where it pastes it.
        if !of_reply && super::checkable::in_an_artefact(&n.text, &asked) {
            for f in &mut n.forbidden {
                if *f == Forbidden::Emoji {
                    *f = Forbidden::EmojiQuoted;
                }
            }
        }
        // "No emojis: the channel is mirrored to …", "No emojis — it's printed": the reason
        // after a short ban names no place for it.
        let head = crate::drift::text::first_of(&n.text, ":|\u{2014}|\u{2013}| - ")
            .and_then(|at| n.text.get(..at))
            .filter(|h| {
                let l = h.trim_start().to_ascii_lowercase();
                l.starts_with("no ") && l.split(' ').count() <= 4
            })
            .unwrap_or(&n.text);
        if !of_reply
            && (super::checkable::rule_elsewhere(head, &asked)
                || (split_off && super::checkable::rule_elsewhere(whole, &asked)))
        {
            n.forbidden.keep(|f| {
                !matches!(
                    f,
                    Forbidden::Code
                        | Forbidden::Class
                        | Forbidden::Emoji
                        | Forbidden::Mention(_)
                        | Forbidden::HostUnder(_)
                )
            });
        }
        if n.forbidden
            .iter()
            .any(|f| matches!(f, Forbidden::Emoji | Forbidden::EmojiQuoted))
        {
            n.emoji = EmojiReading {
                fenced: *fence_asked
                    .get_or_init(|| super::checkable::asks_for_a_fence(instructions)),
                around: !of_reply && super::checkable::around_pastes(&n.text),
                in_asked: !of_reply && super::checkable::in_the_asked(&n.text, &asked),
                strings_only: !of_reply && {
                    // (Or said beside the data file they live in: "Clean up the labels in
                    // `labels_en.json`: the labels must not contain emojis".)
                    (crate::drift::text::contains_any(&lower, " strings")
                        || super::file_scope::paths(&lower).iter().any(|(_, p)| {
                            text::ends_with_any(
                                p,
                                ".json|.yaml|.yml|.po|.properties|.strings|.arb|.xliff",
                            )
                        }))
                        && !crate::drift::text::contains_any(&lower, "commit|reply|report|message")
                },
                new_only: crate::drift::text::contains_any(&lower, "the new |any new "),
                docs_only: {
                    let sentence = whole.to_ascii_lowercase();
                    crate::drift::text::contains_any(&sentence, "for documentation|for docs|for the docs|for the documentation")
                        // "Write `docs/rules.md` … No emojis in that document": the file's.
                        || (crate::drift::text::contains_any(&sentence, "in that document|in the document|in this document|in that doc|in that file|in the file itself")
                            && super::file_scope::paths(instructions).iter().any(|(_, p)| {
                                text::ends_with_any(p, ".md|.rst|.adoc|.mdx|.txt")
                            }))
                        // "Don't put any emojis in README.md itself": the ban is the file's.
                        || (super::file_scope::paths(&sentence).iter().any(|(at, p)| {
                            text::ends_with_any(p, ".md|.rst|.adoc|.mdx")
                                && sentence
                                    .get(..*at)
                                    .is_some_and(|h| h.trim_end_matches('`').ends_with(" in "))
                        }) && !text::word_runs(&sentence, crate::drift::text::alnum).any(
                            |(_, w)| {
                                crate::drift::text::in_list("reply|report|response|answer|anywhere|including|or|and", w)
                            },
                        ))
                },
                cited: cited
                    .get_or_init(|| {
                        super::checkable::double_quoted(instructions)
                            .into_iter()
                            // A passage of words ("Nothing to see here 👀"), not the emoji named
                            // alone ("no emojis like "🚀"").
                            .filter(|q| {
                                q.chars().any(is_emoji)
                                    && q.split_whitespace()
                                        .filter(|w| w.chars().any(char::is_alphabetic))
                                        .count()
                                        >= 2
                            })
                            .map(str::to_string)
                            .gather()
                    })
                    .clone(),
                excepted: if crate::drift::text::contains_any(
                    &lower,
                    "apart from|except |except,|other than|aside from|besides",
                ) {
                    // (Or shown bare in the exception: "No emojis, except a single 🏁 at the
                    // very end".)
                    let bare = lower
                        .find("except")
                        .and_then(|i| n.text.get(i..))
                        .unwrap_or_default();
                    text::inline_code_spans(instructions)
                        .into_iter()
                        .filter_map(|(a, b)| instructions.get(a..b))
                        .chain([bare])
                        .flat_map(str::chars)
                        .gather()
                        .kept(|c| is_emoji(*c))
                } else {
                    // An emoji the message shows in a clause that lets it in: "the legend uses
                    // 🟢 and 🔴, so those two are fine", "the subject line may have one ⚽" (not
                    // "avoid emojis like 🚀, you can use plain text", "replace each ✅ with OK").
                    instructions
                        .split(&['.', ';', '?', '\n'][..])
                        .filter(|c| {
                            let l = c.to_ascii_lowercase();
                            text::contains_any(&l, " are fine| is fine| are ok| is ok| are allowed| is allowed| may have one| can have one")
                                && !words_of(&l).iter().any(|w| {
                                    negator(w)
                                        || text::in_list("avoid|skip|replace|remove|strip|drop", w)
                                })
                                // "…, so finish with a single 👍 and no other emojis".
                                || text::contains_any(&l, "finish with a single |end with a single |finish with one |end with one ")
                        })
                        .flat_map(str::chars)
                        .gather()
                        .kept(|c| is_emoji(*c))
                },
                free: super::checkable::emoji_free_part(instructions),
                quotes_free: crate::drift::text::contains_any(
                    &lower,
                    "emojis of your own|emoji of your own|your own emoji|emojis yourself|emoji yourself",
                ),
            };
        }
    }
    out.keep(|n| !n.forbidden.is_empty());
    if clauses.is_empty() {
        return out;
    }
    let outside: Vec<text::Token> =
        text::tokens(instructions).kept(|t| !clauses.iter().any(|&(a, b)| (a..b).contains(&t.at)));
    let mut positive: HashSet<String> = HashSet::default();
    for (i, t) in outside.iter().enumerate() {
        if change_verb(&t.stem) {
            let lo = i.saturating_sub(2);
            let hi = (i + 7).min(outside.len());
            for o in outside.get(lo..hi).unwrap_or_default() {
                positive.insert(o.stem.to_string());
            }
        }
    }
    // The message's paths, read once (a ban may name many).
    let all_paths = super::file_scope::paths(instructions);
    let count = |paths: &[(usize, String)], p: &str| {
        paths
            .iter()
            .filter(|(_, q)| super::file_scope::within(q, p))
            .count()
    };
    for n in &mut out {
        // A ban on named paths is read from the paths ("never edit anything in `prod/`"): "report
        // the files you changed" asks for no change to them, so the ban keeps its generic object
        // and its paths' words. A task that names a path within them elsewhere ("edit
        // `docs/api.md`") or a word of them near a change verb may: then the words decide, as for
        // any ban. Its other words are dropped as for any ban ("update the endpoint docs").
        let mut path_words: HashSet<String> = HashSet::default();
        if n.forbidden
            .iter()
            .any(|f| matches!(f, Forbidden::Change(_)))
        {
            let mut named = dirs_named(&n.text).0;
            named.extend(paths_named(&n.text));
            crate::sort::sort(&mut named);
            named.dedup();
            let own = super::file_scope::paths(&n.text);
            let names_paths = !named.is_empty()
                && named.iter().all(|p| {
                    count(&all_paths, p) <= count(&own, p)
                        && !text::tokens(p)
                            .iter()
                            .any(|t| positive.contains(t.stem.as_ref() as &str))
                });
            if names_paths {
                path_words.extend(CODE_OBJECTS.split('|').map(|w| w.to_string()));
                for p in &named {
                    path_words.extend(text::tokens(p).iter().map(|t| t.stem.to_string()));
                }
            }
        }
        // "Write about the pool repairs. Don't mention the repair cost": the task's own word,
        // said before the ban, does not make the ban's; the ban's other words do.
        let from = text::find(instructions, &n.text).unwrap_or(0);
        let said = |s: &String| outside.iter().any(|t| t.at < from && *t.stem == **s);
        for f in &mut n.forbidden {
            let change = matches!(f, Forbidden::Change(_));
            let topic = matches!(f, Forbidden::Mention(o) if o.len() >= 2 && !o.iter().all(said));
            if let Forbidden::Change(o) | Forbidden::New(o) | Forbidden::Mention(o) = f {
                o.keep(|s| {
                    (!positive.contains(s) || (change && path_words.contains(s)))
                        && !(topic && said(s))
                });
            }
        }
        n.forbidden.keep(|f| {
            !matches!(f, Forbidden::Change(o) | Forbidden::New(o) | Forbidden::Mention(o) if o.is_empty())
        });
    }
    out.keep(|n| !n.forbidden.is_empty());
    out
}

/// The subject of a passive or intransitive ban ("templates … must not change", "existing
/// migration files should never be edited"): the words of the cue's clause before its first
/// verb, when a modal stands right before the cue and a change verb follows it. None for a
/// person ("you must not change anything" is active).
fn passive_subject(lower: &str, cue: usize, clause: &str) -> Option<(usize, String)> {
    const MODALS: &str = "must|should|shall|will|can|may|need|are|is";
    const VERBS: &str =
        "are|is|was|were|must|should|shall|will|can|may|need|needs|have|has|do|does|stay|remain";
    let head = lower.get(..cue)?;
    let words: Vec<&str> = head.split_whitespace().gather();
    if !words
        .last()
        .is_some_and(|w| crate::drift::text::in_list(MODALS, w))
    {
        return None;
    }
    let after = clause
        .split(crate::drift::text::not_alnum_char)
        .filter(|w| !w.is_empty())
        .find(|w| !crate::drift::text::in_list("not|never|be|been|get|ever", w))?;
    if !change_verb(after) {
        return None;
    }
    // The clause: back to the last break before the cue.
    let (start, subject, _) = clause_subject(head, &[';', ':', ',', '(', '\u{2014}', '\n'], VERBS)?;
    Some((start, subject.join(" ")))
}

/// The subject of the clause that ends `head`: from the last of `breaks` (the text's start with
/// none) up to the first of `verbs`, with its byte offset and the clause's word count; none for
/// a person ("I", "you", "please") or a subject longer than six words.
fn clause_subject<'a>(
    head: &'a str,
    breaks: &[char],
    verbs: &'static str,
) -> Option<(usize, Vec<&'a str>, usize)> {
    let start = head.rfind(breaks).map_or(0, |i| i + 1);
    let segment = head.get(start..)?;
    let subject: Vec<&str> = segment
        .split_whitespace()
        .take_while(|w| !crate::drift::text::in_list(verbs, w))
        .gather();
    let start = start + (segment.len() - segment.trim_start().len());
    let person = subject
        .first()
        .is_none_or(|w| crate::drift::text::in_list("i|you|we|they|it|this|that|he|she|please", w));
    (!person && subject.len() <= 6).then(|| (start, subject, segment.split_whitespace().count()))
}

/// "The existing tests are the spec — don't change them": the thing a pronoun after the change
/// verb stands for, the subject of the clause before the ban (its byte offset and words).
fn antecedent(lower: &str, cue: usize, clause: &str) -> Option<(usize, String)> {
    let mut words = clause
        .split(crate::drift::text::char_test(|c: char| {
            !c.is_alphanumeric() && c != '\''
        }))
        .filter(|w| !w.is_empty())
        .skip_while(|w| !change_verb(w));
    words.next()?;
    let plural = match words.next()? {
        "them" | "those" | "these" => true,
        "it" => false,
        _ => return None,
    };
    let head = lower.get(..cue)?.trim_end();
    let head = head
        .strip_suffix(" so")
        .or_else(|| head.strip_suffix(" and"))
        .unwrap_or(head)
        .trim_end_matches(&[',', ';', ' ', '\u{2014}', '-'][..]);
    let (start, subject, words) = clause_subject(
        head,
        &[';', ':', ',', '(', '\u{2014}', '\n', '.'],
        "are|is|was|were|keep|keeps|stay|stays|live|lives|belong|belongs|have|has|must|should",
    )?;
    // The pronoun agrees with the subject's head: "the tests … don't touch it" is no antecedent.
    let agrees = subject
        .last()
        .is_some_and(|h| h.ends_with('s') == plural || subject.contains(&"and"));
    (agrees && subject.len() < words).then(|| (start, subject.join(" ")))
}

/// A sentence cut where another ban starts ("…; do not …", "… and don't …"), with each part's
/// byte offset.
fn ban_parts(sentence: &str) -> Vec<(usize, &str)> {
    const JOINS: &str = "; | and do not | and don't | and never |, and do not |, do not ";
    let lower = sentence.to_ascii_lowercase();
    let mut cuts: Vec<usize> = text::parts(JOINS)
        .iter()
        .flat_map(|j| {
            lower
                .match_indices(j)
                .map(move |(i, _)| if *j == "; " { i + 2 } else { i + 1 })
        })
        .gather();
    crate::sort::sort(&mut cuts);
    cuts.dedup();
    let mut out = Vec::new();
    let mut from = 0;
    for c in cuts.into_iter().chain(std::iter::once(sentence.len())) {
        if let Some(part) = sentence.get(from..c).filter(|p| !p.trim().is_empty()) {
            out.push((from, part));
        }
        from = c;
    }
    // "…; don't worry about existing code in the module": a permission, no ban.
    out.keep(|(_, p)| {
        let t = p.trim_start().to_ascii_lowercase().replace('\u{2019}', "'");
        !crate::drift::text::starts_with_any(
            &t,
            "don't worry|do not worry|no need to worry|don't bother|do not bother",
        )
    });
    out
}

/// Whether a negation cue at byte `i` of a lowercased sentence starts a constraint. "do not",
/// "don't", "never", "avoid", "without" always do; a bare "no"/"not"/"nothing" only at the
/// start of a clause ("- No new dependencies", "pandas 2.1, no new crates") or after a modal
/// ("must not"): "git log shows no changes" states a fact.
fn is_constraint_cue(lower: &str, i: usize, cue: &str) -> bool {
    // A cue is a word of its own: "whenever" says no "never", "piano " no "no ".
    if lower
        .get(..i)
        .and_then(|h| h.chars().next_back())
        .is_some_and(char::is_alphanumeric)
    {
        return false;
    }
    if !crate::drift::text::in_list("no |not |nothing", cue) {
        return true;
    }
    // "No more than 8 lines", "no fewer than two examples": a bound, read as a count.
    if cue == "no "
        && lower.get(i + cue.len()..).is_some_and(|r| {
            text::starts_with_any(r, "more than|fewer than|less than|longer than|shorter than")
        })
    {
        return false;
    }
    // "under 80 words, not counting code blocks": what a count leaves out, not a ban.
    if cue == "not "
        && lower
            .get(i + cue.len()..)
            .is_some_and(|r| r.starts_any("counting|including"))
        && lower.get(..i).is_some_and(|b| {
            b.contains(crate::drift::text::digit_char)
                || crate::drift::text::contains_any(b, "word|character|line|sentence")
        })
    {
        return false;
    }
    // "I'm not asking for changes", "we are not looking for a fix": what is not wanted.
    if cue == "not " && not_asking_for_change(lower.get(i..).unwrap_or_default()).is_some() {
        return true;
    }
    let head = lower.get(..i).unwrap_or_default().trim_end();
    let last = head
        .rsplit(crate::drift::text::char_test(char::is_whitespace))
        .next()
        .unwrap_or_default();
    head.is_empty()
        || head.ends_with(&[',', ';', ':', '-', '(', '*', '—', '•'][..])
        || crate::drift::text::in_list(
            "must|should|shall|will|can|may|need|and|but|or|with|please|and/or|then|so|yet|hence",
            last,
        )
}

/// Where a clause with its own subject and modal joins after a comma ("no swearing, and it
/// must mention candles"): its offset in `rest`.
fn own_clause(rest: &str) -> Option<usize> {
    ", and |, but ".split('|').find_map(|joint| {
        rest.match_indices(joint).find_map(|(at, _)| {
            let words: Vec<&str> = rest
                .get(at + joint.len()..)?
                .split_whitespace()
                .take(3)
                .gather();
            let subject = words
                .first()
                .is_some_and(|w| crate::drift::text::in_list("it|you|they|this|that", w));
            let modal = words
                .get(1)
                .is_some_and(|w| crate::drift::text::in_list("must|should|needs|has", w));
            // "…, and you must not edit X": another ban, read with this one.
            let negated = words.get(2).is_some_and(|w| {
                crate::drift::text::in_list("not|never", *w) || w.ends_with("n't")
            });
            // "…, but please tell me the figure in your report": a request of its own.
            let please = words.first() == Some(&"please")
                && !words
                    .get(1)
                    .is_some_and(|w| crate::drift::text::in_list("don't|do|never|avoid|no", w));
            ((subject && modal && !negated) || please).then_some(at)
        })
    })
}

/// "not asking for changes" / "not looking for a fix" → what follows "for", when it is a change
/// ("not asking for a full changelog" is not).
fn not_asking_for_change(clause: &str) -> Option<&str> {
    let rest = text::strip_any(clause, "not asking for |not looking for ")?;
    let first = rest
        .split(crate::drift::text::not_alnum_char)
        .find(|w| !w.is_empty() && !crate::drift::text::in_list("a|an|any|the", w))?;
    crate::drift::text::in_list(
        "changes|change|edits|fixes|fix|code|modifications|patches",
        first,
    )
    .then_some(rest)
}

/// Words that may stand between a negation cue and the construct it forbids.
const CONSTRUCT_LEAD: &str = "use|using|call|calling|any|a|an|the|new|more|of";

/// The construct a negative clause forbids by naming it in backticks right after its cue (a
/// few lead words allowed): "no `unwrap`", "do not use `eval`", "avoid any `any`". The name is
/// taken from `sentence` as written (the clause is lowercased); a path or a phrase in the
/// backticks is not a construct (changing files is [`Forbidden::Change`]'s).
fn construct(sentence: &str, clause: &str) -> Option<String> {
    // "Without `--dry-run`, the tool applies it" is a condition, not a rule.
    let cue = NEGATION_CUES
        .split('|')
        .filter(|c| !crate::drift::text::in_list("without|nothing", *c))
        .find(|c| clause.starts_with(*c))?;
    let mut rest = clause.get(cue.len()..)?.trim_start();
    // "(not a `having`, …)" describes; "must not use `eval`" rules out.
    if cue == "not " && !text::starts_with_any(rest, "use |using |call |calling ") {
        return None;
    }
    for _ in 0..3 {
        let Some((word, tail)) = rest.split_once(' ') else {
            break;
        };
        if !crate::drift::text::in_list(CONSTRUCT_LEAD, word) {
            break;
        }
        rest = tail.trim_start();
    }
    let name = rest.strip_prefix('`')?.split('`').next()?;
    // Brackets with a hole ("`[[ ]]`", "`$( )`"): the syntax around any content.
    let plain = |c: char| c.is_ascii_alphanumeric() || "_.:!#@$<>-".contains(c);
    let bracket = |c: char| "[](){}$".contains(c);
    let holed = name.split(' ').filter(|p| !p.is_empty()).count() == 2
        && name.chars().all(|c| c == ' ' || bracket(c));
    if name.is_empty() || name.len() > 40 || !(name.chars().all(plain) || holed) {
        return None;
    }
    // The same name as written: the sentence's backticked spans, compared without case.
    text::code_spans(sentence)
        .found(|s| s.eq_ignore_ascii_case(name))
        .map(str::to_string)
}

/// Where the result uses `name`: a code line (not a comment, not a removed diff line) that has
/// it as a whole token, or an inline code span of the prose that is not negated in its clause
/// ("reads it with a quick `unwrap`", but not "no `unwrap` anywhere").
fn uses_construct(name: &str, lower: &str, code: &Code) -> Option<String> {
    // Brackets with a hole: both halves on one code line, in order ("if [[ -d x ]]; then").
    if let Some((open, close)) = name.split_once(' ') {
        let close = close.trim();
        let comment = |l: &str| crate::drift::text::starts_with_any(l, "//|#");
        return code
            .lines
            .iter()
            .find(|l| {
                !comment(l)
                    && l.find(open)
                        .is_some_and(|i| l.get(i + open.len()..).is_some_and(|t| t.contains(close)))
            })
            .map(|l| l.clip());
    }
    // "-" also covers SQL's and Lua's "--" comments.
    let comment = |l: &str| text::starts_with_any(l, "//|#|/*|*|-");
    // "# before\nprint(…)\n# after\nlogger.warning(…)": the old code shown is not used.
    let mut old = false;
    for l in &code.lines {
        let t = l.trim();
        if comment(t) {
            let said = t
                .trim_start_matches(&['/', '#', '*', '-', ' '][..])
                .trim_end_matches(&[':', ' '][..])
                .to_ascii_lowercase();
            if crate::drift::text::in_list("before|old|previously|was", &said) {
                old = true;
            } else if crate::drift::text::in_list("after|new|now|fixed", &said) {
                old = false;
            }
            continue;
        }
        // A sentence with code spans ("Replaced the `print` calls …, using `x = f()`.") is
        // prose, read below with its spans.
        let mut chars = t.chars();
        // (Ending as a sentence does: a Go field with a tag, "Payload any `json:\"p\"`", is code.)
        let prose = t.contains('`')
            && t.ends_with('.')
            && chars.next().is_some_and(char::is_uppercase)
            && chars.next().is_some_and(char::is_lowercase);
        if !old && !prose && has_token(l, name) {
            return Some(l.clip());
        }
    }
    let span = format!("`{}`", name.lower());
    lower
        .match_indices(&span)
        .find(|&(i, _)| !negated(lower, i, &span) && !put_aside(lower, i))
        .map(|(i, _)| line_at(lower, i).clip())
}

/// Whether the sentence before byte `at` says something is added there ("Added the cache in
/// `cache.ts`: …"), with no negation or removal: a quoted definition is then what it added.
fn adds_here(lower: &str, at: usize) -> bool {
    let sentence = since_last(lower, at, ". |;|(|\n");
    let words = || {
        sentence.split(crate::drift::text::char_test(|c: char| {
            !c.is_alphanumeric() && c != '\''
        }))
    };
    words().any(|w| text::starts_with_any(w, "add|creat|introduc|defin|wrote|implement"))
        && !words().any(|w| crate::drift::text::in_list(NEGATORS, w) || w.ends_with("n't"))
        && !crate::drift::text::contains_any(sentence, PUT_ASIDE)
        // "`models.py` still defines `class AnimalRecord`": what is there, not what was added.
        && !words().any(|w| crate::drift::text::in_list("still|already|existing|untouched", w))
}

/// The line of the first occurrence of a needle that is neither negated in its clause nor said
/// with a modal ("publishing it will need `git push --force`").
/// With a `target`, only a match whose clause names it ("force-pushed the branch to main").
fn find_reported(lower: &str, needles: &'static str, target: &str) -> Option<String> {
    let names_target = |i: usize| {
        target.is_empty() || {
            let tail = lower.get(i..).unwrap_or_default();
            let end = tail
                .char_indices()
                .find(|&(j, c)| ends_clause(tail, j, c))
                .map_or(tail.len(), |(j, _)| j);
            tail.get(..end)
                .unwrap_or_default()
                .split(crate::drift::text::not_alnum_char)
                .any(|w| w == target)
        }
    };
    first_line_where(lower, needles, |i, n| {
        // "I considered force-pushing but didn't": an option weighed is not an act.
        !negated(lower, i, n) && !hypothetical(lower, i) && !proposed(lower, i) && names_target(i)
    })
}

/// Where the result reports changing `name` (lowercased, as a whole token): a change verb in
/// its clause before it ("changed `MAX_LIMIT` to 100", "raised RENDER_TIMEOUT from 30 to 60"),
/// not negated, not a possibility or a proposal.
fn changes_name(lower: &str, name: &str) -> Option<String> {
    const VERBS: &str = "rais|lower|bump|increas|decreas|set |reduc|doubl";
    tokens_at(lower, name).find_map(|i| {
        let clause = clause_before(lower, i);
        // Whole verbs in the past ("raised", "set"), not "raises", "settings", "lowercase",
        // "double-checked"; "now raises `DepthError` past `MAX_DEPTH`" reads the name.
        let verb = clause
            .split(crate::drift::text::not_ascii_alnum_char)
            .any(|w| {
                text::parts(CHANGED_VERBS)
                    .iter()
                    .chain(text::parts(VERBS).iter())
                    .map(|v| v.trim_end())
                    .any(|v| {
                        inflects(w, v)
                            && (w.ends_with("ed")
                                || w == "set"
                                || w.ends_with("ten")
                                || w == "rewrote")
                    })
            });
        (verb && !negated(lower, i, name) && !hypothetical(lower, i) && !proposed(lower, i))
            .then(|| line_at(lower, i).trim().clip())
    })
}

/// Whether a character is an emoji: the pictographic planes and the symbol and dingbat blocks,
/// less the check and ballot marks that plain text uses as symbols (✓ ✔ ✗ ✘) and the music
/// signs (♩ ♪ ♫ ♬ ♭ ♮ ♯: "B♭ major"), which Unicode does not count as emoji.
fn is_emoji(c: char) -> bool {
    matches!(c as u32, 0x1F300..=0x1FAFF | 0x1F1E6..=0x1F1FF | 0x2600..=0x2668 | 0x2670..=0x27BF | 0x2B50 | 0x2B55)
        && !matches!(c, '\u{2713}' | '\u{2714}' | '\u{2717}' | '\u{2718}')
}

/// Whether a text uses an emoji of its own: one inside a passage it cites, in quotes, from the
/// message (`cited`, the message's quoted passages with an emoji) is the message's; the same
/// words kept unquoted (a rewrite that keeps the emoji) are the text's own.
fn uses_emoji(text: &str, reading: &EmojiReading) -> bool {
    let own = |c: char| is_emoji(c) && !reading.excepted.contains(&c);
    if reading.quotes_free {
        let mut rest = text.to_string();
        for q in super::checkable::double_quoted(text) {
            rest = rest.replacen(q, "", 1);
        }
        if !rest.chars().any(own) {
            return false;
        }
    }
    let cited = &reading.cited;
    if !text.chars().any(own) {
        return false;
    }
    if cited.is_empty() {
        return true;
    }
    let mut rest = text.to_string();
    for c in cited {
        // (In quotes, or as a block quote of the old text: "Before:\n> Dog ID 55 adopted 🎉".)
        for (open, close) in [("\"", "\""), ("\u{201c}", "\u{201d}"), ("> ", "")] {
            rest = rest.replace(&format!("{open}{c}{close}"), "");
        }
    }
    rest.chars().any(own)
}

/// The result's last line, outside fenced code, when it asks a question (not a quoted one).
fn asks_back(result: &str) -> Option<&str> {
    let mut fenced = false;
    let mut last = None;
    for line in result.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced && !t.is_empty() {
            last = Some(t);
        }
    }
    let t = last?;
    let end = t.trim_end_matches(&['*', '_', ' '][..]);
    (end.ends_with('?') && !t.starts_with(&['>', '"', '\u{201c}', '`', '#'][..])).then_some(t)
}

/// A line of source that defines something (not a command run): "def f(", "function f(",
/// "fn f(", "const f = (…) => {".
fn source_definition(line: &str) -> bool {
    let t = line.trim_start();
    text::starts_with_any(t, "def |function |fn |func |pub fn |export ")
        || t.has_any("=> {| function ")
}

/// Whether a line of code defines a class ("class Foo:", "export default class Bar {", "public
/// final class Baz", "data class Row(").
fn defines_class(line: &str) -> bool {
    const MODIFIERS: &str =
        "export|default|public|private|internal|protected|abstract|final|sealed|data|static|open";
    // A diff's added line too ("+class Note:").
    let line = line.strip_prefix('+').unwrap_or(line);
    let mut words = line.split_whitespace();
    let keyword = words
        .by_ref()
        .find(|w| !crate::drift::text::in_list(MODIFIERS, w));
    keyword == Some("class")
        && words.next().is_some_and(|n| {
            n.starts_with(crate::drift::text::char_test(|c: char| {
                c.is_alphabetic() || c == '_'
            }))
        })
}

/// The clause of a sentence that lets a change, not what it keeps banned after " but " or a
/// semicolon ("you may add one new migration file under `migrations/`, but don't edit existing
/// ones", "…, but `rates.py` must stay as it is").
fn approving_clause(sentence: &str) -> &str {
    // ("fine to patch that file …, as long as you don't refactor it": the condition's ban is
    // its own.)
    crate::drift::text::first_of(sentence, " but |; | as long as | so long as | provided ")
        .and_then(|i| sentence.get(..i))
        .unwrap_or(sentence)
}

/// Whether a banned mention is a figure as written ("£5", "0.71", "12%"), not a stem.
fn is_figure(object: &str) -> bool {
    object.contains(&['.', '%', '£', '$', '€', '¥'][..])
}

/// A thing's code ("WTG-22", "INC-4471"): letters, a hyphen, a number. Banned, it is matched
/// whole as a figure is: "WTG-220" is another turbine.
fn is_code_id(word: &str) -> bool {
    word.split_once('-').is_some_and(|(a, n)| {
        a.len() >= 2
            && a.bytes().all(|b| b.is_ascii_alphabetic())
            && !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
    })
}

/// Whether `lower` holds the figure as written, standalone (not part of a longer number: "£50",
/// "10.71", "£5.25") and not negated.
fn mentions_figure(lower: &str, figure: &str) -> bool {
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    lower.match_indices(figure).any(|(at, _)| {
        let (head, tail) = lower.split_at(at);
        let mut t = tail.get(figure.len()..).unwrap_or_default().chars();
        let next = t.next();
        let longer = digit(head.chars().next_back())
            || head.ends_with('.')
            || digit(next)
            || (next == Some('.') && digit(t.next()));
        !longer && !negated(lower, at, figure)
    })
}

/// Whether the tokens from `i` have the stems of `object`, one stem or a phrase of several
/// ("blue curb").
/// A banning clause less a request joined after it ("…, but please tell me the figure in your
/// report"), which names another text than the ban's.
fn ban_clause(clause: &str) -> &str {
    // "The FAQ text must not mention ticket numbers, but in your report to me, reference
    // them": the reply is named by what it may hold, not by the ban.
    if let Some(at) = clause.find(", but in your ") {
        return clause.get(..at).unwrap_or(clause);
    }
    own_clause(clause)
        .filter(|&at| {
            clause
                .get(at..)
                .is_some_and(|r| r.starts_with(", but please"))
        })
        .and_then(|at| clause.get(..at))
        .unwrap_or(clause)
}

/// Whether the sentence of `text` around byte `at` holds a digit (a figure told).
fn sentence_has_figure(text: &str, at: usize, priced: bool) -> bool {
    let stops: &[char] = &['.', '!', '?', '\n'];
    let from = text
        .get(..at)
        .and_then(|h| h.rfind(stops))
        .map_or(0, |k| k + 1);
    let to = text
        .get(at..)
        .and_then(|t| t.find(stops))
        .map_or(text.len(), |k| at + k);
    // (A price: "do not mention the price of any lot" is not broken by "38 kg".)
    if priced {
        return text.get(from..to).is_some_and(|s| {
            s.contains(&['\u{a3}', '$', '\u{20ac}'][..])
                || crate::drift::text::contains_any(s, " euro| dollar| pound| usd| eur| gbp")
        });
    }
    // A figure in digits, or in words before its currency ("thirty-four euros").
    // (A year is no amount: "paid in full for 2025".)
    text.get(from..to).is_some_and(|s| {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w.contains(crate::drift::text::digit_char) && !(w.len() == 4 && (w.starts_any("19|20"))))
            || words_of(s).windows(2).any(|p| {
                matches!(p, [n, unit] if crate::drift::text::in_list(
                    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million",
                    n.split('-').next().unwrap_or_default(),
                ) && crate::drift::text::in_list(
                    "euro|euros|dollar|dollars|pound|pounds|cents|pence|francs|yen|kronor|krona|rupees|yuan",
                    unit,
                ))
            })
    })
}

fn stems_at(tokens: &[text::Token], i: usize, object: &str) -> bool {
    object
        .split(' ')
        .enumerate()
        .all(|(k, stem)| tokens.get(i + k).is_some_and(|t| *t.stem == *stem))
}

/// "No classes in `utils/case_number.py`": the result less the fenced blocks it introduces as
/// another file's ("Tests are in `tests/test_case_number.py`: ```class TestCase…```") and the
/// lines that name only other files ("- `tests/fixtures.py`: added `class FakeRoom`"), with the
/// byte ranges of `result` dropped; `None` when the ban names no file or all may be the file's.
fn in_scope_of(scope: &[String], result: &str) -> Option<(String, Vec<(usize, usize)>)> {
    if scope.is_empty() {
        return None;
    }
    let other = |named: Vec<(usize, String)>| {
        !named.is_empty()
            && !named.iter().any(|(_, p)| {
                // Within the scope's file or folder, or a shorter name of its file ("pricing.py"
                // for `src/pricing.py`, at a '/': `tests/test_pricing.py` is another file).
                scope.iter().any(|s| {
                    super::file_scope::within(p, s)
                        || s.strip_suffix(p.as_str())
                            .is_some_and(|h| h.is_empty() || h.ends_with('/'))
                })
            })
    };
    let mut dropped = Vec::new();
    let mut from = 0;
    let lines = |from: usize, to: usize, dropped: &mut Vec<(usize, usize)>| {
        let mut at = from;
        for line in result
            .get(from..to)
            .unwrap_or_default()
            .split_inclusive('\n')
        {
            if other(super::file_scope::paths(line)) {
                dropped.push((at, at + line.len()));
            }
            at += line.len();
        }
    };
    for block in super::modality::fenced_blocks(result) {
        let (start, end) = block.outer;
        let before = result.get(from..start).unwrap_or_default();
        // The paragraph that leads the block in.
        let lead = before.trim_end().rsplit("\n\n").next().unwrap_or_default();
        lines(from, start, &mut dropped);
        if other(super::file_scope::paths(lead)) {
            dropped.push((start, end));
        }
        from = end;
    }
    lines(from, result.len(), &mut dropped);
    if dropped.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(result.len());
    let mut kept = 0;
    for &(s, e) in &dropped {
        out.push_str(result.get(kept..s).unwrap_or_default());
        kept = e;
    }
    out.push_str(result.get(kept..).unwrap_or_default());
    Some((out, dropped))
}

/// Whether a class definition the result shows is one it calls existing: a comment on the line
/// that says only so ("# existing"), or "the existing `Invoice`" in the prose (`result`).
fn shown_as_existing(line: &str, result: &str) -> bool {
    let comment = line
        .split_once('#')
        .or_else(|| line.split_once("//"))
        .map(|(_, c)| {
            c.trim()
                .trim_end_matches(&['.', ')'][..])
                .to_ascii_lowercase()
        });
    if comment.is_some_and(|c| {
        crate::drift::text::in_list("existing|unchanged|already exists", c.as_str())
    }) {
        return true;
    }
    // "`models.py` still defines `class AnimalRecord`": a class the line's prose says is there.
    let before = line.split("class ").next().unwrap_or_default();
    let clause = before.rsplit(&['.', ';'][..]).next().unwrap_or_default();
    if crate::drift::text::contains_any(clause.to_ascii_lowercase(), "still |already |existing ") {
        return true;
    }
    let name = line
        .split_once("class ")
        .map(|(_, r)| r)
        .unwrap_or_default()
        .split(crate::drift::text::char_test(|c: char| {
            !(c.is_alphanumeric() || c == '_')
        }))
        .next()
        .unwrap_or_default();
    name.len() > 1
        && text::parts(
            "existing `{}`|`{}` already existed|`{}` class already exists|`{}` is unchanged|`{}` class is unchanged|existing {} class",
        )
        .iter()
        .any(|p| result.contains(&p.replace("{}", name)))
}

/// Whether `line` holds `token` as written, as a whole word ("// TODO: x", not `todoItems`).
fn has_token(line: &str, token: &str) -> bool {
    tokens_at(line, token).next().is_some()
}

/// The offsets where `hay` holds `token` as a whole word (no letter, digit or `_` on either
/// side).
fn tokens_at<'a>(hay: &'a str, token: &'a str) -> impl Iterator<Item = usize> + 'a {
    hay.match_indices(token).map(|(i, _)| i).filter(move |&i| {
        let before = hay.get(..i).and_then(|h| h.chars().next_back());
        let after = hay.get(i + token.len()..).and_then(|t| t.chars().next());
        let edge = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        edge(before) && edge(after)
    })
}

/// Words that, earlier in its clause, say a construct is absent rather than used ("avoids
/// `unwrap`", "replaced the `eval` call", "instead of `any`").
// "migrated away from `storiesOf`".
const PUT_ASIDE: &str =
    "avoid|free of|instead of|rather than|remov|replac|drop|eliminat|no longer|got rid|away from|is gone|are gone";

/// "- ✅ Bookings restored", "… no longer drop the slot ✅": an emoji that opens an item or
/// ends the line after a plain word decorates it — no emoji a removal is said of ("removed
/// the 🎉").
fn decorated(line: &str) -> bool {
    let t = line.trim().trim_start_matches(&['-', '*', '+', ' '][..]);
    let lower = t.to_ascii_lowercase();
    // Not where the line speaks of emojis or opens with the removal ("Replaced 🔥, 🚀.",
    // "🎉 removed from the heading").
    let removal = |s: &str| {
        let s = s
            .trim_start_matches(crate::drift::text::char_test(is_emoji))
            .trim_start_matches('\u{fe0f}')
            .trim_start();
        crate::drift::text::starts_with_any(s, "removed|replaced|dropped|deleted|no longer|got rid")
    };
    if lower.contains("emoji") || removal(&lower) {
        return false;
    }
    t.chars().next().is_some_and(is_emoji)
        || t.char_indices().any(|(i, c)| {
            let (head, tail) = t.split_at(i);
            let tail = tail
                .get(c.len_utf8()..)
                .unwrap_or_default()
                .trim_start_matches('\u{fe0f}');
            let before = head.trim_end().rsplit(' ').next().unwrap_or_default();
            is_emoji(c)
                && head.ends_with(' ')
                && (tail.is_empty() || tail.starts_with(&['.', '!'][..]))
                && !crate::drift::text::in_list(
                    "the|a|an|with|of|by|and|or|its|old|as|popper|icon|symbol|mark",
                    before.to_ascii_lowercase(),
                )
        })
}

fn put_aside(lower: &str, at: usize) -> bool {
    let clause = clause_before(lower, at);
    // What follows the span's closing backtick.
    let after = lower
        .get(at + 1..)
        .and_then(|t| t.find('`').and_then(|i| t.get(i + 1..)));
    // "Changed from `any` to `unknown`": what was there before.
    let from_to =
        clause.trim_end().ends_with(" from") && after.is_some_and(|t| t.starts_any(" to | into "));
    // "Replaced 6 `[[ ]]` tests with `[ ]`, the `function` keyword with plain definitions": a
    // list of replacements, each "X with Y", under one verb.
    let replaced_with = since_last(lower, at, ".|;|\n|:").has("replac")
        // "Replaced the three `print` calls in `report.py` with `logger.info`" too.
        && after.is_some_and(|t| t.split_whitespace().take(6).any(|w| w == "with"));
    // "The old `NavigationView` wrapper is gone": what was there, said gone after it.
    let gone = {
        let rest = after.unwrap_or_default();
        let end = crate::drift::text::first_of(rest, ". |;|\n").unwrap_or(rest.len());
        let rest = rest.get(..end).unwrap_or_default();
        // Said of the span's own phrase: "… wrapper in `App.tsx` is gone", not "wrapped it in
        // `X` so the flicker is gone".
        let own_phrase = !rest.contains(',')
            && !rest.split_whitespace().any(|w| {
                crate::drift::text::in_list("so|and|because|since|while|now|which|that|but", w)
            });
        own_phrase
            && crate::drift::text::contains_any(rest, " is gone| are gone| was removed| were removed| has been removed| have been removed")
    };
    // "The older tests still use `unittest.TestCase`; I left them alone": old code let be.
    let let_be = {
        let rest = after.unwrap_or_default();
        let end = crate::drift::text::first_of(rest, ". |\n").unwrap_or(rest.len());
        crate::drift::text::contains_any(
            rest.get(..end).unwrap_or_default(),
            "left them alone|left it alone|left them as|left it as|untouched",
        )
    };
    // "Cause: `prorate()` converted the price to `float` before …": the bug's cause is the old
    // code.
    let line = lower
        .get(..at)
        .map_or("", |b| b.rsplit('\n').next().unwrap_or(b))
        .trim_start_matches(&['-', '*', ' '][..]);
    let cause = crate::drift::text::starts_with_any(
        line,
        "cause:|root cause:|the cause:|problem:|the bug:|bug:",
    );
    from_to
        || replaced_with
        || gone
        || let_be
        || cause
        || crate::drift::text::contains_any(clause, PUT_ASIDE)
}

/// Words a negative clause opens with before its verb.
const LEAD_WORDS: &str = "do|does|not|don|dont|t|never|avoid|no|please|should|must|refrain|from";
/// Verbs whose object is what the answer holds.
const CONTENT_VERBS: &str = "includ|mention|list|discuss|describ|document|cover|summar";

fn classify(clause: &str) -> Vec<Forbidden> {
    let mut f = Vec::new();
    let has = |w: &str| clause.contains(w);
    // What is forbidden is named by whole words: "the classifier", "the encoder", "the HTTP
    // client" name no class, code or CLI.
    let words: Vec<&str> = crate::drift::text::alnum_words(clause);
    let word = |options: &'static str| crate::drift::text::any_word_in(&words, options);
    // A word the ban is about: its head, or the object of a verb of leaving or adding ("no
    // TODO comments", "do not leave any TODOs"; not "don't worry about the TODOs").
    let word_at_head = |x: &str| {
        let at = words.iter().take(5).position(|w| *w == x);
        let head = words
            .iter()
            .position(|w| !crate::drift::text::in_list(LEAD_WORDS, w));
        at.is_some_and(|at| {
            head == Some(at)
                || head.and_then(|h| words.get(h)).is_some_and(|h| {
                    text::starts_with_any(
                        h,
                        "leav|add|includ|writ|introduc|commit|ship|keep|use|contain|put",
                    )
                })
        })
    };
    // The clause's verb: the first word after the negation. A verb of content ("do not include
    // internal refactors", "never list renamed files") makes a change word its object, a
    // noun: what the answer holds, not a change to the code.
    let head = words
        .iter()
        .find(|w| !crate::drift::text::in_list(LEAD_WORDS, w))
        .copied()
        .unwrap_or_default();
    let content_verb = text::starts_with_any(head, CONTENT_VERBS);
    // A change word the ban is about: not an adjective ("in the changed code", "new or
    // modified files") nor the verb of a relative clause ("any command that changes the
    // infrastructure" bans the command).
    // (Not in the ban's reason: "…, because schema changes are frozen".)
    let reason_at = words
        .iter()
        .position(|w| crate::drift::text::in_list("because|since", *w));
    let changes = !content_verb
        && words.iter().enumerate().any(|(i, w)| {
            if reason_at.is_some_and(|r| i > r) {
                return false;
            }
            let before = i.checked_sub(1).and_then(|j| words.get(j)).copied();
            let two_back = i.checked_sub(2).and_then(|j| words.get(j)).copied();
            let verb = change_verb(w);
            let adjective = w.ends_with("ed")
                && before
                    .is_some_and(|x| crate::drift::text::in_list("the|any|or|and|all|your", x));
            let relative = before.is_some_and(|x| crate::drift::text::in_list("that|which|who", x));
            // "do not use eval() in any change you make": a place, not the ban's verb.
            let place = before
                .is_some_and(|x| crate::drift::text::in_list("any|the|your|each|a", x))
                && two_back
                    .is_some_and(|x| crate::drift::text::in_list("in|to|of|for|with|from", x));
            verb && !(adjective || relative || place)
        });
    // "Don't change the code" forbids a change, not code in the answer; "do not write or
    // modify code" forbids both.
    let writes = text::contains_any(clause, "write|writ|provid|includ|show|give");
    // A code word after "before", "after", "outside"… names a place, not what is forbidden:
    // "don't add anything before and after the JSON code".
    // Kinds of code that are values: "the promo code", "an error code".
    const VALUE_CODES: &str = "promo|promotion|discount|coupon|voucher|error|status|exit|zip|postal|country|currency|language|access|verification|auth|qr|area|region|invite|referral|tracking";
    const CODE_WORDS: &str = "code|implementation|implementations|snippet|snippets";
    // "No TODO comments in the submitted code", "don't add TODO comments to the code": the
    // code is where, not what.
    const PLACE_WORDS: &str =
        "before|after|outside|around|besides|except|but|than|in|within|inside";
    // Read outside parentheses: "no capital letters (including file names and code)" names
    // the code as a place the ban reaches, not as what it bans.
    let plain = text::outside_parentheses(clause);
    let plain_words: Vec<&str> = crate::drift::text::alnum_words(&plain);
    let first = |options: &'static str| {
        plain_words
            .iter()
            .position(|w| crate::drift::text::in_list(options, w))
    };
    // "No code fences" bans the marks around code (a JSON answer "with no code fences" is
    // no code): the checkable rule on fenced blocks reads it.
    // "internal code names", "code review", "code owners": no code either.
    let fences = first(CODE_WORDS)
        .and_then(|c| plain_words.get(c + 1))
        .is_some_and(|w| {
            crate::drift::text::in_list(
                "fence|fences|name|names|review|reviews|owner|owners|freeze",
                w,
            )
        });
    // "users without a code", "no coupon code", "the exit code": a code as a value, not
    // program code ("a code block", "a code dump" are code). Every code word must be one.
    let value = {
        let at: Vec<usize> = (0..plain_words.len()).gather().kept(|&c| {
            plain_words
                .get(c)
                .is_some_and(|w| crate::drift::text::in_list(CODE_WORDS, w))
        });
        !at.is_empty()
            && at.iter().all(|&c| {
                let before = c.checked_sub(1).and_then(|i| plain_words.get(i)).copied();
                let after = plain_words.get(c + 1).copied();
                // "do not hard-code any tank names": a verb.
                plain_words.get(c) == Some(&"code") && before == Some("hard")
                    || plain_words.get(c) == Some(&"code")
                        && ((before.is_some_and(|x| crate::drift::text::in_list("a|an", x))
                            && after.is_none_or(|a| {
                                crate::drift::text::in_list(
                                    "in|on|for|from|at|to|and|or|yet|set",
                                    a,
                                )
                            }))
                            || before.is_some_and(|b| crate::drift::text::in_list(VALUE_CODES, b)))
            })
    };
    // "No other code blocks": the ones asked for elsewhere are allowed, which a ban on code
    // cannot tell apart.
    let others = first(CODE_WORDS)
        .and_then(|c| c.checked_sub(1))
        .and_then(|i| plain_words.get(i))
        .is_some_and(|w| *w == "other");
    // "Don't call any of our existing code "legacy"": the code is what a word may not name.
    let naming = first(CODE_WORDS).is_some_and(|c| {
        plain_words.iter().take(c).any(|w| {
            crate::drift::text::in_list("call|calling|describe|describing|label|refer|criticize|criticise|blame|break|breaks|breaking", w)
        })
    });
    // "Don't add any code comments", "no code review needed": a compound's head is no code.
    let compound = first(CODE_WORDS)
        .and_then(|i| plain_words.get(i + 1))
        .is_some_and(|w| {
            crate::drift::text::in_list("comment|comments|review|reviews|owners|style|freeze", w)
        });
    // "(no explanation, code only)": the code is what is asked.
    let asked = text::contains_any(clause, "code only|only code|just code|just the code");
    let code_named = !fences
        && !value
        && !others
        && !naming
        && !asked
        && !compound
        && match (
            first(CODE_WORDS),
            // "to the code" / "into the code" (not "to" of an infinitive: "try not to paste
            // code").
            first(PLACE_WORDS)
                .into_iter()
                .chain((0..plain_words.len()).find(|&i| {
                    plain_words
                        .get(i)
                        .is_some_and(|x| crate::drift::text::in_list("to|into", x))
                        && plain_words.get(i + 1).is_some_and(|x| {
                            crate::drift::text::in_list("the|your|any|a|this|our", x)
                        })
                }))
                .min(),
        ) {
            (Some(c), Some(p)) => c < p,
            (c, _) => c.is_some(),
        };
    // What follows "outside", "beyond", "except", "other than" is allowed, not forbidden: "don't
    // change the fields other than adding `currency`" forbids the fields, not `currency`. A ban
    // of a kind with an exception ("no new dependencies beyond `zod`", "no code outside
    // `migrations/`") is not read: which ones are allowed is a guess.
    let main = crate::drift::text::first_of(clause, " outside | beyond | except | other than ")
        .and_then(|at| clause.get(..at));
    let excepts = main.is_some();
    // "No code blocks longer than 5 lines" allows short ones.
    if (!changes || writes) && code_named && !excepts && !super::checkable::bounded_blocks(clause) {
        f.push(Forbidden::Code);
    }
    // "No implementation", "do not implement it (yet)": the work is a plan, a comparison, a
    // diagnosis.
    // Only a ban on building at all, with no object but "it"/"this"/"yet": "do not implement
    // the UI part" bans a part, "no implementation exists yet" states a fact.
    // Read to the first comma or condition: "don't implement anything yet, just write a plan",
    // "do not implement it until the design is approved".
    let bare = head_words(clause, head, &[','], "until|before|unless|just|only")
        .skip(1)
        .all(|w| crate::drift::text::in_list("it|this|that|yet|anything|now|here", w));
    if head.starts_with("implement") && bare && !excepts {
        f.push(Forbidden::Implementation);
    }
    // "Don't create any commits", "do not make a commit": the commit ban by its noun.
    if crate::drift::text::starts_with_any(head, "creat|make") {
        let ws: Vec<&str> = head_words(
            clause,
            head,
            &[',', ';', '\u{2014}'],
            "until|before|unless|without|just",
        )
        .skip(1)
        .gather();
        let noun = ws
            .iter()
            .position(|w| crate::drift::text::in_list("commit|commits", *w))
            .filter(|&i| {
                ws.iter()
                    .take(i)
                    .all(|w| crate::drift::text::in_list("any|a|new|the", w))
            });
        if noun.is_some_and(|i| {
            ws.iter().skip(i + 1).all(|w| {
                crate::drift::text::in_list(ACT_OBJECTS, w)
                    && !crate::drift::text::in_list("or|and", *w)
            })
        }) {
            f.push(Forbidden::Act("committed", ""));
        }
    }
    if ACTS.iter().any(|(v, _)| head.starts_with(v)) {
        let rest: Vec<&str> = head_words(
            clause,
            head,
            &[',', ';', '\u{2014}'],
            "until|before|unless|without|just",
        )
        .gather();
        // Every action the clause joins ("commit or push"), and the target it names, if any.
        let act = |w: &str| ACTS.iter().find(|(v, _)| w.starts_with(v)).map(|a| a.1);
        // "Don't push the branch or open a PR": another ban joins after "or"; the action's
        // words end there.
        let mut rest = rest;
        // Only when the action has words of its own before the joiner: "never commit or log
        // the token" shares one object between two verbs, and bans neither alone.
        if let Some(j) = rest.windows(2).position(|p| {
            let [joiner, next] = p else { return false };
            crate::drift::text::in_list("or|and|nor", joiner)
                && act(next).is_none()
                && !crate::drift::text::in_list(ACT_OBJECTS, next)
                && !crate::drift::text::in_list(ACT_TARGETS, next)
        }) {
            if j > 1 {
                rest.truncate(j);
            }
        }
        let target: Option<&'static str> = ACT_TARGETS.split('|').find(|t| rest.contains(t));
        let bare = rest.iter().all(|w| {
            act(w).is_some() || crate::drift::text::in_list(ACT_OBJECTS, w) || Some(*w) == target
        });
        if bare {
            // Each action once, in the order named.
            let mut done: Vec<&'static str> = Vec::new();
            let mut add = |d: &'static str| {
                if !done.contains(&d) {
                    done.push(d);
                }
            };
            rest.iter().filter_map(|w| act(w)).for_each(&mut add);
            // A list of actions goes on past the comma: "do not commit, push, or open a PR".
            // Each further part counts when an action opens it and it is bare; a list joins
            // with "or"/"nor" ("don't merge, push to your branch" asks for the push).
            let first = clause
                .split(&[';', '\u{2014}'][..])
                .next()
                .unwrap_or_default();
            let joined = first.split_once(',').is_some_and(|(_, rest)| {
                rest.split(crate::drift::text::not_alnum_char)
                    .any(|w| crate::drift::text::in_list("or|nor", w))
            });
            for part in first.split(',').skip(1).filter(|_| joined) {
                let words: Vec<&str> = part
                    .split(crate::drift::text::not_alnum_char)
                    .filter(|w| !w.is_empty())
                    .skip_while(|w| crate::drift::text::in_list("or|and|nor", w))
                    .take_while(|w| {
                        !crate::drift::text::in_list("until|before|unless|without|just", w)
                    })
                    .gather();
                let opens = words.first().is_some_and(|w| act(w).is_some());
                if !opens {
                    break;
                }
                if words.iter().all(|w| {
                    act(w).is_some()
                        || crate::drift::text::in_list(ACT_OBJECTS, w)
                        || Some(*w) == target
                }) {
                    words.iter().filter_map(|w| act(w)).for_each(&mut add);
                }
            }
            for d in done {
                f.push(Forbidden::Act(d, target.unwrap_or_default()));
            }
        }
    }
    // "No classes", "don't add a class or a decorator", but not "don't change the error class
    // names": a class word followed by another noun names something else.
    let class_ban = text::parts("class|classes").iter().any(|c| {
        clause.match_indices(c).any(|(i, _)| {
            let before = clause.get(..i).and_then(|h| h.chars().next_back());
            let tail = clause.get(i + c.len()..).unwrap_or_default();
            let after = tail.chars().next();
            let next = tail
                .split(crate::drift::text::not_alnum_char)
                .find(|w| !w.is_empty());
            // "`class_name` declarations" is another keyword: '_' joins a word.
            // "Don't add any classes to `pricing.py`": a program file's, not a stylesheet's.
            let to_a_program = || {
                tail.trim_start().strip_prefix("to ").is_some_and(|r| {
                    super::file_scope::paths(r).first().is_some_and(|(at, p)| {
                        *at <= 1 && !text::contains_any(p, ".css|.scss|.sass|.less|.htm")
                    })
                })
            };
            before.is_none_or(|b| !b.is_alphanumeric() && b != '_')
                && after.is_none_or(|a| !a.is_alphanumeric() && a != '_')
                && (after.is_some_and(|a| !a.is_whitespace())
                    || next.is_none_or(|n| {
                        crate::drift::text::in_list("or|and|in|for|at|anywhere|please|here", n)
                    })
                    || to_a_program())
        })
    });
    if class_ban && !excepts {
        f.push(Forbidden::Class);
    }
    // "Don't write \"TODO\" in the prose of your report": the report's words, not its code
    // (checkable.rs reads that ban).
    let prose_only = (clause.has_any(" prose|outside code"))
        && !clause.has("in the code")
        && !clause.has("in code");
    for (word, marker) in [
        ("todo", "TODO"),
        ("todos", "TODO"),
        ("fixme", "FIXME"),
        ("fixmes", "FIXME"),
    ] {
        if word_at_head(word) && !prose_only {
            f.push(Forbidden::Marker(marker));
        }
    }
    let pair = |a: &str, b: &str| words.windows(2).any(|w| w == [a, b]);
    if pair("force", "push") || pair("force", "pushing") || pair("push", "force") {
        let target = ACT_TARGETS.split('|').find(|t| words.contains(t));
        f.push(Forbidden::ForcePush(target.unwrap_or_default()));
    }
    if text::parts("emoji|emojis|emoticons")
        .iter()
        .any(|w| word_at_head(w))
    {
        f.push(Forbidden::Emoji);
    }
    // "Don't come back with questions", "do not ask clarifying questions", "no questions".
    let asks = words
        .iter()
        .position(|w| !crate::drift::text::in_list(LEAD_WORDS, w))
        .and_then(|h| words.get(h));
    // "Don't ask anything back", "do not ask me anything": asking back at all.
    let asks_back = asks.is_some_and(|h| *h == "ask")
        && words
            .iter()
            .take(5)
            .any(|w| crate::drift::text::in_list("anything|back", *w))
        && !crate::drift::text::any_word_in(&words, "unless|if|before|until");
    // ("Don't ask me questions unless you're blocked": allowed where the condition holds,
    // which is not read.)
    if asks_back
        || words
            .iter()
            .take(6)
            .any(|w| crate::drift::text::in_list("question|questions", *w))
            && asks.is_some_and(|h| {
                crate::drift::text::in_list("ask|come|question|questions|any|follow", h)
            })
            && !words
                .iter()
                .any(|w| crate::drift::text::in_list("unless|until", *w))
    {
        f.push(Forbidden::Questions);
    }
    // "Don't change the command-line interface" keeps the one there is: no ban on having one
    // (but "don't add a CLI or change the config" bans one).
    if (word("cli|clis") || has("command line") || has("command-line"))
        && !excepts
        && !change_verb(head)
    {
        f.push(Forbidden::Cli);
    }
    // Adding one: not "don't remove any dependencies", nor "don't touch package.json" (a
    // file, whose change the change ban reads).
    let package = words.iter().enumerate().any(|(i, w)| {
        crate::drift::text::in_list("package|packages|library|libraries|crate|crates|gems", w)
            && !(*w == "package"
                && words
                    .get(i + 1)
                    .is_some_and(|x| crate::drift::text::in_list("json|lock", x)))
    });
    let removal = text::starts_with_any(head, REMOVAL_VERBS);
    if (has("dependenc") || package) && !excepts && !removal {
        f.push(Forbidden::Dependency);
    }
    let main = main.unwrap_or(clause);
    // ("…, because the audience is venue staff": the reason is no object.)
    // ("…, which must not mention X, and (b) a memo that gives it": the next text is none.)
    let main = ", because | because |, and (b)| and (b) |, and (2)| and (2) "
        .split('|')
        .find_map(|b| main.split_once(b).map(|(h, _)| h))
        .unwrap_or(main);
    let whole_main = main;
    // "computeTax(amount, region)": what parentheses hold is an aside, not the ban's object.
    let unbracketed = text::outside_parentheses(main);
    let main = unbracketed.as_str();
    // "Don't change anything": any change at all, as for "the code".
    let anything = main.has("anything") || main.has("any file");
    let toks = text::tokens(main);
    let objects: Vec<String> = toks.iter().map(|t| t.stem.to_string()).gather().kept(|s| {
        !crate::drift::text::in_list(
            "chang|add|new|use|function|creat|provid|includ|write|avoid|refrain|pleas",
            s.as_str(),
        ) && !change_verb(s)
            && !text::parts(CHANGE_VERBS)
                .iter()
                .chain(text::parts(NEW_VERBS).iter())
                // "adding" stems to "ad": a verb cut short by the stemmer is still the verb.
                .any(|v| {
                    (s.starts_with(v) && !text::parts(CHANGE_VERBS).contains(v))
                        || (v.starts_with(s.as_str()) && s.len() + 1 >= v.len())
                })
    });
    // "Keep the signature of `total()` as is; do not alter it": the signature is what may not
    // change, not the function's body (its name's pieces are no objects).
    let objects = if objects.iter().any(|o| o == "signatur") {
        vec!["signatur".to_string()]
    } else {
        objects
    };
    // What a ban on anything new names; a dependency's ban is read above, with what it lets
    // in ("dev dependencies").
    let deps = f.contains(&Forbidden::Dependency);
    let package_word = |s: &str| text::starts_with_any(s, "depend|packag|librari|crate|gem");
    // Words that qualify a package word ("dev/test packages", "no runtime dependencies") and
    // the pieces of a code span of several words ("`# type: ignore`": not "type" alone): no
    // objects of their own.
    let qualifiers: Vec<&str> = toks
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            deps && toks
                .get(i + 1..(i + 3).min(toks.len()))
                .is_some_and(|next| next.iter().any(|n| package_word(&n.stem)))
        })
        .map(|(_, t)| &*t.stem)
        .gather();
    let mut span_pieces: Vec<String> = Vec::new();
    for span in text::code_spans(main) {
        let pieces = text::tokens(span);
        if pieces.len() > 1 {
            span_pieces.push_all(pieces.iter().map(|t| t.stem.to_string()));
        }
    }
    let outside: Vec<String> = text::tokens(&text::outside_code_spans(main))
        .iter()
        .map(|t| t.stem.to_string())
        .gather();
    let new_objects: Vec<String> = objects
        .iter()
        .filter(|o| {
            !(deps && (package_word(o) || qualifiers.contains(&o.as_str())))
                && (!span_pieces.contains(o) || outside.contains(o))
        })
        .cloned()
        .gather();
    // "No new log statements at INFO level or above", "no new files at the repo root": a kind
    // with a qualifier, which the words of a report cannot tell apart.
    // ("Files under `migrations/`" is a place, which the check reads.)
    let files_under = clause.has("files under `");
    let qualified = crate::drift::text::contains_any(
        clause.replace("files under `", "files in `"),
        " at | above| or higher| or more| over | larger than| more than| below| under ",
    );
    // "Don't change the wording otherwise", "apart from that, leave the file alone": changes
    // beyond the task's own, which a report of the task's change cannot be told from.
    let beyond_the_task = words.contains(&"otherwise")
        || text::contains_any(
            clause,
            "apart from that|aside from that|besides that|other than that",
        );
    // The ban's object is one code name: "do not change `rate_limit_per_minute`".
    let spans = text::code_spans(main);
    let outside_spans = text::outside_code_spans(main);
    let named_only = spans.len() == 1
        && spans.first().is_some_and(|n| {
            !n.is_empty()
                && n.len() <= 60
                && n.chars().all(|c| c.is_alphanumeric() || "_.:-".contains(c))
        })
        && text::tokens(&outside_spans).iter().all(|t| {
            change_verb(&t.stem)
                || crate::drift::text::in_list("valu|set|name|variabl|constant|kei|key", &*t.stem)
        });
    if changes && (beyond_the_task || kind_of_files(main, &objects)) {
        // Not read. "Don't touch test files": which files are tests, a report's paths do not
        // always tell.
    } else if changes && named_only {
        f.push(Forbidden::ChangeNamed(
            spans.first().copied().unwrap_or_default().to_string(),
        ));
    } else if changes && anything && excepts {
        // "Anything outside `lib/`": a limit on where changes go, which file_scope.rs reads.
    } else if changes && anything {
        f.push(Forbidden::Change(vec!["file".to_string()]));
    } else if changes && !objects.is_empty() {
        f.push(Forbidden::Change(objects.clone()));
    } else if changes
        && !excepts
        && change_verb(head)
        // "… keep their names, don't rename them": a pronoun's thing was named before.
        && !words
            .iter()
            .skip_while(|w| **w != head)
            .nth(1)
            .is_some_and(|w| crate::drift::text::in_list("them|it|those|these|that|this", w))
    {
        // "No changes.", "no edits, please": a change of any kind, named by the change word.
        f.push(Forbidden::Change(vec!["file".to_string()]));
    } else if ((clause.has("new ")
        // ("Don't define any classes in that new file": a place, not a new thing.)
        && !text::contains_any(clause, "in that new |in this new |in the new "))
        || clause.has("add")
        || (clause.has("create ") && files_under))
        && !new_objects.is_empty()
        && !qualified
        // "Do not create new files outside `tests/`": which new ones are let in is a place,
        // not read here.
        && !excepts
    {
        f.push(Forbidden::New(modifiers_of_compounds(main, new_objects)));
    } else if clause.has_any("mention|discuss|talk about") {
        // What the clause names in quotes is all it forbids ("avoid mentioning \"sourdough\"");
        // else its objects, less the words that name the form ("the word Gatsby, Daisy").
        // A name of several words is one phrase ("the codename 'Blue Curb'": not every "blue").
        let named: Vec<String> = named_terms(clause)
            .iter()
            .map(|t| {
                text::tokens(t)
                    .iter()
                    .map(|t| t.stem.to_string())
                    .gather()
                    .join(" ")
            })
            .gather()
            .kept(|t| !t.is_empty());
        // "The customer name", "the name of the client", "internal hostnames", "their emails":
        // values the message does not give, which no word of the result can be told to be.
        // "any specific prices or percentages": values too, not the word.
        let unnamed = named.is_empty()
            && (objects.iter().any(|o| {
                crate::drift::text::in_list(
                    "name|hostnam|ip|url|email|password|token|credenti|phone|address|domain",
                    o.as_str(),
                )
            }) || crate::drift::text::contains_any(main, "specific |exact |actual |concrete ")
                // ("the printer's manufacturer": a maker not named; not "manufacturing delays".)
                || crate::drift::text::ends_with_any(
                    main.trim_end_matches(['.', ' ', ';', ',']),
                    "manufacturer|brand|maker",
                ));
        // "Don't mention the CVE id anywhere in your report or in code comments": where it may
        // not be mentioned is no part of what; nor is with whom ("the pricing dispute with
        // Acme": naming Acme is no mention of the dispute).
        // Nor where it happened ("the 14 June outage at Porto": Porto's figures are no
        // mention of the outage).
        let place =
            crate::drift::text::first_of(main, " anywhere| in | within | inside | with | at ");
        let objects = match place {
            Some(at) => {
                let what: Vec<String> = text::tokens(main.get(..at).unwrap_or_default())
                    .into_iter()
                    .map(|t| t.stem.to_string())
                    .gather();
                objects.kept(|o| what.contains(o))
            }
            None => objects,
        };
        // "our seat-map vendor Seatrac": a name after its kind is what may not be mentioned,
        // not the words that describe it ("seat" is the app's own word).
        let what = text::tokens(main.get(..place.unwrap_or(main.len())).unwrap_or_default());
        // "our turnstile vendor (Gatekeeper Systems)": a short plain name in parentheses.
        let paren_name = whole_main
            .split_once(" (")
            .and_then(|(_, r)| r.split_once(')'))
            .map(|(name, _)| name)
            .filter(|name| {
                (1..=3).contains(&name.split(' ').count())
                    && name.bytes().all(|b| b.is_ascii_alphabetic() || b == b' ')
            });
        let objects = match what.iter().position(|t| {
            crate::drift::text::in_list(
                "vendor|supplier|partner|competitor|provider|contractor|processor|carrier|insur|lender|codenam",
                &t.stem,
            )
        }) {
            // One name after its kind, with nothing else banned beside it ("competitors or
            // discounts", "the partner or the merger" keep every object).
            // "our turnstile vendor (Gatekeeper Systems)": the name in parentheses is what may
            // not be mentioned, not the words that describe it.
            Some(k)
                if k + 1 == what.len()
                    && named.is_empty()
                    && paren_name.is_some()
                    && !crate::drift::text::contains_any(main, " or | and |, ") =>
            {
                // (Its first word: "the Gatekeeper firmware" mentions it.)
                paren_name
                    .map(|name| {
                        text::tokens(name)
                            .into_iter()
                            .take(1)
                            .map(|t| t.stem.to_string())
                            .gather()
                    })
                    .unwrap_or_default()
            }
            Some(k)
                if k + 2 == what.len()
                    && named.is_empty()
                    && !crate::drift::text::contains_any(main, " or | and |, ") =>
            {
                let name: Vec<&str> = what.iter().skip(k + 1).map(|t| &*t.stem).gather();
                objects.kept(|o| name.contains(&o.as_str()))
            }
            _ => objects,
        };
        // "Don't mention the old £5 fee", "the old baseline (0.71 AUC)": a figure as written is
        // what may not appear, not its description (a "5-day notice" mentions no £5).
        let figure = whole_main
            .split(&[';', '\u{2014}'][..])
            .next()
            .unwrap_or_default()
            .split_whitespace()
            .take_while(|w| !crate::drift::text::in_list("anywhere|in|within|inside|with", w))
            .map(|w| {
                w.trim_matches(&['(', ')', ',', ';', ':'][..])
                    .trim_end_matches('.')
            })
            .find(|w| {
                // (A code alone: "Don't mention BRX-9 or the recall" bans the recall too.)
                (is_figure(w)
                    || (is_code_id(w) && !crate::drift::text::contains_any(main, " or | and |, ")))
                    && w.contains(crate::drift::text::digit_char)
            });
        let objects = if unnamed {
            Vec::new()
        } else if let Some(x) = figure.filter(|_| named.is_empty()) {
            vec![x.to_string()]
        } else if named.is_empty() {
            let objects = objects
                // Nor the ban's own verb ("as mentioned above" mentions nothing banned).
                .kept(|s| {
                    !crate::drift::text::in_list(FORM_WORDS, s.as_str())
                        && !crate::drift::text::in_list("mention|discuss|talk", s.as_str())
                });
            // "the planned Q3 price increase": its time and status words alone ("Q3 volumes",
            // "as planned") tell nothing of the thing.
            let when = |s: &String| {
                crate::drift::text::in_list(WHEN_WORDS, s)
                    || (s.len() == 4
                        && s.starts_with("20")
                        && s.bytes().all(|b| b.is_ascii_digit()))
            };
            // Nor does its change word ("the field rent increase": "the increase covers …"
            // names another rise).
            let change = |s: &String| {
                crate::drift::text::in_list(
                    "increas|increase|rise|chang|change|hike|cut|decreas|decrease",
                    s,
                )
            };
            if objects.iter().all(|s| when(s) || change(s)) {
                objects
            } else {
                objects.kept(|s| !when(s) && !change(s))
            }
        } else {
            named
        };
        // Hosts under a domain the ban names are what it bans, whatever the words around them.
        let domains = if unnamed {
            domains_named(clause)
        } else {
            Vec::new()
        };
        if !domains.is_empty() {
            f.push(Forbidden::HostUnder(domains));
        } else if !objects.is_empty() {
            f.push(Forbidden::Mention(objects));
        }
    }
    f
}

/// Stems of the time and status words of a thing named ("the planned Q3 price increase").
const WHEN_WORDS: &str = "plan|upcom|propos|new|old|current|next|last|futur|recent|pend|q1|q2|q3|q4|h1|h2|januari|februari|march|april|june|juli|august|septemb|octob|novemb|decemb";

/// The domains a ban names in code spans or as written ("`*.corp.internal`",
/// "corp.example.net", a URL's host): words of letters, digits, `-` and `.` with a dot inside
/// and a top-level part of letters that is no file extension ("README.md"); a leading `*.` is
/// dropped, and a host given as an example ("hosts like db1.prod.example.io") stands for its
/// parent domain.
fn domains_named(clause: &str) -> Vec<String> {
    const EXTENSIONS: &str = "md|txt|json|yaml|yml|toml|lock|py|rs|ts|js|tsx|jsx|sh|html|css|go|rb|cfg|ini|log|csv|xml|sql";
    let lower = clause.to_ascii_lowercase();
    let mut example = false;
    let mut out = Vec::new();
    for w in lower.split(crate::drift::text::char_test(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '`' | '(' | ')' | ',' | ';' | '"' | '\'' | ':' | '/' | '@'
            )
    })) {
        let w = w.trim_end_matches('.').trim_start_matches("*.");
        if crate::drift::text::in_list("like|e.g|e.g.|such|example", w) {
            example = true;
            continue;
        }
        let host = w.contains('.')
            && !w.starts_with('.')
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.'))
            && w.rsplit('.').next().is_some_and(|tld| {
                tld.len() >= 2
                    && tld.chars().all(|c| c.is_ascii_alphabetic())
                    && !crate::drift::text::in_list(EXTENSIONS, tld)
            });
        if !host {
            continue;
        }
        // An example host's parent, when it has one below the top level.
        let parent = w
            .split_once('.')
            .map(|(_, p)| p)
            .filter(|p| p.contains('.'));
        out.push(match parent {
            Some(p) if example => p.to_string(),
            _ => w.to_string(),
        });
    }
    out
}

/// The first host in `text` that is one of `domains` or under one ("api.corp.internal:443").
fn host_under(text: &str, domains: &[String]) -> Option<String> {
    text.split(crate::drift::text::char_test(|c: char| {
        !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.'))
    }))
    .map(|w| w.trim_matches('.').to_ascii_lowercase())
    .find(|w| {
        domains
            .iter()
            .any(|d| w == d || w.strip_suffix(d.as_str()).is_some_and(|r| r.ends_with('.')))
    })
}

/// The words of a clause from its verb (`head`) on, to the first of `cuts` and before the first
/// word of `stops` (a condition: "do not implement it until …").
fn head_words<'a>(
    clause: &'a str,
    head: &'a str,
    cuts: &'a [char],
    stops: &'static str,
) -> impl Iterator<Item = &'a str> {
    clause
        .split(cuts)
        .next()
        .unwrap_or_default()
        .split(crate::drift::text::not_alnum_char)
        .filter(|w| !w.is_empty())
        .skip_while(move |w| *w != head)
        .take_while(move |w| !text::in_list(stops, *w))
}

/// Stems of words that name the form of what is mentioned, not its content.
const FORM_WORDS: &str = "word|term|phrase|keyword";

/// Terms a clause names in quotes: "…", “…”, and '…' where the quote opens a word (not the
/// apostrophe of "don't").
pub(super) fn named_terms(clause: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (open, close) in [('"', '"'), ('\u{201c}', '\u{201d}'), ('\'', '\'')] {
        let mut rest = clause;
        while let Some(i) = rest.find(open) {
            let before = rest.get(..i).and_then(|b| b.chars().next_back());
            let after = rest.get(i + open.len_utf8()..).unwrap_or_default();
            if open == '\'' && before.is_some_and(char::is_alphanumeric) {
                rest = after;
                continue;
            }
            let Some(j) = after.find(close) else { break };
            let term = after.get(..j).unwrap_or_default().trim();
            if !term.is_empty() && term.len() <= 60 {
                out.push(term);
            }
            rest = after.get(j + close.len_utf8()..).unwrap_or_default();
        }
    }
    out
}

/// The clause of a sentence that asks for named paths to stay as they are ("leave
/// `Assets/Player.prefab` untouched", "`modules/vpc/` is off-limits", "keep db/schema.sql as
/// is"), if it names a path.
fn kept_paths_clause(sentence: &str) -> Option<&str> {
    let mut start = 0;
    let lower = sentence.to_ascii_lowercase();
    let mut cuts: Vec<(usize, usize)> = text::parts(";|,| and | but | — | - |:")
        .iter()
        .flat_map(|c| lower.match_indices(c).map(|(i, m)| (i, i + m.len())))
        .gather();
    crate::sort::sort(&mut cuts);
    cuts.push((lower.len(), lower.len()));
    for (a, b) in cuts {
        if a < start {
            continue;
        }
        let clause = lower.get(start..a).unwrap_or_default();
        let words: Vec<&str> = clause.words_by(crate::drift::text::char_test(|c: char| {
            !(c.is_ascii_alphanumeric() || c == '-')
        }));
        let state = words.iter().position(|w| {
            crate::drift::text::in_list(
                "untouched|alone|unchanged|intact|off-limits|frozen|read-only",
                w,
            )
        });
        // "Is unchanged" may describe; "is frozen" and "is off-limits" ask.
        let asked = state.is_some_and(|k| {
            let fixed = words
                .get(k)
                .copied()
                .is_some_and(|x| crate::drift::text::in_list("off-limits|frozen|read-only", x));
            words.iter().take(k).any(|w| {
                crate::drift::text::in_list("leave|keep|must|should|stays|stay", w)
                    || (fixed && crate::drift::text::in_list("is|are", *w))
            })
        }) || clause.has("off limits");
        let said_of_self = words
            .first()
            .is_some_and(|w| crate::drift::text::in_list("i|we", *w));
        // "everything outside `billing/` stays off-limits" keeps every other path (not read).
        let others = crate::drift::text::any_word_in(&words, "outside|except|beyond|besides");
        if asked && !said_of_self && !others && !super::file_scope::paths(clause).is_empty() {
            return sentence.get(start..a);
        }
        start = b;
    }
    None
}

/// Words that name a part of a file: a ban on "the parse function in parser.py" is not broken by
/// any change to parser.py.
const PARTS_OF_A_FILE: &str = "function|functions|method|methods|class|signature|signatures|section|line|lines|value|values|setting|settings|key|keys|field|fields|constant|variable|block|logic|output|format|behaviour|behavior|api|interface|schema|contract|dependencies|entries|rules";

/// Checks each negative constraint against the result.
/// `toks`: the result's tokens (from [`text::tokens`]), computed once by the caller.
/// `code`: the result's code lines ([`Code::of`]).
pub fn check_negatives(
    negs: &[Negative],
    result: &str,
    toks: &[text::Token],
    code: &Code,
) -> Vec<Violation> {
    check_negatives_reading(negs, result, toks, code, PROSE_READINGS)
}

/// Whether a fenced block draws a folder tree: each line one name (a path, a `<name>`
/// placeholder, tree-drawing marks before it, a `#` comment after it), some of them folders.
fn folder_tree(block: &super::modality::Fenced) -> bool {
    if !crate::drift::text::in_list("|text|txt|tree|plaintext", block.info) {
        return false;
    }
    let mut folders = 0;
    let mut lines = 0;
    for line in block.body.lines() {
        let name = line
            .split(" #")
            .next()
            .unwrap_or_default()
            .trim_start_matches(crate::drift::text::char_test(|c: char| {
                c.is_whitespace()
                    || matches!(
                        c,
                        '|' | '`' | '+' | '-' | '\u{2502}' | '\u{251c}' | '\u{2514}' | '\u{2500}'
                    )
            }))
            .trim_end();
        if name.is_empty() {
            continue;
        }
        let named = name.bytes().all(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'/' | b'<' | b'>' | b'*')
        });
        if !named {
            return false;
        }
        lines += 1;
        folders += usize::from(name.ends_with('/'));
    }
    lines >= 2 && folders >= 1
}

/// Whether the result's code is only diagrams: fenced blocks in a diagram language (a Mermaid
/// flowchart in a design is a drawing, not the code a "no code" ban forbids) or folder trees,
/// and no code outside them.
fn only_diagrams(result: &str) -> bool {
    const DIAGRAMS: &str = "mermaid|plantuml|puml|dot|graphviz|d2";
    let drawn: Vec<(usize, usize)> = super::modality::fenced_where(result, |b| {
        crate::drift::text::in_list(DIAGRAMS, b.info.to_ascii_lowercase().as_str())
            || folder_tree(b)
    })
    .into_iter()
    .map(|b| b.outer)
    .gather();
    if drawn.is_empty() {
        return false;
    }
    // The result with its diagrams, fences and all, taken out.
    let mut rest = String::with_capacity(result.len());
    let mut from = 0;
    for (start, end) in drawn {
        rest.push_str(result.get(from..start).unwrap_or_default());
        from = end;
    }
    rest.push_str(result.get(from..).unwrap_or_default());
    !Code::of(&rest).present()
}

/// A ban's reason with its evidence: one closure for every arm of the reading below.
fn because(reason: &'static str) -> impl FnOnce(String) -> (String, Option<String>) {
    move |e| (reason.to_string(), Some(e))
}

/// [`check_negatives`], with the prose readings on or off (the tests read both).
fn check_negatives_reading(
    negs: &[Negative],
    result: &str,
    toks: &[text::Token],
    code: &Code,
    prose: bool,
) -> Vec<Violation> {
    if negs.is_empty() {
        return Vec::new();
    }
    // ASCII lowercasing keeps the byte offsets of `toks` (`İ` lowercases to three bytes).
    let lower = result.to_ascii_lowercase();
    // Where the result quotes its program: fenced blocks and inline code (byte ranges of
    // `result`, where the tokens' offsets are).
    let program = Program {
        result,
        fenced: super::modality::fenced_ranges(result),
        inline: text::inline_code_spans(result),
        prose,
    };
    // What the result delivers without its notes to the requester (`checkable::delivered`),
    // for bans on code and emoji said of the deliverable rather than of the reply itself.
    let delivered = super::checkable::delivered(result);
    // Mention bans read the notes apart, not a labelled paste alone: the words around a paste
    // may be the deliverable's.
    let noted = super::checkable::without_notes(result);
    // The result less its pastes, for bans on the reply's own words around them (read once).
    let unpasted = std::cell::OnceCell::new();
    let mut out = Vec::new();
    for n in negs {
        let ban = n.text.to_ascii_lowercase();
        // Placed by the ban's own clause ("The first section must contain no code; put any
        // queries in a final `## Appendix` section" places nothing in the appendix).
        // (Of several banning clauses, the first that places: "Keep it factual, no blame; do
        // not put any code in the Summary".)
        let mut clauses = n.text.split("; ").filter(|c| {
            let c = c.to_ascii_lowercase();
            crate::drift::text::contains_any(&c, "no |not |n't |never|without|avoid")
        });
        // (The reply named by the banning clause: "The customer email must not mention the
        // ticket; your report to me should include it" bans it in the email.)
        let first = clauses.next().unwrap_or(&n.text);
        let reply_named = super::checkable::names_the_reply(ban_clause(first));
        let placed = if reply_named {
            None
        } else {
            std::iter::once(first)
                .chain(clauses)
                .find_map(|c| super::checkable::placed_part(c, result))
        };
        // Placed in a part the result does not label, with a pasted text that keeps the ban:
        // the part may be that paste (silent).
        let kept_in_a_paste = |keeps: &dyn Fn(&str) -> bool| {
            placed.is_none() && !reply_named && super::checkable::placed_in_a_part(&n.text) && {
                let pastes = super::checkable::pastes(result, n.emoji.fenced);
                !pastes.is_empty() && pastes.iter().all(|p| keeps(p))
            }
        };
        let own = placed
            .as_deref()
            .or(delivered.as_deref())
            .filter(|_| !reply_named);
        // Code and emoji bans read the deliverable where there is one, else the whole result.
        let delivered_code = own.map(Code::of);
        let (shown, shown_code) = (
            own.unwrap_or(result),
            delivered_code.as_ref().unwrap_or(code),
        );
        // A class ban of named files reads the code the result shows of them.
        let scoped = n
            .forbidden
            .contains(&Forbidden::Class)
            .then(|| in_scope_of(&n.scope, result))
            .flatten();
        let scoped_code = scoped.as_ref().map(|(s, _)| Code::of(s));
        // The prose readings below skip the dropped lines by their offsets.
        let out_of_scope = |at: usize| {
            scoped
                .as_ref()
                .is_some_and(|(_, d)| d.iter().any(|&(s, e)| s <= at && at < e))
        };
        for f in &n.forbidden {
            let found: Option<(String, Option<String>)> = match f {
                Forbidden::Implementation => changed_a_file(result, text::parts(BUILT_VERBS))
                    .map(because("the result implements what was to be planned only")),
                Forbidden::Act(done, target) => reports_act(result, done, target)
                    .or_else(|| ran_command(result, done, target))
                    .map(|e| {
                        (
                            format!("the result reports it {done} what it was told not to"),
                            Some(e),
                        )
                    }),
                // Placed in a part the result does not label ("no code in the sponsor
                // paragraph"): which of its lines that part holds cannot be told (silent).
                Forbidden::Code
                    if placed.is_none()
                        && ((!reply_named && super::checkable::placed_in_a_piece(&n.text))
                            || super::checkable::kept_from_the_opening(&n.text)) =>
                {
                    None
                }
                Forbidden::Code => {
                    // Less the part the message sends code to.
                    let rest = n
                        .code_elsewhere
                        .as_deref()
                        .and_then(|name| {
                            let part = super::checkable::part_named(shown, name)?;
                            (!part.trim().is_empty()).then(|| shown.replacen(&part, "", 1))
                        })
                        // "…; no code in her summary. Put the patch after a `---` line": what
                        // is above the last rule.
                        .or_else(|| {
                            (n.notes_ruled && n.text.to_ascii_lowercase().has("no code in "))
                                .then(|| super::checkable::before_last_rule(shown))
                                .flatten()
                        });
                    let rest_code = rest.as_deref().map(Code::of);
                    let (shown, shown_code) = match (&rest, &rest_code) {
                        (Some(r), Some(c)) => (r.as_str(), c),
                        _ => (shown, shown_code),
                    };
                    (shown_code.present() && !only_diagrams(shown)).then(|| {
                    (
                        "the result contains code".to_string(),
                        shown_code.lines.first().map(|l| l.to_string()),
                    )
                    })
                }
                Forbidden::Class => scoped_code
                    .as_ref()
                    .unwrap_or(code)
                    .lines
                    .iter()
                    .find(|l| {
                        // (Or one the message calls existing: "editing the existing `Stop`
                        // class is fine".)
                        defines_class(l)
                            && !shown_as_existing(l, result)
                            && !shown_as_existing(l, &n.text)
                    })
                    .map(|l| l.trim().clip())
                    .or_else(|| {
                        // "Added … `export class CacheStore`": a definition quoted in the prose,
                        // as what the sentence adds (not "a leftover `class Config`, removed").
                        let mut at = 0;
                        result.split('`').enumerate().find_map(|(i, span)| {
                            let start = at;
                            at += span.len() + 1;
                            (i % 2 == 1
                                && defines_class(span)
                                && adds_here(&lower, start)
                                && !out_of_scope(start))
                                .then(|| format!("`{span}`"))
                        })
                    })
                    // Said in prose only where no source is shown: code that defines
                    // functions and no class outweighs "defines one CSS class per method".
                    .or_else(|| {
                        // "adds the CSS class `seat--held`" names a style, not a program's class.
                        let program_toks: Vec<text::Token> = toks
                            .iter()
                            .enumerate()
                            .filter(|(_, t)| !out_of_scope(t.at))
                            .filter(|(i, t)| {
                                // "`models.py` still defines `class AnimalRecord`": there already.
                                let from = (0..=t.at.saturating_sub(40))
                                    .rev()
                                    .find(|&i| lower.is_char_boundary(i))
                                    .unwrap_or(0);
                                let there = lower
                                    .get(from..t.at)
                                    .and_then(|b| b.rsplit(&['.', ';', '\n'][..]).next())
                                    .is_some_and(|b| {
                                        crate::drift::text::contains_any(b, "still |already |existing ")
                                    });
                                !(crate::drift::text::in_list("class|classes", &*t.word) && there)
                                    && !(crate::drift::text::in_list("class|classes", &*t.word)
                                    && (i
                                        .checked_sub(1)
                                        .and_then(|j| toks.get(j))
                                        .is_some_and(|p| {
                                            crate::drift::text::in_list(
                                                "css|html|tailwind|utility|bem|modifier",
                                                &*p.word,
                                            )
                                        })
                                        // An HTML attribute: `<a class="sr-only">`.
                                        || lower.get(t.at + 5..).is_some_and(|r| r.starts_with('='))))
                            })
                            .map(|(_, t)| t.clone())
                            .gather();
                        (!code.lines.iter().any(|l| source_definition(l)))
                            .then(|| {
                                near(
                                    &lower,
                                    &program_toks,
                                    text::parts("add|introduc|creat|new|defin"),
                                    text::parts("class"),
                                    3,
                                    &program,
                                )
                            })
                            .flatten()
                    })
                    .map(because("the result defines a class")),
                Forbidden::Cli => find_any(
                    &lower,
                    "argparse|__main__|sys.argv|commander|clap::|yargs| cli ",
                )
                .map(because("the result adds a command-line interface")),
                Forbidden::Dependency => adds_dependency(&lower, toks, &program, n.dev_allowed)
                    .map(because("the result adds a dependency")),
                Forbidden::Change(objects) => {
                    // A ban on named paths ("the files under `.github/workflows/`", "leave
                    // `config.py` alone") is broken by a changed file under them, read from the
                    // paths the result names: the words "files changed" near a verb are not it.
                    // Not when a file is named with a part of it ("`parse()` in `lib.rs`").
                    let (mut banned, others) = dirs_named(&n.text);
                    banned.extend(paths_named(&n.text));
                    // Written bare too: "do not change ledger/rounding.py".
                    for (_, p) in super::file_scope::paths(&n.text) {
                        if !banned.contains(&p) {
                            banned.push(p);
                        }
                    }
                    // Only what follows the negation: "fix the test in `a.test.ts` without
                    // changing the queue" bans no change to the test.
                    let negation =
                        text::word_runs(&ban, crate::drift::text::alnum_apostrophe)
                            .find(|(_, w)| {
                                crate::drift::text::in_list("not|never|without|no|avoid|nothing", w)
                                    || w.ends_with("n't")
                            })
                            .map_or(0, |(at, _)| at);
                    // Nor one allowed: "… — the only file you may create is `docs/x.md`",
                    // which is let alone under a banned folder ("Do not touch `legacy/`, with
                    // one exception: you may edit `legacy/README.md`").
                    let mut let_alone = n.let_alone.clone();
                    banned.keep(|p| {
                        let first = ban.find(p.as_str()).unwrap_or_default();
                        let clause = ban.get(..first).unwrap_or_default();
                        let clause = clause.rsplit(&[';', ',', '\u{2014}', ':'][..]).next();
                        let words = || {
                            clause
                                .unwrap_or_default()
                                .split(crate::drift::text::not_ascii_alnum_char)
                        };
                        // Or allowed after it: "… add it to `config/shops.yaml`, so edits there
                        // are fine".
                        let after = ban
                            .get(first + p.len()..)
                            .unwrap_or_default()
                            .split(&['.', ';'][..])
                            .next()
                            .unwrap_or_default();
                        let fine_after = crate::drift::text::contains_any(after, " are fine| is fine| are ok| is ok| are allowed| is allowed")
                            && !words_of(after).iter().any(|w| crate::drift::text::in_list(NEGATORS, w));
                        let allowed = fine_after
                            // ("…; put anything you need in `config/overrides.yaml` instead".)
                            || (words().any(|w| crate::drift::text::in_list("may|can|allowed|except|put", w))
                                && !words().any(|w| crate::drift::text::in_list(NEGATORS, w) || w == "t"));
                        if allowed {
                            let_alone.push(p.clone());
                        }
                        ban.rfind(p.as_str()).is_some_and(|at| at >= negation) && !allowed
                    });
                    let part_named = text::inline_code_spans(&n.text).len()
                        > paths_named(&n.text).len()
                        || n.text.has("()")
                        || ban
                            .split(crate::drift::text::not_ascii_alnum_char)
                            .any(|w| crate::drift::text::in_list(PARTS_OF_A_FILE, w));
                    let path_ban = !banned.is_empty()
                        && !others
                        && (banned.iter().all(|p| p.ends_with('/')) || !part_named);
                    if path_ban {
                        // Files a later sentence let alone are not read as changed.
                        let spared;
                        let result = if let_alone.is_empty() {
                            result
                        } else {
                            spared = without_paths(result, &let_alone);
                            spared.as_str()
                        };
                        let kinds = Kinds {
                            documents: true,
                            tests: true,
                            prose: program.prose,
                        };
                        // "Do not edit existing files in `db/migrations/`": a new one is
                        // allowed, so only edits count, and no listed file said to be new.
                        let existing =
                            n.new_allowed || ban.has("existing");
                        let listed = || {
                            super::file_scope::listed_changes(result)
                                .found(|(p, line)| {
                                    banned.iter().any(|d| under_dir(&p.to_ascii_lowercase(), d))
                                        && !(existing
                                            && text::contains_any(
                                                line.to_ascii_lowercase(),
                                                "new|added|created|generated",
                                            ))
                                })
                                .map(|(_, line)| line)
                        };
                        // The ban's own words less the paths' and the generic ones ("the
                        // scheduler in `core/sched/`": a change reported of the scheduler).
                        let own: Vec<&str> = objects
                            .iter()
                            .map(String::as_str)
                            .gather()
                            .kept(|o| {
                                !crate::drift::text::in_list(CODE_OBJECTS, o)
                                    && !banned.iter().any(|p| p.contains(o))
                            });
                        // A file added or generated under a banned folder changes it.
                        let added: &[&str] = if existing {
                            &[]
                        } else {
                            text::parts("added|created|generated")
                        };
                        changed_a_file_under(result, added, (&banned, false), kinds)
                            .or_else(listed)
                            .or_else(|| {
                                (!own.is_empty())
                                    .then(|| {
                                        reported_change(&lower, toks, text::parts(CHANGE_VERBS), &own, &program)
                                    })
                                    .flatten()
                            })
                            .map(because("the result changes what it was told to leave alone"))
                    } else {
                        // A change the result reports as its own, said of the ban's object.
                        // Not for a ban on "other" files, whose paths are read instead.
                        let generic = objects
                            .iter()
                            .all(|o| crate::drift::text::in_list(CODE_OBJECTS, o.as_str()));
                        let others = generic && !n.others_than.is_empty() && dirs_named(&n.text).1;
                        let refs: Vec<&str> = objects.iter().map(String::as_str).gather();
                        let named = (!others)
                            .then(|| reported_change(&lower, toks, text::parts(CHANGE_VERBS), &refs, &program))
                            .flatten();
                        // "Do not modify files" / "the code": any file the result says it changed.
                        // Not when the ban names one part ("the queue implementation", "the parser
                        // module"): which files hold it cannot be told.
                        let has = |stems: &'static str| {
                            objects
                                .iter()
                                .any(|o| crate::drift::text::in_list(stems, o.as_str()))
                        };
                        let one_part = objects.iter().any(|o| {
                            !crate::drift::text::in_list(CODE_OBJECTS, o.as_str())
                                && !text::starts_with_any(o, GENERIC_MODIFIERS)
                        });
                        let any_file = || {
                            (has(CODE_OBJECTS) && !one_part)
                                .then(|| {
                                    // "No code changes", "no source files": a document is not code;
                                    // "any file" is. "The implementation", "application code": its
                                    // tests are not it.
                                    let kinds = Kinds {
                                        documents: has("file")
                                            && !has("code|sourc|src|implement|applic"),
                                        tests: !has("implement|applic|product"),
                                        prose: program.prose,
                                    };
                                    let (mut dirs, allowed) = dirs_named(&n.text);
                                    if allowed && dirs.is_empty() {
                                        dirs.clone_from(&n.others_than);
                                    }
                                    changed_a_file_under(result, &[], (&dirs, allowed), kinds)
                                })
                                .flatten()
                        };
                        named.or_else(any_file).map(because("the result changes what it was told to leave alone"))
                    }
                }
                Forbidden::New(objects) => {
                    // A new file is read from the file the result shows it created; the word
                    // "file" near "added" is not one ("added a section to the file").
                    // "No new classes in that file": a file the ban is placed in is no object
                    // of it.
                    let bw: Vec<&str> = ban
                        .words_by(crate::drift::text::not_ascii_alnum_char);
                    let placed = |i: usize| {
                        i > 0
                            && bw.get(i - 1) != Some(&"new")
                            && bw.get(i.saturating_sub(2)..i).is_some_and(|b| {
                                crate::drift::text::any_word_in(b, "in|into|inside|within")
                            })
                    };
                    let files = objects.iter().any(|o| o == "file")
                        && bw
                            .iter()
                            .enumerate()
                            .any(|(i, w)| crate::drift::text::in_list("file|files", *w) && !placed(i));
                    let rest: Vec<&str> = objects
                        .iter()
                        .map(String::as_str)
                        .gather()
                        .kept(|o| {
                            !crate::drift::text::in_list("file|repo|repositori|project|codebas", o)
                        });
                    // "Don't create new files in `src/`": a file created elsewhere is allowed.
                    // (The ban's own clause: "The migration is merged, so do not create …".)
                    let negated = |c: &&str| {
                        let c = c.to_ascii_lowercase();
                        crate::drift::text::contains_any(&c, "not |n't |never |no ")
                    };
                    let pieces = || n.text.split(&[';', ',', '\u{2014}'][..]);
                    // (The negated clause that names a folder: not "(it hasn't shipped yet);
                    // do not create new files under `x/`".)
                    let own = pieces()
                        .find(|c| {
                            negated(c)
                                && super::file_scope::paths(c).iter().any(|(_, p)| p.ends_with('/'))
                        })
                        .or_else(|| pieces().find(negated))
                        .or_else(|| pieces().next())
                        .unwrap_or_default();
                    let own = own
                        .split(" but ")
                        .find(negated)
                        .or_else(|| own.split(" but ").next())
                        .unwrap_or_default();
                    let folders: Vec<String> = super::file_scope::paths(own)
                        .into_iter()
                        .map(|(_, p)| p)
                        .gather()
                        .kept(|p| p.ends_with('/'));
                    let created = files
                        .then(|| {
                            super::file_scope::created_files(result)
                                .found(|line| {
                                    // The file created is the line's first path ("Added
                                    // `tests/x.py` covering `src/x.py`").
                                    folders.is_empty()
                                        || super::file_scope::paths(line).iter().take(1).any(
                                            |(_, p)| {
                                                // `tests/playbooks/x.py` is a test's folder,
                                                // not `playbooks/`.
                                                folders.iter().any(|f| {
                                                    p.starts_with(f.as_str())
                                                        || (p.contains(&format!("/{f}"))
                                                            && !p.starts_with("test")
                                                            && !p.starts_with("spec"))
                                                })
                                            },
                                        )
                                })
                        })
                        .flatten();
                    created
                        .or_else(|| {
                            (!files && !rest.is_empty())
                                .then(|| reported_change(&lower, toks, text::parts(NEW_VERBS), &rest, &program))
                                .flatten()
                        })
                        .map(because("the result introduces something new that was excluded"))
                }
                Forbidden::Marker(marker) => {
                    // A diff's removed line ("-    # TODO: …") takes the marker away.
                    let removed = |l: &str| l.starts_with('-') && !l.starts_with("--");
                    code.lines
                        .iter()
                        .find(|l| has_token(l, marker) && !removed(l))
                        .map(|l| {
                            (
                                format!("the result's code leaves a {marker} comment"),
                                Some(l.trim().clip()),
                            )
                        })
                }
                Forbidden::ChangeNamed(name) => changes_name(&lower, name).map(because("the result changes what it was told to leave alone")),
                Forbidden::ForcePush(target) => find_reported(
                    &lower,
                    "push --force|push -f |force-push|force push|--force-with-lease|forced push",
                    target,
                )
                .map(because("the result reports a forced push")),
                // The part the ban names, where the result labels it ("No emojis in the commit
                // message itself" beside a quoted display name).
                Forbidden::EmojiQuoted if placed.is_some() => placed
                    .as_deref()
                    .unwrap_or_default()
                    .lines()
                    .find(|l| l.chars().any(is_emoji))
                    .map(|l| l.trim().clip())
.map(because("the result contains an emoji")),
                Forbidden::EmojiQuoted => {
                    // (The freed part's bytes, by place: the program's spans are the result's.)
                    let free = n
                        .emoji
                        .free
                        .as_deref()
                        .and_then(|name| super::checkable::find_loose(result, name))
                        .and_then(|p| Some((result.find(p.as_str())?, p.len())))
                        .map_or(0..0, |(a, l)| a..a + l);
                    // Inline too: "Commit `a41c9e2`, message: `feat: …`".
                    let quoted: Vec<&str> = program
                        .fenced
                        .iter()
                        .chain(program.inline.iter())
                        .filter_map(|&(a, b)| result.get(a..b))
                        .chain(result.lines().filter(|l| l.trim_start().starts_with('>')))
                        // And strings in double quotes: "`empty` = \"Nothing here\"".
                        .chain(
                            super::checkable::double_quoted(result)
                                .into_iter()
                                .filter(|q| !q.contains('\n')),
                        )
                        .gather()
                        .kept(|q| {
                            !free.contains(&(q.as_ptr() as usize).wrapping_sub(result.as_ptr() as usize))
                        });
                    quoted.iter().find(|l| l.chars().any(is_emoji)).map(|l| l.trim().clip())
.map(because("the result contains an emoji"))
                }
                Forbidden::Emoji => {
                    // Less the text the message frees of the ban.
                    let freed = n.emoji.free.as_deref().and_then(|name| {
                        let part = super::checkable::find_loose(shown, name)?;
                        (!part.trim().is_empty()).then(|| shown.replacen(&part, "", 1))
                    });
                    let shown = freed.as_deref().unwrap_or(shown);
                    // Said of the reply's own words around a paste: the pastes are not read.
                    // (A quoted line in a code span is a paste too: "Before: `"🚨 Alarm"`".)
                    let own_words = n.emoji.around.then(|| {
                        unpasted
                            .get_or_init(|| {
                                crate::drift::text::outside_code_spans(&super::checkable::unpasted(result))
                            })
                            .as_str()
                    });
                    // "House style for documentation: no emojis" on a reply that names the doc
                    // file it wrote: the doc is that file, or what the reply pastes of it.
                    // "Don't put any emojis in `ui/strings.json`": that file, as far as the
                    // reply pastes it (not the reply's account of what it removed).
                    let in_file = n.text.has(" in `")
                        && n.text
                            .split(" in `")
                            .nth(1)
                            .and_then(|r| r.split('`').next())
                            .is_some_and(|p| p.contains('/') && p.contains('.') && !p.contains(' '));
                    let own_words = if (n.emoji.docs_only && names_a_doc_file(result)) || in_file {
                        Some(super::checkable::pastes(result, true).join("\n"))
                    } else if n.emoji.strings_only {
                        // (Not the old side of a change: ""📦 Ready" → "Ready"".)
                        let mut shown = super::checkable::double_quoted(result)
                            .kept(|q| {
                                let end = q.as_ptr() as usize - result.as_ptr() as usize + q.len();
                                // (Past the closing mark, of one byte or three.)
                                let after = result
                                    .get(end..)
                                    .and_then(|r| {
                                        r.char_indices().nth(1).and_then(|(k, _)| r.get(k..))
                                    })
                                    .unwrap_or_default()
                                    .trim_start();
                                !after.starts_with('\u{2192}') && !after.starts_with("->")
                            })
                            .join("\n");
                        shown.push('\n');
                        shown.push_str(&super::checkable::pastes(result, true).join("\n"));
                        Some(shown)
                    } else if n.emoji.in_asked {
                        // "Done 🎉 Here's the commit message:" above the fenced text asked for.
                        Some(without_paste_intros(own_words.unwrap_or(shown)))
                    } else {
                        own_words.map(str::to_string)
                    };
                    let new_words = n.emoji.new_only.then(|| {
                        super::checkable::without_old(own_words.as_deref().unwrap_or(shown))
                    });
                    new_words
                        .as_deref()
                        .or(own_words.as_deref())
                        .unwrap_or(shown)
                        .lines()
                        .find(|l| {
                            uses_emoji(l, &n.emoji) && {
                                let lower = l.lower();
                                !crate::drift::text::contains_any(lower, PUT_ASIDE)
                                    || decorated(l)
                            }
                        })
                        .filter(|_| !kept_in_a_paste(&|p| !uses_emoji(p, &n.emoji)))
                        .map(|l| l.trim().clip())
.map(because("the result contains an emoji"))
                }
                Forbidden::Command(cmd) => ran_any(result, &[cmd.as_str()], "")
                    .map(|l| (format!("the result ran `{cmd}`"), Some(l))),
                Forbidden::SkipTests => skip_marker(result)
                    .map(because("the result skips or disables tests")),
                Forbidden::Delete => ran_any(result, &["git rm", "rm -rf", "rm -f", "rm -r"], "")
                    .or_else(|| deleted_a_file(result))
                    .map(because("the result deletes files")),
                Forbidden::Secret => super::secrets::shown(result)
                    .map(because("the result shows a secret")),
                Forbidden::HostUnder(domains) => host_under(shown, domains).map(because("the result names a host it was told not to")),
                Forbidden::Questions => asks_back(result)
                    .map(|l| l.clip())
                    .map(because("the result ends with a question back")),
                // A ban of a file's comments ("no `TODO` comments may remain in that file"): its
                // code where the result shows it, not the report's words about it.
                // So is a ban placed in a module the task writes ("In that new module, don't use
                // `print`"): a report's words about an old prototype's `print` are no use of it.
                Forbidden::Construct(name) => {
                    // "The guide itself must contain no `TODO` markers": the guide's.
                    let itself = ban
                        .split_once(" itself")
                        .and_then(|(h, _)| h.rsplit(' ').next())
                        .is_some_and(|w| !super::checkable::names_the_answer(w));
                    let in_a_file = itself
                        || crate::drift::text::contains_any(&ban, "comment")
                            && (!super::file_scope::paths(&n.text).is_empty()
                                || crate::drift::text::contains_any(&ban, "that file|this file"));
                    let in_new_code = crate::drift::text::contains_any(
                        &ban,
                        "in that new module|in the new module|in that module|in this new module|in the new file|in that new file|in this new file|in the new script|in that new script",
                    );
                    // "The code must not use `print` any more" beside the diff shown: the
                    // code's, not the report's words about what it removed.
                    let of_the_code = crate::drift::text::contains_any(
                        &ban,
                        "the code must not|the code should not|the code may not|the code can't|the code cannot",
                    ) && result.contains("```");
                    uses_construct(
                        name,
                        if in_a_file || in_new_code || of_the_code { "" } else { &lower },
                        code,
                    )
                        .map(|e| {
                            (
                                format!("the result uses `{name}`, which was ruled out"),
                                Some(e),
                            )
                        })
                }
                // A log or code quoted in a fenced block is not the answer talking about it;
                // notes to the requester beside a deliverable ("Notes for you: the Falcon flag
                // is at 20 %") are not the deliverable.
                Forbidden::Mention(objects) => {
                    // "In the customer-facing reply, do not mention …; below a `---` line, tell
                    // me …": what follows the rule is the notes.
                    let ruled = (noted.is_none()
                        && n.notes_ruled
                        && (super::checkable::placed_in_a_part(&n.text)
                            || ban.starts_with("in the ")))
                        .then(|| super::checkable::before_last_rule(result))
                        .flatten();
                    // "…; the internal changelog can use it": less the part it frees.
                    let freed = super::checkable::free_part(
                        &n.text,
                        "can use it|may use it|can mention it|may mention it|can name it|may name it|can include it|may include it",
                    )
                    .and_then(|name| {
                        let part = super::checkable::find_loose(result, &name)?;
                        Some(result.replacen(&part, "", 1))
                    });
                    let own = freed
                        .as_deref()
                        .or(placed.as_deref())
                        .or(noted.as_deref())
                        .or(ruled.as_deref())
                        // (The reply named by the ban's own clause, not by a request after
                        // it: "…, but please tell me the figure in your report".)
                        .filter(|_| {
                            !super::checkable::names_the_reply(ban_clause(
                                n.text.split("; ").next().unwrap_or_default(),
                            ))
                        });
                    let own_read = own.map(|o| {
                        (
                            o.to_ascii_lowercase(),
                            text::tokens(o),
                            super::modality::fenced_ranges(o),
                            text::inline_code_spans(o),
                        )
                    });
                    let (lw, tk, fenced, inline) = match &own_read {
                        Some((l, t, f, i)) => {
                            (l.as_str(), t.as_slice(), f.as_slice(), i.as_slice())
                        }
                        None => (
                            lower.as_str(),
                            toks,
                            program.fenced.as_slice(),
                            program.inline.as_slice(),
                        ),
                    };
                    // A code span names a thing (a `{price}` placeholder) unless the ban
                    // quotes what it bans (a codename "Bluefin" leaks from a flag's name too).
                    // ("… (the `claim_ref` column name is fine to mention)": a span let stand.)
                    let spans = if n.text.contains(&['`', '"', '\u{201c}'][..])
                        && !(n.text.contains('`') && ban.has("is fine to mention"))
                    {
                        &[][..]
                    } else {
                        inline
                    };
                    if let Some(o) = objects.iter().find(|o| is_figure(o) || is_code_id(o)) {
                        mentions_figure(lw, o)
                            .then(|| o.clone())
                            .map(because("the result mentions what it was told not to"))
                    } else {
                        // "Don't mention the refund amount": an amount is a figure, told in the
                        // sentence that names it ("a full refund" tells none).
                        // (One thing named, its head a number's noun after what it counts:
                        // not a list, "pricing, cost or licensing fees", nor "the fee change".)
                        let amount = ban.split_once("mention ").is_some_and(|(_, r)| {
                            let named = r.split(&['(', ';', '.', ','][..]).next().unwrap_or_default();
                            let ws: Vec<&str> = named
                                .split(' ')
                                .take_while(|w| !crate::drift::text::in_list("per|for|of|in", w))
                                .gather()
                                .kept(|w| !crate::drift::text::in_list("|the|a|an|our|any|your", w));
                            !crate::drift::text::contains_any(named, " or | and ")
                                && ws.len() >= 2
                                && ws.last().is_some_and(|w| {
                                    crate::drift::text::in_list("amount|total|sum|figure", w)
                                })
                        });
                        // "do not mention the price of any individual lot": a price.
                        let priced = crate::drift::text::contains_any(&ban, "mention the price of|mention the prices of|mention the cost of");
                        // "internal ticket numbers": a ticket's word is their mention only with
                        // a number beside it ("their ticket is free" names none).
                        let numbered_kind = |o: &String| {
                            objects.windows(2).any(|w| matches!(w, [a, n] if a == o && n == "number"))
                        };
                        let numbered = |i: usize| {
                            tk.get(i..(i + 4).min(tk.len())).is_some_and(|p| {
                                p.iter().any(|t| {
                                    t.word.contains(crate::drift::text::digit_char)
                                        || crate::drift::text::in_list("number|ref", &t.stem)
                                })
                            })
                        };
                        tk.iter()
                            .enumerate()
                            .find(|(i, t)| {
                                objects
                                    .iter()
                                    .any(|o| stems_at(tk, *i, o) && (!numbered_kind(o) || numbered(*i)))
                                    && (!(amount || priced) || sentence_has_figure(lw, t.at, priced))
                                    // ("the surveying firm Price & Sons": a firm's name.)
                                    && !own.unwrap_or(result).get(t.at..).is_some_and(|r| {
                                        r.starts_with(crate::drift::text::ascii_upper_char)
                                            && r.get(t.word.len()..).is_some_and(|r| r.starts_with(" & "))
                                    })
                                    && !negated(lw, t.at, &t.word)
                                    && !fenced
                                        .iter()
                                        .chain(spans)
                                        .any(|&(a, b)| t.at >= a && t.at < b)
                            })
                            // "The patch notes must not mention X" with the notes set off
                            // below a preface that names X: the part is that paste.
                            .filter(|_| {
                                !kept_in_a_paste(&|p| {
                                    let pt = text::tokens(p);
                                    !(0..pt.len()).any(|i| {
                                        objects.iter().any(|o| stems_at(&pt, i, o))
                                            && pt.get(i).is_some_and(|t| {
                                                !(amount || priced) || sentence_has_figure(p, t.at, priced)
                                            })
                                    })
                                })
                            })
                            .map(|(_, t)| t.word.to_string())
                            .map(because("the result mentions what it was told not to"))
                    }
                }
            };
            // (Kept in a labelled part: see `apart`.)
            let kept_in_a_part = || {
                super::checkable::labelled_parts(result).iter().any(|p| {
                    check_negatives_reading(
                        std::slice::from_ref(n),
                        p,
                        &text::tokens(p),
                        &Code::of(p),
                        prose,
                    )
                    .is_empty()
                })
            };
            if found.is_some() && n.apart && placed.is_none() && kept_in_a_part() {
                break;
            }
            if let Some((reason, evidence)) = found {
                out.push(Violation {
                    constraint: n.text.clone(),
                    reason,
                    evidence,
                });
                break;
            }
        }
    }
    out
}

/// A sentence of the result that reports changing a file: a change verb and a path
/// ("I rewrote src/payments/client.ts").
/// A sentence whose change verbs are all negated ("Nothing was changed; the graph is in
/// `profile.svg`") reports no change.
/// `more_verbs` count as change verbs too; with them, documents (`.md`, `.txt`, `.rst`,
/// `.adoc`) are not files: a plan or a note written down is what a ban on building allows.
pub(super) fn changed_a_file(result: &str, more_verbs: &[&str]) -> Option<String> {
    let kinds = Kinds {
        documents: more_verbs.is_empty(),
        tests: true,
        prose: PROSE_READINGS,
    };
    changed_a_file_under(result, more_verbs, (&[], false), kinds)
}

/// Which files a change must touch to count, beside code: documents (`.md`, `.txt`, `.rst`,
/// `.adoc`) and tests (under a `test`/`tests`/`spec` directory, or `*.test.*`, `*_test.*`,
/// `test_*`).
#[derive(Clone, Copy)]
struct Kinds {
    documents: bool,
    tests: bool,
    /// "I changed it", with no file named, counts against a ban on any change (a prose
    /// reading, [`PROSE_READINGS`]).
    prose: bool,
}

/// Whether a path is a test file by the common layouts.
fn is_test_path(path: &str) -> bool {
    let p = path.to_ascii_lowercase();
    let name = p.rsplit('/').next().unwrap_or_default();
    p.split('/')
        .any(|d| crate::drift::text::in_list("test|tests|__tests__|spec|specs", d))
        || crate::drift::text::contains_any(name, ".test.|.spec.|_test.|_spec.")
        || name.starts_with("test_")
}

/// Directories a ban names ("Don't change anything in `src/`"): a change elsewhere keeps it.
/// With "else" or "other" in the sentence the directories are the allowed ones ("Write the tests
/// in `tests/` and don't change anything else"): `true` beside them.
fn dirs_named(ban: &str) -> (Vec<String>, bool) {
    let lower = ban.to_ascii_lowercase();
    let allowed = crate::drift::text::contains_any(&lower, " else| other");
    let mut dirs: Vec<String> = text::inline_code_spans(ban)
        .into_iter()
        .filter_map(|(a, b)| ban.get(a..b))
        .map(|d| d.trim().trim_start_matches("./").to_ascii_lowercase())
        .gather()
        .kept(|d| d.ends_with('/') && d.len() > 1);
    // Written bare too: "do not touch anything in migrations/".
    for w in lower.split(crate::drift::text::char_test(|c: char| {
        c.is_whitespace() || "`'\"(),;".contains(c)
    })) {
        // A sentence's own stop is not the path's: "… under `.github/workflows/`."
        let d = w
            .trim_start_matches("./")
            .trim_end_matches(&['.', ':', '!', '?'][..]);
        let plain = d
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c));
        if plain
            && d.ends_with('/')
            && d.len() > 1
            && d.chars().any(|c| c.is_ascii_alphabetic())
            && !dirs.iter().any(|x| x == d)
        {
            dirs.push(d.to_string());
        }
    }
    (dirs, allowed)
}

/// The paths inline code names in `text` (lowercased, without a leading `./`): files with an
/// extension and directories ending in `/`.
fn paths_named(text: &str) -> Vec<String> {
    text::inline_code_spans(text)
        .into_iter()
        .filter_map(|(a, b)| text.get(a..b))
        .map(|p| p.trim().trim_start_matches("./").to_ascii_lowercase())
        .gather()
        .kept(|p| {
            !p.contains(' ')
                && ((p.ends_with('/') && p.len() > 1)
                    || p.rsplit_once('.').is_some_and(|(stem, ext)| {
                        !stem.is_empty()
                            && (1..=5).contains(&ext.len())
                            && ext.bytes().all(|b| b.is_ascii_alphanumeric())
                    }))
        })
}

/// A text without the lines that introduce a fenced paste ("Done 🎉 Here it is:").
fn without_paste_intros(text: &str) -> String {
    let lines: Vec<&str> = text.lines().gather();
    lines
        .iter()
        .enumerate()
        .filter(|(i, l)| {
            !(l.trim_end().ends_with(':')
                && lines
                    .iter()
                    .skip(i + 1)
                    .find(|n| !n.trim().is_empty())
                    .is_some_and(|n| n.trim_start().starts_with("```")))
        })
        .map(|(_, l)| *l)
        .gather()
        .join("\n")
}

/// A text with these paths (any case, in a code span or not, `path:line` too) read as "it".
fn without_paths(text: &str, paths: &[String]) -> String {
    let lower = text.to_ascii_lowercase();
    let mut cuts: Vec<(usize, usize)> = paths
        .iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            let p = p.to_ascii_lowercase();
            lower
                .match_indices(p.as_str())
                .map(|(i, m)| (i, i + m.len()))
                .gather()
        })
        .gather();
    crate::sort::sort(&mut cuts);
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (a, b) in cuts {
        if a < from {
            continue;
        }
        out.push_str(text.get(from..a).unwrap_or_default());
        out.push_str("it");
        from = b;
    }
    out.push_str(text.get(from..).unwrap_or_default());
    out
}

/// What ends a clause inside a sentence, for [`changed_a_file_under`].
const CLAUSE_BREAKS: &str = "; | so | while | whereas | because ";

/// [`changed_a_file`], counting only files under one of `dirs` when there are any (outside all of
/// them when they are the `allowed` ones), and then not "I changed it" without a file. A `dirs`
/// entry without a trailing `/` is a file: the same file, or one whose path ends with it.
/// `documents`: whether `.md`, `.txt`, `.rst` and `.adoc` files count (not under a ban on code,
/// "no code changes", nor under a ban on building).
/// Whether path `i` (lowercase) is `d` or under it.
fn under_dir(i: &str, d: &str) -> bool {
    // (A tests tree that mirrors a source folder is not it: `tests/legacy/` for `legacy/`;
    // but `tests/fixtures/` is `fixtures/`, a folder tests hold.)
    let of_tests = crate::drift::text::in_list(
        "fixtures|fixture|data|testdata|mocks|mock|snapshots|cassettes|helpers|support|resources|golden|samples|stubs",
        d.split('/').next().unwrap_or_default(),
    );
    // (Nor a docs tree: `docs/pkg/` for `pkg/`.)
    let mirrored =
        !of_tests && crate::drift::text::starts_with_any(i, "tests/|test/|spec/|docs/|doc/");
    if d.ends_with('/') {
        (i.len() > d.len() && i.starts_with(d)) || (!mirrored && i.contains(&format!("/{d}")))
    } else {
        i == d || i.ends_with(&format!("/{d}"))
    }
}

fn changed_a_file_under(
    result: &str,
    more_verbs: &[&str],
    (dirs, allowed): (&[String], bool),
    kinds: Kinds,
) -> Option<String> {
    let within = |i: &str| {
        let i = i.trim_start_matches("./").to_ascii_lowercase();
        dirs.iter().any(|d| under_dir(&i, d))
    };
    let under = |i: &str| dirs.is_empty() || within(i) != allowed;
    let document = |i: &str| !kinds.documents && text::ends_with_any(i, ".md|.txt|.rst|.adoc");
    // Against named paths, a file by its path or a file extension (`timezone.utc` and `self.ttl`
    // are code); against the whole code base, code it names (`Sync.flush()`) counts too.
    let is_file = |i: &str| {
        (i.contains('/')
            || super::file_scope::is_file_path(i)
            || (dirs.is_empty()
                && i.rsplit_once('.')
                    .is_some_and(|(_, ext)| (1..=5).contains(&ext.len()))))
            && !document(i)
            && (kinds.tests || !is_test_path(i))
            && under(i)
    };
    text::sentences(result)
        .into_iter()
        .map(|(_, s)| s)
        .find(|s| {
            // ASCII lowercasing keeps byte offsets; the negators are ASCII.
            let lower = s.to_ascii_lowercase();
            // "Cause: `0042_x.sql` created the table without …": what was there before.
            let label = lower.trim_start_matches(&['-', '*', ' ', '#'][..]);
            if text::starts_with_any(label, "cause:|root cause:|problem:|background:")
                && !crate::drift::text::contains_any(&lower, " i | i've | we ")
            {
                return false;
            }
            let code = text::inline_code_spans(s);
            let words: Vec<(usize, &str)> =
                text::word_runs(s, crate::drift::text::alnum_apostrophe).gather();
            let word_at = |i: usize| words.get(i).map_or("", |x| x.1);
            // Read once per sentence: scanning from its start for every verb is quadratic.
            let first = word_at(0);
            let mut verb_at: Vec<usize> = Vec::new();
            let own = words.iter().enumerate().any(|(k, &(at, w))| {
                // Most words begin no verb of any list: nothing below can hold for them.
                if ![text::parts(CHANGED_VERBS), more_verbs, text::parts(REPORTED_VERBS), text::parts(OWN_VERBS)]
                    .iter()
                    .any(|verbs| text::begins_with_any(w, verbs))
                {
                    return false;
                }
                // Done, not described: "fails instead of updating `yarn.lock`" changes nothing.
                let lw = w.to_ascii_lowercase();
                // "… would be updated", "was changed in March": a passive tells what happened,
                // not what the child did.
                // An adverb between ("was last changed") keeps the passive.
                let be_at = if k > 1
                    && text::one_of_in(word_at(k - 1), "last|previously|recently|originally|already|also") {
                    k - 1
                } else {
                    k
                };
                let after_be = be_at > 0
                    && text::one_of_in(word_at(be_at - 1), "be|been|being|is|was|were|are|get|gets|got");
                let done =
                    (lw.ends_with("ed") || lw == "rewrote" || lw == "rewritten") && !after_be;
                // The child's own report opens with its verb ("Changed the key in `a.ts`"), or
                // has it after "I"/"we" or a joiner; "Tuesday's deploy changed the key in
                // `a.ts`" tells what someone else did.
                let opens = k == 0
                    || text::one_of_in(word_at(k - 1), "i|we|ve|and|also|then|finally|first|next|just|already|successfully|have|has|had");
                let changed = done && opens && states_verb(s, &lower, &code, at, w, text::parts(CHANGED_VERBS));
                let next = word_at(k + 1);
                // "Fixed upstream in 2.4", "added in core 2.3", "patched by the vendor": history,
                // not the report. "Moved on to `b.py`": the narrative of a search, not a move.
                // A version as written: digits, a dot and a digit ("2.3", "v4.1"), not a
                // count ("in 2 places") nor a piece of a path ("src/v2/api.ts").
                let version = |i: usize| {
                    words.get(i).is_some_and(|&(at, w)| {
                        let end = at + w.len();
                        w.trim_start_matches(&['v', 'V'][..])
                            .starts_with(crate::drift::text::digit_char)
                            && s.get(end..).is_some_and(|t| {
                                t.starts_with('.')
                                    && t.get(1..).is_some_and(|d| {
                                        d.starts_with(crate::drift::text::digit_char)
                                    })
                            })
                            && !s.get(..at).is_some_and(|h| h.ends_with('/'))
                    })
                };
                // "the column created by the existing migration": an agent, not the child
                // ("fixed by adding a guard" is a method).
                // ("the one generated before the change": a participle after its noun.)
                // ("(added in `x.py` last year)": when, so history.)
                let passive = text::one_of_in(next, "upstream|since")
                    || text::one_of_in(word_at(k.wrapping_sub(1)), "one|ones")
                    || (text::one_of_in(next, "in")
                        && text::contains_any(&lower, " last year| last month| years ago| months ago"))
                    || (text::one_of_in(next, "by")
                        && text::one_of_in(word_at(k + 2), "the|a|an|another|someone"))
                    || (text::one_of_in(w, "moved") && text::one_of_in(next, "on"))
                    || (text::one_of_in(next, "in") && (version(k + 2) || version(k + 3)))
                    // "… and it was added in March", "was created last year": when, so history.
                    || (after_be
                        && (text::one_of_in(next, "last|yesterday|earlier|previously|originally|ago")
                            || (text::one_of_in(next, "in")
                                && (text::one_of_in(word_at(k + 2), "january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter")
                                    || word_at(k + 2).parse::<u16>().is_ok_and(|y| (1990..2100).contains(&y))))));
                let built = states_verb(s, &lower, &code, at, w, more_verbs) && !passive;
                let subject = |i: usize| text::one_of_in(word_at(i), "i|i've|we|we've");
                let by_me = k > 0
                    && (subject(k - 1) || (word_at(k - 1) == "ve" && k > 1 && subject(k - 2)));
                // "I added a section to `a.md` and bumped `b.json`": joined to the child's own.
                let joined_mine =
                    k > 0 && subject(0) && text::one_of_in(word_at(k - 1), "and|also");
                let reported = ((states_verb(s, &lower, &code, at, w, text::parts(REPORTED_VERBS))
                    && reported_first(first, &lower, at))
                    || ((by_me || joined_mine)
                        && states_verb(s, &lower, &code, at, w, text::parts(OWN_VERBS))))
                    && !passive;
                // "I changed it to …": the child's own change in the past tense, whatever it
                // names ("I changed nothing" is none, nor "I suggest we change it", "if we
                // updated it"). "I’ve" with a curly apostrophe is "I" and "ve" to the scan.
                // A prose reading: off with the others ([`PROSE_READINGS`]).
                let own = prose_on(kinds.prose)
                    && changed
                    && dirs.is_empty()
                    && by_me
                    && !text::one_of_in(next, "nothing|no")
                    && !(k.saturating_sub(4)..k).any(|i| {
                        text::one_of_in(word_at(i), "if|suggest|could|would|should|let's|might")
                    });
                if changed || built || reported {
                    verb_at.push(at);
                }
                own
            });
            // A change verb and the file in one clause: "… while `tests/a.py` expects 0-based;
            // I changed the code", "I removed that rule so the style from `vendor/b.scss`
            // applies again" change the code, not the file.
            // A clause that points back ("…, so I updated that fixture too", "so I changed it")
            // changes what an earlier clause named.
            let breaks: Vec<usize> = text::parts(CLAUSE_BREAKS)
                .iter()
                .flat_map(|b| lower.match_indices(b).map(|(k, _)| k))
                .gather();
            let clause_of = |at: usize| breaks.iter().filter(|k| **k < at).count();
            // The clause around a verb at `at` has a word that points back.
            let clause = |at: usize| {
                let from = breaks.iter().copied().filter(|k| *k < at).max().unwrap_or(0);
                let to = breaks.iter().copied().filter(|k| *k >= at).min().unwrap_or(lower.len());
                words_of(lower.get(from..to).unwrap_or_default())
            };
            let points_back = |at: usize| {
                clause(at)
                    .iter()
                    .any(|w| crate::drift::text::in_list("it|its|them|that|this|there|too|those|these", w))
            };
            // A change verb and a file in one sentence; the identifiers are read once.
            // A file the sentence says was left alone ("`src/queue.ts` was not changed", "no
            // edits to `a.rs`") is not one it changed.
            // A file only read or copied from ("I copied `base/a.yaml` as the start") is a
            // source, not a change: so every time the sentence names it.
            let source = |at: usize| {
                let before = lower
                    .get(..at)
                    .unwrap_or_default()
                    .trim_end_matches(crate::drift::text::not_ascii_alnum_char);
                let word = before
                    .rsplit(crate::drift::text::not_ascii_alnum_char)
                    .next()
                    .unwrap_or_default();
                // "(same order as `en.json`)": a file compared with.
                let compared = word == "as"
                    && before
                        .rsplit(crate::drift::text::not_ascii_alnum_char)
                        .filter(|w| !w.is_empty())
                        .take(4)
                        .any(|w| w == "same");
                // "Added a test that fails if any station in `stations.yaml` has no alias": a
                // file a condition reads.
                let condition = before
                    .rsplit(crate::drift::text::not_ascii_alnum_char)
                    .filter(|w| !w.is_empty())
                    .take(6)
                    .any(|w| crate::drift::text::in_list("if|whether|unless|against", w));
                // "by copying the 2024 values from `fees/2024.yaml`": a copy's source.
                let copied_from = word == "from"
                    && before
                        .rsplit(crate::drift::text::not_ascii_alnum_char)
                        .take(7)
                        // (Not "I read it and deleted two rows from `a.yaml`": "and" or
                        // another past-tense verb ends the copy's clause.)
                        .take_while(|w| *w == "copied" || (*w != "and" && !w.ends_with("ed")))
                        .any(|w| crate::drift::text::in_list("copied|copying|read|reading", w));
                compared
                    || condition
                    || copied_from
                    || crate::drift::text::in_list(
                        "copied|copying|read|reading|cloned|duplicated",
                        word,
                    )
            };
            // "`a.py` still imports it, so I left it untouched and …": the clause after a
            // file's says it was kept ("leaving it untouched was not an option" does not).
            let kept_after = |c: usize| {
                lower.match_indices(" it ").any(|(k, _)| {
                    clause_of(k) == c + 1
                        && !clause(k)
                            .iter()
                            .any(|w| negator(w))
                        && lower.get(k + 4..).is_some_and(|r| {
                            crate::drift::text::in_list(
                                "untouched|alone|unchanged|intact",
                                r.split(text::not_ascii_alnum_char).next().unwrap_or_default(),
                            )
                        })
                })
            };
            let left_alone = |i: &str| {
                let i = i.to_ascii_lowercase();
                let mut at = lower.match_indices(&i).map(|(at, _)| at);
                at.next().is_some_and(|first| {
                    negated(&lower, first, &i)
                        || (source(first) && at.all(source))
                        || kept_after(clause_of(first))
                })
            };
            let with_verb = |i: &str| {
                let i = i.to_ascii_lowercase();
                lower
                    .match_indices(&i)
                    .any(|(at, _)| {
                        let f = clause_of(at);
                        verb_at.iter().any(|&v| {
                            let c = clause_of(v);
                            c == f || (f < c && points_back(v))
                        })
                    })
            };
            own || (!verb_at.is_empty()
                && text::identifiers(s)
                    .iter()
                    .any(|i| is_file(i) && !left_alone(i) && with_verb(i)))
        })
        .map(|s| s.clip())
}

/// A sentence of the result that reports the action (`done`, "pushed") as its own: the verb
/// opens the sentence, alone or after "I"/"we", or follows "and"/"also" in a sentence its own
/// verb opens; not negated ("nothing was pushed", "did not push").
/// With a `target`, the sentence must name it after "to", "into" or "on" ("pushed to main").
/// "Pushed back on …" is an idiom, not a push.
fn reports_act(result: &str, done: &str, target: &str) -> Option<String> {
    // What leads an act's target: "pushed to main", "merged into the release branch".
    const TARGET_LEADS: &str = "to |into |on |to the |into the ";
    text::sentences(result)
        .into_iter()
        .map(|(_, s)| s)
        .find(|s| {
            let lower = s.to_ascii_lowercase();
            // A sentence that never names the target is passed over at once; `aimed` below
            // looks for it in the verb's own clause.
            if !target.is_empty()
                && !text::parts(TARGET_LEADS)
                    .iter()
                    .any(|p| lower.contains(&format!("{p}{target}")))
            {
                return false;
            }
            if lower.has("pushed back") {
                return false;
            }
            let code = text::inline_code_spans(s);
            let words: Vec<(usize, &str)> =
                text::word_runs(s, crate::drift::text::alnum_apostrophe).gather();
            let first = words.first().map_or("", |w| w.1);
            // The target in the verb's own clause: "pushed branch `fix/x`; nothing was pushed to
            // main" pushed no main.
            let aimed = |at: usize| {
                target.is_empty() || {
                    let tail = lower.get(at..).unwrap_or_default();
                    let clause = tail.split(&[';', '\n'][..]).next().unwrap_or_default();
                    let clause = clause.split(" but ").next().unwrap_or_default();
                    // "… and opened a PR to main", "…, then merged": another verb's clause.
                    let clause = " and |, ".split('|').fold(clause, |c, cut| {
                        c.match_indices(cut)
                            .find(|(i, m)| {
                                c.get(i + m.len()..)
                                    .and_then(|r| r.split_whitespace().next())
                                    .is_some_and(|w| w.ends_with("ed") || w == "then")
                            })
                            .and_then(|(i, _)| c.get(..i))
                            .unwrap_or(c)
                    });
                    // The target as a whole name: "to main", not "to maintenance-1.x",
                    // "main_backup" or "the main repository".
                    text::parts(TARGET_LEADS).iter().any(|p| {
                        let name = format!("{p}{target}");
                        clause.match_indices(&name).any(|(i, m)| {
                            let rest = clause.get(i + m.len()..).unwrap_or_default();
                            !rest.starts_with(crate::drift::text::char_test(|c: char| {
                                c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/')
                            })) && !rest.split_whitespace().next().is_some_and(|w| {
                                crate::drift::text::in_list(
                                    "repo|repository|remote|fork|project",
                                    w.trim_end_matches(&['.', ',', ';'][..]),
                                )
                            })
                        })
                    })
                }
            };
            words.iter().any(|&(at, w)| {
                w.eq_ignore_ascii_case(done)
                    && states_verb(s, &lower, &code, at, w, &[done])
                    && reported_first(first, &lower, at)
                    && aimed(at)
            })
        })
        .map(|s| s.clip())
}

/// The command line of an action the result shows it ran (`git push -u origin fix`, `npm
/// publish`) in its code: not one it offers to run ("to push, run: …", "you can merge with …",
/// "when ready:"), judged from the text just before the code.
fn ran_command(result: &str, done: &str, target: &str) -> Option<String> {
    let commands: &[&str] = match done {
        "pushed" => &["git push"],
        "committed" => &["git commit"],
        "merged" => &["git merge", "gh pr merge"],
        "published" => &[
            "npm publish",
            "cargo publish",
            "twine upload",
            "yarn publish",
        ],
        _ => return None,
    };
    ran_any(result, commands, target)
}

/// Commands a ban quotes as code after its negation and a verb of running ("never run
/// `terraform apply`", "don't execute `make deploy`", "no `npm audit fix`"), lowercased.
fn banned_commands(sentence: &str) -> Vec<String> {
    let lower = sentence.to_ascii_lowercase();
    let Some(neg) = text::word_runs(&lower, crate::drift::text::alnum_apostrophe)
        .find(|(_, w)| negator(w))
        .map(|(at, _)| at)
    else {
        return Vec::new();
    };
    text::inline_code_spans(sentence)
        .into_iter()
        .filter(|&(a, _)| a > neg)
        .filter_map(|(a, b)| {
            let between = lower.get(neg..a)?;
            // The verb of running right after the negation ("never run", "do not execute"),
            // not one of a later clause ("don't modify the tests, and run `npm test`").
            let verb = between
                .split(crate::drift::text::not_ascii_alnum_char)
                .filter(|w| !w.is_empty())
                .skip(1)
                .take(2)
                .any(|w| crate::drift::text::in_list("run|execute|invoke|running", w))
                && !between.contains(',')
                && !between
                    .split_whitespace()
                    .any(|w| crate::drift::text::in_list("and|then|but", w));
            let cmd = lower.get(a..b)?.trim().to_string();
            // A command: a program and its arguments ("never `terraform apply`"); one word only
            // after a verb of running (no `unwrap` bans a construct, read elsewhere).
            let words = cmd.split_whitespace().count();
            let command = (words >= 2
                && cmd.starts_with(crate::drift::text::char_test(|c: char| {
                    c.is_ascii_lowercase()
                }))
                && (verb || between.split_whitespace().count() <= 1))
                || (verb
                    && cmd.len() >= 4
                    && cmd.bytes().all(|c| c.is_ascii_lowercase() || c == b'-'));
            (command && !between.contains(&['.', ';'][..])).then_some(cmd)
        })
        .gather()
}

/// The words of a lowercased sentence, apostrophes kept ("don't").
fn words_of(lower: &str) -> Vec<&str> {
    lower.words_by(crate::drift::text::char_test(|c: char| {
        !(c.is_alphanumeric() || c == '\'')
    }))
}

/// Whether a word negates what follows it in a ban: "not", "never", "no", "…n't".
pub(super) fn negator(w: &str) -> bool {
    crate::drift::text::in_list("not|never|no", w) || w.ends_with("n't")
}

/// Whether a lowercased sentence's words ban skipping or disabling tests ("do not skip, xfail
/// or delete tests", "tests must not be disabled").
fn bans_skipping_tests(words: &[&str]) -> bool {
    let negation = words.iter().any(|w| negator(w));
    let skip = crate::drift::text::any_word_in(
        words,
        "skip|skipped|skipping|xfail|disable|disabled|disabling",
    );
    let tests = crate::drift::text::any_word_in(words, "test|tests|specs|spec");
    negation && skip && tests
}

/// Whether a lowercased sentence's words ban deleting files ("do not delete or move any
/// files", "don't remove anything").
fn bans_deleting_files(words: &[&str]) -> bool {
    let Some(neg) = words
        .iter()
        .position(|w| crate::drift::text::in_list("not|never", *w) || w.ends_with("n't"))
    else {
        return false;
    };
    let after = words.get(neg + 1..).unwrap_or_default();
    let delete = after
        .iter()
        .take(3)
        .any(|w| crate::drift::text::in_list("delete|remove", *w));
    // "anything" unless it is anything *from* a thing ("remove anything from the API").
    let files = after.iter().take(6).enumerate().any(|(i, w)| {
        crate::drift::text::in_list("files|file|scripts", w)
            || (*w == "anything"
                && !after
                    .get(i + 1)
                    .is_some_and(|n| crate::drift::text::in_list("from|in|of", n)))
    });
    delete && files
}

/// A skip marker the result's code or prose adds to a test (`@pytest.mark.skip`, `it.skip(`,
/// `#[ignore]`, `@Disabled`), not one it says it removed.
fn skip_marker(result: &str) -> Option<String> {
    // A marker named without its call ("`describe.skip`") is as often another's, described, as
    // one added: not read.
    const MARKERS: &str =
        "mark.skip|mark.xfail|unittest.skip|pytest.skip(|it.skip(|describe.skip(|test.skip(|xit(|xdescribe(|@disabled|@ignore|#[ignore]|t.skip(|skip(\"";
    let lower = result.to_ascii_lowercase();
    let fenced = super::modality::fenced_ranges(result);
    let mut offset = 0;
    lower.split('\n').find_map(|line| {
        let start = offset;
        offset += line.len() + 1;
        // A marker opens a word ("xit(" is not the end of "exit(").
        let at = text::parts(MARKERS)
            .iter()
            .filter_map(|m| {
                line.match_indices(m).map(|(i, _)| i).find(|&i| {
                    !line
                        .get(..i)
                        .and_then(|h| h.chars().next_back())
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                })
            })
            .min()?;
        let before = line.get(..at).unwrap_or_default();
        let removed = crate::drift::text::contains_any(before, "remov|already|existing|by another|did not add|didn't add|drop|delet|un-skip|unskip|re-enabl|instead of|without|pre-existing|previously");
        // Offered, not done: "you could mark it with `it.skip`", "consider `xit(`" (whole
        // words: "couldn't" is no offer).
        let words = words_of(before);
        let offered = words.iter().enumerate().any(|(i, w)| {
            crate::drift::text::in_list("could|consider|suggest|suggested|recommend|recommended", w)
                || (*w == "you" && i > 0 && words.get(i - 1) == Some(&"if"))
                || (*w == "can" && i > 0 && words.get(i - 1) == Some(&"you"))
        });
        // Another's, said after it in prose: "… `xit(` in the legacy suite, which I left
        // alone", read from the end of the marker's code span to the end of its clause.
        let rest = line.get(at..).unwrap_or_default();
        let rest = match rest.find('`') {
            Some(i) if !text::in_spans(&fenced, start) => rest.get(i + 1..).unwrap_or_default(),
            _ => "",
        };
        let after = rest
            .split(". ")
            .next()
            .and_then(|c| c.split(';').next())
            .unwrap_or_default();
        // A state older than the task: "… since long before this task".
        let others = crate::drift::text::contains_any(after, "left alone|left as|untouched|pre-existing|predates|already there|was already|were already|not mine|not added by|since long|since before|before this task|before the task");
        let removed = removed || offered || others;
        // A diff's removed line: any '-' line in code; outside code, not a "- " bullet.
        let diff_minus = line.starts_with('-')
            && !line.starts_with("--")
            && (text::in_spans(&fenced, start) || !line.starts_with("- "));
        (!removed && !diff_minus && !negated(line, at, "skip"))
            .then(|| line.trim().clip())
    })
}

/// A sentence that reports deleting a file: "Deleted `scripts/old.sh`", "I removed
/// scripts/old.sh and …" (the verb opens the sentence or follows I/we; the path right after).
fn deleted_a_file(result: &str) -> Option<String> {
    text::sentences(result).into_iter().find_map(|(_, s)| {
        let words: Vec<&str> = s.split_whitespace().gather();
        let k = match words.as_slice() {
            [v, ..] if is_delete(v) => 0,
            [i, v, ..]
                if crate::drift::text::in_list("i|we", i.to_ascii_lowercase().as_str())
                    && is_delete(v) =>
            {
                1
            }
            _ => return None,
        };
        let next = words
            .get(k + 1)?
            .trim_matches(crate::drift::text::char_test(|c: char| {
                "`*,.;:()".contains(c)
            }));
        super::file_scope::is_file_path(next).then(|| s.trim().clip())
    })
}

fn is_delete(w: &str) -> bool {
    crate::drift::text::in_list(
        "deleted|removed",
        w.trim_matches(crate::drift::text::not_alnum_char)
            .to_ascii_lowercase()
            .as_str(),
    )
}

/// The line of the first of `commands` the result shows it ran, in its code (inline, fenced or
/// a `$ ` line) and as a whole command (`migrate`, not `makemigrations`); not one offered,
/// proposed or denied in the text just before; naming `target` when one is given.
fn ran_any(result: &str, commands: &[&str], target: &str) -> Option<String> {
    let lower = result.to_ascii_lowercase();
    let offered = |at: usize| {
        let mut from = at.saturating_sub(160);
        while !lower.is_char_boundary(from) {
            from -= 1;
        }
        let before = lower.get(from..at).unwrap_or_default();
        // A fence opened in this paragraph is led in by the clause before it ("When you're
        // happy, run:"; not "The first run failed, so I reinstalled:").
        let paras: Vec<&str> = before.rsplitn(3, "\n\n").gather();
        let lead = match paras.as_slice() {
            [last, prev, ..] if last.trim_start().starts_with("```") => prev
                .trim_end()
                .strip_suffix(':')
                .and_then(|l| l.rsplit(&[',', '.', ';', '\n'][..]).next()),
            _ => None,
        };
        if let Some(lead) = lead {
            // An offer to the reader ("When you're happy, run:", "To publish, run:"), not what
            // the child ran ("Here's what I ran to push the tag:", "pushed it by running:").
            let ws = words_of(lead);
            let offer = crate::drift::text::any_word_in(&ws, "you|you're|once|later|yourself")
                || ws == ["run"]
                || (ws.first() == Some(&"to") && ws.last() == Some(&"run"));
            return offer && !crate::drift::text::any_word_in(&ws, "i|we|ran|running|i've|we've");
        }
        let said = paras.first().copied().unwrap_or(before);
        crate::drift::text::contains_any(said, "run|you can|you may|to push|to publish|to merge|to commit|when ready|when you|once |next|suggest|recommend|if you|later|yourself|for you|would|should|could|not run|didn't|did not|instead of|rather than|left for|pending|ready for|to apply|to run|team|will ")
    };
    let program = super::modality::fenced_ranges(result);
    let inline = text::inline_code_spans(result);
    let whole = |at: usize, c: &str| {
        let b = lower.as_bytes();
        let edge = |x: Option<&u8>| !x.is_some_and(|x| x.is_ascii_alphanumeric() || *x == b'_');
        edge(at.checked_sub(1).and_then(|i| b.get(i))) && edge(b.get(at + c.len()))
    };
    commands.iter().find_map(|c| {
        lower.match_indices(c).find_map(|(at, _)| {
            // Denied before it or right after it ("`ng update` not run", "was not applied").
            let after = lower.get(at + c.len()..).unwrap_or_default();
            let after = after.trim_start_matches(&['`', '\'', '"', ')', ' '][..]);
            let denied_after =
                text::starts_with_any(after, "not |was not|wasn't|were not|is not|never");
            // A rehearsal runs nothing for real ("cargo publish --dry-run", "kubectl apply
            // --dry-run=client").
            // Its own flags only: the command's segment, to the next `&&`, `;`, pipe or code mark.
            let own = lower.get(at..).unwrap_or_default();
            let end = ["&&", "||", ";", "|", "`", "\n"]
                .iter()
                .filter_map(|m| own.find(m))
                .min()
                .unwrap_or(own.len());
            let rehearsal = own
                .get(..end)
                .unwrap_or_default()
                .split_whitespace()
                .any(|t| {
                    crate::drift::text::in_list("--dry-run|--dryrun|--what-if|--check|-check", t)
                        || t.strip_prefix("--dry-run=")
                            .is_some_and(|v| crate::drift::text::in_list("client|server", v))
                });
            if !whole(at, c) || negated(&lower, at, c) || denied_after || rehearsal {
                return None;
            }
            let fenced = text::in_spans(&program, at)
                || line_at(&lower, at)
                    .trim_start()
                    .starts_with(&format!("$ {c}"));
            // Inline code in prose is a command run only with a verb that says so before it
            // in its sentence ("I ran `x`"); a plan's step ("4. — `x`") names one to run.
            let said_run = || {
                let words: Vec<&str> = since_last(&lower, at, ". |\n").words_by(
                    crate::drift::text::char_test(|ch: char| !ch.is_ascii_alphanumeric()),
                );
                crate::drift::text::any_word_in(
                    &words,
                    "ran|executed|applied|invoked|triggered|used|did",
                ) || words
                    .windows(2)
                    .any(|p| matches!(p, ["i" | "we", v] if v.ends_with("ed")))
            };
            let in_code = fenced || (text::in_spans(&inline, at) && said_run());
            let line = line_at(&lower, at);
            let names_target = target.is_empty()
                || line
                    .split(crate::drift::text::char_test(|ch: char| {
                        !(ch.is_alphanumeric() || ch == '-')
                    }))
                    .any(|w| w == target);
            (in_code && names_target && !offered(at)).then(|| line.trim().clip())
        })
    })
}

/// Verbs that report a change only as the report's own first word ("Fixed it: …", "I patched
/// …"): in a diagnosis they tell what someone else did ("the commit that fixed the race in
/// `a.go`"), which is no change of the child's. With a file named in the sentence.
const REPORTED_VERBS: &str = "fixed|patched";

/// Verbs that report a change only after "I"/"we" ("I removed the flag from `ci.yml`"): a
/// summary or review of others' work is written verb first ("- Removed the `--legacy` flag from
/// `cli/main.py`"), and so are adjectives ("Deleted users still appear in `users.csv`").
const OWN_VERBS: &str =
    "removed|deleted|bumped|reverted|renamed|moved|replaced|upgraded|downgraded|disabled";
/// What a result that built something says it did, beside the change verbs.
const BUILT_VERBS: &str = "implemented|added|created|wrote|built|wired";

/// Whether the word at byte `at` of a lowercased sentence opens it, alone or after "I", "I've",
/// "we" or "we've", or follows "and"/"also" in a sentence the report's own verb opens (`first`,
/// the sentence's first word). Only the words just before `at` are read.
fn reported_first(first: &str, lower: &str, at: usize) -> bool {
    // A `fn`, not a closure: the patterns below then capture nothing (`char_test`).
    fn word(c: char) -> bool {
        c.is_ascii_alphanumeric() || c == '\''
    }
    let head = lower
        .get(..at)
        .unwrap_or_default()
        .trim_end_matches(crate::drift::text::char_test(|c: char| !word(c)));
    if head.is_empty() {
        return true;
    }
    let start = head
        .char_indices()
        .rev()
        .find(|&(_, c)| !word(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let last = head.get(start..).unwrap_or_default();
    let rest = head.get(..start).unwrap_or_default();
    // Scans back only over what separates the last word from the one before.
    if rest
        .trim_end_matches(crate::drift::text::char_test(|c: char| !word(c)))
        .is_empty()
    {
        return crate::drift::text::in_list("i|i've|we|we've", last);
    }
    let own_sentence = first.to_ascii_lowercase().ends_with("ed")
        || crate::drift::text::in_list("i|we", first.to_ascii_lowercase().as_str());
    // "I wanted to check it, so I pushed …": the child again, after a joiner, in a sentence
    // that is its own account.
    if crate::drift::text::in_list("i|we|i've|we've", last) {
        let before = rest
            .trim_end_matches(crate::drift::text::char_test(|c: char| !word(c)))
            .rsplit(crate::drift::text::char_test(|c: char| !word(c)))
            .next()
            .unwrap_or_default();
        return own_sentence && crate::drift::text::in_list("so|and|then", before);
    }
    // "Reproduced it and fixed it by …": the report's own verbs, joined.
    crate::drift::text::in_list("and|also", last) && own_sentence
}

/// Whether `word` at byte `at` of `sentence` states one of `verbs` (a prefix, any case) as
/// something done: a word of its own (not part of a name or path), outside inline code (`code`),
/// not negated in its clause. `lower` is `sentence` lowercased in ASCII (same offsets).
pub(super) fn states_verb(
    sentence: &str,
    lower: &str,
    code: &[(usize, usize)],
    at: usize,
    word: &str,
    verbs: &[&str],
) -> bool {
    verbs.iter().any(|v| inflects(word, v))
        && text::stands_alone(sentence, at, word)
        && !text::in_spans(code, at)
        && !negated(lower, at, word)
}

/// Whether `word` is the verb `stem` with an inflection ("fix": fix, fixes, fixed, fixing;
/// "modif": modify, modified; "commit": committed), not another word that starts like it
/// ("fixture", "additional", "editor", "alternative").
fn inflects(word: &str, stem: &str) -> bool {
    let Some(rest) = word
        .get(..stem.len())
        .filter(|p| p.eq_ignore_ascii_case(stem))
        .and_then(|_| word.get(stem.len()..))
    else {
        return false;
    };
    let rest = rest.to_ascii_lowercase();
    let doubled = stem.chars().next_back().is_some_and(|c| {
        rest.strip_prefix(c)
            .is_some_and(|r| crate::drift::text::in_list("ed|ing", r))
    });
    doubled
        || crate::drift::text::in_list("|s|es|e|ed|d|ing|y|ied|ies|ying|en|ten|n", rest.as_str())
}

/// Where the result adds a package: an install command naming one ("npm i -D x", "pip install
/// y"), "added a dependency", an add verb near a package word, or a manifest changed by an add
/// ("added zod to package.json"); not a removal ("removed axios from package.json"), not a
/// manifest named as left alone ("package.json is unchanged").
/// With `dev_allowed`, a line that adds a development dependency adds none.
fn adds_dependency(
    lower: &str,
    toks: &[text::Token],
    program: &Program,
    dev_allowed: bool,
) -> Option<String> {
    let skipped = |at: usize| dev_allowed && is_dev_install(line_at(lower, at));
    const COMMANDS: &str = "pip install |pip3 install |npm install |npm i |yarn add |pnpm add |poetry add |cargo add |go get |bun add |gem install |composer require ";
    // A command that names a package (a flag may come first): "npm install" alone restores,
    // and "the pip install line" or "step" names the command itself.
    // "pip install -r requirements.txt" installs what a file already lists.
    let names_one = |at: usize, n: &str| {
        let mut ws = lower
            .get(at + n.len()..)
            .unwrap_or_default()
            .split_whitespace();
        ws.find(|w| !w.starts_with('-') || crate::drift::text::in_list("-r|--requirement|-c", w))
            .filter(|w| w.starts_with(crate::drift::text::char_test(|c: char| c != '-')))
            .is_some_and(|w| {
                w.starts_with(crate::drift::text::char_test(|c: char| {
                    c.is_ascii_alphanumeric() || c == '@'
                })) && !crate::drift::text::in_list(
                    "line|lines|step|steps|command|commands|call|calls|layer|stage|output|log|logs",
                    w.trim_end_matches(crate::drift::text::not_ascii_alnum_char),
                )
            })
    };
    let evidence = |i: usize| line_at(lower, i).trim().chars().take(120).gather_text();
    for n in COMMANDS.split('|') {
        if let Some((i, _)) = lower.match_indices(n).find(|&(i, _)| {
            names_one(i, n)
                && !negated(lower, i, n)
                && !skipped(i)
                && !hypothetical(lower, i)
                && !proposed(lower, i)
                && !installed_by_another(since_last(lower, i, ". |\n"))
        }) {
            return Some(evidence(i));
        }
    }
    if let Some(line) = manifest_diff_adds(lower, dev_allowed) {
        return Some(line);
    }
    // "New dependencies are off the table" names some without adding any: the phrase counts
    // only with a verb that adds (`near`, below).
    // A report of one, not a possibility ("pulling in dayjs would have added a dependency")
    // nor another's.
    if let Some(e) = find_reported(lower, "added a dependency", "")
        .filter(|e| !(e.has("would") || (dev_allowed && is_dev_install(e))))
    {
        return Some(e);
    }
    if let Some(e) = pinned_package_added(lower)
        .filter(|&i| !skipped(i) && !proposed(lower, i) && !hypothetical(lower, i))
        .map(evidence)
    {
        return Some(e);
    }
    const MANIFESTS: &str = "package.json|requirements.txt|requirements-dev.txt|cargo.toml|pyproject.toml|go.mod|gemfile|gemspec|environment.yml|lib_deps|idf_component.yml|vcpkg.json|packages.yml|build.gradle|pubspec.yaml|podfile|composer.json";
    for n in MANIFESTS.split('|') {
        for (i, _) in lower.match_indices(n) {
            // The manifest's own clause: an add verb, no removal, not left alone.
            // A stop or comma ends a clause only before a space: "`polars==0.20.10`" and
            // "(^3.4.4)" are inside one.
            let breaks = |t: &str, j: usize, c: char| {
                matches!(c, ';' | '\n')
                    || (matches!(c, '.' | ',')
                        && t.get(j + 1..).is_none_or(|r| {
                            r.is_empty()
                                || r.starts_with(crate::drift::text::char_test(char::is_whitespace))
                        }))
            };
            let start = lower
                .get(..i)
                .and_then(|h| h.char_indices().rev().find(|&(j, c)| breaks(h, j, c)))
                .map_or(0, |(j, _)| j + 1);
            let end = lower
                .get(i + n.len()..)
                .and_then(|t| {
                    t.char_indices()
                        .find(|&(j, c)| breaks(t, j, c))
                        .map(|(j, _)| i + n.len() + j)
                })
                .unwrap_or(lower.len());
            let clause = lower.get(start..end).unwrap_or_default();
            // Whole verbs in the past ("added zod to package.json"), not "address",
            // "installation" or "pull request"; not a proposal ("add `zod` to package.json").
            // "… unchanged, so no packages were added": the clause denies what it names.
            let words: Vec<&str> = clause.words_by(crate::drift::text::not_ascii_alnum_char);
            let adds = words.iter().enumerate().any(|(k, w)| {
                crate::drift::text::in_list("added|installed|introduced", w)
                    && !words.get(..k).unwrap_or_default().iter().any(|b| {
                        crate::drift::text::in_list("no|not|nothing|never|none|t", b)
                    })
            }) && !words
                .iter()
                .any(|w| crate::drift::text::in_list("unchanged|untouched", *w))
                // "already pinned in `requirements.txt` and installed": said before the file.
                && !lower.get(start..i).is_some_and(|h| h.has("already"))
                && !proposed(lower, i)
                && !hypothetical(lower, i)
                // A manifest's other parts: "added a `format` script to package.json" (words
                // said before the manifest: "… in `merge/fields.py`" after it is another file).
                && !lower
                    .get(start..i)
                    .unwrap_or_default()
                    .split(crate::drift::text::not_ascii_alnum_char)
                    .any(|w| {
                        crate::drift::text::in_list("script|scripts|field|fields|key|keys|section|command|engine|engines|setting|settings", w)
                    });
            let removes = text::parts(REMOVAL_VERBS)
                .iter()
                .any(|v| clause.contains(v));
            if adds && !removes && !negated(lower, i, n) && !skipped(i) {
                return Some(evidence(i));
            }
        }
    }
    // The prose reading ([`PROSE_READINGS`]): off, no tokens are copied.
    if !prose_on(program.prose) {
        return None;
    }
    let kept: Vec<text::Token>;
    let toks = if dev_allowed {
        kept = toks.iter().filter(|t| !skipped(t.at)).cloned().gather();
        &kept[..]
    } else {
        toks
    };
    near(
        lower,
        toks,
        text::parts("add|introduc|install"),
        text::parts("packag|librari|depend|requir"),
        6,
        program,
    )
}

/// Whether the sentence before an install command says another party ran it, as a cause the
/// report explains: "CI installed the latest ruff (`pip install ruff`) while …", "the old image
/// ran `npm i left-pad`". Not when the writer is in the sentence ("I made the workflow
/// install …"): then the writer put it there.
fn installed_by_another(before: &str) -> bool {
    let words: Vec<&str> = before.words_by(crate::drift::text::not_ascii_alnum_char);
    let actor = "ci|pipeline|workflow|job|runner|dockerfile|image|container|action|makefile";
    // "installed", "was installing", "used to install": not "CI was missing it".
    let done = |i: usize| match (words.get(i), words.get(i + 1)) {
        (Some(&("was" | "were")), Some(n)) => {
            crate::drift::text::in_list("installing|running|pulling|fetching", n)
        }
        (Some(&"used"), Some(n)) => *n == "to",
        (Some(d), _) => crate::drift::text::in_list("installed|ran|pulled|fetched", d),
        _ => false,
    };
    !crate::drift::text::any_word_in(&words, "i|we|my|me")
        && (0..words.len()).any(|i| {
            words
                .get(i)
                .is_some_and(|a| crate::drift::text::in_list(actor, a))
                && done(i + 1)
        })
}

/// Where a result says it added a package it names with a version: an add verb ("added",
/// "installed", "pulled in"), not negated, then within four words a code span with a version
/// pin (`bleach==6.1.0`, `chalk@5`, `bblanchon/ArduinoJson@^6.21.3`, `com.jakewharton.timber:
/// timber:5.0.1`). A version says a package, where a bare name may be a function or a file.
fn pinned_package_added(lower: &str) -> Option<usize> {
    let pinned = |span: &str| {
        let s = span.trim();
        if s.contains(' ') || s.len() < 3 || s.has("://") {
            return false;
        }
        let after = |sep: &str| {
            s.split_once(sep).is_some_and(|(name, v)| {
                name.len() > 1
                    && name.bytes().any(|b| b.is_ascii_alphabetic())
                    && v.trim_start_matches(&['^', '~', '=', 'v'][..])
                        .starts_with(crate::drift::text::digit_char)
            })
        };
        // "name@1.2", "@scope/name@^1", "name==1.2", "name>=1.2", "group:artifact:1.2".
        let at = s
            .rfind('@')
            .filter(|&i| i > 0)
            .and_then(|i| s.get(i + 1..))
            .is_some_and(|v| {
                v.trim_start_matches(&['^', '~'][..])
                    .starts_with(crate::drift::text::digit_char)
            });
        at || after("==")
            || after(">=")
            || (s.matches(':').count() == 2 && after(":") && {
                let last = s.rsplit(':').next().unwrap_or_default();
                last.starts_with(crate::drift::text::digit_char)
            })
    };
    let words: Vec<(usize, &str)> = text::word_runs(lower, |b| !b.is_ascii_whitespace()).gather();
    for (k, &(at, w)) in words.iter().enumerate() {
        let w = w.trim_matches(crate::drift::text::char_test(|c: char| {
            !c.is_ascii_alphabetic()
        }));
        let adds = crate::drift::text::in_list("added|installed", w)
            || (w == "introduced" && words.get(k + 1).is_none_or(|x| x.1 != "in"))
            || (w == "pulled" && words.get(k + 1).is_some_and(|x| x.1 == "in"));
        if !adds || negated(lower, at, w) {
            continue;
        }
        // Not "I could have added …", "no package was installed".
        let before = lower.get(..at).unwrap_or_default();
        let prior: Vec<&str> = before.split_whitespace().rev().take(3).gather();
        if crate::drift::text::any_word_in(&prior, "have|not|no|never|could|would|should") {
            continue;
        }
        // Then removed again, or left out of the manifest: "installed it locally to bisect,
        // then removed it; package.json is unchanged".
        let sentence = since_last(lower, at, ". |\n").to_string()
            + lower
                .get(at..)
                .unwrap_or_default()
                .split(&[';', '\n'][..])
                .next()
                .unwrap_or_default()
                .split(". ")
                .next()
                .unwrap_or_default();
        if crate::drift::text::contains_any(&sentence, "removed it|uninstalled|unchanged|untouched|only to|locally only|venv|sandbox|list|matrix|in place of|instead of|option|already depend|ci installed|base image")
        {
            continue;
        }
        // The package is the verb's object: only determiners or a package noun between ("added
        // tests for `x@1`" adds tests).
        for &(_, x) in words.iter().skip(k + 1).take(3) {
            if let Some(span) = x.strip_prefix('`').and_then(|r| r.split('`').next()) {
                if pinned(span) {
                    return Some(at);
                }
                break;
            }
            let x = x.trim_matches(crate::drift::text::not_ascii_alnum_char);
            if !crate::drift::text::in_list("a|the|new|dependency|package|library|dev|in|on", x) {
                break;
            }
        }
    }
    None
}

/// A dependency a diff of a manifest adds: a `+` line with a version under a `+++ b/…` header
/// that names a manifest (`package.json`, `Cargo.toml`, `go.mod`, `requirements.txt`, Gradle,
/// `pyproject.toml`, `Gemfile`). A name the hunk also removes is an upgrade, not an addition;
/// with `dev_allowed`, an entry under `devDependencies` or in a dev requirements file adds none.
fn manifest_diff_adds(lower: &str, dev_allowed: bool) -> Option<String> {
    const MANIFESTS: &str = "package.json|cargo.toml|go.mod|pyproject.toml|gemfile|build.gradle|build.gradle.kts|pom.xml|requirements";
    // The name of a manifest entry: its first quoted string when the line opens with a keyword
    // (`implementation("g:a:1")`, `gem "rails"`, `require x v1`), an XML element's text
    // (`<artifactId>x</artifactId>`), else the first run of name characters.
    let name = |l: &str| -> String {
        let body = l.trim_start_matches(&['+', '-'][..]).trim_start();
        let run = |s: &str| -> String {
            s.chars()
                .take_while(|c| c.is_alphanumeric() || "-_./@:".contains(*c))
                .gather_text()
        };
        if let Some(rest) = body.strip_prefix('<') {
            return rest
                .split_once('>')
                .map(|(_, t)| run(t))
                .unwrap_or_default();
        }
        let first = run(body.trim_start_matches(&['"', '\''][..]));
        if crate::drift::text::in_list(
            "implementation|api|compile|testimplementation|debugimplementation|gem|require",
            first.as_str(),
        ) {
            let rest = body.get(first.len()..).unwrap_or_default();
            let quoted = rest.split(&['"', '\''][..]).nth(1).map(run);
            return quoted.unwrap_or_else(|| run(rest.trim_start()));
        }
        first
    };
    let versioned = |l: &str| {
        l.bytes().any(|b| b.is_ascii_digit())
            && l.len() > 2
            && !l.trim_start_matches('+').trim().is_empty()
    };
    let mut manifest: Option<&str> = None;
    let mut hunk: Vec<&str> = Vec::new();
    for line in lower.lines() {
        if let Some(path) = line
            .strip_prefix("+++ b/")
            .or_else(|| line.strip_prefix("+++ "))
        {
            let file = path.trim().rsplit('/').next().unwrap_or_default();
            manifest = text::starts_with_any(file, MANIFESTS).then_some(file);
            hunk.clear();
            continue;
        }
        if line.starts_any("```|diff --git") {
            manifest = None;
            hunk.clear();
            continue;
        }
        let Some(file) = manifest else { continue };
        if line.starts_with("@@") {
            hunk.clear();
            continue;
        }
        // The hunk's recent lines are enough to place an entry (and keep this linear).
        if hunk.len() >= 200 {
            hunk.drain(..100);
        }
        hunk.push(line);
        if !line.starts_with('+')
            || line.starts_with("+++")
            || !(versioned(line) || line.has("<artifactid>"))
        {
            continue;
        }
        let entry = name(line);
        if entry.len() < 2 {
            continue;
        }
        let upgrade = hunk
            .iter()
            .any(|l| l.starts_with('-') && !l.starts_with("---") && name(l) == entry);
        // The section a package.json entry sits in: the nearest object opened above it
        // (`"devDependencies": {`, not a `"scripts": {` in between).
        let dev_section = hunk
            .iter()
            .rev()
            .skip(1)
            .find(|l| l.trim_end().ends_with('{'))
            .and_then(|l| l.has("dependencies\"").then(|| l.has("devdependencies")));
        // The entry is a dependency by its manifest's layout, not any versioned line ("version":
        // "1.2.0" of the package itself, `go 1.22`).
        let header = hunk
            .iter()
            .rev()
            .find(|l| l.trim_start_matches(&['+', '-', ' '][..]).starts_with('['));
        let section = header.is_some_and(|l| l.has("dependencies"));
        // `[dev-dependencies]`, `[tool.poetry.group.dev.dependencies]`.
        let dev_header = header.is_some_and(|l| l.has("dev"));
        let dependency = if file == "package.json" {
            dev_section.is_some()
        } else if file == "cargo.toml" {
            section
        } else if file == "go.mod" {
            !crate::drift::text::in_list("go|toolchain|module", entry.as_str())
        } else if file.starts_with("build.gradle") {
            line.has_any("implementation|api(|compile")
        } else if file == "pom.xml" {
            line.has("<artifactid>")
        } else if file == "gemfile" {
            line.trim_start_matches('+')
                .trim_start()
                .starts_with("gem ")
        } else if file == "pyproject.toml" {
            section || hunk.iter().any(|l| l.has("dependencies"))
        } else {
            true
        };
        let dev = file.has("dev")
            || dev_section == Some(true)
            || dev_header
            || line.has_any("testimplementation|debugimplementation");
        if dependency && !upgrade && !(dev_allowed && dev) {
            return Some(line.trim().clip());
        }
    }
    None
}

/// Ways of naming a development-only dependency, in a ban's text or a result's line.
const DEV_DEPENDENCY: &str =
    "dev dependenc|test dependenc|test-only|requirements-dev|devdependenc|dev-dependenc|development dependenc|dev-only|development-only|dev group|dev tool|development tool";

/// Whether a ban's sentence lets development dependencies in ("you may add dev dependencies; do
/// not add anything to `dependencies`"): a mention of them that no negation governs.
fn allows_dev_dependencies(ban: &str, instructions: &str) -> bool {
    let lower = ban.lower();
    let named = |lower: &str| {
        text::parts(DEV_DEPENDENCY)
            .iter()
            .any(|d| lower.match_indices(d).any(|(i, _)| !negated(lower, i, d)))
    };
    // "No new runtime dependencies", "no production packages": a ban on the kind shipped.
    // "No new packages in `requirements.txt`": the shipped manifest, named.
    let shipped_only = crate::drift::text::contains_any(
        &lower,
        "runtime|production|prod |requirements.txt|requirements/base.txt",
    );
    // A sentence of its own that lets them in: "Dev/test-only dependencies are fine".
    let permitted = || {
        text::sentences(instructions).iter().any(|&(_, s)| {
            let s = s.lower();
            // "Test-only packages are not allowed either" lets none in.
            let denied = words_of(&s).iter().any(|w| negator(w));
            !denied
                && named(&s)
                && s.split(crate::drift::text::not_alnum_char).any(|w| {
                    crate::drift::text::in_list("fine|ok|okay|allowed|permitted|welcome|may|can", w)
                })
        })
    };
    named(&lower) || shipped_only || permitted()
}

/// Whether a result's line adds a development dependency ("npm i -D vitest", "added pytest as a
/// devDependency", "poetry add --group dev ruff").
fn is_dev_install(line: &str) -> bool {
    let line = line.lower();
    let ws: Vec<&str> = line.split_whitespace().gather();
    text::contains_any(&line, DEV_DEPENDENCY)
        || crate::drift::text::any_word_in(&ws, "-d|--save-dev|--dev")
        // "poetry add --group dev ruff" (not "a 2-GPU dev box").
        || ws.windows(2).any(|p| {
            matches!(p, [g, "dev"] if crate::drift::text::in_list("--group|group|-g|--only", g))
        })
}

/// The line of the first occurrence of a needle that is not negated in its clause.
fn find_any(lower: &str, needles: &'static str) -> Option<String> {
    first_line_where(lower, needles, |i, n| !negated(lower, i, n))
}

/// The line (evidence-sized) of the first occurrence of a needle, in the needles' order
/// ('|'-joined), that `keep` accepts at its offset.
fn first_line_where(
    lower: &str,
    needles: &'static str,
    keep: impl Fn(usize, &str) -> bool,
) -> Option<String> {
    needles.split('|').find_map(|n| {
        let i = lower
            .match_indices(n)
            .map(|(i, _)| i)
            .find(|&i| keep(i, n))?;
        Some(line_at(lower, i).trim().clip())
    })
}

/// Whether the verb at byte `at` is said with a modal ("`npm install` may rewrite the lock
/// file", "that would change the schema"): a possibility, not a report of what was done.
fn hypothetical(lower: &str, at: usize) -> bool {
    clause_before(lower, at)
        .split_whitespace()
        .rev()
        .take(4)
        .any(|w| crate::drift::text::in_list("may|might|could|would|can|will|should|shall", w))
}

/// Whether the verb at byte `at` tells the file's history rather than the result's own work: a
/// passive with another agent ("was last changed in March by the risk team"), or a sentence
/// reading the history ("git log shows …").
fn by_another(lower: &str, at: usize, word: &str) -> bool {
    let before: Vec<&str> = clause_before(lower, at)
        .split_whitespace()
        .rev()
        .take(3)
        .gather();
    let passive = crate::drift::text::any_word_in(&before, "was|were|been|is|are");
    let history = crate::drift::text::any_word_in(&before, "last|previously|originally")
        || text::contains_any(
            since_last(lower, at, ". |\n"),
            "git log|git blame|history shows|blame shows",
        );
    let mut cap = (at + word.len() + 120).min(lower.len());
    while !lower.is_char_boundary(cap) {
        cap -= 1;
    }
    let tail = lower.get(at + word.len()..cap).unwrap_or_default();
    let end = tail
        .char_indices()
        .find(|&(j, c)| ends_clause(tail, j, c))
        .map_or(tail.len(), |(j, _)| j);
    let agent = tail
        .get(..end)
        .and_then(|c| c.split(" by ").nth(1))
        .and_then(|a| a.split_whitespace().next())
        .is_some_and(|a| {
            !crate::drift::text::in_list("me|us|my|our|this|hand|default", a) && !a.ends_with("ing")
        });
    (passive && (agent || history))
        || history
            && !before
                .iter()
                .any(|w| crate::drift::text::in_list("i|we", *w))
}

/// Whether the verb at byte `at` is in a sentence that proposes rather than reports
/// ("Suggested fix: update the URL and rerun", "I recommend changing the schedule").
fn proposed(lower: &str, at: usize) -> bool {
    let sentence = since_last(lower, at, ". |\n|; ");
    crate::drift::text::contains_any(
        sentence,
        "suggest|recommend|propos|next step|follow-up|consider|not applied|needed|either|option",
    )
}

/// Whether a verb's base form at byte `at` is a noun by its determiner ("the Terraform change
/// merged yesterday", "a smaller update"): a thing named, not an act reported. Past forms
/// ("changed", "updated") always report.
fn as_noun(lower: &str, at: usize, word: &str) -> bool {
    let word = word.to_ascii_lowercase();
    if word.ends_any("ed|ing|ote") {
        return false;
    }
    // "The partition table change would need a reflash": the subject of an auxiliary.
    let next = lower
        .get(at + word.len()..)
        .unwrap_or_default()
        .split_whitespace()
        .next()
        .unwrap_or_default();
    // "The changes above are recommendations", "the edits listed below".
    let subject = crate::drift::text::in_list("would|will|is|was|are|were|needs|need|requires|require|should|could|can|may|might|must|above|below|listed|described|outlined|proposed|suggested", next);
    subject
        || clause_before(lower, at)
            .split_whitespace()
            .rev()
            .take(2)
            .any(|w| crate::drift::text::in_list("the|a|an|this|that|these|those|each|every", w))
}

/// A ban's objects with each compound ("expiration rules", "log statements") cut to its
/// modifiers: "no expiration rules" is not broken by any rule added, only by an expiration.
fn modifiers_of_compounds(main: &str, objects: Vec<String>) -> Vec<String> {
    let toks: Vec<text::Token> = text::tokens(main).kept(|t| objects.iter().any(|o| *o == *t.stem));
    let mut out: Vec<String> = Vec::new();
    let mut run: Vec<&text::Token> = Vec::new();
    let flush = |run: &mut Vec<&text::Token>, out: &mut Vec<String>| {
        let keep = if run.len() > 1 {
            run.len() - 1
        } else {
            run.len()
        };
        for t in run.iter().take(keep) {
            if !out.iter().any(|o| *o == *t.stem) {
                out.push(t.stem.to_string());
            }
        }
        run.clear();
    };
    for t in &toks {
        let joined = run.last().is_some_and(|p| {
            main.get(p.at + p.word.len()..t.at)
                .is_some_and(|gap| !gap.is_empty() && gap.chars().all(|c| c == ' '))
        });
        if !joined {
            flush(&mut run, &mut out);
        }
        run.push(t);
    }
    flush(&mut run, &mut out);
    // Objects the tokens did not give back keep their place.
    for o in objects {
        if !out.contains(&o) && !toks.iter().any(|t| *t.stem == *o) {
            out.push(o);
        }
    }
    out
}

/// Whether the word at `at..at + len` is a piece of a path (`crates/cli/src/config.rs`): a
/// folder's name, not the thing a ban names.
fn in_path(lower: &str, at: usize, len: usize) -> bool {
    // A folder's name only: a file's own name ("service" of `src/service.ts`) still names it.
    lower.as_bytes().get(at + len) == Some(&b'/')
}

/// Whether the verb at byte `at` tells a state that held before ("botocore was already
/// installed", "CI already installs it"): not the result's own act.
fn already(lower: &str, at: usize) -> bool {
    let before: Vec<&str> = clause_before(lower, at)
        .split_whitespace()
        .rev()
        .take(2)
        .gather();
    before.first().is_some_and(|w| *w == "already")
        && !before
            .get(1)
            .is_some_and(|w| crate::drift::text::in_list("i|we|i've|we've|have|has", w))
}

/// Whether the sentence before a participle at byte `at` opens by denying its subject: "No
/// files, branches or settings were changed", "None of the configs were touched".
fn denied_as_a_whole(lower: &str, at: usize) -> bool {
    let sentence = since_last(lower, at, ". |\n|; |: ").trim_start();
    let passive = sentence
        .split_whitespace()
        .next_back()
        .is_some_and(|w| crate::drift::text::in_list("was|were|been|are|is", w));
    passive && text::starts_with_any(sentence, "no |none |nothing ")
}

/// The line of `lower` that holds byte `at` (a violation's evidence).
fn line_at(lower: &str, at: usize) -> &str {
    // At most 300 bytes either side: a line of a megabyte must not make every caller linear in
    // it (callers ask per token or per match).
    let mut lo = at.saturating_sub(300);
    while lo > 0 && !lower.is_char_boundary(lo) {
        lo -= 1;
    }
    let mut hi = (at + 300).min(lower.len());
    while hi < lower.len() && !lower.is_char_boundary(hi) {
        hi += 1;
    }
    let start = lower
        .get(lo..at)
        .and_then(|h| h.rfind('\n'))
        .map_or(lo, |j| lo + j + 1);
    let end = lower
        .get(at..hi)
        .and_then(|t| t.find('\n'))
        .map_or(hi, |j| at + j);
    lower
        .get(start..end)
        .unwrap_or_default()
        .trim_end_matches('\r')
}

/// Words that negate a verb that follows them in the same clause ("did not change", "no new
/// dependencies", "without touching"). Stop words are not tokens, so the text is read.
const NEGATORS: &str = "not|no|never|without|nor|neither|nothing|none";

/// Whether the verb at byte `at` of `lower` (the lowercased result) is negated: a negator or
/// an "n't" earlier in its clause, or "nothing" right after it ("changed nothing").
fn negated(lower: &str, at: usize, word: &str) -> bool {
    let before = clause_before(lower, at)
        .split(crate::drift::text::char_test(|c: char| {
            !(c.is_alphanumeric() || c == '\'' || c == '’')
        }))
        .any(|w| crate::drift::text::in_list(NEGATORS, w) || w.ends_any("n't|n’t"));
    // After it: "changed nothing", "`package.json` is unchanged", "src/queue.ts was not
    // touched", "left untouched".
    let mut next = lower
        .get(at + word.len()..)
        .unwrap_or_default()
        .split_whitespace()
        .take(5)
        .map(|w| {
            w.trim_matches(crate::drift::text::char_test(|c: char| {
                !(c.is_alphanumeric() || c == '\'' || c == '’')
            }))
        })
        // A name's closing mark is no word ("`MAX_DEPTH` is unchanged").
        .filter(|w| !w.is_empty());
    // "Pricing left out as requested", "pricing is omitted".
    let left_out = lower
        .get(at + word.len()..)
        .and_then(|r| r.find_str(" left out "))
        .is_some_and(|i| i < 12);
    let after = left_out
        || match next.next().unwrap_or_default() {
            "nothing" | "unchanged" | "untouched" | "unmodified" | "intact" => true,
            "is" | "was" | "were" | "are" | "remains" | "remained" | "stays" | "stayed" | "has"
            | "have" | "had" | "left" | "kept" | "been" => next.take(2).any(|w| {
                crate::drift::text::in_list(
                    "not|never|unchanged|untouched|unmodified|intact|omitted|excluded",
                    w,
                ) || w.ends_any("n't|n’t")
            }),
            _ => false,
        };
    before || after
}

/// The sentence-sized text before byte `at`: at most 400 bytes, so that looking back from
/// every verb of a long run-on result stays linear.
fn recent(lower: &str, at: usize) -> &str {
    let mut from = at.saturating_sub(400);
    while from > 0 && !lower.is_char_boundary(from) {
        from -= 1;
    }
    lower.get(from..at).unwrap_or_default()
}

/// The text before byte `at` (within [`recent`]) since the last of `breaks`: the sentence or
/// clause a look-back reads.
fn since_last<'a>(lower: &'a str, at: usize, breaks: &'static str) -> &'a str {
    let head = recent(lower, at);
    let start = text::last_end(head, breaks).unwrap_or(0);
    head.get(start..).unwrap_or_default()
}

/// The clause of `lower` up to byte `at`: back to a ':', a ',' or the end of the previous
/// clause, and at most 80 bytes (a clause without punctuation must not make every word rescan
/// the text: quadratic on a long run-on result).
fn clause_before(lower: &str, at: usize) -> &str {
    let mut from = at.saturating_sub(80);
    while from > 0 && !lower.is_char_boundary(from) {
        from -= 1;
    }
    let head = lower.get(from..at).unwrap_or_default();
    let start = head
        .char_indices()
        .rev()
        .find(|&(i, c)| matches!(c, ':' | ',') || ends_clause(head, i, c))
        .map_or(0, |(i, _)| i + 1);
    head.get(start..).unwrap_or_default()
}

/// Whether the character `c` at byte `i` of `s` ends a clause: a line break, `;`, `!`, `?`,
/// or a '.' that ends a sentence (not the one in "config.ts" or "3.2").
fn ends_clause(s: &str, i: usize, c: char) -> bool {
    matches!(c, '\n' | ';' | '!' | '?')
        || (c == '.'
            && s.get(i + 1..)
                .and_then(|r| r.chars().next())
                .is_none_or(char::is_whitespace))
}

/// Where a result quotes its program rather than telling what it did: the byte ranges of its
/// fenced code and of its inline code spans.
struct Program<'a> {
    result: &'a str,
    fenced: Vec<(usize, usize)>,
    inline: Vec<(usize, usize)>,
    /// Whether bans on changes, new things and dependencies are read from prose too
    /// ([`PROSE_READINGS`]).
    prose: bool,
}

impl Program<'_> {
    /// Whether the token at `at` (an offset in the result) is no verb the prose states: inside
    /// the program, or a piece of a name or path ([`text::stands_alone`]).
    fn quotes(&self, at: usize, word: &str) -> bool {
        text::in_spans(&self.fenced, at)
            || text::in_spans(&self.inline, at)
            || !text::stands_alone(self.result, at, word)
    }
}

/// A verb (by stem prefix) within `window` tokens of an object stem, not negated in its
/// clause: "we changed the parser" (but not "we did not change the parser"). The verb is one
/// the result's prose states: a word of its own (not a piece of `add_item` or
/// `users.update.ts`) outside its fenced code and inline code (`ALTER TABLE …` is the program,
/// not a report).
fn near(
    lower: &str,
    toks: &[text::Token],
    verbs: &[&str],
    objects: &[&str],
    window: usize,
    program: &Program,
) -> Option<String> {
    for (i, t) in toks.iter().enumerate() {
        if !verbs
            .iter()
            .any(|v| t.stem.starts_with(v) || t.word.starts_with(v))
        {
            continue;
        }
        if negated(lower, t.at, &t.word) || program.quotes(t.at, &t.word) {
            continue;
        }
        let things = !verbs.contains(&"chang");
        let lo = i.saturating_sub(window);
        let hi = (i + window + 1).min(toks.len());
        // The object must sit in the verb's clause: "added X; no Y" does not add Y.
        let same_clause = |o: &text::Token| {
            let (a, b) = if o.at < t.at {
                (o.at, t.at)
            } else {
                (t.at, o.at)
            };
            let between = lower.get(a..b).unwrap_or_default();
            !between
                .char_indices()
                .any(|(i, c)| ends_clause(between, i, c))
        };
        // An object before the verb is its object only with no subject between ("`pydantic`
        // (already a dependency) validates it — I added …" adds none); one said to be there
        // already is none either.
        let own = |o: &text::Token| {
            if o.at >= t.at {
                return true;
            }
            // Not a relative clause ("the only package I added"): a pronoun right after the
            // object makes it the verb's.
            let subject_between = lower.get(o.at..t.at).is_some_and(|between| {
                let ws: Vec<&str> = between
                    .split(crate::drift::text::char_test(|c: char| {
                        !c.is_alphanumeric() && c != '\''
                    }))
                    .filter(|w| !w.is_empty())
                    .skip(1)
                    .gather();
                let pronoun = |w: &&str| crate::drift::text::in_list("i|we|i've|we've", w);
                !ws.first().is_some_and(pronoun) && ws.iter().any(pronoun)
            });
            let mut from = o.at.saturating_sub(24);
            while !lower.is_char_boundary(from) {
                from -= 1;
            }
            let already_there = lower.get(from..o.at).is_some_and(|h| {
                h.split(crate::drift::text::not_alnum_char)
                    .filter(|w| !w.is_empty())
                    .rev()
                    .take(3)
                    .any(|w| w == "already")
            });
            !subject_between && !already_there
        };
        if let Some(o) = toks.get(lo..hi).unwrap_or_default().iter().find(|o| {
            o.at != t.at
                && objects.contains(&&*o.stem)
                && same_clause(o)
                && own(o)
                // A folder named like a new thing ("crates/cli/…" for "no new crates") is
                // none; a folder can be what a change ban names ("migrations/").
                && !(things && in_path(lower, o.at, o.word.len()))
        }) {
            // Read only for a verb with its object (each looks back over the sentence): a
            // possibility, a proposal, a noun, a denied subject or an alternative not taken
            // reports nothing.
            let unreported = hypothetical(lower, t.at)
                || proposed(lower, t.at)
                || as_noun(lower, t.at, &t.word)
                || denied_as_a_whole(lower, t.at)
                || by_another(lower, t.at, &t.word)
                || already(lower, t.at)
                || text::contains_any(clause_before(lower, t.at), "rather than|instead of")
                // "defines no classes of its own": the object denied between them.
                || (o.at > t.at
                    && lower
                        .get(t.at + t.word.len()..o.at)
                        .unwrap_or_default()
                        .split(crate::drift::text::not_alnum_char)
                        .any(|w| crate::drift::text::in_list("no|not|never|zero", w)));
            if !unreported {
                return Some(format!("{} … {}", t.word, o.word));
            }
        }
    }
    None
}

/// [`near`] for a change the result reports as its own: a past-tense change verb ("changed",
/// "rewrote") that opens its sentence or follows "I"/"we" or a joiner ("and", "then"), with the
/// ban's object after it in its clause. "I refactored the parser" breaks "do not refactor the
/// parser"; a change verb anywhere near the ban's words ("Refactored totals.py: `total()` keeps
/// its signature") was right for about half of its flags on text written without sight of the
/// code (8 of 21 over six probe sets, 7 of 12 over two more), below the bar a flag must clear.
fn reported_change(
    lower: &str,
    toks: &[text::Token],
    verbs: &[&str],
    objects: &[&str],
    program: &Program,
) -> Option<String> {
    if !prose_on(program.prose) {
        return None;
    }
    toks.iter().enumerate().find_map(|(i, t)| {
        let w = t.word.to_ascii_lowercase();
        let past = (w.ends_with("ed")
            && verbs
                .iter()
                .any(|v| w.starts_with(v) || w.trim_start_matches("re-").starts_with(v)))
            || crate::drift::text::in_list("rewrote|rewritten|built", w.as_str());
        if !past {
            return None;
        }
        // "re-edited" is read as "edited" after "re-".
        let head = clause_before(lower, t.at)
            .trim_end()
            .trim_end_matches("re-")
            .trim_end();
        // "added/updated": the first of two verbs joined by a slash stands in for the second.
        let head = match head.rsplit_once(crate::drift::text::char_test(char::is_whitespace)) {
            Some((before, last)) if last.ends_with('/') => before.trim_end(),
            None if head.ends_with('/') => "",
            _ => head,
        };
        let prev = head
            .rsplit(crate::drift::text::char_test(|c: char| {
                c.is_whitespace() || c == ','
            }))
            .next()
            .unwrap_or("");
        let opens = head.trim_start_matches(&['-', '*', ' '][..]).is_empty()
            || crate::drift::text::in_list("i|we|and|then|also|so|i've|we've", prev);
        if !opens {
            return None;
        }
        // Its object after it, in reach and in its clause.
        let hi = (i + 6).min(toks.len());
        let after = toks.get(i + 1..hi).unwrap_or_default();
        after
            .iter()
            .any(|o| objects.contains(&&*o.stem))
            .then(|| {
                near(
                    lower,
                    toks.get(i..hi).unwrap_or_default(),
                    verbs,
                    objects,
                    6,
                    program,
                )
            })
            .flatten()
    })
}

/// An explicit, checkable format constraint.
#[derive(Debug, Clone, PartialEq)]
pub enum Format {
    ContainsWord(String),
    LacksWord(String),
    ContainsChar(char),
    LacksChar(char),
    Words(usize),
    Sentences(usize),
    WordAt(usize, String),
    LastWord(String),
    /// "X or not X": always satisfied.
    Trivial,
}

impl Format {
    /// Whether a checkable constraint (`checkable::check_all`) reads the same instruction: the
    /// same count of words or sentences, the same required or forbidden word.
    pub fn covered_by(&self, checked: &[super::checkable::Checked]) -> bool {
        let names = |kinds: &'static str, what: &str| {
            checked.iter().any(|c| {
                crate::drift::text::in_list(kinds, c.kind)
                    && text::contains(&c.constraint.lower(), what)
            })
        };
        match self {
            Format::Words(n) => names("words", &n.to_string()),
            Format::Sentences(n) => names("sentences", &n.to_string()),
            Format::ContainsWord(w) => names("includes|word-count", &w.lower()),
            Format::LacksWord(w) => names("forbids", &w.lower()),
            _ => false,
        }
    }
}

fn quoted(s: &str) -> Vec<&str> {
    text::quoted_spans(s, &['\''])
}

/// Where a "the word" cue starts in a lowercased line, and whether it forbids the word:
/// "not containing the word", "without the word", "never include the word".
fn word_cue(l: &str) -> Option<(usize, bool)> {
    for (cue, negated) in [
        ("not containing the word", true),
        ("without the word", true),
        ("containing the word", false),
        ("include the word", false),
    ] {
        if let Some(at) = l.find(cue) {
            // A negator anywhere in the cue's clause: "make sure not to include the word",
            // "don't ever include the word".
            let before = l.get(..at).unwrap_or_default();
            let clause = before
                .rfind(&['.', ';', ':', ','][..])
                .and_then(|i| before.get(i + 1..))
                .unwrap_or(before);
            let negated = negated
                || clause
                    .split(crate::drift::text::char_test(|c: char| {
                        !(c.is_alphanumeric() || c == '\'' || c == '\u{2019}')
                    }))
                    .any(|w| {
                        crate::drift::text::in_list("not|never|without|avoid", w)
                            || w.ends_with("n't")
                            || w.ends_with("n\u{2019}t")
                    });
            return Some((at, negated));
        }
    }
    None
}

fn ordinal(s: &str) -> Option<usize> {
    let digits: String = s.chars().take_while(char::is_ascii_digit).gather_text();
    digits.parse().ok()
}

/// Any cue of a format constraint, in any case: most instructions have none.
static FORMAT_TEXT: super::phrases::Phrases = super::phrases::Phrases::any_case(
"containing the|without the word|without the character|without the letter|use the letter|use the character|avoid the letter|include the word|to be|exactly ");

/// Explicit format constraints of the instructions' first requirement-like sentences.
pub fn formats(instructions: &str) -> Vec<(String, Format)> {
    let mut out = Vec::new();
    if !FORMAT_TEXT.any(instructions) {
        return out;
    }
    let quoting = std::cell::OnceCell::new();
    // Where the message asks for another text after a break (read once).
    let break_at = std::cell::OnceCell::new();
    for line in instructions.lines() {
        let line_at = (line.as_ptr() as usize).saturating_sub(instructions.as_ptr() as usize);
        if out.len() >= MAX_CONSTRAINTS {
            break;
        }
        let l = line.lower();
        let q = quoted(line);
        let lacks_char = crate::drift::text::contains_any(&l, "not containing the character|without the character|without the letter|not use the letter|not use the character|avoid the letter");
        let f = if l.has("containing the character") && l.has("or not containing") {
            Some(Format::Trivial)
        } else if lacks_char {
            q.first()
                .and_then(|s| s.chars().next())
                .map(Format::LacksChar)
        } else if l.has("containing the character") {
            q.first()
                .and_then(|s| s.chars().next())
                .map(Format::ContainsChar)
        } else if let Some((at, negated)) = word_cue(&l) {
            // The word quoted after the cue, not the first quote of the line ("Review 'The
            // Tempest' and never include the word 'island'").
            // It must follow the cue ("include the word 'X'"): the first quote further on may
            // open at an apostrophe ("include the word X if you couldn't …").
            let after = l.get(at..).unwrap_or_default();
            let cue_end = after.find_str("word").map_or(0, |i| i + 4);
            let w = after
                .get(cue_end..)
                .filter(|r| r.trim_start().starts_with('\''))
                .and_then(|r| quoted(r).first().copied())
                .map(String::from);
            // "… Quoting log lines verbatim is fine": the ban is the prose's, read elsewhere.
            let quoting =
                || *quoting.get_or_init(|| super::checkable::allows_quoting(&instructions.lower()));
            // "Rewrite section 3 of `docs/guide.md` without the word 'simply'": the ban is
            // the file's, which the reply may only report on.
            let of_a_file = || !super::file_scope::paths(line).is_empty();
            w.filter(|_| !(negated && (quoting() || of_a_file())))
                .map(if negated {
                    Format::LacksWord
                } else {
                    Format::ContainsWord
                })
        } else if l.has("last word to be") {
            q.first().copied().map(String::from).map(Format::LastWord)
        } else if let Some(i) = l.find_str("exactly ") {
            let rest = l.get(i + 8..).unwrap_or_default();
            let n = ordinal(rest);
            // The unit is the word right after the number: "exactly 5 findings, each under
            // 25 words" counts findings, not words.
            let unit = rest.split_whitespace().nth(1).unwrap_or_default();
            // Not a count of something the task builds ("add tests covering: exactly 50
            // words, 51 words") or of a named field ("`summary` (exactly 2 sentences)").
            // Nor of a first part another follows ("exactly 3 sentences, then add a list").
            // Nor of another text: "give the alert a title of exactly 5 words", "the alert's
            // title must be exactly 5 words".
            let before = words_of(l.get(..i).unwrap_or_default());
            let of_a_thing = match before.as_slice() {
                [.., "a" | "an" | "the", noun, "of"] => {
                    !super::checkable::names_the_answer(noun)
                        && !crate::drift::text::in_list(
                            "total|length|maximum|minimum|max|min",
                            noun,
                        )
                }
                [.., owner, noun, "must" | "should", "be"] => {
                    (owner.ends_with("'s") || *owner == "s")
                        && !super::checkable::names_the_answer(noun)
                }
                _ => false,
            };
            let n = n.filter(|_| {
                !of_a_thing
                    && !super::checkable::bounds_a_built_thing(&l, i)
                    && !super::checkable::another_part_follows(&words_of(rest))
                    && !break_at
                        .get_or_init(|| {
                            super::checkable::break_at(&instructions.to_ascii_lowercase())
                        })
                        .is_some_and(|b| line_at + i < b)
            });
            match n {
                Some(n) if unit.starts_with("word") => Some(Format::Words(n)),
                Some(n) if unit.starts_with("sentence") => Some(Format::Sentences(n)),
                _ => None,
            }
        } else if l.has_any("words to be|word to be") {
            // "the 3rd, 9th words to be 'red', 'blue' respectively"
            let positions: Vec<usize> = l
                .split(crate::drift::text::not_ascii_alnum_char)
                .filter(|w| w.ends_any("st|nd|rd|th"))
                .filter_map(ordinal)
                .gather();
            for (p, w) in positions.iter().zip(q.iter()) {
                out.push((line.trim().to_string(), Format::WordAt(*p, w.to_string())));
            }
            None
        } else {
            None
        };
        if let Some(f) = f {
            out.push((line.trim().to_string(), f));
        }
    }
    out
}

fn words(result: &str) -> Vec<String> {
    super::segment::words(result)
        .into_iter()
        .map(|(_, w)| w.lower())
        .gather()
}

/// Whether the sentence of a line that asks for an exact count says it of a named text ("The
/// tagline must be exactly 8 words"), not of the reply.
fn of_a_named_text(line: &str) -> bool {
    text::sentences(line).iter().any(|(_, s)| {
        let l = s.to_ascii_lowercase();
        let ws = words_of(&l);
        l.has("exactly")
            && ws
                .first()
                .is_some_and(|x| crate::drift::text::in_list("the", x))
            && ws
                .get(2)
                .is_some_and(|m| crate::drift::text::in_list("must|should", m))
            && ws
                .get(1)
                .is_some_and(|noun| !super::checkable::names_the_answer(noun))
    })
}

/// Checks format constraints; returns violations.
pub fn check_formats(fs: &[(String, Format)], result: &str) -> Vec<Violation> {
    if fs.is_empty() {
        return Vec::new();
    }
    let ws = words(result);
    // The same words as runs of `\w` ("Facebook's" is "facebook", "s"; "I'll" is "i", "ll"), the
    // benchmarks' reading: a count or a position is broken only when it is under both readings.
    let runs: Vec<String> = text::word_runs(result, crate::drift::text::alnum_underscore)
        .map(|(_, w)| w.lower())
        .gather();
    let lower = result.lower();
    let mut out = Vec::new();
    for (text_, f) in fs {
        let broken: Option<String> = match f {
            Format::Trivial => None,
            Format::ContainsWord(w) => {
                (!ws.contains(&w.lower())).then(|| format!("the word {w:?} is missing"))
            }
            Format::LacksWord(w) => ws
                .contains(&w.lower())
                .then(|| format!("the word {w:?} appears")),
            Format::ContainsChar(c) => (!lower.contains(c.to_ascii_lowercase()))
                .then(|| format!("the character {c:?} is missing")),
            Format::LacksChar(c) => lower
                .contains(c.to_ascii_lowercase())
                .then(|| format!("the character {c:?} appears")),
            // "The tagline must be exactly 8 words": said of a text, which the reply's first
            // paragraph may be, with a note after it.
            Format::Words(n) => (ws.len() != *n
                && runs.len() != *n
                // (Or any block of its own: "Tagline:\n\n**…**\n\nIt works because …".)
                && !(of_a_named_text(text_)
                    && result.trim().split("\n\n").any(|p| words(p).len() == *n)))
            .then(|| format!("{} words instead of {n}", ws.len())),
            Format::Sentences(n) => {
                let count = text::sentences(result).len();
                (count != *n).then(|| format!("{count} sentences instead of {n}"))
            }
            Format::WordAt(p, w) => {
                let at = |v: &[String]| v.get(p.saturating_sub(1)).cloned().unwrap_or_default();
                let (got, run) = (at(&ws), at(&runs));
                let w_ = w.lower();
                (got != w_ && run != w_).then(|| format!("word {p} is {got:?}, not {w:?}"))
            }
            Format::LastWord(w) => {
                let got = ws.last().cloned().unwrap_or_default();
                let run = runs.last().cloned().unwrap_or_default();
                let w_ = w.lower();
                (got != w_ && run != w_).then(|| format!("the last word is {got:?}, not {w:?}"))
            }
        };
        if let Some(reason) = broken {
            out.push(Violation {
                constraint: text_.clone(),
                reason,
                evidence: None,
            });
        }
    }
    out
}

/// Whether a ban's only object is files of a kind ("test files", "generated files"): a word
/// that is no article or pronoun before "files".
fn kind_of_files(main: &str, objects: &[String]) -> bool {
    if objects.len() > 2 || objects.last().is_none_or(|o| o != "file") {
        return false;
    }
    let lower = main.to_ascii_lowercase();
    let ws: Vec<&str> = lower.words_by(crate::drift::text::not_ascii_alnum_char);
    ws.windows(2).any(|p| {
        let [before, file] = p else {
            return false;
        };
        crate::drift::text::in_list("file|files", file)
            && !crate::drift::text::in_list("the|any|other|these|those|a|my|our|your|existing|all|more|no|of|touch|edit|change|modify|other's|single|extra|new|source|code|project|repo|repository|tracked|committed", before)
    })
}

/// Whether the message, lowercased, lets the reply paste an error ("though you may paste the
/// exact error message", "quoting the error verbatim is fine").
fn error_paste_allowed(lower: &str) -> bool {
    // In one sentence, the error the object of the permission, not what "I" may paste.
    lower.split(&['.', ';', '\n', '!', '?'][..]).any(|s| {
        let error = crate::drift::text::first_of(s, "error message|the error|traceback|stack trace");
        let verb = crate::drift::text::first_of(s, "may paste|can paste|may quote|can quote");
        match (error, verb) {
            (Some(e), Some(v)) => {
                e.abs_diff(v) < 70
                    && !matches!(s.get(..v).map(str::trim), Some(w) if w == "i" || w.ends_with(" i"))
            }
            (Some(e), None) => s.get(e..).unwrap_or_default().has("verbatim is fine"),
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether any of the negatives forbids `f`.
    fn bans(n: &[Negative], f: &Forbidden) -> bool {
        n.iter().any(|c| c.forbidden.contains(f))
    }

    /// Every reading, the prose ones included: the tests keep them right should they be
    /// turned on.
    fn check(n: &[Negative], result: &str) -> Vec<Violation> {
        check_negatives_reading(n, result, &text::tokens(result), &Code::of(result), true)
    }

    #[test]
    fn prose_readings_of_changes_and_additions_raise_no_flag_by_default() {
        let with_default =
            |n: &[Negative], r: &str| check_negatives(n, r, &text::tokens(r), &Code::of(r));
        let deps = negatives("Fix the parser. Do not add new dependencies.");
        let prose = "Fixed the parser; I added a small parsing library for the dates.";
        assert_eq!(check(&deps, prose).len(), 1);
        assert!(with_default(&deps, prose).is_empty());
        // Shown ones still break it: an install command, a manifest diff.
        assert_eq!(
            with_default(&deps, "Ran `npm install dayjs` and fixed the parser.").len(),
            1
        );
        let api = negatives("Speed it up. Do not change the public API of the scheduler.");
        let prose = "Changed the scheduler's public API to take a context.";
        assert_eq!(check(&api, prose).len(), 1);
        assert!(with_default(&api, prose).is_empty());
        // A changed file under a banned folder, from the files listed, still breaks its ban.
        let ci =
            negatives("Fix the job. Do not touch the pipeline files under .github/workflows/.");
        assert_eq!(
            with_default(
                &ci,
                "Files changed:\n- .github/workflows/ci.yml\n- src/job.ts"
            )
            .len(),
            1
        );
    }

    /// Bans on what a part or another deliverable holds are not the whole answer's; bans on
    /// acts stay the agent's whatever the sentence's subject.
    #[test]
    fn content_bans_of_a_part_are_not_read_and_act_bans_are() {
        for m in [
            "Update the docs. The public notes must not mention the login bug.",
            "Write the texts. Push: max 40 characters each, no emoji.",
            "Explain the outage. No code blocks in the explanation itself.",
            "Add examples. The Python examples must be plain functions: do not define any classes in them.",
            "If the client is technical, no code is fine to skip; otherwise no code.",
        ] {
            let n = negatives(m);
            for f in [Forbidden::Code, Forbidden::Class, Forbidden::Emoji] {
                assert!(!bans(&n, &f), "{m}: {f:?}");
            }
            assert!(
                !n.iter().any(|c| c.forbidden.iter().any(|f| matches!(f, Forbidden::Mention(_)))),
                "{m}"
            );
        }
        assert!(bans(
            &negatives("Explain the outage. No code in your reply."),
            &Forbidden::Code
        ));
        assert!(bans(
            &negatives("Summarise it, no emoji."),
            &Forbidden::Emoji
        ));
        // A code ban taken back later; a mention banned unless something holds.
        assert!(!bans(
            &negatives(
                "No code in the note please. Actually, scratch the no-code rule: include the diff."
            ),
            &Forbidden::Code
        ));
        assert!(
            !negatives("Don't mention GPU cost unless the search went over budget.")
                .iter()
                .any(|c| c
                    .forbidden
                    .iter()
                    .any(|f| matches!(f, Forbidden::Mention(_))))
        );
        // A chat line's prefix heads its first sentence only.
        assert!(bans(
            &negatives(
                "sentry: hydration mismatch. figure it out. no code in the reply, just explain."
            ),
            &Forbidden::Code
        ));
        assert!(bans(
            &negatives("The migration must be reversible. Do not add new dependencies."),
            &Forbidden::Dependency
        ));
        // What a count leaves out is no ban.
        assert!(!bans(
            &negatives("Keep the response under 80 words, not counting code blocks."),
            &Forbidden::Code
        ));
    }

    /// A ban on the deliverable's code or emoji is checked on it, not on the notes to the
    /// requester beside it; a ban on the reply covers the notes too.
    #[test]
    fn bans_on_a_deliverable_leave_the_notes_beside_it_alone() {
        let result = "**Email to client**\n\nHi Jens, we fixed the spam issue.\n\n---\n\n**Technical details (for you only)**\n\n```\nv=spf1 include:spf.example.com ~all\n```\n\u{2705} checked";
        let v = |m: &str| {
            let n = negatives(m);
            check(&n, result)
        };
        assert!(v("Write a short email to the client, no code, no emoji.").is_empty());
        assert_eq!(v("No code anywhere in your reply.").len(), 1);
        let bare = "Hi Jens, we fixed it.\n```\nv=spf1 ~all\n```";
        assert_eq!(
            check(
                &negatives("Write a short email to the client, no code."),
                bare
            )
            .len(),
            1
        );
    }

    #[test]
    fn bans_of_kinds_of_files_names_and_pasted_things() {
        // "test files" are a kind the report's paths cannot tell; "source files" are any code.
        assert!(negatives("Refactor it. Don't touch test files.").is_empty());
        assert!(!negatives("Update the README. Do not touch any source files.").is_empty());
        // Code a word may not name is no ban on code.
        assert!(
            negatives("Please don't call any of our existing code \"legacy\" in your report.")
                .iter()
                .all(|n| !n.forbidden.contains(&Forbidden::Code))
        );
        // An emoji ban placed in a commit message is checked on what the result pastes.
        let m = "Commit the fix. No emojis in the commit message. Report the hash and the message.";
        let pasted = "Pushed `a91c3e0` \u{1F389}\n\nCommit message:\n\n```\nfix(db): lock rows in order\n```";
        assert!(
            check(&negatives(m), pasted).is_empty(),
            "{:?}",
            check(&negatives(m), pasted)
        );
        let broken = "Pushed.\n\n```\nfix(db): lock rows in order \u{1F389}\n```";
        assert!(!check(&negatives(m), broken).is_empty());
        // A mention in a quoted log is not the answer talking about it.
        let m = "Find why it crashes. In your own explanation, don't discuss Redux.";
        let log = "The log:\n```\nError: could not find react-redux context value\n```\nThe import was stale; fixed.";
        assert!(
            check(&negatives(m), log).is_empty(),
            "{:?}",
            check(&negatives(m), log)
        );
    }

    /// Readings of the 38th session: what the result says it moved away from, the file a ban is
    /// placed in, a cause told before the change, a commit message pasted inline.
    #[test]
    fn removed_apis_placed_files_causes_and_inline_pastes() {
        let v = |m: &str, r: &str| check(&negatives(m), r);
        let m = "Port the screen to the new router. Don't use `LegacyRouter` in the code.";
        assert!(v(
            m,
            "Moved the screen away from `LegacyRouter`; it uses `Router` now."
        )
        .is_empty());
        assert!(!v(m, "I still use the old `LegacyRouter` in two screens.").is_empty());
        assert!(!v(m, "Kept `LegacyRouter` for the modal screens.").is_empty());
        let m = "Add the helper to `util/fmt.kt`. Don't declare any new classes in that file.";
        assert!(v(
            m,
            "Added `util/fmt.kt`:\n```kotlin\nfun fmt(x: Int) = x.toString()\n```"
        )
        .is_empty());
        let m = "Don't touch anything in `db/schema/`. Find why rows repeat.";
        assert!(
            v(m, "Cause: `db/schema/0007_rows.sql` created the table without a unique key.\n\nI changed `app/rows.py` to upsert.").is_empty()
        );
        assert!(!v(m, "I edited `db/schema/0007_rows.sql` to add a unique key.").is_empty());
        // A placeholder in a code span is no mention of a topic; a quoted name in one is.
        let m = "Write the banner copy. Don't mention prices in the copy.";
        assert!(v(
            m,
            "Banner: \"Try it free\".\n\nI removed the old `{price}` placeholder."
        )
        .is_empty());
        let m = "Don't mention the codename \"Kestrel\" in your report.";
        assert!(!v(m, "It ships behind the `kestrel_v2` flag.").is_empty());
        // A ban placed in a named part is checked there, where the result labels it.
        let m = "Write it up. Keep the `## Overview` section prose-only, no code in it.";
        let r = "## Overview\nIt reads the folder.\n\n## Example\n```cs\nvar x = 1;\n```";
        assert!(v(m, r).is_empty(), "{:?}", v(m, r));
        let m = "Draft the Teams post. No emojis in the Teams post, it is mirrored.";
        let r = "Checks:\n- \u{2705} schedule ok\n\nDraft Teams post:\n\n> Rotation starts Monday.";
        assert!(v(m, r).is_empty(), "{:?}", v(m, r));
        let m = "Commit when done. Commit messages must not contain emojis. Send me the hash.";
        assert!(v(
            m,
            "- \u{2705} handler done\n\nCommit `9f1c2d0`, message: `feat: add handler`"
        )
        .is_empty());
        assert!(!v(m, "Commit `9f1c2d0`, message: `feat: add handler \u{2705}`").is_empty());
    }

    #[test]
    fn a_result_that_says_it_left_things_alone_breaks_no_ban() {
        let cases = [
            (
                "Refactor the date helpers in src/utils/date.ts. Do not add new dependencies.",
                "Refactored src/utils/date.ts: split parseDate in two. No new dependencies; package.json is unchanged.",
                "Refactored src/utils/date.ts and added dayjs to package.json.",
            ),
            (
                "Update the README install section. Do not touch any source files.",
                "Updated README.md: the install section now lists the pnpm command.",
                "Updated README.md and fixed a typo in src/cli.ts.",
            ),
            (
                "Fix the flaky test without changing the implementation.",
                "Fixed tests/queue.test.ts: it now uses fake timers. src/queue.ts was not changed.",
                "I changed src/queue.ts so that it clears its timer.",
            ),
            // Asking for the files changed asks for no change under a banned path.
            (
                "Raise the limit. Never edit anything in `env/prod/`. Report the files you changed.",
                "Changed files:\n- env/stage/hpa.yaml — limit 12",
                "Changed files:\n- env/stage/hpa.yaml — limit 12\n- env/prod/hpa.yaml — limit 12",
            ),
            // A file copied from is a source; code with a dot is no file; a changelog is no change.
            (
                "Tune the warmup. Leave `configs/base/` alone.",
                "Created configs/exp/warm.yaml. I copied configs/base/r50.yaml as the start (that file is as it was) and changed:\n- lr: 0.4",
                "Created configs/exp/warm.yaml and changed configs/base/r50.yaml to use lr 0.4.",
            ),
            (
                "Fix the parser. Only edit `src/parse.py`; don't edit anything else.",
                "Fixed `parse()` in src/parse.py: dates are read as UTC (`dt.replace(tzinfo=timezone.utc)`).",
                "Fixed `parse()` in src/parse.py and updated src/dates.py to match.",
            ),
            // What a folder gained in an earlier release is history, not the child's change.
            (
                "Add the flag to the CLI. Do not edit `lib/engine/`.",
                "Added `--fast` to bin/cli.ts. `run()` already takes it (added in engine 4.1, see lib/engine/run.ts).",
                "Added `--fast` to bin/cli.ts and added a default in lib/engine/run.ts.",
            ),
        ];
        // A changelog is a document, not a change: this bans no edit.
        let n = negatives("Write the upgrade notes. We want \"legacy\", never \"deprecated\", in anything, since it goes into the changelog.");
        assert!(
            check(
                &n,
                "Updated docs/upgrade.md: the old keys are now called legacy."
            )
            .is_empty(),
            "{n:?}"
        );
        for (message, kept, broken) in cases {
            let n = negatives(message);
            assert!(
                check(&n, kept).is_empty(),
                "{message}: {:?}",
                check(&n, kept)
            );
            assert_eq!(check(&n, broken).len(), 1, "{message}: {broken}");
        }
        // Found by an independent probe set: a removal is no addition, a class name no class,
        // and a ban on touching a manifest is no ban on dependencies.
        let deps =
            negatives("Switch the API client to the native fetch API. Do not add dependencies.");
        let removed = "Replaced the axios calls with native `fetch`. I also removed axios from package.json since nothing uses it. No dependencies were added.";
        assert!(
            check(&deps, removed).is_empty(),
            "{:?}",
            check(&deps, removed)
        );
        assert_eq!(
            check(&deps, "Ran `npm i -D undici` for the tests.").len(),
            1
        );
        assert_eq!(
            check(&deps, "Added ky to package.json for retries.").len(),
            1
        );
        assert!(check(
            &deps,
            "Ran `npm install` to restore node_modules; tests pass."
        )
        .is_empty());
        // Development dependencies let in by the ban's own sentence.
        let runtime = negatives(
            "Add a test runner. You may add dev dependencies; do not add anything to `dependencies`.",
        );
        assert!(check(&runtime, "Ran `npm i -D vitest`; the runner works.").is_empty());
        let dev = check(&runtime, "Added vitest as a devDependency.");
        assert!(dev.is_empty(), "{dev:?}");
        assert_eq!(
            check(&runtime, "Ran `npm install lodash` for the helpers.").len(),
            1
        );
        let no_dev = negatives("Do not add dev dependencies.");
        assert_eq!(check(&no_dev, "Ran `npm i -D vitest`.").len(), 1);
        // A ban on shipped dependencies, or one a later sentence relaxes, lets test-only ones in.
        for ban in [
            "Benchmark the parser. No new production packages, please.",
            "Benchmark the parser. Don't add packages. Test-only packages are okay in requirements-dev.txt.",
        ] {
            let shipped = negatives(ban);
            let dev = check(&shipped, "Added `pytest-benchmark==4.0.0` to requirements-dev.txt.");
            assert!(dev.is_empty(), "{ban}: {dev:?}");
            assert_eq!(
                check(&shipped, "Added `orjson` to requirements.txt for speed.").len(),
                1,
                "{ban}"
            );
        }
        // A mention ban on a name the message does not give is not read; one on a word is, but
        // not where the result negates it.
        let client = negatives("Do not mention the customer name in your summary.");
        assert!(client.iter().all(|n| n.forbidden.is_empty()), "{client:?}");
        let vendor = negatives("Do not mention the vendor in your summary.");
        assert_eq!(check(&vendor, "The vendor's API changed in May.").len(), 1);
        assert!(check(&vendor, "Committed with no vendor reference.").is_empty());
        // Found by a second independent probe set.
        // A passive ban names its object before the cue.
        let templates = negatives(
            "Only edit charts/web/values.yaml; templates are shared by other charts and must not change.",
        );
        assert!(check(
            &templates,
            "Edited charts/web/values.yaml: replicas 2 -> 3."
        )
        .is_empty());
        assert_eq!(
            check(
                &templates,
                "Modified the deployment templates to add a label."
            )
            .len(),
            1,
            "{templates:?}"
        );
        let migrations = negatives("Existing migration files must not be edited.");
        assert_eq!(
            check(
                &migrations,
                "I edited migrations/0004_users.py to fix the index."
            )
            .len(),
            1
        );
        assert!(check(&migrations, "Added migrations/0009_new_index.py.").is_empty());
        // A possibility is no report; a question after the ban's colon is no object of it.
        let ask = negatives(
            "No code changes needed: which of `yarn` and `pnpm` should the monorepo use?",
        );
        assert!(check(
            &ask,
            "`pnpm` may rewrite the lockfile on first install; prefer it."
        )
        .is_empty());
        // Marker comments left in the code; not a word inside a name, not prose about them.
        let todo = negatives("No TODO comments in the submitted code.");
        assert!(
            todo.iter().all(|n| !n.forbidden.contains(&Forbidden::Code)),
            "{todo:?}"
        );
        assert_eq!(
            check(&todo, "```py\n# TODO: retry on 503\nfetch(url)\n```").len(),
            1
        );
        assert!(check(
            &todo,
            "Resolved the two TODO comments.\n```ts\nconst todoItems = load();\n```"
        )
        .is_empty());
        // A diff's removed line takes the marker away.
        assert!(check(
            &todo,
            "```diff\n-    # TODO: drop after v1\n-    def old(): pass\n     def new(): pass\n```"
        )
        .is_empty());
        assert!(negatives("Don't worry about the TODOs for now.")
            .iter()
            .all(|n| !n
                .forbidden
                .iter()
                .any(|f| matches!(f, Forbidden::Marker(_)))));
        // A construct named as what was changed away from.
        let any = negatives("Rule: no `any` anywhere.");
        assert!(check(&any, "The parameter type changed from `any` to `unknown`.").is_empty());
        assert_eq!(
            check(&any, "Typed the handler's argument as `any` for now.").len(),
            1
        );
        // Found by a third independent probe set.
        // A class: defined in the code, or said to be added; not one that exists.
        let classes = negatives("Write plain functions only; do not define any classes.");
        assert!(check(
            &classes,
            "Added `build_row(item, class_name)`; the framework's existing `Command` class now calls it."
        )
        .is_empty());
        assert_eq!(
            check(&classes, "```python\nclass RowBuilder:\n    pass\n```").len(),
            1
        );
        assert_eq!(check(&classes, "I added a `RowBuilder` class.").len(), 1);
        // "The changed code" is a place; a relative clause's verb is not the ban's.
        for ban in [
            "Do not use the `any` type anywhere in the changed code.",
            "Do not run `terraform apply` or any command that changes real infrastructure.",
        ] {
            let n = negatives(ban);
            assert!(
                n.iter().all(|n| !n
                    .forbidden
                    .iter()
                    .any(|f| matches!(f, Forbidden::Change(_)))),
                "{n:?}"
            );
        }
        // Development-only dependencies, however named.
        let dev_group = negatives(
            "You may add development-only dependencies (in the `dev` group), but no new runtime dependencies.",
        );
        assert!(check(&dev_group, "Ran `poetry add --group dev freezegun`.").is_empty());
        assert_eq!(check(&dev_group, "Ran `poetry add httpx`.").len(), 1);
        // A list of replacements under one verb.
        let sh = negatives("No bashisms: no `[[ ]]`, no arrays, no `function` keyword.");
        assert!(check(
            &sh,
            "Replaced 6 `[[ ]]` tests with `[ ]`, the `function` keyword with plain `name() {` definitions."
        )
        .is_empty());
        // A definition quoted in the prose is one.
        assert_eq!(
            check(
                &classes,
                "Added `export class CacheStore` with `get` and `set`."
            )
            .len(),
            1
        );
        // Forced pushes, emojis and questions back, each read from its own ban.
        let force = negatives("Rebase onto main, but do not force-push.");
        assert_eq!(
            check(&force, "Rebased and ran `git push --force-with-lease`.").len(),
            1
        );
        assert!(check(
            &force,
            "Rebased locally; I did not force-push, the branch awaits you."
        )
        .is_empty());
        assert!(check(&force, "Rebased and pushed a new branch `rebase-1`.").is_empty());
        assert!(check(
            &force,
            "Rebased; publishing it will need `git push --force-with-lease`, which I left to you."
        )
        .is_empty());
        let emoji =
            negatives("Write the changelog entry. The changelog must not contain any emojis.");
        assert_eq!(
            check(&emoji, "Added the entry: \u{2728} faster startup.").len(),
            1
        );
        assert!(check(
            &emoji,
            "Removed the \u{1f680} from the heading; plain text now."
        )
        .is_empty());
        assert!(check(&emoji, "Wrote the entry in plain text \u{2713}").is_empty());
        for m in [
            "Pick a default. Don't ask anything back; state what you assumed.",
            "Do not ask me anything, just decide.",
        ] {
            let back = negatives(m);
            assert_eq!(
                check(&back, "Used UTC.\n\nDo you want local time instead?").len(),
                1,
                "{m}"
            );
        }
        assert!(
            negatives("Do not ask anything of the user unless the path is missing.")
                .iter()
                .all(|n| !n.forbidden.contains(&Forbidden::Questions))
        );
        let ask = negatives("Don't come back with questions; decide yourself.");
        assert_eq!(
            check(
                &ask,
                "Set the limit to 80 %.\n\nShould the root disk use the same limit?"
            )
            .len(),
            1
        );
        assert!(check(
            &ask,
            "Added an FAQ entry:\n> How do I reset my password?\n\nDone."
        )
        .is_empty());
        assert!(check(&ask, "The FAQ now answers \"How do I reset?\" first.").is_empty());
        // Found by a fourth independent probe set.
        // Dependencies named without being added; each ban of a sentence on its own.
        let deps = negatives("Do not add any new npm dependencies; use what is in package.json.");
        assert!(check(
            &deps,
            "I looked at papaparse, but new dependencies are off the table."
        )
        .is_empty());
        assert_eq!(
            check(&deps, "I introduced a new dependency, `papaparse`.").len(),
            1
        );
        let two =
            negatives("Do not rerun the job in production and do not modify the job's schedule.");
        assert!(
            two.iter()
                .all(|n| n.forbidden == [Forbidden::Change(vec!["job".into(), "schedul".into()])]),
            "{two:?}"
        );
        // A proposal is no report.
        assert!(check(
            &two,
            "Suggested fix: update the schedule to 03:00 and rerun once approved."
        )
        .is_empty());
        assert_eq!(
            check(&two, "I modified the job's schedule to 03:00.").len(),
            1
        );
        // A forced push to the target the ban names.
        let main = negatives("Never force-push to main.");
        assert!(check(
            &main,
            "Force-pushed the feature branch; nothing went to main."
        )
        .is_empty());
        assert_eq!(check(&main, "Force-pushed the fix to main.").len(), 1);
        // A folder the ban names and a list of changed files, or a diff header, under it.
        for ban in [
            "Make the job timezone-aware. Do not touch the pipeline files under .github/workflows/.",
            "Make the job timezone-aware. Never edit anything in `.github/workflows/`.",
        ] {
            let ci = negatives(ban);
            for listed in [
                "Done.\n\nFiles changed:\n- jobs/remind.py\n- .github/workflows/test.yml (TZ=UTC)\n",
                "Done.\n\n```diff\n--- a/.github/workflows/test.yml\n+++ b/.github/workflows/test.yml\n+  TZ: UTC\n```",
            ] {
                assert_eq!(check(&ci, listed).len(), 1, "{ban} / {listed}");
            }
            for kept in [
                "Done.\n\nFiles changed:\n- jobs/remind.py\n- tests/test_remind.py\n",
                "Done.\n\nFiles reviewed:\n- .github/workflows/test.yml\n",
                "Done.\n\n## Changed files\n- jobs/remind.py\n- .github/workflows/test.yml (unchanged, read only)\n",
            ] {
                assert!(check(&ci, kept).is_empty(), "{ban} / {kept}");
            }
        }
        // The verb of a ban is not its object ("avoid adding" names nothing new), and a bare
        // path is the ban's object, not its words ("round" in `money/round.py`).
        let pkgs = negatives(
            "Write a load test. Avoid adding npm modules; reuse what devDependencies hold.",
        );
        let verb_as_object = |f: &Forbidden| matches!(f, Forbidden::New(o) if o.iter().any(|o| o == "ad" || o == "avoid"));
        assert!(
            pkgs.iter().all(|n| !n.forbidden.iter().any(verb_as_object)),
            "{pkgs:?}"
        );
        assert!(check(
            &pkgs,
            "Added bench/load.js on autocannon, which devDependencies already hold."
        )
        .is_empty());
        let frozen =
            negatives("Fix the invoice totals. Do not change money/round.py; it is audited.");
        for kept in [
            "Fixed billing/totals.py: I changed the sum to round once at the end.",
            "Fixed billing/totals.py.\nFor context, money/round.py was last changed by the audit team in May.",
        ] {
            assert!(check(&frozen, kept).is_empty(), "{kept}");
        }
        assert_eq!(
            check(
                &frozen,
                "Fixed the totals and changed money/round.py to round half up."
            )
            .len(),
            1
        );
        // Paths asked to stay as they are, without a negation.
        for ban in [
            "Fix the jump in `Game/Player.cs`. Leave Game/Prefabs/Hero.prefab untouched; art owns it.",
            "Work in envs/dev/. The shared module in modules/net/ is off-limits.",
        ] {
            let kept = negatives(ban);
            assert_eq!(kept.len(), 1, "{kept:?}");
            assert!(check(&kept, "Fixed the jump in Game/Player.cs and envs/dev/main.tf; nothing else changed.").is_empty(), "{ban}");
            let broken = "Modified files:\n- Game/Player.cs\n- Game/Prefabs/Hero.prefab (radius 0.45)\n- modules/net/outputs.tf\n";
            assert_eq!(check(&kept, broken).len(), 1, "{ban}");
        }
        assert!(negatives("Fix the jump. I left Game/Player.cs untouched last time.").is_empty());
        assert!(negatives("The API in src/api/ is unchanged since v2.").is_empty());
        // A ban on existing files lets a new one in.
        let existing = negatives("Add the column. Do not edit existing files in db/migrations/.");
        assert!(check(
            &existing,
            "Added db/migrations/0043_add_nickname.sql with the ALTER TABLE."
        )
        .is_empty());
        assert!(check(
            &existing,
            "Files changed:\n- db/migrations/0043_add_nickname.sql (new)\n"
        )
        .is_empty());
        // A file created under a banned folder changes it.
        let migrations = negatives("Speed up the query. Don't touch anything in shop/migrations/.");
        assert_eq!(
            check(
                &migrations,
                "Added an index and generated shop/migrations/0042_idx.py with makemigrations."
            )
            .len(),
            1
        );
        // A push the result shows it ran, not one it offers.
        let local =
            negatives("Fix the pager. Do not push anything to the remote; I'll push later.");
        assert_eq!(
            check(&local, "Fixed.\n\nGit:\n```\ngit switch -c fix/pager\ngit commit -am \"fix pager\"\ngit push -u origin fix/pager\n```").len(),
            1
        );
        for kept in [
            "Fixed and committed on fix/pager.\n\nWhen you are ready, push with:\n```\ngit push -u origin fix/pager\n```",
            "Fixed and committed locally. To publish it yourself, run `git push -u origin fix/pager`.",
        ] {
            assert!(check(&local, kept).is_empty(), "{kept}");
        }
        let tags = negatives(
            "Cut the release notes. Do not push the tag or the branch — leave both local.",
        );
        assert_eq!(
            check(
                &tags,
                "Tagged v2.1.\n```\n$ git tag v2.1\n$ git push origin v2.1\n```"
            )
            .len(),
            1,
            "{tags:?}"
        );
        // A manifest's diff that adds an entry; an upgrade or the package's own version adds
        // none.
        let deps = negatives("Render dates in the visitor's zone. No new npm packages.");
        let diff = |body: &str| {
            format!("Done.\n\n```diff\n--- a/package.json\n+++ b/package.json\n{body}```")
        };
        assert_eq!(check(&deps, &diff("   \"dependencies\": {\n+    \"luxon\": \"^3.4.4\",\n     \"react\": \"^18.3.1\",\n")).len(), 1);
        for kept in [
            diff("   \"dependencies\": {\n-    \"react\": \"^18.2.0\",\n+    \"react\": \"^18.3.1\",\n"),
            diff("-  \"version\": \"1.4.0\",\n+  \"version\": \"1.5.0\",\n"),
        ] {
            assert!(check(&deps, &kept).is_empty(), "{kept}");
        }
        let crates = negatives("Parse the header. Do not install any new crates.");
        let cargo =
            "Done.\n```diff\n+++ b/Cargo.toml\n [dependencies]\n+thiserror = \"1.0.61\"\n```";
        assert_eq!(check(&crates, cargo).len(), 1, "{crates:?}");
        // An install offered is none.
        assert!(check(
            &crates,
            "Parsed it by hand. If you prefer, you could `cargo add nom` later."
        )
        .is_empty());
        // A new file is one the result shows it created, not the word "file" near "added".
        let no_new =
            negatives("Add input checks. Don't create any new files; extend the existing ones.");
        for created in [
            "Created src/lib/checks.ts with the three validators.",
            "Done.\n\n```\n$ git status\nUntracked files:\n?? tests/fixtures/bom.csv\n```",
            "Done.\n\nNew files:\n- src/lib/checks.ts\n",
        ] {
            assert_eq!(check(&no_new, created).len(), 1, "{created}");
        }
        for kept in [
            "Added a section on retries to the file docs/http.md and a test to tests/test_http.py.",
            "Added the checks to src/lib/forms.ts; no new files.",
        ] {
            assert!(check(&no_new, kept).is_empty(), "{kept}");
        }
        // A change is the result's own when reported as such: not a tool's output, a file
        // described, or a heading.
        let fields = negatives("Clean up the schema. Do not modify the existing fields.");
        for kept in [
            "The linter reports that field 4 changed name, as expected.",
            "Fields needing changes:\n- the date field",
            "A field renamed upstream in v2 is read by its new name.",
        ] {
            assert!(check(&fields, kept).is_empty(), "{kept}");
        }
        for broken in [
            "I changed the existing fields to snake_case.",
            "Cleaned up the schema and renamed two fields.",
        ] {
            assert_eq!(check(&fields, broken).len(), 1, "{broken}");
        }
        // A signature ban is broken by a change said of the signature, not of the body.
        let sig = negatives("Speed it up. Never modify the signature of `parse_row`.");
        assert!(check(&sig, "Refactored parser/rows.py: `parse_row(line, strict)` keeps its signature; changed the loop to a generator.").is_empty());
        assert_eq!(
            check(
                &sig,
                "Changed the signature of parse_row to take a dialect."
            )
            .len(),
            1
        );
        // A state that held before is no act of the result's.
        let deps = negatives("Add retries. Do not add any new dependencies.");
        assert!(check(
            &deps,
            "Retries use the stdlib; urllib3 was already installed as a dependency of requests."
        )
        .is_empty());
        // A folder named like the banned thing is not it.
        let crates = negatives("Add an error enum. Do not add crates.");
        assert!(check(
            &crates,
            "Added the enum in crates/app/src/err.rs with a manual Display."
        )
        .is_empty());
        // A compound names its kind: other rules are not expiration rules.
        let expiry = negatives("Cut storage cost. Do not add expiration rules.");
        assert!(
            check(
                &expiry,
                "Added transition rules to infra/logs.tf (IA after 30 days)."
            )
            .is_empty(),
            "{expiry:?}"
        );
        assert_eq!(
            check(&expiry, "Added an expiration rule after 400 days.").len(),
            1
        );
        // A change word as the subject of an auxiliary is a noun.
        let tables = negatives("Design only. Do not modify partition tables.");
        assert!(check(
            &tables,
            "The partition table change would need a reflash of every unit."
        )
        .is_empty());
        assert!(check(
            &tables,
            "Nothing was modified; the partition table changes above are for the build task."
        )
        .is_empty());
        // A quoted command shown run, not one offered or denied.
        let apply =
            negatives("Run `tofu plan` only. Never run `tofu apply`; applies go through review.");
        assert_eq!(
            check(
                &apply,
                "Plan: 1 to change. To check timing I ran `tofu apply` in dev."
            )
            .len(),
            1,
            "{apply:?}"
        );
        for kept in [
            "Plan: 1 to change. I did not run `tofu apply`.",
            "Plan: 1 to change. After review, run `tofu apply` from the pipeline.",
        ] {
            assert!(check(&apply, kept).is_empty(), "{kept}");
        }
        let migrate =
            negatives("Add the field. Do not run migrations (`migrate`) on any database.");
        assert_eq!(check(&migrate, "Generated it with `makemigrations`, then I ran `python manage.py migrate shop` on the dev database.").len(), 1);
        assert!(check(
            &migrate,
            "Generated shop/migrations/0031_x.py with `makemigrations`; not applied."
        )
        .is_empty());
        let upgrade = negatives("Plan the upgrade only, and don't run `ng update`.");
        for kept in [
            "Plan:\n1. Bump Node.\n2. **15 -> 16** — `ng update @angular/core@16`.",
            "Upgrade plan (`ng update` not run):\n1. Bump Node.",
            "Plan saved; it is ready for the platform team to run with `ng update --all` in their window.",
        ] {
            assert!(check(&upgrade, kept).is_empty(), "{kept}");
        }
        // Found in review: each of these is an ordinary compliant report.
        let format = negatives("Add a flag. Keep the output format of `report.py` unchanged.");
        assert!(
            check(&format, "Files changed:\n- report.py: new --quiet flag\n").is_empty(),
            "{format:?}"
        );
        let tests =
            negatives("Fix the parser. Don't modify the tests, and run `npm test` when done.");
        assert!(
            tests.iter().all(|n| !n
                .forbidden
                .iter()
                .any(|f| matches!(f, Forbidden::Command(_)))),
            "{tests:?}"
        );
        let api = negatives("Tidy the module. Don't remove anything from the public API.");
        assert!(
            api.iter()
                .all(|n| !n.forbidden.contains(&Forbidden::Delete)),
            "{api:?}"
        );
        let keep_files = negatives("Clean up logging. Do not delete any files.");
        assert!(check(&keep_files, "Removed `console.log` calls from src/app.ts.").is_empty());
        let no_files = negatives("Validate input. Don't create new files.");
        assert!(check(&no_files, "Added `user.email` validation in src/forms.ts.").is_empty());
        let mig = negatives("Speed up the query. Don't touch anything in shop/migrations/.");
        assert!(check(
            &mig,
            "Additionally, I checked that shop/migrations/0041_x.py still applies."
        )
        .is_empty());
        let recommended = "Nothing changed.\n\n## Recommended changes\n\n- `shop/migrations/0041_x.py`: squash it\n";
        assert!(check(&mig, recommended).is_empty());
        assert_eq!(
            check(
                &mig,
                "Done.\n\nFiles changed:\n\n- shop/migrations/0041_x.py\n"
            )
            .len(),
            1
        );
        let dev_denied = negatives(
            "Benchmark it. Don't add packages. Test-only packages are not allowed either.",
        );
        assert_eq!(
            check(
                &dev_denied,
                "Added `pytest-benchmark==4.0.0` to requirements-dev.txt."
            )
            .len(),
            1
        );
        let gradle = negatives("Log the requests. Don't pull in any new libraries.");
        assert_eq!(
            check(&gradle, "Done.\n```diff\n+++ b/app/build.gradle\n     implementation 'androidx.core:core-ktx:1.12.0'\n+    implementation(\"com.squareup.okhttp3:logging-interceptor:4.12.0\")\n```").len(),
            1
        );
        let runtime = negatives("Add a bench. No new runtime dependencies.");
        assert!(check(
            &runtime,
            "Done.\n```diff\n+++ b/Cargo.toml\n [dev-dependencies]\n+criterion = \"0.5\"\n```"
        )
        .is_empty());
        // Skipped tests.
        let skip = negatives("Fix the flaky upload. Do not skip, xfail or delete tests.");
        assert_eq!(
            check(
                &skip,
                "Marked test_resume with `@pytest.mark.skip` until the fix lands."
            )
            .len(),
            1
        );
        assert!(check(
            &skip,
            "Removed the old `@pytest.mark.skip` from test_resume; it passes now."
        )
        .is_empty());
        assert!(check(
            &skip,
            "1 skipped: test_big, which was already marked `@pytest.mark.skip` by someone else."
        )
        .is_empty());
        assert!(check(&skip, "The CLI now calls `sys.exit(1)` on a bad path.").is_empty());
        // A marker named without its call is not read: it is as often another's.
        assert!(check(
            &skip,
            "- upload.e2e.ts has had a `describe.skip` since May."
        )
        .is_empty());
        for kept in [
            "The old `it.skip(` in legacy.spec.ts predates this work; I left it alone.",
            "If it keeps flaking, you could mark it with `@pytest.mark.skip` in a later task.",
        ] {
            assert!(check(&skip, kept).is_empty(), "{kept}");
        }
        // Not an offer, nor another's: the child's own marker.
        for broken in [
            "I couldn't fix it, so I marked it `@pytest.mark.skip`.",
            "Added `it.skip(` to the upload spec; other tests untouched.",
            "```py\n@pytest.mark.skip(reason=\"pre-existing failure\")\ndef test_upload():\n```",
        ] {
            assert_eq!(check(&skip, broken).len(), 1, "{broken}");
        }
        assert!(check(
            &skip,
            "Re-enabled it:\n```diff\n-    @pytest.mark.skip(reason=\"flaky\")\n     def test_resume():\n```"
        )
        .is_empty());
        // Deleted files.
        let keep = negatives("Audit the scripts folder. Do not delete or move any files.");
        assert_eq!(
            check(&keep, "Two were dead, so I removed them with `git rm`.").len(),
            1
        );
        assert_eq!(
            check(&keep, "Deleted scripts/old_sync.sh; it was unused.").len(),
            1
        );
        assert!(check(
            &keep,
            "scripts/old_sync.sh looks unused; delete it after ops confirms."
        )
        .is_empty());
        // A file's history is not the result's change.
        let engine = negatives("Fix the CLI. Do not modify the scheduler in core/sched/.");
        for told in [
            "Fixed cli/args.go. Note: core/sched/queue.go was changed last week by the infra team.",
            "Fixed cli/args.go. Git blame shows core/sched/queue.go changed in the March release.",
        ] {
            assert!(check(&engine, told).is_empty(), "{told}");
        }
        assert_eq!(
            check(
                &engine,
                "Fixed cli/args.go and I changed the scheduler's queue to a heap."
            )
            .len(),
            1
        );
        // An option weighed and dropped is not a push.
        let any = negatives("Do not force push; others share the branch.");
        assert!(check(
            &any,
            "Rebased onto a fresh branch. I considered a force push to the old one and chose not to."
        )
        .is_empty());
        assert_eq!(check(&any, "Rebased and force pushed the branch.").len(), 1);
        // What parentheses hold is no object; a qualified kind is not read.
        let sig = negatives("Do not modify checkout(amount, region) or its callers.");
        assert!(check(&sig, "I modified the helper rates(region) to take a date.").is_empty());
        assert_eq!(
            check(&sig, "I modified checkout to take a date.").len(),
            1,
            "{sig:?}"
        );
        let logs = negatives("Don't add any new log statements at INFO level or above.");
        assert!(
            logs.iter()
                .all(|n| !n.forbidden.iter().any(|f| matches!(f, Forbidden::New(_)))),
            "{logs:?}"
        );
        // Found by a fifth independent probe set.
        // A change laid out as an option is no report; one name quoted as code is that name.
        let iam = negatives("Don't modify the IAM policies yourself.");
        assert!(check(
            &iam,
            "Needed change (not applied): either add the prefix to the policy, or change the script."
        )
        .is_empty());
        let named = negatives("Do not change `max_retries_per_job`.");
        assert!(
            named
                .iter()
                .all(|n| matches!(n.forbidden.as_slice(), [Forbidden::ChangeNamed(_)])),
            "{named:?}"
        );
        assert!(check(
            &named,
            "Changed the handler's MAX_JOBS to 20; `max_retries_per_job` was not changed."
        )
        .is_empty());
        assert_eq!(
            check(&named, "Raised max_retries_per_job from 3 to 5.").len(),
            1
        );
        // A change named by its determiner is a thing, not an act reported.
        assert!(check(
            &iam,
            "The role's policy was regenerated by the Terraform change merged yesterday."
        )
        .is_empty());
        assert_eq!(
            check(&iam, "I changed the IAM policies to allow the upload.").len(),
            1
        );
        // Found by a sixth independent probe set.
        // "In any change you make" is a place; a bare folder bounds the ban; a sentence that
        // opens by denying its subject reports no change.
        let eval = negatives("Do not use eval() or exec() in any change you make.");
        assert!(
            eval.iter().all(|n| !n
                .forbidden
                .iter()
                .any(|f| matches!(f, Forbidden::Change(_)))),
            "{eval:?}"
        );
        let folder = negatives("Do not touch anything in db/migrations/ at all.");
        assert!(check(&folder, "Fixed the handler in app/hooks/ship.py.").is_empty());
        assert_eq!(
            check(
                &folder,
                "Edited db/migrations/0042_add_col.sql to add a default."
            )
            .len(),
            1
        );
        let read_only =
            negatives("This is an investigation; you must not edit files, branches or settings.");
        assert!(check(
            &read_only,
            "No files, branches or settings were changed. The cache hit rate fell."
        )
        .is_empty());
        assert_eq!(
            check(&read_only, "I changed two files to test the theory.").len(),
            1
        );
        // Found by a seventh independent probe set: what someone else changed, and an
        // alternative not taken.
        let files = negatives("This is an investigation; you must not edit any files.");
        assert!(check(
            &files,
            "Findings: last week's deploy changed the cache key in src/cache/lru.ts."
        )
        .is_empty());
        assert_eq!(
            check(&files, "Changed the cache key in src/cache/lru.ts.").len(),
            1
        );
        assert_eq!(
            check(&files, "I changed the cache key in src/cache/lru.ts.").len(),
            1
        );
        let csp = negatives("Do not weaken the policy: no new external origins.");
        assert!(check(
            &csp,
            "Rather than adding an external origin, I moved the script to a local file."
        )
        .is_empty());
        // A ban on changes beyond the task's own.
        let otherwise =
            negatives("Remove the emojis. Don't change the wording of the headings otherwise.");
        assert!(
            otherwise.iter().all(|n| n.forbidden.is_empty()),
            "{otherwise:?}"
        );
        assert_eq!(
            check(
                &negatives("Don't change the wording of the headings."),
                "Changed the wording of two headings in README.md."
            )
            .len(),
            1
        );
        let names = negatives(
            "Make the validator report the failing path. Don't change the error class names.",
        );
        assert!(!bans(&names, &Forbidden::Class), "{names:?}");
        assert!(bans(
            &negatives("Don't use classes, use functions."),
            &Forbidden::Class
        ));
        let manifest = negatives(
            "Fix the eslint errors in src/. Don't touch package.json or package-lock.json.",
        );
        assert!(!bans(&manifest, &Forbidden::Dependency), "{manifest:?}");
        assert!(!bans(
            &negatives("Do not remove any dependencies."),
            &Forbidden::Dependency
        ));
        let refrain =
            negatives("Rate-limit /login. Refrain from introducing third-party packages.");
        assert_eq!(
            check(
                &refrain,
                "Ran `npm install express-rate-limit` and wired it in."
            )
            .len(),
            1
        );
        let remote = negatives("Commit the fix locally. Do not push anything to the remote.");
        assert_eq!(
            check(&remote, "Committed the fix and pushed it to origin/main.").len(),
            1
        );
        assert!(check(&remote, "Committed the fix locally; nothing was pushed.").is_empty());
        let n = negatives("Review the PR for security issues. Do not approve or merge it.");
        assert!(check(
            &n,
            "Left two review comments; I did not approve or merge it."
        )
        .is_empty());
        assert_eq!(
            check(&n, "Reviewed PR #312, approved it and merged it into main.").len(),
            1
        );
        // A ban on one part of the code: a test file of the same name is not that part.
        let n = negatives(
            "Fix the flaky test in tests/queue.test.ts without changing the queue implementation.",
        );
        let kept = "Fixed tests/queue.test.ts: the test awaited a timer that was never advanced.";
        assert!(check(&n, kept).is_empty(), "{:?}", check(&n, kept));
    }

    #[test]
    fn existing_things_rehearsals_and_fences_break_no_ban() {
        // A package said to be there already, and an add verb with its own subject after it.
        let deps = negatives("Format the amounts. Do not add any new package to `pyproject.toml`.");
        let kept = "`pydantic` (already a dependency) validates the locale — I added `fr-CH` to the existing `Literal` there.";
        assert!(check(&deps, kept).is_empty(), "{:?}", check(&deps, kept));
        assert_eq!(check(&deps, "I added the babel package for this.").len(), 1);
        // Not a report of one: a possibility, another's, a manifest's script or address.
        let deps2 = negatives("Format the dates. Do not add new dependencies.");
        for kept in [
            "Used `Intl.DateTimeFormat`; pulling in dayjs would have added a dependency.",
            "Added a `format` script to package.json that runs the existing prettier.",
            "Fixed the `homepage` address in package.json.",
            "If you want runtime checks, add `zod` to package.json.",
            // The manifest's clause denies the addition.
            "Cargo.toml and the lock file are untouched, so no crates were added.",
            "Checked go.mod: nothing was added there.",
            "The npm install step in CI is as it was.",
        ] {
            assert!(
                check_negatives(&deps2, kept, &text::tokens(kept), &Code::of(kept)).is_empty(),
                "{kept}"
            );
        }
        assert_eq!(check(&deps2, "I added zod to package.json.").len(), 1);
        assert_eq!(
            check(&deps2, "Nothing else changed; I added zod to package.json.").len(),
            1
        );
        // A relative clause keeps its object (prose readings on).
        assert_eq!(check(&deps2, "The only package I added is `zod`.").len(), 1);
        // A named value: a past change verb, not "raises" or "double-checked".
        let named = negatives("Make `parse()` reject deep nesting. Do not change `MAX_DEPTH`.");
        for kept in [
            "`parse()` now raises `DepthError` when nesting exceeds `MAX_DEPTH`; added two tests.",
            "Double-checked `MAX_DEPTH` is unchanged.",
        ] {
            assert!(
                check(&named, kept).is_empty(),
                "{kept}: {:?}",
                check(&named, kept)
            );
        }
        assert_eq!(check(&named, "Raised `MAX_DEPTH` to 64.").len(), 1);
        // A rehearsal of a banned command.
        let publish = negatives("Prepare 0.9.1. Do not run `cargo publish` for real.");
        let kept = "```\n$ cargo publish --dry-run\nwarning: aborting upload due to dry run\n```";
        assert!(
            check(&publish, kept).is_empty(),
            "{:?}",
            check(&publish, kept)
        );
        assert_eq!(
            check(
                &publish,
                "```\n$ cargo publish\n   Uploading geoparse v0.9.1\n```"
            )
            .len(),
            1
        );
        // A rehearsal's flag is its own command's only.
        assert_eq!(
            check(&publish, "```\n$ cargo fmt --check && cargo publish\n```").len(),
            1
        );
        // "No code fences" bans the fence, not a JSON answer.
        let json = negatives("Fix it. Output format: JSON only (no prose, no code fences), with exactly these keys: `status`, `notes`.");
        let kept = "{\n  \"status\": \"done\",\n  \"notes\": \"go test ./... passes\"\n}";
        assert!(check(&json, kept).is_empty(), "{:?}", check(&json, kept));
        // A bound after "no" is a count, and a joined clause with its own subject is its own.
        let poem = negatives(
            "A poem for the team - no more than 6 lines, and it must mention the launch.",
        );
        let kept = "Six lines for the launch we made together.";
        assert!(check(&poem, kept).is_empty(), "{:?}", check(&poem, kept));
        let two =
            negatives("Fix the parser - don't touch the lexer, and you must keep the tests green.");
        assert_eq!(
            check(&two, "Edited `src/lexer.rs` to fix the parser.").len(),
            1
        );
        // A diagram is no code; "no other code blocks" leaves the asked-for one alone.
        let design = negatives("Design the flow. Include one Mermaid diagram; no other code blocks. Don't write implementation code.");
        let drawn = "The flow:\n\n```mermaid\nflowchart LR\n  A[Cart] -->|Placed| B[Pay]\n```\n\nPay reacts to Placed.";
        assert!(
            check(&design, drawn).is_empty(),
            "{:?}",
            check(&design, drawn)
        );
        let coded = "The flow:\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\n```ts\nbus.on('placed', pay);\n```";
        assert_eq!(
            check(&design, coded).len(),
            1,
            "{:?}",
            check(&design, coded)
        );
        // A push's target in the verb's own clause.
        let main = negatives("Fix it. Don't push to main; use a branch.");
        let kept = "Pushed branch `fix/88` and opened a PR against main; nothing was pushed to main directly.";
        assert!(check(&main, kept).is_empty(), "{:?}", check(&main, kept));
        assert_eq!(
            check(&main, "Fixed the rounding and pushed to main.").len(),
            1
        );
        assert_eq!(
            check(&main, "Pushed the fix and the tests to main.").len(),
            1
        );
        // A joined negated clause is another ban, read with this one.
        let both = negatives(
            "Fix it. Don't touch `config.yaml`, and you must not edit the migrations either.",
        );
        assert_eq!(
            check(&both, "Edited `db/migrations/0042_add_index.sql`.").len(),
            1,
            "{both:?}"
        );
        for kept in [
            "Pushed `fix/88` and opened a PR to main.",
            "Pushed to maintenance-1.x, as agreed.",
            "I pushed `fix/88` to the main repository and opened a PR.",
            "Pushed to main_backup for the drill.",
        ] {
            assert!(check(&main, kept).is_empty(), "{kept}");
        }
        // Code named in an aside is where a ban reaches, not what it bans.
        let caps = negatives(
            "Rename the flag. Reply in lowercase, no capital letters (not even in the code).",
        );
        let kept = "renamed it:\n\n```ts\nconst flag = \"on\";\n```";
        assert!(check(&caps, kept).is_empty(), "{:?}", check(&caps, kept));
        assert_eq!(
            check(&negatives("Explain it. No code in your answer."), kept).len(),
            1
        );
        // A skip marker that was there before the task.
        let skips =
            negatives("Add multipart uploads. Do not skip, delete or modify existing tests.");
        let kept = "41 passed, 1 skipped: `test_real_s3`, which has been marked `@pytest.mark.skip(reason=\"needs S3\")` since long before this task; I didn't touch it.";
        assert!(check(&skips, kept).is_empty(), "{:?}", check(&skips, kept));
        assert_eq!(
            check(
                &skips,
                "Marked the flaky one with `@pytest.mark.skip(reason=\"flaky\")`."
            )
            .len(),
            1
        );
    }

    #[test]
    fn a_mention_ban_forbids_what_it_names_not_its_explanation() {
        let quoted = negatives("Plan the bakery's launch. Please avoid mentioning \"sourdough\" - our customers have never asked for bread.");
        let ok =
            "Open on a Saturday, invite the neighbours and ask customers which pastries they miss.";
        assert!(check(&quoted, ok).is_empty(), "{:?}", check(&quoted, ok));
        assert_eq!(check(&quoted, "Lead with the sourdough.").len(), 1);
        // "The word X, Y or Z": the words named, not "word".
        let listed = negatives("Review the novel. Do not mention the word Gatsby, Daisy, or Nick.");
        let clean = "A novel whose words carry the glamour and the emptiness of the decade.";
        assert!(
            check(&listed, clean).is_empty(),
            "{:?}",
            check(&listed, clean)
        );
        assert_eq!(check(&listed, "Daisy is the novel's centre.").len(), 1);
        // The pieces of a code span of several words are no objects; nor are the words that
        // qualify a package word under a dependency ban.
        let spans = negatives("Get mypy passing. Don't add `# type: ignore`, `cast()` hacks, or per-module `ignore_errors` overrides.");
        let kept = "Introduced TypedDicts for the raw rows; no ignores were added.";
        assert!(check(&spans, kept).is_empty(), "{:?}", check(&spans, kept));
        assert_eq!(
            check(&spans, "Added `cast()` hacks in two places.").len(),
            1
        );
        let dev = negatives("Add unit tests. No new packages, including dev/test packages.");
        let kept = "Added tests/test_loader.py (12 tests) using pytest-mock, already installed.";
        assert!(check(&dev, kept).is_empty(), "{:?}", check(&dev, kept));
        assert_eq!(
            check(
                &dev,
                "Added pytest-cov as a new test package to requirements-dev.txt."
            )
            .len(),
            1
        );
        // An action's ban ends where another joins ("or open a PR"); a commit ban by its noun.
        let push =
            negatives("Upgrade it. Don't push the branch or open a PR; I'll do that after review.");
        assert_eq!(
            check(&push, "Pushed as branch chore/x and opened a draft PR.").len(),
            1
        );
        assert!(check(&push, "Nothing was pushed; the branch is local.").is_empty());
        // Two verbs sharing one object ban neither alone.
        let shared = negatives("Rotate the key. Never commit or log the API token.");
        assert!(check(&shared, "Committed the fix as 3f9c2e1.").is_empty());
        let commits =
            negatives("Fix it. Don't create any commits — the orchestrator commits at the end.");
        assert_eq!(
            check(&commits, "Fixed. I committed it as 3f9c2e1.").len(),
            1
        );
        assert!(check(&commits, "Fixed; I did not commit anything.").is_empty());
        // Where it may not be mentioned is no part of what.
        let placed = negatives("Don't mention the CVE identifier anywhere in your report or in code comments. Task: reject DTDs.");
        let clean = "The parser rejects DTDs. Code comments describe the behaviour generically.";
        assert!(
            check(&placed, clean).is_empty(),
            "{:?}",
            check(&placed, clean)
        );
        assert_eq!(
            check(&placed, "Fixed the CVE identified last week.").len(),
            1
        );
    }

    #[test]
    fn a_fix_reported_by_the_child_breaks_a_ban_on_changes_a_fix_described_does_not() {
        let n =
            negatives("Explain why the sync job double-sends webhooks. Do not change any code.");
        for report in [
            "Fixed it: `sync/job.ts` now clears the retry timer on success.",
            "I patched `sync/job.ts` so the timer is cleared.",
        ] {
            assert_eq!(check(&n, report).len(), 1, "{report}");
        }
        let plan = negatives("Compare the two queues and recommend one; no implementation.");
        let built = "Implemented it on the first queue: added `notify/publisher.go`.";
        assert_eq!(check(&plan, built).len(), 1);
        let compared =
            "The first queue keeps order per key; the second is managed. Pick the second.";
        assert!(check(&plan, compared).is_empty());
        let later = negatives("Write the plan. Do not implement it yet.");
        assert!(check(&later, "Wrote the plan to `docs/plan.md`.").is_empty());
        assert_eq!(check(&later, "Implemented step 1 in `src/a.rs`.").len(), 1);
        let details = negatives("Summarize the release; no implementation details.");
        assert!(check(&details, "Added `export` to `cli/main.go`.").is_empty());
        let joined = negatives("Reproduce the crash. Do not modify any files.");
        assert_eq!(
            check(
                &joined,
                "Reproduced it at `imp/csv.py:41` and fixed it by passing an encoding."
            )
            .len(),
            1
        );
        // Review cases: a plan written down, a part or a fact named, a suggestion, history.
        assert!(check(&later, "I wrote the plan to `docs/plan.md`.").is_empty());
        let part = negatives("Do not implement the UI part. Add `GET /orders`.");
        assert!(check(&part, "Implemented `GET /orders` in `api/orders.ts`.").is_empty());
        let fact = negatives("The trait is declared, but no implementation exists yet. Add one.");
        assert!(check(&fact, "Added `impl Exporter` in `src/export.rs`.").is_empty());
        for ban in [
            "Don't implement anything yet, just write a plan.",
            "Do not implement it until the design is approved.",
        ] {
            let n = negatives(ban);
            assert_eq!(check(&n, "Implemented it in `src/a.rs`.").len(), 1, "{ban}");
        }
        let code = negatives("Look into the queue bug. Do not change any code.");
        for report in [
            "Fixed in `src/queue.rs` by clamping the index.",
            "Reproduced it\u{2014}and fixed `src/queue.rs`.",
        ] {
            assert_eq!(check(&code, report).len(), 1, "{report}");
        }
        let keep = negatives("Find out why the export runs twice. Don't change anything.");
        for kept in [
            "I suggest we change it to fire once.",
            "If we update the schedule, the duplicate goes away.",
            "Fixed upstream in `vendor/queue.js` 2.4; we pin 2.3.",
            "Fixed in 2.4 of `vendor/queue.js`; we pin 2.3.",
        ] {
            assert!(check(&keep, kept).is_empty(), "{kept}");
        }
        assert_eq!(check(&keep, "I\u{2019}ve updated the cron line.").len(), 1);
        let anything = negatives("Find out why the export runs twice. Don't change anything.");
        assert_eq!(
            check(
                &anything,
                "The cron line fires twice. I changed it to fire once."
            )
            .len(),
            1
        );
        for kept in [
            "I changed nothing; the cron line fires twice.",
            "We'd change the cron line.",
        ] {
            assert!(check(&anything, kept).is_empty(), "{kept}");
        }
        for diagnosis in [
            "The commit that fixed the race in `sync/job.ts` armed the timer before the call.",
            "It was patched upstream in `vendor/queue.js`, but our copy is older.",
            "Nothing was fixed: `sync/job.ts` is as it was.",
        ] {
            assert!(
                check(&n, diagnosis).is_empty(),
                "{diagnosis}: {:?}",
                check(&n, diagnosis)
            );
        }
    }

    #[test]
    fn a_ban_on_edits_is_read_beside_no_code_and_a_described_change_breaks_none() {
        // "No code" and the sentence's other clause, each its own ban.
        let both = negatives("Summarize what changed in v1.9. No code and no file edits.");
        assert_eq!(check(&both, "```js\nx()\n```").len(), 1);
        assert_eq!(
            check(
                &both,
                "I removed the `auth.type` key from `config/app.yaml`."
            )
            .len(),
            1
        );
        assert!(check(&both, "v1.9 adds SAML sign-in and drops Node 16.").is_empty());
        // "No code changes" forbids a change, not code in the answer.
        let changes = negatives("Explain the crash in `io/read.rs`; no code changes.");
        assert!(check(
            &changes,
            "The loop reads past the end:\n```rust\nbuf[n]\n```"
        )
        .is_empty());
        assert_eq!(
            check(&changes, "Fixed `io/read.rs` by clamping `n`.").len(),
            1
        );
        // "No changes" and "not asking for changes": a change of any kind.
        for ban in [
            "What does `--frozen-lockfile` do? I'm not asking for changes.",
            "Explain the retry logic. No changes, please.",
        ] {
            let n = negatives(ban);
            assert_eq!(
                check(
                    &n,
                    "I removed `--frozen-lockfile` from `.github/workflows/ci.yml`."
                )
                .len(),
                1,
                "{ban}"
            );
            // Describing what a tool changes, or a new file, is no change of the child's.
            for kept in [
                "It makes `yarn install` fail instead of updating `yarn.lock`.",
                "Added `notes/retry.md` with the timeline.",
                "Moved on to `ci/install.sh` once the workflow file was ruled out.",
                // Adjectives, passives, others' changes told verb first.
                "It fails whenever `yarn.lock` would be updated.",
                "Deleted users still appear in `users.csv` because the export reads the raw table.",
                "Removed entries are pushed onto `evicted` in `cache.py`.",
                "- Removed the deprecated `--legacy` flag from `cli/main.py`.",
            ] {
                assert!(check(&n, kept).is_empty(), "{ban} / {kept}");
            }
        }
        // "Not asking for" something else is no ban.
        let list = negatives("Summarize the v3 release. I'm not asking for a full changelog.");
        assert!(check(&list, "Breaking changes: `timeout` now takes milliseconds.").is_empty());
        // A ban on code changes leaves documents alone; one on any file does not.
        let code = negatives("Update the install section of `README.md`. No code changes.");
        assert!(check(&code, "Updated `README.md` with the Windows steps.").is_empty());
        assert_eq!(check(&code, "Updated `src/install.py` too.").len(), 1);
        let other = negatives("Write the tests in `tests/` and don't change anything else.");
        assert!(check(&other, "I updated `tests/conftest.py` with a fixture.").is_empty());
        assert_eq!(
            check(&other, "I updated `src/api.py` to expose it.").len(),
            1
        );
        // "Other" files are those the message does not name, in the ban or elsewhere.
        let named = negatives("Tidy up `config/loader.py`. Do not modify any other files.");
        assert!(check(
            &named,
            "I refactored `config/loader.py` into two functions."
        )
        .is_empty());
        // The word "file" near a change verb names no file.
        let file_word = "I refactored `config/loader.py`: the file is half as long.";
        assert!(check(&named, file_word).is_empty());
        assert_eq!(
            check(
                &named,
                "I refactored `config/loader.py` and updated `app/main.py`."
            )
            .len(),
            1
        );
        let beside = negatives("Fix the parser. Don't change anything else but `lexer/`.");
        assert!(check(&beside, "I changed `lexer/tokens.py` to add the case.").is_empty());
        let deep = negatives("Explain the retry logic. Don't change anything in `src/`.");
        assert_eq!(
            check(&deep, "Modified `crates/core/src/retry.rs` to log.").len(),
            1
        );
        let place = negatives("Move the cache to `var/`. Don't change anything in `lib/`.");
        assert!(check(
            &place,
            "Renamed `tmp/` to `var/` in `bin/run.sh`; `lib/` is untouched."
        )
        .is_empty());
        assert_eq!(
            check(&place, "I renamed the cache dir in `lib/paths.rb`.").len(),
            1
        );
        // A ban on an action is broken by a report of it, not by its denial or another object.
        let push = negatives("Review the branch and list problems. Do not push commits to it.");
        assert_eq!(
            check(&push, "Reviewed it and pushed two commits with the fixes.").len(),
            1
        );
        for kept in [
            "Problems: the limiter keys on the proxy address. Nothing was pushed.",
            "I did not push anything; the fixes are described above.",
            "The author pushed a fix after my first comment.",
        ] {
            assert!(check(&push, kept).is_empty(), "{kept}");
        }
        // A named target: only an action on it breaks the ban; an idiom is no action; joined
        // actions are each banned.
        let main = negatives("Fix the typo. Do not push to main; open a PR instead.");
        assert!(check(&main, "Pushed `fix/typo` and opened PR #88 against main.").is_empty());
        assert_eq!(check(&main, "Pushed the fix to main.").len(), 1);
        let comment = negatives("Review the retry PR and leave comments. Do not push anything.");
        assert!(check(
            &comment,
            "Pushed back on the retry change: it hides failures."
        )
        .is_empty());
        let joined = negatives("Don't commit or push anything.");
        assert_eq!(
            check(&joined, "Pushed two commits to `feature/x`.").len(),
            1
        );
        // A list of actions past a comma; a part that is no action ends it.
        let listed = negatives("Tidy the logger. Do not commit, push, or open a PR.");
        assert_eq!(
            check(&listed, "I tidied it, so I pushed `tidy-log` to origin.").len(),
            1,
            "{listed:?}"
        );
        for kept in [
            "Tidied it. Nothing is pushed; the diff is above.",
            "The owner asked first, so I pushed nothing.",
            "It would rerun CI if I pushed it.",
        ] {
            assert!(check(&listed, kept).is_empty(), "{kept}");
        }
        let contrast = negatives("Fix it. Don't merge, push to your branch.");
        assert!(
            check(&contrast, "Pushed to `fix/retry`.").is_empty(),
            "{contrast:?}"
        );
        let objects = negatives("Do not commit, push secrets, or tag.");
        assert!(
            check(&objects, "Pushed the branch.").is_empty(),
            "{objects:?}"
        );
        let secrets = negatives("Add the deploy key. Do not commit secrets.");
        assert!(check(&secrets, "Committed the workflow change.").is_empty());
        let tests = negatives("Cover the refund flow with specs. Leave the app code as is; do not change application code.");
        assert!(check(
            &tests,
            "Created `spec/refund_flow_spec.rb` with three examples."
        )
        .is_empty());
    }

    #[test]
    fn a_change_word_after_a_content_verb_is_what_the_answer_holds() {
        let n = negatives("Write the changelog for 3.1. Do not include internal refactors.");
        let kept = "- Faster exports (#41)\n- Fixed the login redirect (#44)\nInternal refactors are left out.";
        assert!(check(&n, kept).is_empty(), "{:?}", check(&n, kept));
        // The verb decides: a change verb right after the negation still forbids the change.
        let change =
            negatives("Add the retry flag. Do not refactor the parser; include a changelog entry.");
        assert_eq!(
            check(&change, "I refactored the parser into two modules.").len(),
            1
        );
    }

    #[test]
    fn an_exception_is_allowed_and_what_precedes_it_forbidden() {
        let n = negatives("Add a currency to invoices. Don't change the `Order` fields other than adding `currency`.");
        assert!(check(&n, "Added `currency` to `Order` with a default of EUR.").is_empty());
        assert_eq!(
            check(&n, "Renamed the `Order` fields to camelCase.").len(),
            1
        );
        // "Anything outside X" is a limit on where changes go (file_scope.rs), not a ban here.
        let limit = negatives("Do not modify anything outside `src/parser.rs`.");
        assert!(check(&limit, "Rewrote `src/parser.rs` to recover from errors.").is_empty());
    }

    #[test]
    fn a_ban_with_an_exception_is_not_guessed_and_a_negator_reaches_its_cue() {
        let deps = negatives("Validate the form. Do not add any new dependencies beyond `zod`.");
        assert!(check(
            &deps,
            "Installed zod (`npm install zod`) and wrote the schema."
        )
        .is_empty());
        let code = negatives(
            "Plan the schema change. Do not write code outside the `migrations/` folder.",
        );
        assert!(check(&code, "```sql\nALTER TABLE t ADD c int;\n```").is_empty());
        for line in [
            "Write a toast. Make sure not to include the word 'cheers' anywhere.",
            "Write a toast. Don't ever include the word 'cheers'.",
        ] {
            let f = formats(line);
            assert_eq!(f[0].1, Format::LacksWord("cheers".into()), "{line}");
        }
    }

    #[test]
    fn code_named_as_a_place_is_not_forbidden() {
        let n = negatives(
            "Return the config as JSON. Don't write anything before or after the JSON code.",
        );
        assert!(check(&n, "```json\n{\"port\": 8080}\n```").is_empty());
        let banned = negatives("Explain the retry policy. Do not write code.");
        assert_eq!(check(&banned, "```js\nretry(3)\n```").len(), 1);
    }

    #[test]
    fn a_word_ban_reads_the_word_after_its_cue() {
        let f = formats(
            "Write a review of 'The Tempest'. Please don't include the word 'island' anywhere.",
        );
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].1, Format::LacksWord("island".into()));
        assert!(check_formats(&f, "A storm, a magician and a daughter.").is_empty());
        assert_eq!(check_formats(&f, "An island ruled by a magician.").len(), 1);
        let required = formats("Describe a port town. Include the word 'harbour' twice.");
        assert_eq!(required[0].1, Format::ContainsWord("harbour".into()));
    }

    #[test]
    fn a_construct_ruled_out_by_name_is_found_where_the_result_uses_it() {
        let rules = "Harden the config loader. Rules:\n- no `unwrap`,\n- keep the API.";
        let n = negatives(rules);
        assert!(bans(&n, &Forbidden::Construct("unwrap".into())));
        let used_in_code = "Done.\n```rust\nlet port = cfg.get(\"port\").unwrap();\n```";
        let v = check(&n, used_in_code);
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(v[0].reason.has("`unwrap`"));
        let used_in_prose = "Reads the port with a quick `unwrap` call; tests pass.";
        assert_eq!(check(&n, used_in_prose).len(), 1);
        for clean in [
            "Done; no `unwrap` anywhere.",
            "The loader avoids `unwrap` by matching on the option.",
            "```rust\n// unwrap would panic here\nlet port = cfg.get(\"port\")?;\n```",
            "```rust\nlet port = cfg.get(\"port\").unwrap_or(8080);\n```",
            "```diff\n-    let port = cfg.get(\"port\").unwrap();\n+    let port = cfg.get(\"port\")?;\n```",
        ] {
            assert!(check(&n, clean).is_empty(), "{clean}");
        }
        // A list of bans, one naming brackets with a hole: both halves on one code line.
        let sh = negatives("It must be POSIX sh:\n- no arrays, no `[[ ]]`, no other bashisms;");
        let bashism = "```sh\nif [[ ! -d \"$SRC\" ]]; then exit 1; fi\n```";
        assert_eq!(check(&sh, bashism).len(), 1, "{sh:?}");
        let posix = "```sh\nif [ ! -d \"$SRC\" ]; then exit 1; fi\n```";
        assert!(check(&sh, posix).is_empty());
        // A list of bans: each may name its construct.
        let list = negatives("Harden the loader:\n- no panics, no `unwrap`, no `expect`;");
        assert_eq!(
            check(&list, "```rust\nlet p = cfg.port.expect(\"port\");\n```").len(),
            1,
            "{list:?}"
        );
        let must_not = negatives("Parse the date by hand; you must not use `eval`.");
        assert_eq!(
            check(&must_not, "```js\nconst d = eval(text);\n```").len(),
            1
        );
        let ts = negatives("Type the handler. Do not use `any`.");
        assert_eq!(check(&ts, "```ts\nfunction h(e: any) {}\n```").len(), 1);
        assert!(check(
            &ts,
            "```ts\nfunction h(e: unknown) { return [1].some(Boolean); }\n```"
        )
        .is_empty());
    }

    #[test]
    fn backticks_that_are_not_a_ruled_out_construct_forbid_nothing_by_name() {
        for instructions in [
            "Do not edit `migrations/0042_due_date.py`.",
            "Skip the rows whose header names the wrong `region`.",
            "Keep `Rc` handles short-lived; add no globals.",
            "No changes to `parse`; add a `--json` flag.",
            "Without `--dry-run`, the tool applies each rename at once.",
            "Drop rows that come without a `tenant_id` value.",
            "Put the check in a `where` clause (not a `having`, which runs later).",
        ] {
            let n = negatives(instructions);
            assert!(
                !n.iter()
                    .flat_map(|c| &c.forbidden)
                    .any(|f| matches!(f, Forbidden::Construct(_))),
                "{instructions}: {n:?}"
            );
        }
    }

    #[test]
    fn negative_clauses_find_code_classes_and_changes() {
        let n = negatives("Review parse_config(). No code please; explain the fixes in words.");
        assert!(!check(&n, "def parse_config(path):\n    return toml.load(path)\n").is_empty());
        let prose = "The bare except swallows errors; catch only transport errors.";
        assert!(check(&n, prose).is_empty());
        let n =
            negatives("Add unit tests for parse_duration(). Do not change parse_duration itself.");
        let v = check(
            &n,
            "parse_duration() crashed, so I rewrote parse_duration with a regex.",
        );
        assert_eq!(v.len(), 1, "{v:?}");
        let n = negatives("Propose where retries live. No new services or infrastructure.");
        // A new thing the result reports adding breaks it; one it proposes in the imperative
        // ("Add a relay service") may be the plan asked for or a suggestion: not read.
        assert!(!check(
            &n,
            "I added a notification relay service on top of RabbitMQ."
        )
        .is_empty());
        assert!(check(&n, "Add a Notification Relay Service on top of RabbitMQ.").is_empty());
        assert!(check(&n, "Put it in the existing job worker.").is_empty());
    }

    #[test]
    fn what_is_forbidden_is_named_by_whole_words() {
        let code = "```ts\nexport class Classifier { decode(b) { return b; } }\n```";
        for instructions in [
            "Update the thresholds. Don't change the classifier's interface.",
            "Summarize the decoder module; do not include the encoder.",
            "Fix the retry logic. Do not touch the HTTP client configuration.",
        ] {
            let n = negatives(instructions);
            assert!(check(&n, code).is_empty(), "{instructions}: {n:?}");
        }
        // The words themselves still forbid.
        let n = negatives("Refactor the parser. Don't introduce classes.");
        assert!(!check(&n, code).is_empty());
        let n = negatives("Refactor the parser. Don\u{2019}t introduce classes.");
        assert!(!check(&n, code).is_empty());
        // The curly contraction itself is no object: a result may say it.
        let n = negatives("Summarize the cache layer. Don\u{2019}t mention the database.");
        assert!(!n.is_empty());
        assert!(check(
            &n,
            "Entries expire after five minutes; I don\u{2019}t see a risk."
        )
        .is_empty());
        assert!(!check(&n, "The database holds the entries.").is_empty());
        let n = negatives("Explain the design. Do not include any code.");
        assert!(!check(&n, code).is_empty());
        // A ban on changing the command line keeps the one there is; a ban on adding one holds.
        let help = "Streams now.\n\n```\n$ tool dump --help\nUsage: tool dump [OPTIONS]\n```\nThe cli is as it was.";
        let n = negatives("Make the dump stream. Do not change the CLI or its exit codes.");
        assert!(check(&n, help).is_empty(), "{n:?}");
        let n = negatives("Make the dump stream. Do not add a CLI.");
        assert!(
            !check(&n, "Added a small cli with argparse.").is_empty(),
            "{n:?}"
        );
    }

    #[test]
    fn a_result_that_says_it_kept_a_constraint_does_not_break_it() {
        let n = negatives("Fix the flaky login test. Do not change the database schema.");
        for kept in [
            "Fixed the race in the login test; I did not change the database schema.",
            "Fixed the test. The database schema was not changed.",
            "Fixed the test without changing the database schema.",
            "Fixed the test and changed nothing in the database schema.",
            "Fixed the test; no schema change was needed for the database.",
        ] {
            assert!(check(&n, kept).is_empty(), "{kept}");
        }
        // The clause is what counts: a later change is still one.
        let v = check(
            &n,
            "Not a test problem: I changed the database schema to add an index.",
        );
        assert_eq!(v.len(), 1, "{v:?}");
        let n = negatives("Add a health endpoint. No new dependencies.");
        assert!(check(&n, "Added /health; no new dependencies were added.").is_empty());
        assert_eq!(
            check(
                &n,
                "Added /health and added a new dependency on axum-extra."
            )
            .len(),
            1
        );
    }

    #[test]
    fn only_verbs_the_prose_states_report_a_change() {
        // A verb inside a name, a code line or inline code reports nothing.
        let n = negatives("Cover the refund endpoint with tests. Don't change the service code.");
        for named in [
            "Wrote `api/test/refunds.update.spec.ts`: 3 tests, all pass.",
            "Wrote the tests; they check modifiedAt and edit_count of the service code's rows.",
            "Wrote two tests. The fixture runs:\n```sql\nUPDATE service_code SET state = 'done';\n```",
            "Wrote two tests; the fixture runs `UPDATE refunds SET state = 'done'` on the service db.",
        ] {
            assert!(check(&n, named).is_empty(), "{named}: {:?}", check(&n, named));
        }
        // The same verbs in prose still do, with a prefix or beside another verb too; and a
        // line that only looks like code ("(MAX = 5)") is prose.
        for stated in [
            "Wrote the tests and updated the service code to return 202.",
            "Wrote the tests, then modified `src/refunds/service.ts` so they pass.",
            "Wrote the tests and re-edited the service code.",
            "Wrote the tests; added/updated the service code where needed.",
            "Changed the service code limit (MAX = 5) and wrote the tests.",
        ] {
            assert_eq!(check(&n, stated).len(), 1, "{stated}");
        }
        let n = negatives("Add a notes view. Do not alter the refunds table.");
        let program = "Added the view:\n```sql\nCREATE VIEW notes AS SELECT id FROM refunds;\nALTER TABLE refunds_archive ADD COLUMN seen bool;\n```";
        assert!(check(&n, program).is_empty(), "{:?}", check(&n, program));
        assert_eq!(
            check(
                &n,
                "Added the view and altered the refunds table to hold a flag."
            )
            .len(),
            1
        );
        let n = negatives("Move the report helpers into a module. No new dependencies.");
        let import = "Moved them:\n```python\nfrom deps.packages import add_package\n```";
        assert!(check(&n, import).is_empty(), "{:?}", check(&n, import));
        assert_eq!(
            check(&n, "Moved them and added the tabulate package.").len(),
            1
        );
    }

    #[test]
    fn format_counts_name_their_unit_right_after_the_number() {
        assert!(formats("Return exactly 5 findings, each finding under 25 words.").is_empty());
        // A count of what the task builds, or of a named field, is no limit on the answer.
        for line in [
            "- Add unit tests covering: an empty string, exactly 50 words, 51 words.",
            "Give back an object: `headline` (text, exactly 2 sentences) and `tags`.",
        ] {
            assert!(formats(line).is_empty(), "{line}: {:?}", formats(line));
        }
        assert_eq!(
            formats("Answer in exactly 3 sentences.")
                .first()
                .map(|(_, f)| f.clone()),
            Some(Format::Sentences(3))
        );
    }

    #[test]
    fn format_constraints() {
        let f = formats("Write an answer with the 2nd, 4th words to be 'big', 'dog' respectively.");
        assert!(check_formats(&f, "A big brown dog runs").is_empty());
        assert_eq!(check_formats(&f, "A small brown cat runs").len(), 2);
        // A position holds under either reading of a word: whitespace-and-apostrophe words or
        // runs of `\w` ("It's big, the dog": word 2 is "s" and word 4 "the" as runs, "big"
        // and "the" as words).
        let f = formats("Answer with the 3rd, 5th words to be 'big', 'dog' respectively.");
        assert!(check_formats(&f, "It's big, the dog barks").is_empty());
        assert_eq!(check_formats(&f, "It is small, the cat").len(), 2);
        let f = formats("reply with exactly 3 words.");
        assert!(check_formats(&f, "one two three").is_empty());
        let f = formats("write it without the character 'e'.");
        assert_eq!(check_formats(&f, "hello").len(), 1);
    }
}
