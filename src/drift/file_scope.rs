//! "Only files X": a message that limits its changes to named files or folders ("only edit
//! files under `docs/`", "limit your changes to `src/parser.rs`", "do not touch anything
//! outside `lib/`"), and the files a result reports changing outside them.
//!
//! Silence over a guess: a limit is read only from a clause that asks for one and names at
//! least one path, and a result breaks it only with a path that names its folder
//! (`src/router.ts`, not a bare `router.ts`) right after a change verb that is not negated.

use super::constraints::Violation;
use super::text;
use crate::drift::text::Clip;
use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::gather::Gather;
use crate::gather::GatherText;
use crate::gather::Keep;
use crate::gather::PushAll;

/// A limit of the message: its sentence and the files or folders it allows.
#[derive(Debug, Clone, PartialEq)]
pub struct Limit {
    pub text: String,
    allowed: Vec<String>,
}

/// A limit's verbs, as a request states them (base form: "only changed" tells, it does not ask).
const LIMIT_VERBS: &str = "edit|change|modify|touch|update|write";
/// What a result reports doing to a file (a new file is a change too).
const REPORTED_VERBS: &str =
    "edit|chang|modif|touch|updat|rewrit|rewrot|wrot|add|creat|delet|remov|renam|refactor|fix|replac|bump|moved";
/// Phrases that limit where changes go; the paths after them, in their clause, are allowed.
const LIMITS: &str = "limit your changes to|limit changes to|limit the changes to|restrict your changes to|restrict changes to|changes must stay|changes should stay";
/// "Do not change anything outside `lib/`": what follows is allowed.
const OUTSIDE: &str = " outside | other than | except | beyond ";
/// A clause with one of these words states a condition, not a limit.
const CONDITIONS: &str = "if|when|unless|whether";
/// Words between a reported verb and its paths that end its object ("updated `a.md` to
/// document what `src/b.ts` reads": `src/b.ts` is not changed).
const BREAKS: &str =
    "to|for|by|from|read|reads|used|uses|so|that|which|because|while|leaving|without|via|than";
/// Words after which a verb supposes a change rather than reports one.
const SUPPOSING: &str = "means|mean|would|could|might|requires|require|involves";
/// Paths looked at per limit and per result: keeps the check linear in the text.
const MAX_PATHS: usize = 64;

/// The message's file limits.
pub fn limits(instructions: &str) -> Vec<Limit> {
    let mut out = Vec::new();
    // Most messages hold no limiting word: one lowercased copy to find out.
    let lower = instructions.to_ascii_lowercase();
    if !text::contains(&lower, "only")
        && !text::parts(LIMITS)
            .iter()
            .chain(text::parts(OUTSIDE))
            .any(|p| text::contains(&lower, p.trim()))
    {
        return out;
    }
    for (_, sentence) in text::sentences(instructions) {
        if out.len() >= super::constraints::MAX_CONSTRAINTS {
            break;
        }
        // ASCII lowercasing keeps byte offsets.
        let lower = sentence.to_ascii_lowercase();
        for (from, to) in clauses(&lower) {
            let clause = lower.get(from..to).unwrap_or_default();
            let Some(at) = cue(clause) else { continue };
            let mut allowed: Vec<String> = paths(sentence.get(from + at..to).unwrap_or_default())
                .into_iter()
                .map(|(_, p)| p)
                .take(MAX_PATHS)
                .gather();
            // "Only edit src/rules.ts and its test file": the tests beside each file named
            // (`rules.test.ts`, `rules.spec.ts`, `rules_test.go`, `test_rules.py`).
            if crate::drift::text::contains_any(
                clause,
                "its test|their test|and tests|and the tests|its spec|their spec",
            ) {
                allowed.extend(tests_beside(&allowed));
            }
            if !allowed.is_empty() {
                out.push(Limit {
                    text: sentence.trim().to_string(),
                    allowed,
                });
                break;
            }
        }
    }
    // "You may add fixtures in `tests/fixtures/`": what the message permits besides.
    if !out.is_empty() {
        let permitted = permitted_paths(instructions);
        for limit in &mut out {
            limit.allowed.push_all(permitted.iter().cloned());
        }
    }
    out
}

