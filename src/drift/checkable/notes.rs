//! The parts of a report that speak to the requester rather than deliver what was asked:
//! "**Notes for you:** …", "What I changed:", "Technical details (for you only)". A child that
//! writes an email, a README or a bio often hands it back between such notes; a rule on the
//! email ("no code", "all lowercase", "end with the sign-off") is the email's, not the notes'.

use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::gather::Gather;
/// Words of a part's label that mark it as a note to the requester.
const NOTE_LABELS: &str = "note|notes|for you|internal note|covering note|cover note|questions for you|question for you|caveat|technical notes|things you should know|for you only|just for you|for the orchestrator|for review|why|rationale|what i changed|what i did|changes made|technical details|internal notes|comment|comments|remarks|assumptions|open questions|caveats|reasoning|context for you";

/// A line that labels the part after it, lowercased (empty for a separator), and whether it is
/// a strong one: a separator (`---`), a Markdown heading or a bold line (`**Email:**`, `**Notes
/// for you:** text…`) are; a short line ending in a colon ("What I changed:") is weak, and
/// inside a note that a strong label began it is the note's own sub-label.
fn label(line: &str) -> Option<(String, bool)> {
    let t = line.trim();
    if super::parts::is_rule(t) {
        return Some((String::new(), true));
    }
    if let Some(h) = t.strip_prefix('#') {
        return Some((h.trim_start_matches('#').trim().to_ascii_lowercase(), true));
    }
    if let Some(rest) = t.strip_prefix("**") {
        let end = rest.find_str("**")?;
        // "**Fixed** the parser": bold words in a sentence, not a label (one ends in a colon,
        // or stands alone on its line).
        let inner = rest.get(..end).unwrap_or_default().trim_end();
        let after = rest.get(end + 2..).unwrap_or_default().trim_start();
        if !(inner.ends_with(':') || after.is_empty() || after.starts_with(':')) {
            return None;
        }
        return Some((
            rest.get(..end).unwrap_or_default().to_ascii_lowercase(),
            true,
        ));
    }
    if t.ends_with(':') && t.split_whitespace().count() <= 6 {
        return Some((t.to_ascii_lowercase(), false));
    }
    // A note's label with its text on the same line: "Notes for you (not for the release
    // note): the flag is at 20 %".
    let colon = t.find(':').filter(|&i| i <= 60)?;
    let head = t.get(..colon)?.to_ascii_lowercase();
    // Only one addressed to the requester: a bare "Note: …" line is the report's own.
    let addressed = crate::drift::text::contains_any(
        &head,
        "for you|orchestrator|not for|internal|you should know|covering note|cover note",
    );
    (head.split_whitespace().count() <= 8 && addressed && is_note(&head)).then_some((head, false))
}

/// A label that opens with a note's words ("Notes for you", "Why like this", "Technical
/// details (for you only)"), or names the requester ("… (for you only)"); "Release notes" and
/// "Here's why" do not.
fn is_note(label: &str) -> bool {
    let l = label.trim_start_matches(crate::drift::text::not_ascii_alnum_char);
    crate::drift::text::parts(NOTE_LABELS).iter().any(|n| {
        l.strip_prefix(n)
            .is_some_and(|r| !r.starts_with(crate::drift::text::char_test(|c: char| c.is_ascii_alphanumeric())))
            // "Why like this", not a title asking a question ("Why can a quote differ from
            // the insurer's website?").
            && (*n != "why" || l.split_whitespace().count() <= 4)
    }) || crate::drift::text::contains_any(l, "for you only|for the orchestrator|just for you")
        // "What I checked (for you)": addressed in a parenthesis.
        || l.has_any("(for you)|(for you,")
}

