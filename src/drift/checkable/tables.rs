//! A Markdown table the message asks the answer to be or hold ("present the results as a
//! markdown table", "a table with exactly the columns Host, IP, Status"), and the header rows
//! of the tables an answer shows.

use crate::drift::text::str_in;
use crate::drift::text::Has;
use crate::drift::text::Lower;
use crate::gather::Gather;
use crate::gather::Keep;
/// What a message asks of a table: its columns (none named: any table will do), whether they
/// are all of them (`exact`: "exactly these columns", "no other columns") and whether their
/// order is asked ("in that order").
#[derive(Debug, Clone, PartialEq)]
pub struct TableAsk {
    pub columns: Vec<String>,
    pub exact: bool,
    pub ordered: bool,
}

/// The table a sentence asks for, if it asks for one: "present the comparison as a markdown
/// table", "give me a table with columns `Provider | Booked | Cancelled`", "Columns exactly:
/// Service | SLO | Current" (with `table_before`, a table named in an earlier sentence). Not a
/// table negated ("no tables"), offered ("a table is fine if it helps") or of a thing the task
/// changes ("add a `discount` column to the orders table").
pub fn asked(sentence: &str, lower: &str, table_before: bool) -> Option<TableAsk> {
    let ws = super::ws_of(lower);
    let columns_at = lower
        .find_str("column headers")
        .map(|i| (i, "column headers".len()))
        .or_else(|| lower.find_str("columns").map(|i| (i, "columns".len())));
    let opens_with_columns = str_in(&ws, 0, "columns|column") && table_before;
    let markdown_table = lower.has("markdown table");
    // "table with (the|exactly these) columns", "table (columns: …)", "table whose columns
    // are"; not "table or column names are exempt".
    let table_with_columns = ws.iter().enumerate().any(|(i, x)| {
        *x == "table"
            && str_in(&ws, i + 1, "with|whose")
            && (i + 2..(i + 6).min(ws.len())).any(|j| str_in(&ws, j, "columns|column"))
    }) || lower.has("table (columns");
    if !(markdown_table || table_with_columns || opens_with_columns) {
        return None;
    }
    // Asked, not offered, negated or conditional.
    // Asked of another agent: "Tell it to report its results as a markdown table".
    let soft = super::has_any_in(lower, "tell it to|tell them to|ask it to|ask them to|instruct it|instruct them|if it helps|if useful|if you like|if you want|optional|feel free|is fine if|would be nice| could |however you like|would work|no table|not a table|not as a table|without a table|instead of a table|don't use a table|do not use a table|rather than a table");
    // "… so use bullets instead": another form in place of the table (not "bullets instead of
    // paragraphs").
    let soft = soft
        || [
            "bullets instead",
            "bullet points instead",
            "a list instead",
            "prose instead",
            "paragraphs instead",
            "plain lines instead",
        ]
        .iter()
        .any(|p| {
            lower.match_indices(p).any(|(i, _)| {
                !lower
                    .get(i + p.len()..)
                    .unwrap_or_default()
                    .starts_with(" of")
            })
        });
    if soft || str_in(&ws, 0, "if|when|unless") {
        return None;
    }
    // "Don't use markdown tables", "no markdown tables": a ban, not an ask.
    if let Some(t) = ws
        .iter()
        .position(|x| crate::drift::text::in_list("table|tables", *x))
    {
        if ws
            .get(t.saturating_sub(4)..t)
            .unwrap_or_default()
            .iter()
            .any(|x| {
                crate::drift::text::in_list("no|not|never|without|avoid", x) || x.ends_with("n't")
            })
        {
            return None;
        }
    }
    // A table the task builds or changes, not the answer's: "add a column to the users table",
    // "export the layout as a markdown table into docs/".
    if !crate::drift::file_scope::paths(sentence).is_empty()
        && crate::drift::text::any_word_in(
            &ws,
            "into|save|saved|commit|export|exported|write|create|update|generate|containing|edit",
        )
    {
        return None;
    }
    // A document's or the product's table ("the table in README.md", "our status page renders a
    // markdown table"), or one refused ("skip the markdown table this time", "last time you gave
    // me a table …").
    if crate::drift::text::any_word_in(&ws, "readme|wiki|confluence|renders|render|skip|previously")
        || super::has_any_in(lower, "last time|no need for|don't need|instead of a")
    {
        return None;
    }
    if crate::drift::text::any_word_in(&ws, "add|adds|drop|rename|migrate|migration|schema|sql") {
        return None;
    }
    let mut columns = Vec::new();
    if let Some((at, len)) = columns_at {
        columns = column_list(sentence.get(at + len..).unwrap_or_default());
    }
    let exact = super::has_any_in(lower, "exactly|no other column|only these column|only those column|to those|nothing else in the table");
    let ordered = super::has_any_in(lower, "in that order|in this order|in order");
    Some(TableAsk {
        columns,
        exact,
        ordered,
    })
}