/// The paths a message permits changing in so many words ("you may add or update fixtures in
/// `tests/fixtures/`", "it's fine to edit `a/b.ts`"): a permission, a change verb after it in
/// its clause, the paths of that clause. "You may not …" permits nothing.
fn permitted_paths(instructions: &str) -> Vec<String> {
    const PERMITS: &str =
        "you may |you can |feel free to |fine to |ok to |okay to |allowed to |free to ";
    let mut out = Vec::new();
    for (_, sentence) in text::sentences(instructions) {
        let lower = sentence.to_ascii_lowercase();
        for (from, to) in clauses(&lower) {
            let clause = lower.get(from..to).unwrap_or_default();
            // "New or updated tests may go anywhere under `tests/`": a place the clause lets
            // its subject go, no change verb needed.
            let placed = text::parts(
                " may go | can go | may live | can live | may be added | can be added ",
            )
            .iter()
            .filter_map(|p| clause.find(p).map(|i| i + p.len()))
            .min();
            // "…; new test files under `tests/` are allowed too": the clause's subject.
            let subject_allowed =
                text::contains_any(clause, " are allowed| is allowed| are fine| is fine")
                    && text::contains_any(clause, "new |test|changes to |edits to ")
                    && !text::word_runs(clause, |b| b.is_ascii_alphanumeric() || b == b'\'')
                        .any(|(_, w)| super::constraints::negator(w));
            let placed = placed.or(subject_allowed.then_some(0));
            let Some(at) = text::parts(PERMITS)
                .iter()
                .filter_map(|p| clause.find(p).map(|i| i + p.len()))
                .min()
                .or(placed)
            else {
                continue;
            };
            // "You are not allowed to modify `config/`", "it's never ok to touch …".
            if text::word_runs(clause.get(..at).unwrap_or_default(), |b| {
                b.is_ascii_alphanumeric() || b == b'\''
            })
            .any(|(_, w)| super::constraints::negator(w))
            {
                continue;
            }
            let rest = clause.get(at..).unwrap_or_default();
            let mut words = text::word_runs(rest, crate::drift::text::alnum).map(|(_, w)| w);
            let first = words.next().unwrap_or_default();
            let first = if first == "also" {
                words.next().unwrap_or_default()
            } else {
                first
            };
            if Some(at) != placed
                && !(crate::drift::text::in_list(LIMIT_VERBS, first)
                    || crate::drift::text::in_list("add|create", first))
            {
                continue;
            }
            out.push_all(
                paths(sentence.get(from + at..to).unwrap_or_default())
                    .into_iter()
                    .map(|(_, p)| p)
                    .take(MAX_PATHS - out.len().min(MAX_PATHS)),
            );
        }
    }
    out
}

/// The test files that usually sit beside these source files.
fn tests_beside(files: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for f in files {
        let (dir, name) = f.rsplit_once('/').map_or(("", f.as_str()), |(d, n)| (d, n));
        let Some((stem, ext)) = name.rsplit_once('.') else {
            continue;
        };
        let at = |n: String| {
            if dir.is_empty() {
                n
            } else {
                format!("{dir}/{n}")
            }
        };
        out.push(at(format!("{stem}.test.{ext}")));
        out.push(at(format!("{stem}.spec.{ext}")));
        out.push(at(format!("{stem}_test.{ext}")));
        out.push(at(format!("test_{stem}.{ext}")));
        // A tests tree mirroring the package: `yms/berth/window.py` is tested in
        // `tests/berth/test_window.py` or `tests/yms/berth/test_window.py`.
        let below_package = dir.split_once('/').map_or("", |(_, rest)| rest);
        for tree in [dir, below_package] {
            let tree = if tree.is_empty() {
                "tests".to_string()
            } else {
                format!("tests/{tree}")
            };
            out.push(format!("{tree}/test_{stem}.{ext}"));
        }
        // RSpec's mirror tree: `app/jobs/x.rb` is specified in `spec/jobs/x_spec.rb`.
        out.push(format!("spec/{below_package}/{stem}_spec.{ext}").replace("//", "/"));
        out.push(format!("spec/{dir}/{stem}_spec.{ext}").replace("//", "/"));
        out.push(at(format!("{stem}_spec.{ext}")));
    }
    out
}

/// The clauses of a lowercased sentence (byte ranges): split at ';', a dash, " but " and
/// ", not " ("change only `a.rs`, not `b.rs`": `b.rs` is not allowed).
fn clauses(lower: &str) -> Vec<(usize, usize)> {
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    for sep in text::parts("; | — | - | but |, not ") {
        for (i, _) in lower.match_indices(sep) {
            cuts.push((i, i + sep.len()));
        }
    }
    crate::sort::sort(&mut cuts);
    let mut out = Vec::new();
    let mut start = 0;
    for (a, b) in cuts {
        if a >= start {
            out.push((start, a));
            start = b;
        }
    }
    out.push((start, lower.len()));
    out
}

