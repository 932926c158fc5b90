//! The placeholder style a message asks of a template the reply writes: "Placeholders must use
//! double curly braces, like `{{first_name}}`", "`<UPPER_SNAKE>` placeholders", "`${VAR}`".
//! Read in the template the reply shows (a fenced block of text or markup, a block quote, or
//! the whole reply when it is the template): a placeholder of another style, or of the asked
//! style in another case, breaks it. Prose that tells what the old style was is not read.

use crate::drift::text::Has;
use crate::gather::Gather;
use crate::gather::Keep;
/// A placeholder style: its marks and the case of the name inside.
#[derive(Debug, Clone, PartialEq)]
pub struct Style {
    pub open: String,
    pub close: String,
    /// `Some(true)`: UPPER_SNAKE; `Some(false)`: lower snake_case; `None`: any.
    pub upper: Option<bool>,
    /// The whole reply is the template ("Return just the template").
    pub whole: bool,
    /// The names the rule is about ("use `{{position}}` as the placeholder for …"); empty: all.
    pub names: Vec<String>,
}

/// The marks placeholders are written in, longest first.
const MARKS: [(&str, &str); 9] = [
    ("{{", "}}"),
    ("${", "}"),
    ("<<", ">>"),
    ("[[", "]]"),
    ("{", "}"),
    ("<", ">"),
    ("[", "]"),
    ("%", "%"),
    ("@", "@"),
];

/// The style a message asks, from its sentence about placeholders with an example of the
/// marks. Not where the rule covers some values only (secrets, credentials: which ones are is not
/// told) or is soft.
pub fn asked(message: &str) -> Option<Style> {
    // (Most messages name no placeholder: not split and lowercased per sentence then.)
    if !message.to_ascii_lowercase().has("placeholder") {
        return None;
    }
    super::sentences(message).into_iter().find_map(|s| {
        let lower = s.to_ascii_lowercase();
        if !lower.has("placeholder") || !lower.contains(&['{', '<', '[', '%', '@', '$'][..]) {
            return None;
        }
        if super::has_any_in(
            &lower,
            "secret|credential|password|token|key|if you|ideally|prefer|optional|exactly [|write exactly|the old|currently uses|still use|convert|migrate|replace|leave|existing|already|fills in",
        ) || !super::has_any_in(&lower, "must|should|use |using|in the form|format|style|write")
        {
            return None;
        }
        // "use the placeholder `<VENUE_NAME>` instead of the real venue name": those values'
        // placeholders, which ask no style of the others.
        // So do named ones "as placeholders for"/"instead of" given values ("Use `<HOST>` and
        // `<ROOM>` as placeholders instead of the real ones").
        let named = (lower.has("the placeholder") && !lower.has("placeholders"))
            // ("Use `<A>` and `<B>` placeholders instead of any real name" too.)
            || (super::has_any_in(&lower, " as placeholders| as the placeholders|` placeholders instead of|` placeholders in place of")
                && super::has_any_in(&lower, "instead of|in place of|rather than|for the real|for real"));
        // (What they replace is no style: "… instead of any real name".)
        let head = lower.split(" instead of ").next().unwrap_or_default();
        let names = if named
            && !super::has_any_in(head, "style|format|the form|syntax|convention|every|each| any | all ")
        {
            placeholders(s).into_iter().map(|p| p.2).gather()
        } else {
            Vec::new()
        };
        let (open, close, inner) = first_placeholder(s)?;
        let meta_upper = inner.chars().any(|c| c.is_ascii_uppercase())
            && inner.chars().all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit());
        let meta_lower = inner.chars().all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit());
        // The case said in the placeholders' own clause ("The alert text must be in ALL CAPS;
        // leave the placeholders exactly as named" asks no case of them).
        let clause = lower
            .split(&[';', ':'][..])
            .gather()
            .kept(|c| c.has("placeholder"))
            .join(" ");
        let upper = if super::has_any_in(&clause, "upper snake|upper_snake|uppercase|upper case|all caps|upper-case|capitals") {
            Some(true)
        } else if super::has_any_in(&clause, "snake_case|snake case|lowercase|lower case|lower-case") {
            Some(false)
        } else if meta_upper && inner.contains('_') {
            Some(true)
        } else if meta_lower && inner.contains('_') {
            Some(false)
        } else {
            None
        };
        Some(Style {
            open: open.to_string(),
            close: close.to_string(),
            upper,
            whole: super::has_any_in(
                &message.to_ascii_lowercase(),
                "just the template|only the template|template only|output only the template|return only the template",
            ),
            names,
        })
    })
}

/// The first placeholder written in `text`: its marks and the name inside.
fn first_placeholder(text: &str) -> Option<(&'static str, &'static str, String)> {
    placeholders(text)
        .into_iter()
        .next()
        .map(|(o, c, n, _)| (o, c, n))
}