/// The column names listed after "columns": "`Container`, `Status`, `Last Event`", "Signal |
/// DBC factor | Match", ": Rule, Scope, Conflict", "Zone, Base price and Change % for the
/// derby". Each one to five words; a list of fewer than two, or any item too long, is none.
fn column_list(tail: &str) -> Vec<String> {
    // ("Supplier, Price, Lead time (e.g. £3,200 or 2 weeks)": examples of the values.)
    let tail = tail
        .get(
            ..crate::drift::text::first_of(tail, " (e.g| (for example| (such as")
                .unwrap_or(tail.len()),
        )
        .unwrap_or(tail);
    let list = names_after(tail);
    // "columns for date, weight in grams, and whether she flew": what the columns hold, said
    // in words, not their names.
    let described = tail.trim_start().to_ascii_lowercase().starts_with("for ")
        && list.iter().any(|c| {
            c.split_whitespace().count() > 1
                && super::ws_of(&c.to_ascii_lowercase()).iter().any(|w| {
                    crate::drift::text::in_list(
                        "whether|if|how|what|which|who|when|in|of|she|he|they|it|was|is",
                        w,
                    )
                })
        });
    if described {
        Vec::new()
    } else {
        list
    }
}

fn names_after(tail: &str) -> Vec<String> {
    let mut t = tail.trim_start_matches(&[':', ' ', ','][..]);
    // Lead-ins: "exactly these", "in this order:", "are", "named".
    loop {
        let l = t.to_ascii_lowercase();
        // ("columns for accuracy, cost and support": "for".)
        let lead = "exactly|these|the|are|named|called|titled|in this order|in that order|in order|as follows|for"
        .split('|')
        .find(|p| {
            l.starts_with(*p)
                && l.get(p.len()..)
                    .is_some_and(|r| r.starts_with(&[' ', ':', ','][..]))
        });
        match lead {
            Some(p) => t = t[p.len()..].trim_start_matches(&[':', ' ', ','][..]),
            None => break,
        }
    }
    // The list ends at the sentence's end, a dash, a semicolon, or an unbalanced ")".
    let mut depth = 0i32;
    let mut end = t.len();
    for (i, c) in t.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => {
                end = i;
                break;
            }
            ')' => depth -= 1,
            ';' | '\n' | '\u{2014}' => {
                end = i;
                break;
            }
            '.' if t[i + 1..].starts_with(&[' ', '\n'][..]) || i + 1 == t.len() => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let mut body = t[..end].to_string();
    if let Some(i) = body.find_str(" - ") {
        body.truncate(i);
    }
    // "Rate (in that order)": a note on the list, no part of a name.
    for note in "(in that order)|(in this order)|(in order)".split('|') {
        body = body.replace(note, "");
    }
    // "… Printer, Status in that order": the note after the last name.
    for note in " in that order| in this order| in order".split('|') {
        if let Some(i) = body.to_ascii_lowercase().rfind(note) {
            if body
                .get(i + note.len()..)
                .is_some_and(|r| r.trim().is_empty())
            {
                body.truncate(i);
            }
        }
    }
    let body = body.as_str();
    // Code spans name the columns when the list has them.
    if body.contains('`') {
        let spans = crate::drift::text::code_spans(body);
        // A span holding the whole row: "`Zone | VWC (%) | Action`".
        if let Some(row) = spans.iter().find(|x| x.contains('|')) {
            return two_or_more(items(row, true));
        }
        return two_or_more(
            spans
                .iter()
                .map(|s| s.trim().to_string())
                .gather()
                .kept(|s| !s.is_empty()),
        );
    }
    two_or_more(items(body, body.contains('|')))
}