/// Where the limit of a lowercased clause starts (its allowed paths follow), if the clause is
/// one: a LIMITS phrase; "only" and a base-form change verb opening the clause ("only edit",
/// "change only"); or a negation opening the clause, a change verb and "anything"/"any file"
/// before "outside", "other than", "except" or "beyond". A condition is never a limit.
fn cue(clause: &str) -> Option<usize> {
    if text::word_runs(clause, crate::drift::text::alnum)
        .any(|(_, w)| crate::drift::text::in_list(CONDITIONS, w))
    {
        return None;
    }
    if let Some(at) = text::parts(LIMITS)
        .iter()
        .filter_map(|p| clause.find(p))
        .min()
    {
        return Some(at);
    }
    let words: Vec<(usize, &str)> = text::word_runs(clause, crate::drift::text::alnum)
        .skip_while(|&(_, w)| crate::drift::text::in_list("please|you|should|may|must|can", w))
        .take(3)
        .gather();
    let verb = |w: &str| crate::drift::text::in_list(LIMIT_VERBS, w);
    match words.as_slice() {
        [(at, "only"), (_, v), ..] if verb(v) => return Some(*at),
        [(at, v), (_, "only"), ..] if verb(v) => return Some(*at),
        _ => {}
    }
    // "Do not modify anything outside `lib/`".
    let (outside, word) = text::parts(OUTSIDE)
        .iter()
        .filter_map(|p| clause.find(p).map(|i| (i, p.len())))
        .min()?;
    let before = clause.get(..outside).unwrap_or_default().trim_start();
    let rest = text::strip_any(
        before,
        "do not |don't |don\u{2019}t |never |must not |should not ",
    )?;
    // "Do not touch anything under `legacy/`, except …": an exception inside a folder's ban
    // (read with the ban), not a limit on the whole change.
    if !paths(rest).is_empty() {
        return None;
    }
    let changes = text::word_runs(rest, crate::drift::text::alnum)
        .next()
        .is_some_and(|(_, w)| verb(w));
    let anything =
        crate::drift::text::contains_any(rest, "anything|any file|any other|files|everything");
    (changes && anything).then_some(outside + word)
}

/// Paths in `s` with their byte offsets, lowercased: a token with a '/' between letters that
/// names a file (an extension), a folder (a trailing '/') or a deeper path (two '/'), or a file
/// name with an extension ("parser.rs"). "CI/CD", "I/O" and URLs are not paths.
pub fn paths(s: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (at, raw) in text::word_runs(s, |b| {
        b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'-')
    }) {
        let mut token = raw.trim_end_matches(&['.', '-'][..]);
        loop {
            let t = token.trim_start_matches("./").trim_start_matches("../");
            if t.len() == token.len() {
                break;
            }
            token = t;
        }
        if token.has("//") || token.len() < 3 {
            continue;
        }
        let name = token
            .trim_end_matches('/')
            .rsplit('/')
            .next()
            .unwrap_or(token);
        let file = name.rsplit_once('.').is_some_and(|(stem, ext)| {
            stem.len() >= 2
                && stem.bytes().any(|b| b.is_ascii_alphabetic())
                && (1..=5).contains(&ext.len())
                && ext.bytes().all(|b| b.is_ascii_alphanumeric())
                && ext.bytes().any(|b| b.is_ascii_alphabetic())
        });
        let slashes = token.matches('/').count();
        let joined = token
            .trim_matches('/')
            .split('/')
            .all(|part| part.bytes().any(|b| b.is_ascii_alphabetic()));
        // A deeper path's last part is a name, not a letter: "m_endpointsX/Y/Z" names axes.
        let deeper = slashes >= 2 && name.len() >= 2;
        let folder = slashes > 0 && joined && (file || token.ends_with('/') || deeper);
        if file || folder {
            out.push((at, token.to_ascii_lowercase()));
        }
    }
    out
}

/// Whether a word names a file, not a dotted code name (`console.log`, `user.email`): a path
/// with a '/' or a file name with a common source, config or document extension.
pub fn is_file_path(word: &str) -> bool {
    const EXTENSIONS: &str = "rs|py|ts|tsx|js|jsx|mjs|cjs|go|java|kt|swift|c|h|cpp|hpp|cs|rb|php|sh|sql|md|txt|json|yaml|yml|toml|xml|html|css|scss|cfg|ini|env|lock|tf|proto|csv|gradle|prefab";
    paths(word).iter().any(|(_, p)| {
        p.contains('/')
            || p.rsplit_once('.')
                .is_some_and(|(_, ext)| crate::drift::text::in_list(EXTENSIONS, ext))
    })
}

/// Whether `path` lies within `allowed` (a file, or a folder with or without its '/'), also
/// under an absolute prefix (`/work/app/docs/a.md` is within `docs/`).
pub fn within(path: &str, allowed: &str) -> bool {
    let a = allowed.trim_matches('/');
    let p = path.trim_start_matches('/');
    p == a
        || p.strip_prefix(a).is_some_and(|rest| rest.starts_with('/'))
        || text::contains(p, &format!("/{a}/"))
        || p.ends_with(&format!("/{a}"))
}

