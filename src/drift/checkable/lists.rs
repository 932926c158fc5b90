//! The lists of a Markdown answer and how many top-level items each holds, for "name exactly
//! four caching strategies" and "give at most three risks as a numbered list".

use crate::gather::PushAll;

/// The item count of every list in `text`, code blocks left out. A numbered list counts as far
/// as its numbering runs on from 1 (whatever stands between two items: sub-bullets, wrapped
/// lines); a bulleted list counts its bullets at the indentation of its first one, deeper
/// bullets being sub-items, until a line of text at or left of that indentation.
pub fn list_lengths(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut numbered: Option<usize> = None;
    // (indentation, items) of the bulleted list being read.
    let mut bulleted: Option<(usize, usize)> = None;
    for line in outside_fences(text) {
        let body = line.trim_start();
        if body.is_empty() {
            continue;
        }
        let indent = line.len() - body.len();
        if let Some(n) = item_number(body) {
            if n == 1 {
                out.push_all(numbered.replace(1));
            } else if numbered == Some(n - 1) {
                numbered = Some(n);
            }
        }
        if is_bullet(body) {
            match bulleted {
                Some((at, items)) if at == indent => bulleted = Some((at, items + 1)),
                Some((at, _)) if indent > at => {}
                _ => out.push_all(bulleted.replace((indent, 1)).map(|(_, n)| n)),
            }
        } else if let Some((at, n)) = bulleted {
            if indent <= at {
                out.push(n);
                bulleted = None;
            }
        }
    }
    out.push_all(numbered);
    out.push_all(bulleted.map(|(_, n)| n));
    out
}

/// Whether `text` holds a numbered list outside fenced code: an item 1 (a list of one is a
/// list).
pub fn has_numbered_list(text: &str) -> bool {
    outside_fences(text).any(|line| item_number(line.trim_start()) == Some(1))
}

/// The lines of `text` outside fenced code blocks (``` or ~~~), fence lines left out. A fence
/// closes on a bare run of its own mark at least as long (a ```bash block inside a ~~~markdown
/// one stays inside).
pub fn outside_fences(text: &str) -> impl Iterator<Item = &str> {
    let mut open: Option<(u8, usize)> = None;
    text.lines().filter(move |line| {
        let body = line.trim_start();
        if let Some(mark @ (b'`' | b'~')) = body.bytes().next() {
            let n = body.bytes().take_while(|&b| b == mark).count();
            if n >= 3 {
                match open {
                    None => {
                        open = Some((mark, n));
                        return false;
                    }
                    Some((m, len))
                        if m == mark
                            && n >= len
                            && body.get(n..).is_some_and(|r| r.trim().is_empty()) =>
                    {
                        open = None;
                        return false;
                    }
                    _ => {}
                }
            }
        }
        open.is_none()
    })
}

/// `3` for "3. text" or "3) text".
fn item_number(body: &str) -> Option<usize> {
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    let rest = body.get(digits..)?;
    let mut cs = rest.chars();
    match (cs.next(), cs.next()) {
        (Some('.' | ')'), Some(' ' | '\t')) if digits > 0 && digits <= 3 => {
            body.get(..digits)?.parse().ok()
        }
        _ => None,
    }
}

/// "- text", "* text", "+ text", "• text" (not "**bold**" or a "---" rule).
fn is_bullet(body: &str) -> bool {
    let mut cs = body.chars();
    matches!(
        (cs.next(), cs.next()),
        (Some('-' | '*' | '+' | '•'), Some(' ' | '\t'))
    )
}

#[cfg(test)]
mod tests {
    use super::list_lengths;

    #[test]
    fn numbered_lists_count_as_far_as_their_numbering_runs() {
        assert_eq!(list_lengths("Intro:\n\n1. a\n2. b\n3. c\n"), vec![3]);
        // Sub-bullets and wrapped lines do not break the numbering.
        let nested = "1. fpdf\n   - Pro: x\n   - Con: y\n2. maroto\n   - Pro: x\n3) gopdf\n";
        assert!(list_lengths(nested).contains(&3));
        assert!(!list_lengths(nested).iter().any(|&n| n > 3));
        // A second list starts again at 1.
        assert_eq!(list_lengths("1. a\n2. b\n\nThen:\n\n1. c\n"), vec![2, 1]);
        // Numbers that do not run on are not items of the list.
        assert_eq!(list_lengths("1. a\n2. b\n7. z\n"), vec![2]);
    }

    #[test]
    fn bulleted_lists_count_their_top_level_bullets() {
        assert_eq!(
            list_lengths("- a\n- b\n  - b1\n  - b2\n- c\n\nDone."),
            vec![3]
        );
        assert_eq!(list_lengths("* a\n* b\n\nText.\n\n+ c\n"), vec![2, 1]);
        // Bold text, rules and tables are not bullets; code blocks hold no list.
        assert_eq!(
            list_lengths("**a**\n---\n| x |\n```\n- not\n- items\n```\n"),
            Vec::<usize>::new()
        );
    }
}