/// A list of two names or more, else none (one name is no list of columns).
fn two_or_more(list: Vec<String>) -> Vec<String> {
    if list.len() >= 2 {
        list
    } else {
        Vec::new()
    }
}

/// The items of a list, split on pipes, or on commas and a last "and"; the words after a
/// pipe item's comma ("Bounce rate, top 5 only") or a last item's "for"/"per"-less tail ("for
/// the derby") are no column.
fn items(body: &str, piped: bool) -> Vec<String> {
    let parts: Vec<String> = if piped {
        body.split('|')
            .map(|p| p.split(',').next().unwrap_or_default().to_string())
            .gather()
    } else {
        // Not a number's comma: "Cost per 1,000".
        let b = body.as_bytes();
        let mut cuts = vec![0];
        for (i, _) in body.match_indices(',') {
            let digits = i > 0
                && b.get(i - 1).is_some_and(u8::is_ascii_digit)
                && b.get(i + 1).is_some_and(u8::is_ascii_digit);
            if !digits {
                cuts.push(i + 1);
            }
        }
        cuts.push(body.len() + 1);
        let pieces: Vec<&str> = cuts
            .windows(2)
            .map(|w| match w {
                [a, b] => body.get(*a..b - 1).unwrap_or_default(),
                _ => "",
            })
            .gather();
        // The list ends at its "and": "Level, Min age and Max class size, covering all levels".
        let last = pieces
            .iter()
            .position(|p| p.trim_start().starts_with("and ") || p.has(" and "))
            .map_or(pieces.len(), |i| i + 1);
        pieces
            .into_iter()
            .take(last)
            .flat_map(|p| {
                let p = p.trim();
                let p = p.strip_prefix("and ").unwrap_or(p);
                p.split(" and ").map(str::to_string).gather()
            })
            .gather()
    };
    let mut out: Vec<String> = parts
        .iter()
        .map(|p| {
            p.trim()
                .trim_matches(&['"', '\'', '`', '*', ' '][..])
                .trim()
                .to_string()
        })
        .filter(|p| !p.is_empty())
        // The sentence goes on after the list: "…, one row per flag", "…, sorted by date".
        .take_while(|p| {
            let l = p.to_ascii_lowercase();
            // "…, Dome, and use YYYY-MM-DD for dates": a clause of its own after the list.
            let clause = p.starts_with(crate::drift::text::char_test(|c| c.is_ascii_lowercase()))
                && p.split_whitespace().count() > 2
                && crate::drift::text::in_list(
                    "use|put|keep|make|mark|bold|round|format|give|add|include|write|show|leave|link|sort|label|highlight",
                    p.split(' ').next().unwrap_or_default(),
                );
            !clause && !crate::drift::text::starts_with_any(&l, "one row|one per|sorted|then|top |with |no other|nothing|and nothing|in that order|in this order|in order|showing |listing |limited to|at most |up to |ordered by|grouped by|covering |for each|for every")
        })
        .gather();
    // "… Change % for the derby", "… Rows, top 5 only": a tail of the sentence after the last.
    if let Some(last) = out.last_mut() {
        for cut in " for | from | of the | on | top | instead| rather".split('|') {
            if let Some(i) = last.find(cut) {
                last.truncate(i);
            }
        }
    }
    if out.iter().any(|p| p.split_whitespace().count() > 5) {
        return Vec::new();
    }
    out
}

/// A header cell or a column name, for comparison: marks, a trailing colon and case gone,
/// spaces collapsed.
pub fn normalise(cell: &str) -> String {
    cell.trim()
        .trim_matches(&['*', '`', '_', '"', '\''][..])
        .trim_end_matches(':')
        .split_whitespace()
        .gather()
        .join(" ")
        .lower()
}