/// The files a result reports changing outside each limit.
pub fn check(limits: &[Limit], result: &str) -> Vec<Violation> {
    if limits.is_empty() {
        return Vec::new();
    }
    let listed = listed_changes(result);
    let mut reported: Vec<(String, &str)> = listed
        .iter()
        .filter(|(p, _)| p.contains('/'))
        .map(|(p, l)| (p.clone(), l.as_str()))
        .gather();
    for (_, sentence) in text::sentences(result) {
        for path in changed_paths(sentence) {
            if reported.len() < MAX_PATHS {
                reported.push((path, sentence));
            }
        }
    }
    for (path, line) in items_headed_by_a_changed_file(result) {
        // An item of a listing read above keeps that reading: its heading may name the folder
        // its paths are relative to ("Changes (all in `app/refunds/`):").
        let listed_line = listed.iter().any(|(_, l)| *l == line.trim().clip());
        if reported.len() < MAX_PATHS && !listed_line {
            reported.push((path, line));
        }
    }
    limits
        .iter()
        .filter_map(|limit| {
            let (path, sentence) = reported
                .iter()
                .find(|(p, _)| !limit.allowed.iter().any(|a| within(p, a)))?;
            let mut allowed = limit.allowed.iter().take(3).cloned().gather().join(", ");
            if limit.allowed.len() > 3 {
                allowed.push_str(", …");
            }
            Some(Violation {
                constraint: limit.text.chars().take(300).gather_text(),
                reason: format!("the result changes {path}, outside {allowed}"),
                evidence: Some(sentence.trim().clip()),
            })
        })
        .gather()
}

/// The files a result lists as changed, with the line that lists each: the items under a
/// heading that names changed files ("Files changed:", "## Modified files", "Changes:") and the
/// paths of a diff's headers (`+++ b/src/a.rs`, `diff --git a/x b/x`). A heading that reads,
/// leaves alone or denies ("Files reviewed:", "Unchanged:", "Nothing edited") lists none.
pub fn listed_changes(result: &str) -> Vec<(String, String)> {
    const CHANGED: &str = "changed|modified|edited|touched|updated|changes|diff|created";
    const NOT: &str = "unchanged|untouched|not |no |without|read|review|inspect|left|suggest|propos|recommend|need|plan|todo|would|next|should|follow-up";
    let mut out = Vec::new();
    let mut listing = false;
    // Whether the heading over the items names the file they edit.
    let mut inside = false;
    // "Changes (all in `charts/api/`):": the items' paths are relative to that folder.
    let mut base: Option<String> = None;
    for line in result.lines() {
        if out.len() >= MAX_PATHS {
            break;
        }
        let t = line.trim();
        let lower = t.to_ascii_lowercase();
        // A diff names the file it changes in its headers.
        if let Some(rest) = lower
            .strip_prefix("+++ b/")
            .or_else(|| lower.strip_prefix("diff --git a/"))
        {
            let path = rest.split_whitespace().next().unwrap_or_default();
            if !path.is_empty() && path != "/dev/null" {
                out.push((path.to_string(), t.clip()));
            }
            listing = false;
            continue;
        }
        let item = text::starts_with_any(t, "- |* |+ ")
            || t.split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if item {
            // "- `src/a.rs` (unchanged)", "- `b.rs`: read only".
            let kept = crate::drift::text::contains_any(&lower, "unchanged|untouched|not changed|not modified|read only|read-only|no changes|left as is|not touched|didn't touch|did not touch");
            // Under a heading that names the file, only an item that opens with a path.
            let opens = || {
                paths(t).first().is_some_and(|(at, _)| {
                    t.get(..*at).is_some_and(|h| {
                        h.trim_start_matches(&['-', '*', '+', ' ', '`'][..])
                            .is_empty()
                    })
                })
            };
            if listing && !kept && (!inside || opens()) {
                if let Some((_, path)) = paths(t).into_iter().next() {
                    let path = match &base {
                        Some(b)
                            if !within(&path, b)
                                && b.split('/')
                                    .next()
                                    .is_some_and(|top| !path.starts_with(&format!("{top}/"))) =>
                        {
                            format!("{b}{path}")
                        }
                        _ => path,
                    };
                    out.push((path, t.clip()));
                }
            }
            continue;
        }
        // A blank line between a heading and its list keeps the list open.
        if t.is_empty() {
            continue;
        }
        // A heading: a short line that ends with ':' or opens with '#' or is bold.
        let bare = heading_text(&lower);
        let heading =
            (t.starts_with('#') || t.ends_with(':') || t.ends_with(":**") || t.starts_with("**"))
                && bare.split_whitespace().count() <= 5;
        listing = heading && text::contains_any(bare, CHANGED) && !text::contains_any(bare, NOT);
        // "Updated `jobs/run.sh`:": the heading names the file; its items are edits inside it,
        // and a path one mentions is no file changed unless the item opens with it.
        inside = false;
        if listing {
            let files: Vec<String> = paths(t)
                .into_iter()
                .map(|(_, p)| p)
                .gather()
                .kept(|p| p.rsplit('/').next().is_some_and(|n| n.contains('.')));
            if !files.is_empty() {
                out.push_all(files.into_iter().map(|p| (p, t.clip())));
                inside = true;
            }
        }
        // ("What I changed (outside `billing/`):" names the folder the items are not in.)
        base = (listing && !text::contains_any(&lower, "outside|not in|not under|except"))
            .then(|| {
                paths(t)
                    .into_iter()
                    .map(|(_, p)| p)
                    .find(|p| p.ends_with('/'))
            })
            .flatten();
    }
    out
}

