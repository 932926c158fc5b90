//! The form a message asks of a commit subject: Conventional Commits (`type(scope): subject`,
//! with a scope, a given scope or allowed types, a lowercase type or subject, no trailing
//! period) or a ticket key first (`PORT-1234: …`, `[HIVE-123] …`). Checked on the commit
//! subjects the reply shows; silent where it shows none.

use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::gather::Gather;
use crate::gather::GatherText;
/// Where the ticket key stands at the start of the subject.
#[derive(Debug, Clone, PartialEq)]
pub enum Ticket {
    /// "`PORT-1234: ...`": the key, a colon, a space.
    Colon,
    /// "`[HIVE-123] ...`": the key in square brackets.
    Bracket,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct CommitForm {
    /// `type(scope): subject` (or `type: subject` where no scope is asked).
    pub conventional: bool,
    /// A scope is required ("with a scope", "the scope is always required").
    pub scope_required: bool,
    /// The one scope allowed ("with the scope `hydro`").
    pub scope: Option<String>,
    /// The types allowed ("type one of feat, fix, chore"); empty: any.
    pub types: Vec<String>,
    /// The type in lowercase ("lowercase type").
    pub type_lower: bool,
    /// The subject (after the colon) starting lowercase ("subject in lowercase").
    pub subject_lower: bool,
    /// Every letter of the subject line lowercase ("The commit subject line must be entirely
    /// lowercase").
    pub all_lower: bool,
    /// No full stop at the end of the subject.
    pub no_period: bool,
    pub ticket: Option<Ticket>,
    /// The commit message is what the reply delivers ("Write the commit message for …"): a
    /// reply that opens with it shows it unlabelled.
    pub whole: bool,
}

/// Whether only the body is asked in lowercase: a clause names the body with it, none the
/// subject.
fn body_only_lowercase(l: &str) -> bool {
    let lowercase = |c: &&str| super::has_any_in(c, "lowercase|lower case");
    let subject = |c: &&str| super::has_any_in(c, "subject|summary|first line");
    let mut clauses = l.split([';', ',']).filter(lowercase);
    clauses.clone().any(|c| c.has("body") && !subject(&c)) && !clauses.any(|c| subject(&c))
}

/// Conventional Commits' usual types: a list of them in a message is the allowed set.
const TYPES: &str = "feat|fix|chore|docs|test|tests|refactor|perf|build|ci|style|revert";

/// The commit form a message asks, read from its sentences about a commit (none when the
/// commit is of a tool the task builds: a hook, a linter, a CI check).
pub fn asked(message: &str) -> Option<CommitForm> {
    let lower = message.to_ascii_lowercase();
    if !lower.has("commit") {
        return None;
    }
    let mut form = CommitForm::default();
    let mut any = false;
    for sentence in super::sentences(message) {
        let l = sentence.to_ascii_lowercase();
        let about = l.has("commit")
            || l.has("type(scope)")
            || l.has("<type>")
            || l.has("subject")
            || l.has("summary");
        if !about {
            continue;
        }
        let ws = super::ws_of(&l);
        let has = |list: &'static str| crate::drift::text::any_word_in(&ws, list);
        // A tool that checks commits, a soft wish, or another's commits.
        if has("hook|hooks|commitlint|linter|lint|validator|regex|enforce|enforces|ideally|prefer|optional|if|unless|existing|old|previous|history|rewrite|squash")
            && !l.has("scope is optional")
        {
            continue;
        }
        let fixed = fixed_scope(sentence);
        // ("Do not use Conventional Commit prefixes such as `feat:`": another form is asked.)
        let conventional = fixed.is_some()
            || (super::has_any_in(
                &l,
                "conventional commit|conventional-commit|type(scope)|<type>(<scope>)|type(scope):",
            ) && !super::has_any_in(
                &l,
                "not use conventional|don't use conventional|never use conventional|no conventional|not conventional|avoid conventional|without conventional|instead of conventional|not follow conventional|don't follow conventional",
            ));
        if conventional {
            form.conventional = true;
            any = true;
        }
        if form.conventional || conventional {
            if super::has_any_in(&l, "with a scope|required scope|scope is required|scope is always required|scope is mandatory|must have a scope|scope must be|always include a scope|with a required scope") {
                form.scope_required = true;
                any = true;
            }
            if let Some(scope) = scope_named(sentence).or(fixed) {
                form.scope = Some(scope);
                any = true;
            }
            let types = types_listed(&ws);
            if types.len() >= 2 {
                form.types = types;
                any = true;
            }
            if super::has_any_in(&l, "lowercase type|type in lowercase|type is lowercase|type must be lowercase|type lowercase|type should be lowercase|with the type in lowercase") {
                form.type_lower = true;
                any = true;
            }
        }
        // The subject of another text: "The email subject must not end with a period".
        let other_text = super::has_any_in(
            &l,
            "email|e-mail|ticket title|ticket subject|pr title|pull request|issue title|page title|notice|newsletter",
        ) && !l.has("commit");
        let subject_noun = !other_text && super::has_any_in(&l, "subject|summary|description");
        if subject_noun
            && (form.conventional || conventional || l.has("commit"))
            && super::has_any_in(&l, "lowercase subject|subject in lowercase|subject is lowercase|subject entirely lowercase|subject all lowercase|subject must be lowercase|summary in lowercase|summary is all lowercase|summary all lowercase|summary is lowercase|summary must be lowercase|description in lowercase|description is lowercase|subject is all lowercase|subject entirely in lowercase|subject, all lowercase|lowercase summary|lowercase description|subject in lower case")
        {
            form.subject_lower = true;
            any = true;
        }
        if (subject_noun || l.has("commit message"))
            && l.has("commit")
            // Said of the commit's text ("must be entirely lowercase"), not of a thing the change
            // makes lowercase ("makes stored usernames all lowercase").
            && super::has_any_in(&l, "be entirely lowercase|be all lowercase|be all lower case|be entirely in lowercase|be entirely lower case|be fully lowercase|be all in lowercase|be completely lowercase|be in all lowercase|are entirely lowercase|are all lowercase|is entirely lowercase|is all lowercase|in all lowercase|entirely in lowercase|, all lowercase|all lowercase,|all in lowercase|subject all lowercase|subjects all lowercase|line all lowercase|message all lowercase|messages all lowercase|msg all lowercase|summary all lowercase|summary all lower case")
            && !super::has_any_in(&l, "not |n't|never|except|exception|apart from|other than")
            // "The subject can be sentence case, but write the body entirely in lowercase".
            // (Unless another clause asks it of the subject: "The subject must be all
            // lowercase, and write the body in lowercase too".)
            && !body_only_lowercase(&l)
        {
            form.all_lower = true;
            any = true;
        }
        if super::has_any_in(&l, "no trailing period|no period at the end|no full stop|without a trailing period|not end with a period|no trailing full stop|must not end with a period|without a period")
            && (l.has("commit") || subject_noun)
            && !other_text
        {
            form.no_period = true;
            any = true;
        }
        // (Not a PR title's or an email's key: "The PR title must start with `OPS-12: …`".)
        if let Some(t) = ticket_form(sentence).filter(|_| !other_text && !has("pr")) {
            form.ticket = Some(t);
            any = true;
        }
    }
    form.whole = super::has_any_in(
        &lower,
        "write the commit message|write a commit message|give me the commit message|give me a commit message|give me only the commit message|propose a commit message|draft the commit message|draft a commit message|suggest a commit message|reply with the commit message|commit message only|just the commit message|only the commit message|write the commit for",
    );
    // "where the scope is optional": no scope asked.
    if lower.has_any("scope is optional|optional scope") {
        form.scope_required = false;
    }
    any.then_some(form)
}

/// The allowed types a sentence lists after "type": "type one of feat, fix, chore", "a
/// lowercase type from {fix, feat, chore}".
fn types_listed(ws: &[&str]) -> Vec<String> {
    ws.iter()
        .enumerate()
        .filter(|(_, w)| crate::drift::text::in_list("type|types", **w))
        .map(|(k, _)| {
            ws.iter()
                .skip(k + 1)
                .take(14)
                .filter(|w| crate::drift::text::in_list(TYPES, w))
                .map(|w| (*w).to_string())
                .gather()
        })
        .max_by_key(Vec::len)
        .unwrap_or_default()
}

/// The one scope a sentence names: "with the scope `hydro`", "scope `payouts`", or a fixed
/// `feat(ward-board): <subject>` form.
fn scope_named(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    for cue in "the scope `|scope `|the scope '|scope '|the scope \"".split('|') {
        if let Some(i) = lower.find(cue) {
            let rest = lower.get(i + cue.len()..)?;
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/'))
                .gather_text();
            if !name.is_empty() && name != "scope" {
                return Some(name);
            }
        }
    }
    None
}

/// A fixed type and scope before a placeholder: "Format: `feat(ward-board): <subject>`" (not an
/// example: "e.g. `fix(scope): ...`").
fn fixed_scope(sentence: &str) -> Option<String> {
    let parts: Vec<&str> = sentence.split('`').gather();
    parts.chunks_exact(2).find_map(|pair| {
        let [before, s] = pair else {
            return None;
        };
        let before = before.to_ascii_lowercase();
        let before = before.trim_end();
        if crate::drift::text::ends_with_any(before, "e.g.|for example|like|such as|e.g.,|example:")
        {
            return None;
        }
        let (head, rest) = s.split_once("): ")?;
        let (kind, scope) = head.split_once('(')?;
        let fixed = |x: &str| {
            !x.is_empty()
                && x.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_'))
        };
        (fixed(kind)
            && fixed(scope)
            && kind != "type"
            && scope != "scope"
            && rest.trim_start().starts_with(&['<', '.'][..]))
        .then(|| scope.to_string())
    })
}

/// The ticket form a sentence shows in a code span or quotes ("`PORT-1234: ...`", "`[HIVE-123]
/// ...`", "`VET-<ticket>: <summary>`"), where it asks the subject to start with it or follow it.
fn ticket_form(sentence: &str) -> Option<Ticket> {
    let lower = sentence.to_ascii_lowercase();
    if !super::has_any_in(
        &lower,
        "start with|starts with|begin with|format|form |follow|in the form|must be",
    ) {
        return None;
    }
    let spans = crate::drift::text::quoted_spans(sentence, &['`', '\'', '"']);
    spans.iter().find_map(|s| {
        let s = s.trim();
        let (bracket, body) = match s.strip_prefix('[') {
            Some(b) => (true, b),
            None => (false, s),
        };
        let key: String = body
            .chars()
            .take_while(char::is_ascii_uppercase)
            .gather_text();
        let after = body.get(key.len()..)?.strip_prefix('-')?;
        let id_len = if after.starts_with('<') {
            after.find('>')? + 1
        } else {
            after.chars().take_while(char::is_ascii_digit).count()
        };
        if key.len() < 2 || id_len == 0 {
            return None;
        }
        let tail = after.get(id_len..)?;
        match (bracket, tail.chars().next()) {
            (true, Some(']')) => Some(Ticket::Bracket),
            (false, Some(':')) => Some(Ticket::Colon),
            _ => None,
        }
    })
}

/// The subject of a reply that is the commit message: the first line of a plain fenced block
/// it opens with, or its own first line when a blank line or nothing follows it and it is no
/// lead-in ("Here's the message:", "Done.").
pub fn whole_subject(text: &str) -> Option<String> {
    let t = text.trim_start();
    if let Some(rest) = t.strip_prefix("```") {
        let (info, body) = rest.split_once('\n')?;
        if !crate::drift::text::in_list("|text|txt|gitcommit", info.trim()) {
            return None;
        }
        let first = body.lines().next()?.trim();
        return (!first.is_empty() && !first.starts_with("```")).then(|| first.to_string());
    }
    if t.has("```") {
        return None;
    }
    let mut lines = t.lines();
    let first = lines.next()?.trim();
    let second = lines.next();
    let lower = first.to_ascii_lowercase();
    let lead_in = crate::drift::text::starts_with_any(
        &lower,
        "here|i |i'|this |the |done|sure|below|commit|fixed|ok",
    );
    // A sentence is a lead-in too ("Found it: the loop re-queued acked jobs."), unless it opens
    // as a subject does: a ticket key, a type, an imperative.
    let opener = first
        .split(&[' ', '(', ':'][..])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let key = first
        .split('-')
        .next()
        .is_some_and(|k| k.len() >= 2 && k.chars().all(|c| c.is_ascii_uppercase() || c == '['));
    let subject_like = key
        || crate::drift::text::in_list(TYPES, &opener)
        || crate::drift::text::in_list("add|fix|remove|update|use|make|handle|retry|skip|stop|drop|move|rename|allow|prevent|support|bump|set|show|hide|return|log|keep|avoid|count|round|include|exclude|reset|treat|cache|clean|correct|store|send|refactor|improve|replace|guard|validate|parse|load|read|write|enable|disable|wrap|trim|cap|limit|check", &opener);
    (first.chars().count() <= 100
        && !first.ends_with(':')
        && (!first.ends_with('.') || subject_like)
        && !first.starts_with(&['#', '*', '-', '>', '|', '`'][..])
        && !lead_in
        && second.is_none_or(|l| l.trim().is_empty()))
    .then(|| first.to_string())
}

/// Why `subject` breaks the form, if it does.
pub fn breaks(form: &CommitForm, subject: &str) -> Option<String> {
    let s = subject.trim();
    if let Some(t) = &form.ticket {
        let body = if *t == Ticket::Bracket {
            s.strip_prefix('[')
        } else {
            Some(s)
        };
        let key_ok = body.is_some_and(|b| {
            let key: String = b.chars().take_while(char::is_ascii_uppercase).gather_text();
            let digits = b
                .get(key.len()..)
                .and_then(|r| r.strip_prefix('-'))
                .map_or(0, |r| r.chars().take_while(char::is_ascii_digit).count());
            let end = key.len() + 1 + digits;
            key.len() >= 2
                && digits > 0
                && match t {
                    Ticket::Colon => b.get(end..).is_some_and(|r| r.starts_with(": ")),
                    Ticket::Bracket => b.get(end..).is_some_and(|r| r.starts_with("] ")),
                }
        });
        if !key_ok {
            return Some("the ticket key does not open the subject in the asked form".into());
        }
    }
    let mut summary = s;
    if form.conventional {
        let Some((head, rest)) = s.split_once(": ") else {
            return Some("no `type(scope): ` before the subject".into());
        };
        let (kind, scope) = match head.trim_end_matches('!').split_once('(') {
            Some((k, sc)) => (k, sc.strip_suffix(')')),
            None => (head.trim_end_matches('!'), None),
        };
        let word = |x: &str| !x.is_empty() && x.chars().all(|c| c.is_ascii_alphabetic());
        if !word(kind) || (head.contains('(') && scope.is_none()) || head.contains(' ') {
            return Some(format!("not `type(scope): subject`: \"{head}\""));
        }
        if form.type_lower && kind.chars().any(|c| c.is_ascii_uppercase()) {
            return Some(format!("the type is not lowercase: \"{kind}\""));
        }
        if !form.types.is_empty() && !form.types.iter().any(|t| t.eq_ignore_ascii_case(kind)) {
            return Some(format!(
                "the type \"{kind}\" is not one of {}",
                form.types.join(", ")
            ));
        }
        if (form.scope_required || form.scope.is_some()) && scope.is_none() {
            return Some("no scope".into());
        }
        if let (Some(want), Some(have)) = (&form.scope, scope) {
            if !want.eq_ignore_ascii_case(have) {
                return Some(format!("the scope is \"{have}\", not \"{want}\""));
            }
        }
        summary = rest;
    }
    if form.subject_lower
        && summary
            .trim_start()
            .chars()
            .next()
            .is_some_and(char::is_uppercase)
        // An acronym or a code name keeps its capitals ("SMTP timeouts", "UUIDs").
        && summary
            .split_whitespace()
            .next()
            .is_none_or(|w| w.chars().filter(char::is_ascii_uppercase).count() <= 1)
    {
        return Some("the subject does not start lowercase".into());
    }
    // (A ticket key asked in capitals is no break of it.)
    if form.all_lower
        && form.ticket.is_none()
        && crate::drift::text::outside_code_spans(s)
            .chars()
            .any(char::is_uppercase)
    {
        return Some("the subject line is not all lowercase".into());
    }
    if form.no_period && s.ends_with('.') && !s.ends_with("...") {
        return Some("the subject ends with a period".into());
    }
    None
}

/// The rule in words.
pub fn describe(form: &CommitForm) -> String {
    let mut parts = Vec::new();
    if form.conventional {
        parts.push("`type(scope): subject`".to_string());
    }
    if let Some(t) = &form.ticket {
        parts.push(match t {
            Ticket::Colon => "the ticket key and a colon first".to_string(),
            Ticket::Bracket => "the ticket key in square brackets first".to_string(),
        });
    }
    if form.subject_lower {
        parts.push("a lowercase subject".into());
    }
    if form.all_lower {
        parts.push("every letter lowercase".into());
    }
    if form.no_period {
        parts.push("no trailing period".into());
    }
    format!("a commit subject with {}", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_are_read_and_subjects_checked() {
        let f = asked("Commit it. Use Conventional Commits (`type(scope): subject`) with a required scope; the type must be one of feat, fix or chore, and no trailing period.").unwrap();
        assert!(f.conventional && f.scope_required && f.no_period);
        assert_eq!(f.types, ["feat", "fix", "chore"]);
        assert!(breaks(&f, "fix(api): drop stale rows").is_none());
        assert!(breaks(&f, "fix: drop stale rows").is_some());
        assert!(breaks(&f, "bugfix(api): drop stale rows").is_some());
        assert!(breaks(&f, "fix(api) drop stale rows").is_some());
        assert!(breaks(&f, "fix(api): drop stale rows.").is_some());
        let f = asked("Commit messages must start with the ticket key in square brackets, e.g. `[OPS-12] ...`.").unwrap();
        assert!(breaks(&f, "[OPS-418] Retry on timeout").is_none());
        assert!(breaks(&f, "OPS-418: Retry on timeout").is_some());
        let f = asked("The commit message format is `OPS-<number>: <summary>`.").unwrap();
        assert!(breaks(&f, "OPS-418: Retry on timeout").is_none());
        assert!(breaks(&f, "OPS-418 Retry on timeout").is_some());
        let f = asked("Write the commit message: `fix(billing): <summary>`, summary in lowercase.")
            .unwrap();
        assert_eq!(f.scope.as_deref(), Some("billing"));
        assert!(breaks(&f, "fix(billing): Round once").is_some());
        assert!(breaks(&f, "fix(billing): round once").is_none());
        assert!(breaks(&f, "fix(billing): SMTP retries").is_none());
        // A tool that checks commits asks nothing of the reply's.
        assert!(asked(
            "Add a commit-msg hook that rejects messages not in Conventional Commits form."
        )
        .is_none());
    }
}