/// Whether a (lowercased) sentence bans tables in the reply: "no tables", "don't use markdown
/// tables", "a bulleted list, not a table". Not "no table scans", nor a conditional or a lifted
/// one ("no tables unless …").
pub fn banned(lower: &str) -> bool {
    // Every ban names a table: most sentences have none.
    if !crate::drift::text::contains(lower, "table") {
        return false;
    }
    const BANS: &str = "no tables|no table|no markdown tables|no markdown table|don't use tables|do not use tables|don't use a table|do not use a table|don't use markdown tables|do not use markdown tables|not a table|not tables|not as a table|never use tables|without tables|without a table|avoid tables";
    let found = crate::drift::text::parts(BANS).iter().any(|b| {
        lower.match_indices(b).any(|(i, _)| {
            let rest = lower.get(i + b.len()..).unwrap_or_default();
            let next = super::ws_of(rest).first().copied().unwrap_or_default();
            !rest.starts_with(crate::drift::text::char_test(|c: char| c.is_ascii_alphanumeric()))
                && !crate::drift::text::in_list("of|for|scan|scans|lock|locks|name|names|change|changes|migration|migrations|drop|drops|access|rewrite|rewrites|write|writes|read|reads|join|joins|layout|schema", next)
                && !rest.trim_start().starts_with('-')
        })
    });
    // "No tables in the body; one summary table at the end is allowed": a table named twice
    // is allowed somewhere.
    let named = super::ws_of(lower)
        .iter()
        .filter(|w| crate::drift::text::in_list("table|tables", **w))
        .count();
    found
        && named == 1
        && !super::has_any_in(lower, "unless|except|if you|is fine|are fine|is ok|are ok")
}

/// `text` with the cells of a Markdown table's "old" columns emptied ("Old text", "Before",
/// "Current", "Previous"): what a change replaces, shown beside its replacement.
pub fn without_old_columns(text: &str) -> String {
    if !text.contains('|') {
        return text.to_string();
    }
    let lines: Vec<&str> = text.lines().gather();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut old: Vec<usize> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.contains('|') && lines.get(i + 1).is_some_and(|n| is_delimiter(n)) {
            old = row_cells(line)
                .iter()
                .enumerate()
                .filter(|(_, c)| {
                    let c = normalise(c);
                    crate::drift::text::parts("old|before|current|previous|original|was")
                        .iter()
                        .any(|w| {
                            c.strip_prefix(w)
                                .is_some_and(|r| r.is_empty() || r.starts_with(' '))
                        })
                })
                .map(|(k, _)| k)
                .gather();
            out.push((*line).to_string());
            continue;
        }
        if !line.trim_start().starts_with('|') {
            old.clear();
        }
        if old.is_empty() || is_delimiter(line) {
            out.push((*line).to_string());
            continue;
        }
        let kept: Vec<&str> = row_cells(line)
            .into_iter()
            .enumerate()
            .map(|(k, c)| if old.contains(&k) { " " } else { c })
            .gather();
        out.push(format!("|{}|", kept.join("|")));
    }
    out.join("\n")
}

/// The header rows of the Markdown tables in a text (in fences too: a table may be pasted): a
/// row of cells followed by a delimiter row (`|---|:--:|`).
pub fn header_rows(text: &str) -> Vec<Vec<String>> {
    // A table quoted in a draft ("> | a | b |") is a table too.
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.trim_start().trim_start_matches('>').trim_start())
        .gather();
    lines
        .windows(2)
        .filter_map(|p| match p {
            [head, delim] if head.contains('|') && is_delimiter(delim) => {
                Some(row_cells(head).into_iter().map(normalise).gather())
            }
            _ => None,
        })
        .gather()
}

/// A table row's cells as written, its outer pipes taken off.
fn row_cells(line: &str) -> Vec<&str> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|').gather()
}

/// A table's delimiter row (`|---|:--:|`).
fn is_delimiter(line: &str) -> bool {
    let t = line.trim();
    t.contains('-')
        && t.contains('|')
        && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ' | '\t'))
}