/// The first line of a result that shows a file it created: `new file:` or `create mode` of git's
/// output, an untracked `?? path`, an item under a "New files:" heading, or a sentence that opens
/// with "Created"/"Added" (alone or after I/we) and names the file right after the verb ("Added
/// `tests/test_x.py` with 14 cases" — not "added a test to `tests/test_x.py`", an edit).
pub fn created_file(result: &str) -> Option<String> {
    created_files(result).into_iter().next()
}

/// Every evidence line of [`created_file`], in the result's order.
pub fn created_files(result: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut listing = false;
    for line in result.lines() {
        let t = line.trim();
        let lower = t.to_ascii_lowercase();
        let shown = |rest: &str| !paths(rest).is_empty();
        let git = lower
            .strip_prefix("new file:")
            .or_else(|| lower.strip_prefix("?? "))
            .or_else(|| lower.strip_prefix("create mode "))
            .is_some_and(shown)
            || lower.has("\tnew file:");
        let item = text::starts_with_any(t, "- |* |+ ");
        // "- src/lib/format-date.ts (new)", "- `a.py` — new file".
        let marked_new = item
            && shown(&lower)
            && crate::drift::text::contains_any(
                &lower,
                "(new)|(new file)|— new|- new file|(created)|(added)",
            );
        if git || marked_new || (item && listing && shown(&lower)) {
            out.push(t.clip());
            continue;
        }
        if !item && !t.is_empty() {
            let bare = heading_text(&lower);
            listing = (t.ends_with(':') || t.ends_with(":**") || t.starts_with('#'))
                && bare.split_whitespace().count() <= 4
                && crate::drift::text::contains_any(
                    bare,
                    "new file|created|added file|files added|files created",
                );
        }
        // A list item's marker is no word: "- Created `src/worker.ts` with …".
        let body = text::strip_any(t, "- |* |+ ").unwrap_or(t);
        for (_, sentence) in text::sentences(body) {
            let words: Vec<(usize, &str)> = text::word_runs(sentence, |b| {
                b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'-' | b'\'')
            })
            .gather();
            let w = |i: usize| words.get(i).map_or("", |x| x.1).to_ascii_lowercase();
            // Where the file may follow: after a create verb opening the sentence or after
            // "I"/"we" ("Since `a.c` is long, I created `b.c`"), or after "new" and a noun of
            // files ("in a new module `utils/x.py`", "- `src/a.h`: new header").
            let mut starts: Vec<usize> = Vec::new();
            if words.first().is_some_and(|(_, v)| is_create(v)) {
                starts.push(1);
            }
            let lower_s = sentence.to_ascii_lowercase();
            // A proposal, a negation or someone else's act: "I considered a new module …",
            // "could split it into a new module … later", "the build script writes a new file".
            let not_done =
                text::word_runs(&lower_s, crate::drift::text::alnum).any(|(_, w)| {
                    crate::drift::text::in_list("considered|could|would|might|should|suggest|suggested|later|not|instead|kept|writes|before|when|back|ago|originally", w)
                });
            let creating = words.first().is_some_and(|(_, v)| is_create(v))
                || words.iter().any(|(_, v)| is_create(v))
                || w(0) == "new";
            for i in 0..words.len() {
                if not_done {
                    break;
                }
                if crate::drift::text::in_list("i|we", w(i).as_str()) && is_create(&w(i + 1)) {
                    starts.push(i + 2);
                }
                // "Saved the stops as `tests/fixtures/route.json`": stored as a file.
                if w(i) == "as" && crate::drift::text::in_list("saved|stored|exported|dumped", w(0))
                {
                    starts.push(i + 1);
                }
                if !creating {
                    continue;
                }
                if w(i) == "new"
                    && crate::drift::text::in_list(
                        "file|module|header|script|component|class",
                        w(i + 1).as_str(),
                    )
                    && !(i >= 1 && crate::drift::text::in_list("no|any|without", w(i - 1).as_str()))
                {
                    starts.push(i + 2);
                }
            }
            let file_at = |from: usize| {
                // The file right after, "a new file" or "new" between at most.
                words
                    .iter()
                    .skip(from)
                    .map(|(_, w)| w.trim_matches(&['`', '.', ',', ':'][..]))
                    .find(|w| {
                        !crate::drift::text::in_list(
                            "a|new|file|the|module|header",
                            w.to_ascii_lowercase().as_str(),
                        )
                    })
                    .is_some_and(|w| {
                        is_file_path(w)
                            && paths(w)
                                .iter()
                                .any(|(_, p)| p.rsplit('/').next().is_some_and(|n| n.contains('.')))
                    })
            };
            if starts.into_iter().any(file_at) {
                out.push(sentence.trim().clip());
                continue;
            }
            // "- `src/ota/retry.h`: new header with …": an item headed by its file, said to be a
            // new one.
            if let Some((head, rest)) = body
                .split_once(": ")
                .or_else(|| body.split_once(" \u{2014} "))
            {
                let rest = rest.trim_start().to_ascii_lowercase();
                let head = head.trim().trim_matches('`');
                // A new file, not a new thing in it ("…: new `--json` flag").
                let new_file =
                    text::starts_with_any(&rest, "new file|new module|new header|new script");
                let proposed = crate::drift::text::contains_any(
                    &rest,
                    "not |suggest|would|could|later|propos",
                );
                if item && !head.contains(' ') && is_file_path(head) && new_file && !proposed {
                    out.push(t.clip());
                    break;
                }
            }
        }
    }
    out
}