/// The placeholders in `text`: marks, the name inside and where it starts. A name is a word of
/// letters, digits and underscores (`{{ name }}` spaced too); `{x}` inside `{{x}}` or `${x}` is
/// that one only.
fn placeholders(text: &str) -> Vec<(&'static str, &'static str, String, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let rest = text.get(i..).unwrap_or_default();
        let found = MARKS.iter().find_map(|(o, c)| {
            let inner_all = rest.strip_prefix(o)?;
            let end = inner_all.find(c)?;
            let inner = inner_all.get(..end)?;
            let name = inner.trim();
            let word = !name.is_empty()
                && name.len() <= 40
                && name
                    .chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
                && name.starts_with(crate::drift::text::char_test(|ch: char| {
                    ch.is_ascii_alphabetic()
                }));
            // `<b>`, `<div>`: markup, not a placeholder; `[x]` a checkbox; `%s`.
            let markup = *o == "<" && name.chars().any(|ch| ch.is_ascii_lowercase());
            let short = name.len() < 2;
            // `$VAR` is read as `${`…: a bare `%` or `@` pair needs an upper name.
            let loose = crate::drift::text::in_list("%|@|[", *o)
                && name.chars().any(|ch| ch.is_ascii_lowercase());
            (word && !markup && !short && !loose && (inner == name || *o == "{{"))
                .then(|| (*o, *c, name.to_string(), o.len() + end + c.len()))
        });
        match found {
            Some((o, c, name, len)) => {
                out.push((o, c, name, i));
                i += len;
            }
            None => i += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    out
}

/// The first placeholder of the template `text` that is not in the asked style.
pub fn first_break(style: &Style, text: &str) -> Option<String> {
    for (o, c, name, at) in placeholders(text) {
        // `[FAQ](…)` is a link, `[[workers]]` a TOML table, `${HOST}` a shell or env variable,
        // `%APPDATA%` a Windows one: read only when it is the style asked.
        let clear = crate::drift::text::in_list("{{|{|<|<<|${", o);
        let link = o == "["
            && text
                .get(at..)
                .and_then(|r| r.find_str("]("))
                .is_some_and(|i| i == name.len() + 1);
        // (A named value in another case or marks is still that value: `{host}` for `<HOST>`.)
        let unnamed =
            !style.names.is_empty() && !style.names.iter().any(|n| n.eq_ignore_ascii_case(&name));
        if (!clear && o != style.open) || link || unnamed {
            continue;
        }
        let marks_ok = o == style.open && c == style.close;
        let case_ok = match style.upper {
            Some(true) => !name.chars().any(|ch| ch.is_ascii_lowercase()),
            Some(false) => !name.chars().any(|ch| ch.is_ascii_uppercase()),
            None => true,
        };
        if !marks_ok || !case_ok {
            return Some(format!("{o}{name}{c}"));
        }
    }
    None
}

/// Words of a line that leads in the old version of a text ("Before:", "The original was:").
const OLD_INTRO: &str = "before|old |original|previous|was:|used to|legacy";

/// The template texts a reply shows: fenced blocks of text or markup (not a program's code, nor
/// a block led in as the old version), block-quoted lines, or the whole reply.
pub fn templates(style: &Style, result: &str) -> Vec<String> {
    if style.whole {
        return vec![result.to_string()];
    }
    let mut out: Vec<String> = crate::drift::modality::fenced_where(result, |b| {
            let lang = b.info.trim().to_ascii_lowercase();
            let intro = super::line_before(result, b.outer.0);
            crate::drift::text::in_list(
                "|text|txt|plain|plaintext|markdown|md|html|xml|yaml|yml|json|jinja|jinja2|j2|hbs|handlebars|mustache|liquid|toml|ini|csv|email|sms",
                &lang,
            ) && !super::has_any_in(&intro, OLD_INTRO)
        })
        .into_iter()
        .map(|b| b.body.to_string())
        .gather();
    // Block-quoted lines, less those led in as the old text ("Your current text was:").
    let mut intro = String::new();
    let mut quoted: Vec<&str> = Vec::new();
    for l in result.lines() {
        match l.trim_start().strip_prefix('>') {
            Some(q) if !super::has_any_in(&intro, OLD_INTRO) && !intro.has("current") => {
                quoted.push(q);
            }
            Some(_) => {}
            None if !l.trim().is_empty() => intro = l.to_ascii_lowercase(),
            None => {}
        }
    }
    if !quoted.is_empty() {
        out.push(quoted.join("\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles_are_read_and_other_styles_found() {
        let s = asked("Write the SMS template. Placeholders must use double curly braces with UPPER_SNAKE_CASE names, like {{TRACKING_NUMBER}}.").unwrap();
        assert_eq!(
            (s.open.as_str(), s.close.as_str(), s.upper),
            ("{{", "}}", Some(true))
        );
        assert!(first_break(&s, "Hi {{NAME}}, order {{ORDER_ID}} ships.").is_none());
        assert_eq!(
            first_break(&s, "Hi {{NAME}}, order {order_id} ships.").as_deref(),
            Some("{order_id}")
        );
        assert!(first_break(&s, "Hi {{name}}.").is_some());
        assert!(first_break(&s, "Hi <NAME>.").is_some());
        // Markup and JSON are no placeholders.
        assert!(first_break(&s, "<p>Hi {{NAME}}</p> {\"a\": 1} [x]").is_none());
        // Secrets only, or a conversion: not read.
        assert!(asked("Secrets must use placeholders like <<SECRET_NAME>>.").is_none());
        let s = asked("Use `{{snake_case}}` placeholders for every personalised field.").unwrap();
        assert_eq!(s.upper, Some(false));
        assert!(first_break(&s, "Hi {{firstName}}").is_some());
        // One value's placeholder: that name is read, other placeholders are not.
        let s = asked("Use the placeholder `<VENUE>` instead of the venue's name.").unwrap();
        assert!(first_break(&s, "Dear {first}, see you at <VENUE>").is_none());
        assert_eq!(
            first_break(&s, "see you at {VENUE}").as_deref(),
            Some("{VENUE}")
        );
    }
}