/// Whether a header row has the columns asked: every one (a last name may carry words the
/// message ran on with, "Change % for the derby" being "Change %"), no other with `exact`, in
/// the order asked with `ordered`.
pub fn has_columns(row: &[String], ask: &TableAsk) -> bool {
    let mut at = Vec::new();
    for (k, c) in ask.columns.iter().enumerate() {
        let c = normalise(c);
        let last = k + 1 == ask.columns.len();
        // "p50 (ms)" is the column "p50" with its unit; the last name, cut where the sentence
        // may have run on ("Accuracy" of "… and Accuracy on our 40 sample PDFs"), may head
        // the cell with those words.
        // An exact header first ("Status", not "Status page", for "Status").
        match row.iter().position(|h| *h == c).or_else(|| {
            row.iter().position(|h| {
                h.strip_prefix(c.as_str())
                    .is_some_and(|r| r.starts_with(" (") || (last && r.starts_with(' ')))
            })
        }) {
            Some(i) => at.push(i),
            None => return false,
        }
    }
    (!ask.exact || row.iter().filter(|h| !h.is_empty()).count() == ask.columns.len())
        && (!ask.ordered || at.windows(2).all(|p| matches!(p, [a, b] if a < b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(s: &str) -> Option<TableAsk> {
        asked(s, &s.to_ascii_lowercase(), false)
    }

    #[test]
    fn column_lists_are_read_in_their_forms() {
        // The sentence goes on after the list.
        assert_eq!(
            ask("Give the answer as a markdown table with columns Boat, Base, Call-outs, showing at most 6 boats.")
                .map(|a| a.columns),
            Some(vec!["Boat".to_string(), "Base".into(), "Call-outs".into()])
        );
        let cols = |s: &str| ask(s).map(|a| a.columns).unwrap_or_default();
        assert_eq!(
            cols("Give me a markdown table with columns Zone | Scooters | Target. Nothing fancy."),
            ["Zone", "Scooters", "Target"]
        );
        assert_eq!(
            cols("Use a markdown table with columns `Asset`, `Old size`, `New size`."),
            ["Asset", "Old size", "New size"]
        );
        assert_eq!(
            cols("Table with columns Model, Runtime (s), Rows."),
            ["Model", "Runtime (s)", "Rows"]
        );
        assert_eq!(
            cols("Report as a markdown table with columns exactly `Zone | VWC (%) | Action`."),
            ["Zone", "VWC (%)", "Action"]
        );
        assert_eq!(
            cols("Output a markdown table with the columns Zone, Base price and Change % for the derby."),
            ["Zone", "Base price", "Change %"]
        );
        assert_eq!(
            cols("Table with columns Page | Views | Bounce rate, top 5 only."),
            ["Page", "Views", "Bounce rate"]
        );
        assert_eq!(
            cols("Present it as a markdown table (columns: Variant, Open rate, Click rate)."),
            ["Variant", "Open rate", "Click rate"]
        );
        let a =
            ask("Put it in a markdown table having exactly the columns Option, Pros, Cons, in that order.")
                .unwrap();
        assert!(a.exact && a.ordered);
        assert_eq!(a.columns, ["Option", "Pros", "Cons"]);
        // A table asked with no columns named.
        assert_eq!(
            ask("Present the comparison as a markdown table."),
            Some(TableAsk {
                columns: vec![],
                exact: false,
                ordered: false
            })
        );
        // Not asked.
        for s in [
            "No tables please, the ticket field is plain text.",
            "A markdown table is fine if it helps.",
            "Add a `discount` column to the orders table with a migration.",
            "The pricing table has columns Zone and Price.",
        ] {
            assert_eq!(ask(s), None, "{s}");
        }
    }

    #[test]
    fn header_rows_are_read_and_compared() {
        let text = "Results:\n\n| **Host** | IP | `Status` |\n|---|:--|--:|\n| a | b | c |\n";
        let rows = header_rows(text);
        assert_eq!(rows, vec![vec!["host", "ip", "status"]]);
        let a = TableAsk {
            columns: vec!["Host".into(), "IP".into(), "Status".into()],
            exact: true,
            ordered: true,
        };
        assert!(has_columns(&rows[0], &a));
        // The last name may head its cell with words the message ran on with; another not.
        let ran_on = vec![
            "host".to_string(),
            "ip".into(),
            "status on our hosts".into(),
        ];
        assert!(has_columns(&ran_on, &a));
        let first = vec!["host name".to_string(), "ip".into(), "status".into()];
        assert!(!has_columns(&first, &a));
        let swapped = vec!["ip".to_string(), "host".into(), "status".into()];
        assert!(!has_columns(&swapped, &a));
        assert!(has_columns(
            &swapped,
            &TableAsk {
                ordered: false,
                ..a.clone()
            }
        ));
        let more = vec![
            "host".to_string(),
            "ip".into(),
            "status".into(),
            "zone".into(),
        ];
        assert!(!has_columns(&more, &a));
        assert!(has_columns(
            &more,
            &TableAsk {
                exact: false,
                ..a.clone()
            }
        ));
        // A bullet list is no table.
        assert!(header_rows("- host a: up\n- host b: down").is_empty());
    }
}