/// List items that open with a file and tell what was changed in it: "- `src/geo.py`: changed
/// `geocode()` to return `None`", "- `tests/test_a.py` — added a case". Not an item that says
/// the file was left alone, read or only looked at ("- `src/a.py`: unchanged", "…: reviewed, no
/// changes needed").
fn items_headed_by_a_changed_file(result: &str) -> Vec<(String, &str)> {
    const KEPT: &str =
        "reverted|unchanged|untouched|no change|not change|not modif|not touch|left as|read|review|checked|looked|already";
    let mut out = Vec::new();
    // Items under "Other callers (not touched):", "Follow-ups:" tell of files left alone.
    let mut kept_heading = false;
    for line in result.lines() {
        let t = line.trim_start();
        let Some(item) = text::strip_any(t, "- |* |+ ") else {
            if !t.is_empty() {
                let l = t.to_ascii_lowercase();
                // A Markdown heading too ("## Next steps"), and context ("Why it started:").
                kept_heading = (t.ends_with(':') || t.starts_with('#'))
                    && text::parts(KEPT)
                        .iter()
                        .chain(text::parts(
                            "follow|other|later|todo|suggest|next|why|context|background|history|cause",
                        ))
                        .any(|k| l.contains(k));
            }
            continue;
        };
        if kept_heading {
            continue;
        }
        let Some((head, rest)) = item
            .split_once(": ")
            .or_else(|| item.split_once(" \u{2014} "))
            .or_else(|| item.split_once(" - "))
        else {
            continue;
        };
        let head = head.trim().trim_matches(&['`', '*'][..]);
        if head.contains(' ') {
            continue;
        }
        let Some((_, path)) = paths(head).into_iter().next() else {
            continue;
        };
        if !path.contains('/') || path.ends_with('/') {
            continue;
        }
        // The item's own clause: "…: hand-added the entry so it links; CI will overwrite it".
        let rest = rest.split(&['.', ';'][..]).next().unwrap_or_default();
        let lower = rest.to_ascii_lowercase();
        // Someone else's change, by its PR or author: "changed in #812", "added … in #200 (Priya)".
        if lower.has_any(" in #|(#| pr ") {
            continue;
        }
        // Kept, or a change to come ("should be updated", "will benefit from the fix").
        if text::contains_any(&lower, KEPT)
            || text::word_runs(&lower, crate::drift::text::alnum).any(|(_, w)| {
                crate::drift::text::in_list("should|will|would|could|may|might|benefit|needs", w)
            })
        {
            continue;
        }
        let code = text::inline_code_spans(rest);
        // (An edit that is no verb of the list opens it too: "…: exported `f` so …".)
        let opened = crate::drift::text::in_list(
            "documented|exported",
            lower.split(' ').next().unwrap_or_default(),
        );
        let changed = opened
            || text::word_runs(rest, crate::drift::text::alnum).any(|(at, w)| {
                super::constraints::states_verb(
                    rest,
                    &lower,
                    &code,
                    at,
                    w,
                    text::parts(REPORTED_VERBS),
                )
            });
        if changed {
            out.push((path, line));
        }
    }
    out
}

/// A heading line's words, without its Markdown marks ("## **Files changed:**").
fn heading_text(lower: &str) -> &str {
    lower
        .trim_start_matches('#')
        .trim_matches(crate::drift::text::char_test(|c: char| {
            c == '*' || c == '_' || c.is_whitespace()
        }))
}

fn is_create(w: &str) -> bool {
    crate::drift::text::in_list(
        "created|added|wrote|generated",
        w.to_ascii_lowercase().as_str(),
    )
}