/// `result` without its notes to the requester, when it has both notes and something else
/// with words in it; `None` otherwise (nothing to set apart). Fenced code blocks are read as
/// they stand: a label inside one is code.
pub fn without_notes(result: &str) -> Option<String> {
    let mut kept = String::new();
    let mut in_note = false;
    // The note began at a strong label: weak ones inside it are its own.
    let mut note_strong = false;
    let mut in_fence = false;
    let mut any_note = false;
    // Right after a `---` rule, "Caveat: …" opens a note too; so it does at the top of a reply
    // that a rule divides ("Notes: … / --- / **Draft email** …").
    // (The rule right below the top paragraph: "Notes: … / --- / **Draft email** …".)
    let mut after_rule = {
        let mut ls = result.lines().map(str::trim).skip_while(|l| l.is_empty());
        ls.next().is_some()
            && ls
                .skip_while(|l| !l.is_empty())
                .find(|l| !l.is_empty())
                .is_some_and(super::parts::is_rule)
    };
    // "**Why**" between a text's own sections (a postmortem's "What happened", "Why",
    // "Actions") is one of them: a note's label of that kind only where no part follows.
    let part_after = |i: usize| {
        result
            .lines()
            .skip(i + 1)
            .any(|l| label(l).is_some_and(|(l, strong)| strong && !l.is_empty() && !is_note(&l)))
    };
    let lead = lead_report(result);
    any_note |= lead > 0;
    // A bold label with its note on the same line at the top ("**For you:** I left …") ends
    // with its paragraph: what follows a blank line is the text (one after the text may run on
    // into a code block of its own).
    let mut para_note = false;
    for (i, line) in result.lines().enumerate() {
        if i < lead {
            continue;
        }
        let body = line.trim_start();
        if para_note && body.is_empty() {
            (in_note, note_strong, para_note) = (false, false, false);
        }
        let ruled = after_rule;
        after_rule = after_rule && body.is_empty();
        if body.starts_any("```|~~~") {
            in_fence = !in_fence;
        } else if !in_fence && ruled && !in_note && label(line).is_none() {
            let head = body
                .split(':')
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase();
            // ("I kept it short …" / --- / the draft: the worker's own words above it.)
            // (The reply's first words only: "I am writing to …" after the rule is the draft.)
            // (A greeting to the requester too: "Hi Ruth, here's the sheet." above the rule.)
            let own = kept.trim().is_empty()
                && crate::drift::text::starts_with_any(
                    body,
                    "I |I've |I'm |I\u{2019}ve |Hi |Hello |Hey ",
                );
            if body.contains(':') && is_note(&head) || own {
                in_note = true;
                any_note = true;
            }
        } else if !in_fence {
            if let Some((l, strong)) = label(line) {
                after_rule = l.is_empty();
                let inline = body
                    .get(2..)
                    .and_then(|r| r.split_once("**"))
                    .map_or("", |(_, a)| a.trim_start_matches(':').trim());
                // A separator ends a note; a label starts a part of its own kind (a weak one
                // inside a note is the note's). Labels themselves are no content.
                if strong || !note_strong {
                    // After a `---` rule, "Questions:" for the requester too.
                    in_note = !l.is_empty()
                        && ((is_note(&l)
                            && !(crate::drift::text::in_list(
                                "why|rationale|reasoning",
                                l.trim_end_matches(':'),
                            ) && part_after(i)))
                            || (ruled && l.starts_with("questions")));
                    // "**For you:** Try the free planner …" heading a digest's own part: at
                    // the top, a note only where the worker speaks ("I left the discount out").
                    // (Nor one that speaks to the text's reader: "… because you saved three
                    // recipes".)
                    let to_reader = inline
                        .split(crate::drift::text::not_ascii_alnum_char)
                        .any(|w| w.eq_ignore_ascii_case("you") || w.eq_ignore_ascii_case("your"));
                    if l.trim_end_matches(':') == "for you"
                        && (to_reader || kept.trim().is_empty())
                        && !crate::drift::text::starts_with_any(inline, "I |I've |I'm |I\u{2019}")
                    {
                        in_note = false;
                    }
                    note_strong = in_note && strong;
                    any_note |= in_note;
                    para_note = in_note
                        && kept.trim().is_empty()
                        && body.starts_with("**")
                        && !inline.is_empty();
                }
                // ("**What happened:** From 19:05 …": a bold label's own text is the part's.)
                if in_note || (strong && inline.is_empty()) {
                    continue;
                }
            }
        }
        if !in_note {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    let kept = kept.trim_end().to_string();
    // "(Posted to the managers' channel at 10:15.)": a last paragraph in parentheses that
    // reports what was done with the text is said to the requester.
    let (kept, any_note) = match kept.rsplit_once("\n\n") {
        Some((head, last)) if aside(last) && head.chars().any(char::is_alphabetic) => {
            (head.trim_end().to_string(), true)
        }
        _ => (kept, any_note),
    };
    (any_note && kept.chars().any(char::is_alphabetic)).then_some(kept)
}

/// The lines of a first paragraph that reports the work to the requester ("I drafted these
/// from the PRs merged since 2.3.") right above the text's own title (a bold line or a
/// heading that is no note's label): how many lines to leave out, 0 where there is none. A
/// text's own first-person opening ("I lead the data team.") tells no work done.
fn lead_report(result: &str) -> usize {
    let lines: Vec<&str> = result.lines().gather();
    let start = lines.iter().take_while(|l| l.trim().is_empty()).count();
    let first = lines.get(start).map_or("", |l| l.trim());
    let mut ws = first.split_whitespace();
    let done = match (ws.next(), ws.next()) {
        // ("I have drafted these from …".)
        (Some("I"), Some("have")) => ws.next().is_some_and(|w| w.len() > 4 && w.ends_with("ed")),
        (Some("I"), Some(w)) => {
            (w.len() > 4 && w.ends_with("ed"))
                || crate::drift::text::in_list(
                    "wrote|drew|put|made|kept|took|built|ran|set|left",
                    w,
                )
        }
        (Some("I've" | "I\u{2019}ve"), Some(w)) => {
            (w.len() > 4 && w.ends_with("ed"))
                || crate::drift::text::in_list("written|kept|left|put|made|taken|drawn", w)
        }
        _ => false,
    };
    if !done {
        return 0;
    }
    let end = start
        + lines
            .iter()
            .skip(start)
            .take_while(|l| !l.trim().is_empty())
            .count();
    let title = lines
        .iter()
        .skip(end)
        .position(|l| !l.trim().is_empty())
        .map(|k| end + k);
    match title.and_then(|t| Some((t, label(lines.get(t)?)?))) {
        Some((t, (l, true)))
            if !l.is_empty()
                && !is_note(&l)
                && lines
                    .iter()
                    .skip(t + 1)
                    .any(|l| l.chars().any(char::is_alphabetic)) =>
        {
            end
        }
        _ => 0,
    }
}

/// The result above its last `---` rule, when words follow the rule and precede it (the
/// message put the notes below one).
pub fn before_last_rule(result: &str) -> Option<String> {
    let lines: Vec<&str> = result.lines().gather();
    let at = lines.iter().rposition(|l| l.trim() == "---")?;
    let (head, tail) = (lines.get(..at)?, lines.get(at + 1..)?);
    let words = |ls: &[&str]| ls.iter().any(|l| l.chars().any(char::is_alphabetic));
    // Notes, not a part of the text with its own heading ("## Also new").
    let headed = tail.iter().any(|l| l.trim_start().starts_with('#'));
    (words(head) && words(tail) && !headed).then(|| head.join("\n"))
}

/// A one-line aside in parentheses on what was done with the text: "(Sent to the vendor.)".
fn aside(paragraph: &str) -> bool {
    let t = paragraph.trim();
    let Some(inner) = t
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(").").or_else(|| r.strip_suffix(')')))
    else {
        return false;
    };
    // A report of what was done ("Posted to …", "I sent it …"), not a promise ("We will post
    // a full review …") that belongs to the text.
    let head: Vec<String> = inner
        .split_whitespace()
        .take(3)
        .map(|w| w.to_ascii_lowercase())
        .gather();
    let done = |w: &String| {
        crate::drift::text::in_list(
            "posted|sent|saved|uploaded|pushed|shared|published|filed|scheduled|emailed",
            w,
        )
    };
    !inner.contains(&['\n', '(', ')'][..])
        && !head
            .iter()
            .any(|w| crate::drift::text::in_list("will|'ll|can|shall|would|we'll|i'll", w))
        && match head.as_slice() {
            [w, ..] if done(w) => true,
            [p, w, ..] => crate::drift::text::in_list("i|we", p) && done(w),
            _ => false,
        }
}

/// What a ban on the deliverable's code or emoji reads: the result without its notes, or the
/// text it pastes under a label first ([`labelled_paste`]). Counts and word bans do not read
/// the paste alone: the words around it may be the deliverable's too ("Proposed structure:" and
/// a tree, then the rules that go with it).
pub fn deliverable(result: &str) -> Option<String> {
    without_notes(result).or_else(|| labelled_paste(result))
}

/// "Commit message:" or "PR description:" first, the text pasted below it (a fenced block or a
/// block quote), then more words: the paste is what was asked, the rest is said to the
/// requester.
fn labelled_paste(result: &str) -> Option<String> {
    let mut lines = result.lines().skip_while(|l| l.trim().is_empty());
    let first = lines.next()?.trim();
    if !first.ends_with(':') || first.split_whitespace().count() > 4 {
        return None;
    }
    let mut paste: Vec<&str> = Vec::new();
    let mut fence = false;
    let mut rest = false;
    for line in lines.by_ref() {
        let t = line.trim_start();
        if t.starts_with("```") {
            paste.push(line);
            fence = !fence;
            if !fence {
                break;
            }
        } else if fence || t.starts_with('>') {
            paste.push(line);
        } else if !t.is_empty() {
            rest = true;
            break;
        } else if !paste.is_empty() {
            break;
        }
    }
    // Words after it, and no other code ("The flow:" with a diagram, then the code).
    let more: Vec<&str> = lines.gather();
    let after = (rest || more.iter().any(|l| l.chars().any(char::is_alphabetic)))
        && !more.iter().any(|l| l.trim_start().starts_with("```"));
    (!paste.is_empty() && after).then(|| paste.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_to_the_requester_are_set_apart_from_what_was_asked() {
        let email = "**Email:**\n\nHola,\n\nUn saludo, el equipo\n\n---\n\n**Notes for you:** I used \"devolución\".";
        let kept = without_notes(email).unwrap_or_default();
        assert!(kept.ends_with("Un saludo, el equipo"), "{kept}");
        assert!(!kept.has("devolución"));
        let readme = "What I changed:\n- removed \"simply\"\n\nNew README.md:\n\n```markdown\n# tiny\nUse it.\n```";
        let kept = without_notes(readme).unwrap_or_default();
        assert!(!kept.has("simply") && kept.has("# tiny"), "{kept}");
        let details = "Hi Jens,\n\nWe fixed it.\n\n---\n\n**Technical details (for you only)**\n\n```\nv=spf1 ~all\n```";
        let kept = without_notes(details).unwrap_or_default();
        assert!(!kept.has("spf1"), "{kept}");
        // A heading inside a fence is code; a report with no notes, or only notes, is whole.
        assert_eq!(without_notes("```md\n## Notes\nx\n```\nDone."), None);
        assert_eq!(without_notes("Fixed the parser.\n\nAll tests pass."), None);
        assert_eq!(without_notes("## Notes\nI did it."), None);
        // A note's own sub-labels stay in it; a label line is no content of its part.
        let kept = without_notes(
            "**Bio:**\nsun and salt\n\n**Technical details (for you only)**\nOld record:\n`v=spf1`",
        )
        .unwrap_or_default();
        assert_eq!(kept, "sun and salt");
        // "Release notes", "Here's why:" and bold words in a sentence are no notes.
        assert_eq!(without_notes("## Release notes\n- faster\n\nDone."), None);
        assert_eq!(
            without_notes("I recommend B. Here's why:\nit is cheaper."),
            None
        );
        assert_eq!(without_notes("**Fixed** the parser.\n\nAll green."), None);
        // "What this means for you:" in an announcement is part of it.
        assert_eq!(
            without_notes("Starting Monday.\n\nWhat this means for you:\n- be green"),
            None
        );
        // A note's label with its text on one line.
        let kept = without_notes(
            "Release note:\n\n> A faster checkout.\n\nNotes for you (not for the release note): the Falcon flag is at 20 %.",
        )
        .unwrap_or_default();
        assert!(kept.has("faster") && !kept.has("Falcon"), "{kept}");
        // A bare "Note:" line is the report's own.
        assert_eq!(
            without_notes("Fixed the leak.\nNote: the pool was shared."),
            None
        );
        // A labelled paste first, then words to the requester: the paste.
        let pasted = "Commit message:\n\n```\nfix: drop the cache\n```\n\nNotable: old commits used \"\u{2728} x\".";
        assert_eq!(
            deliverable(pasted).as_deref(),
            Some("```\nfix: drop the cache\n```")
        );
        assert_eq!(without_notes(pasted), None);
        assert_eq!(deliverable("Commit message:\n\n```\nfix: x\n```"), None);
        assert_eq!(deliverable("Here it is:\n\nplain text\n\nmore"), None);
        // After a `---` rule, "Caveat: …" is a note.
        let ruled = "No, it is fixed.\n\n---\nCaveat: I could not check the lockfile.";
        assert_eq!(without_notes(ruled).as_deref(), Some("No, it is fixed."));
        assert_eq!(without_notes("No.\nCaveat: unsure."), None);
        // Questions for the requester after a rule are a note; a quiz's "Questions:" is not.
        assert_eq!(without_notes("Quiz:\n\nQuestions:\n1. Why?"), None);
        let asked = "## 0.21.0\n- faster\n\nThanks to all!\n\n---\n\nQuestions:\n1. Ship it?";
        assert_eq!(
            without_notes(asked).as_deref(),
            Some("- faster\n\nThanks to all!")
        );
        // A covering note; a title asking "why …" is no note.
        let covering = "Covering note: I kept it short; we can add more.\n\n---\n\n**Why can a price differ from the one on the site?**\n\nPrices differ.";
        assert_eq!(
            without_notes(covering).as_deref().map(str::trim),
            Some("Prices differ.")
        );
        // A part after the notes is kept.
        let kept = without_notes("## Notes\nwhy\n## Bio\nsun and salt").unwrap_or_default();
        assert!(kept.has("sun and salt") && !kept.has("why"), "{kept}");
    }
}