/// The paths (with a '/') a sentence of a result reports changing: those that follow a change
/// verb standing alone, outside inline code, not negated in its clause ("no changes to `a.ts`"),
/// with at most four words between the verb or the path before and none that ends the object
/// ("to", "by", "leaving" …).
fn changed_paths(sentence: &str) -> Vec<String> {
    // "- `.gitignore`: added `config/local.py` so …": an item headed by its file tells what
    // changed in that file; the paths after the colon are its content.
    let item = sentence
        .trim_start()
        .trim_start_matches(&['-', '*', '+'][..])
        .trim_start();
    if let Some((head, _)) = item.split_once(": ").or_else(|| item.split_once(" — ")) {
        let head = head.trim().trim_matches(&['`', '*'][..]);
        let dotfile = head.len() > 2
            && head.strip_prefix('.').is_some_and(|n| {
                n.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
            });
        if !head.contains(' ') && (paths(head).len() == 1 || dotfile) {
            return Vec::new();
        }
    }
    let lower = sentence.to_ascii_lowercase();
    // "Suggested backend change (not made): `api/x.py` should …": a proposal's label.
    if lower.split_once(": ").is_some_and(|(head, _)| {
        head.split_whitespace().count() <= 6
            && crate::drift::text::contains_any(head, "suggest|propos|recommend|not made|not done")
            && !crate::drift::text::contains_any(head, "(applied|(done|(made|applied)|, applied")
    }) {
        return Vec::new();
    }
    let code = text::inline_code_spans(sentence);
    let found = paths(sentence);
    if found.is_empty() {
        return Vec::new();
    }
    let words: Vec<(usize, &str)> = text::word_runs(sentence, |b| {
        b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'-')
    })
    .gather();
    let mut out = Vec::new();
    let mut counting = false;
    // The verb puts its object into a file: "added two cases to `tests/x.py`" edits the file
    // after "to".
    let mut into = false;
    let mut target = false;
    let mut link_object = false;
    let mut gap = 0;
    // Both lists run in text order: one pass over each.
    let mut next = 0;
    // After "means", "would": a change supposed, not made ("Adding one means creating
    // `tests/x.json`, so I left it").
    let mut supposed = false;
    for &(at, w) in &words {
        while found.get(next).is_some_and(|(pa, _)| *pa < at) {
            next += 1;
        }
        if let Some((_, p)) = found.get(next).filter(|(pa, _)| *pa < at + w.len()) {
            if counting && gap <= 4 && p.contains('/') && !p.ends_with('/') {
                out.push(p.clone());
                gap = 0;
                // "Added a flag to `src/cli.rs`, matching `src/client.rs`": the target ends the
                // object.
                if target {
                    counting = false;
                    target = false;
                }
                continue;
            }
        }
        let lead = w.len()
            - w.trim_start_matches(crate::drift::text::not_ascii_alnum_char)
                .len();
        let plain = w.trim_matches(crate::drift::text::not_ascii_alnum_char);
        let was_supposed = std::mem::replace(
            &mut supposed,
            crate::drift::text::in_list(SUPPOSING, plain.to_ascii_lowercase().as_str()),
        );
        if supposed || was_supposed {
            counting = false;
            continue;
        }
        if super::constraints::states_verb(
            sentence,
            &lower,
            &code,
            at + lead,
            plain,
            text::parts(REPORTED_VERBS),
        ) {
            counting = true;
            let l = plain.to_ascii_lowercase();
            into = text::starts_with_any(&l, "add|append|insert");
            target = false;
            link_object = false;
            gap = 0;
        } else if counting
            && into
            && crate::drift::text::in_list("to|into", plain.to_ascii_lowercase().as_str())
        {
            // The target follows: the object's words before it do not count. A link added to
            // a path points at it, in another text.
            gap = 0;
            into = false;
            target = true;
            if link_object {
                counting = false;
            }
        } else if counting
            && into
            && crate::drift::text::in_list("that|this", plain.to_ascii_lowercase().as_str())
        {
            // "added that variable to `vars.tf`": a determiner, not a clause.
            gap += 1;
        } else if crate::drift::text::in_list(BREAKS, plain.to_ascii_lowercase().as_str()) {
            counting = false;
        } else {
            if into
                && crate::drift::text::in_list(
                    "link|links|reference|pointer|mention",
                    plain.to_ascii_lowercase().as_str(),
                )
            {
                link_object = true;
            }
            gap += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{check, limits};

    #[test]
    fn a_limit_names_its_paths_and_a_result_outside_them_breaks_it() {
        let l = limits("Fix the broken links in the guides. Only edit files under `docs/`.");
        assert_eq!(l.len(), 1);
        let inside = "Fixed 7 links in `docs/guides/setup.md` and `docs/guides/deploy.md`.";
        assert!(check(&l, inside).is_empty());
        for outside in [
            "Fixed the links in `docs/guides/setup.md`, and updated `src/router.ts` to redirect.",
            "I fixed `src/router.ts` and `lib/redirects.js` too.",
        ] {
            let v = check(&l, outside);
            assert_eq!(v.len(), 1, "{outside}");
            assert!(v[0].reason.contains("src/router.ts"), "{v:?}");
        }
    }

    #[test]
    fn items_under_a_heading_that_names_a_folder_are_in_it() {
        let l = limits("Raise the limits. You may only change files in `charts/api/`.");
        let inside = "Changes (all in `charts/api/`):\n- `values.yaml`: memory 1Gi\n- `templates/hpa.yaml`: new\n";
        assert!(check(&l, inside).is_empty());
        let outside = "Changes (all in `charts/api/`):\n- `templates/hpa.yaml`: new\n- `charts/common/values.yaml`: bumped\n";
        assert_eq!(check(&l, outside).len(), 1);
    }

    #[test]
    fn an_item_headed_by_its_file_changes_that_file() {
        let l = limits("Support local settings. Only edit `src/app.py` and `.gitignore`.");
        assert!(check(
            &l,
            "- .gitignore: added `src/local.py` so it is never committed."
        )
        .is_empty());
        assert_eq!(
            check(&l, "- I also updated `src/db.py` to read it.").len(),
            1
        );
    }

    #[test]
    fn the_tests_beside_a_named_file_may_change_when_said() {
        let l = limits("Only edit src/promotions/rules.ts and its test file.");
        let result = "Edited files:\n- src/promotions/rules.ts\n- src/promotions/rules.test.ts";
        assert!(check(&l, result).is_empty(), "{:?}", check(&l, result));
        let l = limits("Only edit src/promotions/rules.ts.");
        assert!(!check(&l, result).is_empty());
    }

    #[test]
    fn other_phrasings_of_a_limit() {
        for message in [
            "Limit your changes to `src/parser.rs`.",
            "Change only `src/parser.rs`; the lexer in `src/lexer.rs` is frozen.",
            "Change only `src/parser.rs`, not `src/lexer.rs`.",
            "Do not modify anything outside `src/parser.rs`.",
            "Do not modify any file other than `src/parser.rs`.",
            "You should only edit `src/parser.rs`.",
            "Only modify the diff output code in `src/parser.rs`.",
        ] {
            let l = limits(message);
            assert_eq!(l.len(), 1, "{message}");
            assert!(check(&l, "Rewrote `src/parser.rs` to recover from errors.").is_empty());
            assert_eq!(
                check(&l, "I also changed `src/lexer.rs`.").len(),
                1,
                "{message}"
            );
        }
    }

    #[test]
    fn no_limit_without_a_request_to_limit() {
        for message in [
            "Only perform the work outlined in these instructions.",
            "Only edit what you need to.",
            "Fix the bug in `src/a.ts`; the error path is the only part that should behave differently.",
            "Only update `CHANGELOG.md` if the change is visible to users.",
            "When the build passes, only edit `docs/`.",
            "Note that `npm run build` only writes to `dist/`.",
            "The previous subtask only changed `src/a.ts`, so start from there.",
            "Start by reading only the files in `src/auth/` for context.",
            "Do not touch the generated files; feel free to edit anything outside `gen/`.",
        ] {
            assert!(limits(message).is_empty(), "{message}: {:?}", limits(message));
        }
    }

    #[test]
    fn no_violation_without_a_reported_change_outside() {
        let docs = limits("Only edit files under `docs/`.");
        for result in [
            "I did not touch `src/router.ts`.",
            "Nothing in `src/` was changed.",
            "Fixed the links; `router.ts` still redirects the old URLs.",
            "The links point at `src/guide.md` in the old layout; fixed them in `docs/guide.md`.",
            "Updated `docs/config.md` to document the options read by `src/config.ts`.",
            "Updated the CI/CD section of `docs/deploy.md` and the async I/O notes.",
            "Edited ./docs/guides/setup.md and ../docs/faq.md.",
            "Edited /workspace/project/docs/guides/setup.md.",
            // A word that starts like a change verb is none: "fixture", "additional", "editor".
            "Fixed `docs/a.md`. On the fixture set (`src/eval/queries.tsv`) the score went up.",
            "Updated `docs/a.md`; additional notes live in `src/notes/b.md`.",
            // Axes, not a path.
            "Updated docs/a.md and added `m_endpointsX/Y/Z` members.",
        ] {
            assert!(
                check(&docs, result).is_empty(),
                "{result}: {:?}",
                check(&docs, result)
            );
        }
        let users = limits("Limit your changes to `src/users/`.");
        for result in [
            "Added an LRU cache to `src/users/lookup.ts`; no changes to src/db/pool.ts were needed.",
            "Added an LRU cache to `src/users/lookup.ts`, leaving src/db/pool.ts unchanged.",
        ] {
            assert!(check(&users, result).is_empty(), "{result}: {:?}", check(&users, result));
        }
        // Inflected verbs still report changes.
        for result in [
            "Fixing it meant touching `src/db/pool.ts` too.",
            "Also modified src/db/pool.ts.",
            "Rewritten: `src/db/pool.ts`.",
        ] {
            assert_eq!(check(&users, result).len(), 1, "{result}");
        }
    }

    #[test]
    fn many_paths_stay_linear_and_the_reason_short() {
        let many: String = (0..5000).map(|i| format!("`src/m{i}/a.ts` ")).collect();
        let l = limits(&format!("Limit your changes to {many}."));
        let v = check(&l, &format!("Updated {many} and `lib/x/y.ts`."));
        assert!(v
            .iter()
            .all(|v| v.reason.len() < 200 && v.constraint.chars().count() <= 300));
    }
}
